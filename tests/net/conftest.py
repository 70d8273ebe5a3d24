"""Fixtures of the room tests: a room served on loopback, on the test's clock."""

from __future__ import annotations

import random
import socket
import ssl

import pytest

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.client import RoomClient
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.room import Room
from holdem_desktop.net.tls import peer_certificate, pinned_context
from tests.clock import Clock

ROOM_CODE = "314159"
CORE_CODE = "428913"
"""The code of the room core fed messages without a socket (:func:`room`)."""


@pytest.fixture
def room() -> Room:
    """A room core of three seats, game version "1", on a clock of its own
    (``room.test_clock``), fed messages by the test."""
    clock = Clock()
    r = Room(shipped_variant("tournament"), CORE_CODE, size=3, game_version="1",
             rng=random.Random(7), clock=clock)
    r.test_clock = clock  # type: ignore[attr-defined]
    return r


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def served(clock, tmp_path):
    """Rooms (three seats unless said, the tournament's rules unless a
    ``variant`` is given, their deck shuffled from ``seed``) on loopback, their clock the test's;
    they tick often, and write their log in the test's folder."""
    servers: list[RoomServer] = []

    def make(size: int = 3, variant=None, seed: int = 11, **options) -> RoomServer:
        room = Room(variant or shipped_variant("tournament"), ROOM_CODE, size=size,
                    game_version=__version__, rng=random.Random(seed), clock=clock)
        server = RoomServer(room, "127.0.0.1", 0, tick=0.02, rate=10_000.0, burst=10_000.0,
                            log_path=tmp_path / "host.log", **options)
        server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


def lan_client(server: RoomServer, **options) -> RoomClient:
    """A client of ``server`` on loopback that pins its certificate, as a
    joiner who found the room by its beacon or invitation does."""
    return RoomClient("127.0.0.1", server.port, pin=server.fingerprint, **options)


def tls_socket(server: RoomServer, bind: str | None = None,
               timeout: float = 5.0) -> ssl.SSLSocket:
    """A blocking socket speaking TLS to ``server`` (from ``bind``, a
    loopback address, when given), its certificate checked against the
    server's pin: the frames a test writes on it are the protocol's own."""
    raw = socket.socket()
    try:
        if bind is not None:
            raw.bind((bind, 0))
        raw.settimeout(timeout)
        raw.connect(("127.0.0.1", server.port))
        sock = pinned_context().wrap_socket(raw)
    except BaseException:
        raw.close()
        raise
    if peer_certificate(sock).fingerprint != server.fingerprint:
        sock.close()
        raise AssertionError("the host showed another certificate")
    return sock
