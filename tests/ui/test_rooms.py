"""Rooms from the window: create one from the start screen, have a friend
join it by its code, play a hand by keys, hear the friend's actions by
name, leave."""

from __future__ import annotations

import os
import random
import socket
import threading
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.rooms import local_address  # noqa: E402
from holdem_desktop.engine.actions import Action  # noqa: E402
from holdem_desktop.net.discovery import RoomBeacon, find_room  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.action_panel import Command  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.keymap import Key  # noqa: E402
from holdem_desktop.ui.online import CertificateQuestion  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.net.test_host import Player  # noqa: E402


@pytest.fixture
def host(tmp_path, monkeypatch):
    from holdem_desktop.app.rooms import Rooms

    # Rooms are found on a UDP port of this test's own: a beacon of another
    # program on 47474 (a test run beside this one) would take the queries.
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.bind(("127.0.0.1", 0))
    monkeypatch.setattr(Rooms, "discovery_port", probe.getsockname()[1])
    probe.close()
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # the host log
    pygame.display.init()
    d = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    d.room_bind = "127.0.0.1"
    d.search_addresses = ("127.0.0.1",)
    d.settings = d.settings.updated(player_name="Mara", players=2, strength="easy")
    yield d
    d.close_room()
    pygame.display.quit()


def at(desktop: Desktop) -> str:
    """Where ``desktop``'s room is, with its pin, as an invitation gives it."""
    return f"127.0.0.1:{desktop.server.port}?pin={desktop.server.fingerprint}"


def keys(app: App, *names: str) -> None:
    for name in names:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             mod=0))
        app.run(max_events=1)


def settle(app: App, others: list[Player], seconds: float = 0.3) -> None:
    """Let messages cross the sockets both ways."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for p in others:
            p.pump()
        if app.poll():
            app.frame()
        time.sleep(0.01)


def test_create_a_room_a_friend_joins_by_code_and_a_hand_is_played(host, monkeypatch):
    app = App(host.menu(), keymap=host.keymap, after_input=host.flush, poll=host.poll)
    rooms = next(c for c in app.screen.controls() if c.id == "rooms")
    assert rooms.enabled
    app.screen.focus.id = "rooms"
    keys(app, "return")  # Rooms
    assert app.screen.title == "Rooms"
    keys(app, "return")  # Create room
    assert app.screen.title == "Create room"
    labels = [c.label for c in app.screen.controls()]
    assert labels[-2:] == ["Create room", "Cancel"]
    app.screen.focus.id = "start"
    keys(app, "return")
    table = app.screen
    assert isinstance(table, TableScreen) and table.room is not None
    code = table.room.code
    assert len(code) == 6 and code.isdigit()
    # the code first, what the player needs to pass on; then where they are
    created = ("Room created. Its code is " + " ".join(code) + ". Friends choose Rooms, then "
               "Join room, and type it.")
    heard = [text for text, _ in host.speech.speaker.calls]
    assert heard[-1].startswith(created + " Table. "), heard[-3:]
    host.flush()  # (what the window says after the key: nothing more of it)
    assert [text for text, _ in host.speech.speaker.calls] == heard
    keys(app, "e")  # Repeat says it again
    assert host.speech.speaker.calls[-1] == (created, True)
    zone = [c.label for c in table.table_controls() if c.zone == "room"]
    pin = host.server.fingerprint
    assert zone == ["Room", "Room code " + " ".join(code), "Copy invitation",
                    "Certificate fingerprint: " + pin, "Leave room"]  # as the server prints it
    assert code in table.room.invitation
    assert f"holdem-lan://{local_address()}:{host.server.port}/{code}?pin={pin}" in \
        table.room.invitation
    # A friend finds the room by its code (discovery on loopback) and joins.
    monkeypatch.setattr("tests.net.test_host.CODE", code)
    friend = Player("Ada", host.server, 1)
    settle(app, [friend])
    assert friend.seat == 1
    # Before a game the Next hand button is New game (the host's).
    button = next(c for c in table.table_controls() if c.id == "button:next_hand")
    assert button.label == "New game"
    keys(app, "n")  # New game
    settle(app, [friend])
    keys(app, "n")  # ready for the first hand; the friend presses too
    settle(app, [friend], 0.6)
    session = table.session
    assert session.table is not None and session.table.started
    for _ in range(40):
        if session.hand is not None and session.hand.over and session.table.view.over:
            break
        keys(app, "c")
        settle(app, [friend], 0.15)
    heard = [text for text, interrupt in host.speech.speaker.calls if not interrupt]
    assert any("Ada " in h for h in heard), heard  # the friend's actions, by name
    assert any("You have " in h for h in heard)
    assert not friend.errors
    # Leaving asks first, Stay in the room in focus, and brings the start screen back.
    table.focus.id = "room:leave"
    keys(app, "return")
    assert isinstance(app.screen, Dialog) and app.screen.notice() == (
        "Leave the room? The computer will play your seat.")
    keys(app, "return")
    assert app.screen is table and host.remote is not None
    keys(app, "return", "tab", "return")
    assert app.screen.title == "Hold'em Desktop" and host.remote is None
    friend.client.close()


def test_joining_a_room_that_is_not_there_says_so(host):
    got = host.join_room("999999", "", "Mara")
    assert got == ("No room with code 999999 was found on this network. Check the code, or "
                   "type the host's address.")
    got = host.join_room("999999", "127.0.0.1:1", "Mara")
    assert got == "The host at 127.0.0.1:1 does not answer."


def test_a_second_desktop_joins_by_code_and_sits_at_the_table(host):
    page = host.create_room("tournament", 3, "easy", "Mara")
    assert isinstance(page, TableScreen)
    code = page.room.code
    guest = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    guest.search_addresses = ("127.0.0.1",)
    try:
        joined = guest.join_room(code, "", "Ada")
        assert isinstance(joined, TableScreen) and joined.seat == 1
        assert joined.room.code == code
        wrong = Desktop(speaker=RecordingSpeaker()).join_room(
            "000000" if code != "000000" else "111111", at(host), "Bo")
        assert wrong == "No room with that code answers at this address."
    finally:
        guest.close_room()


def test_a_latecomer_listens_until_the_next_game(host):
    page = host.create_room("tournament", 2, "easy", "Mara")
    code = page.room.code
    host.remote.new_game()
    end = time.monotonic() + 5
    while time.monotonic() < end and not (host.remote.table and host.remote.table.started):
        host.poll()
        time.sleep(0.01)
    late = Desktop(rng=random.Random(7), speaker=RecordingSpeaker())
    try:
        table = late.join_room(code, at(host), "Bruno")
        assert isinstance(table, TableScreen) and table.seat is None
        said = [text for text, _ in late.speech.speaker.calls]
        assert "A game is in progress: you listen until the next game." in said
        buttons = {c.id: c for c in table.table_controls() if c.zone == "actions"}
        assert not buttons["button:fold"].enabled
        state = table.read_state()
        assert "You have" not in state and "Mara" in state
    finally:
        late.close_room()


class Dawdler(Player):
    """A friend who never presses Next hand."""

    def _play(self, t) -> None:
        pass


def test_pressing_next_hand_again_says_who_is_awaited(host, monkeypatch):
    page = host.create_room("tournament", 2, "easy", "Mara")
    app = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    monkeypatch.setattr("tests.net.test_host.CODE", page.room.code)
    friend = Dawdler("Ada", host.server, 1)
    settle(app, [friend])
    keys(app, "n")  # New game
    settle(app, [friend])
    keys(app, "n")  # ready
    settle(app, [friend])
    settle(app, [friend], 1.2)  # (the room ticks twice a second: said once all the same)
    heard = [text for text, interrupt in host.speech.speaker.calls if not interrupt]
    assert heard.count("Waiting for Ada.") == 1
    keys(app, "n")  # again: who are we waiting for?
    settle(app, [friend])
    heard = [text for text, interrupt in host.speech.speaker.calls if not interrupt]
    assert heard[-1] == "Waiting for Ada." and heard.count("Waiting for Ada.") == 2
    assert page.log.count("Waiting for Ada.") == 1  # once in the Move log
    state = page.read_state()
    assert "Waiting for Ada." in state
    assert "Hand 0" not in state and "The first hand is not dealt yet." in state, state
    friend.client.close()


def test_coming_back_after_closing_the_game_gives_the_seat_back(host, tmp_path):
    page = host.create_room("tournament", 3, "easy", "Mara")
    code, _port = page.room.code, host.server.port
    first = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    joined = first.join_room(code, at(host), "Ada")
    assert isinstance(joined, TableScreen) and joined.seat == 1
    first.remote.client.close()  # the game closes without leaving the room
    first.rooms.remote = None
    again = Desktop(rng=random.Random(9), speaker=RecordingSpeaker())  # started anew
    try:
        back = again.join_room(code, at(host), "Ada")
        assert isinstance(back, TableScreen) and back.seat == 1  # the token on disk
        stranger = Desktop(speaker=RecordingSpeaker())
        stranger.rooms.tokens.tokens.clear()
        assert stranger.join_room(code, at(host), "Ada") == (
            "Someone in that room already has this name: choose another.")
    finally:
        again.close_room()


def heard(desktop: Desktop) -> str:
    """Everything ``desktop`` said, one call a line (news may share a line
    with the announcement it came with)."""
    return "\n".join(text for text, _ in desktop.speech.speaker.calls)


def wait(desktops, done, seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        for d in desktops:
            d.poll()
        time.sleep(0.01)
    return done()


def test_the_host_hands_a_seat_to_the_computer_from_the_room_zone_and_all_hear(host,
                                                                               monkeypatch):
    page = host.create_room("tournament", 3, "easy", "Mara")
    app = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    guest = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    try:
        joined = guest.join_room(page.room.code, at(host), "Ada")
        # (the news and the table that seats Ada may come in two reads: both awaited)
        assert wait([host], lambda: "Ada joined the room." in heard(host) and any(
            c.id == "room:do:remove:Ada" for c in page.table_controls()))
        app.frame()
        zone = [c.id for c in page.table_controls() if c.zone == "room"]
        assert zone == ["heading:room", "room:code", "room:invite", "room:fingerprint",
                        "room:do:remove:Ada", "room:leave"]
        keys(app, "n")  # New game
        assert page.messages[-1] == "The game starts."  # the first (the way on follows)
        assert wait([host, guest], lambda: host.remote.running and guest.remote.running)
        labels = {c.id: c.label for c in page.table_controls() if c.zone == "room"}
        assert labels["room:do:play_for:1"] == "Play for Ada"
        assert labels["room:do:away"] == "Away: the computer plays my seat"
        assert [c.label for c in joined.table_controls() if c.id.startswith("room:do:")] == [
            "Away: the computer plays my seat"]  # a guest has no host's controls
        page.focus.id = "room:do:play_for:1"
        keys(app, "return")
        said = "At the host's request, the computer plays for Ada."
        # Ada hears it said to her, with the way back
        to_ada = ("At the host's request, the computer plays your seat. To play again, "
                  "press Next hand, or activate Back in the Room zone.")
        assert wait([host, guest], lambda: said in heard(host)
                    and to_ada in heard(guest))
        assert said not in heard(guest)
        assert host.server.room.members[1].replaced
        # Ada takes her seat back with her own Back button.
        assert wait([guest], lambda: any(c.id == "room:do:back"
                                         for c in joined.table_controls()))
        joined.press(Key.CHECK_CALL)  # an action key while away says how to come back
        assert joined.messages[-1] == ("You are away: the computer plays your seat. To play "
                                       "again, press Next hand, or activate Back in the Room zone.")
        joined.activate(next(c for c in joined.table_controls() if c.id == "room:do:back"))
        assert wait([host, guest], lambda: "Ada is back." in heard(host))
        assert not host.server.room.members[1].replaced
        # Remove asks first, Cancel in focus.
        page.focus.id = "room:do:remove:Ada"
        keys(app, "return")
        assert app.screen.notice() == ("Remove Ada from the room? Ada cannot join this room "
                                       "again unless you let them back in.")
        keys(app, "return")
        assert app.screen is page and len(host.server.room.members) == 2
        keys(app, "return", "tab")
        assert app.screen.focused().label == "Remove Ada"
        keys(app, "return")
        # Ada's window (its own loop, as the game runs it) follows the room closing.
        ada_app = App(joined, keymap=guest.keymap, after_input=guest.flush, poll=guest.poll,
                      moves=guest.take_moves)

        def moved() -> bool:
            ada_app.run(max_events=1)
            return ada_app.screen.title == "Rooms"

        assert wait([host], moved), (page.messages[-3:], host.server.room.members)
        # Ada is told, by speech, and is on the Rooms page: the table no longer pretends.
        removed = ("The host removed you from the room; you cannot join it again unless the "
                   "host lets you back in.")
        assert f"{removed} You are on the Rooms page." in heard(guest)
        assert guest.remote is None and not any(isinstance(p, TableScreen)
                                                for p in ada_app.stack)
        assert ada_app.screen.subtitle == removed and guest.moves == []
        keys(ada_app, "escape")  # Escape: the start screen, not a frozen table
        assert ada_app.screen.title == "Hold'em Desktop" and len(ada_app.stack) == 1
        assert guest.join_room(page.room.code, at(host), "Ada") == \
            removed  # kept out (the same computer as the host here: by name and token)
        # The host sees who is kept out and lets her back, by keys.
        assert wait([host], lambda: any(c.id == "room:do:let_back:Ada"
                                        for c in page.table_controls()))
        page.focus.id = "room:do:let_back:Ada"
        keys(app, "return")
        assert wait([host], lambda: "Ada may join the room again." in heard(host))
        assert isinstance(guest.join_room(page.room.code, at(host),
                                          "Ada"), TableScreen)
    finally:
        guest.close_room()


def test_a_latecomers_window_becomes_a_players_at_the_next_game(host):
    page = host.create_room("tournament", 2, "easy", "Mara")
    host.remote.new_game()
    assert wait([host], lambda: host.remote.running)
    late = Desktop(rng=random.Random(7), speaker=RecordingSpeaker())
    try:
        table = late.join_room(page.room.code, at(host), "Bruno")
        assert table.seat is None
        room = host.server.room
        done = []
        host.server.call(lambda: done.append((room.session.end("test"), room.tick())))
        assert wait([host, late], lambda: done and late.remote.table.game_over)
        host.remote.new_game()
        assert wait([host, late], lambda: table.seat == 1)
        assert late.outputs.announcers[id(late.remote)].seat == 1
        assert "You have a seat for this game." in heard(late)
        assert table.panel.seat == 1
        late.remote.next_hand()
        host.remote.next_hand()
        assert wait([host, late], lambda: late.remote.table.view is not None
                    and late.remote.table.view.seat == 1)
        assert next(c.label for c in table.table_controls() if c.zone == "hand") == "Your hand"
        assert any(c.id == "hole:0" for c in table.table_controls())
        assert "You have" in table.read_state()
    finally:
        late.close_room()


def test_leaving_the_room_and_joining_again_gives_the_seat_back_and_both_hear(host):
    page = host.create_room("tournament", 3, "easy", "Mara")
    code, _port = page.room.code, host.server.port
    guest = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    try:
        assert guest.join_room(code, at(host), "Ada").seat == 1
        host.remote.new_game()
        assert wait([host, guest], lambda: guest.remote is not None and guest.remote.running)
        guest.leave_room()  # Leave room (the token stays on disk)
        said = "Ada left; the computer plays in their place."
        assert wait([host], lambda: said in heard(host))
        back = guest.join_room(code, at(host), "Ada")
        assert isinstance(back, TableScreen) and back.seat == 1
        assert not host.server.room.members[1].replaced
        assert wait([host, guest], lambda: "Ada is back." in heard(host))
        assert "A game is in progress: you listen until the next game." not in heard(guest)
    finally:
        guest.close_room()


def test_a_watcher_before_any_game_is_told_so_not_that_a_game_runs(host):
    page = host.create_room("tournament", 2, "easy", "Mara")
    code, _port = page.room.code, host.server.port
    ada = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    bo = Desktop(rng=random.Random(9), speaker=RecordingSpeaker())
    try:
        assert ada.join_room(code, at(host), "Ada").seat == 1
        watching = bo.join_room(code, at(host), "Bo")  # every seat is held
        assert isinstance(watching, TableScreen) and watching.seat is None
        assert "You are watching: at the next game you take a free seat, if there is one." \
            in heard(bo)
        assert "A game is in progress: you listen until the next game." not in heard(bo)
    finally:
        bo.close_room()
        ada.close_room()


def test_joining_again_mid_hand_gives_the_whole_hand_at_once_and_the_player_acts(host):
    """Issue 28, item 1: the friend closes the game in the middle of a hand
    and joins again; Y, T, W and C work on the hand at once, and her call is
    played (the host does not wait for her for ever)."""
    page = host.create_room("tournament", 2, "easy", "Mara")
    code, _port = page.room.code, host.server.port
    room = host.server.room
    first = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    joined = first.join_room(code, at(host), "Ada")
    assert isinstance(joined, TableScreen) and joined.seat == 1
    host.remote.new_game()
    assert wait([host, first], lambda: host.remote.running and first.remote.running)
    host.remote.next_hand()
    first.remote.next_hand()
    assert wait([host, first], lambda: room.session.hand is not None
                and not room.session.hand.over)
    if room.session.waiting_for == 0:  # Mara calls: it is Ada's turn
        assert wait([host], lambda: host.remote.waiting_for == 0)
        host.remote.submit(0, Action.call())
    assert wait([host, first], lambda: room.session.waiting_for == 1)
    first.remote.client.close()  # the game closes mid-hand, without leaving the room
    first.rooms.remote = None
    assert wait([host], lambda: room.members[1].conn is None)
    again = Desktop(rng=random.Random(9), speaker=RecordingSpeaker())  # started anew
    try:
        back = again.join_room(code, at(host), "Ada")
        assert isinstance(back, TableScreen) and back.seat == 1
        app = App(back, keymap=again.keymap, after_input=again.flush, poll=again.poll,
                  moves=again.take_moves)
        # The whole hand, at once: her cards, what she has to call, whose turn.
        assert back.session.hand is not None and not back.session.hand.over
        assert back.inform(Key.YOUR_CARDS).startswith("Your cards: ")
        assert back.inform(Key.TO_CALL).startswith(("To call: ", "Nothing to call."))
        assert back.panel.why(Command.CHECK_CALL) is None
        acted = len(room.session.hand.actions)
        back.focus.id = "button:" + Command.CHECK_CALL
        keys(app, "c")  # check or call
        assert wait([host, again], lambda: len(room.session.hand.actions) > acted
                    or room.session.hand.over), again.screen.messages[-3:]
        assert room.session.hand.actions[acted][0] == 1  # hers, not the computer's
        assert not room.members[1].replaced
    finally:
        again.close_room()


@pytest.mark.parametrize("name, said", [
    ("Mara\u034f", "That name holds a character that cannot be seen or heard: choose another."),
    ("Ma\tra", "That name holds a tab, a line break or another character that cannot be "
               "shown: choose another."),
    ("M\u0430ra", "That name mixes letters of different alphabets: choose another."),
    ("M\u00e1ra", "That name looks like the name of someone in the room: choose another."),
])
def test_a_name_refused_says_why(host, name, said):
    page = host.create_room("tournament", 3, "easy", "Mara")
    guest = Desktop(rng=random.Random(7), speaker=RecordingSpeaker())
    try:
        assert guest.join_room(page.room.code, at(host), name) == said
    finally:
        guest.close_room()


# ----------------------------------------------------------------------
# The room's certificate (issue 23, item 2: LAN rooms speak TLS)


def test_a_bare_address_shows_the_hosts_certificate_and_trusting_it_joins(host, tmp_path,
                                                                         monkeypatch):
    page = host.create_room("tournament", 3, "easy", "Mara")
    code, port, pin = page.room.code, host.server.port, host.server.fingerprint
    assert page.room.fingerprint == pin
    # The beacon's answer carries the pin (what a friend finding the room by code pins).
    found = find_room(code, addresses=("127.0.0.1",), port=host.rooms.discovery_port)
    assert found is not None and (found.port, found.pin) == (port, pin)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "friend"))  # a computer of her own
    guest = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    try:
        asked = guest.join_room(code, f"127.0.0.1:{port}", "Ada")
        assert asked == CertificateQuestion(f"127.0.0.1:{port}", asked.name, asked.issuer,
                                            pin, lan=True)
        assert guest.remote is None and len(host.server.room.members) == 1  # nothing sent
        guest.trust_room_certificate(asked.server, asked.fingerprint)
        joined = guest.join_room(code, f"127.0.0.1:{port}", "Ada")
        assert isinstance(joined, TableScreen) and joined.room.fingerprint == pin
        guest.leave_room()
        # Trusted by the host's address: the game started again asks nothing.
        again = Desktop(rng=random.Random(7), speaker=RecordingSpeaker())
        assert isinstance(again.join_room(code, f"127.0.0.1:{port}", "Ada"), TableScreen)
        again.close_room()
    finally:
        guest.close_room()


def test_the_hosts_certificate_is_the_same_at_every_launch(host):
    first = host.create_room("tournament", 2, "easy", "Mara").room.fingerprint
    host.close_room()
    later = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())  # the game started anew
    later.room_bind = "127.0.0.1"
    try:
        assert later.create_room("tournament", 2, "easy", "Mara").room.fingerprint == first
    finally:
        later.close_room()


def test_a_changed_certificate_is_refused_with_a_warning_on_every_path(host, tmp_path,
                                                                      monkeypatch):
    page = host.create_room("tournament", 3, "easy", "Mara")
    code, port = page.room.code, host.server.port
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "friend"))
    guest = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    forged = ":".join(["AB"] * 32)  # what the friend trusted, or was told: not this host's
    try:
        guest.trust_room_certificate(f"127.0.0.1:{port}", forged)
        assert guest.join_room(code, f"127.0.0.1:{port}", "Ada") == (
            f"Warning: the host at 127.0.0.1:{port} shows another certificate than the one you "
            "trusted before. Someone on the network may be pretending to be the host, so the "
            "game did not connect. If the host's game was installed again, or another "
            "computer has this address now, ask the host for the invitation and paste it as "
            "the host address.")
        line = f"holdem-lan://127.0.0.1:{port}/{code}?pin={forged}"
        assert guest.join_room(code, line, "Ada") == (
            f"Warning: the host at 127.0.0.1:{port} shows another certificate than the one in "
            "the invitation. Someone on the network may be pretending to be the host, so the "
            "game did not connect.")
        # A beacon that announces another pin than the host's certificate has.
        with RoomBeacon(code, port, "Fake", pin=forged, bind="127.0.0.1", port=0) as fake:
            guest.rooms.discovery_port = fake.port
            guest.search_addresses = ("127.0.0.1",)
            assert guest.join_room(code, "", "Ada") == (
                f"Warning: the room at 127.0.0.1:{port} shows another certificate than the one "
                "it announced. Someone on the network may be pretending to be the host, so the "
                "game did not connect.")
        assert guest.remote is None and len(host.server.room.members) == 1
        # The host's own invitation (pasted whole) joins, and is trusted from then on.
        assert isinstance(guest.join_room("", page.room.invitation.rpartition(" ")[2]
                                          .replace(local_address(), "127.0.0.1"), "Ada"),
                          TableScreen)
        guest.leave_room()
        assert isinstance(guest.join_room(code, f"127.0.0.1:{port}", "Ada"), TableScreen)
    finally:
        guest.close_room()


def test_an_older_games_room_is_named_not_joined(host):
    old = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)  # an older game's beacon
    old.bind(("127.0.0.1", 0))
    old.settimeout(3)
    host.rooms.discovery_port = old.getsockname()[1]

    def answer() -> None:
        for _ in range(6):
            try:
                data, source = old.recvfrom(64)
            except OSError:
                return
            if data == b"HOLDEM?1 135790":
                old.sendto(b"HOLDEM!1 135790 5000 Kitchen", source)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        assert host.join_room("135790", "", "Ada") == (
            "Room 1 3 5 7 9 0 was found, but the host's game is an older version, which does "
            "not protect the room's cards on the network. Ask the host to update the game.")
    finally:
        thread.join(timeout=5)
        old.close()


def test_an_invitation_is_pasted_into_join_room_by_keys_and_joins(host, tmp_path, monkeypatch):
    page = host.create_room("tournament", 3, "easy", "Mara")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "friend"))
    guest = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    invitation = page.room.invitation.replace(local_address(), "127.0.0.1")
    monkeypatch.setattr(guest, "paste_text", lambda: invitation)  # the message a friend sent
    app = App(guest.menu(), keymap=guest.keymap, after_input=guest.flush, poll=guest.poll)
    try:
        keys(app, "tab", "tab", "return")  # Rooms
        assert app.screen.title == "Rooms"
        keys(app, "tab", "return")  # Join room
        assert app.screen.title == "Join room"
        app.screen.focus.id = "paste"
        keys(app, "return")
        said = [s.text for s in guest.speech.history]
        assert said[-1] == f"Invitation pasted: room {' '.join(page.room.code)}."
        app.screen.focus.id = "join"
        keys(app, "return")
        assert isinstance(app.screen, TableScreen) and app.screen.seat == 1
        assert app.screen.room.fingerprint == host.server.fingerprint
    finally:
        guest.close_room()
