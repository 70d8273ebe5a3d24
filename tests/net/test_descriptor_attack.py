"""Descriptors under attack (issue 31, item 7b), the LAN host and the
internet server alike, each in a process of its own whose descriptor limit
the test lowers.  The attacker is a raw client written from
docs/protocol.md and docs/server.md: TCP, TLS (it checks no certificate),
a hello with a wrong room code; then it never answers the close_notify
(nor a WebSocket close), and never closes its end.

- A connection the host closes gives its socket back within
  :data:`~holdem_desktop.net.limits.CLOSE_DEADLINE` (asyncio waited 30 s:
  129 such connections from one address in 10 s filled a host of 128
  descriptors, and a friend from another address was reset), and counts
  against its address meanwhile: a friend joins in the middle of it.
- Out of descriptors, accept is tried again about once a second (asyncio
  tried 3,000 to 56,000 times in 40 s).

Addresses other than 127.0.0.1 are other loopback addresses (127.0.0.x),
the way other computers look."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from holdem_desktop import __version__
from holdem_desktop.net.client import RoomClient
from holdem_desktop.net.limits import CLOSE_DEADLINE
from holdem_desktop.net.protocol import Hello, Welcome, encode, to_payload
from tests.net.sockets import silent_sockets
from tests.server.conftest import insecure_context, start_server

ROOT = Path(__file__).resolve().parents[2]
CODE = "314159"

HOST = """
import json, random, resource, sys, time
from pathlib import Path
from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.room import Room
room = Room(shipped_variant("tournament"), "314159", size=3, game_version=__version__,
            rng=random.Random(1), clock=time.monotonic)
server = RoomServer(room, "127.0.0.1", 0, log_path=Path(sys.argv[1]))
port = server.start()
resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[2]), int(sys.argv[2])))
print(port, server.fingerprint, flush=True)  # (the limit holds before anyone connects)
for line in sys.stdin:  # each line asks how it goes, until the test closes stdin
    print(json.dumps(dict(server.stats)), flush=True)
server.stop()
"""

SERVER = """
import json, resource, sys
from pathlib import Path
from tests.server.conftest import start_server
served = start_server(Path(sys.argv[1]))
resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[2]), int(sys.argv[2])))
print(served.port, flush=True)
for line in sys.stdin:
    print(json.dumps(dict(served.server.stats)), flush=True)
served.server.stop()
"""


class Child:
    """A host or a server in a process of its own, with ``limit`` descriptors."""

    def __init__(self, script: str, folder: Path, limit: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", script, str(folder), str(limit)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, cwd=ROOT,
            env=os.environ | {"PYTHONPATH": str(ROOT)})
        assert self.process.stdout is not None
        first = self.process.stdout.readline().split()
        self.port = int(first[0])
        self.pin = first[1] if len(first) > 1 else ""

    def stats(self) -> dict[str, int]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("?\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def descriptors(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=20)


class Silent:
    """The attacker's end of one connection: TLS is spoken until the hello is
    sent, and never again (no close_notify answered, nothing closed); a
    duplicate of its descriptor sees, in raw bytes, when the other side
    gives its socket back (end of stream)."""

    def __init__(self, source: str, port: int, first: bytes, *, websocket: bool = False
                 ) -> None:
        raw = socket.socket()
        raw.bind((source, 0))
        raw.settimeout(5)
        raw.connect(("127.0.0.1", port))
        self.tls = insecure_context().wrap_socket(raw)
        if websocket:
            key = base64.b64encode(os.urandom(16)).decode()
            self.tls.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                             f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += self.tls.recv(4096)
            assert answer.startswith(b"HTTP/1.1 101"), answer[:40]
            first = ws_frame(first)
        self.tls.sendall(first)
        self.watch = socket.socket(fileno=os.dup(self.tls.fileno()))
        self.watch.setblocking(False)

    def given_back(self) -> bool:
        """Whether the other side closed its socket (raw bytes are read and
        dropped: the TLS inside them is never answered)."""
        try:
            while True:
                data = self.watch.recv(65536)
                if not data:
                    return True
        except BlockingIOError:
            return False
        except OSError:  # reset
            return True

    def close(self) -> None:
        self.watch.close()
        self.tls.close()


def ws_frame(payload: bytes) -> bytes:
    """One masked WebSocket text frame, as a client sends it (RFC 6455)."""
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81, 0x80 | size]) if size < 126 else \
        bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[k % 4] for k, b in enumerate(payload))


def wait(done, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        time.sleep(0.05)
    return done()


def join(child: Child) -> object:
    """What a friend from 127.0.0.1 is answered when joining the room."""
    friend = RoomClient("127.0.0.1", child.port, pin=child.pin)
    try:
        friend.connect()
        friend.send(Hello("Ada", CODE, __version__))
        return friend.get(timeout=10)
    except (OSError, TimeoutError) as exc:
        return exc
    finally:
        friend.close()


def test_wrong_codes_that_never_say_goodbye_leave_descriptors_for_a_friend(tmp_path):
    host = Child(HOST, tmp_path / "host.log", 128)
    wrong = encode(Hello("Eve", "000000", __version__))
    attack: list[Silent] = []
    try:
        baseline = host.descriptors()
        most = baseline
        start = time.monotonic()
        for k in range(140):  # 14 a second from one address, as the attack harness did
            with contextlib.suppress(OSError):  # (refused by a silent close: nothing held)
                attack.append(Silent("127.0.0.2", host.port, wrong))
            most = max(most, host.descriptors())
            if k == 130:  # a friend from another address joins in the middle of it
                assert most <= 64, most  # (measured 17; before: all 128)
                assert isinstance(join(host), Welcome)  # (before: no answer)
            time.sleep(max(0.0, start + (k + 1) / 14 - time.monotonic()))  # the attacker's pace
        assert len(attack) >= 129, len(attack)
        # Each connection the host closed gives its socket back within the
        # deadline, though the attacker never answers (asyncio's own: 30 s).
        assert wait(lambda: all(s.given_back() for s in attack), CLOSE_DEADLINE + 5), \
            sum(not s.given_back() for s in attack)
        assert wait(lambda: host.descriptors() <= baseline + 1, 5), host.descriptors()
        stats = host.stats()
    finally:
        for s in attack:
            s.close()
        host.stop()
    assert not any(k.startswith("accept_error") for k in stats), stats  # (before: 19,398)
    log = (tmp_path / "host.log").read_text(encoding="utf-8")
    assert "127.0.0.2  busy" in log or "127.0.0.2  rate_limited" in log


def silent_flood(port: int, per_address: int) -> list[socket.socket]:
    """Plain sockets that never speak, ``per_address`` from each of eight
    addresses: more than the child has descriptors."""
    return silent_sockets(port, 8 * per_address, 80, 8)


def tries_once_a_second(child: Child, key: str) -> None:
    """The child keeps running out of descriptors: its accept errors come
    about once a second (asyncio's own retries multiplied, thousands in
    seconds)."""
    assert wait(lambda: child.stats().get(key, 0) >= 1, 20), child.stats()
    first, since = child.stats()[key], time.monotonic()
    assert wait(lambda: child.stats()[key] >= first + 5, 30), child.stats()
    tries, took = child.stats()[key] - first, time.monotonic() - since
    assert tries <= took * 1.5 + 2, (tries, took)  # (before: 4,785 in 8 s)


def test_out_of_descriptors_the_host_tries_accepting_once_a_second_then_a_friend_joins(
        tmp_path):
    host = Child(HOST, tmp_path / "host.log", 30)
    held: list[socket.socket] = []
    try:
        held = silent_flood(host.port, 6)
        tries_once_a_second(host, "accept_error_24")
        for s in held:
            s.close()
        assert isinstance(join(host), Welcome)
    finally:
        for s in held:
            s.close()
        host.stop()


def test_out_of_descriptors_the_server_tries_accepting_once_a_second(tmp_path):
    server = Child(SERVER, tmp_path / "server", 40)
    held: list[socket.socket] = []
    try:
        held = silent_flood(server.port, 8)
        tries_once_a_second(server, "accept_error")
    finally:
        for s in held:
            s.close()
        server.stop()


def test_a_connection_the_server_closes_gives_its_socket_back_within_the_deadline(tmp_path):
    """The lobby refuses a wrong code and closes; the attacker answers
    neither the WebSocket close nor TLS's: the socket is given back within
    the deadline (websockets waited 10 s, asyncio's TLS 30 s), and counted
    against the address until then."""
    wrong = to_payload(Hello("Eve", "000000", __version__))
    served = start_server(tmp_path / "server")
    attack: list[Silent] = []
    try:
        attack = [Silent("127.0.0.2", served.port, wrong, websocket=True) for _ in range(6)]
        started = time.monotonic()
        assert wait(lambda: all(s.given_back() for s in attack), 30)
        took = time.monotonic() - started
        assert took <= CLOSE_DEADLINE + 3, took  # (measured 3.1 s; before: 10.1 s)
        holds: list[int] = []
        served.server.call(lambda: holds.append(served.server._open.get("127.0.0.2", 0)))
        assert wait(lambda: holds, 5) and holds == [0]
    finally:
        for s in attack:
            s.close()
        served.server.stop()
