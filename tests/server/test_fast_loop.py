"""The server's loop (issue 38): Python's own by default, uvloop's with
``--uvloop`` (or ``uvloop = true`` in the settings file) where installed; on
uvloop the per-address gate still sees every connection at accept
(tests/server/test_addresses.py and test_server.py run the gate's tests on
both loops)."""

from __future__ import annotations

import asyncio
import socket

import pytest

from holdem_desktop.server.config import parse_config
from holdem_desktop.server.fast_loop import loop_factory, uvloop_available
from tests.desktop import wait_for

from .conftest import LOOPS


def test_uvloop_is_asked_for_not_the_default(tmp_path):
    # its p99 was the longer at 300 and 450 rooms (docs/server.md, "A loop in C")
    assert parse_config(["--insecure"]).uvloop is False
    assert parse_config(["--insecure", "--uvloop"]).uvloop is True
    settings = tmp_path / "server.toml"
    settings.write_text("uvloop = true\n", encoding="utf-8")
    assert parse_config(["--insecure", "--config", str(settings)]).uvloop is True
    assert parse_config(["--insecure", "--config", str(settings), "--no-uvloop"]).uvloop \
        is False  # the command line over the file
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
