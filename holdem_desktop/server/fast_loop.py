"""The server's event loop: the standard library's selector loop, or
uvloop's where it is installed (the default since issue 38 put the
connections on picows; ``--no-uvloop``: the standard loop; docs/performance.md,
"A loop in C" and "uvloop the default").

uvloop runs the loop, the sockets and TLS in C (libuv and OpenSSL's memory
BIOs driven from Cython), where asyncio runs them in Python: in the
server's measured window asyncio's loop, its TLS layer and the selector
were about a fifth of the CPU.  But uvloop accepts connections in libuv
and never calls the listening socket's ``accept()``, so the per-address
gate of :class:`~holdem_desktop.net.limits.Listener` (each connection
shown to the server's ``admit`` before any byte of it is read, counted
against its address until its descriptor is given back) would not hold:
a served :class:`Listener` is therefore accepted here, in Python, through
that same ``accept()`` (:class:`GatedServer`), and each connection it lets
in is handed to uvloop with ``connect_accepted_socket`` (its TLS handshake,
reading and writing in C from then on).  Accepting costs one Python call a
connection, not a message.  When uvloop closes a connection it detaches
the socket object (libuv closes the descriptor): the gate's place is given
back then (``_Counted.detach``), as ``close()`` gives it back under the
standard loop.

Windows has no uvloop wheel (the package is installed only where
``sys_platform != "win32"``): the standard loop serves there.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from collections.abc import Callable, Coroutine
from typing import Any

from holdem_desktop.net.limits import OUT_OF_DESCRIPTORS, Listener

__all__ = [
    "ACCEPTS_A_PASS",
    "TLS_READ",
    "GatedServer",
    "fast_ws_available",
    "loop_factory",
    "run_server",
    "small_tls_reads",
    "uvloop_available",
]

ACCEPTS_A_PASS = 100
"""Connections accepted at most each time the listening socket is readable
(asyncio's own figure), so that a crowd at the door does not hold the rooms up."""

TLS_READ = 32 * 1024
"""Bytes a TLS connection of the standard loop reads at once (issue 38)."""

_LOOPS: dict[type, type] = {}


def small_tls_reads() -> None:
    """Each TLS connection of asyncio's loop (every system's, Windows' too)
    holds a read buffer of ``SSLProtocol.max_size`` bytes, 256 kB, from its
    accept to its end, and reads that much plaintext at a time: half a
    megabyte a room of two people, three quarters of what a room cost the
    server.  A message here is a few kilobytes and a TLS record at most
    16 kB, so a process that serves reads in :data:`TLS_READ` pieces: the
    same bytes arrive, in more reads only past 32 kB at once.  (The class
    attribute is asyncio's own knob, read at each connection's start;
    uvloop's TLS keeps no such buffer.)"""
    from asyncio import sslproto

    if getattr(sslproto.SSLProtocol, "max_size", 0) > TLS_READ:
        sslproto.SSLProtocol.max_size = TLS_READ


def fast_ws_available() -> bool:
    """Whether the connections can be served on picows here (server/fast_ws.py:
    picows and aiofastnet installed, the ``server`` extra)."""
    try:
        import aiofastnet  # noqa: F401
        import picows  # noqa: F401
    except ImportError:
        return False
    return True


def uvloop_available() -> bool:
    """Whether uvloop can be imported here."""
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return False
    return True


def loop_factory(fast: bool = False) -> Callable[[], asyncio.AbstractEventLoop]:
    """The loop the server runs on: uvloop's, with a served :class:`Listener`
    accepted through its gate, when ``fast`` and uvloop is installed; the
    standard selector loop otherwise (every system's, Windows' too: its
    proactor loop never calls ``accept()`` either)."""
    if fast:
        try:
            import uvloop
        except ImportError:
            pass
        else:
            return _gated(uvloop.Loop)
    return asyncio.SelectorEventLoop


def run_server(main: Coroutine[Any, Any, None], fast: bool = False) -> None:
    """``asyncio.run(main)`` on :func:`loop_factory`'s loop."""
    with asyncio.Runner(loop_factory=loop_factory(fast)) as runner:
        runner.run(main)


def _gated(base: type) -> type:
    """``base`` (a loop class) whose ``create_server`` serves a :class:`Listener`
    with a :class:`GatedServer`; any other socket as ``base`` does."""
    if base not in _LOOPS:
        class GatedLoop(base):  # type: ignore[misc]
            async def create_server(
                    self, protocol_factory: Callable[[], asyncio.BaseProtocol],
                    host: Any = None, port: Any = None, *, sock: socket.socket | None = None,
                    ssl: ssl.SSLContext | None = None,
                    ssl_handshake_timeout: float | None = None,
                    ssl_shutdown_timeout: float | None = None,
                    start_serving: bool = True, **kwargs: Any) -> asyncio.AbstractServer:
                if not isinstance(sock, Listener) or host is not None or port is not None:
                    return await super().create_server(  # type: ignore[no-any-return]
                        protocol_factory, host, port, sock=sock, ssl=ssl,
                        ssl_handshake_timeout=ssl_handshake_timeout,
                        ssl_shutdown_timeout=ssl_shutdown_timeout,
                        start_serving=start_serving, **kwargs)
                server = GatedServer(self, protocol_factory, sock, ssl,
                                     ssl_handshake_timeout, ssl_shutdown_timeout)
                if start_serving:
                    await server.start_serving()
                return server

        GatedLoop.__name__ = GatedLoop.__qualname__ = f"Gated{base.__name__}"
        _LOOPS[base] = GatedLoop
    return _LOOPS[base]


class GatedServer(asyncio.AbstractServer):
    """A listening :class:`Listener` served on ``loop``: accepted through its
    gate, each connection let in handed to ``loop.connect_accepted_socket``
    (TLS with ``context``).  What :mod:`websockets` uses of an
    ``asyncio.Server`` (``close``, ``wait_closed``, ``sockets``,
    ``start_serving``, ``is_serving``, ``serve_forever``, ``get_loop``)."""

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 protocol_factory: Callable[[], asyncio.BaseProtocol], sock: Listener,
                 context: ssl.SSLContext | None, handshake_timeout: float | None,
                 shutdown_timeout: float | None) -> None:
        self._loop = loop
        self._factory = protocol_factory
        self._sock = sock
        self._tls: dict[str, Any] = {}
        if context is not None:  # (the timeouts are refused without TLS)
            self._tls = {"ssl": context, "ssl_handshake_timeout": handshake_timeout,
                         "ssl_shutdown_timeout": shutdown_timeout}
        self._serving = False
        self._closed = False
        self._handshakes: set[asyncio.Task[None]] = set()
        """Connections let in whose TLS handshake is under way."""
        self._forever: asyncio.Future[None] | None = None

    # What asyncio.Server offers

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def is_serving(self) -> bool:
        return self._serving

    @property
    def sockets(self) -> tuple[socket.socket, ...]:
        return () if self._closed else (self._sock,)

    async def start_serving(self) -> None:
        self._resume()

    async def serve_forever(self) -> None:
        self._resume()
        self._forever = self._loop.create_future()
        with contextlib.suppress(asyncio.CancelledError):
            await self._forever

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._pause()
        self._sock.close()
        for task in list(self._handshakes):
            task.cancel()
        if self._forever is not None and not self._forever.done():
            self._forever.cancel()

    async def wait_closed(self) -> None:
        if self._handshakes:
            await asyncio.wait(list(self._handshakes))

    # Accepting

    def _resume(self) -> None:
        if not self._closed and not self._serving:
            self._serving = True
            self._loop.add_reader(self._sock.fileno(), self._accept)

    def _pause(self) -> None:
        if self._serving:
            self._serving = False
            self._loop.remove_reader(self._sock.fileno())

    def _accept(self) -> None:
        for _ in range(ACCEPTS_A_PASS):
            try:
                conn, _where = self._sock.accept()  # the gate: admit() sees each one
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:  # refused by the gate (closed), or gone already
                continue
            except OSError as exc:
                self._loop.call_exception_handler({
                    "message": "socket.accept() failed", "exception": exc, "socket": self._sock})
                if exc.errno in OUT_OF_DESCRIPTORS:  # as asyncio does: try again a second later
                    self._pause()
                    self._loop.call_later(1.0, self._resume)
                return
            conn.setblocking(False)
            task = self._loop.create_task(self._connect(conn))
            self._handshakes.add(task)
            task.add_done_callback(self._handshakes.discard)

    async def _connect(self, conn: socket.socket) -> None:
        try:
            await self._loop.connect_accepted_socket(
                self._factory, conn, **self._tls)
        except asyncio.CancelledError:
            conn.close()
            raise
        except Exception as exc:  # a handshake that failed or timed out
            conn.close()  # (its place given back, if the transport had not yet)
            self._loop.call_exception_handler({
                "message": "SSL handshake failed" if self._tls else "connection failed",
                "exception": exc})
