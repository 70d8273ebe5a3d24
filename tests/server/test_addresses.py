"""Whose address the limits count: behind a trusted reverse proxy the
player's (from X-Forwarded-For or Forwarded, its rightmost untrusted hop),
from anyone else the peer's own whatever the headers say; and a
connection counts against its address from accept on, so connections
that never finish their TLS handshake cannot crowd a friend out.

The test plays the proxy itself, over loopback: 127.0.0.1 is the trusted
proxy, other 127.x addresses are the players and the untrusted peers."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.datastructures import Headers
from websockets.exceptions import InvalidMessage, InvalidStatus

from holdem_desktop import __version__
from holdem_desktop.net.protocol import (
    Create,
    Hello,
    HostMessage,
    Refused,
    Welcome,
    parse_host,
    to_payload,
)
from holdem_desktop.server.config import ConfigError, parse_config
from holdem_desktop.server.proxies import Proxies, client_address
from tests.desktop import wait_for

from .conftest import LOOPS, Served, insecure_context


def _loopback_sources() -> bool:
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.2", 0))
    except OSError:
        return False
    return True


needs_sources = pytest.mark.skipif(not _loopback_sources(),
                                   reason="this system cannot send from 127.0.0.2")


def open_ws(served: Served, source: str = "127.0.0.1", headers: dict[str, str] | None = None
            ) -> Any:
    """A WebSocket to the server from ``source``, sending ``headers`` (the
    asyncio client: ``async with``)."""
    return ws_connect(f"wss://127.0.0.1:{served.port}/", ssl=insecure_context(),
                      server_hostname="127.0.0.1", additional_headers=headers or {},
                      local_addr=(source, 0), open_timeout=10)


async def answer(ws: ClientConnection, message: Any) -> HostMessage:
    """Send ``message``; the welcome or refusal that answers it."""
    await ws.send(to_payload(message).decode("ascii"))
    async with asyncio.timeout(10):
        while True:
            got = parse_host(str(await ws.recv()).encode())
            if isinstance(got, Welcome | Refused):
                return got


def ask(served: Served, message: Any, source: str = "127.0.0.1",
        headers: dict[str, str] | None = None) -> HostMessage:
    async def go() -> HostMessage:
        async with open_ws(served, source, headers) as ws:
            return await answer(ws, message)

    return asyncio.run(go())


def log_lines(served: Served) -> list[str]:
    path: Path = served.data / "log" / "server.log"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_the_rightmost_untrusted_hop_is_the_client():
    proxies = Proxies(["127.0.0.1", "127.128.0.0/9"])
    h = Headers([("X-Forwarded-For", "127.0.0.50, 127.0.0.60"),
                 ("X-Forwarded-For", "127.129.2.3")])
    assert proxies.client("127.0.0.1", h) == "127.0.0.60"  # 127.0.0.50: the client's claim
    assert proxies.client("127.0.0.1", Headers()) == "127.0.0.1"  # no header: the proxy
    assert proxies.client("127.0.0.1", Headers([("X-Forwarded-For", "127.128.0.9")])) == \
        "127.128.0.9"  # only trusted hops: the leftmost of them
    assert proxies.client("127.0.0.1", Headers([("X-Forwarded-For", "127.0.0.8, junk")])) == \
        "127.0.0.1"  # nonsense where a proxy writes: nothing to its left is believed
    forwarded = Proxies(["127.0.0.1"], "forwarded")
    h = Headers([("Forwarded", 'for=127.0.0.5;proto=https, for="[::ffff:127.0.0.7]:4711"'),
                 ("X-Forwarded-For", "127.0.0.99")])  # not the header this proxy writes
    assert forwarded.client("127.0.0.1", h) == "127.0.0.7"
    assert client_address("unknown") is None and client_address('"[::1]:80"') == "::1"
    assert not proxies.trusted("::1") and proxies.trusted("127.200.0.1")


def test_trusted_proxies_come_from_the_file_and_flags_and_bad_ones_are_refused(tmp_path):
    config = parse_config(["--insecure", "--trusted-proxy", "127.0.0.1",
                           "--trusted-proxy", "127.128.0.0/9", "--proxy-header", "Forwarded"])
    assert config.trusted_proxies == ("127.0.0.1", "127.128.0.0/9")
    assert config.proxy_header == "forwarded"
    assert parse_config(["--insecure"]).trusted_proxies == ()  # none unless named
    settings = tmp_path / "s.toml"
    settings.write_text('insecure = true\ntrusted_proxies = ["::1", "127.0.0.0/8"]\n',
                        encoding="utf-8")
    assert parse_config(["--config", str(settings)]).trusted_proxies == ("::1", "127.0.0.0/8")
    with pytest.raises(ConfigError, match="trusted_proxies"):
        parse_config(["--insecure", "--trusted-proxy", "proxy.example"])
    with pytest.raises(ConfigError, match="proxy_header"):
        parse_config(["--insecure", "--proxy-header", "X-Real-IP"])


@needs_sources
def test_behind_a_trusted_proxy_each_player_has_their_own_limits(make_server):
    served = make_server(trusted_proxies=("127.0.0.1",), max_per_address=2)
    made = ask(served, Create("Mara", __version__, "heads_up", 2, "easy"),
               headers={"X-Forwarded-For": "127.0.0.40"})
    assert isinstance(made, Welcome)
    wrong = "000000" if made.code != "000000" else "000001"
    # one player behind the proxy guesses codes: limited by their own address
    guesser = {"X-Forwarded-For": "127.0.0.50, 127.0.0.77"}  # 127.0.0.50: their own claim
    for _ in range(5):
        assert ask(served, Hello("Bo", wrong, __version__), headers=guesser) == \
            Refused("wrong_code")
    assert ask(served, Hello("Bo", made.code, __version__), headers=guesser) == \
        Refused("rate_limited")
    # ... changing the part of the header they write changes nothing
    assert ask(served, Hello("Bo", made.code, __version__),
               headers={"X-Forwarded-For": "127.0.0.51, 127.0.0.77"}) == Refused("rate_limited")
    # another player behind the same proxy is not limited by them
    assert isinstance(ask(served, Hello("Ada", made.code, __version__),
                          headers={"X-Forwarded-For": "127.0.0.78"}), Welcome)
    # connections at once are counted per player too, not per proxy
    async def crowd() -> None:
        async with contextlib.AsyncExitStack() as held:
            for _ in range(2):
                await held.enter_async_context(
                    open_ws(served, headers={"X-Forwarded-For": "127.0.0.90"}))
            with pytest.raises(InvalidStatus, match="429"):
                async with open_ws(served, headers={"X-Forwarded-For": "127.0.0.90"}):
                    pass
            async with open_ws(served, headers={"X-Forwarded-For": "127.0.0.91"}) as ws:
                assert await answer(ws, Hello("Cy", wrong, __version__)) == \
                    Refused("wrong_code")

    asyncio.run(crowd())
    # and the log names the players, not the proxy
    assert wait_for(lambda: any("127.0.0.77" in line and "rate_limited" in line
                                for line in log_lines(served)), 10)
    lines = log_lines(served)
    assert any("127.0.0.40" in line and "created" in line for line in lines)
    assert not any("127.0.0.50" in line for line in lines)
    assert not any("  127.0.0.1  " in line for line in lines)


@needs_sources
def test_the_header_from_a_peer_that_is_not_a_trusted_proxy_is_ignored(make_server):
    served = make_server(trusted_proxies=("127.0.0.1",))
    made = ask(served, Create("Mara", __version__, "heads_up", 2, "easy"))
    assert isinstance(made, Welcome)
    wrong = "000000" if made.code != "000000" else "000001"
    for k in range(5):  # each time claiming another address
        assert ask(served, Hello("Bo", wrong, __version__), source="127.0.0.2",
                   headers={"X-Forwarded-For": f"127.0.0.{100 + k}",
                            "Forwarded": f"for=127.0.0.{110 + k}"}) == Refused("wrong_code")
    assert ask(served, Hello("Bo", made.code, __version__), source="127.0.0.2",
               headers={"X-Forwarded-For": "127.0.0.120"}) == Refused("rate_limited")
    assert wait_for(lambda: any("127.0.0.2  " in line and "rate_limited" in line
                                for line in log_lines(served)), 10)
    assert not any("127.0.0.10" in line or "127.0.0.11" in line for line in log_lines(served))
    # the server without trusted proxies believes no header either
    plain = make_server()
    made = ask(plain, Create("Mara", __version__, "heads_up", 2, "easy"))
    assert isinstance(made, Welcome)
    for k in range(5):
        ask(plain, Hello("Bo", wrong, __version__), headers={"X-Forwarded-For": f"127.0.1.{k}"})
    assert ask(plain, Hello("Ada", made.code, __version__),
               headers={"X-Forwarded-For": "127.0.1.9"}) == Refused("rate_limited")


def half_open(port: int, source: str, hello: bool) -> socket.socket:
    """A connection that never finishes its TLS handshake: nothing sent, or
    the first bytes of a ClientHello and then silence."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    if hello:
        sock.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03")
    return sock


def cut_at_once(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` without waiting for a handshake."""
    sock.settimeout(5)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


@needs_sources
@pytest.mark.parametrize("uvloop", LOOPS)
def test_connections_that_never_finish_tls_count_against_their_address(make_server, uvloop):
    served = make_server(max_per_address=3, uvloop=uvloop)
    server = served.server
    limit = 3 + 4  # max_per_address and the room left to answer 429
    attacker: list[socket.socket] = []
    try:
        for k in range(limit):
            attacker.append(half_open(served.port, "127.0.0.2", hello=k % 2 == 0))
        assert wait_for(lambda: server._open["127.0.0.2"] == limit, 10)
        # the next ones from that address are closed at accept, before any handshake
        for _ in range(5):
            extra = half_open(served.port, "127.0.0.2", hello=False)
            assert cut_at_once(extra)
            extra.close()
        assert server.stats["busy"] >= 5
        # a TLS client from there cannot get in either, even with a WebSocket in mind
        with pytest.raises((OSError, ssl.SSLError, EOFError, InvalidMessage)):
            ask(served, Create("Bo", __version__, "heads_up", 2, "easy"), source="127.0.0.2")
        # a friend from another address gets in and plays
        made = ask(served, Create("Mara", __version__, "heads_up", 2, "easy"), source="127.0.0.3")
        assert isinstance(made, Welcome)
    finally:
        for sock in attacker:
            sock.close()
    # once they close, the address has its places back
    assert wait_for(lambda: server._open.get("127.0.0.2", 0) == 0, 10)
    assert isinstance(ask(served, Hello("Ada", made.code, __version__), source="127.0.0.2"),
                      Welcome)
