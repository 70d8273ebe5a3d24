"""What a client meets at the WebSocket layer, on both of the server's layers
(server/fast_ws.py on picows, and websockets'): a message sent in fragments
is read whole, fragments past the size limit end the connection as one
frame past it does (``too_large``, counted as abuse), text that is not
UTF-8 is refused with 1007, a binary message is read as its bytes, and a
player on the same server plays on through all of it."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from holdem_desktop import __version__
from holdem_desktop.net.protocol import MAX_FRAME
from tests.desktop import wait_for

from .conftest import LAYERS, Served, insecure_context, layered


@pytest.fixture(autouse=True, params=LAYERS)
def layer(request, monkeypatch):
    return layered(request, monkeypatch)


def create(name: str) -> str:
    return json.dumps({"v": 1, "type": "create", "name": name, "game_version": __version__,
                       "variant": "heads_up", "size": 2, "strength": "easy"})


async def first(ws, kind: str) -> dict:
    """The first message of type ``kind`` the server sends (within 20 s)."""
    async with asyncio.timeout(20):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == kind:
                return message


def run(served: Served, work) -> None:
    async def main() -> None:
        async with connect(f"wss://127.0.0.1:{served.port}/", ssl=insecure_context(),
                           max_size=1 << 20, compression=None, open_timeout=20) as ws:
            await work(ws)
    asyncio.run(main())


def test_a_message_in_fragments_is_read_whole(served):
    text = create("Mara")
    cut = len(text) // 3

    async def work(ws) -> None:
        await ws.send(iter([text[:cut], text[cut:2 * cut], text[2 * cut:]]))
        assert (await first(ws, "welcome"))["type"] == "welcome"
    run(served, work)
    assert served.server.stats["malformed"] == 0


def test_fragments_past_the_limit_end_the_connection_as_one_frame_past_it_does(served):
    part = " " * (MAX_FRAME // 2)

    async def work(ws) -> None:
        with pytest.raises(ConnectionClosed) as closed:
            await ws.send(iter([part, part, part]))  # (each under the limit, together over)
            await asyncio.wait_for(ws.recv(), 20)
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
    run(served, work)
    assert wait_for(lambda: served.server.stats["too_large"] == 1, 20)


def test_text_that_is_not_utf8_is_refused_and_a_binary_message_read_as_bytes(served):
    async def bad_text(ws) -> None:
        async with ws.send_context():  # (the library sends only valid text: a frame by hand)
            ws.protocol.send_text(b"\xff\xfe{}")
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007

    async def binary(ws) -> None:
        await ws.send(create("Ada").encode())  # (a binary message: its bytes are the JSON)
        assert (await first(ws, "welcome"))["type"] == "welcome"

    run(served, bad_text)
    run(served, binary)
