"""Keys as a screen reader user's keyboard sends them (found playing the
Windows game under Wine, heard through the NVDA stand-in):

- a punctuation key is named in words: NVDA and JAWS at their default
  punctuation level ("some") say nothing for "[" or ",", so "[: Previous
  message in the history" was heard as ": Previous message…", and "The key
  , does nothing here" as "The key does nothing here";
- the numeric keypad's Enter activates like Enter (it said "The key Enter
  does nothing here"), its digits read the cards like the top row (NVDA and
  JAWS pass them on with NumLock on), and its other keys are named as the
  keypad's;
- the two history keys sit where "[" and "]" sit on an American keyboard:
  on an Italian (è +) or Romanian (ă î) keyboard those keys type other
  letters and "[" needs AltGr, which Windows sends as Ctrl+Alt; they were
  out of reach there.
"""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.keymap import Chord, Key, KeyMap, key_name  # noqa: E402

PUNCTUATION = ["[", "]", ",", ".", "/", ";", "'", "`", "-", "=", "\\"]


@pytest.mark.parametrize("name", PUNCTUATION)
def test_a_punctuation_key_is_named_in_words(name):
    spoken = key_name(name)
    assert len(spoken) > 1 and spoken[0].isalpha(), spoken


def test_the_history_keys_are_named_in_the_key_list():
    lines = dict(KeyMap().help_lines())
    assert lines["Left bracket"] == "Previous message in the history"
    assert lines["Right bracket"] == "Next message in the history"
    assert str(Chord("[")) == "Left bracket"


@pytest.mark.parametrize(("name", "spoken"), [
    ("[+]", "Keypad Plus"), ("[-]", "Keypad Minus"), ("[*]", "Keypad Asterisk"),
    ("[/]", "Keypad Slash"), ("[.]", "Keypad Period")])
def test_the_keypads_keys_are_named_as_the_keypads(name, spoken):
    assert key_name(name) == spoken


def press(app: App, key: int, scancode: int = 0, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, scancode=scancode, mod=mod))
    app.run(max_events=1)


def last(desktop) -> str:
    return desktop.speech.history[-1].text


def table(desktop) -> App:
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    return App(desktop.table(session), (1024, 640), keymap=desktop.keymap,
               after_input=desktop.flush, moves=desktop.take_moves)


def test_the_keypads_enter_activates(desktop):
    app = App(desktop.menu(), (1024, 640), keymap=desktop.keymap,
              after_input=desktop.flush, moves=desktop.take_moves)
    app.screen.focus.id = "settings"
    title = app.screen.title
    press(app, pygame.K_KP_ENTER, pygame.KSCAN_KP_ENTER)
    assert app.screen.title != title, last(desktop)
    assert "does nothing" not in last(desktop)


def test_the_keypads_digits_read_the_cards(desktop):
    app = table(desktop)
    press(app, pygame.K_1, pygame.KSCAN_1)
    top_row = last(desktop)
    press(app, pygame.K_KP_1, pygame.KSCAN_KP_1)
    assert last(desktop) == top_row, last(desktop)
    assert "does nothing" not in top_row


def test_a_punctuation_key_that_does_nothing_is_named(desktop):
    app = table(desktop)
    press(app, pygame.K_COMMA, pygame.KSCAN_COMMA)
    assert last(desktop) == "The key Comma does nothing here; F1 lists every key."


@pytest.mark.parametrize("mod", [0, pygame.KMOD_RALT | pygame.KMOD_LCTRL],
                         ids=["the key alone", "with AltGr"])
def test_on_an_italian_keyboard_the_keys_where_the_brackets_are_step_the_history(desktop, mod):
    app = table(desktop)
    screen = app.screen

    def walk(back: tuple[int, int], forward: tuple[int, int]) -> list[str]:
        screen.announcements[:] = ["First.", "Second.", "Third."]
        screen.history_index = None
        heard = []
        for key, scancode in (back, back, forward):
            press(app, key, scancode, mod)
            heard.append(last(desktop))
        return heard

    american = walk((pygame.K_LEFTBRACKET, pygame.KSCAN_LEFTBRACKET),
                    (pygame.K_RIGHTBRACKET, pygame.KSCAN_RIGHTBRACKET))
    assert american[-1] == "Second.", american
    # The Italian layout: è where "[" is, + where "]" is (AltGr+è types "[").
    italian = walk((ord("è"), pygame.KSCAN_LEFTBRACKET), (ord("+"), pygame.KSCAN_RIGHTBRACKET))
    assert italian == american


def test_a_letter_bound_elsewhere_is_not_taken_for_the_key_at_its_place(desktop):
    """A layout whose key at the bracket's place is a bound letter keeps the letter."""
    app = table(desktop)
    km = KeyMap()
    assert km.lookup("y") is Key.YOUR_CARDS
    press(app, pygame.K_y, pygame.KSCAN_LEFTBRACKET)
    assert last(desktop).startswith("Your cards"), last(desktop)
