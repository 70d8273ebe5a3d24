"""The lobby across two real ``serve`` processes sharing a real
``redis-server``: a follower at one process lists the public table the
other holds, Play now at the first seats the player at that table (sent on
to its process), a listed table is joined from either, and a private
room's code is still never reached through the lobby of another process."""

from __future__ import annotations

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.lobby_messages import JoinTable, LobbyList, PlayNow, Tables
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Create, Refused, Welcome
from tests.net.test_host import Player, run_until

from .conftest import needs_redis
from .process import sharing_redis
from .test_public_tables import lists
from .test_redis import first_answer

pytestmark = needs_redis


@pytest.fixture
def two(tmp_path, redis_url):
    yield from sharing_redis(tmp_path, redis_url)


def client(port: int) -> OnlineClient:
    return OnlineClient("127.0.0.1", port, tls=False)


def listed_until(follower: OnlineClient, done, seconds: float = 15.0) -> Tables:
    heard = lists(follower, seconds, until=done)
    assert heard and done(heard[-1][1]), heard[-1:] or "no list came"
    return heard[-1][1]


def test_the_lobby_lists_and_seats_across_processes(two):
    a, b = two
    ann = Player("Ann", a.port, 1, client=client(a.port), first=PlayNow("Ann", __version__))
    players = [ann]
    follower = client(b.port)
    follower.connect()
    try:
        run_until(players, lambda: ann.table is not None and ann.table.started, 15)
        follower.send(LobbyList())
        listed = listed_until(follower, lambda t: t.total == 1, 30)
        table = listed.tables[0]
        assert (table.code, table.people, table.computers) == (ann.code, 1, 5)
        # Play now at B: no table there, so it is sent on to A's table with a free seat
        bo = Player("Bo", b.port, 2, client=client(b.port), first=PlayNow("Bo", __version__))
        players.append(bo)
        run_until(players, lambda: bo.code != "", 15)
        assert bo.code == ann.code
        run_until(players, lambda: bo.seat is not None, 60)
        assert bo.seat is not None
        # the follower at B hears the table's two people (published by A)
        listed = listed_until(follower, lambda t: t.total == 1 and t.tables[0].people == 2, 20)
        # a listed table joined (to watch) through B
        eve = Player("Eve", b.port, 3, client=client(b.port),
                     first=JoinTable("Eve", __version__, ann.code, watch=True))
        players.append(eve)
        run_until(players, lambda: eve.code != "", 15)
        assert eve.code == ann.code and eve.seat is None
    finally:
        follower.close()
        for p in players:
            p.client.close()
    # a private room at A is neither listed nor reached through B's lobby
    made, mara = first_answer(a.port, Create("Mara", __version__, "tournament", 3, "easy"),
                              keep=True)
    assert isinstance(made, Welcome)
    try:
        answer, _c = first_answer(b.port, JoinTable("Ida", __version__, made.code))
        assert answer == Refused("no_table")
    finally:
        mara.close()
