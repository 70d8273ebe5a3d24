"""What a web page costs the server in bytes: a page at a public table
(Play now, five computers), checking or calling at each of its turns for
H hands, through the page's socket on an in-process server (loopback, TLS).

    python bench/web_page.py [--hands 20]

Prints the messages and bytes the page was sent: the view (the zones'
text, sent as what changed: server/web_view.py's view_change) apart from
the rest (announcements, cues), and the bytes per own action; then the
server's time in the page's member (wording each message of the room and
the view it changes) per message of the room.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.exceptions import ConnectionClosed

from holdem_desktop.server.web import WebMember
from tests.server.conftest import start_server
from tests.server.test_web_lobby import page

SPENT = [0.0, 0]
"""Seconds in WebMember.host, and its calls."""


def timed(host: Any) -> Any:
    def host_timed(self: WebMember, message: Any) -> Any:
        start = time.perf_counter()
        try:
            return host(self, message)
        finally:
            SPENT[0] += time.perf_counter() - start
            SPENT[1] += 1
    return host_timed


async def play(served: Any, hands: int) -> dict[str, int]:
    sent = {"view": 0, "view_bytes": 0, "other": 0, "other_bytes": 0, "actions": 0, "hands": 0}
    async with page(served) as ws:
        for message in ({"lang": "en"}, {"play_now": {"name": "Bea"}}, {"press": "next_hand"}):
            await ws.send(json.dumps(message))
        end = time.monotonic() + 120
        while sent["hands"] < hands and time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(ws.recv(), 30)
            except ConnectionClosed:  # (the server dropped the page: said below)
                break
            got = json.loads(raw)
            kind = "view" if "view" in got else "other"
            sent[kind] += 1
            sent[kind + "_bytes"] += len(raw.encode("utf-8"))
            said = got.get("say", "")
            if "Your turn" in said:
                sent["actions"] += 1
                await ws.send(json.dumps({"press": "check_call"}))
            if said.startswith("Hand "):
                sent["hands"] += 1
            buttons = got.get("view", {}).get("buttons")
            if buttons and not next(b["why"] for b in buttons if b["id"] == "next_hand"):
                await ws.send(json.dumps({"press": "next_hand"}))
    return sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    hands = parser.parse_args().hands
    WebMember.host = timed(WebMember.host)  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder:
        served = start_server(Path(folder) / "server")
        try:
            sent = asyncio.run(play(served, hands))
        finally:
            drops = served.server.stats["unread"]
            served.server.stop()
    total = sent["view_bytes"] + sent["other_bytes"]
    print(f"{sent['hands']} hands, {sent['actions']} own actions: "
          f"{sent['view']} view messages, {sent['view_bytes']} bytes "
          f"({sent['view_bytes'] / max(1, sent['view']):.0f} a message); "
          f"{sent['other']} others, {sent['other_bytes']} bytes; "
          f"{total / max(1, sent['actions']):.0f} bytes per own action; "
          f"{SPENT[0] / max(1, SPENT[1]) * 1000:.2f} ms of the server's a message of the room "
          f"({SPENT[1]} messages); dropped for unread messages: {drops}")


if __name__ == "__main__":
    main()
