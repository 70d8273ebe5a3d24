"""F1 over a page whose keys mean something of their own there (the hand
review: the arrows step the hand, not a choice or the amount) lists first
what they do on that page, then every other key as ever."""

from __future__ import annotations

import random

from holdem_desktop.app import Desktop
from holdem_desktop.speech import RecordingSpeaker
from holdem_desktop.store import GameInfo
from holdem_desktop.ui.app import App
from holdem_desktop.ui.help_pages import KeysPage
from holdem_desktop.ui.review import ReplayPage
from holdem_desktop.ui.widgets import Role
from tests.driving import keys
from tests.store.test_review import scripted


def test_f1_in_the_replay_says_what_its_keys_do_there(player_home):
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    desktop.hand_store().add_hand(None, GameInfo("local", "Tournament", "Mara", "normal", 3),
                                  7, scripted(), 2, ["normal", "normal", "human"])
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "review"
    keys(app, "return", "return", "return")  # Hand review, its game, its hand
    replay = app.screen
    assert isinstance(replay, ReplayPage)
    keys(app, "f1")
    page = app.screen
    assert isinstance(page, KeysPage)
    lines = [c.label for c in page.controls()]
    count = sum(c.role is Role.TEXT for c in page.controls())
    assert desktop.speech.history[-1].text == (
        f"Keys. {count} keys: Down reads them one by one. On this page, heading")
    assert lines[:6] == ["On this page", "Right arrow: Next action",
                         "Left arrow: Previous action", "Down arrow: Next street",
                         "Up arrow: Previous street", "I: Read state"]
    assert "F1: List every key" in lines  # and every key, as everywhere
    # but not the arrows again as they are elsewhere (a choice, the amount)
    assert not any(line.startswith(("Down arrow: Decrease", "Right arrow: Next value"))
                   for line in lines), lines
    keys(app, "escape")
    assert app.screen is replay
