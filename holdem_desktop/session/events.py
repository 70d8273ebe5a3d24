"""Events of the game over many hands (the hand's own events come from the engine)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import event_record

__all__ = ["BlindsUp", "GameOver", "GameStarted", "HandStarting", "PlayerOut", "TurnStarted",
           "WaitingForPlayers"]


@event_record
@dataclass(frozen=True)
class GameStarted:
    """A game begins: seats with names and chips; the dealer was drawn at random."""

    game: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    button: int


@event_record
@dataclass(frozen=True)
class HandStarting:
    """A hand is about to be dealt (the engine's HandStarted follows)."""

    number: int
    """1 for the first hand of the game."""
    button: int
    level: int
    """0-based blind level."""
    blinds: tuple[int, ...]
    ante: int
    hands_until_next_level: int | None


@event_record
@dataclass(frozen=True)
class BlindsUp:
    """The blinds go up from this hand on."""

    level: int
    blinds: tuple[int, ...]
    ante: int


@event_record
@dataclass(frozen=True)
class PlayerOut:
    """A player has no chips left and finishes in ``place`` (1 = winner);
    ``shared`` when another player busted in the same hand with equal chips."""

    seat: int
    place: int
    shared: bool


@event_record
@dataclass(frozen=True)
class GameOver:
    """The game has ended.  ``reason``: ``last_standing`` (one player has every
    chip), ``hands`` or ``minutes`` (a limit of the variant; chips rank the
    players, equal chips share a place), ``no_humans`` (set by rooms).
    ``places`` gives every seat's final place."""

    reason: str
    places: tuple[tuple[int, int], ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats in first place (several: a draw)."""
        return tuple(seat for seat, place in self.places if place == 1)


@event_record
@dataclass(frozen=True)
class TurnStarted:
    """The game waits for a person: ``seat`` is to act and must add
    ``to_call`` chips to call (0: it may check).  Computer players' turns
    are not announced this way: they act at once."""

    seat: int
    to_call: int


@event_record
@dataclass(frozen=True)
class WaitingForPlayers:
    """In a room, the next hand waits for these seats to press Next hand."""

    seats: tuple[int, ...]
