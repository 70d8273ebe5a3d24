"""The game started again offers its running tournament at once (issue 35):
Mara registers from the Tournaments page of the real Desktop and is taken
to her table at the start; the game is closed and started again (a new
Desktop on the same data folder, its memory of the registration gone, the
token kept in ``rooms.json``): without a key, it says she has a running
tournament and offers to go back to her seat; Enter takes her to the same
seat.  When the tournament has ended meanwhile, nothing is offered."""

from __future__ import annotations

import os
import random
import threading

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop, tournament_watch  # noqa: E402
from holdem_desktop.app.play import opening  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.menus import StartPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_tournament_follow_again import seated  # noqa: E402


def started_again(desktop, monkeypatch) -> Desktop:
    """The game closed, and started again on the same data folder."""
    desktop.close()
    monkeypatch.setattr(tournament_watch, "TOKENS", {})  # nothing in memory
    again = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    again.settings = again.settings.updated(player_name="Mara")
    assert again.data == desktop.data
    return again


def test_the_game_started_again_offers_the_running_tournament(desktop, make_server, tmp_path,
                                                              monkeypatch):
    served, _held, _t, table, seat = seated(desktop, make_server, tmp_path, monkeypatch)
    again = started_again(desktop, monkeypatch)
    try:
        app = opening(again)
        assert isinstance(app.screen, StartPage)
        wait_for(app, [], lambda: isinstance(app.screen, Dialog), 30.0)  # no key pressed
        offer = (f"You have a running tournament: Six at two tables, on 127.0.0.1:{served.port}."
                 " Go back to your seat?")
        assert any(s.startswith(offer) and "Back to my seat" in s for s in said(again)), \
            said(again)
        heard = len(said(again))
        keys(app, "return")  # one key: back to the seat
        wait_for(app, [], lambda: isinstance(app.screen, TableScreen) and again.remote is not None
                 and again.remote.seat is not None, 60.0)
        assert (again.remote.tournament_table, again.remote.seat) == (table, seat)
        assert again.remote.table.names[seat] == "Mara"
        back = said(again)[heard:]
        assert any(s.endswith(f"You sit at table {table}, seat {seat + 1}.") for s in back), back
        assert not any("has started" in s for s in back), back  # (not news any more)
    finally:
        again.close()


def test_a_tournament_ended_meanwhile_is_not_offered(desktop, make_server, tmp_path,
                                                     monkeypatch):
    # (a server whose tables do not keep an absent person's pace: her seat
    # checks or folds at once once she is gone, the computers play it out)
    _served, held, t, _table, _seat = seated(desktop, make_server, tmp_path, monkeypatch,
                                             tournament_pace=False)
    over = threading.Event()
    told = held.on_over

    def ended(key: str, ranking: tuple[tuple[str, int], ...]) -> None:
        told(key, ranking)
        over.set()

    held.on_over = ended
    desktop.close()  # her seat sits out (checks, or folds) at once: the computers play
    held.go = True
    assert over.wait(120) and t.state == "over"
    again = started_again(desktop, monkeypatch)
    try:
        app = opening(again)
        check = again.running
        assert check is not None  # the saved registration was asked about
        assert check.done.wait(30)
        wait_for(app, [], lambda: True, 0.5)
        for _turn in range(10):
            app.run(max_events=1)
        assert check.found is None
        assert isinstance(app.screen, StartPage)
        assert not any("running tournament" in s for s in said(again)), said(again)
    finally:
        again.close()
