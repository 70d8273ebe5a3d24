"""A rated tournament run by another process still tells its entrants their
new rating (docs/server.md, *Tournaments across processes*): two real
``serve`` processes share a real ``redis-server`` (accounts, sessions and
ratings in it); A runs the tournament, B runs none.  Ann, Bo and Cy make their
accounts at B and register through B.  Ann stays in B's lobby (her news
come over her connection's link to A); Cy leaves it and comes back to it,
followed there again; Bo takes his seat at A's table
through B (relayed whole to A) and steps away there.  As the tournament
ends each hears the ``tournament_news`` ``over``, then their account's
``rating`` once, the one My rating reads at either process.  Dee (an account
too) registers through B and leaves before the end: A keeps that end with
her account in Redis, and her game asking at A hears it once (at B then:
nothing)."""

from __future__ import annotations

import queue
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.account_messages import (
    AskRating,
    AskWhileAway,
    Missed,
    Rating,
    Register,
    SeenWhileAway,
    SignedIn,
    WhileAway,
)
from holdem_desktop.net.client import Closed
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Away, Hello, Welcome
from holdem_desktop.net.tournament_messages import (
    TournamentEntry,
    TournamentNews,
)
from holdem_desktop.net.tournament_tables import TournamentSeat

from .conftest import needs_redis
from .process import sharing_redis
from .test_accounts import PASSWORD
from .test_server import next_message
from .test_tournaments_redis import listing

pytestmark = needs_redis

SIX = '''
[[tournament]]
name = "Quick six"
variant = "tournament"
players = 6
seats_per_table = 6
speed = "turbo"
computers_after = 3
'''
"""Ann and Bo register at once; computers fill the rest three seconds after."""


@pytest.fixture
def two(tmp_path, redis_url):
    pytest.importorskip("openskill")
    (tmp_path / "offers.toml").write_text(SIX, encoding="utf-8")
    (tmp_path / "server.toml").write_text("tournament_pace = false\n", encoding="utf-8")
    yield from sharing_redis(tmp_path, redis_url, "--tournaments", str(tmp_path / "offers.toml"),
                             "--config", str(tmp_path / "server.toml"))


class Ear:
    """A client of ``port`` that keeps everything it hears."""

    def __init__(self, port: int, session: str | None = None) -> None:
        self.client = OnlineClient("127.0.0.1", port, tls=False, session=session)
        self.client.connect()
        self.seen: list[object] = []

    def send(self, message: object) -> None:
        self.client.send(message)  # type: ignore[arg-type]

    def wait(self, done, seconds: float, what: str) -> None:
        """Read until ``done(self.seen)``, waiting on each message."""
        end = time.monotonic() + seconds
        while not done(self.seen):
            assert time.monotonic() < end, (what, self.seen[-5:])
            try:
                got = self.client.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                continue
            assert not isinstance(got, Closed), (what, got, self.seen[-5:])
            self.seen.append(got)

    def of(self, kind: type) -> list:
        return [m for m in self.seen if isinstance(m, kind)]

    def close(self) -> None:
        self.client.close()


def account(port: int, name: str) -> SignedIn:
    client = OnlineClient("127.0.0.1", port, tls=False)
    client.connect()
    try:
        client.send(Register(name, PASSWORD))
        got = next_message(client, (SignedIn,))
        assert isinstance(got, SignedIn), got
        return got
    finally:
        client.close()


def my_rating(port: int, token: str) -> Rating:
    client = OnlineClient("127.0.0.1", port, tls=False, session=token)
    client.connect()
    try:
        client.send(AskRating())
        got = next_message(client, (Rating,))
        assert isinstance(got, Rating), got
        return got
    finally:
        client.close()


def secret(name: str) -> str:
    """The registration's token (32 hex digits) of ``name``."""
    return name.encode().hex().ljust(32, "0")


def over(ear: Ear) -> list[TournamentNews]:
    return [m for m in ear.of(TournamentNews) if m.what == "over"]


def test_a_tournament_of_another_process_tells_its_entrants_their_rating(two):
    a, b = two
    tokens = {name: account(b.port, name).token for name in ("Ann", "Bo", "Cy", "Dee")}
    lobbies = {name: Ear(b.port, token) for name, token in tokens.items()}
    opened = list(lobbies.values())
    try:
        listed = listing(b.port, lambda ts: len(ts) == 1)  # (A's, read at B)
        (quick,) = listed
        for name, ear in lobbies.items():  # (one after the other: within the three seconds)
            ear.send(TournamentEntry(quick.id, name, token=secret(name)))
        for name, ear in lobbies.items():
            ear.wait(lambda seen, ear=ear: bool(ear.of(TournamentSeat)), 30, f"{name}'s seat")
        lobbies["Dee"].close()  # Dee leaves before the end
        (seat,) = lobbies["Bo"].of(TournamentSeat)
        table = Ear(b.port, tokens["Bo"])  # Bo sits at A's table through B, and steps away
        opened.append(table)
        table.send(Hello("Bo", seat.code, __version__, seat.token))
        table.wait(lambda seen: bool(table.of(Welcome)), 15, "Bo's welcome")
        assert table.of(Welcome)[0].seat is not None
        table.send(Away())
        lobbies["Bo"].close()  # (as the Desktop does: his news follow him to the table)
        lobbies["Cy"].close()  # Cy left, and comes back to B's lobby: followed there again
        back = Ear(b.port, tokens["Cy"])
        opened.append(back)
        back.send(TournamentEntry(quick.id, "Cy", token=secret("Cy")))
        back.wait(lambda seen: any(getattr(m, "data", {}).get("reason") == "registered"
                                   for m in seen), 15, "Cy followed again")
        told = {"Ann": lobbies["Ann"], "Bo": table, "Cy": back}
        for name, ear in told.items():
            ear.wait(lambda seen, ear=ear: bool(over(ear)), 180, f"the end, for {name}")
        for name, ear in told.items():
            ear.wait(lambda seen, ear=ear: bool(ear.of(Rating)), 15, f"{name}'s rating")
        for name, ear in told.items():
            (rating,) = ear.of(Rating)
            (end_news,) = over(ear)
            assert ear.seen.index(end_news) < ear.seen.index(rating)
            assert name in end_news.rated, end_news
            change = end_news.changes[end_news.rated.index(name)]
            assert rating.name == name and rating.games == 1
            assert rating.results[0].players == 6 and rating.results[0].change == change
            token = tokens[name]
            assert my_rating(a.port, token) == rating == my_rating(b.port, token)
        hers = my_rating(b.port, tokens["Dee"])
        assert hers.games == 1 and hers.results[0].players == 6
        # kept until acknowledged, whichever process is asked, then forgotten everywhere
        for port, expected, seen in ((a.port, 1, False), (b.port, 1, True), (a.port, 0, False)):
            ear = Ear(port, tokens["Dee"])
            opened.append(ear)
            ear.send(AskWhileAway())
            ear.wait(lambda seen, ear=ear: bool(ear.of(WhileAway)), 15, "Dee's news")
            (missed,) = ear.of(WhileAway)
            assert len(missed.results) == expected, missed
            if seen:
                ear.send(SeenWhileAway(missed.results))
                ear.send(AskWhileAway())  # (answered after it: the acknowledgement is in)
                ear.wait(lambda seen, ear=ear: len(ear.of(WhileAway)) == 2, 15, "again")
                assert ear.of(WhileAway)[1] == WhileAway(())
        (mine,) = opened[-3].of(WhileAway)[0].results  # (A's answer)
        assert mine == Missed("Quick six", hers.results[0].place, 6, mine.shared,
                                             hers.rating, hers.results[0].change)
    finally:
        for ear in opened:
            ear.close()
