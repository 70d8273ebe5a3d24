"""After the language is switched in Settings, the start screen's subtitle
speaks the new language too (issue 33, item 10: it stayed English), as its
buttons already did.  Driven with keys through the real window."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.menus import StartPage  # noqa: E402
from tests.driving import keys  # noqa: E402


def test_the_subtitle_follows_the_language_chosen(player_home):
    desktop = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    try:
        app = App(desktop.menu(), keymap=desktop.keymap)
        start = app.screen
        assert isinstance(start, StartPage)
        app.frame()
        english = start.subtitle
        start.focus.id = "settings"
        keys(app, "return")
        app.screen.focus.id = "language"
        keys(app, "down")  # English -> Română
        assert desktop.settings.language == "ro"
        keys(app, "escape")
        assert app.screen is start
        app.dirty = True
        app.frame()
        assert english == "Texas Hold'em for everyone, by ear or by eye"
        assert start.subtitle == "Texas Hold'em pentru toți, după auz sau după văz"
        assert start.controls()[0].label != "New game"
    finally:
        set_language("en")
        desktop.close()
