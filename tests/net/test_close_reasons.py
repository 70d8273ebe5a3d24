"""Why a connection ended means the same on the LAN and online: a host that
closes in good order is ``closed``, one that sends what cannot be read is
``malformed`` (the window speaks each differently, so both transports must
agree).  Real sockets on loopback, port 0."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from holdem_desktop.net.client import Closed, RoomClient
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Pong, encode
from holdem_desktop.net.tls import HostIdentity, host_identity


@contextmanager
def running(start: Callable[[], Awaitable[Any]]) -> Iterator[int]:
    """Runs an asyncio server on its own thread; yields its port.  The
    server is closed, and its handlers finished, before its loop is."""
    ready = threading.Event()
    port: list[int] = []
    stop: list[asyncio.Event] = []
    loop = asyncio.new_event_loop()

    async def main() -> None:
        stop.append(asyncio.Event())
        server = await start()
        port.append(int(next(iter(server.sockets)).getsockname()[1]))
        ready.set()
        await stop[0].wait()
        server.close()
        await server.wait_closed()

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    assert ready.wait(5)
    try:
        yield port[0]
    finally:
        loop.call_soon_threadsafe(stop[0].set)
        thread.join(5)
        loop.close()


def lan_server(send: bytes, identity: HostIdentity) -> Callable[[], Awaitable[Any]]:
    """A LAN host (TLS, as every room) that says ``send`` and closes."""
    async def start() -> Any:
        async def talk(_r: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(send)
            await writer.drain()
            writer.close()

        return await asyncio.start_server(talk, "127.0.0.1", 0, ssl=identity.context)
    return start


def ws_server(send: bytes) -> Callable[[], Awaitable[Any]]:
    async def start() -> Any:
        async def talk(ws: ServerConnection) -> None:
            await ws.send(send.decode("ascii"))
            await ws.close()

        return await serve(talk, "127.0.0.1", 0)
    return start


GOOD = encode(Pong(1))
"""A whole, valid host message (its LAN frame)."""


@pytest.mark.parametrize(("what", "lan", "online", "reason"), [
    ("a clean close", GOOD, GOOD[4:], "closed"),
    ("bytes no message can be read from", b"\x00\x00\x00\x03{x}", b"{x}", "malformed"),
])
def test_both_transports_give_the_same_reason(what: str, lan: bytes, online: bytes,
                                              reason: str, tmp_path: Path) -> None:
    identity = host_identity(tmp_path)
    for server, make in ((lan_server(lan, identity),
                          lambda p: RoomClient("127.0.0.1", p, pin=identity.fingerprint)),
                         (ws_server(online), lambda p: OnlineClient("127.0.0.1", p, tls=False))):
        with running(server) as port:
            client = make(port)
            client.connect()
            try:
                got = [client.get(timeout=5)]
                while not isinstance(got[-1], Closed):
                    got.append(client.get(timeout=5))
            finally:
                client.close()
        assert got[-1] == Closed(reason), (what, type(client).__name__, got)
        if reason == "closed":
            assert got[:-1] == [Pong(1)], got
