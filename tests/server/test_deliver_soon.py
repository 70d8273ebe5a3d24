"""The people's messages taken in during one turn of the server's loop are
delivered together, in the next turn (issue 38): one delivery saves every
room that moved and then writes every answer, rather than a save, an
encoding and a write after each message.  A delivery that fails is logged
and the next message asks for another: the rooms play on."""

from __future__ import annotations

import asyncio

from holdem_desktop.server.config import ServerConfig
from holdem_desktop.server.service import GameServer


def test_messages_of_one_turn_share_one_delivery_in_the_next_and_a_failure_is_logged(
        tmp_path):
    server = GameServer(ServerConfig(data=tmp_path))
    delivered: list[int] = []
    logged: list[str] = []
    fail = [False]

    def deliver() -> None:
        delivered.append(len(delivered))
        if fail[0]:
            raise RuntimeError("a room's fault")

    server._deliver = deliver  # type: ignore[method-assign]
    server._event = lambda address, room, event: logged.append(event)  # type: ignore[method-assign]

    async def play() -> None:
        server._loop = asyncio.get_running_loop()
        for _ in range(3):  # three messages taken in during this turn
            server._deliver_soon()
        assert delivered == []  # not yet: their answers leave together
        await asyncio.sleep(0)
        assert delivered == [0]  # one delivery for the three, in the next turn
        await asyncio.sleep(0)
        assert delivered == [0]  # and none asked since
        fail[0] = True
        server._deliver_soon()
        await asyncio.sleep(0)
        assert delivered == [0, 1] and logged == ["deliver_error RuntimeError"]
        fail[0] = False
        server._deliver_soon()  # the next message is delivered as before
        await asyncio.sleep(0)
        assert delivered == [0, 1, 2]

    asyncio.run(play())


def test_without_a_loop_a_delivery_is_at_once(tmp_path):
    server = GameServer(ServerConfig(data=tmp_path))
    delivered: list[str] = []
    server._deliver = lambda: delivered.append("now")  # type: ignore[method-assign]
    server._deliver_soon()
    assert delivered == ["now"]
