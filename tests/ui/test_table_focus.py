"""The table keeps its promises to the keyboard: Up and Down choose the
amount wherever the focus is, the Move log is read on request and its line
stays put, and no two controls of a zone say the same thing."""

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
from holdem_desktop.ui.table import ZONES  # noqa: E402
from tests.driving import keys  # noqa: E402


@pytest.fixture
def table(player_home):
    desktop = Desktop(rng=random.Random(13), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = App(desktop.table(session), keymap=desktop.keymap, after_input=desktop.flush)
    for _ in range(30):  # until it is the player's turn with an amount to choose
        hand = session.hand
        if not hand.over and hand.to_act == 0 and app.screen.panel.why(
                app.screen.panel.buttons()[2].command) is None:
            break
        keys(app, "n" if hand.over else "c")
    yield desktop, app
    desktop.close()


def said(app: App) -> str:
    """The last words said (the focus moving is said, not shown as a message)."""
    return app.screen.desktop.speech.speaker.calls[-1][0]


def bet_label(app: App) -> str:
    return next(c.label for c in app.screen.table_controls() if c.id == "button:bet_raise")


def test_up_and_down_choose_the_amount_in_every_zone(table):
    _desktop, app = table
    screen = app.screen
    for zone in ZONES:
        screen.focus.id = f"heading:{zone}"
        keys(app, "tab")  # into the zone
        before = bet_label(app)
        keys(app, "up")
        after = bet_label(app)
        assert after != before or "largest" in screen.messages[-1], zone
        assert screen.messages[-1] in (after, "This is already the largest amount."), zone
        keys(app, "down")
        assert bet_label(app) == before, zone


def test_the_move_log_is_read_on_request_and_its_line_stays(table):
    _desktop, app = table
    screen = app.screen
    screen.focus.id = "heading:log"
    keys(app, "tab")
    assert screen.focused().id == "log"
    assert said(app).endswith("Enter reads it line by line.")
    pinned = screen.log_index
    assert pinned == len(screen.log) - 1
    keys(app, "return", "up")
    assert said(app) == screen.log[pinned - 1]
    screen.move_log.lines.append("Someone does something.")  # a new line arrives
    assert screen.focused().label == screen.log[pinned - 1]  # the line in focus stays
    keys(app, "escape")
    assert not screen.reading_log and said(app) == "Stopped reading the Move log."
    before = bet_label(app)
    keys(app, "up")  # the amount again
    assert bet_label(app) != before or "largest" in said(app)


def test_no_two_controls_of_a_zone_say_the_same(table):
    _desktop, app = table
    screen = app.screen
    screen.focus.id = "heading:state"
    for _ in range(6):  # tab through Game state: each line said becomes the last message
        keys(app, "tab")
        controls = screen.table_controls()
        for zone in ZONES:
            labels = [c.label for c in controls if c.zone == zone]
            assert len(labels) == len(set(labels)), (zone, labels)


def test_a_hand_played_out_without_the_player_leaves_the_focus_on_next_hand(player_home):
    desktop = Desktop(rng=random.Random(21), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = App(desktop.table(session), keymap=desktop.keymap, after_input=desktop.flush)
    try:
        for _ in range(300):  # all-in every hand until the player is out
            if session.seats[0].place is not None or session.game_over:
                break
            keys(app, "n" if session.hand.over else "a", "a")
        assert session.seats[0].place is not None
        if not session.game_over:
            keys(app, "n")  # a whole hand among the computer players
            assert session.hand.over
        # (the table's own focus: the offer to watch or go to the places may be open over it)
        assert app.stack[0].focus.id == "button:next_hand"  # not a greyed action button
    finally:
        desktop.close()
