"""All-in on a phone asks for a second press, as the desktop's does (its
button: "Press All-in again…", its A key: "Press A again…", the desktop's
own sentences): an all-in by mistake loses a whole stack.  In a real
browser (Linux only, as test_web_page.py)."""

from __future__ import annotations

from typing import Any

from . import test_web_page
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    browser,
    console_errors,
    listen,
    live,
    pages,
    press_if,
    wait_for,
)

AGAIN = "Press All-in again to go all-in."
AGAIN_KEY = "Press A again to go all-in."
SENT = ("window.sent = []; const real = WebSocket.prototype.send;"
        "WebSocket.prototype.send = function (d) { window.sent.push(JSON.parse(d));"
        " window.sock = this; return real.call(this, d); };")
"""Keeps what the page sends from now on (and its socket, to hand it a message)."""
CLOCK = ("if (!window.skew) { window.skew = 0; const real = performance.now.bind(performance);"
         " performance.now = () => real() + window.skew; }")
"""The page's clock, moved on by ``window.skew`` ms (what :data:`LATER` adds)."""
LATER = "window.skew += arguments[0];"
"""Move the page's clock on by ``arguments[0]`` ms (past a double tap's
window, instead of waiting)."""


def presses(driver: Any) -> list[dict[str, Any]]:
    """The action presses the page sent since :data:`SENT`."""
    return [m for m in driver.execute_script("return window.sent") if "press" in m]


@test_web_page.pytestmark
def test_all_in_on_a_phone_asks_again_and_anything_else_forgets_the_first_press(
        served, pages):  # noqa: F811 (the fixture imported)
    from selenium.webdriver.common.by import By

    ana = browser(390, 844)
    pages.append(ana)
    ana.get(f"https://127.0.0.1:{served.port}/")
    listen(ana)
    ana.find_element(By.ID, "name").send_keys("Ana")
    ana.find_element(By.ID, "play-now").click()
    wait_for(lambda: ana.execute_script("return document.activeElement.id") == "h-table")
    all_in = ana.find_element(By.ID, "press-all_in")
    # her turn, with All-in to choose (Next hand pressed till then)
    wait_for(lambda: all_in.get_attribute("aria-disabled") == "false", 60,
             between=lambda: press_if(ana, "press-next_hand"))
    ana.execute_script(SENT + CLOCK)
    body = ana.find_element(By.TAG_NAME, "body")

    def asked(sentence: str, times: int) -> None:
        assert live(ana).count(sentence) == times, live(ana)[-5:]
        assert presses(ana) == []  # nothing went

    all_in.click()  # the first press asks, in the desktop's words
    asked(AGAIN, 1)
    ana.find_element(By.ID, "preset-min").click()  # another press: the first forgotten
    all_in.click()
    asked(AGAIN, 2)
    # another decision (the view's turn changes, as the server sends it) forgets it
    turn = shown_turn(served)
    for now in ("another", turn):  # (then back to hers)
        ana.execute_script("window.sock.dispatchEvent(new MessageEvent('message',"
                           " {data: JSON.stringify({view: {turn: arguments[0]}})}))", now)
    all_in.click()
    asked(AGAIN, 3)
    body.send_keys("i")  # a key the page uses (Read state): forgotten too
    body.send_keys("a")  # the A key asks in the desktop's words for it
    asked(AGAIN_KEY, 1)
    ana.execute_script(LATER, 600)  # (a deliberate press: past the double tap's window)
    body.send_keys("a")  # pressed again for the same decision: all-in
    assert presses(ana) == [{"press": "all_in", "turn": turn}]
    wait_for(lambda: any(t.startswith("You ") and "all-in" in t for t in live(ana)))
    assert live(ana).count(AGAIN) == 3 and live(ana).count(AGAIN_KEY) == 1
    assert console_errors(ana) == []


def shown_turn(served: Any) -> str:
    """The decision the page's view shows (its ``turn``), as its member on
    the server sent it (read on the server's loop)."""
    got: list[str] = []
    served.server.call(lambda: got.extend(
        state.ws.member.shown["turn"] for conn, state in served.server._conns.items()
        if conn.startswith("w")))
    wait_for(lambda: got)
    return got[0]
