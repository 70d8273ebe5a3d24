"""A move is never kept waiting behind a read-out the player asked for, and
never cuts off the game's own announcements."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.driving import keys  # noqa: E402


@pytest.fixture
def table(player_home):
    desktop = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = App(desktop.table(session), keymap=desktop.keymap, after_input=desktop.flush)
    yield desktop, app, session
    desktop.close()


def my_turn(app: App, session) -> None:
    for _ in range(30):
        if session.hand is not None and not session.hand.over and session.hand.to_act == 0:
            return
        keys(app, "n" if session.hand is None or session.hand.over else "c")
    raise AssertionError("the player's turn never came")


def test_a_move_after_read_state_cuts_the_read_out_off(table):
    desktop, app, session = table
    my_turn(app, session)
    keys(app, "i")  # Read state: a long read-out, asked for
    readout = desktop.speech.history[-1]
    assert readout.kind == "focus" and len(readout.text) > 100
    keys(app, "c")
    move = desktop.speech.history[-1]
    assert move.kind == "game" and move.text.startswith(("You call", "You check"))
    assert move.interrupt  # said at once, not after the whole read-out


def test_a_move_never_cuts_off_the_game(table):
    desktop, app, session = table
    my_turn(app, session)
    assert desktop.speech.history[-1].kind == "game"  # "...Your turn": the game speaking
    keys(app, "c")
    move = desktop.speech.history[-1]
    assert move.kind == "game" and not move.interrupt


def test_information_alone_never_makes_the_game_interrupt(table):
    desktop, app, session = table
    my_turn(app, session)
    keys(app, "i", "tab")  # information and focus, no move
    before = len(desktop.speech.history)
    desktop.flush()
    assert len(desktop.speech.history) == before  # nothing new to say, nothing cut
