"""LAN rooms over TLS (issue 23, item 2), on real loopback sockets: a
stranger reading the wire sees no card, name, code or token; a client
pinned to another certificate sends nothing; bytes that are not TLS are
dropped without disturbing the table; the host's certificate is made once
and kept."""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import sys
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.client import RoomClient
from holdem_desktop.net.protocol import Hello, NewGame, Refused, encode, parse_host
from holdem_desktop.net.tls import CertificateProblem, host_identity
from tests.net.conftest import ROOM_CODE, tls_socket
from tests.net.test_host import Player, host_of, run_until
from tests.server.proxy import Proxy

NAMES = ("Marigoldina", "Adalberta")
"""Names no TLS record could hold by chance."""


def seated(server, proxy: Proxy | None = None, **options) -> list[Player]:
    """Two people at ``server``'s room (through ``proxy`` when given), seated,
    the first game begun."""
    port = proxy.port if proxy is not None else server.port
    players = [Player(name, server, k, restart=True,
                      client=RoomClient("127.0.0.1", port, pin=server.fingerprint, **options),
                      first=Hello(name, ROOM_CODE, __version__))
               for k, name in enumerate(NAMES)]
    run_until(players, lambda: all(p.seat is not None for p in players), 10)
    assert all(p.seat is not None for p in players)
    host_of(players).client.send(NewGame())
    return players


def hands(server) -> int:
    session = server.room.session
    return session.hands_played if session is not None else 0


def test_a_passive_reader_on_the_wire_sees_no_card_name_code_or_token(served):
    server = served(2)
    proxy = Proxy(server.port, record=True)
    players: list[Player] = []
    try:
        players = seated(server, proxy, record=True)
        run_until(players, lambda: hands(server) >= 5, 60)
        assert hands(server) >= 5, dict(server.stats)
    finally:
        for p in players:
            p.client.close()
        proxy.close()
    # What the players read (inside TLS) holds all of it...
    clear = b"".join(bytes(p.client.received) for p in players)
    secrets_ = [name.encode() for name in NAMES] + [p.token.encode() for p in players]
    secrets_ += [ROOM_CODE.encode(), b'"hole"', b"HoleCardsDealt", b'"type"']
    assert all(len(s) >= 6 for s in secrets_[:4]) and all(s in clear for s in secrets_)
    # ...and none of it crossed the wire readable: every stream (each
    # direction of each connection) is TLS records from its first byte.
    streams = [bytes(s) for s in proxy.streams]
    assert len(streams) == 4 and sum(map(len, streams)) > 20_000
    for stream in streams:
        assert stream[:1] == b"\x16" and stream[1:2] == b"\x03"  # a TLS handshake record
        for secret in secrets_:
            assert secret not in stream, secret


def test_a_client_pinned_to_another_certificate_sends_nothing(served, tmp_path):
    server = served(2)
    other = host_identity(tmp_path / "another").fingerprint
    assert other != server.fingerprint
    stranger = RoomClient("127.0.0.1", server.port, pin=other)
    with pytest.raises(CertificateProblem) as refused:
        stranger.connect()
    assert refused.value.kind == "changed"
    assert refused.value.info.fingerprint == server.fingerprint  # what was shown instead
    unpinned = RoomClient("127.0.0.1", server.port)
    with pytest.raises(CertificateProblem) as unknown:
        unpinned.connect()
    assert unknown.value.kind == "unknown"
    assert unknown.value.info.fingerprint == server.fingerprint
    assert unknown.value.info.issuer == unknown.value.info.name  # self-signed
    # Neither said anything to the room; a pinned friend then joins as usual.
    run_until([], lambda: server.stats["dropped"] >= 2, 5)
    assert server.stats["messages"] == 0 and not server.room.members
    friend = RoomClient("127.0.0.1", server.port, pin=server.fingerprint.lower())
    friend.connect()
    try:
        friend.send(Hello("Ada", ROOM_CODE, __version__))
        assert type(friend.get(timeout=5)).__name__ == "Welcome"
        assert friend.certificate is not None
        assert friend.certificate.fingerprint == server.fingerprint
    finally:
        friend.close()


def raw(data: bytes, port: int, address: str, seconds: float = 5.0) -> bytes:
    """Send ``data`` on a plain TCP connection from ``address``; what came back
    before the host closed it (or ``seconds`` ran out)."""
    got = b""
    with socket.socket() as sock:
        sock.bind((address, 0))
        sock.settimeout(seconds)
        sock.connect(("127.0.0.1", port))
        with contextlib.suppress(OSError):
            sock.sendall(data)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                more = sock.recv(4096)
            except TimeoutError:
                raise AssertionError("the host kept a plain-text connection open") from None
            except OSError:
                break  # reset: dropped
            if not more:
                break
            got += more
    return got


def test_plain_text_to_the_room_port_is_dropped_and_the_table_plays_on(served, tmp_path):
    server = served(2)
    players = seated(server)
    try:
        run_until(players, lambda: hands(server) >= 1, 20)
        before = hands(server)
        attempts = [
            encode(Hello("Eve", ROOM_CODE, __version__)),  # an older game's hello, in clear
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            bytes(range(256)) * 4,
        ]
        for data in attempts:
            answer = raw(data, server.port, "127.0.0.77")
            assert b"Eve" not in answer and b"HTTP" not in answer and b"{" not in answer
        # (counted just after: the handshake's failure closes the connection first)
        run_until(players, lambda: server.stats["not_tls"] == 3, 5)
        assert server.stats["not_tls"] == 3 and server.refusals["not_tls"] == 3
        # (three drops for abuse: that address is barred for a minute, told so inside TLS)
        with tls_socket(server, "127.0.0.77") as sock:
            assert b"rate_limited" in sock.recv(4096)
        # Nobody else noticed: the same two play on, the room is whole.
        run_until(players, lambda: hands(server) >= before + 3, 30)
        assert hands(server) >= before + 3
        assert not any(p.closed for p in players)
        assert [m.name for m in server.room.members] == list(NAMES)
        log = (tmp_path / "host.log").read_text(encoding="utf-8")
        assert log.count("127.0.0.77  not_tls") == 3 and "Eve" not in log
    finally:
        for p in players:
            p.client.close()


def test_a_silent_connection_is_closed_at_the_hello_deadline_inside_the_handshake(served):
    server = served(2, hello_deadline=0.5)
    start = time.monotonic()
    assert raw(b"", server.port, "127.0.0.78") == b""
    assert time.monotonic() - start < 3.0
    run_until([], lambda: server.stats["hello_timeout"] == 1, 5)
    assert server.stats["hello_timeout"] == 1 and server.refusals["hello_timeout"] == 1


def test_a_refusal_is_said_inside_tls(served):
    server = served(2, max_per_address=1)
    with tls_socket(server, "127.0.0.79"), tls_socket(server, "127.0.0.79") as second:
        data = second.recv(4096)
    assert parse_host(data[4:]) == Refused("busy")
    assert server.refusals["busy"] == 1


def test_the_hosts_certificate_is_made_once_kept_and_remade_when_damaged(tmp_path):
    folder = tmp_path / "room_certificate"
    first = host_identity(folder)
    assert host_identity(folder).fingerprint == first.fingerprint  # kept, across launches
    if sys.platform != "win32":  # Windows has no such modes: AppData's ACL keeps it the player's
        assert stat.S_IMODE(os.stat(folder / "key.pem").st_mode) == 0o600  # the key: owner only
    (folder / "cert.pem").write_text("not a certificate", encoding="ascii")
    again = host_identity(folder)  # damaged: a new one, rather than no room at all
    assert again.fingerprint != first.fingerprint
    assert host_identity(folder).fingerprint == again.fingerprint
