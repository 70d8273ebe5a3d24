"""A server's tournaments in its lobby (issue 35): listed with their
structure, registered for and withdrawn from until the start.  Messages
only, checked when built like every other (:mod:`.protocol` parses them).

A connection in no room asks for the list (:class:`TournamentList`,
answered :class:`Tournaments`) and registers a name or takes it back
(:class:`TournamentEntry`, answered with the list again, or ``error``
``tournament`` with the reason: ``registered``, ``not_registered``,
``full``, ``closed``, ``name``, ``no_tournament``, ``not_yours``, ``away``:
the process running it, with several sharing Redis, cannot be reached).  The
connection a name registered from (or asked to register again from, after
a reconnection, showing the registration's token) hears that tournament's
news (:class:`TournamentNews`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .checks import _check, _check_int, _check_text, _check_word

__all__ = ["MAX_RANKED", "MAX_TOURNAMENTS", "NEWS", "TournamentEntry", "TournamentInfo",
           "TournamentList", "TournamentNews", "Tournaments"]

MAX_TOURNAMENTS = 100
"""Tournaments in one :class:`Tournaments` message at most."""
_ID = 16
_NAME_WIRE = 100


def _check_id(value: str, path: str) -> None:
    _check(type(value) is str and 1 <= len(value) <= _ID and value.isalnum(), path, "not an id")


@dataclass(frozen=True)
class TournamentList:
    """Ask for the server's tournaments."""

    TYPE: ClassVar[str] = "tournaments_list"


@dataclass(frozen=True)
class TournamentEntry:
    """Register ``name`` for tournament ``id`` (``register`` false: take the
    registration back, until the start); ``token`` (optional, 32 hex
    digits drawn at random by the client): the secret that lets its holder
    speak for the registration from another connection
    (server/tournament_owners.py)."""

    TYPE: ClassVar[str] = "tournament_entry"
    id: str
    name: str
    register: bool = True
    token: str | None = None

    def __post_init__(self) -> None:
        _check_id(self.id, "id")
        # the name as typed: the lobby judges it (``name``, with the problem)
        _check(type(self.name) is str and len(self.name) <= _NAME_WIRE, "name", "bad name")
        _check(type(self.register) is bool, "register", "not a bool")
        _check(self.token is None or (type(self.token) is str and len(self.token) == 32
                                      and all(c in "0123456789abcdef" for c in self.token)),
               "token", "not 32 hex digits")

    @classmethod
    def _build(cls, values: dict[str, Any]) -> TournamentEntry:
        if isinstance(values.get("name"), str):
            values["name"] = values["name"].strip(" ")
        return cls(**values)


@dataclass(frozen=True)
class TournamentInfo:
    """One tournament as the lobby lists it: its ``id`` and ``name``, the
    ``variant``'s key, the ``starting_stack``, the blind ``speed`` and its
    ``minutes_per_level``, the ``seats_per_table``, ``registered`` of
    ``players``, the ``start`` (seconds since the epoch; None: a sit-and-go,
    starting when full) and its ``state`` (``registering``, ``running``,
    ``over``, ``cancelled``); a sit-and-go that computers fill, once someone
    registered, says when (``computers_at``, seconds since the epoch)."""

    id: str
    name: str
    variant: str
    starting_stack: int
    speed: str
    minutes_per_level: int
    seats_per_table: int
    registered: int
    players: int
    start: int | None
    state: str
    computers_at: int | None = None

    def __post_init__(self) -> None:
        _check_id(self.id, "id")
        _check_text(self.name, "name", 1, _NAME_WIRE)
        _check_text(self.variant, "variant", 1, 64)
        _check_int(self.starting_stack, "starting_stack", 1, 10**12)
        _check_word(self.speed, "speed")
        _check_int(self.minutes_per_level, "minutes_per_level", 1, 1000)
        _check_int(self.seats_per_table, "seats_per_table", 2, 10)
        _check_int(self.players, "players", 2, 100_000)
        _check_int(self.registered, "registered", 0, self.players)
        if self.start is not None:
            _check_int(self.start, "start", 0, 10**11)
        _check_word(self.state, "state")
        if self.computers_at is not None:
            _check_int(self.computers_at, "computers_at", 0, 10**11)


@dataclass(frozen=True)
class Tournaments:
    """The server's tournaments (at most :data:`MAX_TOURNAMENTS`), those
    open for registration first."""

    TYPE: ClassVar[str] = "tournaments"
    tournaments: tuple[TournamentInfo, ...]

    def __post_init__(self) -> None:
        _check(len(self.tournaments) <= MAX_TOURNAMENTS, "tournaments", "too many items")
        for i, t in enumerate(self.tournaments):
            _check(isinstance(t, TournamentInfo), f"tournaments[{i}]", "not a tournament")


MAX_RANKED = 20
"""Rows of the ranking one ``over`` news carries at most (a field this size
or smaller: every entrant)."""

NEWS = frozenset({"moved", "broken", "left", "final_table", "out", "over"})
"""What :class:`TournamentNews` tells."""


@dataclass(frozen=True)
class TournamentNews:
    """What happened in tournament ``id`` that the person registered there
    as ``name`` hears (``what``):

    - ``moved``: they move to ``table``, ``seat`` (0-based), the new table's
      ``button`` there for its next hand (None: they wait alone), of
      ``size`` seats;
    - ``broken``: ``table`` is broken (``yours``: it was theirs);
    - ``left``: ``left`` players of ``entrants`` are still in;
    - ``final_table``: every one of the ``left`` players sits at ``table``;
    - ``out``: they finished in ``place`` of ``entrants`` (``shared`` with others);
    - ``over``: the tournament is won: ``ranking`` the names, best first, and
      ``places`` each one's place (every entrant of a field of up to
      :data:`MAX_RANKED`; of a bigger one the first ten, then this person's
      row with two on either side), and ``rated`` the accounts among them
      whose rating changed, by ``changes`` (in tenths of a point)."""

    TYPE: ClassVar[str] = "tournament_news"
    id: str
    name: str
    what: str
    table: int = 0
    seat: int = 0
    button: int | None = None
    size: int = 0
    yours: bool = False
    left: int = 0
    entrants: int = 0
    place: int = 0
    shared: bool = False
    ranking: tuple[str, ...] = ()
    places: tuple[int, ...] = ()
    rated: tuple[str, ...] = ()
    changes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_id(self.id, "id")
        _check_text(self.name, "name", 1, _NAME_WIRE)
        _check(self.what in NEWS, "what", "not news")
        for field in ("table", "seat", "size", "left", "entrants", "place"):
            _check_int(getattr(self, field), field, 0, 100_000)
        if self.button is not None:
            _check_int(self.button, "button", 0, 9)
        _check(type(self.yours) is bool and type(self.shared) is bool, "yours", "not a bool")
        _check(len(self.ranking) == len(self.places) <= MAX_RANKED, "ranking", "bad length")
        for i, (who, place) in enumerate(zip(self.ranking, self.places, strict=True)):
            _check_text(who, f"ranking[{i}]", 1, _NAME_WIRE)
            _check_int(place, f"places[{i}]", 1, 100_000)
        _check(len(self.rated) == len(self.changes) <= len(self.ranking), "rated", "bad length")
        for i, (who, change) in enumerate(zip(self.rated, self.changes, strict=True)):
            _check(who in self.ranking, f"rated[{i}]", "not ranked")
            _check_int(change, f"changes[{i}]", -100_000, 100_000)
