"""The server holds only the connections its limit of open files allows,
and says so at start, instead of leaving players past the limit at a
socket that never answers (``accept()`` failing with ``EMFILE``)."""

from __future__ import annotations

import asyncio
import contextlib
import sys

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from holdem_desktop.server.config import ServerConfig
from holdem_desktop.server.descriptors import FEWEST, SPARE, fit_connections, needed
from holdem_desktop.server.service import HANDSHAKE_ROOM, WINDOWS_CONNECTIONS

from .conftest import health, insecure_context
from .process import ServeProcess


class Limits:
    """The standard library's ``resource`` as Linux's and macOS's kernels
    answer: a soft limit may go up to the hard one, never past it (Linux:
    ``ValueError`` from Python's check), and macOS refuses past
    ``kern.maxfilesperproc`` (``ValueError``: Python sees EINVAL)."""

    RLIMIT_NOFILE = 7
    RLIM_INFINITY = -1

    def __init__(self, soft: int, hard: int, ceiling: int | None = None) -> None:
        self.soft, self.hard, self.ceiling = soft, hard, ceiling
        self.asked: list[tuple[int, int]] = []

    def getrlimit(self, which: int) -> tuple[int, int]:
        assert which == self.RLIMIT_NOFILE
        return self.soft, self.hard

    def setrlimit(self, which: int, limits: tuple[int, int]) -> None:
        assert which == self.RLIMIT_NOFILE
        self.asked.append(limits)
        soft, hard = limits
        if hard != self.hard or (self.hard != self.RLIM_INFINITY and soft > self.hard):
            raise ValueError("not allowed to raise maximum limit")
        if self.ceiling is not None and soft > self.ceiling:
            raise ValueError("current limit exceeds maximum limit")
        self.soft = soft


def test_the_soft_limit_is_raised_to_what_the_connections_need():
    limits = Limits(1024, 524288)  # Linux: a shell's, or a systemd service's
    config, notice = fit_connections(ServerConfig(), limits, "linux")
    assert notice is None and config.max_connections == 2000
    assert limits.soft == needed(2000) == 2000 + HANDSHAKE_ROOM + SPARE
    unlimited = Limits(256, Limits.RLIM_INFINITY)
    assert fit_connections(ServerConfig(), unlimited, "darwin") == (ServerConfig(), None)
    assert unlimited.soft == needed(2000)
    roomy = Limits(65536, 65536)
    assert fit_connections(ServerConfig(), roomy, "linux") == (ServerConfig(), None)
    assert roomy.asked == []  # (never lowered)


def test_what_the_hard_limit_refuses_comes_off_max_connections_and_is_said():
    limits = Limits(1024, 1024)
    config, notice = fit_connections(ServerConfig(), limits, "linux")
    assert config.max_connections == 1024 - HANDSHAKE_ROOM - SPARE
    assert notice is not None
    for words in ("2000", "1024", str(config.max_connections), str(needed(2000)),
                  "LimitNOFILE", "ulimit -n"):
        assert words in notice, (words, notice)
    # macOS past kern.maxfilesperproc: what it allows is kept
    mac = Limits(256, Limits.RLIM_INFINITY, ceiling=1000)
    config, notice = fit_connections(ServerConfig(max_connections=5000), mac, "darwin")
    assert notice is not None and config.max_connections == 256 - HANDSHAKE_ROOM - SPARE
    tiny = Limits(100, 100)
    assert fit_connections(ServerConfig(), tiny, "linux")[0].max_connections == FEWEST


def test_windows_holds_what_its_loop_can_watch_and_says_so():
    config, notice = fit_connections(ServerConfig(), None, "win32")
    assert config.max_connections == WINDOWS_CONNECTIONS
    assert notice is not None and "2000" in notice and str(WINDOWS_CONNECTIONS) in notice
    small = ServerConfig(max_connections=100)
    assert fit_connections(small, None, "win32") == (small, None)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX's limit of open files (rlimit)")
def test_a_server_short_of_descriptors_tells_players_past_them_it_is_full(tmp_path):
    files = 200  # soft and hard: nothing to raise
    allowed = files - HANDSHAKE_ROOM - SPARE
    serve = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--self-signed",
                         "--data", str(tmp_path / "data"), "--max-per-address", "1000",
                         "--hello-deadline", "300",
                         files=files)
    try:
        port = serve.wait_ready()
        assert any(f"at most {allowed} connections" in e for e in serve.errors), serve.errors
        opened, refused = asyncio.run(_open_until_refused(port, files))
        assert (opened, refused) == (allowed, 503)
    finally:
        serve.stop()
    assert not [e for e in serve.errors if "Traceback" in e], serve.errors


async def _open_until_refused(port: int, most: int) -> tuple[int, int | None]:
    """Connections opened one after another until one is refused (its HTTP
    status) or ``most`` are open; the server's health asked with them open."""
    context = insecure_context()
    async with contextlib.AsyncExitStack() as stack:
        for opened in range(most):
            try:
                await stack.enter_async_context(
                    connect(f"wss://127.0.0.1:{port}/", ssl=context, open_timeout=15))
            except InvalidStatus as exc:
                # the server still answers, with every connection it took held
                answer = await asyncio.to_thread(health, port)
                assert answer["connections"] == opened
                return opened, exc.response.status_code
        return most, None
