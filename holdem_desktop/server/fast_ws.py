"""The server's connections on picows' callback API (issue 38).

``websockets`` parses and writes every frame in Python, and asyncio's TLS
is Python around OpenSSL; picows parses frames in C and, with aiofastnet,
runs TLS in C too.  Measured at 450 rooms in the server (docs/performance.md,
"The connections on picows"), this layer takes about a seventh off the CPU a
hand.

Everything else in the server is unchanged: each connection is a
:class:`Link` that answers what the server asks of a ``websockets``
connection (``recv``, ``send``, ``close``, ``request``, ``remote_address``,
``transport.abort``…), so ``GameServer._handle``, the web page's
``serve_page`` and the relays run on it as they are, and a delivery writes
a member's frames in one write (:meth:`Link.write_now`).  The same HTTP
answers come from ``GameServer._request`` (``/health``, the page's files,
the 4xx refusals), given the peer's address by :class:`_Protocol`.

Limits, as ``serve`` sets them: a frame of at most ``MAX_FRAME`` bytes (a
message too: fragments are joined and held to it), 16 messages read ahead
(then the socket is not read until the server takes one), a sender waits
while 64 kB are unsent, a ping after 20 s of silence and the connection
dropped 20 s later without its pong, the handshake within 10 s, TLS's
goodbye within ``CLOSE_DEADLINE``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections import deque
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

import aiofastnet
from multidict import CIMultiDict
from picows import (
    WSAutoPingStrategy,
    WSCloseCode,
    WSFrame,
    WSListener,
    WSMsgType,
    WSTransport,
    WSUpgradeRequest,
    WSUpgradeResponse,
    WSUpgradeResponseWithListener,
)
from picows.picows import WSProtocol  # type: ignore[attr-defined]  # (not in its stubs)
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.frames import Close
from websockets.http11 import Request, Response

from holdem_desktop.net.protocol import MAX_FRAME

from .sending import DirectWriter

__all__ = ["Link", "serve_fast"]

READ_AHEAD = 16
"""Messages read and not yet taken before the socket is read no more."""
WRITE_LIMIT = 1 << 16
"""Unsent bytes above which a sender waits."""

TLS_BUFFER = 2 * (16 * 1024 + 64)
"""Each connection's TLS buffers, in and out: two records (aiofastnet's own
are sixteen, half a megabyte a connection; asyncio's reads are cut to 32 kB
likewise: :func:`.fast_loop.small_tls_reads`)."""

_LOG = logging.getLogger("holdem_desktop.server.fast_ws")
_QUIET = logging.getLogger("holdem_desktop.server.fast_ws.picows")
_QUIET.addHandler(logging.NullHandler())
_QUIET.propagate = False
_ids = itertools.count(1)


def _ended(rcvd: Close | None, sent: Close | None) -> ConnectionClosed:
    """What ``recv`` and ``send`` raise once the connection is closed."""
    both = rcvd is not None and sent is not None
    return ConnectionClosed(rcvd, sent, True if both else None)


def frame(text: str) -> bytes:
    """One unmasked text frame, as a server writes it."""
    data = text.encode()
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 65536:
        return bytes((0x81, 126)) + n.to_bytes(2, "big") + data
    return bytes((0x81, 127)) + n.to_bytes(8, "big") + data


class Link(WSListener, DirectWriter):
    """One connection, answering what the server asks of a ``websockets``
    server connection (and the transport's ``abort``, ``is_closing`` and
    ``get_write_buffer_size``: :attr:`transport` is the link itself)."""

    def __init__(self, layer: _Layer, request: Request, peer: Any) -> None:
        self.layer = layer
        self.request = request
        self.remote_address = peer
        self.id = next(_ids)
        self.transport = self
        self.paused = False
        self.close_code: int | None = None
        self._ws: WSTransport | None = None
        self._under: Any = None
        self._messages: deque[str | bytes] = deque()
        self._parts: list[bytes] = []
        self._parts_kind: WSMsgType | None = None
        self._parts_size = 0
        self._waiter: asyncio.Future[None] | None = None
        self._resumed: asyncio.Future[None] | None = None
        self._reading = True
        self._closed: ConnectionClosed | None = None
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------
    # What the server asks of a connection

    async def recv(self) -> str | bytes:
        while not self._messages:
            if self._closed is not None:
                raise self._closed
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        message = self._messages.popleft()
        if not self._reading and len(self._messages) < READ_AHEAD and self._under is not None:
            self._reading = True
            with contextlib.suppress(Exception):
                self._under.resume_reading()
        return message

    async def send(self, message: str | bytes) -> None:
        await self._writable()
        if isinstance(message, str):
            self._under.write(frame(message))
        else:
            assert self._ws is not None
            self._ws.send(WSMsgType.BINARY, message)

    async def send_texts(self, texts: list[str]) -> None:
        await self._writable()
        self._under.write(b"".join([frame(t) for t in texts]))

    async def _writable(self) -> None:
        """Wait while the reader has not taken enough (then raise if closed)."""
        while self.paused and self._closed is None:
            self._resumed = asyncio.get_running_loop().create_future()
            try:
                await self._resumed
            finally:
                self._resumed = None
        if self._closed is not None or self._ws is None:
            raise self._closed or _ended(None, None)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        ws = self._ws
        if ws is None or self._closed is not None:
            return
        with contextlib.suppress(Exception):
            if not ws.is_close_frame_sent:
                ws.send_close(WSCloseCode(code), reason.encode())
            ws.disconnect()
        if self._closed is None:
            self._closed = _ended(None, Close(code, reason))

    def respond(self, status: HTTPStatus | int, text: str) -> Response:
        """A plain text HTTP answer instead of the upgrade (as ``websockets``')."""
        return _plain(status, text)

    def can_write_now(self) -> bool:
        under = self._under
        return (self._closed is None and not self.paused and under is not None
                and not under.is_closing() and not under.get_write_buffer_size())

    def write_now(self, texts: list[str]) -> None:
        try:
            self._under.write(b"".join([frame(t) for t in texts]))
        except Exception:
            self.abort()

    # (the transport's side)
    def abort(self) -> None:
        if self._under is not None:
            self._under.abort()

    def is_closing(self) -> bool:
        return self._under is None or self._under.is_closing()

    def get_write_buffer_size(self) -> int:
        return 0 if self._under is None else int(self._under.get_write_buffer_size())

    # ------------------------------------------------------------------
    # picows' callbacks

    def on_ws_connected(self, transport: WSTransport) -> None:
        self._ws = transport
        self._under = transport.underlying_transport
        self._under.set_write_buffer_limits(high=WRITE_LIMIT)
        self.layer.links.add(self)
        self._task = asyncio.get_running_loop().create_task(self.layer.handle(self))

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        kind = frame.msg_type
        if kind is WSMsgType.TEXT or kind is WSMsgType.BINARY:
            if frame.fin and not self._parts:
                if kind is WSMsgType.BINARY:
                    self._take(frame.get_payload_as_bytes())
                    return
                try:
                    self._take(frame.get_payload_as_utf8_text())
                except UnicodeDecodeError:  # (as websockets: closed, 1007)
                    self._fail(WSCloseCode.INVALID_TEXT, "invalid UTF-8")
                return
            if self._parts:  # a new message inside a fragmented one
                self._fail(WSCloseCode.PROTOCOL_ERROR, "expected a continuation")
                return
            self._parts_kind = kind
            self._more(transport, frame)
        elif kind is WSMsgType.CONTINUATION:
            if not self._parts and self._parts_kind is None:
                self._fail(WSCloseCode.PROTOCOL_ERROR, "unexpected continuation")
                return
            self._more(transport, frame)
        elif kind is WSMsgType.CLOSE:
            code = frame.get_close_code()
            reason = frame.get_close_reason() or ""
            number = code.value if code is not None else 1005
            self.close_code = number
            self._closed = _ended(Close(number, reason), Close(number, ""))
            with contextlib.suppress(Exception):
                if not transport.is_close_frame_sent:
                    transport.send_close(code if number != 1005 else WSCloseCode.OK)
                transport.disconnect()
            self._wake()

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        if self._closed is None:
            handshake = transport.close_handshake
            sent = handshake.sent if handshake is not None else None
            rcvd = handshake.recv if handshake is not None else None
            self._closed = _ended(
                Close(rcvd.code.value, rcvd.reason) if rcvd is not None else None,
                Close(sent.code.value, sent.reason) if sent is not None else None)
        if self.close_code is None:
            self.close_code = 1006
        self.layer.links.discard(self)
        self._wake()
        if self._resumed is not None and not self._resumed.done():
            self._resumed.set_result(None)

    def pause_writing(self) -> None:
        self.paused = True

    def resume_writing(self) -> None:
        self.paused = False
        if self._resumed is not None and not self._resumed.done():
            self._resumed.set_result(None)

    # ------------------------------------------------------------------

    def _more(self, transport: WSTransport, frame: WSFrame) -> None:
        part = frame.get_payload_as_bytes()
        self._parts_size += len(part)
        if self._parts_size > MAX_FRAME:  # (as websockets' max_size: the whole message)
            self._fail(WSCloseCode.MESSAGE_TOO_BIG, "over size limit")
            return
        self._parts.append(part)
        if frame.fin:
            data = b"".join(self._parts)
            kind, self._parts, self._parts_kind, self._parts_size = (
                self._parts_kind, [], None, 0)
            if kind is WSMsgType.TEXT:
                try:
                    text = data.decode()
                except UnicodeDecodeError:
                    self._fail(WSCloseCode.INVALID_TEXT, "invalid UTF-8")
                    return
                self._take(text)
            else:
                self._take(data)

    def _take(self, message: str | bytes) -> None:
        self._messages.append(message)
        if len(self._messages) >= READ_AHEAD and self._reading:
            self._reading = False
            with contextlib.suppress(Exception):
                self._under.pause_reading()
        self._wake()

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def _fail(self, code: WSCloseCode, reason: str) -> None:
        self._closed = _ended(None, Close(code.value, reason))
        self.close_code = 1006
        if self._ws is not None:
            with contextlib.suppress(Exception):
                self._ws.send_close(code, reason.encode())
                self._ws.disconnect()
        self._wake()


def _response(answer: Response) -> Any:
    """A ``websockets`` HTTP response as picows sends it (it adds the
    length and ``Connection: close`` itself)."""
    out = WSUpgradeResponse()
    out.version = b"HTTP/1.1"
    out.status = HTTPStatus(answer.status_code)
    out.headers = CIMultiDict([(k, v) for k, v in answer.headers.raw_items()
                               if k.lower() not in ("content-length", "connection")])
    out.body = bytes(answer.body) if answer.body else None
    return WSUpgradeResponseWithListener(out, None)


def _plain(status: HTTPStatus | int, text: str) -> Response:
    status = HTTPStatus(status)
    body = text.encode()
    headers = Headers([("Content-Type", "text/plain; charset=utf-8"),
                       ("Content-Length", str(len(body)))])
    return Response(status.value, status.phrase, headers, body)


class _Layer:
    """The server's connections: routes each request, then runs each link."""

    def __init__(self, request: Callable[[Any, Request], Response | None],
                 handle: Callable[[Any], Any]) -> None:
        self.request = request
        self.handle_connection = handle
        self.links: set[Link] = set()

    def route(self, peer: Any, upgrade: WSUpgradeRequest) -> Any:
        headers = Headers()
        for key, value in upgrade.headers.items():
            headers[key] = value
        request = Request(upgrade.path.decode("latin-1"), headers)
        link = Link(self, request, peer)
        try:
            answer = self.request(link, request)
        except Exception:
            _LOG.exception("routing a request")
            return _response(_plain(HTTPStatus.INTERNAL_SERVER_ERROR, "Error\n"))
        if answer is not None:
            return _response(answer)
        return link

    async def handle(self, link: Link) -> None:
        try:
            await self.handle_connection(link)
        except Exception:
            _LOG.exception("connection %s", link.id)
        finally:
            await link.close(1000, "")

    def close_all(self) -> None:
        for link in list(self.links):
            with contextlib.suppress(Exception):
                if link._ws is not None:
                    link._ws.send_close(WSCloseCode.GOING_AWAY)
                    link._ws.disconnect()


class _Protocol(WSProtocol):  # type: ignore[misc]
    """picows' protocol, knowing its peer's address before the request is
    routed (the factory is given the request alone)."""

    def connection_made(self, transport: Any) -> None:
        self.route.peer = transport.get_extra_info("peername")
        super().connection_made(transport)


class _Route:
    __slots__ = ("layer", "peer")

    def __init__(self, layer: _Layer) -> None:
        self.layer = layer
        self.peer: Any = None

    def __call__(self, upgrade: WSUpgradeRequest) -> Any:
        return self.layer.route(self.peer, upgrade)


async def serve_fast(request: Callable[[Any, Request], Response | None],
                     handle: Callable[[Any], Any], sock: Any, ssl: Any,
                     close_deadline: float) -> tuple[asyncio.AbstractServer, Callable[[], None]]:
    """Serve on ``sock`` (TLS when ``ssl``): ``request`` answers each HTTP
    request (None: upgrade it), ``handle`` runs each connection.  Returns
    the server and what closes every connection (with 1001)."""
    layer = _Layer(request, handle)

    def protocol() -> WSProtocol:
        route = _Route(layer)
        made = _Protocol(None, None, False, route, _QUIET, True, 10.0,
                         True, 20.0, 20.0, WSAutoPingStrategy.PING_WHEN_IDLE, True,
                         MAX_FRAME, None, 16 * 1024)
        made.route = route
        return made

    tls: dict[str, Any] = ({"ssl": ssl, "ssl_handshake_timeout": 10.0,
                            "ssl_shutdown_timeout": close_deadline,
                            "ssl_incoming_bio_size": TLS_BUFFER,
                            "ssl_outgoing_bio_size": TLS_BUFFER} if ssl is not None else {})
    server = await aiofastnet.create_server(asyncio.get_running_loop(), protocol, sock=sock,
                                            **tls)
    return server, layer.close_all
