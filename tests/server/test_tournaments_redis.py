"""The lobby shows a tournament from every process (issue 35 item 2): two
real ``serve`` processes share a real ``redis-server``; A runs the
tournaments, B runs none.  A client of B lists A's tournaments with their
structure, registers for one and takes it back (A counts it; a stranger
may not take it back), registers for
a sit-and-go that starts at once and takes its seat at A's table through B;
a watcher lists that tournament's tables through B and watches one by its
code; a malformed request at B is refused to its sender alone, the others
play on."""

from __future__ import annotations

import queue
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Error, Hello, Table, Welcome
from holdem_desktop.net.tournament_messages import (
    TournamentEntry,
    TournamentInfo,
    TournamentList,
    Tournaments,
)
from holdem_desktop.net.tournament_tables import TournamentRooms, TournamentSeat, TournamentTables

from .conftest import needs_redis
from .process import sharing_redis
from .test_server import next_message

pytestmark = needs_redis

OFFERS = '''
[[tournament]]
name = "Slow six"
variant = "tournament"
players = 6
seats_per_table = 3
speed = "normal"

[[tournament]]
name = "Now six"
variant = "tournament"
players = 6
seats_per_table = 6
speed = "turbo"
computers_after = 0
'''


@pytest.fixture
def two(tmp_path, redis_url):
    (tmp_path / "offers.toml").write_text(OFFERS, encoding="utf-8")
    yield from sharing_redis(tmp_path, redis_url, "--tournaments", str(tmp_path / "offers.toml"))


def connected(port: int) -> OnlineClient:
    client = OnlineClient("127.0.0.1", port, tls=False)
    client.connect()
    return client


def listing(port: int, done, seconds: float = 20.0) -> tuple[TournamentInfo, ...]:
    """The tournaments the lobby at ``port`` lists, asked again until ``done``."""
    end = time.monotonic() + seconds
    client = connected(port)
    try:
        while True:
            client.send(TournamentList())
            got = next_message(client, (Tournaments, Error))
            # (B offers none: "none" until A's are read from Redis; asked
            # again at most a few times a second, as any lobby request)
            assert isinstance(got, Tournaments) or got in (
                Error("tournament", {"reason": "none"}), Error("too_fast", {}))
            listed = got.tournaments if isinstance(got, Tournaments) else ()
            if done(listed):
                return listed
            assert time.monotonic() < end, got
            time.sleep(0.5)
    finally:
        client.close()


def answer(client: OnlineClient, kinds: tuple[type, ...], seconds: float = 15.0):
    got = next_message(client, kinds, seconds)
    assert isinstance(got, kinds), got
    return got


def test_the_lobby_of_another_process_lists_and_relays_a_tournament(two):
    a, b = two
    at_a = listing(a.port, lambda ts: len(ts) == 2)
    slow = next(t for t in at_a if t.name == "Slow six")
    now = next(t for t in at_a if t.name == "Now six")
    # B lists A's tournaments, with their structure, as A does
    at_b = listing(b.port, lambda ts: {t.id for t in ts} >= {slow.id, now.id})
    assert {t.id: t for t in at_b}[slow.id] == slow
    assert {t.id: t for t in at_b}[now.id] == now

    # registered and taken back through B: A counts it, and B lists it
    ann = connected(b.port)
    try:
        ann.send(TournamentEntry(slow.id, "Ann", token="ab" * 16))
        registered = answer(ann, (Tournaments,))
        assert {t.id: t for t in registered.tournaments}[slow.id].registered == 1
        listing(a.port, lambda ts: {t.id: t for t in ts}[slow.id].registered == 1)
        listing(b.port, lambda ts: {t.id: t for t in ts}[slow.id].registered == 1)
        # a stranger at B cannot take it back: the owner's rule holds on this path too
        eve = connected(b.port)
        try:
            eve.send(TournamentEntry(slow.id, "Ann", register=False))
            assert answer(eve, (Error,)) == Error("tournament", {"reason": "not_yours"})
        finally:
            eve.close()
        ann.send(TournamentEntry(slow.id, "Ann", register=False, token="ab" * 16))
        back = answer(ann, (Tournaments,))
        assert {t.id: t for t in back.tournaments}[slow.id].registered == 0
    finally:
        ann.close()
    listing(a.port, lambda ts: {t.id: t for t in ts}[slow.id].registered == 0)

    # a malformed request at B: refused to its sender alone
    bad = connected(b.port)
    bo = connected(b.port)
    watcher = None
    try:
        bad.send_bytes(b'{"v":1,"type":"tournament_entry","id":"bad id!","name":"Eve"}')
        refused = answer(bad, (Error,))
        assert refused.reason == "malformed"

        # Bo registers for the sit-and-go through B: it starts (computers
        # fill it), he is told his seat at A's table and takes it
        bo.send(TournamentEntry(now.id, "Bo", token="cd" * 16))
        answer(bo, (Tournaments,))
        seat = answer(bo, (TournamentSeat,), 30)
        assert seat.id == now.id and seat.name == "Bo"
        bo.send(Hello("Bo", seat.code, __version__, seat.token))
        welcome = answer(bo, (Welcome,), 15)
        assert welcome.code == seat.code and welcome.seat is not None
        table = answer(bo, (Table,))
        assert table.names[welcome.seat] == "Bo"

        # a watcher lists its tables through B, and watches one by its code
        watcher = connected(b.port)
        watcher.send(TournamentTables(now.id))
        rooms = answer(watcher, (TournamentRooms,))
        assert seat.code in {r.code for r in rooms.tables}
        watcher.close()
        end = time.monotonic() + 15
        while True:  # (the table's code is claimed in the directory within a second)
            watcher = connected(b.port)
            watcher.send(Hello("Wat", seat.code, __version__))
            got = next_message(watcher, (Welcome, Error), 10)
            if isinstance(got, Welcome) or time.monotonic() > end:
                break
            watcher.close()
            time.sleep(0.2)
        assert isinstance(got, Welcome) and got.code == seat.code and got.seat is None
        assert not [m for m in drained(bo) if isinstance(m, Error)]
    finally:
        for c in (bad, bo, watcher):
            if c is not None:
                c.close()
    assert not [e for p in (a, b) for e in p.errors if "Traceback" in e]


def drained(client: OnlineClient) -> list[object]:
    out = []
    while True:
        try:
            out.append(client.get(timeout=0.2))
        except queue.Empty:
            return out
