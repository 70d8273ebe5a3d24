"""The host's server: a :class:`~.room.Room` behind a TCP listener, on an
asyncio loop in a background thread.

The room is touched only from that loop, so it needs no locks.  Each
connection's bytes go through the protocol's frame decoder and parser
before the room sees anything; what is wrong goes back to that connection
alone and is counted:

- a frame over the size limit, more than ``max_bad`` malformed messages,
  or more than ``rate`` messages a second (with a burst allowance) drops
  the connection (its member is then away, the seat kept);
- a connection that says nothing for ``idle`` seconds is closed (clients
  ping every few seconds), and so is one that does not read what it is sent;
- the host never stops for any of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
import time
from collections import Counter
from collections.abc import Callable

from holdem_desktop.engine.hand_classes import tables

from .protocol import (
    MAX_FRAME,
    Bye,
    Error,
    FrameDecoder,
    MalformedMessage,
    encode,
    parse_client,
)
from .room import Room

__all__ = ["RoomServer"]

MAX_UNREAD = 1 << 20
"""Bytes a client may leave unread before it is dropped."""


class _Bucket:
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


class RoomServer:
    """Serves ``room`` on ``bind``:``port`` (0: any free port)."""

    def __init__(self, room: Room, bind: str = "0.0.0.0", port: int = 0, *,
                 idle: float = 60.0, tick: float = 0.5, max_bad: int = 10,
                 rate: float = 40.0, burst: float = 80.0) -> None:
        self.room = room
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
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stopping: asyncio.Event | None = None
        self._failure: BaseException | None = None

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
            asyncio.run(self._main())
        except BaseException as exc:  # reported to start(), never raised in the thread
            self._failure = exc
            self._ready.set()

    async def _main(self) -> None:
        tables()  # the evaluator's tables, built now rather than at the first showdown
        self._loop = asyncio.get_running_loop()
        self._stopping = asyncio.Event()
        server = await asyncio.start_server(self._serve, self.bind, self.port,
                                            limit=MAX_FRAME + 4)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        ticker = asyncio.create_task(self._ticker())
        async with server:
            await self._stopping.wait()
            ticker.cancel()
            for writer in list(self._writers.values()):
                writer.close()
        with contextlib.suppress(asyncio.CancelledError):
            await ticker

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(self.tick_every)
            self.room.tick()
            self._deliver()

    # ------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = f"c{next(self._ids)}"
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.stats["connections"] += 1
        self._writers[conn] = writer
        self.room.connect(conn, address)
        decoder = FrameDecoder()
        bucket = _Bucket(self.rate, self.burst, time.monotonic)
        bad = 0
        try:
            while conn in self._writers:
                try:
                    data = await asyncio.wait_for(reader.read(MAX_FRAME), self.idle)
                except TimeoutError:
                    self.stats["idle"] += 1
                    break
                if not data:
                    break
                try:
                    payloads = decoder.feed(data)
                except MalformedMessage as exc:
                    self.stats[exc.reason] += 1
                    self._write(conn, Error("malformed", {"reason": exc.reason}))
                    break
                for payload in payloads:
                    if not bucket.take():
                        self.stats["flooding"] += 1
                        self._write(conn, Bye("flooding"))
                        return
                    try:
                        message = parse_client(payload)
                    except MalformedMessage as exc:
                        bad += 1
                        self.stats["malformed"] += 1
                        self._write(conn, Error("malformed", {"reason": exc.reason}))
                        if bad > self.max_bad:
                            self._write(conn, Bye("abuse"))
                            return
                        continue
                    self.stats["messages"] += 1
                    self.room.receive(conn, message)
                    self._deliver()
        except (ConnectionError, OSError):
            pass
        finally:
            self._writers.pop(conn, None)
            self.stats["dropped"] += 1
            self.room.disconnect(conn)
            self._deliver()
            writer.close()

    def _write(self, conn: str, message: object) -> None:
        writer = self._writers.get(conn)
        if writer is None or writer.is_closing():
            return
        writer.write(encode(message))  # type: ignore[arg-type]
        if writer.transport.get_write_buffer_size() > MAX_UNREAD:
            self.stats["unread"] += 1
            self._writers.pop(conn, None)
            writer.transport.abort()  # at once: its read ends, and the room hears it left
        elif isinstance(message, Bye):
            self._writers.pop(conn, None)
            writer.close()

    def _deliver(self) -> None:
        for conn, message in self.room.take():
            self._write(conn, message)
