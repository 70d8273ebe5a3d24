"""The window's first words: a blind player hears where they are at once."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import play  # noqa: E402
from holdem_desktop.settings import settings_path  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402


@pytest.fixture
def home(player_home):
    return player_home


def first_words(speaker: RecordingSpeaker) -> list[tuple[str, bool]]:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert play(max_events=5, speaker=speaker) == 0
    end = time.monotonic() + 5  # the speaker runs on the speech thread
    while not speaker.calls and time.monotonic() < end:
        time.sleep(0.02)
    return speaker.calls


def test_the_start_screen_greets_by_voice(home):
    # (the first launch says how to move too: tests/app/test_first_run.py)
    assert first_words(RecordingSpeaker()) == [(
        "Hold'em Desktop. New game, button. Move with the arrow keys or Tab, choose with "
        "Enter; F1 lists every key.", True)]
    # the window closed keeps the settings: the next launch is not a first one
    assert first_words(RecordingSpeaker()) == [("Hold'em Desktop. New game, button.", True)]


def test_a_problem_at_start_follows_the_greeting_without_cutting_it_off(home):
    settings = settings_path()
    settings.parent.mkdir(parents=True)
    settings.write_text("{not json")
    kept = settings.with_name("settings.json.broken-1")
    assert first_words(RecordingSpeaker()) == [(
        "Hold'em Desktop. New game, button. Your settings file was damaged (it is not valid "
        f"JSON) and was kept as {kept}; the defaults are used.", True)]
