from __future__ import annotations

from holdem_desktop.ui.keymap import ACTING, DEFAULT_KEYS, Chord, Key, KeyMap


def test_every_command_has_a_key_and_a_description():
    km = KeyMap()
    for key in Key:
        assert km.chords(key), key
    lines = km.help_lines()
    assert len(lines) == len(Key)
    assert all(keys and text for keys, text in lines)
    assert ("F", "Fold") in lines


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
