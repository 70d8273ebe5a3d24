"""LAN discovery of a room by its code: on loopback, and between two network namespaces.

Everything here stays on 127.0.0.0/8 (including the loopback broadcast 127.255.255.255,
which the kernel routes on ``lo`` only), except the namespace test, whose broadcast stays
on a veth pair between two namespaces this test creates and always deletes.
"""

from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from holdem_desktop.net import discovery
from holdem_desktop.net.discovery import (
    DISCOVERY_PORT,
    MAX_NAME_LENGTH,
    RoomAddress,
    RoomBeacon,
    find_room,
)
from tests.wine import UDP_SOURCE, wine_gap

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"
CODE = "482913"
OTHER_CODE = "105577"
PIN = ":".join(["3F", "A0", "9C", "11"] * 8)
"""A certificate's fingerprint, as a beacon's answer carries it."""
HEX_PIN = PIN.replace(":", "").encode()


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _wait_for(predicate: Callable[[], bool], timeout: float = 2.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


@pytest.fixture
def client() -> Iterator[socket.socket]:
    """A plain UDP socket on loopback for sending raw datagrams to a beacon."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((LOOPBACK, 0))
    sock.settimeout(0.3)
    try:
        yield sock
    finally:
        sock.close()


def _query(code: str) -> bytes:
    return b"HOLDEM?2 " + code.encode("ascii")


# -- loopback -------------------------------------------------------------------------------


def test_the_default_port_and_the_beacon_answers_its_code_with_port_and_name() -> None:
    assert DISCOVERY_PORT == 47474
    with RoomBeacon(CODE, 50123, "Table de Zoé ♠", bind=LOOPBACK, port=0, pin=PIN) as beacon:
        found = find_room(CODE, timeout=1.5, addresses=(LOOPBACK,), port=beacon.port)
        assert found == RoomAddress(host=LOOPBACK, port=50123, name="Table de Zoé ♠", pin=PIN)
        # (the beacon counts just after answering: the answer can arrive first)
        assert _wait_for(lambda: beacon.stats["answered"] >= 1)
        assert beacon.stats["wrong_code"] == 0


def test_a_wrong_code_gets_no_answer_within_the_timeout() -> None:
    with RoomBeacon(CODE, 50123, "Kitchen", bind=LOOPBACK, port=0, pin=PIN) as beacon:
        started = time.monotonic()
        found = find_room(OTHER_CODE, timeout=0.6, addresses=(LOOPBACK,), port=beacon.port)
        elapsed = time.monotonic() - started
        assert found is None
        assert 0.55 <= elapsed < 1.5
        assert _wait_for(lambda: beacon.stats["wrong_code"] == 3)  # the 3 attempts
        assert beacon.stats["answered"] == 0


def test_stop_ends_the_thread_quickly() -> None:
    beacon = RoomBeacon(CODE, 50123, "Kitchen", bind=LOOPBACK, port=0, pin=PIN)
    beacon.start()
    assert beacon.running
    # The thread wakes every poll to see the stop (no wall clock measured here: a busy
    # machine stretches any): stop() returned because the thread ended, not because
    # its join gave up after 2 s.
    assert discovery._POLL_SECONDS <= 0.5
    beacon.stop()
    assert not beacon.running
    with pytest.raises(RuntimeError):
        beacon.start()


def test_two_beacons_on_the_same_port_each_answer_only_their_own_code() -> None:
    if not hasattr(socket, "SO_REUSEPORT"):
        pytest.skip("this platform has no SO_REUSEPORT: two beacons cannot share a port")
    if not sys.platform.startswith("linux"):
        pytest.skip("needs Linux's loopback broadcast route (127.255.255.255 on lo)")
    # Unicast to a shared port reaches only one socket of the group; a broadcast reaches
    # all of them, as on a real LAN. 127.255.255.255 is the broadcast of lo: it stays here.
    broadcast = ("127.255.255.255",)
    first = RoomBeacon(CODE, 50001, "First", bind="0.0.0.0", port=0, pin=PIN)
    first.start()
    try:
        second = RoomBeacon(OTHER_CODE, 50002, "Second", bind="0.0.0.0", port=first.port, pin=PIN)
        second.start()
        try:
            port = first.port
            assert second.port == port
            one = find_room(CODE, timeout=1.0, addresses=broadcast, port=port)
            two = find_room(OTHER_CODE, timeout=1.0, addresses=broadcast, port=port)
            assert one is not None and (one.port, one.name) == (50001, "First")
            assert two is not None and (two.port, two.name) == (50002, "Second")
            # Each answered its own query and ignored the other's (a broadcast reaches
            # both); a beacon's thread may still be counting when the answer is back.
            def counted() -> bool:
                return all(b.stats[k] >= 1 for b in (first, second)
                           for k in ("answered", "wrong_code"))

            end = time.monotonic() + 2
            while time.monotonic() < end and not counted():
                time.sleep(0.01)
            assert counted(), (first.stats, second.stats)
        finally:
            second.stop()
    finally:
        first.stop()


GARBAGE = [
    b"",
    b"hello",
    b"HOLDEM?3 " + CODE.encode(),  # another version
    b"HOLDEM?2 " + CODE[:5].encode(),
    b"HOLDEM?2 " + CODE.encode() + b"7",
    b"HOLDEM?2 " + CODE.encode() + b"\n",
    b" HOLDEM?2 " + CODE.encode(),
    b"HOLDEM?2 48291a",
    b"holdem?2 " + CODE.encode(),
    "HOLDEM?2 ٤٨٢٩١٣".encode(),  # non-ASCII digits
    b"HOLDEM!2 " + CODE.encode() + b" 5000 " + HEX_PIN + b" x",  # an answer, not a query
    b"\xff" * 15,
    b"HOLDEM?2 " + CODE.encode() + b" " * 65_000,  # oversized
]


def test_garbage_and_oversized_datagrams_are_ignored_counted_and_harmless(
    client: socket.socket,
) -> None:
    with RoomBeacon(CODE, 50123, "Kitchen", bind=LOOPBACK, port=0, pin=PIN) as beacon:
        for datagram in GARBAGE:
            client.sendto(datagram, (LOOPBACK, beacon.port))
        assert _wait_for(lambda: beacon.stats["malformed"] == len(GARBAGE))
        with pytest.raises(TimeoutError):
            client.recvfrom(2048)  # nothing was answered
        assert beacon.running
        assert beacon.stats == {
            "answered": 0,
            "wrong_code": 0,
            "malformed": len(GARBAGE),
            "rate_limited": 0,
            "old_query": 0,
        }
        found = find_room(CODE, timeout=1.0, addresses=(LOOPBACK,), port=beacon.port)
        assert found == RoomAddress(LOOPBACK, 50123, "Kitchen", pin=PIN)


def test_the_rate_limit_blocks_an_address_after_too_many_wrong_codes(
    client: socket.socket,
) -> None:
    clock = FakeClock()
    with RoomBeacon(CODE, 50123, "Kitchen", bind=LOOPBACK, port=0, clock=clock, pin=PIN) as beacon:
        for index in range(10):
            client.sendto(_query(f"{index:06d}"), (LOOPBACK, beacon.port))
        assert _wait_for(lambda: beacon.stats["wrong_code"] == 10)

        # The 11th wrong code is not even looked at, and neither is the right one.
        client.sendto(_query("999999"), (LOOPBACK, beacon.port))
        assert _wait_for(lambda: beacon.stats["rate_limited"] == 1)
        assert find_room(CODE, timeout=0.5, addresses=(LOOPBACK,), port=beacon.port) is None
        assert beacon.stats["wrong_code"] == 10
        assert beacon.stats["answered"] == 0
        assert beacon.stats["rate_limited"] >= 2

        clock.now += 59.0  # still inside the minute
        assert find_room(CODE, timeout=0.4, addresses=(LOOPBACK,), port=beacon.port) is None

        clock.now += 2.0  # the window has passed
        found = find_room(CODE, timeout=1.0, addresses=(LOOPBACK,), port=beacon.port)
        assert found == RoomAddress(LOOPBACK, 50123, "Kitchen", pin=PIN)
        # ...and the count starts again from zero.
        for index in range(9):
            client.sendto(_query(f"{index:06d}"), (LOOPBACK, beacon.port))
        assert _wait_for(lambda: beacon.stats["wrong_code"] == 19)
        found = find_room(CODE, timeout=1.0, addresses=(LOOPBACK,), port=beacon.port)
        assert found is not None


@wine_gap(UDP_SOURCE)
def test_a_blocked_address_stays_blocked_however_many_others_send_wrong_codes(
    client: socket.socket, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("holdem_desktop.net.discovery._MAX_TRACKED_ADDRESSES", 40)
    clock = FakeClock()
    with RoomBeacon(CODE, 50123, "Kitchen", bind=LOOPBACK, port=0, clock=clock, pin=PIN) as beacon:
        for index in range(10):
            client.sendto(_query(f"{index:06d}"), (LOOPBACK, beacon.port))
        assert _wait_for(lambda: beacon.stats["wrong_code"] == 10)
        for k in range(100):  # a hundred other addresses, one wrong code each
            other = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            other.bind((f"127.0.{1 + k // 200}.{10 + k % 200}", 0))
            other.sendto(_query("999999"), (LOOPBACK, beacon.port))
            other.close()
        assert _wait_for(lambda: beacon.stats["wrong_code"] == 110)
        assert len(beacon._tracked) <= 40
        assert find_room(CODE, timeout=0.4, addresses=(LOOPBACK,), port=beacon.port) is None
        clock.now += 61.0  # by age, everything is forgotten
        assert find_room(CODE, timeout=1.0, addresses=(LOOPBACK,), port=beacon.port)


def test_the_right_code_alone_is_not_rate_limited(client: socket.socket) -> None:
    with RoomBeacon(CODE, 50123, "Kitchen", bind=LOOPBACK, port=0, pin=PIN) as beacon:
        answers = 0
        for _ in range(30):
            client.sendto(_query(CODE), (LOOPBACK, beacon.port))
            data, _source = client.recvfrom(2048)
            assert data == b"HOLDEM!2 482913 50123 " + HEX_PIN + b" Kitchen"
            answers += 1
        assert answers == 30
        assert beacon.stats["rate_limited"] == 0


def test_names_are_cleaned_and_cut_and_arguments_checked() -> None:
    beacon = RoomBeacon(CODE, 50123, "A\nvery long room name indeed", pin=PIN)
    assert beacon.name == "A very long room nam"
    assert len(beacon.name) == MAX_NAME_LENGTH
    for bad in ("12345", "1234567", "abcdef", "٤٨٢٩١٣", " 48291"):
        with pytest.raises(ValueError):
            RoomBeacon(bad, 50123, "x", pin=PIN)
        with pytest.raises(ValueError):
            find_room(bad, addresses=(LOOPBACK,))
    for bad_port in (0, 65536, -1):
        with pytest.raises(ValueError):
            RoomBeacon(CODE, bad_port, "x", pin=PIN)
    with pytest.raises(ValueError):
        find_room(CODE, addresses=(LOOPBACK,), port=0)
    with pytest.raises(ValueError):
        find_room(CODE, addresses=(LOOPBACK,), attempts=0)


def _responder(answers: list[bytes], stray: bytes | None = None) -> tuple[int, threading.Thread]:
    """A fake beacon on loopback that answers one query with ``answers``, in order."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((LOOPBACK, 0))
    sock.settimeout(2.0)

    def run() -> None:
        with sock, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as other:
            try:
                data, source = sock.recvfrom(2048)
            except TimeoutError:
                return
            if data != _query(CODE):
                return
            if stray is not None:  # a valid answer, but from another port
                other.sendto(stray, source)
            for answer in answers:
                sock.sendto(answer, source)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return int(sock.getsockname()[1]), thread


def _answer(code: str, port: bytes, rest: bytes, pin: bytes = HEX_PIN) -> bytes:
    return b"HOLDEM!2 " + code.encode() + b" " + port + b" " + pin + b" " + rest


BAD_ANSWERS = [
    b"garbage",
    _answer(OTHER_CODE, b"5000", b"Other room"),
    b"HOLDEM!3 " + CODE.encode() + b" 5000 " + HEX_PIN + b" Future",
    b"HOLDEM!2 " + CODE.encode() + b" 5000 No pin",
    _answer(CODE, b"5000", b"Short pin", HEX_PIN[:62]),
    _answer(CODE, b"5000", b"Lower-case pin", HEX_PIN.lower()),
    _answer(CODE, b"5000", b"Pin with colons", PIN.encode()),
    _answer(CODE, b"0", b"Zero port"),
    _answer(CODE, b"05000", b"Leading zero"),
    _answer(CODE, b"70000", b"Too high"),
    _answer(CODE, b"5000", b"x" * (MAX_NAME_LENGTH + 1)),
    _answer(CODE, b"5000", b"bad \xff utf8"),
    _answer(CODE, b"5000", b"bell\x07"),
    b"HOLDEM!2 " + CODE.encode() + b" 5000 " + HEX_PIN,
    b"HOLDEM!1 " + OTHER_CODE.encode() + b" 5000 An older game, another code",
    b"HOLDEM?2 " + CODE.encode(),
]


def test_find_room_accepts_only_a_strictly_valid_answer() -> None:
    good = _answer(CODE, b"5000", b"Good room")
    port, thread = _responder([*BAD_ANSWERS, good], stray=_answer(CODE, b"6000", b"Stray"))
    found = find_room(CODE, timeout=1.5, addresses=(LOOPBACK,), port=port, attempts=1)
    thread.join(timeout=3.0)
    assert found == RoomAddress(LOOPBACK, 5000, "Good room", pin=PIN)


def test_find_room_returns_none_when_only_bad_answers_come() -> None:
    port, thread = _responder(BAD_ANSWERS, stray=_answer(CODE, b"6000", b"Stray"))
    started = time.monotonic()
    found = find_room(CODE, timeout=0.6, addresses=(LOOPBACK,), port=port, attempts=1)
    assert found is None
    assert time.monotonic() - started < 1.5
    thread.join(timeout=3.0)


def test_an_older_games_room_is_found_without_a_pin_and_a_newer_answer_wins() -> None:
    # An older game (version 1, before rooms spoke TLS) answers only the
    # version 1 query a joiner also sends: the room comes back with no pin,
    # so the joiner can say why it cannot join instead of "not found".
    old = b"HOLDEM!1 " + CODE.encode() + b" 5000 Old kitchen"
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind((LOOPBACK, 0))
    sock.settimeout(2.0)
    port = int(sock.getsockname()[1])
    asked: list[bytes] = []

    def answer(reply_to_new: bytes | None) -> None:
        for _ in range(4):  # a version 2 and a version 1 query per attempt
            try:
                data, source = sock.recvfrom(2048)
            except TimeoutError:
                return
            asked.append(data)
            if data == b"HOLDEM?1 " + CODE.encode():
                sock.sendto(old, source)
            elif data == _query(CODE) and reply_to_new is not None:
                time.sleep(0.05)  # the older answer comes first
                sock.sendto(reply_to_new, source)

    with sock:
        thread = threading.Thread(target=answer, args=(None,), daemon=True)
        thread.start()
        found = find_room(CODE, timeout=0.6, addresses=(LOOPBACK,), port=port, attempts=1)
        thread.join(timeout=3.0)
        assert found == RoomAddress(LOOPBACK, 5000, "Old kitchen", pin=None)
        assert asked[:2] == [_query(CODE), b"HOLDEM?1 " + CODE.encode()]
        thread = threading.Thread(target=answer, args=(_answer(CODE, b"5001", b"New"),),
                                  daemon=True)
        thread.start()
        found = find_room(CODE, timeout=1.5, addresses=(LOOPBACK,), port=port, attempts=1)
        thread.join(timeout=3.0)
        assert found == RoomAddress(LOOPBACK, 5001, "New", pin=PIN)


def test_a_beacon_leaves_an_older_games_query_unanswered(client: socket.socket) -> None:
    with RoomBeacon(CODE, 50123, "Kitchen", bind=LOOPBACK, port=0, pin=PIN) as beacon:
        client.sendto(b"HOLDEM?1 " + CODE.encode(), (LOOPBACK, beacon.port))
        assert _wait_for(lambda: beacon.stats["old_query"] == 1)
        with pytest.raises(TimeoutError):
            client.recvfrom(2048)  # an older game could not join a TLS room anyway
        assert beacon.stats["answered"] == 0 and beacon.stats["malformed"] == 0
    with pytest.raises(ValueError):
        RoomBeacon(CODE, 50123, "x", pin=PIN.replace(":", ""))
    with pytest.raises(ValueError):
        RoomBeacon(CODE, 50123, "x", pin=PIN.lower())


# -- two network namespaces, real broadcast on a veth pair ----------------------------------

_BEACON_HELPER = """
import json, select, sys, time
from holdem_desktop.net.discovery import RoomBeacon
beacon = RoomBeacon(sys.argv[1], 50123, "Kitchen table", pin=sys.argv[2])
beacon.start()
print("READY", flush=True)
deadline = time.monotonic() + 30.0
while time.monotonic() < deadline:
    if select.select([sys.stdin], [], [], 0.1)[0]:
        break
beacon.stop()
print(json.dumps(beacon.stats), flush=True)
"""

_FINDER_HELPER = """
import json, sys
from holdem_desktop.net.discovery import find_room
kwargs = {"timeout": 3.0}
if len(sys.argv) > 2:
    kwargs["addresses"] = tuple(json.loads(sys.argv[2]))
found = find_room(sys.argv[1], **kwargs)
print(json.dumps(None if found is None else [found.host, found.port, found.name, found.pin]))
"""


def _ip_command() -> str:
    if not sys.platform.startswith("linux"):
        pytest.skip("network namespaces are a Linux feature")
    if os.geteuid() != 0:
        pytest.skip("creating network namespaces needs root")
    found = shutil.which("ip") or next(
        (p for p in ("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip") if Path(p).exists()),
        None,
    )
    if found is None:
        pytest.skip("iproute2 (the ip command) is not installed")
    return found


def _run(
    args: list[str], timeout: float = 10.0, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, capture_output=True, text=True, timeout=timeout, check=False, env=env
    )


def test_a_room_is_found_by_broadcast_between_two_network_namespaces() -> None:
    ip = _ip_command()
    token = f"{os.getpid() % 100000}{secrets.token_hex(2)}"
    host_ns, guest_ns = f"hdt-{token}-host", f"hdt-{token}-guest"
    host_if, guest_if = f"hdh{token}"[:15], f"hdg{token}"[:15]
    subnet = f"10.213.{secrets.randbelow(256)}"
    host_ip, guest_ip = f"{subnet}.1", f"{subnet}.2"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    beacon_proc: subprocess.Popen[str] | None = None

    def setup(*args: str) -> None:
        out = _run([ip, *args])
        if out.returncode != 0:
            pytest.skip(f"`ip {' '.join(args)}` failed here: {out.stderr.strip()}")

    def find(*extra: str) -> object:
        out = _run(
            [ip, "netns", "exec", guest_ns, sys.executable, "-c", _FINDER_HELPER, CODE, *extra],
            timeout=15.0,
            env=env,
        )
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout.strip().splitlines()[-1])

    try:
        setup("netns", "add", host_ns)
        setup("netns", "add", guest_ns)
        setup("link", "add", host_if, "type", "veth", "peer", "name", guest_if)
        setup("link", "set", host_if, "netns", host_ns)
        setup("link", "set", guest_if, "netns", guest_ns)
        setup("-n", host_ns, "addr", "add", f"{host_ip}/24", "dev", host_if)
        setup("-n", guest_ns, "addr", "add", f"{guest_ip}/24", "dev", guest_if)
        setup("-n", host_ns, "link", "set", host_if, "up")
        setup("-n", guest_ns, "link", "set", guest_if, "up")

        beacon_proc = subprocess.Popen(
            [ip, "netns", "exec", host_ns, sys.executable, "-c", _BEACON_HELPER, CODE, PIN],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert beacon_proc.stdout is not None and beacon_proc.stdin is not None
        ready, _, _ = select.select([beacon_proc.stdout], [], [], 15.0)
        assert ready, "the beacon did not start within 15 s"
        assert beacon_proc.stdout.readline().strip() == "READY"

        # Without a default route only the subnet's own broadcast address can be used...
        directed = find(json.dumps([f"{subnet}.255"]))
        assert directed == [host_ip, 50123, "Kitchen table", PIN]
        # ...with one (as on any LAN with a router), the default 255.255.255.255 works.
        setup("-n", guest_ns, "route", "add", "default", "dev", guest_if)
        found = find()
        assert found == [host_ip, 50123, "Kitchen table", PIN]

        stdout, stderr = beacon_proc.communicate(timeout=10.0)  # closes stdin: stop
        assert beacon_proc.returncode == 0, stderr
        stats = json.loads(stdout.strip().splitlines()[-1])
        assert stats["answered"] >= 2
    finally:
        if beacon_proc is not None and beacon_proc.poll() is None:
            beacon_proc.kill()
            beacon_proc.wait(timeout=5.0)
        for namespace in (host_ns, guest_ns):
            _run([ip, "netns", "delete", namespace])
        _run([ip, "link", "delete", host_if])  # only left if it never moved
