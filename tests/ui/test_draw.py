"""A frame of the table, drawn headless and checked pixel by pixel."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ai.players import create_player  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.session import HumanController, Session  # noqa: E402
from holdem_desktop.ui.action_panel import Command  # noqa: E402
from holdem_desktop.ui.draw import TableRenderer  # noqa: E402
from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from holdem_desktop.ui.move_log import MoveLog  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402


@pytest.fixture
def frame(tmp_path):
    pygame.display.init()
    surface = pygame.Surface((1280, 800))
    players = [("Mara", HumanController())] + [
        (n, create_player("normal", random.Random(i))) for i, n in enumerate(("Ada", "Bruno",
                                                                               "Chiara"))]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(4), clock=lambda: 0.0)
    move_log = MoveLog(lambda k: s.seats[k].name)
    log = move_log.lines
    s.subscribe(move_log.add)
    s.start()
    s.next_hand()
    screen = TableScreen(s, 0, TableRenderer(assets_dir() / "cards" / "classic"))
    while s.waiting_for == 0 and not s.view(0).board:
        screen.panel.activate(Command.CHECK_CALL)
    screen.focus.id = "button:check_call"
    screen.draw(surface)
    renderer = screen.renderer
    view = s.view(0) if s.hand is not None else None
    pygame.image.save(surface, str(tmp_path / "table.png"))
    yield surface, view, renderer, log
    pygame.display.quit()


def test_frame_shows_focus_ring_cards_and_log(frame):
    surface, view, renderer, log = frame
    layout = TableLayout(1280, 800)
    focus = renderer.palette.focus
    # The focused button (Check or Call), in the action bar at the bottom
    # right, has a ring of the focus colour around it.
    panel = layout.panel
    around = renderer.rects["button:check_call"].inflate(12, 12)
    assert around.bottom <= layout.height and around.right <= layout.width
    assert around.centery > panel.y + panel.h * 2 // 3
    ring = [surface.get_at((x, y))[:3] for x in range(around.x, around.right)
            for y in range(around.y, around.bottom)]
    assert ring.count(focus) > 200
    # Own hole cards are drawn face up: white card stock near the bottom seat.
    bottom = [surface.get_at((x, y))[:3] for x in range(380, 560) for y in range(600, 740)]
    assert sum(1 for c in bottom if min(c) > 235) > 2000
    # The move log lists the blinds.
    assert any("posts the big blind" in line for line in log)
    assert view.hole and len(view.players) == 4
