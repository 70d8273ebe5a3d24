"""At a tournament's table, L (the blinds, and when they go up) says when
the tournament's clock raises them and to what, as a local game's L says
"The blinds go up in 4 hands." (it said the blinds alone: the tournament's
levels rise by time); so do Read state and the Game state zone, and the
phone page's Read state.  The real Desktop (dummy video driver, the
recording speaker, key events) over a real server on loopback, its tables
held before any deal; the time passing is the Desktop's own clock moved
on (the table counts down from when it came)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.server.web_view import read_state, table_view  # noqa: E402
from holdem_desktop.ui.action_panel import ActionPanel  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_tournament_page import tournaments_page  # noqa: E402
from .test_tournament_seat import SIX_NOW, Held  # noqa: E402

SHOTS = Path(__file__).resolve().parents[3] / "look-shots" / "tclock"


def test_l_says_when_the_tournament_clock_raises_the_blinds(desktop, make_server, tmp_path):
    offers = tmp_path / "six.toml"
    offers.write_text(SIX_NOW, encoding="utf-8")  # (turbo: five minutes a level)
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
    remote = desktop.remote
    keys(app, "l")
    assert said(desktop)[-1] == ("Blinds 10 and 20. The blinds go up to 20 and 40 in 5 "
                                 "minutes."), said(desktop)[-3:]
    assert "Blinds go up to 20 and 40 in 5 minutes" in app.screen.state_lines()
    SHOTS.mkdir(parents=True, exist_ok=True)
    surface = pygame.display.get_surface()
    app.screen.draw(surface)
    pygame.image.save(surface, str(SHOTS / "l_at_start.png"))

    remote._clock_at -= 4 * 60 + 10  # four minutes and ten seconds later
    keys(app, "l")
    assert said(desktop)[-1] == ("Blinds 10 and 20. The blinds go up to 20 and 40 in 1 "
                                 "minute."), said(desktop)[-3:]
    keys(app, "i")  # Read state: after the hand's number, as a local game's
    assert ("Blinds 10 and 20. The first hand is not dealt yet. The blinds go up to 20 and 40 "
            "in 1 minute. ") in said(desktop)[-1], said(desktop)[-1]
    phone = ActionPanel(remote, remote.seat)  # type: ignore[arg-type]
    # the phone page's Read state: the desktop's I, word for word (not "Hand 0.", the
    # blinds' clock, then who the next hand waits for)
    assert read_state(remote, phone) == said(desktop)[-1], said(desktop)[-1]
    # and its Game state zone, as the desktop's
    assert table_view(remote, phone, SimpleNamespace(lines=[]))["state"][:2] == [
        "First hand: blinds 10 and 20", "Blinds go up to 20 and 40 in 1 minute"]
    assert app.screen.state_lines()[:2] == [
        "First hand: blinds 10 and 20", "Blinds go up to 20 and 40 in 1 minute"]

    remote._clock_at -= 60  # the level has begun: the next hand is dealt at it
    keys(app, "l")
    assert said(desktop)[-1] == ("Blinds 10 and 20. The blinds go up to 20 and 40 from the "
                                 "next hand."), said(desktop)[-3:]
    assert "Blinds go up to 20 and 40 from the next hand" in app.screen.state_lines()
