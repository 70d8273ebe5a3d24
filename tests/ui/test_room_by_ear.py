"""Issue 31: a room played by ear, over the real Desktop and real loopback
sockets, heard through the recording speaker (which keeps each sentence
and whether it cut off what was being said: the interrupt the voice gets).

Item 1: the player's own move, which in a room comes back from the host
long after the key press was handled, still cuts off a read-out they asked
for or a chat line being said; a chat line arriving while the move is on
its way is said after it, never before."""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.net.chat import REFUSALS  # noqa: E402
from holdem_desktop.net.protocol import Act, Chat  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.net.test_host import Player  # noqa: E402
from tests.ui.test_chat_desktops import guest, typed, until  # noqa: E402, F401 (guest: a fixture)
from tests.ui.test_rooms import host, keys  # noqa: E402, F401 (host: the fixture)

MOVE = ("You call", "You check")


@pytest.fixture
def room(host, monkeypatch):  # noqa: F811
    """Mara's window hosts a room of two; Ada (a client that plays by
    itself) joins; the first hand is dealt."""
    page = host.create_room("tournament", 2, "easy", "Mara")
    app = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    monkeypatch.setattr("tests.net.test_host.CODE", page.room.code)
    ada = Player("Ada", host.server, 1)
    assert until(ada.pump, lambda: ada.seat == 1)
    keys(app, "n")  # New game
    assert until(lambda: (ada.pump(), host.poll()), lambda: host.remote.running)
    keys(app, "n")  # ready: the first hand is dealt
    yield host, app, ada
    ada.client.close()


def my_turn(desktop: Desktop, app: App, ada: Player) -> None:
    """Play on (Ada by herself) until Mara's turn, Mara ready for each hand."""
    for _ in range(40):
        if until(lambda: (ada.pump(), desktop.poll()), lambda: desktop.remote.my_turn, 3):
            return
        if desktop.remote.game_over:
            keys(app, "n", "n")  # a new game (the second press confirms it)
        elif 0 in desktop.remote.awaited():
            keys(app, "n")
    raise AssertionError("Mara's turn never came")


def spoken_move(rec, since: int) -> tuple[int, tuple[str, bool]] | None:
    """The first call from ``since`` on that says Mara's own move, and where."""
    return next(((k, c) for k, c in enumerate(rec.calls) if k >= since
                 and c[0].startswith(MOVE)), None)


def test_my_move_in_a_room_cuts_the_read_out_i_asked_for(room):
    desktop, app, ada = room
    rec = desktop.speech.speaker
    my_turn(desktop, app, ada)
    keys(app, "i")  # Read state: a long read-out, asked for
    readout, interrupt = rec.calls[-1]
    assert interrupt and len(readout) > 100, readout
    mark = len(rec.calls)
    keys(app, "c")  # the move goes to the host; what it did comes back later
    assert until(lambda: (ada.pump(), desktop.poll()), lambda: spoken_move(rec, mark))
    found = spoken_move(rec, mark)
    assert found is not None
    k, (text, interrupt) = found
    assert k == mark, rec.calls[mark:]  # nothing was said in between
    assert interrupt, text  # the read-out is cut off: the move is heard at once
    said = next(s for s in desktop.speech.history if s.text.startswith(text))
    assert said.kind == "game" and said.interrupt  # and Repeat has it as the game's


def test_a_chat_line_being_said_never_delays_my_move(room):
    desktop, app, ada = room
    rec = desktop.speech.speaker
    my_turn(desktop, app, ada)
    ada.client.send(Chat(text="your turn, Mara"))
    assert until(desktop.poll, lambda: rec.calls and rec.calls[-1][0] == "Ada: your turn, Mara")
    assert not rec.calls[-1][1]  # a chat line itself never cuts anything off
    mark = len(rec.calls)
    keys(app, "c")
    assert until(lambda: (ada.pump(), desktop.poll()), lambda: spoken_move(rec, mark))
    k, (_text, interrupt) = spoken_move(rec, mark)
    assert k == mark and interrupt, rec.calls[mark:]  # the line is cut off, not waited for


def test_every_key_that_asks_for_something_cuts_off_what_is_being_read(room):
    desktop, app, ada = room
    rec = desktop.speech.speaker
    my_turn(desktop, app, ada)
    ada.client.send(Chat(text="a long story about the last hand"))
    assert until(desktop.poll, lambda: rec.calls[-1][0].startswith("Ada: a long story"))
    for name in ("y", "t", "v", "p", "o", "s", "w", "d", "l", "e", "i", "u", "[", "]"):
        # each cuts off the chat line, or the answer before it
        mark = len(rec.calls)
        keys(app, name)
        assert len(rec.calls) == mark + 1 and rec.calls[-1][1], (name, rec.calls[mark:])


def test_a_line_that_comes_while_my_move_is_on_its_way_follows_the_move(room):
    desktop, app, ada = room
    rec = desktop.speech.speaker
    my_turn(desktop, app, ada)
    # The network is slow: Mara's move is still on its way when Ada's line arrives.
    client = desktop.remote.client
    send, held = client.send, []
    client.send = lambda message: (held if isinstance(message, Act) else [send(message)]) \
        .append(message)
    mark = len(rec.calls)
    keys(app, "c")
    assert len(held) == 1
    ada.client.send(Chat(text="hurry up"))
    assert until(desktop.poll, lambda: any(line.text == "hurry up"
                                           for line in desktop.remote.chat_lines))
    desktop.flush()
    assert not any(text.startswith("Ada: ") for text, _ in rec.calls[mark:])  # waits
    client.send = send
    send(held[0])  # the move reaches the host at last
    assert until(lambda: (ada.pump(), desktop.poll()),
                 lambda: "Ada: hurry up" in [text for text, _ in rec.calls])
    heard = [text for text, _ in rec.calls[mark:]]
    move = next(k for k, text in enumerate(heard) if text.startswith(MOVE))
    assert move < heard.index("Ada: hurry up"), heard  # your move first, then the line


# -- item 5: the computer's move for an away player is said as the computer's --


def test_away_i_hear_the_computers_move_for_me_as_the_computers(room):
    desktop, app, ada = room
    rec = desktop.speech.speaker
    my_turn(desktop, app, ada)
    page = app.screen
    page.focus.id = "room:do:away"
    focused = page.focused()
    assert focused is not None and focused.id == "room:do:away"
    mark = len(rec.calls)
    keys(app, "return")  # Away: the computer plays my seat (at once: it is my turn)
    mine = re.compile(r"^The computer (folds|checks|calls [\d,]+|bets [\d,]+|raises to [\d,]+"
                      r"|goes all-in for you, [\d,]+)( for you)?[.,]")

    def heard() -> list[str]:
        return [text for text, _ in rec.calls[mark:]]

    assert until(lambda: (ada.pump(), desktop.poll()),
                 lambda: sum(1 for t in heard() for s in re.split(r"(?<=\.) ", t)
                             if mine.match(s)) >= 2, 20), heard()
    said = " ".join(heard())
    assert not re.search(r"\bYou (fold|check|call|bet|raise|go all-in)\b", said), said
    assert "Your turn" not in said, said  # the computer's turn, not mine
    # Back: my own moves are mine again (its button, once the room's table says away)
    assert until(lambda: (ada.pump(), desktop.poll()),
                 lambda: any(c.id == "room:do:back" for c in page.controls()), 20)
    page.focus.id = "room:do:back"
    focused = page.focused()
    assert focused is not None and focused.id == "room:do:back"
    keys(app, "return")
    my_turn(desktop, app, ada)
    mark = len(rec.calls)
    keys(app, "c")
    assert until(lambda: (ada.pump(), desktop.poll()), lambda: spoken_move(rec, mark))


# -- item 3: the chat field echoes what is typed; "Sent" only for lines relayed --


def test_the_chat_field_echoes_each_letter_typed_and_erased(host, guest):  # noqa: F811
    page = host.create_room("tournament", 3, "easy", "Mara")
    ada_desk, ada_page = guest(page.room.code)
    ada = App(ada_page, keymap=ada_desk.keymap, after_input=ada_desk.flush, poll=ada_desk.poll)
    rec = ada_desk.speech.speaker
    keys(ada, "m")
    mark = len(rec.calls)
    typed(ada, "hi y")
    keys(ada, "backspace")
    assert rec.calls[mark:] == [("h", True), ("i", True), ("space", True), ("y", True),
                                ("y erased", True)]
    assert ada_page.chat.text == "hi "
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x" * 300))  # pasted
    ada.run(max_events=1)  # past the room's 200 characters: said, with the error cue
    assert rec.calls[-1] == ("That line is too long: at most 200 characters.", True)
    assert len(ada_page.chat.text) == 200


def test_a_flood_hears_sent_only_for_the_lines_relayed_and_the_refusal_for_the_rest(
        host, guest):  # noqa: F811
    page = host.create_room("tournament", 3, "easy", "Mara")
    ada_desk, ada_page = guest(page.room.code)
    ada = App(ada_page, keymap=ada_desk.keymap, after_input=ada_desk.flush, poll=ada_desk.poll)
    history = ada_desk.speech.history
    mark = len(history)
    for k in range(7):  # seven lines as fast as the keys go
        keys(ada, "m")
        typed(ada, f"line {k}")
        keys(ada, "return")
    remote = ada_desk.remote

    def relayed() -> list[str]:
        return [line.text for line in remote.chat_lines if line.own]

    # the room answered every line: relayed (to Ada too, her receipt) or refused
    assert until(ada_desk.poll, lambda: len(relayed()) + sum(
        n for reason, n in remote.refusals.items() if reason in REFUSALS) == 7)
    answers = ("Sent", "Slow down", "You are sending too much", "The room is busy")
    said = [s.text for s in history[mark:] if s.text.startswith(answers)]
    went = relayed()
    assert until(host.poll, lambda: sum(1 for line in page.session.chat_lines
                                        if line.name == "Ada") == len(went))
    assert 0 < len(went) < 7  # the room's flood limit refused some
    sent = [text for text in said if text.startswith("Sent")]
    assert len(sent) == len(went), said  # never "Sent" for a line nobody heard
    refusals = [text for text in said if not text.startswith("Sent")]
    assert len(refusals) == 7 - len(went), said  # each refused line: why
    # each line's answer, in the order typed: Sent. for those the room relayed
    # (the first ones; a line typed once the limit has let time pass goes too)
    assert [text == "Sent." for text in said] == [f"line {k}" in went for k in range(7)], said
    assert said[0] == "Sent."
    assert any(text.startswith("You are sending too much: your chat is muted for ")
               for text in refusals), refusals
