from __future__ import annotations

import pytest

from holdem_desktop.i18n.translate import set_language
from holdem_desktop.ui.keymap import ACTING, DEFAULT_KEYS, Chord, Key, KeyMap


def test_every_command_has_a_key_and_a_description():
    km = KeyMap()
    for key in Key:
        assert km.chords(key), key
    lines = km.help_lines()
    assert len(lines) == len(Key) - 6  # the seven card keys on 1 to 7: one line
    assert all(keys and text for keys, text in lines)
    assert ("F", "Fold") in lines
    assert ("1 to 7", "Read a card by its number: your two cards, then the board") in lines


def test_card_keys_bound_elsewhere_are_listed_one_by_one():
    from holdem_desktop.ui.keymap import DEFAULT_KEYS, Chord

    km = KeyMap({**DEFAULT_KEYS, Chord("8"): Key.CARD_1})  # 1 and 8 read card 1
    lines = km.help_lines()
    assert len(lines) == len(Key)
    assert ("1, 8", "Read card 1: your two cards, then the board") in lines


def test_spec_hotkeys():
    km = KeyMap()
    assert km.lookup("f") is Key.FOLD
    assert km.lookup("c") is Key.CHECK_CALL
    assert km.lookup("b") is km.lookup("r") is Key.BET_RAISE
    assert km.lookup("a") is Key.ALL_IN
    assert km.lookup("up") is Key.AMOUNT_UP and km.lookup("down") is Key.AMOUNT_DOWN
    assert km.lookup("n") is Key.NEXT_HAND
    assert km.lookup("f1") is Key.HELP and km.lookup("escape") is Key.CLOSE
    assert km.lookup("tab") is Key.NEXT_CONTROL
    assert km.lookup("tab", shift=True) is Key.PREVIOUS_CONTROL
    assert km.lookup("1") is Key.CARD_1 and km.lookup("7") is Key.CARD_7
    assert km.lookup("q") is None


def test_information_keys_never_act():
    informing = {k for k in DEFAULT_KEYS.values() if k not in ACTING}
    assert Key.POT in informing and Key.READ_STATE in informing
    assert {Key.FOLD, Key.CHECK_CALL, Key.BET_RAISE, Key.ALL_IN, Key.NEXT_HAND} == ACTING


def test_bindings_can_be_replaced():
    km = KeyMap()
    km.bind(Chord("x"), Key.FOLD)
    assert km.lookup("x") is Key.FOLD and km.lookup("f") is Key.FOLD
    assert str(Chord("tab", shift=True)) == "Shift+Tab"


@pytest.mark.parametrize(("code", "arrow", "shift_tab"), [
    ("ro", "Săgeată dreapta", "Shift+Tab"),
    ("it", "Freccia destra", "Maiusc+Tab"),
    ("pl", "Strzałka w prawo", "Shift+Tab"),
])
def test_key_names_are_in_the_players_language(code, arrow, shift_tab):
    km = KeyMap()
    english = km.help_lines()
    try:
        assert set_language(code)
        assert str(Chord("right")) == arrow
        assert str(Chord("tab", shift=True)) == shift_tab
        translated = km.help_lines()
    finally:
        set_language("en")
    assert str(Chord("right")) == "Right arrow"
    changed = [keys for (keys, _what), (en, _w) in zip(translated, english, strict=True)
               if keys != en]
    # Arrows, Space, Page Down/Up (or Enter, Escape) are named as the player's keyboard names them.
    assert len(changed) >= 4, changed
