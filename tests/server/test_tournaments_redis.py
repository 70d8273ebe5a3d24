"""The lobby shows a tournament from every process (issue 35 item 2): two
real ``serve`` processes share a real ``redis-server``; A runs the
tournaments, B runs none.  A client of B lists A's tournaments with their
structure, registers for one and takes it back (A counts it; a stranger
may not take it back), registers for
a sit-and-go that starts at once and takes its seat at A's table through B;
a watcher lists that tournament's tables through B and watches one by its
code; a malformed request at B is refused to its sender alone, the others
play on.

When B runs tournaments too, one connection to B registers for both
processes' tournaments, takes one back, asks the tables and standings of
both (its answers in the order of its requests), and hears both seats: each
request about A's goes over the connection's link to A, the connection
stays at B.  A killed, the next request about its tournament is refused
``away`` and B's own are answered as before."""

from __future__ import annotations

import queue
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.client import Closed
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Error, Hello, Ping, Pong, Table, Welcome
from holdem_desktop.net.standings_messages import AskStandings, TournamentStandings
from holdem_desktop.net.tournament_messages import (
    TournamentEntry,
    TournamentInfo,
    TournamentList,
    TournamentNews,
    Tournaments,
)
from holdem_desktop.net.tournament_tables import TournamentRooms, TournamentSeat, TournamentTables

from .conftest import needs_redis
from .process import ServeProcess, sharing_redis
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


B_OFFERS = """
[[tournament]]
name = "B slow"
variant = "tournament"
players = 6
seats_per_table = 3
speed = "normal"

[[tournament]]
name = "B now"
variant = "tournament"
players = 6
seats_per_table = 6
speed = "turbo"
computers_after = 0
"""


@pytest.fixture
def two(tmp_path, redis_url):
    (tmp_path / "offers.toml").write_text(OFFERS, encoding="utf-8")
    yield from sharing_redis(tmp_path, redis_url, "--tournaments", str(tmp_path / "offers.toml"))


@pytest.fixture
def both(tmp_path, redis_url):
    """A and B each run tournaments of their own."""
    (tmp_path / "offers.toml").write_text(OFFERS, encoding="utf-8")
    (tmp_path / "b_offers.toml").write_text(B_OFFERS, encoding="utf-8")
    yield from sharing_redis(tmp_path, redis_url, "--tournaments", str(tmp_path / "offers.toml"),
                             extra_b=("--tournaments", str(tmp_path / "b_offers.toml")))


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
        listing(b.port, lambda ts: counted(ts, "Slow six") == 1)  # (A's lines, read at B)
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


ANSWERS = (Tournaments, Error, TournamentRooms, TournamentStandings)
"""What answers a tournament request (the news and the seats come on their own)."""


def answers(client: OnlineClient, count: int, heard: list[object], seconds: float = 20.0
            ) -> list[object]:
    """The next ``count`` answers, in order; the rest heard meanwhile goes to ``heard``."""
    got: list[object] = []
    end = time.monotonic() + seconds
    while len(got) < count:
        message = client.get(timeout=max(0.01, end - time.monotonic()))
        assert not isinstance(message, Closed), (message, got, heard)
        (got if isinstance(message, ANSWERS) else heard).append(message)
    return got


def by_name(ts, name: str) -> TournamentInfo:
    return next(t for t in ts if t.name == name)


def counted(ts, name: str) -> int:
    """How many registered for ``name`` (-1: not listed, as a process's
    lines may be for a moment while another reads them)."""
    return next((t.registered for t in ts if t.name == name), -1)


def all_four(port: int) -> tuple[TournamentInfo, ...]:
    return listing(port, lambda ts: {t.name for t in ts} >= {
        "Slow six", "Now six", "B slow", "B now"})


def test_one_connection_to_b_plays_both_processes_tournaments(both):
    a, b = both
    listed = all_four(b.port)
    a_slow, a_now = by_name(listed, "Slow six"), by_name(listed, "Now six")
    b_slow, b_now = by_name(listed, "B slow"), by_name(listed, "B now")
    assert a_slow.id[:6] != b_slow.id[:6]  # (each process's ids begin with its own)
    heard: list[object] = []
    ann = connected(b.port)
    try:
        # registered for A's, then for B's own, on the same connection
        ann.send(TournamentEntry(a_slow.id, "Ann", token="ab" * 16))
        [got] = answers(ann, 1, heard)
        assert isinstance(got, Tournaments), got
        assert by_name(got.tournaments, "Slow six").registered == 1
        ann.send(TournamentEntry(b_slow.id, "Ann", token="ab" * 16))
        [got] = answers(ann, 1, heard)
        assert isinstance(got, Tournaments), got  # (not A's "no_tournament")
        assert by_name(got.tournaments, "B slow").registered == 1
        # A's taken back; both processes count what happened
        ann.send(TournamentEntry(a_slow.id, "Ann", register=False, token="ab" * 16))
        [got] = answers(ann, 1, heard)
        assert isinstance(got, Tournaments) and by_name(got.tournaments, "Slow six").registered == 0
        listing(a.port, lambda ts: counted(ts, "Slow six") == 0 and counted(ts, "B slow") == 1)
        # the lobby's list is still B's: its own first, then A's
        ann.send(TournamentList())
        [got] = answers(ann, 1, heard)
        assert [t.name for t in got.tournaments][:2] == ["B slow", "B now"]

        # both sit-and-goes start (computers fill them): both seats are heard here
        ann.send(TournamentEntry(a_now.id, "Ann", token="ab" * 16))
        ann.send(TournamentEntry(b_now.id, "Ann", token="ab" * 16))
        first, second = answers(ann, 2, heard)
        assert isinstance(first, Tournaments) and isinstance(second, Tournaments)
        end = time.monotonic() + 30
        while {m.id for m in heard if isinstance(m, TournamentSeat)} != {a_now.id, b_now.id}:
            heard.append(ann.get(timeout=max(0.01, end - time.monotonic())))
            assert not isinstance(heard[-1], Closed), heard
        seats = {m.id: m for m in heard if isinstance(m, TournamentSeat)}
        assert all(s.name == "Ann" for s in seats.values())
        assert len([m for m in heard if isinstance(m, TournamentSeat)]) == 2  # once each

        # tables and standings of both, asked back to back: answered in that order
        for key in (a_now.id, b_now.id, a_slow.id, b_slow.id):
            ann.send(AskStandings(key))
        for key in (a_now.id, b_now.id):
            ann.send(TournamentTables(key))
        got = answers(ann, 6, heard)
        assert [type(m) for m in got] == [TournamentStandings, TournamentStandings, Error,
                                          Error, TournamentRooms, TournamentRooms], got
        assert [m.id for m in got[:2]] == [a_now.id, b_now.id]
        assert [m.name for m in got[:2]] == ["Ann", "Ann"]  # followed on both processes
        assert got[2] == got[3] == Error("tournament", {"reason": "not_running"})
        assert [m.id for m in got[4:]] == [a_now.id, b_now.id]
        assert seats[a_now.id].code in {r.code for r in got[4].tables}
        assert seats[b_now.id].code in {r.code for r in got[5].tables}
        assert not [m for m in heard if isinstance(m, Error)]
        news = [m for m in heard if isinstance(m, TournamentNews)]
        assert all(m.name == "Ann" for m in news)
    finally:
        ann.close()
    # the seat told through B is reached through B, with its token
    seat = seats[a_now.id]
    bo = connected(b.port)
    try:
        bo.send(Hello("Ann", seat.code, __version__, seat.token))
        welcome = answer(bo, (Welcome,), 15)
        assert welcome.code == seat.code and welcome.seat is not None
    finally:
        bo.close()
    assert not [e for p in (a, b) for e in p.errors if "Traceback" in e]


def test_a_process_gone_is_refused_away_and_the_others_answer(both):
    a, b = both
    listed = all_four(b.port)
    a_slow, b_slow = by_name(listed, "Slow six"), by_name(listed, "B slow")
    heard: list[object] = []
    ann = connected(b.port)
    bo = connected(b.port)
    try:
        ann.send(TournamentEntry(a_slow.id, "Ann", token="ab" * 16))
        ann.send(TournamentEntry(b_slow.id, "Ann", token="ab" * 16))
        assert [type(m) for m in answers(ann, 2, heard)] == [Tournaments, Tournaments]
        bo.send(TournamentEntry(a_slow.id, "Bo", token="cd" * 16))
        assert [type(m) for m in answers(bo, 1, heard)] == [Tournaments]

        # a malformed request of Ann's: refused to her alone; her link still answers
        ann.send_bytes(b'{"v":1,"type":"tournament_standings_please","id":"x"}')
        ann.send_bytes(b'{"v":1,"type":"tournament_entry","id":"bad id!","name":"Eve"}')
        ann.send(AskStandings(a_slow.id))
        got = answers(ann, 3, heard)
        assert [m.reason for m in got[:2]] == ["malformed", "malformed"]
        assert got[2] == Error("tournament", {"reason": "not_running"})
        bo.send(AskStandings(a_slow.id))
        assert answers(bo, 1, heard) == [Error("tournament", {"reason": "not_running"})]

        # A killed while both hold a link to it
        a.kill()
        started = time.monotonic()
        ann.send(AskStandings(a_slow.id))
        ann.send(TournamentEntry(a_slow.id, "Ann", register=False, token="ab" * 16))
        ann.send(AskStandings(b_slow.id))
        ann.send(TournamentEntry(b_slow.id, "Ann", register=False, token="ab" * 16))
        got = answers(ann, 4, heard)
        away = Error("tournament", {"reason": "away"})
        assert got[:2] == [away, away], got
        assert got[2] == Error("tournament", {"reason": "not_running"})
        assert isinstance(got[3], Tournaments)
        assert by_name(got[3].tournaments, "B slow").registered == 0
        assert time.monotonic() - started < 15  # refused, never left waiting
        bo.send(TournamentTables(a_slow.id))
        assert answers(bo, 1, heard) == [away]
        # later too, once A's lines are gone from the directory: still away, not unknown
        listing(b.port, lambda ts: "Slow six" not in {t.name for t in ts})
        ann.send(AskStandings(a_slow.id))
        assert answers(ann, 1, heard) == [away]
        assert not [m for m in heard if isinstance(m, Error | Closed)], heard
    finally:
        ann.close()
        bo.close()
    assert not [e for e in b.errors if "Traceback" in e]


def test_a_link_opens_again_by_itself_and_the_start_is_heard(both, tmp_path, redis_url):
    """A restarted (its data kept): the link of a person waiting at B for the
    start of A's tournament opens again by itself, the registration with it,
    and the seat is heard at B when the tournament starts."""
    a, b = both
    listed = all_four(b.port)
    a_slow = by_name(listed, "Slow six")
    heard: list[object] = []
    ann = connected(b.port)
    again = None
    others = []
    try:
        came = time.monotonic()
        ann.send(TournamentEntry(a_slow.id, "Ann", token="ab" * 16))
        assert [type(m) for m in answers(ann, 1, heard)] == [Tournaments]
        a.kill()
        # Ann's game pings B meanwhile, past B's hello deadline (10 s): still
        # waiting on A's tournament, though no link to A is open now
        for n in range(40):
            ann.send(Ping(n))
            assert next_message(ann, (Pong,), 10) == Pong(n)
            if time.monotonic() - came > 11:
                break
            time.sleep(0.5)  # (a game's pace; not waiting for anything)
        again = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--insecure", "--data",
                             str(tmp_path / "a"), "--redis", redis_url, "--heartbeat", "0.3",
                             "--rate", "1000", "--burst", "1000",
                             "--tournaments", str(tmp_path / "offers.toml"))
        port = again.wait_ready()
        for k in range(5):  # the others register at A itself: the sit-and-go starts
            other = connected(port)
            others.append(other)
            other.send(TournamentEntry(a_slow.id, f"P{k}", token=f"{k:02d}" * 16))
            assert isinstance(answer(other, (Tournaments,)), Tournaments)
        end = time.monotonic() + 30
        while not [m for m in heard if isinstance(m, TournamentSeat)]:
            heard.append(ann.get(timeout=max(0.01, end - time.monotonic())))
            assert not isinstance(heard[-1], Closed), heard
        [seat] = [m for m in heard if isinstance(m, TournamentSeat)]
        assert seat.id == a_slow.id and seat.name == "Ann"
        assert not [m for m in heard if isinstance(m, Error)], heard
    finally:
        for c in (ann, *others):
            c.close()
        if again is not None:
            again.stop()
    assert not [e for e in b.errors if "Traceback" in e]
