"""The game-over banner's text keeps its size at every table (issue 25):
at 8 to 10 players in a 1024x640 window it used to shrink to about two
thirds to fit between the seats.  Measured on rendered pixels (the glyphs
tests/ui/contrast.py finds): each line's tallest glyph is at least the
height of a capital at the table's normal size, and reads at AA contrast."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pytest.importorskip("numpy")

from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.ui.draw import BANNER_BODY, font  # noqa: E402
from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from tests.ui.contrast import Glyph, glyphs, too_faint  # noqa: E402
from tests.ui.tables import table  # noqa: E402


def capital_height(size: int) -> int:
    """How tall a capital (and a digit) is drawn at ``size``, in pixels."""
    image = font(size).render("PNE8", True, (255, 255, 255))
    return max(r.h for r in pygame.mask.from_surface(image, 0).get_bounding_rects())


def lines_of(found: list[Glyph]) -> list[list[Glyph]]:
    """Glyphs grouped into the lines of text they stand on."""
    lines: list[list[Glyph]] = []
    letters = [g for g in found if g.rect.h > 6]  # not the dot of an i, nor a comma
    for g in sorted(letters, key=lambda g: g.rect.bottom):
        if lines and g.rect.bottom - lines[-1][0].rect.bottom <= 3:
            lines[-1].append(g)
        else:
            lines.append([g])
    return [line for line in lines if len(line) >= 3]  # descenders alone are no line


@pytest.fixture
def language():
    """Switch the game's language for one test, back to English after."""
    yield set_language
    set_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("n", [2, 6, 8, 9, 10])
def test_the_banner_text_never_shrinks(player_home, n, size):
    check_banner(n, size)


@pytest.mark.parametrize("code", ["ro", "it", "pl"])
@pytest.mark.parametrize("n", [8, 10])
def test_nor_in_longer_languages(player_home, language, code, n):
    language(code)
    split = check_banner(n, (1024, 640))
    if code == "ro" and n == 8:  # the longest: the heading goes above the board
        assert split


def check_banner(n: int, size: tuple[int, int]) -> bool:
    """Draws the game's end at ``n`` players; checks its text, and that it
    covers nothing; True when the heading was put apart, above the board."""
    screen, clock = table(n, "over")
    clock.now = 100.0  # every card and chip at rest
    surface = pygame.Surface(size)
    screen.draw(surface)
    boxes = [r for k, r in screen.renderer.drawn.items() if k.startswith("banner")]
    assert boxes and screen.rects["banner"] in boxes
    found = [g for g in glyphs(screen.draw, size)
             if any(b.contains(g.rect) for b in boxes)]
    lines = lines_of(found)
    banner = screen.banner()
    assert len(lines) >= len(banner)  # the heading, the standings, what to press
    normal = capital_height(round(BANNER_BODY * TableLayout(*size).scale))
    shortest = min(max(g.rect.h for g in line) for line in lines)
    assert shortest >= normal, (shortest, normal)
    assert too_faint(found) == []
    # and every word is there: the standings name every player
    assert banner[1].count(";") == n - 1
    drawn = screen.renderer.drawn
    covered = [(b, k) for b in boxes for k, r in drawn.items()
               if not k.startswith(("banner", "title", "panel")) and b.colliderect(r)]
    assert covered == []
    return "banner:heading" in drawn


def test_the_measure_sees_smaller_text(player_home):
    # The size the banner used to fall to (0.72 of its body) is caught.
    normal = capital_height(round(BANNER_BODY * 0.8))
    assert capital_height(round(BANNER_BODY * 0.8 * 0.85)) < normal
