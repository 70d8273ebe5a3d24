"""Keys by where they are, when the player's keyboard puts another character
there.  SDL names a key by the character it types in the keyboard's layout:
on an Italian keyboard the keys where "[" and "]" sit on a US one type "è"
and "+", on a Romanian one "ă" and "î", so the message history (``[`` and
``]``) could not be reached at all, and pressing them said nothing.  A key
whose own character does nothing falls back to the US key at its place."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from tests.driving import keys, window  # noqa: E402

ITALIAN_E_GRAVE, ROMANIAN_I_CIRC = 0xE8, 0xEE
"""The keycodes SDL gives the keys at "[" and "]" on Italian and Romanian keyboards."""


def heard(events: list[tuple[int, int]]) -> list[str]:
    """What the player hears after two calls in a seeded game, then each of
    ``events`` (keycode, scancode) pressed in turn."""
    desktop = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    try:
        session = desktop.new_game("tournament", 3, "normal", "Mara")
        app = window(desktop, session)
        keys(app, "c", "c")
        said = []
        for key, scancode in events:
            before = len(desktop.speech.speaker.calls)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, scancode=scancode,
                                                 mod=0))
            app.run(max_events=1)
            said.append(" ".join(t for t, _ in desktop.speech.speaker.calls[before:]))
        return said
    finally:
        desktop.close()


def test_the_history_keys_work_where_the_keyboard_types_other_letters(player_home):
    us = heard([(ord("["), pygame.KSCAN_LEFTBRACKET), (ord("["), pygame.KSCAN_LEFTBRACKET),
                (ord("]"), pygame.KSCAN_RIGHTBRACKET)])
    italian = heard([(ITALIAN_E_GRAVE, pygame.KSCAN_LEFTBRACKET),
                     (ITALIAN_E_GRAVE, pygame.KSCAN_LEFTBRACKET),
                     (ord("+"), pygame.KSCAN_RIGHTBRACKET)])
    romanian = heard([(0x103, pygame.KSCAN_LEFTBRACKET), (0x103, pygame.KSCAN_LEFTBRACKET),
                      (ROMANIAN_I_CIRC, pygame.KSCAN_RIGHTBRACKET)])
    assert all(us) and len(set(us)) > 1, us  # the history stepped back and forth
    assert italian == us
    assert romanian == us


def test_a_key_whose_own_character_is_bound_keeps_its_meaning(player_home):
    """Only a key that does nothing by its character falls back to its place:
    "z" on a German keyboard (where "y" is on a US one) still replays the hand."""
    assert heard([(ord("z"), pygame.KSCAN_Y)]) == heard([(ord("z"), pygame.KSCAN_Z)])
