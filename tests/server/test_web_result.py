"""Who won a hand is shown by the board, as a poker client shows it, in
the words the announcement said, from the hand's end until the next deal,
and never said twice (a reload finds it there too).  Over the page's own
socket, as the page's script speaks it."""

from __future__ import annotations

import asyncio

from .test_web_page_life import Page, origin
from .test_web_socket import page_socket


def test_the_hands_result_is_shown_by_the_board_until_the_next_deal_said_once(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as ws:
            page = Page(ws)
            await page.play_now("Mara")
            await page.my_turn()
            assert page.view["result"] == []  # (a hand under way: no result)
            await page.send({"press": "fold", "turn": page.view["turn"]})
            await page.until(lambda: page.view.get("result"), 60)
            result, seat = list(page.view["result"]), page.joined
            assert all(" wins " in line or " split " in line for line in result), result
            # the announcement's own words, said once: the view shows, never says
            for line in result:
                assert sum(text.count(line) for text in page.said) == 1, (line, page.said)
            assert page.view["pot"] == ""  # (the hand is over)
        async with page_socket(served, origin(served)) as ws:  # the page loaded again
            page = Page(ws)
            await page.join_back(seat)
            await page.until(lambda: page.view.get("result"))
            assert page.view["result"] == result  # still by the board, as it was
            assert not any(line in text for line in result for text in page.said)
            # the next deal: the result goes
            await page.my_turn()
            assert page.view["result"] == []

    asyncio.run(visit())


async def a_hand_with_a_board(page: Page, hands: int = 10) -> None:
    """Play hands (check or call) until one ends with cards on the board."""
    for _ in range(hands):
        await page.my_turn()
        while not page.view.get("result"):
            turn = page.view.get("turn")
            if turn:
                await page.send({"press": "check_call", "turn": turn})
            await page.until(lambda t=turn: page.view.get("result")
                             or page.view.get("turn") not in ("", t), 60)
        if page.view["board"].startswith("Board: "):
            return
    raise AssertionError(f"no hand ended with a board in {hands}")


def test_a_reload_between_hands_shows_the_ended_hands_board_beside_its_result(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as ws:
            page = Page(ws)
            await page.play_now("Mara")
            await a_hand_with_a_board(page)
            before, seat = dict(page.view), page.joined
        async with page_socket(served, origin(served)) as ws:  # the page loaded again
            page = Page(ws)
            await page.join_back(seat)
            await page.until(lambda: page.view.get("result"))
            # the board as it was, beside the result: not "No cards on the board yet."
            assert page.view["result"] == before["result"]
            assert page.view["board"] == before["board"], (page.view["board"], before["board"])
            assert page.view["cards"] == before["cards"]
            assert page.view["players"] == before["players"]

    asyncio.run(visit())
