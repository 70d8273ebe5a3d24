"""Every test starts in English (the source language) whatever the machine's
locale, and leaves the game's language as it found it."""

from __future__ import annotations

import sys

import pytest

from holdem_desktop.i18n.translate import set_language
from tests.folders import windows_profile
from tests.wine import UNDER_WINE, start_processes_once_more

if UNDER_WINE:
    start_processes_once_more()


@pytest.fixture(autouse=True)
def own_state_folder(tmp_path, monkeypatch):
    """A hosted room's log goes to the user's state folder: in a test, one of
    its own, never the machine's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    # and the store of every hand (opened with each Desktop) to a data folder of its own
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform == "win32":  # the player's AppData: one of the test's own
        windows_profile(monkeypatch, tmp_path / "profile")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def player_home(tmp_path, monkeypatch):
    """The player's folders in ``tmp_path`` and pygame's (dummy) display open."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    pygame.display.init()
    yield tmp_path
    pygame.display.quit()


@pytest.fixture(autouse=True)
def keys_as_a_script(request, monkeypatch):
    """Tests press keys back to back, each handled to the end before the
    next, as a script of what a player does having heard everything: the
    type-ahead guard (issue 28, item 4) would take them for presses made
    before the player could hear the decision.  It is off in tests, except
    those marked ``type_ahead_guard``, which test the guard itself."""
    if request.node.get_closest_marker("type_ahead_guard") is None:
        from holdem_desktop.ui import table

        monkeypatch.setattr(table, "TYPE_AHEAD_GUARD", 0.0)
