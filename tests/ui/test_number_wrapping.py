"""A number's grouping space never breaks a line.  Polish groups digits with
a no-break space ("1 500"), and the Game state zone at 1024×640 showed
"Bruno, 1" on one line and "500 żetonów" on the next: the lines were broken
at every kind of space, and the no-break one came back a plain space."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.draw import font, wrap  # noqa: E402
from holdem_desktop.ui.lines import break_lines, newest_rows  # noqa: E402

TEXT = ("Masz 1\u00a0500 żetonów. Elena, 1\u00a0500 żetonów. Bruno, 1\u00a0500 żetonów. "
        "Greta, 12\u00a0340 żetonów. Pula 3\u202f200.")
AMOUNTS = ("1\u00a0500", "12\u00a0340", "3\u202f200")


@pytest.mark.parametrize("lay_out", [
    pytest.param(lambda f, w: break_lines(f, TEXT, w), id="break_lines"),
    pytest.param(lambda f, w: wrap(f, TEXT, w), id="wrap"),
    pytest.param(lambda f, w: newest_rows(f, TEXT, w, 40), id="newest_rows"),
])
def test_a_grouped_number_stays_on_one_line(lay_out):
    pygame.font.init()
    f = font(14)
    for width in range(80, 420, 7):
        lines = lay_out(f, width)
        whole = "\n".join(lines)
        for number in AMOUNTS:
            assert number in whole, (width, lines)
        assert whole.replace("\n", " ") == TEXT.rstrip(), (width, lines)
