"""A page back at its seat (a reload, a phone waking up) finds the chat its
player had in the Chat zone, shown and not said again; a stranger at the
same table finds none of it (the seat's token is what asks for it).  Over
the page's own socket, as the page's script speaks it."""

from __future__ import annotations

import asyncio

from .test_web_page_life import Page, origin
from .test_web_socket import page_socket


def test_a_page_back_with_its_token_finds_its_chat_shown_not_said_again(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as one, \
                page_socket(served, origin(served)) as two:
            mara, nico = Page(one), Page(two)
            await mara.play_now("Mara")
            await nico.play_now("Nico")
            assert nico.joined["code"] == mara.joined["code"]  # (Play now: the same table)
            await mara.send({"chat": "hello Nico"})
            await nico.until(lambda: "Mara: hello Nico" in nico.view.get("chat", []))
            await nico.send({"chat": "hi Mara"})
            await mara.until(lambda: "Nico: hi Mara" in mara.view.get("chat", []))
            seat, had = mara.joined, list(mara.view["chat"])
            assert had[-2:] == ["Mara: hello Nico", "Nico: hi Mara"], had
            await one.close()  # the page reloaded
            async with page_socket(served, origin(served)) as again:
                back = Page(again)
                await back.join_back(seat)
                await back.until(lambda: any(t.startswith("Back at the table.")
                                             for t in back.said))
                await back.until(lambda: back.view.get("chat"))
                assert back.view["chat"] == had  # the Chat zone as it was
                # shown, never said again: no chat line to the live region
                assert not any("chat" in m for m in back.messages), back.messages
                assert not any("hi Mara" in t or "hello Nico" in t for t in back.said)
                # the chat goes on: a new line is said, and added to the zone
                await nico.send({"chat": "welcome back"})
                await back.until(lambda: back.view["chat"][-1:] == ["Nico: welcome back"])
                assert {"chat": "Nico: welcome back"} in back.messages
                # a stranger at the table: none of what was said before they came
                async with page_socket(served, origin(served)) as third:
                    olga = Page(third)
                    await olga.play_now("Olga")
                    assert olga.joined["code"] == seat["code"]
                    await olga.until(lambda: "chat" in olga.view)
                    assert olga.view["chat"] == []

    asyncio.run(visit())
