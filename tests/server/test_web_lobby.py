"""A web page at the lobby's public tables, through the page's socket (no
browser): the list as the desktop's Lobby words it, following the server;
Join on a listed table and Play now, sent as a desktop sends them (the
accounts' reserved names refused a page as a game); a malformed join
refused to that page alone; the turn clock's time left (the desktop's K)
and its warning said to the page in the desktop's words."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection

from holdem_desktop import __version__
from holdem_desktop.i18n.lobby import count_line, table_line
from holdem_desktop.i18n.phrases import room_news
from holdem_desktop.net import public_table
from holdem_desktop.net.lobby_messages import PlayNow, Tables
from holdem_desktop.net.protocol import Ping, Pong
from tests.net.test_host import run_until

from .test_public_tables import follower, player, tables_now
from .test_server import next_message
from .test_web_socket import answer, page_socket


async def until(ws: ClientConnection, wanted: Callable[[dict[str, Any]], bool],
                seconds: float = 20.0) -> dict[str, Any]:
    """The first message of the page that is ``wanted`` (the others passed)."""
    end = time.monotonic() + seconds
    while True:
        got: dict[str, Any] = json.loads(
            await asyncio.wait_for(ws.recv(), max(0.1, end - time.monotonic())))
        if wanted(got):
            return got


def page(served: Any) -> Any:
    return page_socket(served, f"https://127.0.0.1:{served.port}")


def test_the_page_lists_the_public_tables_in_the_lobbys_words_and_joins_one(served):
    desktop_lobby = follower(served)
    assert tables_now(desktop_lobby) == Tables((), 0)
    ann = player(served, "Ann", 1, PlayNow("Ann", __version__))
    try:
        async def visit() -> None:
            async with page(served) as ws:
                assert (await answer(ws, {"lang": "en"}))["words"]["play_now"] == "Play now"
                await ws.send(json.dumps({"lobby": 1}))
                # the list follows the server: Ann's table comes (or came) in
                listed = await until(ws, lambda m: "tables" in m and m["tables"]["tables"])
                await asyncio.to_thread(run_until, [ann], lambda: ann.code != "", 10)
                desktop = tables_now(desktop_lobby)  # what a desktop's Lobby hears
                while desktop.total == 0:
                    desktop = tables_now(desktop_lobby)
                assert listed["tables"] == {
                    "count": count_line(desktop),
                    "tables": [{"code": t.code, "line": table_line(t)} for t in desktop.tables]}
                assert listed["tables"]["tables"][0]["code"] == ann.code
                assert listed["tables"]["count"] == "1 public table."
                # in Romanian, the same list in the desktop's Romanian words
                words = await answer(ws, {"lang": "ro"})
                assert words["words"]["play_now"] == "Joacă acum"
                ro = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert ro["tables"]["count"] == "1 masă publică."
                assert ro["tables"]["tables"][0]["line"] != listed["tables"]["tables"][0]["line"]
                # malformed joins: refused to this page alone, nothing sent on
                for nonsense in ({"join": {"code": "12x", "name": "Bea", "public": True}},
                                 {"join": {"code": ann.code, "name": "Bea", "public": "yes"}},
                                 {"join": {"code": ann.code, "name": "B" * 101, "public": True}},
                                 {"play_now": {"name": 5}}, {"play_now": "Bea"}):
                    assert await answer(ws, nonsense) == {"error": "malformed"}, nonsense
                # Join on the listed table: seated at Ann's table as a desktop is
                await answer(ws, {"lang": "en"})
                await ws.send(json.dumps({"join": {"code": ann.code, "name": "Bea",
                                                   "token": None, "public": True}}))
                joined = await until(ws, lambda m: "joined" in m or "error" in m)
                assert joined["joined"]["code"] == ann.code

        asyncio.run(visit())
        ann.client.send(Ping(5))  # the desktop at the table never noticed the nonsense
        assert next_message(ann.client, (Pong,)) == Pong(5)
    finally:
        ann.client.close()
        desktop_lobby.close()


def test_play_now_from_a_page_sits_at_the_desktops_table_and_keeps_names_reserved(served):
    from .test_accounts import signed_in

    signed_in(served, "Cid")
    ann = player(served, "Ann", 1, PlayNow("Ann", __version__))
    try:
        run_until([ann], lambda: ann.code != "", 10)

        async def visit() -> None:
            async with page(served) as ws:
                assert (await answer(ws, {"lang": "en"}))["words"]
                await ws.send(json.dumps({"play_now": {"name": "Cid"}}))
                refused = await until(ws, lambda m: "error" in m or "joined" in m)
                assert refused["error"].startswith("That name is reserved by an account")
                await ws.send(json.dumps({"play_now": {"name": "Bea"}}))
                joined = await until(ws, lambda m: "joined" in m or "error" in m)
                assert joined["joined"]["code"] == ann.code  # the table with a person

        asyncio.run(visit())
    finally:
        ann.client.close()


def test_a_page_hears_its_time_left_and_the_clocks_warning_in_the_desktops_words(
        served, monkeypatch):
    monkeypatch.setitem(public_table.SPEED_TIMES, "normal", public_table.Speed(3.0, 1.0, 0.0, 1.0))

    async def visit() -> None:
        async with page(served) as ws:
            assert (await answer(ws, {"lang": "en"}))["words"]["time_left"] == "Time left"
            await ws.send(json.dumps({"play_now": {"name": "Bea"}}))
            await until(ws, lambda m: "joined" in m)
            await ws.send(json.dumps({"press": "next_hand"}))
            # her turn (the computers act at once): warned, as a desktop is
            warning = "Your time is nearly up: "  # (with the seconds left)
            await until(ws, lambda m: m.get("say", "").startswith(warning)
                        or warning in m.get("say", ""))
            await ws.send(json.dumps({"clock": 1}))
            told = await until(ws, lambda m: "tell" in m)
            assert re.fullmatch(r"\d+ seconds? left to decide(, then your time bank: 1 "
                                r"second|: your time bank is running)\.", told["tell"]), told
            assert int(told["tell"].split(" ")[0]) <= 4
            # then the game acts for her, said as the desktop says it
            ran_out = (room_news("timed_out_check", ("Bea",), you=True),
                       room_news("timed_out_fold", ("Bea",), you=True))
            await until(ws, lambda m: any(t in m.get("say", "") for t in ran_out))

    asyncio.run(visit())
