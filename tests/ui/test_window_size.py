"""The first window fits the screen's work area (issue 33, item 7): with
room for its title bar and frame, never under the taskbar (a 1024x640
screen is not filled), centred there; on a 1920x1080 screen the first start
takes most of it instead of a 1280x800 window in its middle; a size the
player chose is kept when it fits.  An enlarged window's body text stays
regular (it turned bold from 30 px on), measured on the frame's pixels."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
np = pytest.importorskip("numpy")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui import app as app_module  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.draw import _SCALE, FONT_FILES  # noqa: E402
from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from holdem_desktop.ui.page import Page  # noqa: E402
from holdem_desktop.ui.window import FRAME, Area, fit_window, place_window  # noqa: E402

# screens as a desktop reports their work area (a taskbar or panel taken off)
LAPTOP = Area(0, 0, 1366, 728)          # 1366x768, a 40 px taskbar
SMALL = Area(0, 0, 1024, 600)           # 1024x640, a 40 px taskbar
SMALL_BARE = Area(0, 0, 1024, 640)      # 1024x640, no panel at all
FULL_HD = Area(0, 32, 1920, 1048)       # 1920x1080, a 32 px panel at the top


def _framed(size: tuple[int, int], at: tuple[int, int]) -> pygame.Rect:
    """The window with its title bar and frame, as the screen shows it."""
    return pygame.Rect(at[0] - FRAME[0] // 2, at[1] - (FRAME[1] - FRAME[0] // 2),
                       size[0] + FRAME[0], size[1] + FRAME[1])


@pytest.mark.parametrize("area", [LAPTOP, SMALL, SMALL_BARE, FULL_HD])
@pytest.mark.parametrize("kept", [(1280, 800), (1100, 700), (2400, 1400)])
def test_the_window_and_its_frame_fit_the_work_area(area, kept):
    size = fit_window(kept, area)
    at = place_window(size, area)
    assert at is not None
    work = pygame.Rect(area.x, area.y, area.w, area.h)
    assert work.contains(_framed(size, at)), (size, at)
    # centred: as much room left as right, above as below (to a pixel)
    framed = _framed(size, at)
    assert abs((framed.x - work.x) - (work.right - framed.right)) <= 1
    assert abs((framed.y - work.y) - (work.bottom - framed.bottom)) <= 1
    if area.w - FRAME[0] >= TableLayout.MIN_WIDTH and area.h - FRAME[1] >= TableLayout.MIN_HEIGHT:
        assert size[0] >= TableLayout.MIN_WIDTH and size[1] >= TableLayout.MIN_HEIGHT


def test_a_small_screen_is_not_filled():
    assert fit_window((1280, 800), SMALL_BARE) == (1008, 592)
    assert fit_window((1280, 800), SMALL) == (1008, 552)


def test_a_large_screen_gets_a_large_first_window_and_a_chosen_size_is_kept():
    w, h = fit_window((1280, 800), FULL_HD)  # the first start: most of the work area
    assert w >= 0.85 * 1920 and h >= 0.85 * 1048
    assert fit_window((1100, 700), FULL_HD) == (1100, 700)  # the player's size, kept
    assert fit_window((1280, 800), LAPTOP) == (1280, 680)
    assert fit_window((1280, 800), None) == (1280, 800)  # no screen known: as kept


def test_the_window_opens_at_the_fitted_size(player_home, monkeypatch):
    monkeypatch.setattr(app_module, "work_area", lambda: LAPTOP)
    app = App(Page(lambda text: None), (1280, 800))
    assert app.surface.get_size() == (1280, 680)


def _rendered_width(image: pygame.Surface) -> int:
    rects = pygame.mask.from_surface(image, 0).get_bounding_rects()
    return max(r.right for r in rects) - min(r.x for r in rects)


def _ink_width(surface: pygame.Surface, rect: pygame.Rect, background) -> int:
    area = pygame.surfarray.pixels3d(surface)[rect.x:rect.right, rect.y:rect.bottom]
    ink = np.any(np.abs(area.astype(int) - np.array(background)) > 60, axis=2)
    xs = np.nonzero(ink.any(axis=1))[0]
    return int(xs.max() - xs.min() + 1)


def test_an_enlarged_window_keeps_its_body_text_regular(player_home, monkeypatch):
    monkeypatch.setattr(app_module, "work_area", lambda: Area(0, 0, 2560, 1400))
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    try:
        session = desktop.new_game("tournament", 3, "easy", "Mara")
        app = App(desktop.table(session), (2400, 1350), desktop.keymap)  # enlarged
        app.frame()
        table = app.screen
        scale = TableLayout(*app.surface.get_size()).scale
        assert scale > 1.3
        line = next(c for c in table.table_controls() if c.zone == "state"
                    and not c.id.startswith("heading:"))
        rect = table.rects[line.id]
        drawn = _ink_width(app.surface, rect, table.renderer.palette.panel)
        pixels = max(6, round(round(22 * scale) * _SCALE))
        widths = {}
        for bold in (False, True):
            face = pygame.font.Font(str(assets_dir() / "fonts" / FONT_FILES[bold]), pixels)
            image = face.render(line.label, True, (255, 255, 255))
            widths[bold] = _rendered_width(image)
        assert widths[True] - widths[False] >= 8  # the two faces tell apart at this length
        assert abs(drawn - widths[False]) <= 2, (drawn, widths)
    finally:
        desktop.close()


@pytest.mark.parametrize("scale", [1.25, 1.5, 2.0])
def test_on_a_scaled_windows_desktop_the_larger_title_bar_fits_too(player_home, monkeypatch,
                                                                    scale):
    """Aware of the desktop's scale (test_sharp_pixels), the window's title
    bar and frame are drawn at that scale too: at 200 % a window kept as
    large as the screen had its title bar above the screen's top."""
    area = Area(0, 40, 2560, 1560)  # 2560x1600, a 40 px panel at the top
    monkeypatch.setattr(app_module, "work_area", lambda: area)
    monkeypatch.setattr(app_module, "display_scale", lambda: scale, raising=False)
    placed: list[tuple[int, int]] = []
    monkeypatch.setattr(pygame.display, "set_window_position", placed.append)
    app = App(Page(lambda text: None), (2560, 1600))  # the size kept: the whole screen
    size = app.surface.get_size()
    frame = (round(FRAME[0] * scale), round(FRAME[1] * scale))
    (x, y), = placed
    framed = pygame.Rect(x - frame[0] // 2, y - (frame[1] - frame[0] // 2),
                         size[0] + frame[0], size[1] + frame[1])
    assert pygame.Rect(area.x, area.y, area.w, area.h).contains(framed), (size, (x, y))
