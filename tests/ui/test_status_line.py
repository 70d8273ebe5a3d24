"""The status line under a page (what was said last, shown) stays whole
words inside the window: a long sentence (a settings file kept aside under
its full path) ends in an ellipsis at a word, never cut in the middle of a
word nor running past the window's edges."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.form_page import ReadingPage  # noqa: E402

LONG = ("Your settings file was damaged (it is not valid JSON) and was kept as "
        "/home/someone/.config/holdem-desktop/settings.json.broken-1; the defaults are used. "
        "Speech: recording.")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_long_status_ends_at_a_whole_word_inside_the_window(player_home, size):
    page = ReadingPage("Statistics", [("Part", ["A line."])], lambda text: None)
    page.say(LONG)
    rendered: list[str] = []
    real = page.renderer.font

    class Spy:
        def __init__(self, f):
            self.f = f

        def render(self, text, *args):
            rendered.append(text)
            return self.f.render(text, *args)

        def __getattr__(self, name):
            return getattr(self.f, name)

    page.renderer.font = lambda px: Spy(real(px))  # type: ignore[method-assign]
    surface = pygame.Surface(size)
    page.draw(surface)
    shown = next(t for t in rendered if t.startswith("Your settings file"))
    assert shown != LONG[:140]  # (it was cut at 140 characters, "the def")
    if shown != LONG:  # (the whole of it where it fits)
        assert shown.endswith("…") and LONG.startswith(shown[:-1].rstrip())
        assert LONG[len(shown[:-1].rstrip())] == " "  # a whole word before the ellipsis
    assert size != (1024, 640) or shown != LONG  # too long for the smallest window
    status = page.renderer.drawn["status"]
    assert surface.get_rect().inflate(-20, 0).contains(status)
