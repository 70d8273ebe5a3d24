"""A web page at one process of a server, in a room another process holds
(``serve --redis``): two real ``serve`` processes with TLS and a real
``redis-server``.  The page's connection is sent on by the one path a
desktop's takes (server/service.py ``_take_in``): joined by code, by
invitation, by a listed table, by Play now, to watch; its limits still hold
there (a malformed or oversized message refused to it alone); in a real
browser at phone size, a hand played with desktops at the other process,
the page saying what the desktop says, chat both ways, and a dropped
connection back at its seat.  The browser test is Linux only, as
test_web_page.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.lobby_messages import PlayNow
from holdem_desktop.net.protocol import Hello
from holdem_desktop.ui.action_panel import Command
from tests.net.test_host import run_until

from .conftest import health, needs_redis
from .process import ServeProcess
from .test_public_tables import player
from .test_web_lobby import until
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    CHROMIUM,
    DRIVER,
    SHOTS,
    DesktopPlayer,
    browser,
    console_errors,
    first_hand,
    listen,
    live,
    pages,
    press_if,
    wait_for,
)
from .test_web_socket import page_socket

pytestmark = needs_redis


@pytest.fixture
def two(tmp_path, redis_url):
    """Processes A and B of one server (TLS, each its own certificate)."""
    started = [ServeProcess("--bind", "127.0.0.1", "--port", "0", "--data", str(tmp_path / name),
                            "--self-signed", "--redis", redis_url, "--heartbeat", "0.3")
               for name in ("a", "b")]
    for p in started:
        p.wait_ready()
    yield started
    for p in started:
        p.stop()


class Cable:
    """The phone's network: a TCP forwarder to ``port`` that the test can cut
    (every connection through it dropped at once, as when a phone sleeps)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            far = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.open += [near, far]
            for one, other in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(one, other), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def cut(self) -> None:
        with self.lock:
            cut, self.open = self.open, []
        for s in cut:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self.listener.close()
        self.cut()


def test_pages_at_a_join_a_listed_table_play_now_and_watch_at_b_within_their_limits(two):
    a, b = two
    ann = player(b, "Ann", 1, PlayNow("Ann", __version__))  # a public table at B
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 30)

        async def visit() -> None:
            origin = f"https://127.0.0.1:{a.port}"
            async with page_socket(a, origin) as pia, page_socket(a, origin) as quin, \
                    page_socket(a, origin) as wes:
                for ws in (pia, quin, wes):
                    await ws.send(json.dumps({"lang": "en"}))
                # A's lobby lists B's table; a touch on it joins it, through A
                await pia.send(json.dumps({"lobby": 1}))
                await until(pia, lambda m: any(t["code"] == ann.code for t in m.get(
                    "tables", {}).get("tables", [])), 30)
                await pia.send(json.dumps({"join": {"code": ann.code, "name": "Pia",
                                                    "public": True}}))
                joined = await until(pia, lambda m: "joined" in m, 30)
                assert joined["joined"]["code"] == ann.code and joined["joined"]["token"]
                await until(pia, lambda m: "view" in m, 30)
                # its limits hold at B: nonsense and an oversized line are refused
                # to her alone, and she plays on
                await pia.send("{")
                await until(pia, lambda m: m.get("error") == "malformed")
                await pia.send(json.dumps({"chat": "x" * 5000}))
                await until(pia, lambda m: m.get("error") == "malformed")
                await pia.send(json.dumps({"state": 1}))
                state = await until(pia, lambda m: "tell" in m)
                assert "Blinds 10 and 20." in state["tell"]  # (the table's, read at B)
                # Play now at A, which has no table: seated at B's
                await quin.send(json.dumps({"play_now": {"name": "Quin"}}))
                joined = await until(quin, lambda m: "joined" in m, 30)
                assert joined["joined"]["code"] == ann.code
                # Watch on the listed table, through A
                await wes.send(json.dumps({"join": {"code": ann.code, "name": "Wes",
                                                    "public": True, "watch": True}}))
                joined = await until(wes, lambda m: "joined" in m, 30)
                assert joined["joined"]["code"] == ann.code
                await until(wes, lambda m: "view" in m, 30)
                # the pages' members live at B, by the room; A holds no room
                assert (await asyncio.to_thread(health, b.port))["people"] >= 3
                assert (await asyncio.to_thread(health, a.port))["rooms"] == 0

        asyncio.run(visit())
    finally:
        ann.client.close()


@pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                    reason="needs Debian's chromium and chromium-driver (.ci/run installs them)")
def test_a_phone_at_a_plays_a_hand_in_a_room_of_b_and_comes_back_after_a_drop(
        two, pages):  # noqa: F811 (the fixture imported)
    from selenium.webdriver.common.by import By

    a, b = two
    dana = DesktopPlayer(b, "Dana")  # the room, at B (no room anywhere: B keeps it)
    bo = DesktopPlayer(b, "Bo", Hello("Bo", dana.remote.code, __version__))
    cable = Cable(a.port)
    ana = browser(390, 844)
    pages.append(ana)
    try:
        # her invitation names A's address (through her phone's network)
        ana.get(f"https://127.0.0.1:{cable.port}/?code={dana.remote.code}")
        listen(ana)
        assert ana.find_element(By.ID, "code").get_attribute("value") == dana.remote.code
        ana.find_element(By.ID, "name").send_keys("Ana")
        ana.find_element(By.ID, "join-button").click()
        wait_for(lambda: ana.find_element(By.ID, "table").is_displayed(), 60)

        def pump() -> None:
            dana.pump()
            bo.pump()

        wait_for(lambda: len([s for s in dana.remote.seats if s.name]) == 3, 60, between=pump)
        assert dana.panel.activate(Command.NEXT_HAND).done  # the host starts the game

        def everyone() -> None:
            dana.play()
            bo.play()
            press_if(ana, "press-check_call") or press_if(ana, "press-next_hand")

        wait_for(lambda: first_hand(dana.said, "") and first_hand(live(ana), ""), 120,
                 between=everyone)
        ana.save_screenshot(str(SHOTS / "phone-relayed.png"))
        # what her page said of Bo is word for word what the desktop said of him
        besides = ("Ana", "Dana", "You", "you")
        heard = first_hand(live(ana), "Bo", besides=besides)
        assert len(heard) >= 3
        assert heard == first_hand(dana.said, "Bo", besides=besides)
        # chat both ways, across the processes
        ana.find_element(By.ID, "line").send_keys("hello from A\n")
        wait_for(lambda: any(line.text == "hello from A" and line.name == "Ana"
                             for line in dana.remote.chat_lines), 60, between=pump)
        dana.remote.chat("hi Ana")
        wait_for(lambda: "hi Ana" in ana.find_element(By.ID, "chat").text, 60, between=pump)
        # her phone's network drops: the page says so, and takes her seat back
        # with the room's token, through A again
        before = len(live(ana))
        cable.cut()
        wait_for(lambda: any("reconnecting" in t for t in live(ana)[before:]), 60,
                 between=pump)
        wait_for(lambda: any(t.startswith("You ") for t in live(ana)[before + 1:]), 120,
                 between=everyone)
        assert [s.name for s in dana.remote.seats if s.name].count("Ana") == 1
        assert console_errors(ana) == []
    finally:
        cable.close()
        dana.client.close()
        bo.client.close()
