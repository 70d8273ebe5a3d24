"""The Game state zone keeps to its share of the panel: a watcher's last
announcement can be a whole hand of a fast computer table (seen behind the
bust-out dialog, running over the Move log, the Room zone and the action
bar).  The newest words are shown after a "…"; the rest of the panel is
drawn where it always is."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from tools.table_shots import screen as table_with_bets  # noqa: E402

HAND = " ".join(f"Computer {k % 9 + 1} checks, and the pot stays at {40 + k}." for k in range(60)
                ) + " Computer 1 and Computer 3 split the pot of 70."


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_a_whole_hand_announced_stays_in_the_game_state_zone(size):
    pygame.display.init()
    screen = table_with_bets(6, 5, False)
    screen.any_input()
    screen.motion.finish()
    surface = pygame.Surface(size)
    screen.draw(surface)
    r = screen.renderer
    log_top_before = r.rects["heading:log"].top
    screen.announce(HAND)
    screen.motion.finish()
    screen.draw(surface)
    state = [k for k in r.painted if k.startswith("state:")]
    last = r.painted[max(state, key=lambda k: int(k[6:]))]
    assert last.startswith("… ") and last.endswith("split the pot of 70.")
    bottom = max(r.rects[k].bottom for k in state)
    layout = TableLayout(*size)
    assert bottom <= layout.panel.y + layout.panel.h // 2
    assert r.rects["heading:log"].top >= bottom
    # the Move log keeps rows of its own (the short message before took fewer)
    assert r.rects["log"].h >= 3 * round(22 * layout.scale)
    assert r.rects["heading:log"].top - log_top_before < layout.panel.h // 3
