"""The web page's socket without a browser: who may open it, what a page
that sends nonsense gets (its own refusal, and a closed connection after
too many), and that the rooms play on meanwhile."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from holdem_desktop.net.protocol import Ping, Pong

from .conftest import LAYERS, Served, insecure_context, layered
from .test_server import creator, next_message, run_until


@pytest.fixture(autouse=True, params=LAYERS)
def layer(request, monkeypatch):
    """Every test here on both of the server's connection layers."""
    return layered(request, monkeypatch)


async def answer(ws: ClientConnection, message: object) -> dict[str, Any]:
    await ws.send(message if isinstance(message, str) else json.dumps(message))
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return data


def page_socket(served: Served, origin: str | None) -> Any:
    return ws_connect(f"wss://127.0.0.1:{served.port}/web", ssl=insecure_context(),
                      open_timeout=10, origin=Origin(origin) if origin else None)


def test_the_pages_own_origin_is_admitted_and_another_sites_refused(served):
    async def visit() -> None:
        with pytest.raises(InvalidStatus) as refused:
            async with page_socket(served, "https://evil.example"):
                pass
        assert refused.value.response.status_code == 403
        # the browser sends Host 127.0.0.1:port, and the page came from there
        async with page_socket(served, f"https://127.0.0.1:{served.port}") as ws:
            words = await answer(ws, {"lang": "it"})
            assert words["words"]["actions"] == "Azioni"

    asyncio.run(visit())


def test_a_page_that_sends_nonsense_is_refused_alone_and_closed_in_the_end(served):
    player = creator(served)  # a desktop in a room, meanwhile
    try:
        async def visit() -> None:
            async with page_socket(served, f"https://127.0.0.1:{served.port}") as ws:
                for nonsense in ("{", "[1, 2]", {"press": "shout"}, {"a": 1, "b": 2},
                                 {"join": {"code": 7}}):
                    assert await answer(ws, nonsense) == {"error": "malformed"}
                # a code no room has: said in the page's language, on the form
                assert (await answer(ws, {"lang": "en"}))["words"]
                await ws.send(json.dumps({"join": {"code": "000000", "name": "Eve"}}))
                refused = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert refused["error"] and refused["error"] != "malformed"
                with pytest.raises(ConnectionClosed):  # more nonsense than allowed
                    for _ in range(40):
                        await answer(ws, "nonsense")

        asyncio.run(visit())
        player.client.send(Ping(5))  # the desktop player never noticed
        assert next_message(player.client, (Pong,)) == Pong(5)
        assert served.health()["people"] == 1
    finally:
        player.client.close()


def test_a_page_may_not_join_under_a_name_an_account_holds(served):
    """A page is a guest: the name an account reserved is refused it as it is
    to a game, in the page's words, and the room never sees it."""
    from .test_accounts import signed_in

    signed_in(served, "Ann")
    player = creator(served)
    try:
        run_until([player], lambda: player.code != "", 10)
        async def visit() -> None:
            async with page_socket(served, f"https://127.0.0.1:{served.port}") as ws:
                assert (await answer(ws, {"lang": "en"}))["words"]
                for name in ("Ann", "\uff21NN"):  # (full-width A: the same name)
                    await ws.send(json.dumps({"join": {"code": player.code, "name": name}}))
                    refused = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    assert set(refused) == {"error"} and refused["error"] != "malformed"
                    assert refused["error"].startswith("That name is reserved by an account")
                # a name of its own still sits down
                await ws.send(json.dumps({"join": {"code": player.code, "name": "Bea"}}))
                while "joined" not in (got := json.loads(await asyncio.wait_for(ws.recv(), 10))):
                    assert "error" not in got, got

        asyncio.run(visit())
    finally:
        player.client.close()


def test_a_page_that_speaks_stays_and_a_silent_one_is_closed_after_idle_seconds(make_server):
    """The page's idle clock (server/silence.py): asking for its words five
    times a second for three idle spans keeps the socket; silent, it is
    told so in its words and closed with the reason "idle"."""
    served = make_server(idle=0.8)

    async def visit() -> None:
        async with page_socket(served, f"https://127.0.0.1:{served.port}") as ws:
            loop = asyncio.get_running_loop()
            end = loop.time() + 2.4
            while loop.time() < end:
                assert (await answer(ws, {"lang": "en"}))["words"]
                await asyncio.sleep(0.2)  # (the page's pace; each answer is waited for)
            began = loop.time()
            heard = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    heard.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            assert loop.time() - began >= 0.4
            assert len(heard) == 1 and heard[0]["error"]  # said in the page's words
            assert closed.value.rcvd is not None and closed.value.rcvd.reason == "idle"

    asyncio.run(visit())
