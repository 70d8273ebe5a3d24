"""A player with every chip in the pot is "all-in" in the title line and
to the S key while the hand runs, never "Ada 0" (as if out of chips for
good): in the real window, by the keys, as the recording speaker heard it."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, window  # noqa: E402

SHOT = Path(os.environ.get("TMPDIR", "/tmp")) / "holdem-all-in-title.png"
"""Where the table is saved, to look at."""


def test_a_player_all_in_is_all_in_in_the_title_and_to_s_not_0(player_home):
    desktop = Desktop(rng=random.Random(0), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    for _ in range(300):  # (seed 0: a computer goes all-in before Mara's turn)
        hand = session.hand
        if hand is not None and not hand.over and hand.to_act == 0 \
                and any(p.all_in for p in session.view(0).players):
            break
        keys(app, "c" if hand is not None and not hand.over else "n")
    else:
        raise AssertionError("nobody went all-in before Mara's turn")
    shoved = [session.seats[p.seat].name for p in session.view(0).players if p.all_in]
    keys(app, "s")
    chips = desktop.speech.history[-1].text
    for name in shoved:
        assert f"{name}: all-in" in chips, chips
        assert f"{name} 0" not in chips, chips
    table = app.screen
    assert isinstance(table, TableScreen)
    table.draw(pygame.display.get_surface())
    title = " ".join(row for row, _size in table.renderer.title_rows)
    for name in shoved:
        assert f"{name}: all-in" in title and f"{name} 0" not in title, title
    pygame.image.save(pygame.display.get_surface(), str(SHOT))
