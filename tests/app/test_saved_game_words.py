"""Continue on a saved game that cannot be read says the file and why in the
player's words.  Before: "The saved game cannot be continued: unreadable:
[Errno 21] Is a directory: '…/autosave.json'." (the error's code and the
system's English), and a folder in the saved game's place was offered as a
saved game on the start page."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.play import opening  # noqa: E402
from holdem_desktop.saves import autosave_path  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402


def said(desktop: Desktop) -> list[str]:
    return [text for text, _i in desktop.speech.speaker.calls]


def test_a_damaged_saved_game_names_its_file(player_home):
    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "seats": [', encoding="utf-8")  # cut short
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        assert said(desktop)[0].startswith("Hold'em Desktop. You have a saved game")
        keys(app, "return")  # Continue
        assert said(desktop)[-1] == (f"The saved game {path} is damaged: it cannot be "
                                     "continued.")
    finally:
        desktop.close()


def test_a_saved_game_that_cannot_be_read_says_why(player_home, monkeypatch):
    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text("{}", encoding="utf-8")
    real = type(path).read_text

    def refused(self, *args, **kwargs):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(type(path), "read_text", refused)
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        keys(app, "return")  # Continue
        assert said(desktop)[-1] == (f"The saved game {path} cannot be read: "
                                     "permission denied.")
    finally:
        desktop.close()


def test_a_folder_in_the_saved_games_place_is_no_saved_game(player_home):
    autosave_path().mkdir(parents=True)
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        assert "saved game" not in said(desktop)[0]
        keys(app, "return", "return")  # New game, Start game
        assert isinstance(app.screen, TableScreen)
    finally:
        desktop.close()
