"""The Lobby's count, through the real Desktop over a real server: when the
list changes while a row is being read, the count is queued behind it (a
game announcement), never cutting it off; the next key cuts the count."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop import __version__  # noqa: E402
from holdem_desktop.net.lobby_messages import PlayNow  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.net.test_host import Player, run_until  # noqa: E402

from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_server import online  # noqa: E402


def test_the_count_waits_for_the_row_being_read(desktop, served):
    calls = desktop.speech.speaker.calls
    ann = Player("Ann", served.port, 1, client=online(served), first=PlayNow("Ann", __version__))
    players = [ann]
    try:
        run_until(players, lambda: ann.table is not None and ann.table.started, 10)
        app = lobby_by_keys(desktop, served)
        wait_for(app, players, lambda: ("1 public table.", False) in calls)
        app.screen.focus.id = "play_now"
        keys(app, "tab")  # the table's row: said at once, as focus is
        row = calls[-1]
        assert row[0].startswith("Session, blinds 10/20") and row[1], row
        mark = len(calls)
        bo = Player("Bo", served.port, 2, client=online(served),
                    first=PlayNow("Bo", __version__, speed="relaxed"))
        players.append(bo)  # a second table opens: the count changes
        wait_for(app, players, lambda: ("2 public tables.", False) in calls[mark:])
        assert all(text != "2 public tables." or not interrupt
                   for text, interrupt in calls[mark:]), calls[mark:]
    finally:
        for p in players:
            p.client.close()
