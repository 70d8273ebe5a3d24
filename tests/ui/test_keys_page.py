"""F1 shows the key list as a page to look at (headings, scrolling at the
smallest window), says how many keys it holds (Down reads them), and closes
with F1 or Escape."""

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
from holdem_desktop.ui.menus import KeysPage, StartPage  # noqa: E402
from holdem_desktop.ui.widgets import Role  # noqa: E402
from tests.driving import keys  # noqa: E402


@pytest.fixture
def table(player_home):
    desktop = Desktop(rng=random.Random(2), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = App(desktop.table(session), (1024, 640), keymap=desktop.keymap,
              after_input=desktop.flush)
    yield desktop, app
    desktop.close()


def heading_pixels(surface, rect) -> int:
    """Pixels of the heading colour inside ``rect`` (the heading's text)."""
    colour = (130, 200, 255)
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if surface.get_at((x, y))[:3] == colour)


def test_f1_opens_a_page_of_keys_with_headings_and_says_how_many(table):
    desktop, app = table
    screen = app.screen
    focus = screen.focus.id
    keys(app, "f1")
    assert isinstance(screen.tab, KeysPage)
    said = desktop.speech.history[-1].text  # (not every key at once: Down reads them)
    assert said.startswith("Keys open. ") and "Down reads them one by one" in said
    assert "F1: List every key" in [c.label for c in screen.tab.controls()]
    # a game here: nothing of the keys that act only in a room (chat, who is here, the clock)
    labels = " ".join(c.label for c in screen.tab.controls())
    assert "In a room" not in labels and "At a public table" not in labels, labels
    headings = [c for c in screen.tab.controls() if c.role is Role.HEADING]
    assert [h.label for h in headings] == ["Moving around", "Playing", "Listening"]
    assert not any("In a room" in c.label for c in screen.tab.controls())
    screen.draw(app.surface)
    rect = screen.rects[headings[0].id]
    assert heading_pixels(app.surface, rect) > 20  # the heading is drawn
    keys(app, "f1")
    assert screen.tab is None and screen.focus.id == focus  # back where F1 was pressed
    keys(app, "f1", "escape")
    assert screen.tab is None


def test_the_key_list_scrolls_at_the_smallest_window(table):
    _desktop, app = table
    screen = app.screen
    keys(app, "f1")
    last = screen.tab.controls()[-2]  # the last line, before Close
    screen.focus.set(screen.controls(), last.id)
    screen.draw(app.surface)
    rect = screen.rects[last.id]
    assert rect.top >= 0 and rect.bottom <= app.surface.get_height()  # scrolled into view


def test_an_action_key_closes_the_list_and_plays(table):
    _desktop, app = table
    screen = app.screen
    keys(app, "f1")
    hand = screen.session.hand
    mine = hand.to_act == 0
    before = len(hand.actions)
    keys(app, "c")
    assert screen.tab is None
    assert len(hand.actions) > before if mine else len(hand.actions) == before


def test_f1_on_the_start_screen(table):
    desktop, _app = table
    start = App(desktop.menu(), keymap=desktop.keymap)
    keys(start, "f1")
    assert isinstance(start.screen, KeysPage)
    keys(start, "escape")
    assert isinstance(start.screen, StartPage)
