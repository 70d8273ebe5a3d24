"""The Lobby while its connection is being opened again, as a player lives
it, on the real Desktop (dummy video driver, the recording speaker, key
events) over a real server on loopback.  The test breaks the Lobby's link
(its socket aborted) and holds the reconnection until it lets it through.

Meanwhile what does something is refused at once, said and shown (Play
now, W on a table, Enter on a table, Enter on a tournament): never carried
out behind the player's back later.  What only reads waits, the newest of
each kind, and is asked once connected again (S for the standings, a
filter).  A tournament registered from here before the drop is followed
again on the new connection, quietly: when it starts, the player is taken
to their seat, told once.  When the tries run out nothing kept is sent."""

from __future__ import annotations

import os
import threading

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop import __version__  # noqa: E402
from holdem_desktop.app import tournament_watch  # noqa: E402
from holdem_desktop.app.lobby import LobbyWatch  # noqa: E402
from holdem_desktop.net.client import Closed  # noqa: E402
from holdem_desktop.net.lobby_messages import LobbyList, PlayNow  # noqa: E402
from holdem_desktop.net.standings_messages import AskStandings  # noqa: E402
from holdem_desktop.net.tournament_messages import TournamentEntry  # noqa: E402
from holdem_desktop.server import tournament_play  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from holdem_desktop.ui.tournaments import TournamentsPage  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.net.test_host import Player, run_until  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_missed_results_desktop import _Link, drop  # noqa: E402
from .test_server import online  # noqa: E402
from .test_tournament_page import entered, tournaments_page  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402

PAIR = '''
[[tournament]]
name = "Pair"
variant = "tournament"
players = 2
seats_per_table = 3
speed = "turbo"
computers_after = 600
'''
"""Starts when a second person registers (no computer comes during the test)."""

NOT_NOW = "Not connected to the server just now: reconnecting. Try again in a moment."
LOST = "Connection lost, reconnecting…"
REGISTERED = "You are registered for Pair as Mara. Enter again takes it back."


def held_back(page) -> threading.Event:
    """The Lobby's reconnection waits until the returned event is set (the
    network is down until then)."""
    feed = page.feed
    gate, opener = threading.Event(), feed.reopen
    feed.reopen = lambda: opener() if gate.wait(30) else False
    return gate


def registered(desktop, make_server, tmp_path, monkeypatch, first=lambda served: None):
    """Mara on the Tournaments page of the Pair, registered by Enter:
    (app, the Tournaments page, served, the tournament's key)."""
    monkeypatch.setattr(tournament_play, "ARRIVAL", 120.0)
    monkeypatch.setattr(tournament_watch, "TOKENS", {})
    served, _desk, key, _t = tournament_served(make_server, tmp_path, offer=PAIR)
    first(served)
    app, page = tournaments_page(desktop, served)
    wait_for(app, [], lambda: bool(page.listed()), 30.0)
    page.focus.id = f"tournament:{key}"
    keys(app, "return")
    wait_for(app, [], lambda: REGISTERED in said(desktop),
             seen=lambda: said(desktop)[-3:])
    return app, page, served, key


def test_while_reconnecting_acts_are_refused_and_reads_wait(
        desktop, make_server, tmp_path, monkeypatch):
    people = []

    def ann_plays(served) -> None:  # (a public table listed before the Lobby opens)
        people.append(Player("Ann", served.port, 1, client=online(served),
                             first=PlayNow("Ann", __version__)))
        run_until(people, lambda: people[0].table is not None and people[0].table.started, 10)

    app, page, served, key = registered(desktop, make_server, tmp_path, monkeypatch, ann_plays)
    (ann,) = people
    try:
        wait_for(app, [ann], lambda: page.feed.tables is not None and page.feed.tables.tables)
        gate = held_back(page)
        before = len(said(desktop))
        drop(page)
        wait_for(app, [ann], lambda: LOST in said(desktop)[before:],
                 seen=lambda: said(desktop)[before:])
        # the Tournaments page: Enter (would take the registration back) refused
        page.focus.id = f"tournament:{key}"
        keys(app, "return")
        assert said(desktop)[-1] == NOT_NOW and page.status == NOT_NOW
        # S: the standings wait for the connection
        keys(app, "s")
        assert said(desktop)[-1] == ("Reconnecting: the standings will follow once "
                                     "connected again.")
        # back to the Lobby: Play now, Enter and W on Ann's table, each refused
        page.focus.id = "close"
        keys(app, "return")
        lobby = app.screen
        assert isinstance(lobby, LobbyPage)
        for control, key_name in (("play_now", "return"),
                                  (f"table:{lobby.tables()[0].code}", "return"),
                                  (f"table:{lobby.tables()[0].code}", "w")):
            lobby.focus.id = control
            keys(app, key_name)
            assert said(desktop)[-1] == NOT_NOW, (control, said(desktop)[-3:])
            assert lobby.status == NOT_NOW
            assert app.screen is lobby and desktop.remote is None  # nothing joined
        app.frame()  # (the refusal on the status line: looked at)
        shot = pygame.display.get_surface()
        assert shot is not None
        pygame.image.save(shot, str(tmp_path / "refused.png"))
        # the filter: kept, asked once back (the list then says no table of that game)
        lobby.focus.id = "game"
        keys(app, "down", "down")  # (Any game, Session, Tournament)
        game = lobby.form.values["game"]
        assert game and game != lobby.tables()[0].variant
        # back on Tournaments before the connection comes back
        lobby.focus.id = "tournaments"
        keys(app, "return")
        page = app.screen
        assert isinstance(page, TournamentsPage)
        heard = len(said(desktop))
        gate.set()
        back = f"Connected to 127.0.0.1:{served.port} again."
        wait_for(app, [ann], lambda: back in said(desktop)[heard:],
                 seen=lambda: said(desktop)[heard:])
        # the standings asked meanwhile answered (not yet running: said why)
        wait_for(app, [ann], lambda: any("Pair" in s for s in said(desktop)[heard:]
                                         if s != back),
                 seen=lambda: said(desktop)[heard:])
        wait_for(app, [ann], lambda: lobby.feed.tables is not None
                 and lobby.feed.tables.tables == ())  # (the filter kept: none of that game)
        told = said(desktop)[heard:]
        assert NOT_NOW not in told and "Connecting…" not in told
        assert not any("Unregistered" in s or "taken back" in s.lower() for s in told), told
        assert desktop.remote is None and app.screen is page  # nothing done behind her back
        assert page.watch.mine == {key: "Mara"}  # still registered
    finally:
        ann.client.close()


def test_a_registration_is_followed_again_after_a_reconnection(
        desktop, make_server, tmp_path, monkeypatch):
    """Mara registered, her Lobby's link drops and comes back; Bo's
    registration then fills the Pair: the new connection hears her seat
    and the Desktop takes her there, the start told once."""
    app, page, served, key = registered(desktop, make_server, tmp_path, monkeypatch)
    before = len(said(desktop))
    drop(page)
    back = f"Connected to 127.0.0.1:{served.port} again."
    wait_for(app, [], lambda: back in said(desktop)[before:],
             seen=lambda: said(desktop)[before:])
    entered(served, key, "Bo")  # full: it starts
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen) and desktop.remote is not None
             and desktop.remote.seat is not None, 60.0, seen=lambda: said(desktop)[before:])
    told = said(desktop)[before:]
    assert sum("You sit at table" in s for s in told) == 1, told
    assert sum("Pair has started" in s for s in told) == 1, told
    # followed again without a word: no registration (nor refusal) said again
    assert said(desktop).count(REGISTERED) == 1
    assert not any("already" in s or "refused" in s.lower() for s in told), told


def test_what_waits_is_the_newest_and_is_dropped_when_the_tries_run_out():
    """The newest filter and standings are what is asked once back; the
    registration made here is followed again; after the last try nothing
    kept is sent."""
    link, later = _Link(), _Link()
    watch = LobbyWatch("127.0.0.1:1", link, lambda: None, reopen=lambda: later,
                       backoff=(30.0,))
    watch.tournaments.mine["t1"] = "Mara"
    link.inbox.put(Closed("lost"))
    watch.poll()
    assert watch.told == [LOST]
    sent = len(link.sent)
    watch.filter("session", "")
    watch.filter("pot_limit", "relaxed")
    assert watch.tournaments.standings("t0") and watch.tournaments.standings("t1")
    watch.tournaments.refresh()
    assert link.sent[sent:] == []  # nothing over the lost connection
    watch._back(later)  # (as the reconnection thread hands it over)
    assert later.sent[0] == LobbyList("pot_limit", "relaxed")
    entries = [m for m in later.sent if isinstance(m, TournamentEntry)]
    assert [(m.id, m.name, m.register) for m in entries] == [("t1", "Mara", True)]
    assert [m for m in later.sent if isinstance(m, AskStandings)] == [AskStandings("t1")]
    watch.close()
    # the tries run out: kept requests are never sent
    gone, last = _Link(), _Link()
    watch = LobbyWatch("127.0.0.1:1", gone, lambda: None, reopen=lambda: last,
                       backoff=(30.0,))
    gone.inbox.put(Closed("lost"))
    watch.poll()
    watch.filter("pot_limit", "")
    watch.tournaments.standings("t1")
    watch.tournaments.follow("t2", "Mara")
    gone.inbox.put(Closed("lost"))  # (the reconnection thread gave up)
    watch.poll()
    assert watch.closed == "lost"
    watch.poll()
    watch.tournaments.pump()
    assert gone.sent[-1:] != [LobbyList("pot_limit", "")] and last.sent == []
    assert not [m for m in gone.sent if isinstance(m, AskStandings | TournamentEntry)]
    watch.close()

