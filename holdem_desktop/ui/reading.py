"""The information keys' answers read off one hand's view (Y, T, V, P, O,
W, D, the card keys, S): the table asks them of the hand being played, the
hand review of the hand at its step, so both say the very same words."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from holdem_desktop.engine.events import PotAwarded
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount, card_name, cards_names
from holdem_desktop.i18n.names import hand_now
from holdem_desktop.i18n.phrases import Phrasing, pot_line
from holdem_desktop.i18n.translate import _

from .keymap import Key
from .plates import pot_results

__all__ = ["VIEW_KEYS", "all_in_seats", "chips_line", "chips_part", "view_answer"]

VIEW_KEYS = frozenset({Key.YOUR_CARDS, Key.BOARD, Key.HAND_VALUE, Key.POT, Key.TO_CALL,
                       Key.WHOSE_TURN, Key.DEALER, *(k for k in Key if k.name.startswith("CARD_"))})
"""The keys :func:`view_answer` answers."""


def view_answer(key: Key, view: SeatView, name: Callable[[int], str], seat: int | None,
                suits: bool = True) -> str | None:
    """What information key ``key`` says of ``view``, the hand as ``seat``
    (None: a listener) sees it, players named by ``name`` (None: not a key
    of :data:`VIEW_KEYS`)."""
    if key is Key.YOUR_CARDS:
        if not view.hole:
            return _("You have no cards.")
        return _("Your cards: {cards}.").format(cards=cards_names(view.hole, suits=suits))
    if key is Key.BOARD:
        if not view.board:
            return _("No cards on the board yet.")
        return _("Board: {cards}.").format(cards=cards_names(view.board, suits=suits))
    if key is Key.HAND_VALUE:
        if not view.hole:  # (a hand replayed that you were out of) said once, not inside another
            return _("You have no cards.")
        return _("Your hand: {hand}.").format(hand=hand_now(view.hole, view.board))
    if key is Key.POT:  # and, once side pots are gathered, each with who can win it
        if view.over and any(isinstance(e, PotAwarded) for e in view.history):
            # the hand is over: who won what (never "Pot: 0", the pot paid out)
            return pot_results(view.history, lambda s: _("you") if s == seat else name(s), seat)
        return pot_line(view, Phrasing(name, seat, suits))
    if key is Key.TO_CALL:
        if not view.to_call:
            return _("Nothing to call.")
        me = view.me
        if me is not None and 0 < me.stack <= view.to_call:  # calling takes every chip
            return _("To call: {amount}, all-in.").format(amount=amount(view.to_call))
        return _("To call: {amount}.").format(amount=amount(view.to_call))
    if key is Key.WHOSE_TURN:
        if view.to_act is None:
            return _("Nobody is to act.")
        if view.to_act == seat:
            return _("Your turn.")
        return _("{player} to act.").format(player=name(view.to_act))
    if key is Key.DEALER:
        if view.button == seat:
            return _("You deal.")
        return _("{player} deals.").format(player=name(view.button))
    if key in VIEW_KEYS:  # a card key: your two cards, then the board
        k = int(key.value.rsplit("_", 1)[1]) - 1
        cards = list(view.hole) + list(view.board)
        if k < len(cards):
            return card_name(cards[k], suits=suits)
        return _("There is no card {n}.").format(n=k + 1)
    return None


def all_in_seats(view: SeatView | None) -> frozenset[int]:
    """The players with every chip in the hand of ``view`` while it is played
    (none once it is over: then their chips are what they won or nothing)."""
    if view is None or view.over:
        return frozenset()
    # (by the stack: a replay's step puts the stacks back as they stood then)
    return frozenset(p.seat for p in view.players if p.stack == 0 and not p.folded)


def chips_part(player: str, chips: int, all_in: bool = False) -> str:
    """One player's chips as the title line and S say them: "Ada 1,480", or
    "Ada: all-in" while all of them are in the hand being played (not "Ada 0")."""
    if all_in:
        return _("{player}: {chips}").format(player=player, chips=_("all-in"))
    return _("{player} {chips}").format(player=player, chips=amount(chips))


def chips_line(stacks: Sequence[tuple[int, int]], name: Callable[[int], str],
               seat: int | None, all_in: Collection[int] = ()) -> str:
    """Everyone's chips as S says them, (seat, chips) in the order given
    (yours first), yours as "You"; those of ``all_in`` as "all-in"."""
    return "; ".join(chips_part(_("You") if who == seat else name(who), chips, who in all_in)
                     for who, chips in stacks)
