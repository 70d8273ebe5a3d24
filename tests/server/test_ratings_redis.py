"""Ratings across machines (``serve --redis``): two account stores, each
with a file of its own as on two machines, sharing a real ``redis-server``.
A game rated on one is on the other's leaderboard and in its My rating;
the same game reported by both is rated once; the figures are those the
one-machine SQLite store computes for the same games; and two machines
rating one account at once both count."""

from __future__ import annotations

import threading

import pytest

from holdem_desktop.server.account_redis import RedisAccounts, redis_client
from holdem_desktop.server.accounts import AccountStore, Seat, hash_password

from .conftest import needs_redis

pytestmark = [needs_redis, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

GAMES = [  # (game, places of Ana, Bo and a guest)
    ("111111/1/7", {"Ana": 1, "Bo": 2, None: 3}),
    ("222222/1/3", {"Bo": 1, None: 2, "Ana": 3}),
    ("111111/2/9", {"Ana": 1, "Bo": 2}),
]


def seats(places: dict[str | None, int]) -> list[Seat]:
    return [Seat(account, place) for account, place in places.items()]


@pytest.fixture
def machines(tmp_path, redis_url):
    made = [RedisAccounts(tmp_path / name / "accounts.sqlite", redis_client(redis_url, 2.0))
            for name in ("a", "b")]
    yield made
    for store in made:
        store.close()


def test_a_game_rated_on_one_machine_is_rated_once_and_read_on_the_other(machines, tmp_path):
    a, b = machines
    alone = AccountStore(tmp_path / "one" / "accounts.sqlite")  # the same games, one machine
    for store in (a, alone):
        assert store.create("Ana", hash_password("correct horse battery"))
        assert store.create("Bo", hash_password("correct horse battery")) or store is b
    for game, places in GAMES:
        here = a if game.startswith("111111") else b
        expected = alone.rate(game, seats(places))
        assert here.rate(game, seats(places)) == expected
        assert (b if here is a else a).rate(game, seats(places)) == {}  # already rated
    for store in (a, b):
        board = store.leaderboard()
        assert board == alone.leaderboard()
        assert [r.name for r in board.rows] == [r.name for r in alone.leaderboard().rows]
        assert board.total == 2 and {r.games for r in board.rows} == {3}
        for name in ("Ana", "Bo", "ana"):  # a look-alike finds the account's own spelling
            assert store.rating(name) == alone.rating(name)
    assert a.rating("Cy").games == 0 and a.rating("Cy").rank == 0
    alone.close()


def test_two_machines_rating_one_account_at_once_both_count(machines):
    a, b = machines
    for name in ("Ana", "Bo", "Cy"):
        a.create(name, hash_password("correct horse battery"))
    start = threading.Barrier(2)

    def play(store: RedisAccounts, first: int) -> None:
        start.wait()
        for k in range(first, first + 20):
            store.rate(f"{k:06d}/1/1", [Seat("Ana", 1), Seat("Bo" if k % 2 else "Cy", 2)])

    threads = [threading.Thread(target=play, args=(store, first))
               for store, first in ((a, 0), (b, 100))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads)
    assert a.rating("Ana").games == b.rating("Ana").games == 40  # no update lost
    assert a.rating("Bo").games + a.rating("Cy").games == 40
    assert len(b.rating("Ana").results) == 20  # the latest 20 kept
