"""At a tournament's table before its first hand (where every tournament
begins: seated, the table waiting for Next hand), the reading keys answer
what is known (found playing a sit-and-go by ear): S says everyone's chips,
as the title line shows them by eye, not "No hand is being played yet".
The real Desktop (dummy video driver, the recording speaker, key events)
over a real server on loopback, its tables held before any deal."""

from __future__ import annotations

import os
import random
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_tournament_page import tournaments_page  # noqa: E402
from .test_tournament_seat import SIX_NOW, Held  # noqa: E402


def test_s_says_everyones_chips_before_the_first_hand(desktop, make_server, tmp_path):
    offers = tmp_path / "six.toml"
    offers.write_text(SIX_NOW, encoding="utf-8")
    served = make_server(tournaments=offers)
    desk = served.server.tournaments
    (key,) = desk.desk.entries
    t = desk.desk.tournament(key)
    t.rng = random.Random(1)
    desk.plays[key] = Held(t, desk.desk.variants["tournament"])  # (no hand dealt)
    app, page = tournaments_page(desktop, SimpleNamespace(port=served.port,
                                                          fingerprint=served.fingerprint))
    wait_for(app, [], lambda: bool(page.listed()), 30.0)
    page.focus.id = f"tournament:{key}"
    keys(app, "return")  # registers: computers fill it at once, and it starts
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen) and desktop.remote is not None
             and desktop.remote.seat is not None and desktop.remote.table is not None, 60.0)
    (table,) = [tb for tb in t.tables.values() if "Mara" in tb.seats]
    mine = table.seats.index("Mara")
    others = [p for p in table.seats[mine + 1:] + table.seats[:mine] if p is not None]
    keys(app, "s")
    expected = "; ".join(["You 1,500", *(f"Computer {p.split(':')[1]} 1,500" for p in others)])
    assert said(desktop)[-1] == expected, said(desktop)[-3:]
    keys(app, "i")  # the whole state: no "Hand 0." before the first hand
    state = said(desktop)[-1]
    assert state.startswith("You have 1,500 chips. ") and "Blinds 10 and 20." in state, state
    assert "Hand 0" not in state, state
