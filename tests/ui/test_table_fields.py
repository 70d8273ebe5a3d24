"""Ctrl+A in the table's text fields selects, as it does on every other page
(New game, Join room, the account pages): before, in the amount box and the
chat field it said "Text is typed and erased at its end ..." and selected
nothing, so a wrong amount or line had to be erased character by character.
The real window driven by key events; what it said, and what it drew."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.action_bar import AMOUNT_BOX  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.driving import keys, typed  # noqa: E402
from tests.ui.tables import table  # noqa: E402
from tests.ui.test_room_look import _room_table  # noqa: E402

SELECT_ALL = "Select a text field's whole text; typing or Backspace then replaces it"


def ctrl_a(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a,
                                         mod=pygame.KMOD_LCTRL))
    app.run(max_events=1)


def shift_tab(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                                         mod=pygame.KMOD_LSHIFT))
    app.run(max_events=1)


def heard_at(screen) -> list[str]:
    """Everything the table hands to the voice from now on."""
    heard: list[str] = []
    screen._out = heard.append
    return heard


@pytest.fixture
def amount_box(player_home):
    screen, _clock = table(3, "mid")
    assert screen.panel.amounts()[0], "no amount to choose"
    app = App(screen, (1280, 800))
    app.frame()
    screen.focus.id = AMOUNT_BOX
    return app, screen, heard_at(screen)


def test_ctrl_a_in_the_amount_box_selects_and_typing_replaces(amount_box):
    app, screen, heard = amount_box
    typed(app, "300")
    ctrl_a(app)
    assert heard[-1] == "300, selected"
    box = next(c for c in screen.table_controls() if c.id == AMOUNT_BOX)
    assert box.selected  # drawn highlighted, as any text box shows it
    app.frame()
    assert screen.renderer.painted[AMOUNT_BOX] == "300"
    typed(app, "45")
    assert screen.amount_box.text == "45" and heard[-2:] == ["4", "5"]
    ctrl_a(app)
    keys(app, "backspace")  # the whole selected text goes, and is said
    assert screen.amount_box.text == "" and heard[-1] == "45 erased, empty"
    keys(app, "backspace")  # (nothing typed now: as before)
    assert heard[-1] == "empty"


def test_the_arrows_unselect_and_another_key_ends_the_selection(amount_box):
    app, screen, heard = amount_box
    typed(app, "120")
    ctrl_a(app)
    keys(app, "end")
    assert heard[-1] == "Unselected, 120"
    typed(app, "0")
    assert screen.amount_box.text == "1200"
    ctrl_a(app)
    keys(app, "tab")  # away, and back
    screen.focus.id = AMOUNT_BOX
    typed(app, "5")
    assert screen.amount_box.text == "12005"  # not replaced: the selection ended


def test_ctrl_a_in_the_chat_field_selects_the_line(player_home):
    screen = _room_table((10, 20))
    app = App(screen, (1280, 800))
    app.frame()
    screen.open_chat()
    heard = heard_at(screen)
    typed(app, "helo all")
    ctrl_a(app)
    assert heard[-1] == "helo all, selected"
    field = next(c for c in screen.controls() if c.id == "chat:field")
    assert field.selected
    app.frame()
    typed(app, "hello all")
    assert screen.chat.text == "hello all"
    ctrl_a(app)
    keys(app, "backspace")
    assert screen.chat.text == "" and heard[-1] == "hello all erased, empty"
    ctrl_a(app)  # an empty field says so
    assert heard[-1] == "empty"


def test_f1_in_a_table_field_lists_ctrl_a(amount_box):
    """F1 lists the keys of the zone in focus: in the amount box Ctrl+A is
    one of them, as it is on New game's page; on a button it is not."""
    app, screen, _heard = amount_box
    keys(app, "f1")
    lines = [c.label for c in screen.tab.controls()]
    assert f"Ctrl+A: {SELECT_ALL}" in lines
    keys(app, "f1")  # closed
    screen.focus.id = "button:fold"
    keys(app, "f1")
    assert not any(SELECT_ALL in line for line in (c.label for c in screen.tab.controls()))


def test_the_amount_box_reached_by_keys_selects_its_text_and_typing_replaces_it(amount_box):
    """Tab (or Shift+Tab, Home, End: any key that brings the focus) to the
    amount box selects its text, as every field of the system and the
    game's other pages do, and says so: typing replaces the old amount (it
    appended: "300" then "1000" made "3001000")."""
    app, screen, heard = amount_box
    typed(app, "300")
    keys(app, "tab")  # on to the presets
    assert screen.focus.id != AMOUNT_BOX
    shift_tab(app)  # back
    assert screen.focus.id == AMOUNT_BOX
    assert heard[-1] == "Type an amount, edit, 300, selected"
    box = next(c for c in screen.table_controls() if c.id == AMOUNT_BOX)
    assert box.selected  # drawn highlighted
    typed(app, "1000")
    assert screen.amount_box.text == "1000"
    shift_tab(app)  # to Increase amount, then forward
    keys(app, "tab")
    assert heard[-1] == "Type an amount, edit, 1000, selected"
    keys(app, "backspace")
    assert screen.amount_box.text == "" and heard[-1] == "1000 erased, empty"
