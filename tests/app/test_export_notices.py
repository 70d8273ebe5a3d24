"""An export the player asked for (Hand review's "Export this game as PHH",
Statistics' Export) that cannot be written is said as the game's other late
file notices are (:mod:`holdem_desktop.app.kept_files`): after what is being
said (never cutting it off), shown in Game state when a table is under the
page, the file named and the problem in plain words.  Before, it was said at
once, cutting off what was being said, in the system's words ("Is a
directory"), without the file.  The real window driven by keys, heard
through the recording speaker."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

import platformdirs  # noqa: E402

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.play import opening  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.app.test_kept_files import A_FOLDER, calls, play_hands, said_once  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.store.test_records_real import stored_home  # noqa: E402


@pytest.fixture
def documents(player_home, monkeypatch) -> Path:
    """The player's documents folder, where exports go (``~/Documents``; as
    the system names it: on Windows the shell's known folder, not HOME's)."""
    monkeypatch.setenv("HOME", str(player_home))
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    folder = player_home / "Documents"
    folder.mkdir()
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(folder))
    return folder


def test_statistics_that_cannot_be_written_are_said_after_what_is_being_said(documents):
    stored_home(documents.parent)
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    try:
        app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
        app.screen.focus.id = "statistics"
        keys(app, "return")
        page = app.screen
        assert page.export_folder == documents
        csv = documents / "holdem-statistics.csv"
        csv.mkdir()  # a folder in the file's place
        keys(app, "tab")  # the figures: said at once, as the key's answer
        before = len(calls(desktop))
        page.focus.id = "export"
        keys(app, "return")
        said = f"The statistics could not be written to {csv}: {A_FOLDER}."
        at = said_once(desktop, said)  # a reply: queued, never cutting anything off
        assert at >= before
        assert page.status == said  # on the page's status line
        assert not [t for t, _i in calls(desktop) if "Errno" in t or "Is a directory" in t]
        page.focus.id = "export"  # asked again: answered again (not only once per file)
        keys(app, "return")
        assert [t for t, _i in calls(desktop)].count(said) == 2
    finally:
        desktop.close()


def test_a_game_that_cannot_be_exported_from_the_review_is_said_and_shown_in_game_state(
        documents):
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        keys(app, "return", "return")  # New game, Start game
        table = app.screen
        assert isinstance(table, TableScreen)
        play_hands(app, desktop, 1)
        keys(app, "g")  # Hand review, over the table
        keys(app, "return")  # the newest game: its hands
        page = app.screen
        game = page.game
        assert game is not None
        target = documents / f"holdem-game-{game}.phhs"
        target.mkdir()
        page.focus.id = "export"
        keys(app, "return")
        said = f"The game's hands could not be written to {target}: {A_FOLDER}."
        said_once(desktop, said)
        assert page.status == said  # on the page's status line
        assert said in table.messages  # shown in Game state, as the kept files' notices
        assert not [t for t, _i in calls(desktop) if "Errno" in t or "Is a directory" in t]
    finally:
        desktop.close()
