"""A page's view is built once for the messages of one turn of the server's
loop, with the cards' and presets' words kept per language: what the page
puts together of what it was sent is, at every turn of hers, exactly the
whole view built afresh (no word kept from before, no zone left behind),
through a real server and the page's socket, in two languages."""

from __future__ import annotations

import asyncio
import json
import queue
import random
from typing import Any

from holdem_desktop.server import web_view
from holdem_desktop.server.web import speaking

from .test_web_lobby import page, until
from .test_web_view_change import put_together


def member_now(served: Any) -> tuple[dict[str, Any], dict[str, Any], bool]:
    """On the server's loop: the view the page's member last sent (put
    together), the whole view built afresh (no word kept), and whether
    messages wait for their view."""
    answer: queue.Queue[tuple[dict[str, Any], dict[str, Any], bool]] = queue.Queue()

    def look() -> None:
        member = next(state.ws.member for conn, state in served.server._conns.items()
                      if conn.startswith("w"))
        web_view._NAMED.clear()
        web_view._LABELS.clear()
        with speaking(member.lang):
            fresh = web_view.table_view(member.remote, member.panel, member.log)
        answer.put((member.shown, fresh, member.stale))

    served.server.call(look)
    return answer.get(timeout=30)


def test_the_view_the_page_puts_together_is_the_whole_view_at_each_of_her_turns(served):
    rng = random.Random(36)

    async def visit() -> int:
        turns = 0
        shown: dict[str, Any] = {}
        async with page(served) as ws:
            for message in ({"lang": "en"}, {"play_now": {"name": "Bea"}},
                            {"press": "next_hand"}):
                await ws.send(json.dumps(message))
            lang, pressed = "en", ""
            while turns < 12:
                got = await until(ws, lambda m: True, 60)
                if "view" in got:
                    shown = put_together(shown, got["view"])
                if "view" in got and any(  # her turn: the room waits for her
                        b["id"] == "check_call" and not b["why"] for b in shown["buttons"]):
                    sent, fresh, stale = await asyncio.to_thread(member_now, served)
                    assert not stale and shown == sent == fresh
                    turns += 1
                    if rng.random() < 0.3:  # her words change: the whole view anew
                        lang = rng.choice([k for k in ("en", "ro", "it", "pl") if k != lang])
                        await ws.send(json.dumps({"lang": lang}))
                        got = await until(ws, lambda m: "view" in m, 30)
                        shown = put_together(shown, got["view"])
                    await ws.send(json.dumps({"press": "check_call"}))
                if got.get("say", "").startswith(("Hand ", "Mâna ", "Mano ", "Rozdanie ")):
                    pressed = ""
                deal = next((b for b in shown.get("buttons", ()) if b["id"] == "next_hand"), None)
                if "view" in got and deal is not None and not deal["why"] \
                        and pressed != deal["label"]:  # (Next hand, or New game: once)
                    pressed = deal["label"]
                    await ws.send(json.dumps({"press": "next_hand"}))
        return turns

    assert asyncio.run(visit()) == 12
