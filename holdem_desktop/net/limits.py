"""The limits the LAN host and the internet server share, in one place:
a token bucket (messages a second per connection), a sliding window of
what each address did (wrong codes, abuse drops, rooms created), the abuse
penalty, the readable log of refusals, and the listening socket that
counts each connection against its address until its descriptor is given
back and, out of descriptors, lets asyncio try accepting again once a
second.  :mod:`.host` (the LAN room), :mod:`.room` (wrong codes) and
:mod:`holdem_desktop.server` use them."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import socket
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TextIO

__all__ = ["CLOSE_DEADLINE", "LOG_SIZE", "PENALTY_DROPS", "PENALTY_TIME", "AddressWindow",
           "HostLog", "Listener", "TokenBucket", "listener", "run_on_selector"]

PENALTY_DROPS = 3
"""Drops for abuse (flooding, unreadable or oversized frames, trickles) that
bar an address ..."""
PENALTY_TIME = 60.0
"""... for this many seconds: its new connections are refused ``rate_limited``."""
LOG_SIZE = 1 << 20
"""Bytes the host log grows to before it is moved aside (one old log is kept)."""
CLOSE_DEADLINE = 3.0
"""Seconds a connection closed by the host (or the server) has for its TLS
goodbye (close_notify, and a WebSocket's closing handshake) before its
socket is dropped: asyncio's own wait is 30 s, and a peer that never
answers kept a descriptor that long."""
OUT_OF_DESCRIPTORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""accept() errors after which asyncio stops accepting for a second."""


class Listener(socket.socket):
    """A listening socket for asyncio (``start_server(sock=...)``,
    ``serve(sock=...)``): asyncio accepts through :meth:`accept`, so no path
    of a server gets round it.

    - Each accepted connection is shown to :attr:`admit` with its peer's
      address before anything else is done with it (the TLS handshake);
      ``admit`` answers what to call when the connection's socket is
      closed (its descriptor given back), or None to close it at once.
      So a connection counts against its address until its descriptor is
      free, through its TLS goodbye too.
    - Out of descriptors (``EMFILE``, ``ENFILE`` …) accept fails once per
      pass: asyncio then stops accepting and tries again a second later,
      but it went on trying in the same pass (up to 100 times, each
      failure scheduling another try a second later, so the tries
      multiplied: 3,000 to 56,000 in 40 s); here the next tries of that
      pass end it as if no connection waited."""

    admit: Callable[[str], Callable[[], None] | None] | None = None
    _failed = False

    def accept(self) -> tuple[socket.socket, Any]:
        try:
            fd, where = self._accept()  # type: ignore[attr-defined]
        except OSError as exc:
            if exc.errno not in OUT_OF_DESCRIPTORS:
                raise
            if self._failed:  # told once in this pass: asyncio pauses accepting
                raise BlockingIOError(exc.errno, "accepting again a second later") from None
            self._failed = True
            asyncio.get_running_loop().call_soon(self._next_pass)
            raise
        sock = _Counted(self.family, self.type, self.proto, fileno=fd)
        if self.admit is not None:
            peer = str(where[0]) if isinstance(where, tuple) and where else ""
            release = self.admit(peer)
            if release is None:
                sock.close()
                raise ConnectionAbortedError("refused at accept")  # asyncio skips it
            sock.release = release
        return sock, where

    def _next_pass(self) -> None:
        self._failed = False

    def remove_reader(self, fd: int) -> None:
        """(aiofastnet, the server's connections on picows: out of descriptors
        it stops accepting for a second by calling this on the listening
        socket, where it means the loop's; without it the failure escaped its
        accept loop and the loop tried again at once, thousands of times a
        second: ``tests/net/test_descriptor_attack.py``.)"""
        asyncio.get_running_loop().remove_reader(fd)


class _Counted(socket.socket):
    """An accepted connection that gives back its place when it closes."""

    release: Callable[[], None] | None = None

    def close(self) -> None:
        release, self.release = self.release, None
        if release is not None:
            release()
        super().close()

    def detach(self) -> int:
        """(uvloop gives the descriptor to libuv, which closes it, and
        detaches the socket object as the connection closes.)"""
        release, self.release = self.release, None
        if release is not None:
            release()
        return super().detach()


def listener(bind: str, port: int, admit: Callable[[str], Callable[[], None] | None] | None,
             backlog: int = 511) -> Listener:
    """A :class:`Listener` on ``bind``:``port`` (0: any free port), non-blocking,
    each connection shown to ``admit`` (None: every one taken, uncounted)."""
    family, kind, proto, _name, where = socket.getaddrinfo(
        bind or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = Listener(family, kind, proto)
    try:
        sock.admit = admit
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
        sock.listen(backlog)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


def run_on_selector(main: Coroutine[Any, Any, None]) -> None:
    """``asyncio.run(main)`` on a selector loop, on every system, for a loop
    that serves a :class:`Listener` (the LAN host, the server): the gate
    needs the loop to call ``accept()``, and Windows' default loop
    (proactor) accepts with ``AcceptEx`` and never does, so its connections
    went uncounted and no address was held to its limit; an accept error
    there even closed the listening socket for good.  Windows' selector
    waits with ``select()``, which takes 512 sockets: a loop on it caps its
    own at accept."""
    with asyncio.Runner(loop_factory=asyncio.SelectorEventLoop) as runner:
        runner.run(main)


class TokenBucket:
    """A token bucket: ``rate`` per second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = burst, clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class HostLog:
    """A log a person can read: one line per refusal or dropped connection,
    ``2026-12-01 10:20:09 UTC  127.0.0.5  busy``.  At most ``rate`` lines a
    second (a burst of ``burst``): the lines left out are counted and the
    next line written says how many.  Writing never fails the host."""

    def __init__(self, path: Path | None, *, rate: float = 5.0, burst: float = 50.0,
                 clock: Callable[[], float] = time.time, size: int = LOG_SIZE) -> None:
        self.path = path
        self.size = size
        self.clock = clock
        self._bucket = TokenBucket(rate, burst, time.monotonic)
        self.written = 0
        self.skipped = 0
        """Lines left out since the last one written."""
        self.failed = 0
        self._file: TextIO | None = None
        """The log, kept open: when the host runs out of file descriptors
        (the very attack the log is for) it can still be written."""
        self._open()

    def _open(self) -> bool:
        """Open the log for appending, if it is not open; whether it is."""
        if self._file is not None or self.path is None:
            return self._file is not None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("a", encoding="utf-8")
        except OSError:
            return False
        return True

    def _rotate(self) -> None:
        """Move a full log aside (one old log is kept) and start a new one; if
        the new one cannot be opened now, the next line tries again."""
        assert self.path is not None and self._file is not None
        self._file.close()
        self._file = None
        self.path.replace(self.path.with_name(self.path.name + ".1"))
        self._open()

    def write(self, address: str, reason: str) -> bool:
        """Note that ``address`` was refused or dropped for ``reason``; whether
        the line was written (a line is counted as written only when it was)."""
        if self.path is None:
            return False
        if not self._bucket.take():
            self.skipped += 1
            return False
        stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(self.clock()))
        line = f"{stamp}  {address or '-'}  {reason}"
        if self.skipped:
            line += f"  (and {self.skipped} more not written)"
        try:
            if not self._open():
                raise OSError("the host log cannot be opened")
            assert self._file is not None
            if self._file.tell() > self.size:
                self._rotate()
                if self._file is None:
                    raise OSError("the host log cannot be opened")
            self._file.write(line + "\n")
            self._file.flush()
        except OSError:
            self.failed += 1
            self.skipped += 1
            return False
        self.skipped = 0
        self.written += 1
        return True

    def close(self) -> None:
        """Close the log file."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


class AddressWindow:
    """When each address did something, within the last ``window`` seconds;
    at most ``addresses`` addresses are kept (the one quiet longest goes
    first), so a flood of addresses cannot grow it without end."""

    def __init__(self, limit: int, window: float, addresses: int = 4096) -> None:
        self.limit = limit
        self.window = window
        self.addresses = addresses
        self._times: dict[str, list[float]] = {}

    def count(self, address: str, now: float) -> int:
        """How often ``address`` did it within the window (older times pruned)."""
        recent = [t for t in self._times.pop(address, []) if now - t < self.window]
        if recent:
            self._times[address] = recent  # re-inserted: the table runs oldest first
        return len(recent)

    def full(self, address: str, now: float) -> bool:
        """Whether ``address`` has reached the limit (0: no limit)."""
        return 0 < self.limit <= self.count(address, now)

    def note(self, address: str, now: float) -> None:
        """``address`` did it once more, now."""
        self.count(address, now)
        self._times.setdefault(address, []).append(now)
        while len(self._times) > self.addresses:
            del self._times[next(iter(self._times))]

    def prune(self, now: float) -> None:
        """Forget the addresses with nothing inside the window."""
        for address in [a for a, times in self._times.items() if now - times[-1] >= self.window]:
            del self._times[address]

    def __len__(self) -> int:
        return len(self._times)
