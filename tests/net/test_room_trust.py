"""A room that keeps secrets between games and cannot be turned against its
players (issue 22), over real loopback sockets: no card of an earlier hand
reaches a seat given between games, no hand is dealt for nobody, a removed
member stays out until the host lets them back, invisible names are
refused, churn cannot push out a friend's hello, and the host log is
written when descriptors run out.  Addresses other than 127.0.0.1 are other
loopback addresses (127.0.0.x), the way other computers on a LAN look."""

from __future__ import annotations

import os
import selectors
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.compact import Rebuilder
from holdem_desktop.net.host import RoomServer, hello_prefix
from holdem_desktop.net.protocol import (
    Bye,
    FrameDecoder,
    Hello,
    HostMessage,
    Refused,
    Table,
    Welcome,
    encode,
    parse_host,
)
from tests.net.conftest import tls_socket
from tests.net.sockets import silent_sockets
from tests.net.test_room_life import (
    CODE,
    Window,
    end_game,
    playing,
    run_until,
    settle,
)

ROOT = Path(__file__).resolve().parents[2]


class Guest:
    """A person at another computer (``address``, a loopback address of its
    own), speaking the protocol on a socket of its own (inside TLS)."""

    def __init__(self, server: RoomServer, address: str, name: str,
                 token: str | None = None) -> None:
        self.sock = tls_socket(server, address)
        self.decoder = FrameDecoder()
        self.rebuild = Rebuilder()  # (each table whole, as every client rebuilds it)
        self.received: list[HostMessage] = []
        self.closed = False
        self.sock.sendall(encode(Hello(name, CODE, __version__, token)))

    def read(self, until, seconds: float = 5.0) -> bool:
        """Read until ``until(received)`` holds, the host closes, or time is up."""
        end = time.monotonic() + seconds
        while not until(self.received) and not self.closed and time.monotonic() < end:
            self.sock.settimeout(max(0.01, end - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                break
            except OSError:
                data = b""
            if not data:
                self.closed = True
                break
            self.received += [self.rebuild(parse_host(p)) for p in self.decoder.feed(data)]
        return bool(until(self.received))

    def first(self) -> HostMessage:
        assert self.read(lambda got: got), "the host said nothing"
        return self.received[0]

    def tables(self) -> list[Table]:
        return [m for m in self.received if isinstance(m, Table)]

    def close(self) -> None:
        self.sock.close()


def refused(server: RoomServer, address: str, name: str,
            token: str | None = None) -> HostMessage:
    """What the host answers ``name``'s hello from ``address`` (then closes)."""
    guest = Guest(server, address, name, token)
    try:
        return guest.first()
    finally:
        guest.close()


# ----------------------------------------------------------------------
# Hidden cards between games


def shows_nothing_private(table: Table, room) -> bool:
    """Whether ``table``'s view holds no card but those every seat may see."""
    view = table.view
    if view is None:
        return True
    public = room.session.view(None)
    return (not view.hole and view.seat is None
            and [p.shown for p in view.players] == [p.shown for p in public.players]
            and view.history == public.history)


def test_a_seat_given_between_games_shows_no_card_of_an_earlier_hand(served):
    server = served(3)
    room = server.room
    mara, ada = playing(server)
    # A watcher joins during the game (seat None), then goes away.
    wu = Guest(server, "127.0.0.21", "Wu")
    assert wu.read(lambda got: any(isinstance(m, Table) for m in got))
    assert isinstance(wu.received[0], Welcome) and wu.received[0].seat is None
    wu_token = wu.received[0].token
    wu.close()
    end_game(server, [mara, ada])
    last = room.session.hand
    assert last is not None and last.over
    # Those who played the last hand still see their own cards of it.
    assert mara.remote.table.view.hole
    # A newcomer takes the computer's seat: not one of its cards comes.
    bo = Guest(server, "127.0.0.22", "Bo")
    assert bo.read(lambda got: any(isinstance(m, Table) for m in got))
    assert isinstance(bo.received[0], Welcome) and bo.received[0].seat == 2
    # The host removes Ada: Wu comes back with the token and takes her seat.
    mara.remote.remove("Ada")
    assert run_until([mara, ada], lambda: ada.remote.closed == "removed")
    wu = Guest(server, "127.0.0.21", "Wu", wu_token)
    assert wu.read(lambda got: any(isinstance(m, Table) for m in got))
    assert isinstance(wu.received[0], Welcome) and wu.received[0].seat == 1
    settle([mara])
    assert bo.read(lambda got: len([m for m in got if isinstance(m, Table)]) >= 3)
    wu.read(lambda got: False, 0.2)
    for guest in (bo, wu):
        assert guest.tables() and all(shows_nothing_private(t, room) for t in guest.tables())
    bo.close()
    wu.close()


# ----------------------------------------------------------------------
# Nobody is dealt a hand while everyone is away


def test_with_every_person_away_no_hand_is_dealt_and_the_host_hears_why(served):
    server = served(3)
    room = server.room
    mara, ada = playing(server)
    for w in (mara, ada):
        w.presses = False
    s = room.session
    assert run_until([mara, ada], lambda: s.hand.over and mara.remote.table.waiting_for)
    played = s.hands_played
    mara.remote.next_hand()  # Mara is ready ... and then steps away
    assert run_until([mara, ada], lambda: 0 in room.ready)
    mara.remote.away()
    assert run_until([mara, ada], lambda: room.members[0].replaced)
    ada.remote.away()  # Ada steps away without pressing
    said = ("Everyone playing is away (Mara and Ada), so no hand is dealt: the next one "
            "waits until someone presses Back.")
    assert run_until([mara, ada], lambda: said in mara.news and said in ada.news)
    settle([mara, ada], 0.5)  # ticks come and go: still nothing is dealt
    assert s.hands_played == played and s.hand.over
    assert mara.news.count(said) == 1  # said once, not at every tick
    # Ada comes back and presses Next hand: the hand is dealt (Mara, away, is played for).
    ada.remote.back()
    assert run_until([mara, ada], lambda: not room.members[1].replaced)
    ada.remote.next_hand()
    assert run_until([mara, ada], lambda: (s.hand is not None and not s.hand.over)
                     or s.hands_played > played)


# ----------------------------------------------------------------------
# Remove keeps a member out until the host lets them back


def test_a_removed_member_is_refused_on_every_path_until_the_host_lets_them_back(
        served, clock, tmp_path):
    server = served(3)
    room = server.room
    mara = Window("Mara", server)
    ada = Window("Ada", server)
    eve = Guest(server, "127.0.0.31", "Eve")
    assert eve.read(lambda got: got)
    welcome = eve.received[0]
    assert isinstance(welcome, Welcome) and welcome.seat == 2
    token = welcome.token
    mara.remote.remove("Eve")
    assert eve.read(lambda got: Bye("removed") in got)
    eve.close()
    assert run_until([mara, ada], lambda: mara.remote.table is not None
                     and mara.remote.table.removed == ("Eve",))
    assert ada.remote.table.removed == ()  # only the host sees who is kept out
    assert [a.label for a in mara.remote.room_actions() if a.key == "let_back:Eve"] == [
        "Let Eve back in (removed)"]
    paths = [("127.0.0.31", "Eve", token),  # the same name, token and computer
             ("127.0.0.31", "Zed", None),  # another name from the same computer
             ("127.0.0.32", "Eve", None),  # the same name from another computer
             ("127.0.0.33", "EVE", None),  # ... in capitals
             ("127.0.0.34", "Ενε", None),  # ... in Greek letters (the same skeleton)
             ("127.0.0.35", "Yan", token)]  # another name with the removed token
    for address, name, tok in paths:
        assert refused(server, address, name, tok) == Refused("removed", ""), name
    assert room.members[2:] == [] and room._free_seat() == 2  # never seated
    # During a game too.
    mara.remote.new_game()
    assert run_until([mara, ada], lambda: mara.remote.running)
    for address, name, tok in paths:
        assert refused(server, address, name, tok) == Refused("removed", ""), name
    # A friend on another computer is welcome; the host's own computer is never kept out.
    friend = Guest(server, "127.0.0.36", "Bo")
    assert isinstance(friend.first(), Welcome)
    friend.close()
    # Only the host lets people back.
    ada.remote.let_back("Eve")
    assert run_until([mara, ada], lambda: [e.reason for e in ada.errors][-1:] == ["not_host"])
    mara.remote.let_back("Nobody")
    assert run_until([mara, ada], lambda: [e.reason for e in mara.errors][-1:] == [
        "not_removed"])
    clock.now += 1  # (every news passes the news gate, which refills at 2 a second)
    mara.remote.let_back("Eve")
    assert run_until([mara, ada], lambda: "Eve may join the room again." in mara.news
                     and mara.remote.table.removed == ())
    back = Guest(server, "127.0.0.31", "Eve", token)  # the old token: a newcomer
    reply = back.first()
    assert isinstance(reply, Welcome) and reply.token != token and reply.seat is None
    back.close()
    log = (tmp_path / "host.log").read_text(encoding="utf-8")
    assert "127.0.0.31  removed" in log and "Eve" not in log


# ----------------------------------------------------------------------
# Names


@pytest.mark.parametrize("name, detail", [
    ("Ada\u034f", "invisible"), ("Ada\ufe0f", "invisible"), ("Ada\u3164", "invisible"),
    ("Ada\u115f", "invisible"), ("Ada\u2800", "invisible"), ("Ada\u17b4", "invisible"),
    ("Ada\u200b", "control"), ("\u2800", "invisible"),
    ("A\tda", "control"), ("Ada\n", "control"), ("\tAda", "control"), ("A\u0085da", "control"),
    ("A\u2028da", "control"),
])
def test_invisible_and_control_characters_are_refused_bad_name(served, name, detail):
    server = served(3)
    Window("Ada", server)
    guest = Guest(server, "127.0.0.41", name)
    try:
        assert guest.first() == Refused("bad_name", detail)
        assert guest.read(lambda got: Bye("bad_name") in got)
    finally:
        guest.close()
    assert [m.name for m in server.room.members] == ["Ada"]


# ----------------------------------------------------------------------
# Churn


def test_churn_from_forty_addresses_never_closes_a_connection_that_began_a_hello(served):
    server = served(3)
    frame = encode(Hello("Ada", CODE, __version__))
    assert hello_prefix(frame[:20]) and not hello_prefix(frame[:4])
    friend = tls_socket(server, "127.0.0.50")
    friend.sendall(frame[:20])  # a hello begun (the rest comes later)
    assert run_until([], lambda: len(server._hello_begun) == 1, 5)
    selector = selectors.DefaultSelector()
    opened = 0
    live: dict[socket.socket, str] = {}

    def open_from(address: str) -> None:
        nonlocal opened
        s = socket.socket()
        s.bind((address, 0))
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", server.port))
        selector.register(s, selectors.EVENT_READ)
        live[s] = address
        opened += 1

    addresses = [f"127.0.0.{60 + k}" for k in range(40)]
    try:
        for address in addresses:
            open_from(address)
        end = time.monotonic() + 3.0
        while opened < 600 and time.monotonic() < end:  # reopen each as soon as it closes
            for key, _mask in selector.select(0.05):
                s = key.fileobj
                assert isinstance(s, socket.socket)
                try:
                    data = s.recv(4096)
                except OSError:
                    data = b""
                if not data:
                    selector.unregister(s)
                    s.close()
                    open_from(live.pop(s))
        assert server.refusals["crowded"] > 20, dict(server.refusals)  # churn it was
        friend.sendall(frame[20:])
        decoder = FrameDecoder()
        got: list[HostMessage] = []
        while not got:
            data = friend.recv(65536)
            assert data, "the friend's connection was closed"
            got += [parse_host(p) for p in decoder.feed(data)]
        assert isinstance(got[0], Welcome), got[0]
    finally:
        for s in list(live):
            selector.unregister(s)
            s.close()
        selector.close()
        friend.close()


# ----------------------------------------------------------------------
# The host log under descriptor exhaustion

EXHAUSTED = """
import random, resource, sys, time
from pathlib import Path
from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.room import Room
room = Room(shipped_variant("tournament"), "314159", size=3, game_version=__version__,
            rng=random.Random(1), clock=time.monotonic)
server = RoomServer(room, "127.0.0.1", 0, log_path=Path(sys.argv[1]))
port = server.start()
resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[2]), 1024))
print(port, flush=True)
for line in sys.stdin:  # each line asks how it goes, until the test closes stdin
    print(dict(server.stats), flush=True)
server.stop()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a limit on open files (RLIMIT_NOFILE) "
                    "is a POSIX feature: Windows has none to exhaust")
def test_descriptor_exhaustion_leaves_lines_in_the_host_log(tmp_path):
    log = tmp_path / "host.log"
    child = subprocess.Popen(
        [sys.executable, "-c", EXHAUSTED, str(log), "30"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True, cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)})
    held: list[socket.socket] = []
    try:
        port = int(child.stdout.readline())
        # 6 from each of 8 addresses: more than the host has descriptors
        held = silent_sockets(port, 48, 80, 8)
        # The host runs out of descriptors: asyncio's accept() fails (and
        # retries a second later) while they are held.
        summary = ""
        end = time.monotonic() + 10
        while "accept_error_24" not in summary and time.monotonic() < end:
            child.stdin.write("?\n")
            child.stdin.flush()
            summary = child.stdout.readline()
    finally:
        for s in held:
            s.close()
        child.stdin.close()
        child.wait(timeout=10)
    assert "accept_error_24" in summary, summary
    lines = log.read_text(encoding="utf-8").splitlines()
    assert any(line.endswith("  -  accept_error_24") for line in lines), lines[-5:]
