"""A connection to a room on a server (``holdem-desktop serve``): the same
messages as on the LAN, over WebSocket and TLS.

:class:`OnlineClient` is a :class:`~.client.RoomClient` (the window's
:class:`~.remote.RemoteTable` drives either alike): each protocol payload
travels as one WebSocket text message.  The certificate is checked before
anything of the player's is sent:

- with a ``pin`` (the SHA-256 fingerprint the player trusted, or the one an
  invitation carried), the certificate must have exactly that fingerprint,
  whoever signed it; another raises :class:`CertificateProblem` ``changed``;
- without one, it must be valid for the host by the system's authorities (a
  public certificate just works); one that is not raises
  :class:`CertificateProblem` ``unknown`` with what to show the player
  (name, issuer, fingerprint), who may then trust it: the next connection
  carries it as the pin.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import random
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .account_messages import SignedIn, UseSession
from .client import Closed, RoomClient
from .compact import Rebuilder
from .protocol import (
    MAX_FRAME,
    ClientMessage,
    Error,
    Hello,
    Ping,
    Refused,
    Welcome,
    parse_host,
    to_payload,
)
from .tls import (
    CertificateInfo,
    CertificateProblem,
    certificate_info,
    peer_certificate,
    pinned_context,
)

__all__ = ["BACKOFF", "PATIENCE", "CertificateInfo", "CertificateProblem", "OnlineClient",
           "Resumed", "certificate_info", "resume"]

PATIENCE = 90.0
"""Seconds a lost connection is retried before the room is given up (at least 60)."""
BACKOFF = (0.5, 1.0, 2.0, 3.0, 5.0)
"""Seconds between tries, growing; the last repeats until :data:`PATIENCE` runs
out.  Each wait is drawn within 25 % of these, so that the players of a
server that restarts do not all come back in the same instant."""


class OnlineClient(RoomClient):
    """Talks to the room server at ``host``:``port`` (``tls`` False: plain
    ``ws://``, a test server started with ``--insecure``)."""

    def __init__(self, host: str, port: int, *, pin: str | None = None, tls: bool = True,
                 ping_every: float = 15.0, record: bool = False,
                 authorities: ssl.SSLContext | None = None, session: str | None = None
                 ) -> None:
        super().__init__(host, port, pin=pin, ping_every=ping_every, record=record)
        self.tls = tls
        self.authorities = authorities
        """The context that judges an unpinned certificate (None: the system's)."""
        self.session = session
        """The account's session token on this server (None: a guest): shown
        first on every connection, before the hello (docs/protocol.md, *Accounts*)."""
        self.account = ""
        """The account this connection is signed in as ("" until the server
        says so, or when it refused the session: then the hello is a guest's)."""
        self._session_answer = session is not None
        self._ws: ClientConnection | None = None
        self._outgoing: asyncio.Queue[str] | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}/"

    def connect(self, timeout: float = 10.0) -> None:
        """Open the connection; raises ``OSError`` when the server cannot be
        reached and :class:`CertificateProblem` for a certificate not trusted."""
        super().connect(timeout)
        if self.session is not None:
            self.send(UseSession(self.session))

    def send(self, message: ClientMessage) -> None:
        loop, queue = self._loop, self._outgoing
        if loop is not None and queue is not None and not loop.is_closed():
            text = to_payload(message).decode("ascii")
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(queue.put_nowait, text)

    def send_bytes(self, data: bytes) -> None:
        """Send one raw WebSocket message (tests of a server's defences)."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self._raw(data)))

    async def _raw(self, data: bytes) -> None:
        if self._ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._ws.send(data)

    # ------------------------------------------------------------------

    def _context(self, verify: bool) -> ssl.SSLContext:
        if verify:
            return self.authorities or ssl.create_default_context()
        return pinned_context()  # the fingerprint is checked instead, below

    async def _open(self) -> ClientConnection:
        options = {"max_size": MAX_FRAME, "compression": None, "open_timeout": 10,
                   "ping_interval": 20, "ping_timeout": 20, "close_timeout": 2,
                   "user_agent_header": None}
        if not self.tls:
            return await connect(self.url, **options)  # type: ignore[arg-type]
        if self.pin is None:
            try:
                ws = await connect(self.url, ssl=self._context(True), **options)  # type: ignore[arg-type]
            except ssl.SSLCertVerificationError:
                ws = await connect(self.url, ssl=self._context(False), **options)  # type: ignore[arg-type]
                info = self._peer(ws)
                await ws.close()
                raise CertificateProblem("unknown", info) from None
            self.certificate = self._peer(ws)
            return ws
        ws = await connect(self.url, ssl=self._context(False), **options)  # type: ignore[arg-type]
        info = self._peer(ws)
        if info.fingerprint != self.pin:
            await ws.close()
            raise CertificateProblem("changed", info)
        self.certificate = info
        return ws

    @staticmethod
    def _peer(ws: ClientConnection) -> CertificateInfo:
        return peer_certificate(ws.transport.get_extra_info("ssl_object"))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._done = asyncio.Event()
        self._outgoing = asyncio.Queue()
        try:
            ws = await self._open()
        except InvalidHandshake as exc:
            raise ConnectionRefusedError(f"the server refused: {exc}") from None
        self._ws = ws
        self._ready.set()
        tasks = [asyncio.create_task(self._read_ws(ws)), asyncio.create_task(self._send_ws(ws)),
                 asyncio.create_task(self._ping_ws())]
        await self._done.wait()
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(), 2)

    async def _send_ws(self, ws: ClientConnection) -> None:
        assert self._outgoing is not None
        with contextlib.suppress(ConnectionClosed):
            while True:
                await ws.send(await self._outgoing.get())

    async def _ping_ws(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.ping_every)
            n += 1
            self.send(Ping(n))

    async def _read_ws(self, ws: ClientConnection) -> None:
        rebuild = Rebuilder()  # (this connection's tables whole again)
        with self._reading(clean=(ConnectionClosed,)):
            async for data in ws:
                payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
                if self.received is not None:
                    self.received += payload
                message = rebuild(parse_host(payload))
                if self.session is not None and (isinstance(message, SignedIn) or (
                        self._session_answer and isinstance(message, Error))):
                    # the session's answer (again from another process of the
                    # server, when the join is sent on there), not the room's
                    self._session_answer = False
                    self.account = message.name if isinstance(message, SignedIn) else ""
                    continue
                self.inbox.put(message)
                self.on_message()


@dataclass(frozen=True)
class Resumed:
    """Put in the lost connection's inbox when a new one took the seat back:
    the window goes on with ``client``, welcomed by ``welcome``."""

    client: RoomClient
    welcome: Welcome


def resume(lost: RoomClient, connect: Callable[[], RoomClient], hello: Hello,
           stop: threading.Event, *, patience: float = PATIENCE,
           backoff: tuple[float, ...] = BACKOFF) -> threading.Thread:
    """Try again and again, on a thread, to take the seat back after ``lost``
    dropped: ``connect`` opens a new connection (raising ``OSError`` when it
    cannot), ``hello`` carries the resume token.  What comes of it goes into
    ``lost``'s inbox, where the window reads: :class:`Resumed`, or
    :class:`~.client.Closed` (``lost`` after ``patience`` seconds, or the
    room's refusal: the room forgot the token, or is gone).  ``stop`` ends
    the tries (the player left)."""

    def tell(message: object) -> None:
        if not stop.is_set():
            lost.inbox.put(message)  # type: ignore[arg-type]
            lost.on_message()

    def run() -> None:
        end = time.monotonic() + patience
        tries = 0
        while not stop.is_set() and time.monotonic() < end:
            stop.wait(backoff[min(tries, len(backoff) - 1)] * random.uniform(0.75, 1.25))
            tries += 1
            if stop.is_set():
                return
            try:
                client = connect()
            except CertificateProblem:
                tell(Closed("certificate"))
                return
            except (OSError, TimeoutError):
                continue
            client.send(hello)
            try:
                reply = client.get(timeout=10)
            except queue.Empty:
                client.close()
                continue
            if isinstance(reply, Welcome):
                client.on_message = lost.on_message
                tell(Resumed(client, reply))
                if stop.is_set():
                    client.close()
                return
            client.close()
            if isinstance(reply, Refused):
                tell(Closed(reply.reason))
                return
        tell(Closed("lost"))

    thread = threading.Thread(target=run, name="room resume", daemon=True)
    thread.start()
    return thread
