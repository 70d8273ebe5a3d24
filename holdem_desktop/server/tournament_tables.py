"""The lobby's answer about a running tournament's tables (no I/O): each one's
number, room code, players and watchers (see
:mod:`~holdem_desktop.net.tournament_tables`); anyone may then follow one by
saying hello with its code."""

from __future__ import annotations

from collections.abc import Mapping

from holdem_desktop.net.protocol import Error
from holdem_desktop.net.room import Room
from holdem_desktop.net.tournament_tables import (
    MAX_TABLES,
    TableRoom,
    TournamentRooms,
    TournamentSeat,
    TournamentTables,
)

from .tournament_room import TournamentRoom
from .tournaments import TournamentDesk

__all__ = ["rooms_of", "seat_of"]


def rooms_of(desk: TournamentDesk | None, rooms: Mapping[str, Room], message: TournamentTables
             ) -> TournamentRooms | Error:
    """Tournament ``message.id``'s tables among ``rooms`` (none when it does
    not run), or ``error`` ``tournament`` ``no_tournament``."""
    if desk is None or message.id not in desk.entries:
        return Error("tournament", {"reason": "no_tournament"})
    found = sorted((room for room in rooms.values()
                    if isinstance(room, TournamentRoom) and room.tournament == message.id),
                   key=lambda room: room.number)
    return TournamentRooms(message.id, tuple(
        TableRoom(room.number, room.code, room.players(),
                  sum(1 for m in room.members if m.seat is None and m.conn is not None))
        for room in found[:MAX_TABLES]))


def seat_of(rooms: Mapping[str, Room], key: str, name: str) -> TournamentSeat | None:
    """Where ``name`` sits in tournament ``key`` now, among ``rooms`` (None:
    nowhere, out or never seated)."""
    for room in rooms.values():
        if isinstance(room, TournamentRoom) and room.tournament == key and name in room.tokens:
            return TournamentSeat(key, name, room.number, room.code, room.tokens[name])
    return None
