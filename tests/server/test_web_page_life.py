"""The life of a page's player, over the page's own socket (the messages
docs and server/web.py describe, as the page's script sends them): a tap
made for a decision the player heard never answers a later one; a reload
with the seat's token brings the player back and says where the game stands
and that it is their turn, with this hand's moves back in the Move log;
after Leave, Play now under the same name seats them (never at the table
their name is still held at) and the seat's token takes that seat back; a
mistyped room code is said, and never counted as abuse."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from websockets.asyncio.client import ClientConnection

from holdem_desktop.i18n.phrases import room_problem

from . import test_web_page
from .test_web_page import pages  # noqa: F401 (the fixture)
from .test_web_socket import answer, page_socket

STALE = room_problem("stale_action")


async def heard(ws: ClientConnection, until: Any, seconds: float = 20.0
                ) -> list[dict[str, Any]]:
    """Every message the page gets until ``until(message)`` is true (the
    view put together on the way: ``view`` holds it, as the page does)."""
    got: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while True:
        left = end - loop.time()
        assert left > 0, f"not within {seconds} s: {got[-5:]}"
        message = json.loads(await asyncio.wait_for(ws.recv(), left))
        got.append(message)
        if until(message):
            return got


class Page:
    """One page's socket and the view it shows (what it was sent, put together)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}
        self.said: list[str] = []
        self.joined: dict[str, Any] = {}
        self.last: dict[str, Any] = {}
        self.messages: list[dict[str, Any]] = []
        self.shown: list[tuple[list[str], str]] = []
        """Each view's Game state and pot, as the page showed them in turn."""

    def take(self, message: dict[str, Any]) -> None:
        self.last = message
        self.messages.append(message)
        for key, value in message.get("view", {}).items():
            if key.endswith("+"):
                self.view[key[:-1]] = (self.view.get(key[:-1], []) + value[1])[-value[0]:]
            else:
                self.view[key] = value
        if "view" in message:
            self.shown.append((self.view.get("state", []), self.view.get("pot", "")))
        for key in ("say", "tell", "error"):
            if key in message:
                self.said.append(message[key])
        if "joined" in message:
            self.joined = message["joined"]

    async def until(self, test: Any, seconds: float = 20.0) -> None:
        def done(message: dict[str, Any]) -> bool:
            self.take(message)
            return bool(test())
        if not test():
            await heard(self.ws, done, seconds)

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def play_now(self, name: str) -> None:
        assert (await answer(self.ws, {"lang": "en"}))["words"]
        await self.send({"play_now": {"name": name}})
        await self.until(lambda: self.joined)

    async def join_back(self, seat: dict[str, Any]) -> None:
        """Join the public table of ``seat`` (a ``joined``) with its token."""
        assert (await answer(self.ws, {"lang": "en"}))["words"]
        await self.send({"join": {"code": seat["code"], "name": "Mara", "token": seat["token"],
                                  "public": True}})

    async def my_turn(self, seconds: float = 40.0) -> str:
        """Press Next hand (again each second: a press before the game has
        started is refused) until the view shows a decision of the player's."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while not self.view.get("turn"):
            assert loop.time() < end, f"no turn of the player's within {seconds} s"
            await self.send({"press": "next_hand"})
            with contextlib.suppress(AssertionError, TimeoutError):
                await self.until(lambda: self.view.get("turn"), 1.0)
        return str(self.view["turn"])


def origin(served: Any) -> str:
    return f"https://127.0.0.1:{served.port}"


def test_a_press_made_for_a_decision_heard_before_never_answers_a_later_one(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as ws:
            page = Page(ws)
            await page.play_now("Mara")
            turn = await page.my_turn()
            # a press for another decision than the one awaited: refused, nothing done
            hand, decision = turn.split(".")
            await page.send({"press": "check_call", "turn": f"{hand}.{int(decision) + 7}"})
            await page.until(lambda: STALE in page.said)
            assert page.view["turn"] == turn
            # two taps for the decision heard, the second once the table has
            # moved on (the computers answer in milliseconds, and the turn may
            # be the player's again): the first answers it, the second is
            # refused, never answering a decision the player has not heard
            await page.send({"press": "check_call", "turn": turn})
            await page.until(lambda: page.view.get("turn") != turn)
            mark = len(page.messages)
            await page.send({"press": "check_call", "turn": turn})
            await page.until(lambda: page.said.count(STALE) == 2)
            await page.send({"lang": "en"})  # (answered after anything the tap set off)
            await page.until(lambda: "words" in page.last)
            moved = [m for m in page.messages[mark:] if m.get("own")]  # the player's own move
            assert not moved, moved
            # a tap made while the view showed no decision of the player's
            # ("" turn) answers none either
            later = await page.my_turn()
            await page.send({"press": "fold", "turn": ""})
            await page.until(lambda: page.said.count(STALE) == 3)
            assert page.view["turn"] == later
            # a page that sends no turn (an older page) still plays
            await page.send({"press": "check_call"})
            await page.until(lambda: page.view.get("turn") != later)
            # between hands the page shows no "Hand 0." and no "Pot 0"
            assert not any("Hand 0." in state for state, _ in page.shown), page.shown
            assert not any(pot.startswith("Pot 0") for _, pot in page.shown), page.shown
            assert any(pot for _, pot in page.shown)  # (a hand's pot was shown)

    asyncio.run(visit())


async def seated(served: Any, *, leave: bool = False) -> dict[str, Any]:
    """A page's Play now as Mara, played to her turn (then Leave, with
    ``leave``), its socket closed: the seat's ``joined`` (code, token)."""
    async with page_socket(served, origin(served)) as ws:
        page = Page(ws)
        await page.play_now("Mara")
        await page.my_turn()
        if leave:
            await page.send({"leave": 1})
        return page.joined


def test_a_reload_with_the_seats_token_says_where_the_game_stands_and_whose_turn(served):
    async def visit() -> None:
        seat = await seated(served)
        async with page_socket(served, origin(served)) as ws:  # the page loaded again
            page = Page(ws)
            await page.join_back(seat)
            await page.until(lambda: any("Your turn" in t for t in page.said))
            back = [t for t in page.said if t.startswith("Back at the table.")]
            assert back, page.said
            assert page.said.index(back[0]) < next(
                k for k, t in enumerate(page.said) if "Your turn" in t)
            await page.until(lambda: page.view.get("turn"))  # (its view follows)

    asyncio.run(visit())


def test_a_reload_puts_this_hands_moves_back_in_the_move_log_in_the_same_words(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as ws:
            page = Page(ws)
            await page.play_now("Mara")
            await page.my_turn()
            seat, log = page.joined, list(page.view["log"])
            shown = next(line for line in page.view["state"] if line.startswith("Hand "))
            number = shown.split(",")[0] + "."  # ("Hand 2, blinds 10 and 20": "Hand 2.")
        # this hand's lines, from its first ("Hand 2. Bo deals. Blinds 10 and 20.")
        start = max(k for k, line in enumerate(log) if line.startswith(number + " "))
        hand = log[start:]
        assert len(hand) >= 3, log  # (the hand, its blinds, the moves before hers)
        async with page_socket(served, origin(served)) as ws:  # the page loaded again
            page = Page(ws)
            await page.join_back(seat)
            await page.until(lambda: page.view.get("turn"))
            assert page.view["log"][:len(hand)] == hand, (page.view["log"], hand)

    asyncio.run(visit())


def test_after_leave_the_same_name_plays_now_and_the_token_takes_the_seat_back(served):
    async def visit() -> None:
        seat = await seated(served, leave=True)
        async with page_socket(served, origin(served)) as ws:
            # Play now under the same name: seated, at another table (the one
            # left still holds the name, for the computer playing the seat)
            page = Page(ws)
            await page.play_now("Mara")
            assert page.joined["code"] != seat["code"]
            assert not any("already has this name" in t for t in page.said), page.said
            await page.send({"leave": 1})
        async with page_socket(served, origin(served)) as ws:
            # the left seat's token, at its table: the seat back
            page = Page(ws)
            await page.join_back(seat)
            await page.until(lambda: page.joined)
            assert page.joined["code"] == seat["code"]

    asyncio.run(visit())


def test_a_mistyped_room_code_is_said_and_never_counted_as_abuse(served):
    async def visit() -> None:
        async with page_socket(served, origin(served)) as ws:
            assert (await answer(ws, {"lang": "it"}))["words"]
            for _ in range(15):  # more than the unreadable messages allowed
                for code in ("12", "12345", "12ab56", " 1234567"):
                    refused = await answer(ws, {"join": {"code": code, "name": "Eva"}})
                    assert refused == {"error": "Il codice di una stanza ha 6 cifre."}
            assert (await answer(ws, {"lang": "en"}))["words"]  # still open

    asyncio.run(visit())
    assert served.health()["people"] == 0


@test_web_page.pytestmark  # (chromium: skipped as test_web_page.py is, without it)
def test_a_phone_hears_with_a_tab_open_reads_each_reason_once_and_leaves_nothing_behind(
        served, pages):  # noqa: F811 (the fixture imported)
    """In the real page (chromium): after Play now the focus is on the table's
    first heading, not the page's body; a greyed button's reason is its
    description only, not a second text to swipe onto; with How to play
    open the live region is still rendered for the screen reader; a press
    that answers a decision carries the decision shown; after Leave no line,
    chips or view of that table stays, and Play now under the same name
    seats the player again."""
    from selenium.webdriver.common.by import By

    from .test_web_page import browser, console_errors, listen, wait_for

    ana = browser(390, 844)
    pages.append(ana)
    ana.get(origin(served) + "/")
    listen(ana)
    ana.find_element(By.ID, "name").send_keys("Ana")
    ana.find_element(By.ID, "play-now").click()
    wait_for(lambda: ana.execute_script("return document.activeElement.id") == "h-table")
    wait_for(lambda: ana.find_element(By.ID, "chips").text)
    assert ana.find_element(By.ID, "chips").get_attribute("aria-label") == "Everyone's chips"
    whys = ana.execute_script(
        "return [...document.querySelectorAll('.why')].map(w => [w.getAttribute('aria-hidden'),"
        " w.textContent.trim()])")
    assert whys and all(hidden == "true" for hidden, _ in whys), whys
    reasons = {text for _, text in whys if text}
    assert reasons  # (some buttons are greyed before the first hand)
    tree = ana.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    texts = [n.get("name", {}).get("value", "").strip() for n in tree
             if n.get("role", {}).get("value") == "StaticText" and not n.get("ignored")]
    assert not reasons & set(texts), reasons & set(texts)  # once, as a description
    described = [n.get("description", {}).get("value", "").strip() for n in tree
                 if n.get("role", {}).get("value") == "button"]
    assert reasons <= set(described)

    def live_ignored() -> bool:
        found = ana.execute_cdp_cmd("Runtime.evaluate",
                                    {"expression": "document.getElementById('live')"})
        node = ana.execute_cdp_cmd("Accessibility.getPartialAXTree", {
            "objectId": found["result"]["objectId"], "fetchRelatives": False})["nodes"][0]
        return bool(node.get("ignored"))

    assert not live_ignored()
    ana.find_element(By.ID, "tab-howto").click()
    wait_for(lambda: not ana.find_element(By.ID, "page").is_displayed())
    assert not live_ignored()  # what is said while the tab is open reaches the reader
    ana.find_element(By.ID, "tab-howto").click()
    # the page's presses carry the decision it shows
    ana.execute_script("window.sent = []; const real = WebSocket.prototype.send;"
                       "WebSocket.prototype.send = function (d) { window.sent.push(d);"
                       " return real.call(this, d); };")
    ana.find_element(By.ID, "press-fold").click()
    sent = [json.loads(d) for d in ana.execute_script("return window.sent")]
    assert sent and sent[0]["press"] == "fold" and isinstance(sent[0].get("turn"), str), sent
    ana.find_element(By.ID, "leave").click()  # asked first, as the desktop asks
    question = ana.switch_to.alert
    assert question.text == "Leave the room?"
    question.dismiss()  # staying: nothing changes
    assert ana.find_element(By.ID, "table").is_displayed()
    ana.find_element(By.ID, "leave").click()
    ana.switch_to.alert.accept()
    wait_for(lambda: ana.find_element(By.ID, "join").is_displayed())
    assert ana.execute_script("return document.getElementById('live').childElementCount") == 0
    assert ana.execute_script("return document.getElementById('chips').childElementCount") == 0
    ana.find_element(By.ID, "play-now").click()
    wait_for(lambda: ana.execute_script("return document.activeElement.id") == "h-table")
    assert ana.find_element(By.ID, "problem").text == ""
    assert console_errors(ana) == []
