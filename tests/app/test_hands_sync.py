"""A hand's file that cannot be synced to the disk (``fsync`` fails: EIO, a
failing disk or a USB stick pulled out) may not hold the hand after a power
cut: the player is told once, as a hand's file that cannot be written is
(:mod:`holdem_desktop.app.kept_files`), and the game plays on.  Before, the
failure was swallowed without a word.  The real game driven by keys, heard
through the recording speaker; ``os.fsync`` fails for the hands' files
alone (the settings' saves sync too)."""

from __future__ import annotations

import errno
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.play import opening  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.app.test_kept_files import hands, play_hands, said_once  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.folders import data_folder  # noqa: E402


def test_a_hand_that_cannot_be_synced_to_the_disk_is_said_once(player_home, monkeypatch):
    folder = data_folder() / "hands"
    real = os.fsync
    failed: list[int] = []

    def failing_disk(fd: int) -> None:
        if any(os.path.samestat(os.fstat(fd), p.stat()) for p in folder.glob("*.phhs")):
            failed.append(fd)
            raise OSError(errno.EIO, "Input/output error")
        real(fd)

    monkeypatch.setattr(os, "fsync", failing_disk)
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        keys(app, "return", "return")  # New game, Start game
        assert isinstance(app.screen, TableScreen)
        play_hands(app, desktop, 3)
        assert len(failed) >= 2  # each hand's sync failed
        said = hands(folder / "game_0001.phhs", "the disk reported an error")
        said_once(desktop, said)  # once, after what was being said
        assert said in app.screen.messages  # shown in Game state
        assert app.screen.session.hands_played >= 3  # the game went on
    finally:
        desktop.close()
