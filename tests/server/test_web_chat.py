"""The Chat zone on a phone: a Send button beside the field (a phone's
keyboard may have no Enter that sends), the field's own key saying Send; an
empty chat is a visible line, never a list of 0 px in the Tab order.  In a
real browser (Linux only, as test_web_page.py)."""

from __future__ import annotations

from typing import Any

from . import test_web_page
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    console_errors,
    pages,
    wait_for,
)
from .test_web_taps import seated

pytestmark = test_web_page.pytestmark


def named(driver: Any, element_id: str) -> str:
    """The accessible name of the element ``element_id``, as the browser gives it."""
    node = driver.execute_cdp_cmd("DOM.getDocument", {})["root"]["nodeId"]
    found = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": node,
                                                         "selector": "#" + element_id})
    tree = driver.execute_cdp_cmd("Accessibility.getPartialAXTree",
                                  {"nodeId": found["nodeId"], "fetchRelatives": False})
    return str(tree["nodes"][0].get("name", {}).get("value", ""))


def test_a_line_is_sent_with_the_send_button_beside_the_field(served, pages):  # noqa: F811
    from selenium.webdriver.common.by import By

    phone = seated(served, pages)
    line = phone.find_element(By.ID, "line")
    assert line.get_attribute("enterkeyhint") == "send"  # the keyboard's key says Send
    send = phone.find_element(By.ID, "send")
    assert send.is_displayed() and named(phone, "send") == "Send"
    box = phone.execute_script("const r = document.getElementById('send')"
                               ".getBoundingClientRect(); return [r.width, r.height];")
    assert min(box) >= 44, box  # big enough for a finger
    # beside the field, on its line
    assert abs(send.rect["y"] - line.rect["y"]) < 8 and send.rect["x"] > line.rect["x"]
    line.send_keys("one more game?")  # (no Enter: the phone's keyboard has none)
    send.click()
    wait_for(lambda: {"chat": "one more game?"} in phone.execute_script("return window.sent"))
    assert line.get_attribute("value") == ""
    sent = phone.execute_script("return window.sent.filter(m => 'chat' in m).length")
    send.click()  # an empty field sends nothing
    assert phone.execute_script("return window.sent.filter(m => 'chat' in m).length") == sent
    assert console_errors(phone) == []


FOCUSABLE = """
return [...document.querySelectorAll('#table [tabindex="0"], #table button, #table input')]
  .filter((e) => !e.closest('[hidden]')).map((e) => [e.id, e.getBoundingClientRect().height]);
"""
"""The table's controls a Tab reaches, each with its height in px."""


def test_an_empty_chat_says_so_and_is_no_stop_of_0_px_for_tab(served, pages):  # noqa: F811
    from selenium.webdriver.common.by import By

    phone = seated(served, pages)
    stops = phone.execute_script(FOCUSABLE)
    assert [name for name, height in stops if height < 1] == [], stops
    assert "chat" not in [name for name, _height in stops]
    none = phone.find_element(By.ID, "chat-none")
    assert none.is_displayed() and none.text == "Nobody has said anything yet."
    # a line said: the list shows it (a Tab reaches it), the empty line goes
    phone.find_element(By.ID, "line").send_keys("hello\n")
    chat = phone.find_element(By.ID, "chat")
    wait_for(lambda: chat.is_displayed() and "hello" in chat.text)
    assert not none.is_displayed()
    assert ["chat", chat.rect["height"]] in phone.execute_script(FOCUSABLE)
    assert chat.rect["height"] > 20
    assert console_errors(phone) == []
