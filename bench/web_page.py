"""What a web page costs the server: N pages at one public table (Play now,
computers in the other seats), checking or calling at each of their turns
for H hands, through the pages' sockets on an in-process server (loopback,
TLS).

    python bench/web_page.py [--hands 20] [--pages 1]

Prints the messages and bytes the first page was sent: the view (the
zones' text, sent as what changed: server/web_view.py's view_change) apart
from the rest (announcements, cues), and the bytes per own action; then
the server's CPU time (of its thread) in the pages' members (wording each
message of the room, and the views built: server/web.py) per message of
the room to one page, the views built per message (the page's presses
build one too, not counted in the CPU: a press also runs the room) and
the CPU a view takes, and the CPU per message of the room for all N pages
together.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from websockets.exceptions import ConnectionClosed

from holdem_desktop.server import web
from holdem_desktop.server.web import WebMember
from tests.server.conftest import start_server
from tests.server.test_web_lobby import page

SPENT: Counter[str] = Counter()
"""CPU seconds of the server's thread in the members (``cpu``), the room's
messages they were handed (``messages``) and the views built (``views``)."""


def timed(method: Any) -> Any:
    def run_timed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return method(*args, **kwargs)
        finally:
            SPENT["cpu"] += time.thread_time() - start
    return run_timed


def counted(name: str, function: Any) -> Any:
    def run_counted(*args: Any, **kwargs: Any) -> Any:
        SPENT[name] += 1
        start = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            SPENT[name + "_cpu"] += time.thread_time() - start
    return run_counted


DONE: set[str] = set()
"""The pages that have played their hands (each plays on until all have: the
table would wait for one that stopped)."""
EVERY = [1]
"""How many pages there are."""
NAMES = ("Bea", "Cleo", "Dora", "Emil", "Fay")
"""The pages' players (five at most: the table's sixth seat is a computer's)."""


async def play(served: Any, hands: int, name: str = "Bea") -> dict[str, int]:
    sent = {"view": 0, "view_bytes": 0, "other": 0, "other_bytes": 0, "actions": 0, "hands": 0}
    async with page(served) as ws:
        for message in ({"lang": "en"}, {"play_now": {"name": name}}, {"press": "next_hand"}):
            await ws.send(json.dumps(message))
        end = time.monotonic() + 300
        buttons: list[dict[str, str]] = []
        pressed = (-1, "")
        while len(DONE) < EVERY[0] and time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(ws.recv(), 30)
            except (ConnectionClosed, TimeoutError):  # (dropped by the server: said below)
                break
            got = json.loads(raw)
            kind = "view" if "view" in got else "other"
            sent[kind] += 1
            sent[kind + "_bytes"] += len(raw.encode("utf-8"))
            said = got.get("say", "")
            if "Your turn" in said:
                sent["actions"] += 1
                await ws.send(json.dumps({"press": "check_call"}))
            if said.startswith("Hand ") and "You have " in said:  # (dealt in, not watching)
                sent["hands"] += 1
                if sent["hands"] == hands:
                    DONE.add(name)
            buttons = got.get("view", {}).get("buttons", buttons)  # (as the page shows them)
            deal = next((b for b in buttons if b["id"] == "next_hand"), None)
            if "view" in got and deal and not deal["why"] and \
                    pressed != (sent["hands"], deal["label"]):  # (Next hand, or New game)
                pressed = (sent["hands"], deal["label"])  # (once: a view may keep its buttons)
                await ws.send(json.dumps({"press": "next_hand"}))
    return sent


async def pages(served: Any, hands: int, count: int) -> dict[str, int]:
    """``count`` pages at one table (each Play now, one after the other)."""
    EVERY[0] = count
    runs = [asyncio.create_task(play(served, hands))]
    for name in NAMES[1:count]:
        await asyncio.sleep(0.5)  # (seated at the table the first opened)
        runs.append(asyncio.create_task(play(served, hands, name)))
    got = await asyncio.gather(*runs)
    SPENT["playing"] = sum(1 for g in got if g["actions"])
    return got[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--pages", type=int, default=1, choices=range(1, len(NAMES) + 1))
    options = parser.parse_args()
    WebMember.host = timed(counted("messages", WebMember.host))  # type: ignore[method-assign]
    if hasattr(WebMember, "flush"):  # (before views were coalesced: none)
        WebMember.flush = timed(WebMember.flush)  # type: ignore[method-assign]
    web.table_view = counted("views", web.table_view)  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory() as folder:
        served = start_server(Path(folder) / "server")
        try:
            sent = asyncio.run(pages(served, options.hands, options.pages))
        finally:
            drops = served.server.stats["unread"]
            tables = len(served.server.lobby.rooms)
            served.server.stop()
    total = sent["view_bytes"] + sent["other_bytes"]
    messages = max(1, SPENT["messages"])
    print(f"{options.pages} page(s) at {tables} table(s), {SPENT['playing']} played; "
          "first page: "
          f"{sent['hands']} hands, {sent['actions']} own actions: "
          f"{sent['view']} view messages, {sent['view_bytes']} bytes "
          f"({sent['view_bytes'] / max(1, sent['view']):.0f} a message); "
          f"{sent['other']} others, {sent['other_bytes']} bytes; "
          f"{total / max(1, sent['actions']):.0f} bytes per own action")
    print(f"server CPU in the members: {SPENT['cpu'] * 1000 / messages:.3f} ms a message "
          f"of the room to one page ({SPENT['messages']} messages to {options.pages} "
          f"page(s), {SPENT['views'] / messages:.2f} views built a message, "
          f"{SPENT['views_cpu'] * 1000 / max(1, SPENT['views']):.3f} ms a view); "
          f"{SPENT['cpu'] * 1000 * options.pages / messages:.3f} ms a message of the room "
          f"for all {options.pages}; dropped for unread messages: {drops}")


if __name__ == "__main__":
    main()
