"""Lines of the Move log: every action of the game in words (SPEC §5: every
action is always in the Move log), through gettext."""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import (
    ActionTaken,
    BetReturned,
    BlindPosted,
    CardsShown,
    PotAwarded,
    StreetDealt,
)
from holdem_desktop.i18n import cards_names
from holdem_desktop.i18n.translate import _, ngettext
from holdem_desktop.session.events import BlindsUp, GameOver, HandStarting, PlayerOut

__all__ = ["log_line"]


def _plain(amount: int) -> str:
    return f"{amount:,}"


def log_line(event: object, name: Callable[[int], str],
             amount: Callable[[int], str] = _plain) -> str | None:
    """The Move log line for an event, or None for events it does not list."""
    if isinstance(event, HandStarting):
        return _("Hand {number}: {dealer} deals; blinds {small}/{big}.").format(
            number=event.number, dealer=name(event.button), small=amount(event.blinds[0]),
            big=amount(event.blinds[1]))
    if isinstance(event, BlindPosted):
        text = (_("{player} posts the small blind, {amount}") if event.kind == 0 else
                _("{player} posts the big blind, {amount}") if event.kind == 1 else
                _("{player} posts a straddle, {amount}"))
        return text.format(player=name(event.seat), amount=amount(event.amount))
    if isinstance(event, ActionTaken):
        texts = {
            ActionKind.FOLD: _("{player} folds"),
            ActionKind.CHECK: _("{player} checks"),
            ActionKind.CALL: _("{player} calls {amount}"),
            ActionKind.BET: _("{player} bets {amount}"),
            ActionKind.RAISE: _("{player} raises to {amount}"),
            ActionKind.ALL_IN: _("{player} goes all-in, {amount}"),
        }
        return texts[event.kind].format(player=name(event.seat), amount=amount(event.amount))
    if isinstance(event, StreetDealt):
        street = {1: _("Flop"), 2: _("Turn"), 3: _("River")}[int(event.street)]
        return _("{street}: {cards}").format(street=street, cards=cards_names(event.cards))
    if isinstance(event, CardsShown):
        return _("{player} shows {cards}").format(player=name(event.seat),
                                                  cards=cards_names(event.cards))
    if isinstance(event, BetReturned):
        return _("{amount} returned to {player}").format(amount=amount(event.amount),
                                                         player=name(event.seat))
    if isinstance(event, PotAwarded):
        which = _("the pot") if event.index == 0 else _("side pot {number}").format(
            number=event.index)
        who = ", ".join(name(s) for s in event.winners)
        if len(event.winners) > 1:
            return _("{players} split {which} of {amount}").format(
                players=who, which=which, amount=amount(event.amount))
        return _("{player} wins {which} of {amount}").format(
            player=who, which=which, amount=amount(event.amount))
    if isinstance(event, BlindsUp):
        return _("Blinds go up to {small}/{big}").format(small=amount(event.blinds[0]),
                                                        big=amount(event.blinds[1]))
    if isinstance(event, PlayerOut):
        return _("{player} is out in place {place}").format(player=name(event.seat),
                                                           place=event.place)
    if isinstance(event, GameOver):
        winners = event.winners
        return ngettext("Game over: {players} wins", "Game over: {players} share first place",
                        len(winners)).format(players=", ".join(name(s) for s in winners))
    return None
