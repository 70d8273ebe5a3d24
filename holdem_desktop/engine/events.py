"""What happened in a hand: typed, immutable events appended to the hand's log.

Every output (picture, speech, sound, move log, network) listens to these.
Seats are the ids the hand was given (the session's seat numbers).  An event
with ``private_to`` set may be seen only by that seat until its content is
shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .actions import ActionKind
from .cards import Card
from .evaluator import HandValue

__all__ = [
    "ActionTaken",
    "AntePosted",
    "BetReturned",
    "BlindPosted",
    "CardsShown",
    "Event",
    "HandEnded",
    "HandStarted",
    "HoleCardsDealt",
    "PotAwarded",
    "RunoutStarted",
    "Street",
    "StreetDealt",
]


class Street(IntEnum):
    """Betting rounds of a hand, then the showdown."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4


@dataclass(frozen=True)
class Event:
    """Base of all hand events."""

    @property
    def private_to(self) -> int | None:
        """The only seat allowed to see this event, or None for everyone."""
        return None


@dataclass(frozen=True)
class HandStarted(Event):
    """A hand begins: seats in playing order (first after the button … button)."""

    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]
    """Forced bets by seat (same order as ``seats``)."""
    antes: tuple[int, ...]


@dataclass(frozen=True)
class AntePosted(Event):
    """A seat posts its ante (``all_in`` when that took its last chip)."""

    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True)
class BlindPosted(Event):
    """A seat posts a blind; ``kind`` is 0 small, 1 big, 2+ straddles.
    ``amount`` may be less than the blind when the stack is short (``all_in``)."""

    seat: int
    amount: int
    kind: int
    all_in: bool


@dataclass(frozen=True)
class HoleCardsDealt(Event):
    """A seat receives its hole cards: private to that seat."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def private_to(self) -> int | None:
        """Only the receiving seat sees its cards."""
        return self.seat


@dataclass(frozen=True)
class ActionTaken(Event):
    """A seat acted.  ``amount`` is the round total after a bet, raise or
    all-in, the chips added for a call, 0 otherwise; ``added`` is always the
    chips put in by this action; ``all_in`` when the stack is now empty."""

    seat: int
    kind: ActionKind
    amount: int
    added: int
    all_in: bool
    street: Street


@dataclass(frozen=True)
class StreetDealt(Event):
    """Board cards dealt: ``cards`` the new ones, ``board`` all of them."""

    street: Street
    cards: tuple[Card, ...]
    board: tuple[Card, ...]


@dataclass(frozen=True)
class RunoutStarted(Event):
    """Betting is over with cards still to come: the hands still in are
    turned face up (the CardsShown events follow), then the board is dealt
    one street at a time."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class BetReturned(Event):
    """The part of a bet nobody called goes back to its owner."""

    seat: int
    amount: int


@dataclass(frozen=True)
class CardsShown(Event):
    """A seat shows its hole cards; ``value`` is its hand on the board so far
    (None before five cards are out)."""

    seat: int
    cards: tuple[Card, ...]
    value: HandValue | None


@dataclass(frozen=True)
class PotAwarded(Event):
    """A pot goes to its winners.  ``index`` 0 is the main pot, 1+ side pots;
    ``shares`` match ``winners``; ``value`` is the winning hand (None when
    everyone else folded)."""

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    value: HandValue | None


@dataclass(frozen=True)
class HandEnded(Event):
    """The hand is over: final stacks by seat, in the order of ``seats``."""

    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    showdown: bool
