"""Server processes sharing a real Redis (on loopback, started here) when
things go wrong: a Redis that stops answering (paused with SIGSTOP) never
freezes the rooms of a process — they play on while what needs the
directory is refused ``busy`` — and the link between processes is pinned
to the certificate each published, so a process at the address that
presents another certificate is refused before it hears the secret."""

from __future__ import annotations

import os
import queue
import signal
import time
from collections.abc import Callable
from typing import Any

import redis

from holdem_desktop import __version__
from holdem_desktop.net.client import Closed
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import (
    Chat,
    Create,
    Error,
    Hello,
    HostMessage,
    Ping,
    Pong,
    Refused,
    Said,
    Welcome,
)
from holdem_desktop.net.standings_messages import AskStandings
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentList, Tournaments
from tests.desktop import wait_for

from .conftest import RedisServer, Served, needs_redis
from .test_server import next_message

pytestmark = needs_redis


def client(served: Served) -> OnlineClient:
    c = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint)
    c.connect()
    return c


def first(c: OnlineClient, message: Any, seconds: float = 15.0) -> HostMessage | Closed:
    """Send ``message``; the welcome, refusal or end that answers it."""
    c.send(message)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            got = c.get(timeout=max(0.01, end - time.monotonic()))
        except queue.Empty:
            break
        if isinstance(got, Welcome | Refused | Closed):
            return got
    raise AssertionError(f"no answer to {message} within {seconds} s")


def within(c: OnlineClient, wanted: Callable[[Any], bool], seconds: float) -> float:
    """Seconds until ``c`` receives a message ``wanted`` (fails past ``seconds``)."""
    start = time.monotonic()
    end = start + seconds
    while time.monotonic() < end:
        try:
            got = c.get(timeout=max(0.01, end - time.monotonic()))
        except queue.Empty:
            break
        if wanted(got):
            return time.monotonic() - start
    raise AssertionError(f"nothing wanted within {seconds} s")


def test_a_redis_that_stops_answering_freezes_no_room(make_server, redis_server: RedisServer):
    # a call may take 2 s (as the blocking client's socket timeout once did),
    # and the process says it is alive every 0.3 s
    settings = {"redis": redis_server.url, "heartbeat": 0.3, "redis_timeout": 2.0}
    a = make_server(**settings)
    b = make_server(**settings)
    mara, ada, cy = client(a), client(a), client(b)
    try:
        made = first(mara, Create("Mara", __version__, "heads_up", 2, "easy"))
        assert isinstance(made, Welcome)
        assert isinstance(first(ada, Hello("Ada", made.code, __version__)), Welcome)
        there = first(cy, Create("Cy", __version__, "heads_up", 2, "easy"))
        assert isinstance(there, Welcome) and there.code not in a.server.lobby.rooms
        os.kill(redis_server.process.pid, signal.SIGSTOP)
        try:
            # A's heartbeats now time out ...
            assert wait_for(lambda: a.server.stats["redis_TimeoutError"] >= 1, 10)
            failed = a.server.stats["redis_TimeoutError"]
            # ... and its room plays on at its usual pace meanwhile
            worst = 0.0
            for n in range(25):  # 2.5 s or more: beats fail meanwhile
                mara.send(Ping(n))
                worst = max(worst, within(mara, lambda got, n=n: got == Pong(n), 5))
                time.sleep(0.1)
            for n, (talker, listener) in enumerate([(mara, ada), (ada, mara)] * 2):
                talker.send(Chat(f"line {n}"))  # within the chat's own rate
                worst = max(worst, within(listener, lambda got, n=n: isinstance(got, Said)
                                          and got.text == f"line {n}", 5))
            assert worst < 0.8, f"an answer took {worst:.2f} s with Redis paused"
            assert a.server.stats["redis_TimeoutError"] > failed  # beats failed all along
            # what needs the directory is refused clearly, within its timeout
            for message in (Hello("Bo", there.code, __version__),
                            Create("Bo", __version__, "heads_up", 2, "easy")):
                asked = time.monotonic()
                with_a = client(a)
                try:
                    assert first(with_a, message, 10) == Refused("busy")
                finally:
                    with_a.close()
                assert time.monotonic() - asked < 5
            assert len(a.server.lobby.rooms) == 1  # no room made without a claimed code
        finally:
            os.kill(redis_server.process.pid, signal.SIGCONT)
        # Redis back: the join through A reaches the room on B again
        late = client(a)
        try:
            assert wait_for(lambda: a.server.stats["redis_TimeoutError"] > 0, 1)
            joined = first(late, Hello("Bo", there.code, __version__))
            assert isinstance(joined, Welcome) and joined.code == there.code
        finally:
            late.close()
    finally:
        for c in (mara, ada, cy):
            c.close()


def test_the_link_between_processes_is_pinned_to_the_published_certificate(
        make_server, redis_server: RedisServer):
    settings = {"redis": redis_server.url, "heartbeat": 60.0}
    a = make_server(**settings)
    b = make_server(**settings)
    impostor = make_server()  # its own certificate, on another port
    assert impostor.fingerprint != b.fingerprint
    r = redis.Redis.from_url(redis_server.url, decode_responses=True)
    b_id = b.server.directory.me
    assert r.hget(f"holdem:proc:{b_id}", "cert") == b.server.cert_pem
    mara = client(b)
    try:
        made = first(mara, Create("Mara", __version__, "heads_up", 2, "easy"))
        assert isinstance(made, Welcome)
        # through A, pinned to B's certificate: in
        ada = client(a)
        try:
            joined = first(ada, Hello("Ada", made.code, __version__))
            assert isinstance(joined, Welcome) and joined.code == made.code
        finally:
            ada.close()
        # the directory now sends B's players to another server
        r.hset(f"holdem:proc:{b_id}", "address", f"127.0.0.1:{impostor.port}")
        bo = client(a)
        try:
            assert first(bo, Hello("Bo", made.code, __version__)) == Refused("busy")
        finally:
            bo.close()
        assert a.server.stats["peer_refused"] == 1
        # the impostor never saw a request, so never the secret
        assert not {"connections", "bad_peer", "health", "not_found"} & set(impostor.server.stats)
        # a peer that published no certificate is not trusted either
        r.hset(f"holdem:proc:{b_id}", mapping={"address": f"127.0.0.1:{b.port}", "cert": ""})
        cy = client(a)
        try:
            assert first(cy, Hello("Cy", made.code, __version__)) == Refused("busy")
        finally:
            cy.close()
        assert a.server.stats["peer_unpinned"] == 1
    finally:
        mara.close()
        r.close()


def test_a_tournament_request_sent_on_is_pinned_too(make_server, redis_server: RedisServer,
                                                     tmp_path):
    """A lobby's request about another process's tournament goes over a link
    pinned as a join's: to an impostor at the peer's address, never (the
    player hears ``away``); a link opened before goes on answering."""
    offers = tmp_path / "offers.toml"
    offers.write_text('[[tournament]]\nname = "Slow"\nvariant = "tournament"\nplayers = 6\n'
                      'seats_per_table = 3\nspeed = "normal"\n', encoding="utf-8")
    settings = {"redis": redis_server.url, "heartbeat": 60.0}
    a = make_server(tournaments=offers, **settings)
    b = make_server(**settings)
    impostor = make_server()
    r = redis.Redis.from_url(redis_server.url, decode_responses=True)
    ann = client(b)
    bo = client(b)
    try:
        end = time.monotonic() + 20
        while True:  # (B reads A's lines every second)
            ann.send(TournamentList())
            got = next_message(ann, (Tournaments, Error))
            if isinstance(got, Tournaments) and got.tournaments:
                break
            assert time.monotonic() < end, got
            time.sleep(0.3)
        key = got.tournaments[0].id
        ann.send(TournamentEntry(key, "Ann", token="ab" * 16))
        registered = next_message(ann, (Tournaments, Error))
        assert isinstance(registered, Tournaments), registered
        assert registered.tournaments[0].registered == 1  # (A's answer, through B)
        # the directory now sends A's players to another server
        r.hset(f"holdem:proc:{a.server.directory.me}", "address",
               f"127.0.0.1:{impostor.port}")
        bo.send(AskStandings(key))
        assert next_message(bo, (Error,)) == Error("tournament", {"reason": "away"})
        assert b.server.stats["peer_refused"] == 1
        assert not {"connections", "bad_peer", "health", "not_found"} & set(impostor.server.stats)
        # Ann's link was pinned to A at its opening: it goes on answering
        ann.send(AskStandings(key))
        assert next_message(ann, (Error,)) == Error("tournament", {"reason": "not_running"})
    finally:
        ann.close()
        bo.close()
        r.close()
