"""The Game state zone shows the game and the answers to the information
keys, not where the focus went: before, Tab showed "Raise to 50, button"
there, and closing F1's list left "Keys closed" in it (seen in a real
window, 2026-12-07), words a sighted player reads as the game's news and a
screen reader's heading navigation reads as the state."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from tests.driving import keys, window  # noqa: E402


@pytest.fixture
def desktop(player_home):
    d = Desktop(rng=random.Random(2), speaker=RecordingSpeaker())
    yield d
    d.close()


def heard(desktop) -> list[str]:
    return [text for text, _ in desktop.speech.speaker.calls]


def test_moving_the_focus_is_said_and_not_shown_as_the_game_state(desktop):
    app = window(desktop, desktop.new_game("tournament", 3, "easy", "Mara"))
    table = app.screen
    before = table.state_lines()
    keys(app, "tab")
    said = heard(desktop)[-1]
    assert said.endswith(", button")  # the next action button, said
    assert said not in table.state_lines()
    assert table.state_lines() == before
    keys(app, "pagedown")  # the next zone's heading, said, not shown either
    assert heard(desktop)[-1] not in table.state_lines()


def test_an_information_key_is_shown_and_stays_through_the_focus_and_the_tabs(desktop):
    app = window(desktop, desktop.new_game("tournament", 3, "easy", "Mara"))
    table = app.screen
    keys(app, "s")
    chips = heard(desktop)[-1]
    assert table.state_lines()[-1] == chips  # the answer to a key: shown
    keys(app, "tab")
    assert table.state_lines()[-1] == chips
    keys(app, "f1")
    keys(app, "down")
    keys(app, "escape")
    assert heard(desktop)[-1].startswith("Keys closed")
    assert table.state_lines()[-1] == chips  # not "Keys closed", nor a key of the list
