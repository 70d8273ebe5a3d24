"""The game's font draws the card suits and the arrows a player may put in a
room's, a player's or a chat line's name (♠ ♥ ♦ ♣ ← → ↑ ↓), in both weights,
as themselves and not as the box of a missing letter; and the fonts in
assets/ are the ones tools/fetch_font.py records (rebuilt the same way)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui import draw  # noqa: E402

SYMBOLS = "♠♥♦♣←→↑↓"
MISSING = "\ue000"  # a private-use letter no font of ours has: its box


def ink(surface: pygame.Surface) -> list[tuple[int, int]]:
    """Where the rendered letter put ink (white on black)."""
    w, h = surface.get_size()
    return [(x, y) for y in range(h) for x in range(w) if surface.get_at((x, y))[0] > 96]


def rendered(size: int, text: str) -> pygame.Surface:
    return draw.font(size).render(text, True, (255, 255, 255), (0, 0, 0))


@pytest.mark.parametrize("size", [26, 34, 60])  # body text, a heading (bold), the title
def test_suits_and_arrows_are_drawn_not_boxed(size):
    pygame.font.init()
    box = ink(rendered(size, MISSING))
    assert box, "the missing letter's box draws something to compare with"
    shapes = {}
    for ch in SYMBOLS:
        drawn = ink(rendered(size, ch))
        assert drawn and drawn != box, f"{ch!r} (U+{ord(ch):04X}) is the missing-letter box"
        shapes[ch] = drawn
    assert len({tuple(s) for s in shapes.values()}) == len(SYMBOLS)  # each its own shape
    # each arrow points its own way: its head, the wider end, holds more ink
    for ch, axis, forward in (("→", 0, True), ("←", 0, False), ("↓", 1, True),
                              ("↑", 1, False)):
        points = shapes[ch]
        middle = (min(p[axis] for p in points) + max(p[axis] for p in points)) / 2
        ahead = sum(1 for p in points if (p[axis] > middle) == forward)
        assert ahead > len(points) - ahead, ch


def test_a_name_with_a_suit_keeps_the_letters_around_it():
    pygame.font.init()
    f = draw.font(26)
    assert f.size("Ada ♠ Bo")[0] > f.size("Ada  Bo")[0]  # the suit takes its own room
    assert f.size("♥")[0] < f.size("MM")[0]  # about a letter wide, not a whole box row


def test_the_committed_fonts_are_those_the_tool_records():
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, str(root / "tools" / "fetch_font.py"), "--check"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
