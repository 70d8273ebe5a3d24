"""The start screen's news with speech off at launch: the saved game and
what went wrong at start are shown, and said once speech comes back on
during the same visit to the start screen, never lost and never twice —
the real Desktop opened as the game opens (``opening``), driven by keys,
heard through the recording speaker."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.play import opening  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from tests.driving import keys  # noqa: E402

OFF = "Speech is off. Press F2 to turn it back on."
SAVED = "You have a saved game: Continue goes on with it."
NO_VARIANT = "There is no variant named nosuch"


@pytest.fixture
def silent_launch(player_home):
    """A game saved, speech turned off, and the game opened again with a
    variant that does not exist (a start notice): the Desktop and its window."""
    before = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    before.menu(before.new_game("tournament", 3, "easy", "Mara"))  # left: saved
    before.change_settings(before.settings.updated(speech_output="off"))
    before.close()
    desktop = Desktop(speaker=RecordingSpeaker())
    app = opening(desktop, variant="nosuch")
    yield desktop, app
    desktop.close()


def test_speech_turned_on_says_the_start_news_nobody_heard(silent_launch):
    desktop, app = silent_launch
    rec = desktop.speech.speaker
    assert rec.calls == [(OFF, True)]  # the launch: only the way back was heard
    page = app.screen
    assert SAVED in page.shown_notice() and NO_VARIANT in page.shown_notice()  # and shown
    keys(app, "f2")
    said, interrupt = rec.calls[-1]
    assert said.startswith(f"Speech on. Hold'em Desktop. {SAVED} {NO_VARIANT}"), said
    assert said.endswith("Continue, button") and interrupt
    assert len(rec.calls) == 2  # one sentence: nothing cut off
    keys(app, "f2", "f2")  # off and on again: told once already
    assert rec.calls[-1] == ("Speech on.", True)
    keys(app, "down", "down", "return", "escape")  # How to play and back: no news again
    assert SAVED not in rec.calls[-1][0] and rec.calls[-1][0].startswith("Hold'em Desktop.")


def test_speech_turned_on_in_settings_says_the_news_back_on_the_start_screen(silent_launch):
    desktop, app = silent_launch
    rec = desktop.speech.speaker
    keys(app, "down", "down", "down", "return")  # Continue, Rooms, How to play, Settings
    page = app.screen
    assert page.title == "Settings"
    page.focus.set(page.controls(), "speech_output")
    for _ in range(5):  # (Up: the combo box's item before "off")
        if desktop.settings.speech_output != "off":
            break
        keys(app, "up")
    assert desktop.settings.speech_output != "off"
    assert not any(SAVED in s for s, _i in rec.calls)  # (not said over the choice)
    keys(app, "escape")  # back on the start screen: its news, now heard
    said = rec.calls[-1][0]
    assert said.startswith(f"Hold'em Desktop. {SAVED} {NO_VARIANT}"), said
    assert said.endswith("Settings, button")
    keys(app, "return", "escape")  # Settings and back again: said once only
    assert rec.calls[-1][0] == "Hold'em Desktop. Settings, button"
