"""What happened in a hand: typed, immutable events appended to the hand's log.

Every output (picture, speech, sound, move log, network) listens to these.
Seats are the ids the hand was given (the session's seat numbers).  An event
with ``private_to`` set may be seen only by that seat until its content is
shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from enum import IntEnum
from typing import TypeVar

from .actions import ActionKind
from .cards import Card
from .evaluator import HandValue

__all__ = [
    "ActionTaken",
    "AntePosted",
    "BetReturned",
    "BlindPosted",
    "CardsShown",
    "DeadBlindPosted",
    "Event",
    "HandEnded",
    "HandStarted",
    "HoleCardsDealt",
    "PotAwarded",
    "RunoutStarted",
    "Street",
    "StreetDealt",
]


_T = TypeVar("_T")


def event_record(cls: type[_T]) -> type[_T]:
    """Give a frozen event dataclass a faster ``__init__`` that also names
    the event in its instance.

    The generated ``__init__`` of a frozen dataclass sets every field through
    ``object.__setattr__``; this one fills the instance dictionary directly,
    with the same result in half the time (a hand creates about thirty
    events, so this is a visible share of the engine's cost).  Instances
    stay frozen: assigning a field afterwards still raises.

    The dictionary's first key is ``event``, the class's name, which is not
    a field: equality, hashing, ``repr`` and :func:`dataclasses.fields`
    ignore it.  A writer that reads an instance's dictionary (orjson, the
    server's) then writes the event as the tagged record the wire carries
    (``{"event": "HandStarted", "seats": …}``) without calling back into
    Python for it (issue 38: those calls were a third of the encoding).
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    if any(f.default is not MISSING or f.default_factory is not MISSING
           for f in fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__}: events have no default values")
    if "event" in names or any(n.startswith("_") for n in names):
        raise TypeError(f"{cls.__name__}: no field may be named 'event' or start with '_'")
    lines = [f"def __init__(self{''.join(', ' + n for n in names)}):",
             "    fill = self.__dict__",
             f"    fill['event'] = {cls.__name__!r}"]
    lines += [f"    fill[{n!r}] = {n}" for n in names]
    namespace: dict[str, Callable[..., None]] = {}
    exec("\n".join(lines), {}, namespace)  # as dataclasses itself does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


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


@event_record
@dataclass(frozen=True)
class HandStarted(Event):
    """A hand begins: seats in playing order (first after the button … button)."""

    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]
    """Forced bets by seat (same order as ``seats``)."""
    antes: tuple[int, ...]


@event_record
@dataclass(frozen=True)
class AntePosted(Event):
    """A seat posts its ante (``all_in`` when that took its last chip)."""

    seat: int
    amount: int
    all_in: bool


@event_record
@dataclass(frozen=True)
class DeadBlindPosted(AntePosted):
    """A seat posts the small blind it missed, dead: into the pot like an ante,
    not part of its bet (a tournament player moved off a broken table who was
    due the small blind there, ``HandConfig.dead_blinds``)."""


@event_record
@dataclass(frozen=True)
class BlindPosted(Event):
    """A seat posts a blind; ``kind`` is 0 small, 1 big, 2+ straddles.
    ``amount`` may be less than the blind when the stack is short (``all_in``)."""

    seat: int
    amount: int
    kind: int
    all_in: bool


@event_record
@dataclass(frozen=True)
class HoleCardsDealt(Event):
    """A seat receives its hole cards: private to that seat."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def private_to(self) -> int | None:
        """Only the receiving seat sees its cards."""
        return self.seat


@event_record
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


@event_record
@dataclass(frozen=True)
class StreetDealt(Event):
    """Board cards dealt: ``cards`` the new ones, ``board`` all of them."""

    street: Street
    cards: tuple[Card, ...]
    board: tuple[Card, ...]


@event_record
@dataclass(frozen=True)
class RunoutStarted(Event):
    """Betting is over with cards still to come: the hands still in are
    turned face up (the CardsShown events follow), then the board is dealt
    one street at a time."""

    seats: tuple[int, ...]
    """The hands still in, in showdown order."""
    all_in: tuple[int, ...]
    """Those of them with no chips behind (one player may have covered the others)."""


@event_record
@dataclass(frozen=True)
class BetReturned(Event):
    """The part of a bet nobody called goes back to its owner."""

    seat: int
    amount: int


@event_record
@dataclass(frozen=True)
class CardsShown(Event):
    """A seat shows its hole cards; ``value`` is its hand on the board so far
    (None before five cards are out)."""

    seat: int
    cards: tuple[Card, ...]
    value: HandValue | None


@event_record
@dataclass(frozen=True)
class PotAwarded(Event):
    """A pot goes to its winners.  ``index`` 0 is the main pot, 1+ side pots;
    ``eligible`` are the hands still contending for it (the winners, and at a
    showdown of several pots the other hands that win some pot);
    ``shares`` match ``winners``; ``value`` is the winning hand (None when
    everyone else folded); ``beaten`` are the seats whose shown hands had a
    claim on this pot and lost it (what the winning hand's name is compared
    with, so that it names a kicker only when one decides)."""

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    value: HandValue | None
    beaten: tuple[int, ...]


@event_record
@dataclass(frozen=True)
class HandEnded(Event):
    """The hand is over: final stacks by seat, in the order of ``seats``."""

    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    showdown: bool
