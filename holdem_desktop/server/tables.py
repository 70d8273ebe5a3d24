"""The lobby's list of public tables, and those who follow it (no I/O).

Every public table of the server is listed: this process's own (read from
its rooms) and, with ``--redis``, those the other processes publish in the
directory (:attr:`PublicTables.elsewhere`, refreshed by the service every
second).  A connection in no room asks for the list with
:class:`~holdem_desktop.net.lobby_messages.LobbyList` (its filters: a
variant, a speed) and, when it follows, hears it again whenever it changed,
at most once every :data:`UPDATE_EVERY` seconds: a screen reader can say
one update before the next comes, and a thousand tables changing at once
cost one message a second to each follower.  The lists are handed out a
share at a time (the service asks every :data:`SLICE` seconds, and each
turn gives at most the followers' share of the time since the last, the
longest waiting first): five hundred followers cost a few lists every
turn of the loop, not five hundred in one, which would hold up every
room's messages meanwhile.

Requests are limited per connection (:data:`REQUESTS` a second, a burst of
:data:`REQUEST_BURST`): past it the sender alone is answered ``error``
``too_fast`` and nothing is computed for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from holdem_desktop.net.limits import TokenBucket
from holdem_desktop.net.lobby_messages import MAX_LISTED, LobbyList, TableInfo, Tables
from holdem_desktop.net.room import Room

__all__ = ["REQUESTS", "REQUEST_BURST", "SLICE", "UPDATE_EVERY", "PublicTables", "table_info"]

UPDATE_EVERY = 1.0
"""Seconds between two lists sent to one follower, at least."""
REQUESTS = 1.0
"""Lobby requests a second one connection may make (past the burst)."""
REQUEST_BURST = 5.0
"""Lobby requests one connection may make at once."""
SLICE = 0.05
"""Seconds between two turns of the followers' lists (the service's pace)."""
REFRESH = 0.25
"""Seconds a computed list is used for before the tables are read again."""


def table_info(room: Room) -> TableInfo:
    """``room`` (a public table) as the lobby lists it."""
    seen = room.listing()
    return TableInfo(room.code, room.variant.key, seen.blinds, room.speed, room.size,
                     seen.people, seen.computers, seen.watchers, seen.running)


def matches(table: TableInfo, variant: str, speed: str) -> bool:
    """Whether ``table`` passes the filters ("" lets any through)."""
    return (not variant or table.variant == variant) and (not speed or table.speed == speed)


def _order(table: TableInfo) -> tuple[int, int, str]:
    """Tables with a free seat first, then those with the most people."""
    return (0 if table.free else 1, -table.people, table.code)


@dataclass
class _Follower:
    variant: str
    speed: str
    last: Tables | None = None
    sent_at: float = float("-inf")


@dataclass
class PublicTables:
    """The public tables and the connections following the list."""

    rooms: dict[str, Room]
    clock: Callable[[], float]
    elsewhere: dict[str, TableInfo] = field(default_factory=dict)
    """Public tables other processes hold, by code (the service refreshes them)."""
    followers: dict[str, _Follower] = field(default_factory=dict)
    _buckets: dict[str, TokenBucket] = field(default_factory=dict)
    _lists: dict[tuple[str, str], Tables] = field(default_factory=dict)
    """The list each filter gave last (the same object while it is unchanged)."""
    _fresh: set[tuple[str, str]] = field(default_factory=set)
    """Filters whose list was read from the tables since :attr:`_read_at`."""
    _read_at: float = float("-inf")
    _turned_at: float = float("-inf")

    def here(self) -> list[TableInfo]:
        """This process's public tables."""
        return [table_info(room) for room in self.rooms.values() if room.public]

    def all(self) -> list[TableInfo]:
        """Every public table of the server (this process's win over a stale
        entry of the directory with the same code)."""
        mine = self.here()
        codes = {t.code for t in mine}
        return mine + [t for code, t in self.elsewhere.items() if code not in codes]

    def listed(self, variant: str, speed: str, tables: Iterable[TableInfo] | None = None
               ) -> Tables:
        """The list as the filters give it (the first :data:`MAX_LISTED`)."""
        found = sorted((t for t in (self.all() if tables is None else tables)
                        if matches(t, variant, speed)), key=_order)
        return Tables(tuple(found[:MAX_LISTED]), len(found))

    def allowed(self, conn: str) -> bool:
        """Whether ``conn`` may make another lobby request now."""
        bucket = self._buckets.get(conn)
        if bucket is None:
            bucket = self._buckets[conn] = TokenBucket(REQUESTS, REQUEST_BURST, self.clock)
        return bucket.take()

    def ask(self, conn: str, request: LobbyList) -> Tables:
        """``conn`` asked for the list: what to send it now (it follows the
        list from now on when ``request.follow``)."""
        answer = self.listed(request.variant, request.speed)
        if request.follow:
            self.followers[conn] = _Follower(request.variant, request.speed, answer,
                                             self.clock())
        else:
            self.followers.pop(conn, None)
        return answer

    def following(self, conn: str) -> bool:
        """Whether ``conn`` follows the list (it may stay in no room)."""
        return conn in self.followers

    def forget(self, conn: str) -> None:
        """``conn`` closed, or joined a table: it no longer follows."""
        self.followers.pop(conn, None)
        self._buckets.pop(conn, None)

    def updates(self) -> list[tuple[str, Tables]]:
        """The lists to send now: to each follower whose list changed since it
        was last sent and who heard none for :data:`UPDATE_EVERY` seconds,
        the longest waiting first, and no more of them than the followers'
        share of the time since the last call (all of them after a second):
        called every :data:`SLICE`, the lists leave a few at a time.
        Followers with the same filters share one computation."""
        now = self.clock()
        elapsed, self._turned_at = min(UPDATE_EVERY, now - self._turned_at), now
        if not self.followers:
            return []
        if now - self._read_at >= REFRESH:
            self._read_at = now
            self._fresh.clear()
            used = {(f.variant, f.speed) for f in self.followers.values()}
            self._lists = {key: kept for key, kept in self._lists.items() if key in used}
        due = sorted((f.sent_at, conn) for conn, f in self.followers.items()
                     if now - f.sent_at >= UPDATE_EVERY)
        most = math.ceil(len(self.followers) * max(0.0, elapsed) / UPDATE_EVERY) + 1
        tables: list[TableInfo] | None = None
        out = []
        for _, conn in due:
            f = self.followers[conn]
            key = (f.variant, f.speed)
            if key not in self._fresh:
                if tables is None:
                    tables = self.all()
                listed = self.listed(f.variant, f.speed, tables)
                if listed != self._lists.get(key):
                    self._lists[key] = listed
                self._fresh.add(key)
            listed = self._lists[key]
            if listed is f.last:
                continue
            if listed == f.last:
                f.last = listed  # (the same list: compared by identity from now on)
                continue
            f.last, f.sent_at = listed, now
            out.append((conn, listed))
            if len(out) >= most:
                break
        return out
