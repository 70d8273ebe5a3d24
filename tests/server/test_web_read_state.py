"""The phone page's Read state says what the desktop's I says of the blinds
and the hand: before the first deal no "Hand 0." (the desktop's "The first
hand is not dealt yet."), and at a public table, whose blinds go up by hands
played, when they go up ("The blinds go up in 10 hands."), as the desktop
says it at that table; and when you deal, "You deal." (not "You deals.").
Over the page's own socket, as its script asks."""

from __future__ import annotations

import asyncio

from .test_web_page_life import Page, origin
from .test_web_socket import answer, page_socket


async def read_state(page: Page) -> str:
    seen = len(page.messages)
    await page.send({"state": 1})
    await page.until(lambda: any("tell" in m for m in page.messages[seen:]))
    return str(next(m["tell"] for m in page.messages[seen:] if "tell" in m))


def test_read_state_on_the_phone_says_no_hand_0_and_when_the_blinds_go_up(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as ws:
            page = Page(ws)
            assert (await answer(ws, {"lang": "en"}))["words"]
            # a public table of the tournament game: its blinds go up every 10 hands
            await page.send({"play_now": {"name": "Mara", "variant": "tournament"}})
            await page.until(lambda: page.joined)
            before = await read_state(page)
            assert "Hand 0." not in before, before
            assert "The first hand is not dealt yet." in before, before
            await page.my_turn()  # the first hand dealt, the player's decision
            during = await read_state(page)
            number = int(during.split(" Hand ")[1].split(".")[0])  # (1, unless folded round)
            assert f"Blinds 10 and 20. Hand {number}. The blinds go up in {11 - number} hands." \
                in during, during
            for _hand in range(8):  # the button comes round to you: "You deal."
                if "dealer" in page.view["players"][0]:  # (your line, first)
                    break
                await page.send({"press": "fold", "turn": page.view["turn"]})
                await page.until(lambda: not page.view.get("turn"))
                await page.my_turn()
            assert page.view["players"][0].startswith("You,"), page.view["players"]
            assert "dealer" in page.view["players"][0], page.view["players"]
            dealing = await read_state(page)
            assert "You deal." in dealing and "You deals." not in dealing, dealing

    asyncio.run(visit())
