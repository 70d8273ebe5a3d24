"""The server's loop (issue 38): uvloop's where installed, the default
(``--no-uvloop``, or ``uvloop = false`` in the settings file: Python's own,
which Windows always has); on uvloop the per-address gate still sees every
connection at accept (tests/server/test_addresses.py and test_server.py run
the gate's tests on both loops)."""

from __future__ import annotations

import asyncio
import json
import socket
import tracemalloc
from typing import Any

import pytest
from websockets.asyncio.client import connect

from holdem_desktop.server.config import parse_config
from holdem_desktop.server.fast_loop import loop_factory, uvloop_available
from tests.desktop import wait_for

from .conftest import LOOPS, insecure_context


def test_uvloop_is_the_default_and_the_standard_loop_a_choice(tmp_path):
    # measured with the connections on picows: less CPU a hand, no longer
    # tail (docs/performance.md, "uvloop the default"); Windows has none
    assert parse_config(["--insecure"]).uvloop is True
    assert parse_config(["--insecure", "--no-uvloop"]).uvloop is False
    settings = tmp_path / "server.toml"
    settings.write_text("uvloop = false\n", encoding="utf-8")
    assert parse_config(["--insecure", "--config", str(settings)]).uvloop is False
    assert parse_config(["--insecure", "--config", str(settings), "--uvloop"]).uvloop \
        is True  # the command line over the file
    assert loop_factory(False) is asyncio.SelectorEventLoop


@pytest.mark.skipif(not uvloop_available(), reason="uvloop is not installed (no wheel for Windows)")
def test_on_uvloop_the_listener_is_accepted_through_its_gate(make_server):
    served = make_server(max_per_address=1, uvloop=True)
    server = served.server
    assert type(server._loop).__name__ == "GatedLoop"  # uvloop's, accepting through the gate
    held = [socket.create_connection(("127.0.0.1", served.port), timeout=10) for _ in range(5)]
    try:
        # 1 + the 4 let in to be answered 429: each counted from accept on
        assert wait_for(lambda: server._open.get("127.0.0.1", 0) == 5, 10)
        extra = socket.create_connection(("127.0.0.1", served.port), timeout=10)
        extra.settimeout(5)
        assert extra.recv(1) == b""  # closed at accept, before any byte was read
        extra.close()
        assert server.stats["busy"] == 1
    finally:
        for sock in held:
            sock.close()
    assert wait_for(lambda: not server._open and server._sockets == 0, 10)


@pytest.mark.parametrize("uvloop", LOOPS)
def test_a_stopped_server_closes_its_listening_socket(make_server, uvloop):
    served = make_server(uvloop=uvloop)
    served.server.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", served.port), timeout=5).close()


def test_a_tls_connection_holds_no_quarter_megabyte_buffer(served):
    # asyncio's TLS gave each connection a 256 kB read buffer from its accept
    # on: three quarters of a room's memory (issue 38); the server reads in
    # 32 kB pieces
    server = served.server
    context = insecure_context()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        held = [context.wrap_socket(socket.create_connection(("127.0.0.1", served.port),
                                                             timeout=10))
                for _ in range(20)]
        assert wait_for(lambda: server._open.get("127.0.0.1", 0) == 20, 10)
        per_connection = (tracemalloc.get_traced_memory()[0] - before) / 20
    finally:
        tracemalloc.stop()
    for sock in held:
        sock.close()
    assert per_connection < 128 * 1024, f"{per_connection / 1024:.0f} kB a connection"
    assert wait_for(lambda: not server._open, 10)
    # a message of 60 kB (the largest frame is 64 kB) still arrives whole and
    # is answered, read in two pieces or more
    async def hello() -> Any:
        async with connect(f"wss://127.0.0.1:{served.port}/", ssl=context) as ws:
            await ws.send(json.dumps({"type": "hello", "name": "x" * 60_000}))
            return json.loads(await asyncio.wait_for(ws.recv(), 10))

    assert asyncio.run(hello())["data"] == {"reason": "wrong_version"}
