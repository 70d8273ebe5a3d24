"""The Game state zone's first lines and Read state's words, for the
desktop's table and the phone's page alike (one set of words: the page's
server asks these of its room as the table asks them of its session).
Where the desktop names a key ("Press N …"), the page's words name its
button."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from holdem_desktop.engine.events import PotAwarded
from holdem_desktop.engine.variant import BlindLevel
from holdem_desktop.engine.views import SeatView
from holdem_desktop.i18n import amount, cards_names
from holdem_desktop.i18n.names import hand_now, seat_line
from holdem_desktop.i18n.phrases import Phrasing, pot_label, sentence, you_have
from holdem_desktop.i18n.tournament import blinds_go_up, blinds_go_up_line
from holdem_desktop.i18n.translate import _, ngettext
from holdem_desktop.session import GameOver, WaitingForPlayers

from .action_panel import ActionPanel, Command
from .howto import rules_now
from .keymap import Key
from .plates import pot_results
from .reading import view_answer

__all__ = ["blinds_lines", "blinds_rise", "header_lines", "player_line", "pot_text",
           "read_state"]


def blinds_rise(session: Any) -> tuple[BlindLevel, float] | None:
    """The next level's blinds and the seconds until a tournament's clock
    raises them (None: no clock does, or the game is over)."""
    rise = getattr(session, "blinds_rise", None)
    return None if rise is None or session.game_over else rise()


def _number(session: Any) -> int:
    """The hand being played, or the last one played (0: none yet)."""
    return int(session.hands_played) + (0 if session.hand is None or session.hand.over else 1)


def blinds_lines(session: Any) -> list[str]:
    """The blinds, and when they go up (when they do): the B key's sentences."""
    level = session.blind_level()
    out = [_("Blinds {small} and {big}.").format(small=amount(level.small),
                                              big=amount(level.big))]
    until = session.hands_until_next_level()
    if until is not None:
        out.append(ngettext("The blinds go up in {n} hand.",
                            "The blinds go up in {n} hands.", until).format(n=until))
    rise = blinds_rise(session)
    if rise is not None:  # (a tournament's table: its clock raises them)
        out.append(blinds_go_up(rise[0].blinds, rise[0].ante, rise[1]))
    return out


def header_lines(session: Any) -> list[str]:
    """The Game state's first lines: the hand's number and the blinds, and
    when they go up (after so many hands, or by a tournament's clock)."""
    level = session.blind_level()
    number = _number(session)
    if number == 0:  # no hand yet: not "Hand 0", and no blinds of nothing
        lines = [_("First hand: blinds {small} and {big}").format(
            small=amount(level.small), big=amount(level.big)) if level.big else
            _("The game has not started yet.")]
    else:
        lines = [_("Hand {number}, blinds {small} and {big}").format(
            number=number, small=amount(level.small), big=amount(level.big))]
    until = session.hands_until_next_level()
    if until is not None and not session.game_over:  # (no hand after the last)
        lines.append(ngettext("Blinds go up in {n} hand", "Blinds go up in {n} hands",
                              until).format(n=until))
    rise = blinds_rise(session)
    if rise is not None:
        lines.append(blinds_go_up_line(rise[0].blinds, rise[1]))
    return lines


def pot_text(view: SeatView, who: Callable[[int], str], seat: int | None) -> str:
    """The pot (and the main and side pots, once gathered), or when the
    hand is over who won it (players named by ``who``: "you" for ``seat``)."""
    if not view.over or not any(isinstance(e, PotAwarded) for e in view.history):
        return pot_label(view)
    return pot_results(view.history, who, seat)


def player_line(session: Any, seat: int, name: str, view: SeatView | None,
                shown: bool = False, suits: bool = True) -> str:
    """One player, as the Players zone reads them, named ``name``, in the hand
    of ``view`` (``shown``: the felt's picture, still playing that hand)."""
    place = session.seats[seat].place
    if place is not None and not (shown and view is not None
                                  and seat in {p.seat for p in view.players}):
        if session.game_over:
            return _("{player}, place {place}").format(player=name, place=place)
        return _("{player}, out in place {place}").format(player=name, place=place)
    if view is None or seat not in {p.seat for p in view.players}:
        count = session.chips(seat)
        return ngettext("{player}, {chips} chip", "{player}, {chips} chips", count).format(
            player=name, chips=amount(count))
    return seat_line(name, seat, view, suits=suits)


def read_state(session: Any, seat: int | None, view: SeatView | None,
               name: Callable[[int], str], panel: ActionPanel, result: GameOver | None,
               order: list[int], *, suits: bool = True, phone: bool = False) -> str:
    """Read state, in the order of SPEC §5: whose turn and the amount to
    call, your cards and hand, the board, the pot, your chips then each
    player's in playing order after you (``order``: the seats someone sits
    in, yours first), the dealer, the blinds, the hand number and when the
    blinds go up; then who the next hand waits for, and the variant's rules
    as they stand.  Before a room's first game: who is here and what starts
    it; after the game: its result.  ``phone``: the page's buttons named
    where the desktop names a key."""
    if session.game_over and result is not None:  # the game's result, not an empty table
        ended = sentence(result, Phrasing(name, seat, suits))
        why = panel.why(Command.NEXT_HAND)
        return " ".join([ended or "", why or (
            _("Press New game to start a new game with the same players.") if phone else
            _("Press N to start a new game with the same players."))])
    who_is_here = getattr(session, "who_is_here", None)
    if view is None and who_is_here is not None \
            and session.hands_played == 0 and not getattr(session, "running", False):
        # a room before its first game: who is here, and what starts it
        why = panel.why(Command.NEXT_HAND)
        return " ".join([str(who_is_here()), why or (
            _("Press New game to start the game.") if phone else
            _("Press N to start the game."))])
    parts = []
    if view is not None:
        parts.append(view_answer(Key.WHOSE_TURN, view, name, seat, suits) or "")
        if view.to_act == seat and view.to_call:
            parts.append(view_answer(Key.TO_CALL, view, name, seat, suits) or "")
        if view.hole:
            parts.append(_("Your cards: {cards}; your hand: {hand}.").format(
                cards=cards_names(view.hole, suits=suits), hand=hand_now(view.hole, view.board)))
        parts.append(view_answer(Key.BOARD, view, name, seat, suits) or "")
        parts.append(pot_text(view, lambda k: _("you") if k == seat else name(k), seat)
                     if view.over else view_answer(Key.POT, view, name, seat, suits) or "")
    if seat is not None:
        place = session.seats[seat].place
        parts.append(you_have(session.chips(seat)) if place is None
                     else _("You finished in place {place}.").format(place=place)
                     if session.game_over else _("You are out in place {place}.").format(
                         place=place))
    parts += [player_line(session, k, name(k), view, suits=suits) + "." for k in order
              if k != seat]
    if view is not None and view.button == seat:  # (another's line says "dealer")
        parts.append(view_answer(Key.DEALER, view, name, seat, suits) or "")
    blinds = blinds_lines(session)
    number = _number(session)
    parts += [blinds[0], _("Hand {number}.").format(number=number) if number
              else _("The first hand is not dealt yet."), *blinds[1:]]  # (not "Hand 0.")
    awaited = getattr(session, "awaited", None)  # a room: who the next hand waits for
    seats = tuple(awaited()) if awaited is not None else ()
    if seats:
        parts.append(sentence(WaitingForPlayers(seats), Phrasing(name, seat)) or "")
    parts += rules_now(session.variant, session.hands_played)
    return " ".join(parts)
