"""The window is drawn in the screen's own pixels on a Windows desktop
scaled to 125 %, 150 % or 200 % (the usual laptop settings, and what a
low-vision player sets): SDL leaves a program "DPI unaware" unless asked,
and Windows then stretches its window as a picture, every letter and card
blurred.  The game asks SDL, before its video starts, to be aware of each
monitor's scale (the table is laid out by the window's size in pixels, so
it is as large as before, and sharp).

Wine 8.0 treats every program as aware and never stretches, so the check
is what SDL itself was told, read back from the SDL library pygame loaded:
the same on Windows, under Wine and here."""

from __future__ import annotations

import ctypes
import os

import pytest

pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.app import open_display  # noqa: E402
from holdem_desktop.ui.waiting import _candidates  # noqa: E402

HINT = "SDL_WINDOWS_DPI_AWARENESS"


def sdl_hint(name: str) -> str | None:
    """The hint ``name`` as the SDL library pygame uses reads it."""
    for path in _candidates():
        try:
            get = ctypes.CDLL(path).SDL_GetHint
        except (OSError, AttributeError):
            continue
        get.argtypes, get.restype = [ctypes.c_char_p], ctypes.c_char_p
        value = get(name.encode())
        return None if value is None else value.decode()
    pytest.skip("pygame's SDL library was not found")


@pytest.fixture
def no_hint(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.delenv(HINT, raising=False)
    pygame.display.quit()
    yield
    pygame.display.quit()
    os.environ.pop(HINT, None)


def test_sdl_is_asked_for_each_monitors_scale_before_the_window_opens(no_hint):
    open_display()
    assert sdl_hint(HINT) == "permonitorv2"


def test_a_players_own_choice_is_kept(no_hint, monkeypatch):
    monkeypatch.setenv(HINT, "system")
    open_display()
    assert sdl_hint(HINT) == "system"
