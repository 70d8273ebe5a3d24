"""A room's life as real people live it, over loopback sockets with the
room's injectable clock: latecomers seated, doubled and stale actions,
people who leave and come back, ghosts, the host's controls, names, and
connections that misbehave."""

from __future__ import annotations

import os
import queue
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from holdem_desktop import __version__
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.client import Closed, RoomClient
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.protocol import (
    Act,
    Bye,
    Error,
    Hello,
    Ping,
    Refused,
    Welcome,
    encode,
)
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.session import WaitingForPlayers
from holdem_desktop.ui.move_log import MoveLog
from tests.net.conftest import ROOM_CODE, lan_client, tls_socket
from tests.net.sockets import silent_sockets

CODE = ROOM_CODE  # the code of the rooms tests/net/conftest.py serves


OPEN: list[Window] = []
"""The windows a test opened (closed after it)."""


@pytest.fixture(autouse=True)
def close_windows():
    yield
    while OPEN:
        OPEN.pop().close()


class Window:
    """A player's window on the room, reduced to what the tests need: the
    RemoteTable, what it would announce, and a player who checks or calls."""

    def __init__(self, name: str, server: RoomServer, token: str | None = None, *,
                 plays: bool = True, presses: bool = True) -> None:
        OPEN.append(self)
        self.name = name
        self.client = lan_client(server)
        self.client.connect()
        self.client.send(Hello(name, CODE, __version__, token))
        reply = self.client.get(timeout=5)
        assert isinstance(reply, Welcome), reply
        self.remote = RemoteTable(self.client, shipped_variant(reply.variant), reply)
        self.news: list[str] = []
        self.errors: list[Error] = []
        self.events: list[object] = []
        self.log = MoveLog(lambda k: self.remote.seats[k].name)
        self.remote.on_news = self.news.append
        self.remote.on_error = self.errors.append
        self.remote.subscribe(self.events.append)
        self.remote.subscribe(self.log.add)
        self.plays = plays
        self.presses = presses
        self.pressed_for = -1
        self.acts = 0

    @property
    def waits_heard(self) -> int:
        return sum(isinstance(e, WaitingForPlayers) for e in self.events)

    def pump(self) -> int:
        n = self.remote.pump()
        t, seat = self.remote.table, self.remote.seat
        if t is None or seat is None or self.remote.closed:
            return n
        view = t.view
        if self.plays and view is not None and not view.over and view.to_act == seat:
            kinds = {a.kind for a in view.legal_actions}
            kind = ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL
            answered = self.remote._answered
            self.remote.submit(seat, Action(kind))
            self.acts += self.remote._answered != answered
        elif self.presses and self.remote.running and seat in t.waiting_for \
                and self.pressed_for != t.hands_played:
            self.pressed_for = t.hands_played
            self.remote.next_hand()
        return n

    def close(self) -> None:
        self.client.close(timeout=2)


def run_until(windows: list[Window], done, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        if not sum(w.pump() for w in windows):
            time.sleep(0.005)
    return done()


def settle(windows: list[Window], seconds: float = 0.2) -> None:
    run_until(windows, lambda: False, seconds)


def end_game(server: RoomServer, windows: list[Window]) -> None:
    """End the game between two hands (people stop pressing Next hand)."""
    for w in windows:
        w.presses = False
    s = server.room.session
    assert run_until(windows, lambda: s.hand is None or s.hand.over, 20)
    on_loop(server, lambda: s.end("test"))
    assert run_until(windows, lambda: all(w.remote.table.game_over for w in windows))
    settle(windows)
    for w in windows:
        w.presses = True
        # (a Next hand already on its way when the test ended the game)
        w.errors = [e for e in w.errors if e.reason != "no_game"]


def on_loop(server: RoomServer, fn) -> None:
    """Run ``fn`` on the server's loop (then the room tells everyone) and wait."""
    done = queue.Queue()
    server.call(lambda: done.put((fn(), server.room.tick())))
    done.get(timeout=5)


def playing(server: RoomServer) -> tuple[Window, Window]:
    """Mara (the host) and Ada join and play until a first hand is over."""
    mara, ada = Window("Mara", server), Window("Ada", server)
    mara.remote.new_game()
    room = server.room
    assert run_until([mara, ada], lambda: room.session is not None
                     and room.session.hands_played >= 1)
    return mara, ada


# ----------------------------------------------------------------------


def test_a_latecomer_is_seated_at_the_next_game_and_acts_on_the_first_turn(served):
    server = served(3)
    room = server.room
    mara, ada = playing(server)
    windows = [mara, ada]
    bruno = Window("Bruno", server)
    windows.append(bruno)
    assert bruno.remote.seat is None
    assert run_until(windows, lambda: "Bruno joined the room." in mara.news)
    end_game(server, windows)
    mara.remote.new_game()
    # Bruno's window becomes a player's at once: his seat, and he hears it.
    assert run_until(windows, lambda: bruno.remote.seat == 2)
    assert "You have a seat for this game." in bruno.news
    assert room.kinds == ["human", "human", "human"]
    assert run_until(windows, lambda: bruno.acts >= 1, 15)  # his first turn: he acts
    assert not [e for w in windows for e in w.errors], [w.errors for w in windows]


def test_a_doubled_and_a_stale_act_are_refused_and_change_nothing(served):
    server = served(2)
    room = server.room
    mara = Window("Mara", server, plays=False)
    ada = Window("Ada", server, plays=False)
    windows = [mara, ada]
    mara.remote.new_game()
    assert run_until(windows, lambda: room.session is not None
                     and room.session.hand is not None and not room.session.hand.over
                     and all(w.remote.table.view is not None for w in windows))
    settle(windows)
    seat = room.session.waiting_for
    me = windows[seat]
    t = me.remote.table
    hand, decision = t.hand, t.decision
    assert (hand, decision) == room.decision
    view = t.view
    kind = ActionKind.CALL if view.to_call else ActionKind.CHECK
    before = len(room.session.hand.actions)
    # The same call twice in one write: the second answers nothing.
    frame = encode(Act(kind, 0, hand, decision))
    me.client.send_bytes(frame + frame)
    assert run_until(windows, lambda: me.remote.refusals["stale_action"] == 1)
    assert len(room.session.hand.actions) == before + 1
    assert me.remote.refusals == {"stale_action": 1} and not me.errors  # (not said)
    # An act for an old decision (the previous one) is refused whoever's turn it is.
    state = (len(room.session.hand.actions), room.session.waiting_for,
             [st.chips for st in room.session.seats], room.session.hand.pot_total)
    for w in windows:
        w.client.send(Act(ActionKind.FOLD, 0, hand, decision))
    assert run_until(windows, lambda: sum(w.remote.refusals["stale_action"]
                                          for w in windows) == 3)
    assert state == (len(room.session.hand.actions), room.session.waiting_for,
                     [st.chips for st in room.session.seats], room.session.hand.pot_total)
    # A double key press in a window sends one action.
    seat = room.session.waiting_for
    if seat is not None:
        me = windows[seat]
        assert run_until(windows, lambda: me.remote.decision == room.decision)
        sent = server.stats["messages"]
        view = me.remote.table.view
        kind = ActionKind.CALL if view.to_call else ActionKind.CHECK
        me.remote.submit(seat, Action(kind))
        me.remote.submit(seat, Action(kind))
        settle(windows)
        assert server.stats["messages"] == sent + 1
        assert sum(w.remote.refusals["stale_action"] for w in windows) == 3


def test_closed_connections_are_never_seated_and_lose_their_seat_after_the_grace(
        served, clock):
    server = served(3)
    room = server.room
    mara = Window("Mara", server)
    ghosts = [Window(name, server) for name in ("Gus", "Gil")]
    windows = [mara]
    assert [g.remote.seat for g in ghosts] == [1, 2]
    for g in ghosts:
        g.close()
    assert run_until(windows, lambda: "Gil lost the connection." in mara.news)
    # A real friend still gets in (as a listener, the seats being held)...
    ada = Window("Ada", server)
    windows.append(ada)
    assert ada.remote.seat is None
    # ... and after the grace the ghosts' seats are free again.
    clock.now += 121
    assert run_until(windows, lambda: all(m.seat is None for m in room.members
                                          if m.name in ("Gus", "Gil")))
    # New game: only people here are seated; Ada is told her seat.
    mara.remote.new_game()
    assert run_until(windows, lambda: ada.remote.seat is not None)
    assert "You have a seat for this game." in ada.news
    kinds = room.kinds
    assert kinds.count("human") == 2 and kinds.count("computer") == 1
    assert {room.session.seats[k].name for k in range(3) if kinds[k] == "human"} == {
        "Mara", "Ada"}
    # Gone long enough, they are forgotten: their names are free, tokens void.
    clock.now += 600
    assert run_until(windows, lambda: not any(m.name in ("Gus", "Gil")
                                              for m in room.members))


def test_watchers_whose_connection_closed_are_not_seated_at_new_game(served):
    server = served(3)
    room = server.room
    mara = Window("Mara", server)
    windows = [mara]
    mara.remote.new_game()
    assert run_until(windows, lambda: room.session is not None)
    ghosts = [Window(name, server) for name in ("Gus", "Gil")]
    for g in ghosts:
        assert g.remote.seat is None
        g.close()
    assert run_until(windows, lambda: "Gil lost the connection." in mara.news)
    end_game(server, [mara])
    friend = Window("Ada", server)
    windows.append(friend)
    mara.remote.new_game()
    assert run_until(windows, lambda: friend.remote.seat is not None)
    assert room.kinds.count("human") == 2
    assert all(m.seat is None for m in room.members if m.name in ("Gus", "Gil"))


def test_fifteen_hundred_throwaway_joins_leave_the_room_bounded(served):
    server = served(3)
    room = server.room
    mara, ada = playing(server)
    windows = [mara, ada]
    welcomed = full = 0
    before = room.session.hands_played
    for k in range(1500):
        client = lan_client(server, ping_every=60)
        client.connect()
        client.send(Hello(f"Throw{k}", CODE, __version__))
        reply = client.get(timeout=5)
        welcomed += isinstance(reply, Welcome)
        full += isinstance(reply, Refused) and reply.reason == "room_full"
        client.close(timeout=2)
        if k % 50 == 0:
            settle(windows, 0.01)
            assert len(room.members) <= 3 + room.max_watchers
    settle(windows, 0.5)
    assert welcomed + full == 1500 and welcomed > 1000
    assert len(room.members) <= 3 + room.max_watchers
    assert len(room._conns) <= 2 + room.max_watchers and len(room._addresses) <= 14
    assert run_until(windows, lambda: room.session.hands_played >= before + 3, 30)
    assert {m.name for m in room.members if m.conn is not None} == {"Mara", "Ada"}


def test_the_host_plays_for_removes_and_starts_without_and_everyone_hears(served, clock):
    server = served(3)
    room = server.room
    mara = Window("Mara", server)
    ada = Window("Ada", server, plays=False, presses=False)  # silent
    bruno = Window("Bruno", server)
    windows = [mara, ada, bruno]
    mara.remote.new_game()
    assert run_until(windows, lambda: room.session is not None and room.ready == {0, 2})
    # The barrier waits for Ada; too soon to start without her.
    keys = [a.key for a in mara.remote.room_actions()]
    assert "start_without" in keys and "play_for:1" in keys and "remove:Ada" in keys
    assert [a.key for a in ada.remote.room_actions()] == ["away"]
    mara.remote.start_without()
    assert run_until(windows, lambda: any(e.reason == "too_soon" for e in mara.errors))
    assert mara.remote.error_text(mara.errors[-1]).startswith("Wait a little longer")
    clock.now += 11
    mara.remote.start_without()
    said = "The next hand starts without Ada; the computer plays in their place."
    others = [mara, bruno]  # Ada herself is told it to her face, with her way back
    assert run_until(windows, lambda: all(said in w.news for w in others)
                     and "The next hand starts without you: the computer plays your seat. "
                     "To play again, press Next hand, or activate Back in the Room zone."
                     in ada.news)
    assert room.members[1].replaced and room.session.hands_played >= 0
    # Ada is back (she pressed Back), then away again by her own choice.
    assert run_until(windows, lambda: [a.key for a in ada.remote.room_actions()] == [
        "back"])
    ada.remote.back()
    assert run_until(windows, lambda: all("Ada is back." in w.news for w in others)
                     and "You are back: you play your seat again." in ada.news)
    assert not room.members[1].replaced
    ada.remote.away()
    said = "Ada is away; the computer plays in their place."
    assert run_until(windows, lambda: all(said in w.news for w in others)
                     and "You are away: the computer plays your seat. To play again, "
                     "press Next hand, or activate Back in the Room zone." in ada.news)
    assert room.members[1].replaced
    ada.remote.back()
    assert run_until(windows, lambda: not room.members[1].replaced)
    # The host hands her silent seat to the computer (a second later: the news
    # gate, which every news passes, let 4 through at once and refills at 2 a second).
    clock.now += 1
    mara.remote.play_for(1)
    said = "At the host's request, the computer plays for Ada."
    assert run_until(windows, lambda: all(said in w.news for w in others))
    assert room.members[1].replaced
    # And removes Bruno: he is told, the others hear it, his token is void.
    token = bruno.remote.token
    mara.remote.remove("Bruno")
    assert run_until(windows, lambda: bruno.remote.closed == "removed")
    said = "The host removed Bruno from the room."
    assert run_until(windows, lambda: said in mara.news and said in ada.news)
    assert "Bruno" not in {m.name for m in room.members}
    again = lan_client(server)
    again.connect()
    again.send(Hello("Bruno", CODE, __version__, token))
    assert again.get(timeout=5) == Refused("removed", "")  # kept out (tests/net/test_room_trust.py)
    again.close()
    assert run_until(windows, lambda: mara.remote.table.removed == ("Bruno",))
    clock.now += 1  # (the news gate refills)
    mara.remote.let_back("Bruno")
    assert run_until(windows, lambda: "Bruno may join the room again." in mara.news)
    stranger = lan_client(server)  # the game he played still runs:
    stranger.connect()  # his name (the computer plays his seat under it) needs his token
    stranger.send(Hello("Bruno", CODE, __version__))
    assert stranger.get(timeout=5) == Refused("name_taken", "")
    stranger.close()
    again = lan_client(server)
    again.connect()
    again.send(Hello("Bruno", CODE, __version__, token))
    reply = again.get(timeout=5)
    assert isinstance(reply, Welcome) and reply.seat == 2  # let back: his seat again
    assert run_until(windows, lambda: not room.members[2].replaced)
    again.close()
    # Only the host has these powers.
    ada.remote.play_for(0)
    ada.remote.remove("Mara")
    assert run_until(windows, lambda: [e.reason for e in ada.errors][-2:] == [
        "not_host", "not_host"])


def test_the_barrier_is_said_once_per_press_over_a_minute_of_waiting(served, clock):
    server = served(2)
    room = server.room
    mara = Window("Mara", server, presses=False)
    ada = Window("Ada", server, presses=False)
    windows = [mara, ada]
    mara.remote.new_game()
    assert run_until(windows, lambda: room.session is not None)
    mara.remote.next_hand()
    assert run_until(windows, lambda: mara.waits_heard == 1)
    for _ in range(120):  # a minute of waiting, half a second at a time
        clock.now += 0.5
        settle(windows, 0.01)
    settle(windows, 0.2)
    assert mara.waits_heard == 1 and ada.waits_heard == 0
    mara.remote.next_hand()  # again: who is it waiting for?
    assert run_until(windows, lambda: mara.waits_heard == 2)
    settle(windows, 0.3)
    assert mara.waits_heard == 2
    assert sum(line == "Waiting for Ada." for line in mara.log.lines) == 1
    ada.remote.next_hand()
    assert run_until(windows, lambda: room.session.hands_played >= 0
                     and room.session.hand is not None)


def test_leaving_then_joining_again_gives_the_seat_back_and_both_windows_hear(served):
    server = served(3)
    room = server.room
    mara, ada = playing(server)
    windows = [mara, ada]
    token = ada.remote.token
    ada.remote.leave()
    said = "Ada left; the computer plays in their place."
    assert run_until(windows, lambda: said in mara.news)
    assert room.members[1].replaced and room.kinds[1] == "computer"
    ada.close()
    windows.remove(ada)
    back = Window("Ada", server, token)
    windows.append(back)
    assert back.remote.seat == 1 and not back.remote.welcome.spectator
    assert run_until(windows, lambda: "Ada is back." in mara.news)
    assert not room.members[1].replaced and room.kinds[1] == "human"
    hands = room.session.hands_played
    assert run_until(windows, lambda: room.session.hands_played >= hands + 2, 20)
    assert back.acts >= 1 or back.pressed_for >= hands
    # Her window is back in the game it holds a seat of: it says "Back at the
    # table." and where the game stands (tell_where, tests/ui/test_room_rejoin.py),
    # not the room's "you are back" as well.
    assert back.remote.rejoined
    assert "You are back: you play your seat again." not in back.news, back.news


@pytest.mark.parametrize(("name", "detail"), [
    ("", "empty"), ("A" * 21, "too_long"), ("An\x07a", "control"), ("Ad\u202ea", "control"),
    ("\u0410da", "mixed_scripts"),  # Cyrillic А and Latin "da"
    ("\u0420\u0435\u0440\u0435", "looks_like_another"),  # all Cyrillic, looks like "Pepe"
    ("B0b", "looks_like_another"),  # a zero for the o of "Bob"
    ("ADA", None), ("\uff21da", None),  # the same name in capitals, full-width: taken
])
def test_bad_and_look_alike_names_are_refused_and_the_connection_closed(served, tmp_path, name,
                                                                          detail):
    server = served(3)
    for person in ("Ada", "Pepe", "Bob"):
        Window(person, server).close()
    client = lan_client(server)
    client.connect()
    client.send(Hello(name, CODE, __version__))
    try:
        reply = client.get(timeout=5)
        if detail is None:
            assert reply == Refused("name_taken", "")
        else:
            assert reply == Refused("bad_name", detail)
        assert isinstance(client.get(timeout=5), Bye)
        assert client.get(timeout=5) == Closed("closed")
        log = (tmp_path / "host.log").read_text(encoding="utf-8")
        reason = "bad_name" if detail else "name_taken"
        assert f"127.0.0.1  {reason}" in log and "Ada" not in log and "Pepe" not in log
        assert server.refusals[reason] == 1
    finally:
        client.close()


def test_a_trickle_is_closed_at_the_frame_deadline_and_a_pinger_at_the_hello_deadline(served):
    server = served(2, frame_deadline=0.4, hello_deadline=0.8)
    frame = encode(Hello("Eve", CODE, __version__))
    sock = tls_socket(server)
    start = time.monotonic()
    closed_at = None
    try:
        for byte in frame:  # one byte every 50 ms: the frame would take seconds
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                closed_at = time.monotonic()
                break
            time.sleep(0.05)
            if server.stats["frame_timeout"]:
                closed_at = time.monotonic()
                break
    finally:
        sock.close()
    assert closed_at is not None and closed_at - start < 1.5
    assert server.stats["frame_timeout"] == 1 and server.refusals["frame_timeout"] == 1
    pinger = lan_client(server, ping_every=60)
    pinger.connect()
    try:
        for n in range(40):
            pinger.send(Ping(n))
            time.sleep(0.05)
            if server.stats["hello_timeout"]:
                break
        replies = []
        while not replies or not isinstance(replies[-1], Closed):
            replies.append(pinger.get(timeout=5))
        assert Bye("hello_timeout") in replies
        assert server.stats["hello_timeout"] == 1
    finally:
        pinger.close()


CHILD = """
import random, resource, sys, time
from pathlib import Path
from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.room import Room
# Few files from here on (after the imports: the test is of the host, not of
# Python's import system, which reads a missing module where open() fails)
resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
room = Room(shipped_variant("tournament"), "314159", size=3, game_version=__version__,
            rng=random.Random(1), clock=time.monotonic)
server = RoomServer(room, "127.0.0.1", 0, log_path=Path(sys.argv[1]))
print(server.start(), server.fingerprint, flush=True)
for line in sys.stdin:  # each line asks how many connections came, until stdin closes
    print(server.stats["connections"], flush=True)
print(dict(server.refusals), dict(server.stats), flush=True)
server.stop()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a limit on open files (RLIMIT_NOFILE) "
                    "is a POSIX feature: Windows has none to exhaust")
def test_a_flood_of_silent_sockets_with_few_open_files_does_not_stop_a_friend(tmp_path):
    log = tmp_path / "host.log"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(log)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True,
                             cwd=Path(__file__).resolve().parents[2],
                             env=os.environ | {"PYTHONPATH": str(Path(__file__).resolve()
                                                                  .parents[2])})
    silent: list[socket.socket] = []
    try:
        port_text, pin = child.stdout.readline().split()
        port = int(port_text)
        silent = silent_sockets(port, 100, 10, 20)  # 100 silent sockets from 20 addresses
        came, end = 0, time.monotonic() + 10
        while came < len(silent) and time.monotonic() < end:  # the flood has landed
            child.stdin.write("?\n")
            child.stdin.flush()
            came = int(child.stdout.readline())
        started = time.monotonic()
        client = RoomClient("127.0.0.1", port, pin=pin)
        client.connect()
        client.send(Hello("Ada", CODE, __version__))
        reply = client.get(timeout=5)
        waited = time.monotonic() - started
        client.close()
        assert isinstance(reply, Welcome), reply
        assert waited < 4.0  # (a bound, not a measure: the flood held it 5 s before)
    finally:
        for s in silent:
            s.close()
        child.stdin.close()
        summary = child.stdout.readline()
        child.wait(timeout=10)
    assert "'busy'" in summary or "'crowded'" in summary, summary
    lines = log.read_text(encoding="utf-8").splitlines()
    assert 0 < len(lines) <= 100 and all(line.split("  ")[2] in (
        "busy", "crowded", "idle") or line.split("  ")[2].startswith("accept_error")
        for line in lines), lines[:5]
