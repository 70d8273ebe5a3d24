"""A running tournament's tables on the wire (issue 35 item 2): each table is
a room of the server's kind.  Messages only, checked when built like every
other (:mod:`.protocol` parses them).

- :class:`TournamentSeat` (server): where a person registered sits now —
  their tournament ``id``, their ``name``, the ``table``'s number and its
  room ``code``, and the ``token`` that seats them there: sent at the start
  and at each move to the connection they registered from (or the one they
  sit at), and again when they come back with it.  They say ``hello`` with
  that code, their name and the token (a hello with the token reaches their
  table now, whatever its code: a person who reconnects after a move gets
  to their new seat).
- :class:`TournamentTables` (client, in no room): a tournament's tables,
  answered :class:`TournamentRooms` (each table's number, code, players and
  watchers), or ``error`` ``tournament`` ``no_tournament``.  Anyone may
  follow a table by saying ``hello`` with its code: they watch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .checks import _check, _check_code, _check_int, _check_text, _check_token
from .tournament_messages import _check_id

__all__ = ["MAX_TABLES", "TableRoom", "TournamentRooms", "TournamentSeat", "TournamentTables"]

MAX_TABLES = 200
"""Tables in one :class:`TournamentRooms` message at most."""


@dataclass(frozen=True)
class TournamentSeat:
    """Where ``name`` sits in tournament ``id`` now (see the module's text)."""

    TYPE: ClassVar[str] = "tournament_seat"
    id: str
    name: str
    table: int
    code: str
    token: str

    def __post_init__(self) -> None:
        _check_id(self.id, "id")
        _check_text(self.name, "name", 1, 100)
        _check_int(self.table, "table", 1, 100_000)
        _check_code(self.code, "code")
        _check_token(self.token, "token")


@dataclass(frozen=True)
class TournamentTables:
    """Ask for tournament ``id``'s tables."""

    TYPE: ClassVar[str] = "tournament_tables"
    id: str

    def __post_init__(self) -> None:
        _check_id(self.id, "id")


@dataclass(frozen=True)
class TableRoom:
    """One table of a running tournament: its number, room code, the players
    seated and those watching."""

    table: int
    code: str
    players: int
    watchers: int

    def __post_init__(self) -> None:
        _check_int(self.table, "table", 1, 100_000)
        _check_code(self.code, "code")
        _check_int(self.players, "players", 0, 10)
        _check_int(self.watchers, "watchers", 0, 1000)


@dataclass(frozen=True)
class TournamentRooms:
    """Tournament ``id``'s tables, by number (none when it does not run)."""

    TYPE: ClassVar[str] = "tournament_rooms"
    id: str
    tables: tuple[TableRoom, ...]

    def __post_init__(self) -> None:
        _check_id(self.id, "id")
        _check(len(self.tables) <= MAX_TABLES, "tables", "too many items")
        for i, t in enumerate(self.tables):
            _check(isinstance(t, TableRoom), f"tables[{i}]", "not a table")
