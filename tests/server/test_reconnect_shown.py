"""The link falling is shown by eye as it is said by ear (found cutting a
tournament player's link): "Connection lost, reconnecting…" was spoken,
but the table drawn the while showed the game as if nothing had happened.
The Game state zone carries the line until the table is back.  The real
Desktop over a real server on loopback, through a proxy the test cuts."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402

from .conftest import said, settle  # noqa: E402
from .proxy import Proxy  # noqa: E402

LOST = "Connection lost, reconnecting…"


@pytest.fixture
def proxy(served):
    p = Proxy(served.port)
    yield p
    p.close()


def test_the_game_state_zone_shows_the_connection_lost_until_it_is_back(
        desktop, served, proxy):
    desktop.trust_certificate(f"127.0.0.1:{proxy.port}", served.fingerprint)
    table = desktop.create_online_room(f"127.0.0.1:{proxy.port}", "tournament", 3, "easy",
                                       "Mara")
    assert isinstance(table, TableScreen)
    app = App(table, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    settle(app, [])
    assert LOST not in table.state_lines()
    proxy.cut()
    end = time.monotonic() + 15
    while time.monotonic() < end and LOST not in said(desktop):
        settle(app, [], 0.05)
    assert LOST in said(desktop)
    assert desktop.remote is not None and desktop.remote.resuming
    assert LOST in table.state_lines(), table.state_lines()  # shown, as said
    proxy.restore()
    end = time.monotonic() + 30
    while time.monotonic() < end and desktop.remote.resuming:
        settle(app, [], 0.05)
    assert not desktop.remote.resuming
    assert LOST not in table.state_lines(), table.state_lines()
