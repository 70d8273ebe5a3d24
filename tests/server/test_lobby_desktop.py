"""The Lobby through the real Desktop (dummy video driver, the recording
speaker) over a real server on loopback: the public tables read as a list
(the count said, one line a table, its place in the list), Play now seats
the player at once and the game starts with computers, and a person who
presses Play now elsewhere takes a computer's seat between hands; K says
the time the table's clock leaves."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop import __version__  # noqa: E402
from holdem_desktop.net.lobby_messages import PlayNow  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, typed  # noqa: E402
from tests.net.test_host import Player, run_until  # noqa: E402

from .conftest import said, settle  # noqa: E402
from .test_play_online import play_online  # noqa: E402
from .test_server import online  # noqa: E402


def lobby_by_keys(desktop, served, trusted: bool = True, name: str = "") -> App:
    """Rooms, Play online, the server typed (and the ``name``, when given),
    Lobby: public tables (its certificate ``trusted`` before, as after a
    first visit)."""
    if trusted:
        desktop.trust_certificate(f"127.0.0.1:{served.port}", served.fingerprint)
    app = play_online(desktop)
    app.screen.focus.id = "server"
    keys(app, "backspace")
    typed(app, f"127.0.0.1:{served.port}")
    if name:
        app.screen.focus.id = "name"
        keys(app, "backspace")
        typed(app, name)
    app.screen.focus.id = "lobby"
    keys(app, "return")
    assert not trusted or isinstance(app.screen, LobbyPage), app.screen
    return app


def my_turn(remote) -> bool:
    view = remote.table.view if remote.table is not None else None
    return view is not None and not view.over and view.to_act == remote.seat


def wait_for(app: App, others: list, done, seconds: float = 15.0,
             seen: Callable[[], object] = lambda: "") -> None:
    """Turn the window's loop until ``done()``; else fail, saying ``seen()``
    (what the test and the server hold)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        settle(app, others, 0.05)
        app.run(max_events=1)  # a turn of the window's loop: the page reads what came
    assert done(), seen()


def test_the_lobby_reads_as_a_list_and_follows_the_server(desktop, served):
    ann = Player("Ann", served.port, 1, client=online(served), first=PlayNow("Ann", __version__))
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 10)
        app = lobby_by_keys(desktop, served)
        page = app.screen
        wait_for(app, [ann], lambda: "1 public table." in said(desktop))
        # Tab from Play now reaches the table's line, said with its place in the list
        app.screen.focus.id = "play_now"
        keys(app, "tab")
        heard = said(desktop)[-1]
        assert heard == ("Session, blinds 10/20, normal speed: 5 of 6 seats free, 1 person, "
                         "5 computers, 1 of 1"), heard
        # a filter on another game: the server lists none, and the count says so
        app.screen.focus.id = "game"
        keys(app, "down")  # Any game -> Session (a combo box: Down, the next item)
        keys(app, "down")  # -> Tournament
        assert said(desktop)[-1] == "Tournament, 3 of 6", said(desktop)[-3:]
        wait_for(app, [ann], lambda: said(desktop)[-1]
                 == "No public table yet: Play now opens one.")
        assert page.tables() == ()
        # W on a table asks for it first; Escape closes the lobby's connection
        keys(app, "w")
        assert said(desktop)[-1] == "Choose a table first, then press W to watch it."
    finally:
        ann.client.close()


def test_play_now_seats_you_with_computers_and_a_person_replaces_one(desktop, served):
    app = lobby_by_keys(desktop, served)
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    app.screen.focus.id = "play_now"
    keys(app, "return")
    table = app.screen
    assert isinstance(table, TableScreen) and table.room is not None
    remote = desktop.remote
    assert remote is not None and remote.public and not remote.is_host and remote.seat == 0
    wait_for(app, [], lambda: remote.table is not None and remote.table.started)
    assert remote.table.kinds == ("human",) + ("computer",) * 5
    room = served.server.lobby.rooms[remote.code]
    assert room.public and room.host is None
    keys(app, "k")  # the clock: no decision awaited yet, the bank as it starts
    assert said(desktop)[-1] == "No decision is awaited now. Your time bank: 60 seconds.", said(
        desktop)[-1]
    end = time.monotonic() + 60  # hands until one asks her to decide (all may fold to her)
    while time.monotonic() < end and not my_turn(remote):
        view = remote.table.view if remote.table is not None else None
        if view is None or view.over:
            keys(app, "n")
        settle(app, [], 0.1)
        app.run(max_events=1)
    assert my_turn(remote)
    keys(app, "k")  # her decision: the time left, counting down from the table's figure
    heard = said(desktop)[-1]
    bank = remote.table.bank  # (part of the time left: spent once the base time is)
    assert heard == (f"{heard.split()[0]} seconds left to decide, then your time bank: "
                     f"{bank} seconds."), heard
    assert 0 < int(heard.split()[0]) <= remote.table.clock - bank
    # Bo presses Play now from another computer: Mara's table, a computer's seat next hand
    bo = Player("Bo", served.port, 2, client=online(served), first=PlayNow("Bo", __version__))
    try:
        run_until([bo], lambda: bo.code != "", 10)
        assert bo.code == remote.code
        end = time.monotonic() + 90
        while time.monotonic() < end and bo.seat is None:
            view = remote.table.view if remote.table is not None else None
            if view is not None and view.over:
                keys(app, "n")
            else:
                keys(app, "c")
            settle(app, [bo], 0.1)
        assert bo.seat is not None and bo.seat != 0
        wait_for(app, [bo], lambda: remote.table is not None
                 and remote.table.names[bo.seat] == "Bo"
                 and remote.table.kinds[bo.seat] == "human")
        assert any("Bo joined" in s for s in said(desktop)), said(desktop)[-20:]
        assert not bo.errors
    finally:
        bo.client.close()


def test_an_unknown_certificate_is_asked_first_and_the_lobby_closes_to_the_start(desktop,
                                                                                  served):
    app = lobby_by_keys(desktop, served, trusted=False)
    assert app.screen.title == "Unknown certificate"
    app.screen.focus.id = "trust"
    keys(app, "return")
    page = app.screen
    assert isinstance(page, LobbyPage) and page.alone
    wait_for(app, [], lambda: page.feed.tables is not None)
    keys(app, "escape")
    assert app.screen.title == "Hold'em Desktop", app.screen.title


def test_a_newcomer_seated_in_a_running_game_hears_who_is_here_not_back_at_the_table(
        desktop, served):
    """Play now into Ann's game running: a new seat, never "Back at the
    table." (that is for a player who takes their own seat back); who is
    there instead, nobody called the host of a table the server owns."""
    ann = Player("Ann", served.port, 1, client=online(served), first=PlayNow("Ann", __version__))
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 10)
        app = lobby_by_keys(desktop, served)
        wait_for(app, [ann], lambda: "1 public table." in said(desktop))
        before = len(said(desktop))
        app.screen.focus.id = "play_now"
        keys(app, "return")
        remote = desktop.remote
        assert remote is not None and remote.code == ann.code and remote.newcomer
        wait_for(app, [ann], lambda: remote.seat is not None and remote.running)
        settle(app, [ann], 0.3)
        app.run(max_events=1)
        heard = said(desktop)[before:]
        assert not any("Back at the table" in s for s in heard), heard
        # (seated at once between hands, or after the hand being played when she came)
        assert any("You have a seat for this game." in s for s in heard), heard
        # (once: dealt straight in between hands said it as the seat came mid-hand)
        assert sum(s.count("You have a seat for this game.") for s in heard) == 1, heard
        assert not any("(host)" in s for s in heard), heard  # a public table has no host
        assert remote.who_is_here() == ("In the room: Ann and you. The computer plays "
                                        "4 seats."), remote.who_is_here()
    finally:
        ann.client.close()


def test_a_watcher_hears_that_they_watch_not_that_they_play_or_leave_a_seat(desktop, served):
    """W on a listed table: the action keys say the player watches there (not
    "you play from the next one"), U says "you" among those watching,
    Escape's question says nothing of a seat the computer would play, and
    leaving goes back to the Lobby."""
    from holdem_desktop.i18n.phrases import public_spectator

    ann = Player("Ann", served.port, 1, client=online(served), first=PlayNow("Ann", __version__))
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 10)
        app = lobby_by_keys(desktop, served, name="Mara")
        wait_for(app, [ann], lambda: "1 public table." in said(desktop))
        app.screen.focus.id = "play_now"
        keys(app, "tab", "w")
        wait_for(app, [ann], lambda: isinstance(app.screen, TableScreen)
                 and desktop.remote is not None and desktop.remote.table is not None)
        assert desktop.remote.watch_only and desktop.remote.seat is None
        for key in ("c", "f"):
            app.screen.guard_until = 0.0
            keys(app, key)
            assert said(desktop)[-1].endswith(public_spectator(True)), said(desktop)[-3:]
        app.screen.guard_until = 0.0
        keys(app, "u")
        heard = said(desktop)[-1]
        assert "you" in heard and "Mara" not in heard, heard
        keys(app, "escape")
        asked = said(desktop)[-1]
        assert asked.startswith("Leave the room?") and "your seat" not in asked, asked
        before = len(said(desktop))
        keys(app, "tab", "return")  # Leave the room: back to the Lobby it was chosen in
        wait_for(app, [ann], lambda: isinstance(app.screen, LobbyPage)
                 and "1 public table." in said(desktop)[before:],
                 seen=lambda: (app.screen, said(desktop)[before:]))
        # back where a player who left a table goes on: Play now, not the first filter
        assert "Lobby. Play now, button" in said(desktop)[before:], said(desktop)[before:]
        keys(app, "escape")  # and the Lobby closes to the start screen, as ever
        assert type(app.screen).__name__ == "StartPage", app.screen
    finally:
        ann.client.close()


def test_the_focused_tables_line_is_said_again_when_it_changes_or_goes(desktop, make_server):
    """On a table's line, listening: Bo sits at that table (a person more,
    a computer less), and the line is said again, queued after what is
    being said; the table closes, and where the focus went is said."""
    served = make_server(idle_public=0.5)
    ann = Player("Ann", served.port, 1, client=online(served), first=PlayNow("Ann", __version__))
    others = [ann]
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 10)
        app = lobby_by_keys(desktop, served)
        wait_for(app, others, lambda: "1 public table." in said(desktop))
        app.screen.focus.id = "play_now"
        keys(app, "tab")
        assert said(desktop)[-1].endswith("1 person, 5 computers, 1 of 1"), said(desktop)[-1]
        bo = Player("Bo", served.port, 2, client=online(served), first=PlayNow("Bo", __version__))
        others.append(bo)
        wait_for(app, others, lambda: said(desktop)[-1] == (
            "Session, blinds 10/20, normal speed: 4 of 6 seats free, 2 people, 4 computers, "
            "1 of 1"), seen=lambda: said(desktop)[-3:])
        for p in others:
            p.client.close()
        wait_for(app, [], lambda: said(desktop)[-2:] == [
            "No public table yet: Play now opens one.", "Tournaments, button"],
            seen=lambda: said(desktop)[-4:])
        assert app.screen.focused().id == "tournaments"
    finally:
        for p in others:
            p.client.close()
