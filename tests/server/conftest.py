"""A game server on loopback for each test: self-signed TLS, its data and
log in the test's own folder."""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import signal
import socket
import ssl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from holdem_desktop.server.certs import fingerprint_of_file, self_signed, server_context
from holdem_desktop.server.cluster import Directory, leaf_pem, process_id
from holdem_desktop.server.config import ServerConfig
from holdem_desktop.server.fast_loop import fast_ws_available, uvloop_available
from holdem_desktop.server.service import GameServer
from holdem_desktop.server.store import RoomStore

LOOPS = [pytest.param(False, id="asyncio"),
         pytest.param(True, id="uvloop", marks=pytest.mark.skipif(
             not uvloop_available(), reason="uvloop is not installed (no wheel for Windows)"))]
"""The server's two loops (``uvloop`` setting), for the tests of what each
must hold alike: the standard library's, and uvloop's where it is installed
(the default there)."""


LAYERS = [pytest.param(True, id="picows", marks=pytest.mark.skipif(
              not fast_ws_available(), reason="picows is not installed (the server extra)")),
          pytest.param(False, id="websockets")]
"""The server's two connection layers (``picows`` setting): picows' where it
is installed (the default there: server/fast_ws.py), and ``websockets``'."""
LAYER: dict[str, bool] = {}
"""The layer the servers of a test that asks for one run on (:func:`layer`)."""


def layered(request: Any, monkeypatch: Any) -> bool:
    """For an autouse fixture parametrized by :data:`LAYERS`: every server the
    test starts runs on that layer."""
    monkeypatch.setitem(LAYER, "picows", request.param)
    return bool(request.param)


class Served:
    """A running server and what a client needs to reach it."""

    def __init__(self, server: GameServer, fingerprint: str, data: Path) -> None:
        self.server = server
        self.port = server.port
        self.fingerprint = fingerprint
        self.data = data

    def health(self) -> dict[str, Any]:
        return health(self.port)


def insecure_context() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def health(port: int) -> dict[str, Any]:
    """``GET /health`` over TLS."""
    with urllib.request.urlopen(f"https://127.0.0.1:{port}/health", timeout=10,
                                context=insecure_context()) as answer:
        assert answer.headers["Content-Type"] == "application/json"
        data: dict[str, Any] = json.loads(answer.read())
        return data


def start_server(data: Path, **settings: Any) -> Served:
    """A server on 127.0.0.1, any free port, with a self-signed certificate
    in ``data``.  Scripted players act far faster than people: the message
    rate is raised unless a test sets it."""
    config = replace(ServerConfig(bind="127.0.0.1", port=0, self_signed=True, data=data),
                     **({"rate": 10_000.0, "burst": 10_000.0} | LAYER | settings))
    server = GameServer(config, store=RoomStore(data / "rooms"))
    cert, key = self_signed(data / "tls")
    server.ssl = server_context(cert, key)
    server.cert_pem = leaf_pem(cert)
    if config.redis:
        server.directory = Directory(config.redis, process_id(data), heartbeat=config.heartbeat,
                                     timeout=config.redis_timeout)
    server.start()
    return Served(server, fingerprint_of_file(cert), data)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    s = start_server(tmp_path / "server")
    yield s
    s.server.stop()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    """Start servers with settings of the test's own (all stopped after)."""
    started: list[Served] = []

    def make(**settings: Any) -> Served:
        s = start_server(tmp_path / f"server{len(started)}", **settings)
        started.append(s)
        return s

    yield make
    for s in started:
        s.server.stop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """A real ``redis-server`` on loopback, in the test's folder."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"redis://127.0.0.1:{self.port}/0"
        end = time.monotonic() + 20
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGCONT)  # a paused one must hear SIGTERM
        self.process.terminate()
        self.process.wait(10)


needs_redis = pytest.mark.skipif(shutil.which("redis-server") is None,
                                 reason="needs the Debian package redis-server")


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis")
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url


@pytest.fixture
def desktop(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    import pygame

    from holdem_desktop.app import Desktop
    from holdem_desktop.speech import RecordingSpeaker

    pygame.display.init()
    d = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    d.settings = d.settings.updated(player_name="Mara", players=2, strength="easy")
    yield d
    d.close_room()
    pygame.display.quit()


def said(d: Any) -> list[str]:
    return [text for text, _ in d.speech.speaker.calls]


def settle(app: Any, others: list[Any], seconds: float = 0.3) -> None:
    """Let messages cross both ways: the window polls, the scripted players pump."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for p in others:
            p.pump()
        if app.poll():
            app.frame()
        time.sleep(0.01)
