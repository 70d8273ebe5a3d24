"""The LAN host's gate at accept (net/limits.py's Listener), on every
system's loop: each connection counts against its address from accept until
its socket is closed, and past ``max_sockets`` one is closed at accept.
Windows' default loop (proactor) accepts with AcceptEx, past the gate: under
it the second connection below was never refused, so the host runs on a
selector loop everywhere.  ``.ci/windows`` runs this file on the Windows
CPython (.ci/windows-tests)."""

from __future__ import annotations

import ssl
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.protocol import Hello, Refused, Welcome, encode, parse_host
from tests.net.conftest import ROOM_CODE, tls_socket


def answer(sock: ssl.SSLSocket) -> object:
    """The host's first message on ``sock``."""
    data = b""
    while len(data) < 4 or len(data) < 4 + int.from_bytes(data[:4], "big"):
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError(f"closed after {data!r}")
        data += chunk
    return parse_host(data[4:4 + int.from_bytes(data[:4], "big")])


def welcomed_within(server, seconds: float) -> object:
    """A newcomer's hello answered, tried until it is welcomed (the host
    gives a closed connection's place back when its socket is closed)."""
    end = time.monotonic() + seconds
    while True:
        try:
            with tls_socket(server) as sock:
                sock.sendall(encode(Hello("Ada", ROOM_CODE, __version__)))
                said: object = answer(sock)
        except OSError as exc:  # closed at accept (crowded): not given back yet
            said = exc
        if isinstance(said, Welcome) or time.monotonic() > end:
            return said


def test_each_connection_counts_against_its_address_from_accept_until_closed(served):
    server = served(2, max_per_address=1)
    with tls_socket(server), tls_socket(server) as second:
        assert answer(second) == Refused("busy")
    assert server.refusals["busy"] == 1
    # both closed: their places are given back, and the same address is welcomed
    assert isinstance(welcomed_within(server, 10), Welcome)


def test_past_max_sockets_a_connection_is_closed_at_accept_and_the_host_goes_on(served):
    server = served(2, max_sockets=2)
    with tls_socket(server), tls_socket(server):
        # closed before its TLS handshake: nothing said
        with pytest.raises(OSError), tls_socket(server) as third:
            third.recv(4096)
        assert server.refusals["crowded"] == 1
    assert isinstance(welcomed_within(server, 10), Welcome)
    log = server.log.path.read_text(encoding="utf-8") if server.log.path else ""
    assert "crowded" in log
