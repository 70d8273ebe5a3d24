"""A player who joins a room hears who is in it (issue 23, rooms): on the
welcome, after the table's first words, and again at any time with the Who
is here key (U); who joins and leaves before the game is said as it
happens.  The real Desktop, driven by keys, heard through the recording
speaker; LAN rooms and a room on a server."""

from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, typed  # noqa: E402
from tests.ui.test_rooms import at, heard, host, wait  # noqa: E402, F401  (host: a fixture)


def join_by_keys(desktop: Desktop, code: str, address: str, name: str) -> App:
    """The start screen, Rooms, Join room: the form filled and sent by keys."""
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush,
              poll=desktop.poll)
    app.screen.focus.id = "rooms"
    keys(app, "return")
    app.screen.focus.id = "join"
    keys(app, "return")
    assert app.screen.title == "Join room" and app.screen.focused().id == "code"
    typed(app, code)
    keys(app, "tab")
    typed(app, address)
    keys(app, "tab")
    typed(app, name)  # the name shown is selected: typing replaces it
    keys(app, "return")
    assert isinstance(app.screen, TableScreen), (app.screen.status, app.screen.form.values)
    return app


def said_since(desktop: Desktop, k: int) -> list[str]:
    return [text for text, _ in desktop.speech.speaker.calls[k:]]


def test_joining_says_who_is_here_and_u_says_it_again(host):  # noqa: F811
    page = host.create_room("tournament", 4, "easy", "Mara")
    code = page.room.code
    ada = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    bo = Desktop(rng=random.Random(9), speaker=RecordingSpeaker())
    cy = Desktop(rng=random.Random(10), speaker=RecordingSpeaker())
    try:
        app = join_by_keys(ada, code, at(host), "Ada")
        words = said_since(ada, 0)
        here = ("In the room: Mara (host) and you. 2 seats free: computer players take them "
                "when the game starts.")
        table = next(k for k, w in enumerate(words) if w.startswith("Table."))
        assert any(here in w for w in words[table:]), words  # after the table's first words
        assert wait([host], lambda: "Ada joined the room." in heard(host))
        # Bo joins and leaves before the game: Ada hears both, as they happen.
        k = len(ada.speech.speaker.calls)
        bo.join_room(code, at(host), "Bo")
        assert wait([ada], lambda: "Bo joined the room." in "\n".join(said_since(ada, k)))
        keys(app, "u")
        assert ada.speech.speaker.calls[-1][0] == (
            "In the room: Mara (host), you and Bo. 1 seat free: a computer player takes it "
            "when the game starts.")
        bo.leave_room()
        assert wait([ada], lambda: "Bo left the room." in "\n".join(said_since(ada, k)))
        gone = ("In the room: Mara (host), you and Bo (not here). 1 seat free: a computer "
                "player takes it when the game starts.")
        assert wait([ada], lambda: ada.remote.who_is_here() == gone), ada.remote.who_is_here()
        keys(app, "i")  # Read state before the game: who is here, and what starts it
        assert ada.speech.speaker.calls[-1][0].startswith(gone + " ")
        # A connection that drops between games is seen at once too.
        cy.join_room(code, at(host), "Cy")
        assert wait([ada], lambda: "Cy" in ada.remote.who_is_here())
        cy.rooms.remote.client.close()  # the window is gone without a word
        assert wait([ada], lambda: "Cy (not here)" in ada.remote.who_is_here()), \
            ada.remote.who_is_here()
        # In the game: the computer's seats are counted, nothing is free any more.
        host.remote.new_game()
        assert wait([host, ada], lambda: ada.remote is not None and ada.remote.running)
        keys(app, "u")
        assert ada.speech.speaker.calls[-1][0] == (
            "In the room: Mara (host) and you. The computer plays 2 seats.")
    finally:
        bo.close_room()
        ada.close_room()
        cy.close_room()


def test_a_watcher_hears_who_is_here_and_is_named_you(host):  # noqa: F811
    page = host.create_room("tournament", 2, "easy", "Mara")
    code = page.room.code
    ada = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    bo = Desktop(rng=random.Random(9), speaker=RecordingSpeaker())
    try:
        ada.join_room(code, at(host), "Ada")
        app = join_by_keys(bo, code, at(host), "Bo")  # every seat is held
        assert app.screen.seat is None
        assert wait([bo], lambda: "Watching: you." in heard(bo))
        assert "In the room: Mara (host) and Ada. Watching: you. Every seat is taken." \
            in heard(bo)
    finally:
        bo.close_room()
        ada.close_room()


def test_the_key_at_a_table_on_this_computer_says_there_is_no_room(player_home):
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        from tests.driving import window

        app = window(desktop, desktop.new_game("tournament", 3, "easy", "Mara"))
        keys(app, "u")
        assert desktop.speech.speaker.calls[-1][0] == (
            "This is not a room: you play against computer players here.")
        keys(app, "f1")  # and the Keys tab, here, leaves it out (it acts only in a room)
        assert "In a room: who is here" not in desktop.speech.speaker.calls[-1][0]
    finally:
        desktop.close()


@pytest.mark.parametrize(("code", "words"), [
    ("ro", "În cameră"), ("it", "Nella stanza"), ("pl", "W pokoju")])
def test_who_is_here_in_every_language(code, words):
    from holdem_desktop.i18n.phrases import Member, room_people
    from holdem_desktop.i18n.translate import set_language

    set_language(code)
    try:
        text = room_people([Member("Mara", host=True), Member("Ada", you=True)],
                           [Member("Bo")], 0, 2)
    finally:
        set_language("en")
    assert text.startswith(words) and "Mara" in text and "Bo" in text and "2" in text
    assert "(host)" not in text and "you" not in text.split()


def test_f1_in_a_room_lists_the_keys_for_the_room_and_at_home_leaves_them_out(
        host, player_home):  # noqa: F811
    page = host.create_room("tournament", 4, "easy", "Mara")
    app = App(page, (1024, 640), keymap=host.keymap, after_input=host.flush)
    try:
        keys(app, "f1")
        assert page.tab is not None
        labels = [c.label for c in page.tab.controls()]  # (read one by one with Down)
        said = " ".join(labels)
        assert "U: In a room: who is here" in said and "Ctrl+1" in said, said
        assert "Talking in a room" in labels
    finally:
        host.close_room()
    alone = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    here = App(alone.table(alone.new_game("tournament", 3, "easy", "Mara")), (1024, 640),
               keymap=alone.keymap, after_input=alone.flush)
    keys(here, "f1")
    said = " ".join(c.label for c in here.screen.tab.controls())
    assert "F1: List every key" in said and "In a room" not in said, said
    alone.close()
