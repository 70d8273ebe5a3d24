"""Fixtures of the room tests: a room served on loopback, on the test's clock."""

from __future__ import annotations

import random

import pytest

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.room import Room
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
    """Rooms (three seats unless said) on loopback, their clock the test's;
    they tick often, and write their log in the test's folder."""
    servers: list[RoomServer] = []

    def make(size: int = 3, **options) -> RoomServer:
        room = Room(shipped_variant("tournament"), ROOM_CODE, size=size,
                    game_version=__version__, rng=random.Random(11), clock=clock)
        server = RoomServer(room, "127.0.0.1", 0, tick=0.02, rate=10_000.0, burst=10_000.0,
                            log_path=tmp_path / "host.log", **options)
        server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()
