"""Forms behave as desktop dialogs do: Enter presses the default button from
any field, Left and Right change a choice, Space ticks a box, Escape
cancels, and what is typed or erased is spoken."""

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
from holdem_desktop.ui.menus import JoinRoomPage, NewGamePage, SettingsPage, StartPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, typed  # noqa: E402


@pytest.fixture
def desktop(player_home):
    d = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    yield d
    d.close()


def last_said(desktop: Desktop) -> str:
    return desktop.speech.history[-1].text


@pytest.mark.parametrize("tabs", [0, 1, 2, 3])
def test_enter_from_any_field_of_new_game_starts_the_game(desktop, tabs):
    app = App(desktop.menu(), keymap=desktop.keymap)
    keys(app, "return")  # New game
    assert isinstance(app.screen, NewGamePage)
    keys(app, *["tab"] * tabs, "return")
    assert isinstance(app.screen, TableScreen)


def test_left_and_right_change_a_choice_and_the_focus_says_how(desktop):
    app = App(desktop.menu(), keymap=desktop.keymap)
    keys(app, "return")
    form = app.screen
    first = last_said(desktop)
    assert first == ("New game. Game, combo box, Tournament, 5 of 5; Down chooses the next, "
                     "Up the one before.")
    keys(app, "left")
    assert form.form.values["variant"] != "tournament" and form.focused().id == "variant"
    assert last_said(desktop) == "Session, 4 of 5"
    keys(app, "right")
    assert form.form.values["variant"] == "tournament"
    keys(app, "tab")  # Players: the hint is not said twice
    assert "change it" not in last_said(desktop) and " of " in last_said(desktop)
    keys(app, "escape")
    assert isinstance(app.screen, StartPage)


def test_typing_and_erasing_are_spoken(desktop):
    app = App(desktop.menu(), keymap=desktop.keymap)
    keys(app, "return")
    form = app.screen
    form.focus.set(form.controls(), "name")  # Your name
    for _ in range(len(form.form.values["name"])):
        keys(app, "backspace")
    assert last_said(desktop) in ("empty",) or last_said(desktop).endswith("erased")
    typed(app, "Al")
    assert [s.text for s in desktop.speech.history[-2:]] == ["A", "l"]
    typed(app, " ")
    assert last_said(desktop) == "space"
    keys(app, "backspace")
    assert last_said(desktop) == "space erased" and form.form.values["name"] == "Al"
    keys(app, "down")  # the whole value, on request
    assert last_said(desktop) == "Your name: Al"
    keys(app, "backspace", "backspace", "backspace")
    assert last_said(desktop) == "empty"


def test_enter_in_the_join_form_submits_from_every_field(desktop):
    for tabs in (0, 1, 2):
        app = App(desktop.menu(), keymap=desktop.keymap)
        keys(app, "tab", "tab", "return", "tab", "return")  # Rooms, Join room
        assert isinstance(app.screen, JoinRoomPage)
        typed(app, "12")
        keys(app, *["tab"] * tabs, "return")
        assert app.screen.status == "A room code has 6 digits."  # Join was pressed


def test_settings_space_ticks_enter_closes(desktop):
    app = App(desktop.menu(), keymap=desktop.keymap)
    keys(app, "tab", "tab", "tab", "tab", "return")  # Settings
    assert isinstance(app.screen, SettingsPage)
    page = app.screen
    box = next(c for c in page.controls() if c.role.name == "CHECKBOX")
    page.focus.set(page.controls(), box.id)
    before = page.form.values[box.id]
    keys(app, "space")
    assert page.form.values[box.id] is (not before)
    keys(app, "return")  # from a field: the default button, Close
    assert isinstance(app.screen, StartPage)


def test_enter_enter_from_the_start_screen_deals_hand_one(desktop):
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    keys(app, "return", "return")
    table = app.screen
    assert isinstance(table, TableScreen)
    assert table.session.hand is not None and table.session.hands_played == 0
    heard = " ".join(s.text for s in desktop.speech.history if s.kind == "game")
    assert "Hand 1." in heard and "You have " in heard
    # ...and nothing is said over the deal (the table's title would cut it off)
    assert desktop.speech.history[-1].kind == "game"
    assert table.focused().id == "button:check_call"  # the first key acts on the hand
    actions = len(table.session.hand.actions)
    if table.session.hand.to_act == 0:
        keys(app, "c")
        assert len(table.session.hand.actions) > actions


def test_enter_from_a_field_of_create_room_opens_the_room(desktop):
    desktop.room_bind = "127.0.0.1"
    desktop.search_addresses = ("127.0.0.1",)
    app = App(desktop.menu(), keymap=desktop.keymap)
    keys(app, "tab", "tab", "return", "return")  # Rooms, Create room
    assert isinstance(app.screen, NewGamePage) and app.screen.room
    keys(app, "tab", "return")  # from the Players field
    assert isinstance(app.screen, TableScreen) and app.screen.room is not None
    desktop.close_room()
