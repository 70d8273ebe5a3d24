"""What a tournament reports: typed events, never words (i18n says them).

Players are named by the ids they registered with; tables by their number
(1, 2, …) and seats by their index at the table (0-based)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FinalTable", "LevelUp", "PlayerMoved", "PlayerOut", "Registered", "Seated",
           "TableBroken", "TournamentCancelled", "TournamentOver", "TournamentStarted",
           "Unregistered"]


@dataclass(frozen=True)
class Registered:
    """A player registered; ``count`` are registered now."""

    player: str
    count: int


@dataclass(frozen=True)
class Unregistered:
    """A player took back a registration before the start."""

    player: str
    count: int


@dataclass(frozen=True)
class TournamentCancelled:
    """A scheduled tournament reached its time with fewer than its minimum."""

    registered: int
    minimum: int


@dataclass(frozen=True)
class TournamentStarted:
    """The tournament starts: ``entrants`` players at ``tables`` tables."""

    entrants: int
    tables: int


@dataclass(frozen=True)
class Seated:
    """Where the draw put a player at the start."""

    player: str
    table: int
    seat: int


@dataclass(frozen=True)
class LevelUp:
    """The blinds go up on every table from each table's next hand."""

    level: int
    """0-based blind level."""
    blinds: tuple[int, ...]
    ante: int


@dataclass(frozen=True)
class PlayerOut:
    """A player is out, finishing in ``place``; ``shared`` when players out at
    the same moment with the same chips share it."""

    player: str
    place: int
    shared: bool
    table: int


@dataclass(frozen=True)
class PlayerMoved:
    """A player moves between hands, to balance the tables or from a broken one.

    ``hands_to_big_blind`` is how many hands the new table deals before the
    player's big blind, 1 when it is the next hand (the same position as at
    the table left)."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    hands_to_big_blind: int
    broken: bool
    """True when the table left was broken, False when the tables were balanced."""
    button: int | None = None
    """The seat of the new table's button for its next hand as it stands
    after the move (None: the player sits alone there for now)."""


@dataclass(frozen=True)
class TableBroken:
    """A table is closed; its players are moved (the PlayerMoved events follow)."""

    table: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class FinalTable:
    """Every player left sits at one table."""

    table: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class TournamentOver:
    """The last player standing has won: everyone's place, best first."""

    ranking: tuple[tuple[str, int], ...]
