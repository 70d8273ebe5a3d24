"""A rated tournament's end tells each signed-in entrant still connected
their new rating, as a rated public game's end does (test_ratings.py): over
a real server on loopback, Ann and Bo (accounts) and Cy (a guest) register
among nine computers; Ann takes her seat at her table and steps away, Bo
and Cy stay in the lobby (their seats sit out); all three are out before the
end.  As the tournament ends, Ann's table connection and Bo's lobby
connection are each sent their account's ``rating`` unasked, once, after
the ``tournament_news`` ``over`` that ends it for them; the guest is sent
none; the rating told is the one My rating reads, its latest result this
tournament's place of 12 and the change the ranking gave.

Dee (an account too) registers and closes her connection: she is told
nothing as it ends, but at her next sign-in her game's ``while_away`` is
answered with that end (the tournament's name, her place of 12, her rating
after it and its change, as My rating reads them); asked again once her
game acknowledged it, or by Ann who was told, nothing; a connection that
never asks is never sent one (Bo's)."""

from __future__ import annotations

import threading
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.account_messages import (
    AskRating,
    AskWhileAway,
    Missed,
    Rating,
    Result,
    SeenWhileAway,
    WhileAway,
)
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Away, Hello, Welcome
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentNews, Tournaments
from holdem_desktop.net.tournament_tables import TournamentSeat

from .test_accounts import signed_in
from .test_accounts_desktop import on_server_loop
from .test_ratings import Seen, ask
from .test_tournament_play import TWELVE, tournament_served

OFFER = TWELVE.replace("computers_after = 0", "computers_after = 3600")
"""The Twelve, its computers brought in by the test once the three registered."""


OPENED: list[OnlineClient] = []
"""The clients of the test running (what they heard last, said when a wait fails)."""


class Heard(Seen):
    """An inbox that keeps every message, and wakes the test at each one."""

    arrived = threading.Event()

    def put(self, item: object, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        Heard.arrived.set()


def client_of(served, token: str | None = None) -> OnlineClient:
    client = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint, session=token)
    client.inbox = Heard()
    OPENED.append(client)
    client.connect()
    return client


def wait_seen(done, seconds: float, what: object) -> None:
    """Wait until ``done()``, woken by each message any client hears."""
    end = time.monotonic() + seconds
    while True:
        Heard.arrived.clear()
        if done():
            return
        assert time.monotonic() < end, (what, [c.inbox.seen[-4:] for c in OPENED])
        Heard.arrived.wait(0.5)


def of(client: OnlineClient, kind: type) -> list:
    return [m for m in client.inbox.seen if isinstance(m, kind)]


def over(client: OnlineClient) -> list[TournamentNews]:
    return [m for m in of(client, TournamentNews) if m.what == "over"]


def test_a_rated_tournament_s_end_tells_each_signed_in_entrant_their_new_rating(
        make_server, tmp_path):
    pytest.importorskip("openskill")
    OPENED.clear()
    served, desk, key, t = tournament_served(make_server, tmp_path, 2, offer=OFFER,
                                             tournament_pace=False)
    ann, bo, dee = signed_in(served, "Ann"), signed_in(served, "Bo"), signed_in(served, "Dee")
    lobbies = {"Ann": client_of(served, ann.token), "Bo": client_of(served, bo.token),
               "Cy": client_of(served), "Dee": client_of(served, dee.token)}
    try:
        for name, c in lobbies.items():
            c.send(TournamentEntry(key, name))
            wait_seen(lambda c=c: bool(of(c, Tournaments)), 10, f"{name} registered")
        assert sorted(t.registered) == ["Ann", "Bo", "Cy", "Dee"]
        lobbies.pop("Dee").close()  # Dee leaves: nobody follows her any more
        clients = list(lobbies.values())
        on_server_loop(served, lambda: setattr(desk.desk.entries[key], "first_at", 0.0))
        wait_seen(lambda: all(of(c, TournamentSeat) for c in clients), 30, "seats")
        (seat,) = of(lobbies["Ann"], TournamentSeat)
        table = client_of(served, ann.token)  # Ann sits at her table, and steps away
        table.send(Hello("Ann", seat.code, __version__, seat.token))
        wait_seen(lambda: bool(of(table, Welcome)), 10, "Ann's welcome")
        assert of(table, Welcome)[0].seat is not None
        table.send(Away())
        lobbies["Ann"].close()  # (as the Desktop does: the news follow her to the table)
        told = {"Ann": table, "Bo": lobbies["Bo"]}
        wait_seen(lambda: all(over(c) for c in (table, lobbies["Bo"], lobbies["Cy"])), 120,
                  "the end")
        wait_seen(lambda: all(of(c, Rating) for c in told.values()), 10, "the ratings")
        # the guest's connection: nothing after the end (a request answered after it)
        lobbies["Cy"].send(TournamentEntry(key, "Cy"))
        wait_seen(lambda: any(getattr(m, "reason", "") == "tournament"
                              for m in lobbies["Cy"].inbox.seen), 10, "Cy's answer")
        assert not of(lobbies["Cy"], Rating)
        mine = {}
        for name, c in told.items():
            seen = c.inbox.seen
            (rating,) = of(c, Rating)  # once
            (end,) = over(c)
            assert seen.index(end) < seen.index(rating), seen[-4:]  # after the end
            assert name in end.rated, end
            change = end.changes[end.rated.index(name)]
            mine[name] = ask(served, ann.token if name == "Ann" else bo.token, AskRating())
            assert rating == mine[name], (rating, mine[name])
            assert rating.name == name and rating.games == 1
            assert rating.results == (Result(t.places[name], 12, change),), rating
        assert not any(isinstance(m, WhileAway) for c in OPENED for m in c.inbox.seen)
        # Dee signs in again: told once what she missed
        back = client_of(served, dee.token)
        back.send(AskWhileAway())
        wait_seen(lambda: bool(of(back, WhileAway)), 10, "Dee's news")
        (missed,) = of(back, WhileAway)
        hers = ask(served, dee.token, AskRating())
        counts = sorted(t.places.values()).count(t.places["Dee"])
        assert missed == WhileAway((Missed("Twelve", t.places["Dee"], 12, counts > 1,
                                           hers.rating, hers.results[0].change),)), missed
        assert hers.games == 1 and hers.results[0].players == 12
        back.send(SeenWhileAway(missed.results))  # told: forgotten
        back.send(AskWhileAway())
        wait_seen(lambda: len(of(back, WhileAway)) == 2, 10, "Dee's news again")
        assert of(back, WhileAway)[1] == WhileAway(())
        again = client_of(served, ann.token)  # (Ann was told: nothing kept for her)
        again.send(AskWhileAway())
        wait_seen(lambda: bool(of(again, WhileAway)), 10, "Ann's news")
        assert of(again, WhileAway) == [WhileAway(())]
    finally:
        for c in OPENED:
            c.close()
