"""A connection to a room, for the window (or a test) that joins it.

The connection is TLS, always: the room's host shows its self-signed
certificate, and the client checks its fingerprint against ``pin`` (from
the discovery beacon's answer, the invitation, or the player's Trust)
before a byte of the player's is sent.  Without a pin, or with another
certificate, :meth:`RoomClient.connect` raises
:class:`~.tls.CertificateProblem` (``unknown`` with what to show the
player, or ``changed``) and nothing was said.

The socket lives on an asyncio loop in a background thread; what the host
sends arrives, parsed and typed, in :attr:`RoomClient.inbox` (a thread-safe
queue the pygame loop reads every frame), and :meth:`RoomClient.send` may be
called from any thread.  The client pings the host now and then so an idle
connection stays open, and it can keep every byte it received (tests prove
with it that no hidden card ever arrives).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .compact import Rebuilder
from .protocol import (
    ClientMessage,
    FrameDecoder,
    HostMessage,
    MalformedMessage,
    Ping,
    encode,
    parse_host,
)
from .tls import CertificateInfo, CertificateProblem, peer_certificate, pinned_context

__all__ = ["Closed", "RoomClient"]


@dataclass(frozen=True)
class Closed:
    """The connection ended (``reason``: ``closed``, ``refused`` by the
    network, or ``malformed`` when the host sent what could not be read)."""

    reason: str


class RoomClient:
    """Talks to the room at ``host``:``port``, whose certificate has the
    fingerprint ``pin`` (``AB:CD:…``)."""

    def __init__(self, host: str, port: int, *, pin: str | None = None,
                 ping_every: float = 15.0, record: bool = False) -> None:
        self.host = host
        self.port = port
        self.pin = pin.upper() if pin else None
        self.certificate: CertificateInfo | None = None
        """The host's certificate, once connected."""
        self.ping_every = ping_every
        self.inbox: queue.Queue[HostMessage | Closed] = queue.Queue()
        self.received = bytearray() if record else None
        """Every byte received, when recording."""
        self.on_message: Callable[[], None] = lambda: None
        """Called (on the client's thread) after each message is queued: the
        window uses it to wake its loop."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._done: asyncio.Event | None = None
        self._error: BaseException | None = None

    def connect(self, timeout: float = 5.0) -> None:
        """Open the connection: raises ``OSError`` when it cannot, and
        :class:`~.tls.CertificateProblem` for a certificate not pinned."""
        self._thread = threading.Thread(target=self._run, name="room client", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError(f"no answer from {self.host}:{self.port}")
        if self._error is not None:
            raise self._error

    def send(self, message: ClientMessage) -> None:
        """Send ``message`` (from any thread; nothing happens once closed)."""
        loop, writer = self._loop, self._writer
        if loop is not None and writer is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._write, encode(message))

    def send_bytes(self, data: bytes) -> None:
        """Send raw bytes (tests of a host's defences)."""
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._write, data)

    def _write(self, data: bytes) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(data)

    def close(self, timeout: float = 5.0) -> None:
        """Close the connection and stop the thread."""
        loop, done = self._loop, self._done
        if loop is not None and done is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(done.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def get(self, timeout: float = 5.0) -> HostMessage | Closed:
        """The next message (raises ``queue.Empty`` after ``timeout``)."""
        return self.inbox.get(timeout=timeout)

    # ------------------------------------------------------------------

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:
            if not self._ready.is_set():
                self._error = exc
                self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._done = asyncio.Event()
        reader, writer = await asyncio.open_connection(
            self.host, self.port, ssl=pinned_context(), ssl_handshake_timeout=10)
        info = peer_certificate(writer.get_extra_info("ssl_object"))
        if info.fingerprint != self.pin:
            writer.transport.abort()  # nothing of the player's was sent
            raise CertificateProblem("changed" if self.pin else "unknown", info)
        self.certificate = info
        self._writer = writer
        self._ready.set()
        tasks = [asyncio.create_task(self._read(reader)), asyncio.create_task(self._ping())]
        await self._done.wait()
        for task in tasks:
            task.cancel()
        self._writer.close()
        with contextlib.suppress(Exception):
            await self._writer.wait_closed()

    @contextlib.contextmanager
    def _reading(self, clean: tuple[type[Exception], ...] = ()) -> Iterator[None]:
        """Wraps a reading loop: however it ends, the window hears that the
        connection ended and why (``clean``: what the transport raises when
        the other side closed in good order).  Shared by every transport, so
        that a reason means the same on the LAN and online."""
        reason = "closed"
        try:
            yield
        except clean:
            reason = "closed"
        except MalformedMessage:
            reason = "malformed"
        except (ConnectionError, OSError):
            reason = "refused"
        except Exception:  # whatever it was, the window must hear the connection ended
            reason = "malformed"
        self.inbox.put(Closed(reason))
        self.on_message()
        if self._done is not None:
            self._done.set()

    async def _read(self, reader: asyncio.StreamReader) -> None:
        decoder = FrameDecoder()
        rebuild = Rebuilder()  # (this connection's tables whole again)
        with self._reading():
            while True:
                data = await reader.read(65536)
                if not data:
                    break
                if self.received is not None:
                    self.received += data
                for payload in decoder.feed(data):
                    self.inbox.put(rebuild(parse_host(payload)))
                    self.on_message()

    async def _ping(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.ping_every)
            n += 1
            self._write(encode(Ping(n)))
