"""A first-time blind player's first minutes, by ear (the fresh-eyes sweep
of 2026-12-07): the real Desktop driven by key events, heard through the
recording speaker."""

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
from tests.driving import keys, window  # noqa: E402
from tests.ui.test_rooms import at, host, wait  # noqa: E402, F401 (host: a fixture)
from tests.ui.test_rooms import heard as room_heard  # noqa: E402

PROMPT = "Press Next hand to deal."


@pytest.fixture
def desktop(player_home):
    d = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    yield d
    d.close()


def game_said(desktop) -> list[str]:
    return [s.text for s in desktop.speech.history if s.kind == "game"]


def heard(desktop) -> list[str]:
    """Every text handed to the voice, in order."""
    return [text for text, _ in desktop.speech.speaker.calls]


def to_the_end_of_the_hand(app, session) -> None:
    """Fold (else check) at each turn of the player's until the hand is over (N first,
    when none is dealt yet)."""
    if session.hand is None or session.hand.over:
        keys(app, "n")
    for _ in range(20):
        if session.hand.over:
            return
        keys(app, "f")
        if heard(app.screen.desktop)[-1].startswith("You can't fold"):  # free to check
            keys(app, "c")
    raise AssertionError("the hand never ended")


def test_the_end_of_a_hand_says_how_to_deal_the_next(desktop):
    """Before: "You win the pot of 60." and then silence; nothing said that
    the game waits for N (the focus moved to Next hand without a word)."""
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    to_the_end_of_the_hand(app, session)
    assert heard(desktop)[-1].endswith(PROMPT), heard(desktop)[-3:]
    assert game_said(desktop)[-1].endswith(PROMPT)  # E repeats it, [ finds it
    keys(app, "n")  # and N does deal it
    assert session.hand is not None and not session.hand.over
    assert not heard(desktop)[-1].endswith(PROMPT)


def test_without_beginner_hints_the_way_on_is_said_once_a_game(desktop):
    desktop.change_settings(desktop.settings.updated(beginner_hints=False))
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    to_the_end_of_the_hand(app, session)
    assert heard(desktop)[-1].endswith(PROMPT)
    k = len(heard(desktop))
    keys(app, "n")
    to_the_end_of_the_hand(app, session)
    assert not any(PROMPT in text for text in heard(desktop)[k:]), heard(desktop)[k:]


def test_no_way_on_is_said_when_the_game_is_over_for_the_player(desktop):
    """Out of the game (the computers play on by themselves) or at its end,
    N is not what the game waits for."""
    session = desktop.new_game("tournament", 2, "easy", "Mara")
    app = window(desktop, session)
    for _ in range(60):
        if session.game_over:
            break
        k = len(heard(desktop))
        keys(app, "n" if session.hand is None or session.hand.over else "a")
        keys(app, "a")  # (All-in asks: the second press goes)
        if session.seats[0].place is not None or session.game_over:
            assert not any(PROMPT in text for text in heard(desktop)[k:])
    assert session.game_over


def test_a_guest_hears_how_to_deal_the_rooms_first_hand(host):  # noqa: F811
    """Before: the guest heard "New game: 2 players, 1,500 chips each." and
    nothing more, while the host heard "Waiting for Ada." (a guest who has
    not pressed Next hand is never told the list)."""
    page = host.create_room("tournament", 2, "easy", "Mara")
    app = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    guest = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    try:
        guest.join_room(page.room.code, at(host), "Ada")
        assert wait([host], lambda: "Ada joined the room." in room_heard(host))
        keys(app, "n")  # the host's New game
        assert wait([host, guest], lambda: guest.remote.running and PROMPT in room_heard(guest))
        k = len(heard(guest))
        keys(app, "n")  # the host is ready; the guest is awaited still, and told once
        assert wait([host, guest], lambda: "Waiting for Ada." in room_heard(host))
        wait([host, guest], lambda: False, 0.5)
        assert not any(PROMPT in text for text in heard(guest)[k:])
        # The host is told the way on once too (not also with their New game's answer).
        assert sum(text.count(PROMPT) for text in heard(host)) == 1
    finally:
        guest.close_room()
        guest.close()


def test_the_whole_state_names_the_dealer_once(desktop):
    """Before: "… Elena, 1,480 chips, bet 20, dealer. Elena deals. …"."""
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    seen = set()
    for _ in range(12):  # the button goes round: another player deals, then you
        if session.hand is None or session.hand.over:
            keys(app, "n")
        keys(app, "i")
        said = heard(desktop)[-1]
        mentions = said.count(", dealer") + said.count(" deals.") + said.count("You deal.")
        assert mentions == 1, said
        seen.add("You deal." in said)
        to_the_end_of_the_hand(app, session)
        if seen == {True, False}:
            return
    raise AssertionError("the button never went round")


def test_all_in_asks_once_more_and_says_for_how_much(desktop):
    """Before: "Press A again to go all-in." and no amount: the player had to
    ask S or Tab to the button to learn what the second press would stake."""
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    keys(app, "n")
    for _ in range(10):
        if session.hand.to_act == 0:
            break
        to_the_end_of_the_hand(app, session)
        keys(app, "n")
    assert session.hand.to_act == 0
    keys(app, "a")
    assert heard(desktop)[-1] == "Press A again to go all-in, 1,500."
    k = len(heard(desktop))
    keys(app, "a")
    assert heard(desktop)[k].startswith("You go all-in, 1,500."), heard(desktop)[k:]


def test_ctrl_a_selects_a_fields_text_so_a_wrong_code_is_typed_again(desktop):
    """Before: after "A room code has 6 digits." the three digits stayed and
    Ctrl+A did nothing, silently: the six digits typed next made "123999",
    and after "The field is full." three times the game looked for a room
    nobody had given."""
    from holdem_desktop.ui.menus import JoinRoomPage
    from tests.driving import typed

    app = App(desktop.menu(), keymap=desktop.keymap)
    keys(app, "tab", "tab", "return", "tab", "return")  # Rooms, Join room
    page = app.screen
    assert isinstance(page, JoinRoomPage)
    typed(app, "123")
    keys(app, "return")
    assert page.status == "A room code has 6 digits."
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a,
                                         mod=pygame.KMOD_LCTRL))
    app.run(max_events=1)
    assert heard(desktop)[-1] == "123, selected"
    typed(app, "456789")
    assert page.form.values[page.focused().id] == "456789"
    # An empty field says so.
    keys(app, *["backspace"] * 6)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a,
                                         mod=pygame.KMOD_LCTRL))
    app.run(max_events=1)
    assert heard(desktop)[-1] == "empty"


def test_a_beginners_first_turn_says_the_keys_that_act(desktop):
    """Before: "Your turn: 10 to call." and nothing said that C calls, F
    folds: a newcomer had to find the key list (F1) or How to play first."""
    keys_hint = "Keys: C checks or calls, F folds, R bets or raises, A goes all-in; " \
                "F1 lists every key."
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    keys(app, "n")
    for _ in range(10):
        if session.hand.to_act == 0:
            break
        to_the_end_of_the_hand(app, session)
        keys(app, "n")
    turn = [text for text in heard(desktop) if "Your turn" in text]
    assert turn and turn[0].endswith(keys_hint), turn
    to_the_end_of_the_hand(app, session)
    k = len(heard(desktop))
    for _ in range(3):  # once a game is enough
        keys(app, "n")
        to_the_end_of_the_hand(app, session)
    assert not any(keys_hint in text for text in heard(desktop)[k:])


FIRST_WORDS = "Hold'em Desktop. New game, button."
HOW_TO_MOVE = "Move with the arrow keys or Tab, choose with Enter; F1 lists every key."


def test_the_first_launch_says_how_to_move_and_later_ones_do_not(player_home):
    """Before: "Hold'em Desktop. New game, button." and nothing of the arrows,
    Enter or F1 for someone who has never used the game."""
    from holdem_desktop.app.play import opening

    first = Desktop(speaker=RecordingSpeaker())
    try:
        app = opening(first)
        assert heard(first) == [f"{FIRST_WORDS} {HOW_TO_MOVE}"]
        keys(app, "down")  # and the arrows do move
        assert heard(first)[-1].startswith("Continue, button")
        keys(app, "tab")
        assert heard(first)[-1] == "Rooms, button"
        first.prefs.keep_window_size(*app.surface.get_size())  # as the window closes
    finally:
        first.close()
    again = Desktop(speaker=RecordingSpeaker())
    try:
        opening(again)
        assert heard(again) == [FIRST_WORDS]
    finally:
        again.close()
