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


async def away(served, code: str, name: str, seconds: float = 20.0) -> None:
    """Until the room holds ``name``'s member as gone (its page's connection
    closed, as the server saw it): asked on the server's loop, answered here."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        answer: asyncio.Future[bool] = loop.create_future()

        def look(answer: asyncio.Future[bool] = answer) -> None:
            room = served.server.lobby.rooms[code]
            gone = any(m.name == name and m.conn is None for m in room.members)
            loop.call_soon_threadsafe(answer.set_result, gone)

        served.server.call(look)
        if await asyncio.wait_for(answer, seconds):
            return
    raise AssertionError(f"{name} not gone within {seconds} s")


def test_a_page_back_finds_the_lines_said_while_it_was_away_and_hears_how_many(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as one, \
                page_socket(served, origin(served)) as two:
            mara, nico = Page(one), Page(two)
            await mara.play_now("Mara")
            await nico.play_now("Nico")
            assert nico.joined["code"] == mara.joined["code"]
            await nico.send({"chat": "hello Mara"})
            await mara.until(lambda: "Nico: hello Mara" in mara.view.get("chat", []))
            seat, had = mara.joined, list(mara.view["chat"])
            await one.close()  # the phone went to sleep
            await away(served, seat["code"], "Mara")
            # said while no page of Mara's was connected (Nico's receipts: relayed)
            for line in ("are you there?", "we miss you"):
                await nico.send({"chat": line})
            await nico.until(lambda: "Nico: we miss you" in nico.view.get("chat", []))
            async with page_socket(served, origin(served)) as again:
                back = Page(again)
                await back.join_back(seat)
                await back.until(lambda: any(t.startswith("Back at the table.")
                                             for t in back.said))
                await back.until(lambda: back.view.get("chat"))
                # the Chat zone: what she had, then what she missed
                assert back.view["chat"] == [*had, "Nico: are you there?", "Nico: we miss you"]
                # the news: how many, in the return's announcement; the lines shown, not said
                told = [t for t in back.said if t.startswith("Back at the table.")]
                assert len(told) == 1 and told[0].endswith(
                    "2 new chat messages while you were away."), told
                assert not any("chat" in m for m in back.messages), back.messages
                assert not any("miss you" in t or "there?" in t for t in back.said)

    asyncio.run(visit())


def test_the_lines_kept_for_a_page_away_stay_within_the_chat_zones_bound():
    from holdem_desktop.net.protocol import Said
    from holdem_desktop.net.remote import ChatLine
    from holdem_desktop.server.web_chat import KEPT, PageChats

    chats = PageChats(clock=lambda: 0.0)
    had = [ChatLine("Nico", f"line {k}", 0.0) for k in range(KEPT)]
    live = chats.follow("111111", "t", had)
    assert live == ([], [])  # (a new seat: nothing before)
    chats.said("111111", Said("Nico", "heard live", ""))  # said while the page is here: not missed
    chats.closed("111111", "t", had)
    chats.said("222222", Said("Olga", "another room", ""))
    chats.said("111111", Said("Nico", "one", ""))
    chats.said("111111", Said("Nico", "two", ""))
    again: list[ChatLine] = []
    before, missed = chats.follow("111111", "t", again)
    assert [s.text for s in missed] == ["one", "two"]
    assert before == had[2:]  # the newest, the missed ones counted in the bound
    chats.closed("111111", "t", again)
    for k in range(KEPT + 10):
        chats.said("111111", Said("Nico", f"away {k}", ""))
    before, missed = chats.follow("111111", "t", [])
    assert before == [] and [s.text for s in missed] == [f"away {k}" for k in range(10, KEPT + 10)]
    assert chats.follow("111111", "t", []) == ([], [])  # (the page back took them)
