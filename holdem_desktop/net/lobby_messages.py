"""The lobby of a server: its public tables, listed and joined (docs/protocol.md,
*The lobby*).  Messages only, with no I/O, checked when built like every
other message (:mod:`.protocol` parses them).

A connection in no room may ask for the list of public tables
(:class:`LobbyList`, answered :class:`Tables`, then again whenever the list
changes, at most once a second, while it follows), take a seat at once
(:class:`PlayNow`) or join or watch a listed table (:class:`JoinTable`);
both are answered as a hello is, :class:`~.protocol.Welcome` or
:class:`~.protocol.Refused`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from holdem_desktop.engine.variant import MAX_PLAYERS

from .checks import (
    _check,
    _check_code,
    _check_int,
    _check_text,
    _check_token,
    _check_word,
)

__all__ = ["GAMES", "MAX_LISTED", "SPEEDS", "JoinTable", "LobbyList", "PlayNow", "TableInfo",
           "Tables"]

SPEEDS = ("normal", "relaxed")
"""How long a public table gives each decision (the first is the default)."""
GAMES = ("session", "tournament", "pot_limit", "fixed_limit", "heads_up")
"""The games a public table may play (the shipped ones; the first is Play
now's when the player names none)."""
MAX_LISTED = 100
"""Tables in one :class:`Tables` message at most (``total`` says how many matched)."""
MAX_WATCHING = 1000
"""Largest watcher count a listed table may carry."""
_NAME_WIRE = 100
"""Longest name on the wire: the room judges it (``bad_name``), as a hello's."""


def _check_filter(variant: str, speed: str) -> None:
    _check(type(variant) is str and (variant == "" or 1 <= len(variant) <= 64)
           and variant.isprintable() and variant == variant.strip(), "variant", "bad filter")
    _check(type(speed) is str and (speed == "" or speed in SPEEDS), "speed", "not a speed")


def _check_name(name: str, version: str) -> None:
    _check(type(name) is str, "name", "not a string")
    _check(len(name) <= _NAME_WIRE, "name", "bad length")
    _check_text(version, "game_version", 0, 20)


def _stripped(values: dict[str, Any]) -> dict[str, Any]:
    if isinstance(values.get("name"), str):
        values["name"] = values["name"].strip(" ")  # as a hello's name
    return values


@dataclass(frozen=True)
class LobbyList:
    """Ask for the public tables (``variant``: a variant's key, ``speed``: one
    of :data:`SPEEDS`; "" for any); ``follow``: keep sending the list as it
    changes (at most once a second) until ``follow`` false or a join."""

    TYPE: ClassVar[str] = "lobby"
    variant: str = ""
    speed: str = ""
    follow: bool = True

    def __post_init__(self) -> None:
        _check_filter(self.variant, self.speed)
        _check(type(self.follow) is bool, "follow", "not a bool")


@dataclass(frozen=True)
class PlayNow:
    """Sit at once at a public table with a free seat (of that ``variant`` and
    ``speed``, when given), or at a new one with computers in the other seats."""

    TYPE: ClassVar[str] = "play_now"
    name: str
    game_version: str
    variant: str = ""
    speed: str = ""

    def __post_init__(self) -> None:
        _check_name(self.name, self.game_version)
        _check_filter(self.variant, self.speed)

    @classmethod
    def _build(cls, values: dict[str, Any]) -> PlayNow:
        return cls(**_stripped(values))


@dataclass(frozen=True)
class JoinTable:
    """Join the listed public table ``code`` (``watch``: only listen); the
    ``token`` of an earlier welcome gives a seat back.  A code that is no
    public table is refused ``no_table`` (a private room's too: it is never
    reached through the lobby)."""

    TYPE: ClassVar[str] = "join_table"
    name: str
    game_version: str
    code: str
    watch: bool = False
    token: str | None = None

    def __post_init__(self) -> None:
        _check_name(self.name, self.game_version)
        _check_code(self.code, "code")
        _check(type(self.watch) is bool, "watch", "not a bool")
        if self.token is not None:
            _check_token(self.token, "token")

    @classmethod
    def _build(cls, values: dict[str, Any]) -> JoinTable:
        return cls(**_stripped(values))


@dataclass(frozen=True)
class TableInfo:
    """One public table as the lobby lists it: its ``code``, the ``variant``'s
    key, the ``blinds`` now, the ``speed``, its ``seats``; how many hold
    ``people`` and ``computers`` (the rest are empty), the ``watchers``, and
    whether a game is ``running``.  A seat a computer or nobody holds is free
    for a person."""

    code: str
    variant: str
    blinds: tuple[int, ...]
    speed: str
    seats: int
    people: int
    computers: int
    watchers: int
    running: bool

    def __post_init__(self) -> None:
        _check_code(self.code, "code")
        _check_text(self.variant, "variant", 1, 64)
        _check(len(self.blinds) <= MAX_PLAYERS, "blinds", "too many items")
        for i, blind in enumerate(self.blinds):
            _check_int(blind, f"blinds[{i}]", 0, 10**12)
        _check_word(self.speed, "speed")
        _check_int(self.seats, "seats", 2, MAX_PLAYERS)
        _check_int(self.people, "people", 0, self.seats)
        _check_int(self.computers, "computers", 0, self.seats - self.people)
        _check_int(self.watchers, "watchers", 0, MAX_WATCHING)
        _check(type(self.running) is bool, "running", "not a bool")

    @property
    def free(self) -> int:
        """Seats a person may take (a computer's, or an empty one)."""
        return self.seats - self.people


@dataclass(frozen=True)
class Tables:
    """The public tables matching the receiver's filters (at most
    :data:`MAX_LISTED`, those with free seats and the most people first);
    ``total``: how many matched in all."""

    TYPE: ClassVar[str] = "tables"
    tables: tuple[TableInfo, ...]
    total: int

    def __post_init__(self) -> None:
        _check(len(self.tables) <= MAX_LISTED, "tables", "too many items")
        _check_int(self.total, "total", len(self.tables), 10**6)
        for i, table in enumerate(self.tables):
            _check(isinstance(table, TableInfo), f"tables[{i}]", "not a table")
