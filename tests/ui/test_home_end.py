"""Home and End, as in any list or menu of the desktop: the first and the
last control of the zone the focus is in, said as they are reached (they
used to say "The key Home does nothing here"); in a text box they still
say how text is edited here; F1 lists them."""

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
from tests.driving import keys, typed, window  # noqa: E402


def last_said(desktop) -> str:
    return desktop.speech.history[-1].text


def test_home_and_end_reach_the_start_menus_first_and_last_item(player_home):
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    menu = [c for c in app.screen.controls() if c.zone == "menu"]
    keys(app, "end")
    assert app.screen.focus.id == menu[-1].id
    assert last_said(desktop) == f"{menu[-1].label}, button"
    keys(app, "home")
    assert app.screen.focus.id == menu[0].id
    assert last_said(desktop) == f"{menu[0].label}, button"
    keys(app, "home")  # already there: said again, not moved
    assert app.screen.focus.id == menu[0].id
    assert last_said(desktop) == f"{menu[0].label}, button"


def test_home_and_end_stay_in_the_zone_at_the_table_and_f1_lists_them(player_home):
    desktop = Desktop(rng=random.Random(2), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    table = app.screen
    focused = table.focused()
    zone = [c for c in table.controls() if c.zone == focused.zone and c.role.value != "heading"]
    assert len(zone) > 1, zone
    keys(app, "end")
    assert table.focus.id == zone[-1].id, (table.focus.id, [c.id for c in zone])
    keys(app, "home")
    assert table.focus.id == zone[0].id
    assert not any("does nothing here" in s.text for s in desktop.speech.history)
    keys(app, "f1")  # (at the table: its Keys tab)
    listed = " ".join(c.label for c in table.controls() if c.zone == table.focused().zone)
    assert "Home: First control of the zone" in listed, listed
    assert "End: Last control of the zone" in listed, listed


def test_in_a_text_box_home_still_says_how_text_is_edited(player_home):
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "new"
    keys(app, "return")  # New game: its form, the name box first or reached by Tab
    for _ in range(12):
        c = app.screen.focused()
        if c is not None and c.role.value == "edit":
            break
        keys(app, "tab")
    typed(app, "x")
    keys(app, "home")
    assert "Backspace" in last_said(desktop), last_said(desktop)
