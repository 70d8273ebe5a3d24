"""A connection that stops reading is dropped as ``unread`` once more than
MAX_QUEUED messages wait for it: the server keeps no more for it (its
messages were written at once while the system took them, then queued for
its sender), and the others are answered as before."""

from __future__ import annotations

import asyncio
import socket

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from holdem_desktop.net.protocol import Ping, Pong, parse_host, to_text
from holdem_desktop.server.sending import Connection
from holdem_desktop.server.service import MAX_QUEUED

from .conftest import LOOPS, insecure_context
from .test_addresses import log_lines, open_ws

PINGS = 200_000
"""Pings sent at most: far more than the buffers and the queue hold."""


@pytest.mark.parametrize("uvloop", LOOPS)
def test_a_connection_that_stops_reading_is_dropped_as_unread_and_others_are_answered(
        make_server, monkeypatch, uvloop):
    served = make_server(rate=1e6, burst=1e6, uvloop=uvloop)  # (never dropped as flooding first)
    made = Connection.connection_made

    def small(self, transport):  # the system's buffers small, as over a slow link
        transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        made(self, transport)

    monkeypatch.setattr(Connection, "connection_made", small)

    async def silent() -> int:
        """Pings, not one pong read; how many went before it was closed."""
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # (before connecting)
        sock.connect(("127.0.0.1", served.port))
        sent = 0
        async with ws_connect(f"wss://127.0.0.1:{served.port}/", ssl=insecure_context(),
                              server_hostname="127.0.0.1", sock=sock, open_timeout=10,
                              max_queue=1) as ws:
            try:
                while sent < PINGS:
                    await ws.send(to_text(Ping(sent % 1000)))
                    sent += 1
                    if sent % 500 == 0:
                        await asyncio.sleep(0)  # (the close is seen between bursts)
            except ConnectionClosed:
                pass
        return sent

    async def reader() -> object:
        async with open_ws(served) as ws:
            await ws.send(to_text(Ping(7)))
            async with asyncio.timeout(10):
                return parse_host(str(await ws.recv()).encode())

    sent = asyncio.run(silent())
    assert MAX_QUEUED < sent < PINGS
    assert [line.split()[-1] for line in log_lines(served)] == ["unread"]
    assert not served.server._conns  # nothing kept for it
    assert asyncio.run(reader()) == Pong(7)
