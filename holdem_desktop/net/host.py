"""The host's server: a :class:`~.room.Room` behind a TLS listener, on an
asyncio loop in a background thread.

Every connection is TLS (the host's self-signed certificate,
:func:`~.tls.host_identity`; joiners pin its fingerprint): the frames
below travel inside it, so nobody else on the network reads a card, a
name or a token.  The handshake happens after a connection is admitted
(it is *pending* from its first moment, so every limit below bounds it
too) and must end within the hello deadline; bytes that are not TLS fail
it and the connection is dropped (``not_tls``, counted as abuse), with
nothing sent back and nobody else disturbed.

The room is touched only from that loop, so it needs no locks.  Each
connection's bytes go through the protocol's frame decoder and parser
before the room sees anything; what is wrong goes back to that connection
alone and is counted:

- a frame over the size limit, more than ``max_bad`` malformed messages,
  or more than ``rate`` messages a second (with a burst allowance) drops
  the connection (its member is then away, the seat kept);
- a connection that says nothing for ``idle`` seconds is closed (clients
  ping every few seconds), and so is one that does not read what it is sent;
- before its hello is welcomed a connection is *pending*: at most
  ``max_pending`` of them (the oldest silent one makes way for a new one)
  and ``max_per_address`` from one address (the next is refused ``busy``),
  counted with that address's sockets the host closed and has not yet
  given back (:class:`~.limits.Listener` counts each socket until its
  descriptor is free); a hello must be welcomed within ``hello_deadline``
  seconds and any frame begun must be finished within ``frame_deadline``
  (a trickle is closed);
- a connection the host closes has :data:`~.limits.CLOSE_DEADLINE` seconds
  for its TLS goodbye (close_notify), then its socket is dropped; past
  :data:`MAX_CLOSING` closing at once, one is dropped at once (asyncio's
  own wait is 30 s: 129 wrong codes from one address in 10 s, never
  answering, filled a host of 128 descriptors and a friend was reset);
- an address dropped for abuse three times in a minute is barred for a
  minute (``rate_limited``);
- past :data:`MAX_SOCKETS` held at once a connection is closed at accept
  (``crowded``): the loop is a selector loop on every system (Windows'
  own accepts past the gate, :func:`~.limits.run_on_selector`), and
  Windows' ``select()`` takes 512 sockets;
- accept errors (no file descriptors left) are counted, not logged in a
  flood, and accepting is tried again once a second; every refusal and
  every connection the host closes is counted by reason and written to a
  readable log (time, address, reason: never a name, a token or a card),
  :class:`HostLog`;
- the host never stops for any of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import ssl
import tempfile
import threading
import time
import weakref
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs

from holdem_desktop.engine.hand_classes import tables

from .compact import Shortener
from .limits import (
    CLOSE_DEADLINE,
    PENALTY_DROPS,
    PENALTY_TIME,
    HostLog,
    TokenBucket,
    listener,
    run_on_selector,
)
from .protocol import (
    MAX_FRAME,
    Bye,
    Error,
    FrameDecoder,
    MalformedMessage,
    Refused,
    encode,
    parse_client,
)
from .room import Room
from .tls import HostIdentity, host_identity

__all__ = ["HostLog", "RoomServer", "default_log_path", "hello_prefix"]

MAX_UNREAD = 1 << 20
"""Bytes a client may leave unread before it is dropped."""
MAX_PENDING = 32
"""Connections not yet welcomed, from all addresses together."""
MAX_PER_ADDRESS = 8
"""Connections not yet welcomed from one address."""
HELLO_DEADLINE = 10.0
"""Seconds a connection has to be welcomed (to send a good hello)."""
FRAME_DEADLINE = 10.0
"""Seconds to finish a frame once its first byte arrived."""
TURN_AWAY_DEADLINE = 2.0
"""Seconds a refused connection has to finish its TLS handshake and read why."""
MAX_TURNING_AWAY = 16
"""Refused connections told why at once; past them a refusal is silent (a
flood of refusals holds no more file descriptors than this)."""
MAX_CLOSING = 32
"""Connections the host closed that may wait for their TLS goodbye at once;
past them one is dropped at once (so they hold no more descriptors)."""
MAX_SOCKETS = 384
"""Sockets the host holds at once, from accept until given back (a room's
people, and all the limits above, need far fewer): past them a connection
is closed at accept, so that Windows' ``select()`` (512 sockets) never
fails the loop."""


def default_log_path() -> Path:
    """The host log in the user's log folder (platformdirs)."""
    return Path(platformdirs.user_log_dir("holdem-desktop", appauthor=False)) / "host.log"


_TYPE = re.compile(rb'"type"\s*:\s*"')


def hello_prefix(partial: bytes) -> bool:
    """Whether ``partial`` (the bytes of a frame not yet whole) can be the
    beginning of a hello: a length the limit allows, then a JSON object
    whose ``type``, as far as it has come, is ``hello``."""
    if len(partial) <= 4:
        return False
    size = int.from_bytes(partial[:4], "big")
    body = partial[4:].lstrip()
    if not 0 < size <= MAX_FRAME or body[:1] != b"{":
        return False
    return all(b'hello"'.startswith(body[m.end():m.end() + 6])
               for m in _TYPE.finditer(body))


class RoomServer:
    """Serves ``room`` on ``bind``:``port`` (0: any free port)."""

    def __init__(self, room: Room, bind: str = "0.0.0.0", port: int = 0, *,
                 idle: float = 60.0, tick: float = 0.5, max_bad: int = 10,
                 rate: float = 40.0, burst: float = 80.0, max_pending: int = MAX_PENDING,
                 max_per_address: int = MAX_PER_ADDRESS,
                 hello_deadline: float = HELLO_DEADLINE,
                 frame_deadline: float = FRAME_DEADLINE, max_sockets: int = MAX_SOCKETS,
                 log_path: Path | None = None, penalty_drops: int = PENALTY_DROPS,
                 identity: HostIdentity | None = None) -> None:
        self.room = room
        self.identity = identity or _throwaway_identity()
        """The certificate served (None given: one made for this server alone)."""
        self.fingerprint = self.identity.fingerprint
        """The certificate's SHA-256 fingerprint: the pin joiners check."""
        self._turning_away = 0
        self.penalty_drops = penalty_drops
        """Abuse drops that bar an address for :data:`PENALTY_TIME` (0: never)."""
        self.max_pending = max_pending
        self.max_per_address = max_per_address
        self.max_sockets = max_sockets
        self.hello_deadline = hello_deadline
        self.frame_deadline = frame_deadline
        self.log = HostLog(log_path if log_path is not None else default_log_path())
        self.refusals: Counter[str] = Counter()
        """Refusals and dropped connections, by reason."""
        self._pending: dict[str, tuple[str, float, asyncio.StreamWriter]] = {}
        """Connections not yet welcomed: address, when they came, their writer."""
        self._open: Counter[str] = Counter()
        """Sockets by address, from accept until their descriptor is given back."""
        self._closing: set[asyncio.StreamWriter] = set()
        """Connections closed by the host, their TLS saying goodbye."""
        self._addresses: dict[str, str] = {}
        self._penalties: dict[str, list[float]] = {}
        """Recent abuse drops by address (pruned by age, at most 4,096 addresses)."""
        self.bind = bind
        self.port = port
        self.idle = idle
        self.tick_every = tick
        self.max_bad = max_bad
        self.rate = rate
        self.burst = burst
        self.stats: Counter[str] = Counter()
        """connections, messages, malformed, too_large, flooding, idle, unread, dropped."""
        self._writers: dict[str, asyncio.StreamWriter] = {}
        self._shorten: weakref.WeakKeyDictionary[asyncio.StreamWriter, Shortener] = \
            weakref.WeakKeyDictionary()
        """Each connection's tables without the history already sent (:mod:`.compact`)."""
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopping: asyncio.Event | None = None
        self._failure: BaseException | None = None
        self._logged_at: dict[str, float] = {}
        self._hello_begun: set[str] = set()
        """Waiting connections whose bytes so far begin a valid hello: never
        closed to make way for another (the frame deadline still bounds them)."""

    # ------------------------------------------------------------------

    def start(self, timeout: float = 5.0) -> int:
        """Start listening on the background thread; returns the port."""
        self._thread = threading.Thread(target=self._run, name="room server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the room server did not start")
        if self._failure is not None:
            raise self._failure
        return self.port

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and stop the thread."""
        if self._loop is not None and self._stopping is not None:
            with contextlib.suppress(RuntimeError):  # stopped already: its loop is closed
                self._loop.call_soon_threadsafe(self._stopping.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def call(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` on the server's loop (to touch the room from elsewhere)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._guarded, fn)

    def _guarded(self, fn: Callable[[], object]) -> None:
        fn()
        self._deliver()

    def _run(self) -> None:
        try:
            run_on_selector(self._main())
        except BaseException as exc:  # reported to start(), never raised in the thread
            self._failure = exc
            self.log.close()
            self._ready.set()

    async def _main(self) -> None:
        tables()  # the evaluator's tables, built now rather than at the first showdown
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(self._loop_error)
        self._stopping = asyncio.Event()
        server = await asyncio.start_server(
            self._serve, sock=listener(self.bind, self.port, self._accepted),
            limit=MAX_FRAME + 4)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        ticker = asyncio.create_task(self._ticker())
        async with server:
            await self._stopping.wait()
            ticker.cancel()
            for conn in list(self._writers):  # the members hear that the room closed,
                if conn not in self._pending:  # and do not try to take their seats back
                    self._write(conn, Bye("host_closed"))
            for writer in list(self._writers.values()):
                writer.close()
        with contextlib.suppress(asyncio.CancelledError):
            await ticker
        # Each connection's TLS says goodbye (close_notify) and its task ends;
        # one whose peer does not answer is dropped after a second.
        serving = asyncio.all_tasks() - {asyncio.current_task()}
        if serving:
            await asyncio.wait(serving, timeout=1.0)
        for writer in [*self._writers.values(), *self._closing]:
            writer.transport.abort()
        self.log.close()

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's reports (e.g. accept() failing: no file descriptors left)
        are counted and logged once per reason and minute, not in a flood
        (accepting is tried again a second later: :class:`~.limits.Listener`)."""
        exc = context.get("exception")
        reason = "accept_error" if "accept" in str(context.get("message", "")) else "loop_error"
        if isinstance(exc, OSError) and exc.errno is not None:
            reason += f"_{exc.errno}"
        self.stats[reason] += 1
        now = time.monotonic()
        if now - self._logged_at.get(reason, -60.0) >= 60.0:
            self.refusals[reason] += 1
            if self.log.write("", reason):  # the minute's line counts once it is written
                self._logged_at[reason] = now

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(self.tick_every)
            self.room.tick()
            self._deliver()

    # ------------------------------------------------------------------

    def _refusal(self, address: str, reason: str) -> None:
        """Count and log one refusal or dropped connection."""
        self.refusals[reason] += 1
        self.log.write(address, reason)

    def _penalise(self, address: str) -> None:
        """``address`` was dropped for abuse: after :data:`PENALTY_DROPS` in
        :data:`PENALTY_TIME` seconds it is barred for that long."""
        now = time.monotonic()
        recent = [t for t in self._penalties.pop(address, []) if now - t < PENALTY_TIME]
        self._penalties[address] = [*recent, now]
        while len(self._penalties) > 4096:
            del self._penalties[next(iter(self._penalties))]

    def _barred(self, address: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self._penalties.get(address, []) if now - t < PENALTY_TIME]
        if not recent:
            self._penalties.pop(address, None)
        return 0 < self.penalty_drops <= len(recent)

    def _accepted(self, address: str) -> Callable[[], None] | None:
        """(At accept.)  A socket from ``address`` counts until it is closed;
        past :attr:`max_sockets` it is closed at once (None)."""
        if self._open.total() >= self.max_sockets:
            self._refusal(address, "crowded")
            return None
        self._open[address] += 1
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self._open[address] -= 1
                if self._open[address] <= 0:
                    del self._open[address]

        return release

    def _held(self, address: str) -> int:
        """Sockets ``address`` holds but its welcomed members': those waiting
        for their hello, being turned away, or closed and saying goodbye."""
        welcomed = sum(1 for c in self._writers
                       if c not in self._pending and self._addresses.get(c) == address)
        return self._open[address] - welcomed

    def _close(self, writer: asyncio.StreamWriter) -> None:
        """Close a connection: its TLS says goodbye within
        :data:`~.limits.CLOSE_DEADLINE` seconds, else (or past
        :data:`MAX_CLOSING` closing at once) its socket is dropped."""
        if writer in self._closing:
            return
        if len(self._closing) >= MAX_CLOSING:
            writer.transport.abort()
            return
        writer.close()
        self._closing.add(writer)
        asyncio.get_running_loop().create_task(self._goodbye(writer))

    async def _goodbye(self, writer: asyncio.StreamWriter) -> None:
        try:
            await asyncio.wait_for(writer.wait_closed(), CLOSE_DEADLINE)
        except TimeoutError:  # the peer never answered close_notify
            writer.transport.abort()
        except Exception:  # it ended badly: ended all the same
            pass
        finally:
            self._closing.discard(writer)

    def _admit(self, conn: str, address: str, writer: asyncio.StreamWriter) -> str | None:
        """Whether a new connection may wait for its hello (None), or why not: from an address
        barred for abuse it is refused ``rate_limited``, past the per-address
        limit ``busy``.  Over the total, one waiting connection makes way:
        never one that has begun a valid hello, and first from the address
        holding the most (so many cheap connections push out their own
        kind, not a friend's); when every one waiting has begun a hello, the
        newcomer is refused ``crowded``."""
        barred = self._barred(address)
        if barred or self._held(address) > self.max_per_address:  # this one counted
            return "rate_limited" if barred else "busy"
        if len(self._pending) >= self.max_pending:
            victim = self._victim()
            if victim is None:
                return "crowded"
            old_address, _, old_writer = self._pending.pop(victim)
            self._writers.pop(victim, None)
            self._refusal(old_address, "crowded")
            old_writer.transport.abort()
        self._pending[conn] = (address, time.monotonic(), writer)
        return None

    async def _turn_away(self, address: str, writer: asyncio.StreamWriter, reason: str) -> None:
        """Refuse a connection ``reason``: said inside TLS (a handshake of at
        most :data:`TURN_AWAY_DEADLINE` seconds), or, past
        :data:`MAX_TURNING_AWAY` at once, by closing it without a word."""
        self._refusal(address, reason)
        if self._turning_away >= MAX_TURNING_AWAY:
            writer.transport.abort()
            return
        self._turning_away += 1
        try:
            async with asyncio.timeout(TURN_AWAY_DEADLINE):
                await self._handshake(writer, TURN_AWAY_DEADLINE)
            writer.write(encode(Refused(reason)))
            writer.close()
            await asyncio.wait_for(writer.wait_closed(), TURN_AWAY_DEADLINE)
        except Exception:  # it went, or could not be told: either way it is closed
            writer.transport.abort()
        finally:
            self._turning_away -= 1

    async def _handshake(self, writer: asyncio.StreamWriter, within: float) -> None:
        """TLS on ``writer``'s connection; raises ``ssl.SSLError`` for bytes
        that are not TLS, ``ConnectionError`` when it ended first."""
        plain = writer.transport
        try:
            await writer.start_tls(self.identity.context,
                                   ssl_handshake_timeout=max(within, 0.01))
        except AttributeError:
            # The connection ended during the handshake: asyncio then hands
            # the writer no transport at all (and fails on it); it gets its
            # closed one back, so that closing it (and its finaliser) works.
            writer._transport = plain  # type: ignore[attr-defined]
            raise ConnectionResetError("closed during the handshake") from None
        if writer.transport.is_closing():
            raise ConnectionResetError("closed during the handshake")

    def _victim(self) -> str | None:
        """The waiting connection to close for a newcomer: of those that have
        not begun a valid hello, the oldest from the address holding the
        most waiting connections (None: every one has begun a hello)."""
        silent = [c for c in self._pending if c not in self._hello_begun]
        if not silent:
            return None
        held = Counter(self._pending[c][0] for c in silent)
        return min(silent, key=lambda c: (-held[self._pending[c][0]], self._pending[c][1]))

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # Nothing is read until the TLS handshake takes the connection over:
        # bytes read before it would be lost to it.
        transport = writer.transport
        if isinstance(transport, asyncio.ReadTransport):
            transport.pause_reading()
        conn = f"c{next(self._ids)}"
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.stats["connections"] += 1
        came = time.monotonic()
        refused = self._admit(conn, address, writer)
        if refused is not None:
            await self._turn_away(address, writer, refused)
            return
        self._writers[conn] = writer
        self._addresses[conn] = address
        if not await self._secure(conn, address, writer, came):
            return
        self.room.connect(conn, address)
        decoder = FrameDecoder()
        bucket = TokenBucket(self.rate, self.burst, time.monotonic)
        bad = 0
        frame_since: float | None = None
        try:
            while conn in self._writers:
                now = time.monotonic()
                deadline, why = now + self.idle, "idle"
                if conn in self._pending and came + self.hello_deadline < deadline:
                    deadline, why = came + self.hello_deadline, "hello_timeout"
                if frame_since is not None and frame_since + self.frame_deadline < deadline:
                    deadline, why = frame_since + self.frame_deadline, "frame_timeout"
                try:
                    data = await asyncio.wait_for(reader.read(MAX_FRAME), max(0.0, deadline - now))
                except TimeoutError:
                    self.stats[why] += 1
                    self._refusal(address, why)
                    if why == "frame_timeout":
                        self._penalise(address)
                    self._write(conn, Bye(why))
                    break
                if not data:
                    break
                try:
                    payloads = decoder.feed(data)
                except MalformedMessage as exc:
                    self.stats[exc.reason] += 1
                    self._refusal(address, exc.reason)
                    self._penalise(address)
                    self._write(conn, Error("malformed", {"reason": exc.reason}))
                    break
                if not decoder.buffered:
                    frame_since = None
                elif frame_since is None or payloads:
                    frame_since = time.monotonic()  # a frame begun now
                if conn in self._pending and hello_prefix(decoder.partial):
                    self._hello_begun.add(conn)
                else:
                    self._hello_begun.discard(conn)
                for payload in payloads:
                    if not bucket.take():
                        self.stats["flooding"] += 1
                        self._refusal(address, "flooding")
                        self._penalise(address)
                        self._write(conn, Bye("flooding"))
                        return
                    try:
                        message = parse_client(payload)
                    except MalformedMessage as exc:
                        bad += 1
                        self.stats["malformed"] += 1
                        self._write(conn, Error("malformed", {"reason": exc.reason}))
                        if bad > self.max_bad:
                            self._refusal(address, "abuse")
                            self._penalise(address)
                            self._write(conn, Bye("abuse"))
                            return
                        continue
                    self.stats["messages"] += 1
                    self.room.receive(conn, message)
                    if conn in self._pending and self.room.joined(conn):
                        del self._pending[conn]  # welcomed: no longer waiting
                        self._hello_begun.discard(conn)
                    self._deliver()
        except (ConnectionError, OSError):
            pass
        finally:
            self._pending.pop(conn, None)
            self._hello_begun.discard(conn)
            self._writers.pop(conn, None)
            self._addresses.pop(conn, None)
            self.stats["dropped"] += 1
            self.room.disconnect(conn)
            self._deliver()
            self._close(writer)

    async def _secure(self, conn: str, address: str, writer: asyncio.StreamWriter,
                      came: float) -> bool:
        """The TLS handshake of an admitted connection, within its hello
        deadline; whether it holds (else it is closed, counted and logged)."""
        within = came + self.hello_deadline - time.monotonic()
        why = ""
        try:
            async with asyncio.timeout(max(0.0, within)):
                await self._handshake(writer, within)
        except TimeoutError:
            why = "hello_timeout"
        except ssl.SSLError:
            why = "not_tls"
        except Exception:  # it closed first (or was closed to make way): nothing to tell
            why = "gone"
        if conn in self._writers and not why:
            return True
        self._pending.pop(conn, None)
        self._hello_begun.discard(conn)
        self._writers.pop(conn, None)
        self._addresses.pop(conn, None)
        if why in ("hello_timeout", "not_tls"):
            self.stats[why] += 1
            self._refusal(address, why)
            if why == "not_tls":
                self._penalise(address)
        writer.transport.abort()
        return False

    def _write(self, conn: str, message: object) -> None:
        writer = self._writers.get(conn)
        if writer is None or writer.is_closing():
            return
        if isinstance(message, Refused):
            self._refusal(self._addresses.get(conn, ""), message.reason)
        shorten = self._shorten.get(writer)
        if shorten is None:
            shorten = self._shorten[writer] = Shortener()
        writer.write(encode(shorten(message)))  # type: ignore[arg-type]
        if writer.transport.get_write_buffer_size() > MAX_UNREAD:
            self.stats["unread"] += 1
            self._refusal(self._addresses.get(conn, ""), "unread")
            self._writers.pop(conn, None)
            writer.transport.abort()  # at once: its read ends, and the room hears it left
        elif isinstance(message, Bye):
            self._writers.pop(conn, None)
            self._close(writer)

    def _deliver(self) -> None:
        for conn, reason, length in self.room.chat_refused:
            # that a line was refused and why, with its length: never its words
            self.refusals[reason] += 1
            self.log.write(self._addresses.get(conn, ""), f"{reason} ({length} characters)")
        self.room.chat_refused.clear()
        for conn, message in self.room.take():
            self._write(conn, message)


def _throwaway_identity() -> HostIdentity:
    """A certificate for one server alone, made in a folder deleted at once
    (the context holds the key): tests, and rooms nobody joins twice."""
    with tempfile.TemporaryDirectory(prefix="holdem-room-") as folder:
        return host_identity(Path(folder))
