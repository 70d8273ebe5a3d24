"""A fumbled double tap on All-in never goes all-in: the first tap asks
("Press All-in again to go all-in."), and a second tap within the page's
double-tap window (500 ms since the last tap on All-in) is the same
gesture, not a confirmation: it says nothing new and sends nothing; a
deliberate tap after a pause confirms.  In a real browser (Linux only, as
test_web_page.py); the page's clock (``performance.now``) is moved on by
the test instead of waiting."""

from __future__ import annotations

from typing import Any

from . import test_web_page
from .test_web_all_in import AGAIN, CLOCK, LATER, presses
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    console_errors,
    listen,
    live,
    pages,
)
from .test_web_taps import seated

pytestmark = test_web_page.pytestmark

TURN = ("window.sock.dispatchEvent(new MessageEvent('message', {data: JSON.stringify("
        "{view: {turn: '1.4', buttons: [{id: 'all_in', label: 'All-in 1000', why: ''}]}})}))")
"""Her decision 1.4, All-in usable (as the server's view would say it)."""
TAP = "document.getElementById('press-all_in').click();"


def test_a_fast_double_tap_on_all_in_asks_once_and_never_confirms(
        served: Any, pages: list[Any]) -> None:  # noqa: F811 (the fixture)
    phone = seated(served, pages)
    listen(phone)
    phone.execute_script(CLOCK + TURN)
    phone.execute_script(TAP + TAP)  # a double tap: both taps at once
    assert presses(phone) == [], presses(phone)
    assert live(phone).count(AGAIN) == 1, live(phone)[-3:]  # asked once, nothing new after
    # a triple tap, 300 ms between taps: still one gesture (the window runs from the last tap)
    for _ in range(2):
        phone.execute_script(LATER, 300)
        phone.execute_script(TAP)
    assert presses(phone) == [], presses(phone)
    assert live(phone).count(AGAIN) == 1, live(phone)[-3:]
    # a deliberate tap, once the double-tap window has passed: all-in
    phone.execute_script(LATER, 600)
    phone.execute_script(TAP)
    assert presses(phone) == [{"press": "all_in", "turn": "1.4"}]
    assert console_errors(phone) == []


def test_a_tap_after_the_window_confirms_as_before(served: Any, pages: list[Any]) -> None:  # noqa: F811
    phone = seated(served, pages)
    listen(phone)
    phone.execute_script(CLOCK + TURN)
    phone.execute_script(TAP)
    assert live(phone).count(AGAIN) == 1
    phone.execute_script(LATER, 500)  # (the window's end: a tap then is deliberate)
    phone.execute_script(TAP)
    assert presses(phone) == [{"press": "all_in", "turn": "1.4"}]
