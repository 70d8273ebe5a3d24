"""What a walk through the game in Italian, Romanian and Polish found
English about: the How to play page opened from the start screen wrote the
starting stack the English way ("Ognuno parte con 1,500 fiches"), and V with
no cards of your own (a replayed hand you were out of) said "Your hand: You
have no cards.." in every language."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pytest.importorskip("pygame")

from holdem_desktop.app import Desktop
from holdem_desktop.i18n.translate import set_language
from holdem_desktop.speech.speaker import RecordingSpeaker
from holdem_desktop.ui.app import App
from holdem_desktop.ui.keymap import Key
from holdem_desktop.ui.reading import view_answer
from tests.driving import keys


@pytest.mark.parametrize(("code", "start", "stack"), [
    ("it", "Ognuno parte con", "1.500"),
    ("ro", "Fiecare începe cu", "1.500"),
    ("pl", "Na start każdy dostaje", "1\u00a0500"),
])
def test_how_to_play_writes_the_starting_stack_as_the_language_does(player_home, code, start,
                                                                     stack):
    desktop = Desktop(rng=random.Random(2), speaker=RecordingSpeaker())
    try:
        desktop.change_settings(replace(desktop.settings, language=code))  # as Settings does
        app = App(desktop.menu(), keymap=desktop.keymap)
        app.screen.focus.id = "help"
        keys(app, "return")
        lines = [c.label for c in app.screen.controls() if c.label.startswith(start)]
        assert lines, [c.label for c in app.screen.controls()][:20]
        assert stack in lines[0] and "1,500" not in lines[0], lines[0]
    finally:
        set_language("en")
        desktop.close()


@pytest.mark.parametrize(("code", "said"), [("en", "You have no cards."),
                                            ("it", "Non hai carte."),
                                            ("pl", "Nie masz kart.")])
def test_your_hand_with_no_cards_is_said_once(code, said):
    assert set_language(code)
    view = SimpleNamespace(hole=(), board=(1, 2, 3))
    assert view_answer(Key.HAND_VALUE, view, str, None) == said  # type: ignore[arg-type]


@pytest.mark.parametrize(("code", "awaited", "said"), [
    ("en", (0,), "Waiting for you."),
    ("en", (0, 2), "Waiting for you, and for Bo."),
    ("en", (1, 2), "Waiting for Ada and Bo."),
    ("pl", (0,), "Czekamy na ciebie."),
    ("pl", (0, 1, 2), "Czekamy na ciebie oraz na: Ada i Bo."),
    ("it", (0,), "In attesa di te."),
    ("ro", (0,), "Te așteptăm."),
])
def test_the_next_hand_waits_for_you_in_your_languages_grammar(code, awaited, said):
    """A room's next hand waiting on the player was "Czekamy na: ty." in
    Polish (the list's nominative "you" after a preposition)."""
    from holdem_desktop.i18n.phrases import Phrasing, sentence
    from holdem_desktop.session.events import WaitingForPlayers

    assert set_language(code)
    names = ("Mara", "Ada", "Bo")
    assert sentence(WaitingForPlayers(awaited), Phrasing(names.__getitem__, 0)) == said
