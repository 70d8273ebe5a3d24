"""Waiting for a sit-and-go that computers fill (``computers_after``), the
player hears when it starts (found registering by ear): its line said
"starts when full" though the server would fill and start it at a known
time after the first registration.  The real Desktop's Tournaments page
(dummy video driver, the recording speaker, key events) over a real server
on loopback."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_tournament_page import back, row, tournaments_page  # noqa: E402

OFFER = '''
[[tournament]]
name = "Filled"
variant = "tournament"
players = 6
seats_per_table = 3
speed = "turbo"
computers_after = 600
'''


def test_the_line_says_when_computers_fill_it_once_someone_registered(
        desktop, make_server, tmp_path):
    offers = tmp_path / "offers.toml"
    offers.write_text(OFFER, encoding="utf-8")
    served = make_server(tournaments=offers)
    desk = served.server.tournaments.desk
    (key,) = desk.entries
    app, page = tournaments_page(desktop, served)
    wait_for(app, [], lambda: "1 tournament." in said(desktop))
    keys(app, "tab")
    assert "0 of 6 registered, starts when full, registration open" in said(desktop)[-1]
    keys(app, "return")
    wait_for(app, [], lambda: said(desktop)[-1].startswith("You are registered for Filled"))
    first = desk.entries[key].first_at
    assert first is not None
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(first + 600))
    wait_for(app, [], lambda: f"starts when full, or at {when} with computers" in row(page, key),
             15.0, lambda: row(page, key))
    keys(app, "tab")  # Close, then back to the line: said as it is now
    back(app)
    assert f"1 of 6 registered, starts when full, or at {when} with computers" \
        in said(desktop)[-1], said(desktop)[-3:]
