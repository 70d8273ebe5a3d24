"""Why an action cannot be taken, said in a sentence (SPEC §5: an inactive
button, when activated, says why).  The engine gives the reason as data
(:class:`~holdem_desktop.engine.actions.IllegalAction`); this turns it into
words, through gettext."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from holdem_desktop.engine.actions import ActionKind, IllegalAction
from holdem_desktop.i18n.names import amount as amount_text
from holdem_desktop.i18n.phrases import menu_refusal
from holdem_desktop.i18n.translate import _

__all__ = ["REASONS", "explain"]

Names = Callable[[int], str]
Amounts = Callable[[int], str]



def explain(action: ActionKind | None, exc: IllegalAction, name: Names,
            amount: Amounts = amount_text) -> str:
    """One sentence saying why ``action`` was refused (``name`` gives a seat's
    name, ``amount`` formats chips for the player's language)."""
    d = exc.data
    verb = {
        ActionKind.FOLD: _("You can't fold"),
        ActionKind.CHECK: _("You can't check"),
        ActionKind.CALL: _("You can't call"),
        ActionKind.BET: _("You can't bet"),
        ActionKind.RAISE: _("You can't raise"),
        ActionKind.ALL_IN: _("You can't go all-in"),
        None: _("You can't do that"),
    }[action]
    why = REASONS.get(exc.reason)
    if why is None:
        return _("{verb} now.").format(verb=verb)
    return why(verb, d, name, amount)


Data = Mapping[str, int | tuple[int, ...] | None]


def _seat(d: Data, key: str, name: Names) -> str:
    seat = d.get(key)
    return name(seat) if isinstance(seat, int) else _("another player")


def _amt(d: Data, key: str, amount: Amounts) -> str:
    value = d.get(key)
    return amount(value if isinstance(value, int) else 0)


def _not_in_menu(verb: str, d: Data, amount: Amounts) -> str:
    given, allowed, all_in = d.get("amount"), d.get("allowed"), d.get("all_in")
    why = menu_refusal(given if isinstance(given, int) else 0,
                       allowed if isinstance(allowed, tuple) else (),
                       all_in if isinstance(all_in, int) else None, amount)
    return _("{verb}: {why}").format(verb=verb, why=why)


Reason = Callable[[str, Data, Names, Amounts], str]

REASONS: dict[str, Reason] = {
    "hand_over": lambda v, d, n, a: _("{verb}: the hand is over.").format(verb=v),
    "not_your_turn": lambda v, d, n, a: _("{verb}: it is {player}'s turn.").format(
        verb=v, player=_seat(d, "to_act", n)),
    "check_facing_bet": lambda v, d, n, a: _("{verb}: {player} bet {amount}.").format(
        verb=v, player=_seat(d, "bettor", n), amount=_amt(d, "to_call", a)),
    "bet_facing_bet": lambda v, d, n, a: _(
        "{verb}: {player} has already bet; you can raise.").format(
        verb=v, player=_seat(d, "bettor", n)),
    "nothing_to_call": lambda v, d, n, a: _("{verb}: there is no bet to call; you can check.")
    .format(verb=v),
    "fold_when_check": lambda v, d, n, a: _("{verb}: nobody has bet; you can check for free.")
    .format(verb=v),
    "raise_without_bet": lambda v, d, n, a: _("{verb}: nobody has bet yet; you can bet.")
    .format(verb=v),
    "amount_below_min": lambda v, d, n, a: _("{verb} less than {amount}.").format(
        verb=v, amount=_amt(d, "min", a)),
    "amount_above_max": lambda v, d, n, a: _("{verb} more than {amount}.").format(
        verb=v, amount=_amt(d, "max", a)),
    "amount_not_in_menu": lambda v, d, n, a: _not_in_menu(v, d, a),
    "amount_not_multiple": lambda v, d, n, a: _(
        "{verb} that amount: bets go in steps of {amount}.").format(
        verb=v, amount=_amt(d, "unit", a)),
    "raise_not_reopened": lambda v, d, n, a: _(
        "{verb}: the all-in was less than a full raise, so you may only call or fold.")
    .format(verb=v),
    "raise_cap_reached": lambda v, d, n, a: _(
        "{verb}: this betting round has reached its limit of raises.").format(verb=v),
    "nobody_to_raise": lambda v, d, n, a: _(
        "{verb}: everyone else is all-in or has folded.").format(verb=v),
    "covered": lambda v, d, n, a: _(
        "{verb}: calling already takes all your chips.").format(verb=v),
    "no_chips": lambda v, d, n, a: _("{verb}: you have no chips left.").format(verb=v),
    "unknown_action": lambda v, d, n, a: _("{verb} now.").format(verb=v),
    "hand_not_over": lambda v, d, n, a: _("{verb} before the hand is over.").format(verb=v),
    "already_shown": lambda v, d, n, a: _("{verb}: your cards are already shown.").format(
        verb=v),
}
