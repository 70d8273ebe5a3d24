"""A choice is spoken as a combo box and its keys are a combo box's, on
every page, as NVDA, JAWS and Orca users expect: Down (or Right) the next
item, Up (or Left) the one before.  A slider keeps its own: Up raises it.
F1 on a page of fields says so."""

from __future__ import annotations

import pytest

from holdem_desktop.ui.app import App
from holdem_desktop.ui.help_pages import KeysPage
from holdem_desktop.ui.menus import NewGamePage, SettingsPage
from holdem_desktop.ui.statistics import StatisticsPage
from tests.driving import keys
from tests.ui.test_statistics_by_ear import stored

pygame = pytest.importorskip("pygame")


def heard(desktop) -> str:
    return desktop.speech.history[-1].text


def opened(desktop, button: str) -> App:
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = button
    keys(app, "return")
    return app


def test_new_games_choices_go_down_to_the_next_item(desktop):
    app = opened(desktop, "new")
    form = app.screen
    assert isinstance(form, NewGamePage) and form.focused().id == "variant"
    assert heard(desktop) == ("New game. Game, combo box, Tournament, 5 of 5; "
                              "Down chooses the next, Up the one before.")
    keys(app, "up")
    assert heard(desktop) == "Session, 4 of 5"
    keys(app, "up")
    assert heard(desktop) == "Pot-limit tournament, 3 of 5"
    keys(app, "down")
    assert heard(desktop) == "Session, 4 of 5"
    keys(app, "right")  # Right as Down, Left as Up
    assert heard(desktop) == "Tournament, 5 of 5"
    keys(app, "down")
    assert heard(desktop) == "Tournament, already the end, 5 of 5"
    keys(app, "left")
    assert heard(desktop) == "Session, 4 of 5"
    form.focus.set(form.controls(), "players")
    k, n = form.form.position("players")
    keys(app, "down")
    assert form.form.position("players") == (k + 1, n)


def test_settings_choice_goes_down_and_its_slider_goes_up(desktop):
    app = opened(desktop, "settings")
    page = app.screen
    assert isinstance(page, SettingsPage)
    page.focus.set(page.controls(), "language")
    keys(app, "down")  # English -> Română, the next in the list
    assert desktop.settings.language == "ro"
    keys(app, "up")
    assert desktop.settings.language == "en"
    page.focus.set(page.controls(), "speech_rate")
    rate = desktop.settings.speech_rate
    keys(app, "up")  # a slider: Up raises it
    assert desktop.settings.speech_rate > rate
    keys(app, "down")
    assert desktop.settings.speech_rate == rate


def test_the_statistics_game_choice_goes_down_to_the_next_game(desktop):
    stored(desktop, [("Tournament", "easy"), ("Heads-up", "easy"), ("Session", "easy")])
    app = opened(desktop, "statistics")
    page = app.screen
    assert isinstance(page, StatisticsPage)
    page.focus.set(page.controls(), "game")
    keys(app, "down")
    assert ", 2 of 3." in heard(desktop)
    keys(app, "right")
    assert ", 3 of 3." in heard(desktop)
    keys(app, "up")
    assert ", 2 of 3." in heard(desktop)
    keys(app, "left")
    assert ", 1 of 3." in heard(desktop)


def test_f1_on_a_page_of_choices_says_what_the_arrows_do_there(desktop):
    app = opened(desktop, "new")
    keys(app, "f1")
    keys_page = app.screen
    assert isinstance(keys_page, KeysPage)
    lines = [c.label for c in keys_page.controls()]
    assert lines[0] == "On this page"
    assert "Down arrow: The next item of a combo box" in lines
    assert "Up arrow: The item before in a combo box" in lines
