"""At the table a Menu button in the title line leaves for the start menu
(asking first, in a dialog, as Escape does): the mouse has a way out too."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.menus import StartPage  # noqa: E402
from tests.driving import keys, window  # noqa: E402


@pytest.fixture
def app(player_home):
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    app.frame()
    yield app
    desktop.close()


def _click(app, control_id: str) -> None:
    rect = app.screen.rects[control_id]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    app.run(max_events=1)
    app.frame()


def test_the_menu_button_asks_then_leaves_for_the_start_menu(app):
    menu = app.screen.rects["menu"]
    assert menu.bottom <= app.screen.rects["tab:settings"].bottom  # in the title line
    assert not menu.colliderect(app.screen.rects["heading:players"])
    table = app.screen
    _click(app, "menu")
    assert isinstance(app.screen, Dialog) and app.screen.under is table
    assert app.screen.notice().startswith("Leave the table?")
    _click(app, "dialog:cancel")  # Stay at the table
    assert app.screen is table
    _click(app, "menu")
    _click(app, "dialog:confirm")  # Leave the table
    assert isinstance(app.screen, StartPage)


def test_the_keyboard_reaches_it_too(app):
    table = app.screen
    table.focus.id = "menu"
    keys(app, "return")
    assert isinstance(app.screen, Dialog)
    keys(app, "return")  # Enter again: the safe answer, Stay at the table
    assert app.screen is table
    keys(app, "return", "right", "return")
    assert isinstance(app.screen, StartPage)
