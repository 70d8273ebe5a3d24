"""Issue 28: nothing breaks a blind player's trust — the real Desktop driven
by key events, heard through the recording speaker."""

from __future__ import annotations

import os
import random
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui import table as table_module  # noqa: E402
from tests.clock import Clock  # noqa: E402
from tests.driving import keys, window  # noqa: E402


@pytest.fixture
def desktop(player_home):
    d = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    yield d
    d.close()


def my_turn(app, session) -> None:
    for _ in range(40):
        if session.hand is not None and not session.hand.over and session.hand.to_act == 0:
            return
        keys(app, "n" if session.hand is None or session.hand.over else "c")
    raise AssertionError("the player's turn never came")


def game_said(desktop) -> list[str]:
    return [s.text for s in desktop.speech.history if s.kind == "game"]


# -- item 9: your own move is said at once, the rest as it happens ----------


class Watching:
    """A computer player's controller that notes what had been spoken when it
    began to think."""

    def __init__(self, inner, heard: list[str], rec: RecordingSpeaker) -> None:
        self.inner, self.heard, self.rec = inner, heard, rec

    def decide(self, view):
        self.heard.append(self.rec.calls[-1][0] if self.rec.calls else "")
        return self.inner.decide(view)


def test_your_move_is_said_before_the_computers_think_and_grows_as_one(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    rec = desktop.speech.speaker
    heard: list[str] = []
    for seat in (1, 2, 3):
        session.seats[seat].controller = Watching(session.seats[seat].controller, heard, rec)
    for _ in range(10):
        my_turn(app, session)
        before = len(game_said(desktop))
        calls = len(rec.calls)
        heard.clear()
        keys(app, "c")
        said = game_said(desktop)
        assert len(said) == before + 1  # still one announcement per own action
        move = said[-1]
        assert move.startswith(("You call", "You check"))
        if heard:  # the first computer after you began thinking once your move was spoken
            assert heard[0].startswith(("You call", "You check")), heard
            parts = [text for text, interrupt in rec.calls[calls:] if not interrupt]
            assert len(parts) > 1 and " ".join(parts) == move  # spoken as it grew
            assert app.screen.announcements[-1] == move == desktop.speech.last_announcement()
            return
    raise AssertionError("no computer ever acted after the player")


# -- item 4: type-ahead ------------------------------------------------------


@pytest.mark.type_ahead_guard
def test_quick_presses_act_only_on_the_decision_heard(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    screen = app.screen
    clock = Clock(time.monotonic())  # the guard set as the table opened runs on from here
    screen.guard_clock = clock
    my_turn(app, session)
    keys(app, "p")  # the window settles: the turn is said and drawn (the guard starts)
    clock.now += 1.0  # the player heard their turn
    hands = session.hands_played
    moves = len(game_said(desktop))
    keys(app, "c", "c", "c", "c")  # four presses within a few milliseconds
    assert len(game_said(desktop)) == moves + 1  # one action, not four streets
    assert game_said(desktop)[-1].startswith(("You call", "You check"))
    ignored = desktop.bank.requested.count("too_soon")
    if session.hand.over:
        assert session.hands_played == hands + 1
    assert ignored == 3  # each ignored press says so with its cue
    assert "error" not in desktop.bank.requested[-3:]
    # A real second press, after the announcement could be heard, acts.
    clock.now += table_module.TYPE_AHEAD_GUARD + 0.05
    keys(app, "n" if session.hand.over else "c")
    assert len(game_said(desktop)) == moves + 2
    assert desktop.bank.requested.count("too_soon") == ignored


@pytest.mark.type_ahead_guard
def test_information_keys_are_never_held_back(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    app.screen.guard_clock = Clock(time.monotonic())
    my_turn(app, session)
    keys(app, "p")  # within the guard: information still answers at once
    assert desktop.speech.history[-1].text.startswith("Pot: ")


# -- item 2: Speech Off is said, and F2 brings speech back ------------------


def menu_window(desktop):
    from holdem_desktop.ui.app import App

    return App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush,
               poll=desktop.poll, toggle_speech=desktop.toggle_speech)


def test_f2_turns_speech_off_saying_so_first_and_back_on(desktop, player_home):
    app = menu_window(desktop)
    rec = desktop.speech.speaker
    keys(app, "f2")
    assert rec.calls[-1] == ("Speech is off. Press F2 to turn it back on.", True)
    assert desktop.settings.speech_output == "off"
    heard = len(rec.calls)
    keys(app, "tab", "tab")  # silent now, but still kept for Repeat and history
    assert len(rec.calls) == heard and desktop.speech.history[-1].text.startswith("Rooms")
    assert desktop.speech_status().text == "Speech: off"
    # The next launch is not mute: it says speech is off, and the way back.
    again = Desktop(speaker=RecordingSpeaker())
    assert again.speech.speaker.calls == [("Speech is off. Press F2 to turn it back on.", True)]
    later = menu_window(again)
    keys(later, "f2")
    assert again.speech.speaker.calls[-1] == ("Speech on.", True)
    assert again.settings.speech_output == "auto"
    again.close()
    keys(app, "f2")  # and in the same run, the key brings it back
    assert rec.calls[-1] == ("Speech on.", True)
    keys(app, "tab")
    assert rec.calls[-1][0].startswith("How to play")


def test_test_speech_with_speech_off_speaks_the_sample_and_the_way_back(desktop):
    app = menu_window(desktop)
    rec = desktop.speech.speaker
    keys(app, "down", "down", "down", "down", "return")  # Settings
    keys(app, "f2")  # speech off
    for _ in range(40):  # to Test speech, by keys (silently: speech is off)
        if app.screen.focused().id == "test_speech":
            break
        keys(app, "tab")
    heard = len(rec.calls)
    history = len(desktop.speech.history)
    keys(app, "return")
    said = "Speech is off; F2 turns it back on. With speech on, the game sounds like this: " \
           "Ada raises to 120. Your turn."
    assert rec.calls[heard:] == [(said, True)]  # not silence: the sample, and the way back
    assert app.screen.status == said  # shown on the page too
    # the game itself stays silent: nothing else spoken, the test not kept for Repeat
    assert len(desktop.speech.history) == history
    keys(app, "tab")
    assert len(rec.calls) == heard + 1
    keys(app, "f2")  # speech back on: the test says the voice
    page = app.screen
    page.focus.set(page.controls(), "test_speech")
    keys(app, "return")
    assert rec.calls[-1][0].startswith("Speech: recording. This is how the game sounds: ")


def test_choosing_off_in_settings_is_said_before_it_takes_effect(desktop):
    app = menu_window(desktop)
    rec = desktop.speech.speaker
    keys(app, "down", "down", "down", "down", "return")  # Settings
    page = app.screen
    page.focus.set(page.controls(), "speech_output")
    for _ in range(10):  # (Down: the combo box's next item, "off" last)
        if desktop.settings.speech_output == "off":
            break
        keys(app, "down")
    assert desktop.settings.speech_output == "off"
    assert rec.calls[-1] == ("Speech is off. Press F2 to turn it back on.", True)
    keys(app, "f2")
    assert rec.calls[-1] == ("Speech on.", True)
    assert page.form.values["speech_output"] == "auto"  # the page shows it back on


def test_f2_works_in_a_text_field(desktop):
    app = menu_window(desktop)
    keys(app, "down", "down", "return", "tab", "return")  # Rooms, Join room
    assert app.screen.editing()
    keys(app, "f2")
    assert desktop.settings.speech_output == "off"
    assert app.screen.form.values["code"] == ""  # nothing typed


# -- item 3: a saved game is never lost without a question ------------------


def test_a_saved_game_puts_the_start_screen_on_continue_and_new_game_asks(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    my_turn(app, session)
    keys(app, "c")
    keys(app, "escape", "tab", "return")  # leave the table mid-hand (its dialog): saved
    assert desktop.has_saved_game()
    rec = desktop.speech.speaker
    start = rec.calls[-1][0]
    assert start.startswith("Hold'em Desktop. You have a saved game: Continue goes on with it.")
    assert start.endswith("Continue, button")
    saved = desktop.games.resume  # what Continue would go on with
    keys(app, "up")  # Up and Down move through the menu, and say where
    assert rec.calls[-1][0] == "New game, button"
    keys(app, "return", "return")  # New game, then Enter: asks, loses nothing
    assert rec.calls[-1][0].startswith("Replace your saved game? A new game of Tournament ")
    assert rec.calls[-1][0].endswith("Keep saved game, button")
    assert desktop.has_saved_game()
    keys(app, "return")  # a second Enter in a row: the answer in focus keeps it
    assert app.screen.title == "New game" and desktop.has_saved_game()
    keys(app, "escape")  # and back to the start screen
    assert app.screen.title == "Hold'em Desktop"
    got = saved()
    assert not isinstance(got, str) and got.hands_played == session.hands_played
    keys(app, "return", "return", "tab")  # the other answer
    assert rec.calls[-1][0] == "Replace saved game, button"
    keys(app, "return")  # replaces it
    assert app.screen.title == "Table"


def test_without_a_saved_game_new_game_starts_at_once(desktop):
    app = menu_window(desktop)
    assert not desktop.has_saved_game()
    keys(app, "return", "return")
    assert app.screen.title == "Table"


# -- item 10: wording ---------------------------------------------------------


def test_information_keys_say_nothing_to_call_and_you(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    screen = app.screen
    for _ in range(40):
        view = session.view(0) if session.hand is not None else None
        if view is not None and not view.over and view.to_call == 0:
            break
        keys(app, "n" if session.hand is None or session.hand.over else "c")
    keys(app, "o")
    assert screen.messages[-1] == "Nothing to call."
    keys(app, "s")
    assert screen.messages[-1].startswith("You ") and "Mara" not in screen.messages[-1]


def test_the_join_form_keeps_what_was_typed(desktop):
    app = menu_window(desktop)
    keys(app, "down", "down", "return", "tab", "return")  # Rooms, Join room
    form = app.screen
    assert form.title == "Join room"
    for ch in "123456":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.run(max_events=1)
    keys(app, "tab")
    for ch in "127.0.0.1:9":  # nobody listens there: the join fails, quickly
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.run(max_events=1)
    desktop.rooms.search_addresses = ()
    form.activate(next(c for c in form.controls() if c.id == "join"))
    again = Desktop(speaker=RecordingSpeaker())
    later = menu_window(again)
    keys(later, "down", "down", "return", "tab", "return")
    values = later.screen.form.values
    assert (values["code"], values["address"], values["name"]) == (
        "123456", "127.0.0.1:9", desktop.settings.player_name or "Player")
    assert "123456" in again.speech.speaker.calls[-1][0]  # said as the form opens
    for ch in "65":  # typing in a filled field just arrived at replaces its text
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        later.run(max_events=1)
    assert later.screen.form.values["code"] == "65"
    again.close()
