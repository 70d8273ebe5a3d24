"""Find a room on the local network by its 6-digit code, with UDP broadcast.

Why UDP broadcast and not mDNS (python-zeroconf): broadcast needs nothing beyond the
standard library, is a couple of tiny datagrams, and works on any IPv4 LAN where
broadcast passes, which is every home or classroom network the game targets. Where
discovery is blocked (guest Wi-Fi with client isolation, a firewall, a routed network),
the player types the host's address and the code instead; that fallback lives elsewhere.

Wire format (ASCII, versioned, tiny), version 2:

* query, broadcast by the joiner to :data:`DISCOVERY_PORT`:
  ``HOLDEM?2 <6 digits>`` (15 bytes);
* answer, sent back unicast by the host to the asker:
  ``HOLDEM!2 <6 digits> <tcp port> <pin> <room name, up to 20 characters, UTF-8>``,
  where the pin is the SHA-256 fingerprint of the host's TLS certificate as
  64 uppercase hex digits: the joiner accepts no other certificate.

Version 1 (before rooms spoke TLS) had no pin.  A beacon ignores a version 1
query (counted ``old_query``: the asker's game could not join anyway); a
joiner also asks in version 1, and a version 1 answer is refused cleanly: it
comes back as a :class:`RoomAddress` whose ``pin`` is None, so the player
hears that the host's game is too old, not that no room was found.

A :class:`RoomBeacon` answers only a well-formed query carrying its own code and rate-limits
wrong codes per source address, so the 10^6 codes cannot be walked from one machine.
:func:`find_room` sends the query a few times and accepts only a strictly valid answer.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = [
    "DISCOVERY_PORT",
    "MAX_NAME_LENGTH",
    "RoomAddress",
    "RoomBeacon",
    "find_room",
]

DISCOVERY_PORT = 47474
"""The UDP port beacons listen on and joiners send their queries to."""

MAX_NAME_LENGTH = 20
"""Room names are cut to this many characters in answers."""

_QUERY_PREFIX = b"HOLDEM?2 "
_ANSWER_PREFIX = b"HOLDEM!2 "
_OLD_QUERY_PREFIX = b"HOLDEM?1 "
_OLD_ANSWER_PREFIX = b"HOLDEM!1 "
_QUERY_RE = re.compile(rb"HOLDEM\?2 ([0-9]{6})")
_OLD_QUERY_RE = re.compile(rb"HOLDEM\?1 ([0-9]{6})")
_ANSWER_RE = re.compile(rb"HOLDEM!2 ([0-9]{6}) ([1-9][0-9]{0,4}) ([0-9A-F]{64}) (.*)", re.DOTALL)
_OLD_ANSWER_RE = re.compile(rb"HOLDEM!1 ([0-9]{6}) ([1-9][0-9]{0,4}) (.*)", re.DOTALL)
_CODE_RE = re.compile(r"[0-9]{6}")
_PIN_RE = re.compile(r"[0-9A-F]{2}(?::[0-9A-F]{2}){31}")
_MAX_ANSWER_BYTES = len(_ANSWER_PREFIX) + 6 + 1 + 5 + 1 + 64 + 1 + 4 * MAX_NAME_LENGTH
# Larger than any UDP payload, so an oversized datagram is read whole (and then refused)
# instead of raising on platforms that report truncation as an error.
_RECV_BUFFER = 65536
_POLL_SECONDS = 0.2
_MAX_TRACKED_ADDRESSES = 4096
_MAX_FIND_ITERATIONS = 10_000


def _check_code(code: str) -> str:
    if not isinstance(code, str) or _CODE_RE.fullmatch(code) is None:
        raise ValueError(f"a room code is 6 ASCII digits, not {code!r}")
    return code


def _check_port(port: int, what: str) -> int:
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise ValueError(f"{what} must be an integer from 1 to 65535, not {port!r}")
    return port


def _check_pin(pin: str) -> str:
    if not isinstance(pin, str) or _PIN_RE.fullmatch(pin) is None:
        raise ValueError(f"a pin is a SHA-256 fingerprint AB:CD:… (32 pairs), not {pin!r}")
    return pin


def _clean_name(name: str) -> str:
    printable = "".join(ch if ch.isprintable() else " " for ch in name)
    return printable[:MAX_NAME_LENGTH]


@dataclass(frozen=True, slots=True)
class RoomAddress:
    """Where a room was found: the host's IP address, its TCP port, the room's
    name and the fingerprint of the host's certificate (``AB:CD:…``; None:
    the host's game is older than TLS rooms, and cannot be joined)."""

    host: str
    port: int
    name: str
    pin: str | None


def _parse_answer(data: bytes, code: str) -> tuple[int, str, str | None] | None:
    """Return (tcp port, name, pin) if ``data`` is a valid answer for ``code``
    (pin None: a valid version 1 answer), else None."""
    if len(data) > _MAX_ANSWER_BYTES:
        return None
    if data.startswith(_ANSWER_PREFIX):
        match = _ANSWER_RE.fullmatch(data)
    elif data.startswith(_OLD_ANSWER_PREFIX):
        match = _OLD_ANSWER_RE.fullmatch(data)
    else:
        return None
    if match is None:
        return None
    if not secrets.compare_digest(match.group(1), code.encode("ascii")):
        return None
    tcp_port = int(match.group(2))
    if tcp_port > 65535:
        return None
    pin = None
    if match.lastindex == 4:
        digits = match.group(3).decode("ascii")
        pin = ":".join(digits[i:i + 2] for i in range(0, 64, 2))
    try:
        name = match.group(match.lastindex or 0).decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(name) > MAX_NAME_LENGTH or not name.isprintable():
        return None
    return tcp_port, name, pin


class RoomBeacon:
    """Answers discovery queries for one room, on a daemon thread.

    Only a well-formed query with this room's code is answered; anything else is ignored
    silently and counted in :attr:`stats`. Each source address may send at most
    ``max_wrong`` wrong-code queries per ``window`` seconds; after that every datagram from
    it (even one with the right code) is ignored until its window has passed.
    """

    def __init__(
        self,
        code: str,
        tcp_port: int,
        name: str,
        *,
        pin: str,
        bind: str = "0.0.0.0",
        port: int = DISCOVERY_PORT,
        clock: Callable[[], float] = time.monotonic,
        max_wrong: int = 10,
        window: float = 60.0,
    ) -> None:
        """Prepare a beacon; nothing is bound until :meth:`start`.  ``pin`` is
        the fingerprint of the room's certificate (``AB:CD:…``), sent in answers.

        ``port`` may be 0 to let the system pick one (tests); read it back from
        :attr:`port` after :meth:`start`.
        """
        self.code = _check_code(code)
        self.tcp_port = _check_port(tcp_port, "tcp_port")
        self.name = _clean_name(name)
        self.pin = _check_pin(pin)
        if not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"port must be from 0 to 65535, not {port!r}")
        if max_wrong < 0 or window <= 0:
            raise ValueError("max_wrong must be >= 0 and window > 0")
        self._bind = bind
        self._requested_port = port
        self._clock = clock
        self._max_wrong = max_wrong
        self._window = window
        self._answer = (
            _ANSWER_PREFIX
            + f"{self.code} {self.tcp_port} {self.pin.replace(':', '')} ".encode("ascii")
            + self.name.encode("utf-8")
        )
        self._code_bytes = self.code.encode("ascii")
        self._stats: dict[str, int] = {
            "answered": 0,
            "wrong_code": 0,
            "malformed": 0,
            "rate_limited": 0,
            "old_query": 0,
        }
        # source IP -> (start of its window, wrong-code queries in it); insertion order is
        # window-start order, so expired entries are always at the front.
        self._tracked: dict[str, tuple[float, int]] = {}
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()

    # -- lifecycle ----------------------------------------------------------------------

    def start(self) -> None:
        """Bind the UDP socket and start answering on a daemon thread.

        Raises :class:`OSError` if the socket cannot be bound, and :class:`RuntimeError`
        if the beacon was already started.
        """
        if self._thread is not None:
            raise RuntimeError("this beacon was already started")
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                # Defined but refused on some kernels (WSL): SO_REUSEADDR must do there.
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((self._bind, self._requested_port))
            sock.settimeout(_POLL_SECONDS)
        except BaseException:
            sock.close()
            raise
        self._sock = sock
        self._stopping.clear()
        self._thread = threading.Thread(
            target=self._run, args=(sock,), name=f"room-beacon-{self.code}", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop answering and close the socket (returns within about half a second)."""
        self._stopping.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2.0)
        if self._sock is not None:
            self._sock.close()

    def __enter__(self) -> RoomBeacon:
        """Start the beacon for a ``with`` block."""
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Stop the beacon at the end of a ``with`` block."""
        self.stop()

    @property
    def running(self) -> bool:
        """True while the answering thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def port(self) -> int:
        """The UDP port actually bound (the requested one until :meth:`start`)."""
        if self._sock is not None and self._sock.fileno() != -1:
            return int(self._sock.getsockname()[1])
        return self._requested_port

    @property
    def stats(self) -> dict[str, int]:
        """A snapshot of the counters: answered, wrong_code, malformed, rate_limited,
        old_query (a version 1 query, not answered)."""
        return dict(self._stats)

    # -- the thread ---------------------------------------------------------------------

    def _run(self, sock: socket.socket) -> None:
        buffer = bytearray(_RECV_BUFFER)
        while not self._stopping.is_set():
            try:
                size, source = sock.recvfrom_into(buffer)
            except TimeoutError:
                continue
            except OSError:
                # Closed under us, or an ICMP error reported on the socket (Windows).
                if self._stopping.wait(0.01):
                    break
                continue
            try:
                self._handle(bytes(buffer[:size]), source, sock)
            except Exception:
                continue  # the thread must never die from one datagram

    def _handle(self, data: bytes, source: tuple[str, int], sock: socket.socket) -> None:
        host = source[0]
        now = self._clock()
        if not self._admit(host, now):
            self._stats["rate_limited"] += 1
            return
        match = _QUERY_RE.fullmatch(data) if len(data) == 15 else None
        if match is None:
            old = len(data) == 15 and _OLD_QUERY_RE.fullmatch(data) is not None
            self._stats["old_query" if old else "malformed"] += 1
            return
        if not secrets.compare_digest(match.group(1), self._code_bytes):
            self._stats["wrong_code"] += 1
            self._note_wrong(host, now)
            return
        try:
            sock.sendto(self._answer, source)
        except OSError:
            return
        self._stats["answered"] += 1

    def _admit(self, host: str, now: float) -> bool:
        entry = self._tracked.get(host)
        if entry is None:
            return True
        start, count = entry
        if now - start >= self._window:
            del self._tracked[host]
            return True
        return count < self._max_wrong

    def _note_wrong(self, host: str, now: float) -> None:
        tracked = self._tracked
        while tracked:  # drop expired windows (oldest first)
            oldest = next(iter(tracked))
            if now - tracked[oldest][0] < self._window:
                break
            del tracked[oldest]
        entry = tracked.get(host)
        if entry is not None:
            tracked[host] = (entry[0], entry[1] + 1)
            return
        if len(tracked) >= _MAX_TRACKED_ADDRESSES:
            # Full of addresses still in their window: forget the oldest that is
            # not blocked, so many others cannot make a blocked one forgotten.
            victim = next((h for h, (_, n) in tracked.items() if n < self._max_wrong),
                          next(iter(tracked)))
            del tracked[victim]
        tracked[host] = (now, 1)


def find_room(
    code: str,
    *,
    timeout: float = 1.5,
    addresses: Sequence[str] = ("255.255.255.255",),
    port: int = DISCOVERY_PORT,
    attempts: int = 3,
) -> RoomAddress | None:
    """Look for the room with ``code`` on the LAN; None if nothing answers in ``timeout`` s.

    The query is sent (with SO_BROADCAST) to every address in ``addresses``, ``attempts``
    times spread evenly over the timeout, in version 2 and in version 1. The first valid
    version 2 answer for this code wins; its source IP becomes :attr:`RoomAddress.host`.
    When only a version 1 answer came (an older game's room), it is returned at the end
    with no pin. Malformed answers, answers for another code and answers from another
    port are ignored.
    """
    _check_code(code)
    _check_port(port, "port")
    if timeout <= 0 or attempts < 1:
        raise ValueError("timeout must be > 0 and attempts >= 1")
    queries = (_QUERY_PREFIX + code.encode("ascii"), _OLD_QUERY_PREFIX + code.encode("ascii"))
    old: RoomAddress | None = None
    interval = timeout / attempts
    buffer = bytearray(_RECV_BUFFER)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        start = time.monotonic()
        deadline = start + timeout
        sent = 0
        for _ in range(_MAX_FIND_ITERATIONS):
            now = time.monotonic()
            if now >= deadline:
                break
            if sent < attempts and now >= start + sent * interval:
                for address in addresses:
                    # An unreachable network or no route for broadcast: try the others.
                    for query in queries:
                        with contextlib.suppress(OSError):
                            sock.sendto(query, (address, port))
                sent += 1
                continue
            wake = deadline if sent >= attempts else min(deadline, start + sent * interval)
            sock.settimeout(max(wake - now, 0.001))
            try:
                size, source = sock.recvfrom_into(buffer)
            except TimeoutError:
                continue
            except OSError:
                continue
            if source[1] != port:
                continue
            parsed = _parse_answer(bytes(buffer[:size]), code)
            if parsed is None:
                continue
            found = RoomAddress(str(source[0]), parsed[0], parsed[1], parsed[2])
            if found.pin is not None:
                return found
            old = old or found  # an older game's room: a newer one may still answer
    return old
