"""The start screen says "You have a saved game" when it is news: as the
window opens on it, and after leaving a table (the game is kept); not again
each time the player comes back to it from Rooms, How to play or another
page opened from it.  The words stay on the picture all the while."""

from __future__ import annotations

import random

import pytest

from holdem_desktop.app import Desktop
from holdem_desktop.speech import RecordingSpeaker
from tests.app.test_variant_wiring import saved_game
from tests.driving import keys, window

pygame = pytest.importorskip("pygame")

SAVED = "You have a saved game: Continue goes on with it."


def last(desktop: Desktop) -> str:
    return desktop.speech.speaker.calls[-1][0]


def side_trips(app, desktop: Desktop) -> None:
    """Rooms, How to play and Settings, each opened and closed with Escape."""
    start = app.screen
    for button, title in (("rooms", "Rooms"), ("help", "How to play"),
                          ("settings", "Settings")):
        start.focus.id = button
        keys(app, "return")
        assert app.screen is not start
        keys(app, "escape")
        assert app.screen is start
        assert last(desktop) == f"Hold'em Desktop. {title}, button"  # where, and no more
        app.frame()
        assert SAVED in start.shown_notice() and "notice" in start.rects  # still shown


def test_said_as_the_window_opens_and_not_on_each_return(player_home):
    saved_game(player_home)
    from holdem_desktop.app.play import opening

    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        assert last(desktop) == f"Hold'em Desktop. {SAVED} Continue, button."
        side_trips(app, desktop)
    finally:
        desktop.close()


def test_said_again_after_leaving_a_table(player_home):
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        session = desktop.new_game("tournament", 4, "normal", "Mara")
        app = window(desktop, session)
        keys(app, "escape", "tab", "return")  # leave the table (its dialog): kept
        assert desktop.has_saved_game()
        assert last(desktop) == f"Hold'em Desktop. {SAVED} Continue, button"
        side_trips(app, desktop)
        app.screen.focus.id = "continue"
        keys(app, "return")  # back to the table, and away from it again: news again
        keys(app, "escape", "tab", "return")
        assert last(desktop) == f"Hold'em Desktop. {SAVED} Continue, button"
    finally:
        desktop.close()
