"""A tap on a phone acts once: the second tap of a double tap (or a held
key's repeats) never answers the next decision, even when the table moved
on between the two taps (a Check tapped twice called the bet that came
after it, unheard).  In a real browser (Linux only, as test_web_page.py)."""

from __future__ import annotations

from typing import Any

from . import test_web_page
from .test_web_all_in import CLOCK, LATER, SENT, presses
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    browser,
    console_errors,
    pages,
    wait_for,
)

pytestmark = test_web_page.pytestmark

SHOW = ("window.sock.dispatchEvent(new MessageEvent('message',"
        " {data: JSON.stringify({view: {turn: arguments[0]}})}))")
"""Hand the page a view whose decision is ``arguments[0]`` (as the server sends it)."""


def seated(served: Any, pages: list[Any]) -> Any:  # noqa: F811 (the fixture)
    """A phone seated by Play now (no hand dealt: nothing moves but what the test sends)."""
    from selenium.webdriver.common.by import By

    phone = browser(390, 844)
    pages.append(phone)
    phone.get(f"https://127.0.0.1:{served.port}/")
    phone.find_element(By.ID, "name").send_keys("Ana")
    phone.find_element(By.ID, "play-now").click()
    wait_for(lambda: phone.execute_script("return document.activeElement.id") == "h-table")
    phone.execute_script(SENT + "window.sock = null;")
    phone.execute_script("document.getElementById('read-state').click()")  # (to have the socket)
    wait_for(lambda: phone.execute_script("return window.sock !== null"))
    return phone


def test_a_double_tap_answers_one_decision_however_fast_the_table_moved_on(served, pages):  # noqa: F811
    phone = seated(served, pages)
    phone.execute_script(CLOCK)  # (the page's clock, moved on below instead of waiting)
    phone.execute_script(SHOW, "1.4")  # her turn: Check
    # a double tap, the view of the next decision (Call 160) arriving between its taps
    phone.execute_script(
        "const b = document.getElementById('press-check_call'); b.click();"
        "window.sock.dispatchEvent(new MessageEvent('message',"
        " {data: JSON.stringify({view: {turn: '1.6'}})}));"
        "setTimeout(() => b.click(), 200);")
    wait_for(lambda: len(presses(phone)) == 2)
    # both taps answer the decision she saw: the server refuses the second as too late
    assert presses(phone) == [{"press": "check_call", "turn": "1.4"}] * 2
    # a tap once she has had time to take in the new decision answers it
    phone.execute_script(LATER, 600)
    phone.execute_script("document.getElementById('press-check_call').click()")
    assert presses(phone)[-1] == {"press": "check_call", "turn": "1.6"}


def test_a_held_key_acts_once(served, pages):  # noqa: F811
    phone = seated(served, pages)
    phone.execute_script(SHOW, "1.4")
    phone.execute_script(
        "for (const repeat of [false, true, true]) document.body.dispatchEvent("
        "new KeyboardEvent('keydown', {key: 'c', repeat: repeat, bubbles: true}));")
    assert presses(phone) == [{"press": "check_call", "turn": "1.4"}]
    assert console_errors(phone) == []


HAND = ("for (const m of arguments[0]) window.sock.dispatchEvent("
        "new MessageEvent('message', {data: JSON.stringify(m)}))")
"""Hand the page the server's messages ``arguments[0]``, in order."""


def test_repeat_says_the_last_game_announcement_grown_as_the_desktop_keeps_it(
        served, pages):  # noqa: F811
    from selenium.webdriver.common.by import By

    phone = seated(served, pages)
    lines = "return [...document.querySelectorAll('#live p')].map(p => p.textContent)"
    # her move, a chat line while the others act, then what they did: one announcement
    phone.execute_script(HAND, [{"say": "You check.", "own": True}, {"chat": "Bea: hi"},
                                {"say": "Bea checks. Your turn.", "more": True},
                                {"tell": "Press All-in again to go all-in."}])
    assert phone.execute_script(lines) == ["You check. Bea checks. Your turn.", "Bea: hi",
                                           "Press All-in again to go all-in."]
    # Repeat: that announcement, never a chat line, an answer or a read-out (the desktop's)
    phone.find_element(By.ID, "repeat").click()
    assert phone.execute_script(lines)[-1] == "You check. Bea checks. Your turn."
    phone.find_element(By.ID, "read-state").click()
    wait_for(lambda: "Blinds 10 and 20." in phone.execute_script(lines)[-1])
    phone.find_element(By.ID, "repeat").click()
    assert phone.execute_script(lines)[-1] == "You check. Bea checks. Your turn."
    assert console_errors(phone) == []


def test_no_empty_line_in_the_game_state(served, pages):  # noqa: F811
    # before the first deal, New game usable: who is here, and no empty item after it
    phone = seated(served, pages)
    state = phone.execute_script(
        "return [...document.querySelectorAll('#state li')].map(li => li.textContent)")
    assert state and all(line.strip() for line in state), state


SMALL = """
return [...document.querySelectorAll('a, button, input, select')].filter((e) => e.offsetParent)
  .map((e) => [e.id || e.textContent, e.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([name, r]) => name + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
"""
"""The controls shown smaller than a finger's 44 × 44 px."""


def test_every_control_of_the_table_is_big_enough_for_a_finger(served, pages):  # noqa: F811
    phone = seated(served, pages)
    for width, height in ((390, 844), (360, 640), (844, 390)):
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
        assert phone.execute_script(SMALL) == [], (width, height)  # (the invitation was 21 px)
