"""A tournament's structure (what is announced before it starts) and the
plain records the core hands out: a table's next hand, the standings."""

from __future__ import annotations

from dataclasses import dataclass

from holdem_desktop.engine.variant import BlindLevel, BlindSchedule

__all__ = ["MAX_SEATS", "MIN_SEATS", "Deal", "PlayerStanding", "Standings", "Structure",
           "TournamentError"]

MIN_SEATS = 3
"""Fewer seats could leave a table of one when the tables are balanced."""
MAX_SEATS = 10


class TournamentError(Exception):
    """A request the tournament refuses, changing nothing; ``reason`` is
    machine-readable: ``closed`` (registration is over), ``registered``,
    ``not_registered``, ``full``, ``not_running``, ``table`` (no such table),
    ``hand_in_progress``, ``no_hand``, ``report`` (the stacks reported are not
    the hand's players, or not whole numbers), ``chips`` (they do not add up
    to the chips the hand started with), ``saved`` (data read back that is not
    a saved tournament)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason + (f": {detail}" if detail else ""))
        self.reason = reason


@dataclass(frozen=True)
class Structure:
    """How a tournament is played.

    A sit-and-go (``start_at`` None) starts as soon as ``players`` have
    registered.  A scheduled one starts at ``start_at`` (by the clock the
    tournament is given, in seconds) with at least ``min_players``, and is
    cancelled otherwise; it takes at most ``players``.  The blinds rise on
    one clock for every table: ``schedule`` must go up by minutes only.
    """

    players: int
    starting_stack: int
    schedule: BlindSchedule
    seats_per_table: int = 9
    start_at: float | None = None
    min_players: int = 2

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats_per_table <= MAX_SEATS:
            raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS}, "
                             f"not {self.seats_per_table}")
        if not 2 <= self.min_players <= self.players:
            raise ValueError(f"min_players must be 2 to {self.players}, got {self.min_players}")
        if self.starting_stack <= 0:
            raise ValueError(f"starting_stack must be positive, got {self.starting_stack}")
        if self.schedule.minutes_per_level is None or self.schedule.hands_per_level is not None:
            raise ValueError("the blinds of a tournament rise by minutes only (one clock for "
                             "every table)")

    @property
    def sit_and_go(self) -> bool:
        """True when the tournament starts as soon as it is full."""
        return self.start_at is None


@dataclass(frozen=True)
class Deal:
    """A table's next hand as the tournament lays it out.

    The big blind moves on by one player each hand at every table (a dead
    button): ``big_blind`` is the seat after the last hand's big blind,
    ``small_blind`` the seat of the last hand's big blind when that player is
    still at the table (None otherwise: nobody posts it), ``button`` the
    player before the small blind (before the big blind when it is dead;
    heads-up the small blind).  ``seats`` lists every player dealt in, in
    seat order, with the chips they start the hand with."""

    table: int
    hand: int
    """1 for the table's first hand."""
    level: int
    blinds: BlindLevel
    button: int
    small_blind: int | None
    big_blind: int
    seats: tuple[tuple[int, str, int], ...]
    dead_small: tuple[int, ...] = ()
    """Seats posting a dead small blind this hand (into the pot, not into the
    bet: ``HandConfig.dead_blinds``): players moved off a broken table who
    were due the small blind there, at their first hand at the new table."""

    def player(self, seat: int) -> str:
        """The player in ``seat``."""
        for s, player, _ in self.seats:
            if s == seat:
                return player
        raise KeyError(seat)


@dataclass(frozen=True)
class PlayerStanding:
    """One player: chips, where they sit (None once out) and place (None until out)."""

    player: str
    chips: int
    table: int | None
    seat: int | None
    place: int | None


@dataclass(frozen=True)
class Standings:
    """The tournament at a glance."""

    entrants: int
    players_left: int
    average_stack: int
    """Chips in play divided by the players left, rounded down (0 before the start)."""
    level: int
    next_level_in: float | None
    """Seconds until the blinds go up next (None: they no longer go up)."""
    tables: tuple[int, ...]
    players: tuple[PlayerStanding, ...]
    """Everyone who started, the players left first by chips, then the others by place."""
