"""Every key says something on every page (SPEC: a key press that cannot act
says why instead of doing nothing): F1 lists the keys wherever it is pressed,
and a table's key pressed on a page that has no use for it (a key that acts
in the replay, any on the start screen, Settings, Statistics) says so, the
key named in the player's language.  The real Desktop, driven by keys, heard
through the recording speaker."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.help_pages import KeysPage  # noqa: E402
from holdem_desktop.ui.review import ReplayPage  # noqa: E402
from tests.driving import keys  # noqa: E402

NOTHING = "The key {key} does nothing here; F1 lists every key."


def start(desktop) -> App:
    return App(desktop.menu(), (1024, 640), keymap=desktop.keymap,
               after_input=desktop.flush, moves=desktop.take_moves)


def last(desktop) -> str:
    return desktop.speech.history[-1].text


def test_in_the_replay_f1_lists_the_keys_and_a_key_that_acts_says_it_does_nothing(desktop):
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = App(desktop.table(session), (1024, 640), keymap=desktop.keymap,
              after_input=desktop.flush, moves=desktop.take_moves)
    for _ in range(40):  # fold each hand until one has been played to its end
        app.screen.guard_until = 0.0
        keys(app, "f" if session.hand is not None and not session.hand.over else "n")
        if session.hands_played >= 1:
            break
    app.screen.guard_until = 0.0
    keys(app, "z")
    assert isinstance(app.screen, ReplayPage), app.screen
    for key, name in (("f", "F"), ("c", "C"), ("n", "N"), ("g", "G")):  # keys that act
        keys(app, key)
        assert last(desktop) == NOTHING.format(key=name), (key, last(desktop))
    for key, name in (("i", "I"), ("y", "Y"), ("p", "P")):  # the reading keys read the hand
        keys(app, key)
        assert last(desktop) != NOTHING.format(key=name), (key, last(desktop))
    keys(app, "f1")
    assert isinstance(app.screen, KeysPage)
    assert last(desktop).startswith("Keys"), last(desktop)
    keys(app, "escape")
    assert isinstance(app.screen, ReplayPage)


def test_on_the_start_screen_and_in_settings_every_key_says_something(desktop):
    app = start(desktop)
    for key, name in (("c", "C"), ("n", "N"), ("s", "S")):
        keys(app, key)
        assert last(desktop) == NOTHING.format(key=name), (key, last(desktop))
    app.screen.focus.id = "settings"
    keys(app, "return")
    title = app.screen.title
    keys(app, "f1")
    assert isinstance(app.screen, KeysPage), app.screen
    keys(app, "f1")  # F1 again closes the list: back on Settings
    assert app.screen.title == title
    keys(app, "y")
    assert last(desktop) == NOTHING.format(key="Y")


def test_the_key_is_named_in_the_players_language(desktop):
    app = start(desktop)
    try:
        set_language("it")
        keys(app, "delete")
        assert last(desktop) == "Il tasto Canc qui non fa niente; F1 elenca tutti i tasti."
    finally:
        set_language("en")


def test_in_a_text_box_the_cursor_keys_say_how_text_is_edited(desktop):
    app = start(desktop)
    app.screen.focus.id = "new"
    keys(app, "return")  # New game
    app.screen.focus.id = "name"
    assert app.screen.editing()
    app.dirty = True
    app.frame()  # the focus arrives: "Player" is selected
    keys(app, "left")  # the first cursor key unselects it (test_text_fields)
    assert last(desktop) == "Unselected, Player"
    for key in ("left", "home", "delete"):
        keys(app, key)
        assert last(desktop) == ("Text is typed and erased at its end: Backspace erases the "
                                 "last character."), (key, last(desktop))


def test_the_history_says_oldest_and_newest_at_its_ends_from_the_first_step(desktop):
    from holdem_desktop.ui.table import TableScreen

    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = App(desktop.table(session), (1024, 640), keymap=desktop.keymap,
              after_input=desktop.flush)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    screen.announcements[:] = ["New game: 3 players, 1,500 chips each."]
    screen.history_index = None
    keys(app, "[")
    assert last(desktop) == "Oldest: New game: 3 players, 1,500 chips each."
    screen.history_index = None
    keys(app, "]")
    assert last(desktop) == "Newest: New game: 3 players, 1,500 chips each."
