"""A hostile guest against the chat, over real loopback sockets (issue 24):
100 lines a second, 10 KB lines, control and bidi characters, and a
stranger joining and leaving in a loop.  Each receiver is told at most the
documented number of lines a second (stamped as they arrive, on the
client's own thread), and the game goes on."""

from __future__ import annotations

import random
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net import chat
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.protocol import Chat, Hello, Leave, News, Said
from holdem_desktop.net.room import Room
from tests.net.conftest import ROOM_CODE, lan_client
from tests.net.test_room_life import OPEN, Window, run_until


@pytest.fixture(autouse=True)
def close_windows():
    yield
    while OPEN:
        OPEN.pop().close()


def stamp(window: Window) -> list[tuple[float, object]]:
    """Each chat line and piece of news, with when it reached the client."""
    stamps: list[tuple[float, object]] = []
    put = window.client.inbox.put

    def stamped(item, *args, **kwargs):
        if isinstance(item, Said | News):
            stamps.append((time.monotonic(), item))
        put(item, *args, **kwargs)

    window.client.inbox.put = stamped  # type: ignore[method-assign]
    return stamps


def most_in_a_second(times: list[float]) -> int:
    times = sorted(times)
    return max((sum(1 for u in times[k:] if u - t < 1.0) for k, t in enumerate(times)),
               default=0)


def test_a_flood_is_stopped_at_the_server_and_play_goes_on(tmp_path):
    room = Room(shipped_variant("tournament"), ROOM_CODE, size=3, game_version=__version__,
                rng=random.Random(3), clock=time.monotonic)
    # The server's own per-connection limit is opened wide: the chat's rules do the work.
    server = RoomServer(room, "127.0.0.1", 0, tick=0.05, rate=10_000.0, burst=10_000.0,
                        log_path=tmp_path / "host.log")
    server.start()
    try:
        mara = Window("Mara", server)
        bruno = Window("Bruno", server)
        heard = {"Mara": stamp(mara), "Bruno": stamp(bruno)}
        windows = [mara, bruno]
        mara.remote.new_game()
        assert run_until(windows, lambda: room.session is not None
                         and room.session.hands_played >= 1)
        eve = lan_client(server)  # a watcher: the game does not wait for her
        eve.connect()
        eve.send(Hello("Eve", ROOM_CODE, __version__))
        assert run_until(windows, lambda: len(room.members) == 3)
        hands = room.session.hands_played
        bad = ["x" * 10_000, "hi\x07\x1b[31m", "abc\u202edcba", "\u2066evil\u2069",
               "a\u200bb", "line\nbreak"]
        start = time.monotonic()
        k = 0
        # 100 lines a second (as fast as this machine sends them: at least 150
        # lines, and 3 seconds), and a join/leave loop
        while (time.monotonic() - start < 3.0 or k < 150) and time.monotonic() - start < 30:
            k += 1
            eve.send(Chat(text=bad[k % len(bad)] if k % 3 == 0 else f"spam spam {k}"))
            if k % 5 == 0:
                ghost = lan_client(server)
                ghost.connect()
                ghost.send(Hello(f"Ghost{k % 9}", ROOM_CODE, __version__))
                ghost.send(Leave())
                ghost.close(timeout=1)
            for w in windows:
                w.pump()
            time.sleep(0.01)
        assert k >= 150
        run_until(windows, lambda: False, 1.5)  # what was held back comes, folded
        for name, stamps in heard.items():
            lines = [t for t, m in stamps if isinstance(m, Said)]
            news = [t for t, m in stamps if isinstance(m, News)]
            assert lines and news, name
            folded = [m for _t, m in stamps if isinstance(m, News) and m.what == "came_and_went"]
            assert folded and len({n for m in folded for n in m.names}) >= 5, name
            assert most_in_a_second(lines) <= chat.ROOM_BURST + chat.ROOM_RATE, name
            assert most_in_a_second(news) <= chat.NEWS_BURST + chat.NEWS_RATE, name
            said = [m for _t, m in stamps if isinstance(m, Said)]
            assert all(len(m.text) <= 200 and m.text.isprintable() for m in said)
        assert len([1 for _t, m in heard["Mara"] if isinstance(m, Said)]) <= chat.BURST
        # Eve was warned, then muted; the host was not told yet (her first mute)
        assert room.chat.guard(room.members[2].key).mutes >= 1
        # The refusals are in the host log by reason and length, never the words
        log = (tmp_path / "host.log").read_text(encoding="utf-8")
        assert "chat_too_long (10000 characters)" in log or "chat_muted" in log
        assert "spam" not in log and "evil" not in log and "xxxx" not in log
        # the game went on, and nobody the flood was aimed at lost the connection
        assert run_until(windows, lambda: room.session.hands_played >= hands + 2, 30)
        assert not mara.remote.closed and not bruno.remote.closed
        eve.close(timeout=1)
    finally:
        server.stop()
