"""The first window fits the screen it opens on (a 1280x800 window would
run off a 1366x768 laptop's screen), never under the layouts' smallest."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui import app as app_module  # noqa: E402
from holdem_desktop.ui.app import App, fit_window  # noqa: E402
from holdem_desktop.ui.page import Page  # noqa: E402


@pytest.mark.parametrize(("screen", "expected"), [
    ((1366, 768), (1280, 672)),   # the laptop: as wide as kept, less tall
    ((1920, 1080), (1280, 800)),  # room enough: the size kept from last time
    ((1280, 800), (1248, 704)),
    ((1024, 600), (1024, 640)),   # smaller than the layouts allow: their smallest
    (None, (1280, 800)),          # no screen known: as kept
])
def test_the_kept_size_is_fitted_to_the_screen(screen, expected):
    assert fit_window((1280, 800), screen) == expected


def test_the_window_opens_at_the_fitted_size(player_home, monkeypatch):
    monkeypatch.setattr(app_module, "_screen_size", lambda: (1366, 768))
    app = App(Page(lambda text: None), (1280, 800))
    assert app.surface.get_size() == (1280, 672)
