"""A page back for a seat whose room is gone (closed while the phone
slept, or while the page was reloading): the refusal is said once, on the
join form, and the page stops asking for that seat; before, it asked again
and again, the screen reader saying the refusal twice and "reconnecting"
every few seconds, for ever.  In a real browser (Linux only, as
test_web_page.py)."""

from __future__ import annotations

import json
import time

from . import test_web_page
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    browser,
    console_errors,
    listen,
    live,
    pages,
    wait_for,
)

pytestmark = test_web_page.pytestmark

SET = """
window.sets = 0;
document.addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
  if (document.getElementById('problem').textContent) window.sets += 1; }).observe(
  document.getElementById('problem'), {childList: true, characterData: true, subtree: true}));
"""
"""Counts the times the join form's problem (role alert) was given words,
from the page's start (before its own script)."""


def test_a_reload_for_a_room_closed_meanwhile_says_so_once_on_the_form(served, pages):  # noqa: F811
    from selenium.webdriver.common.by import By

    from holdem_desktop.i18n.phrases import room_problem

    phone = browser(390, 844)
    pages.append(phone)
    phone.get(f"https://127.0.0.1:{served.port}/")
    phone.find_element(By.ID, "name").send_keys("Ana")
    phone.find_element(By.ID, "play-now").click()
    wait_for(lambda: phone.execute_script("return document.activeElement.id") == "h-table")
    code = json.loads(phone.execute_script("return sessionStorage.getItem('holdem-seat')"))["code"]
    phone.get("about:blank")  # the page away (its tab keeps the seat), and meanwhile
    server = served.server
    closed: list[bool] = []
    server.call(lambda: (server.lobby.close_room(code, "idle_room"), server._deliver(),
                         closed.append(True)))
    wait_for(lambda: closed)
    phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SET})
    phone.get(f"https://127.0.0.1:{served.port}/")  # the page comes back for its seat
    listen(phone)
    problem = phone.find_element(By.ID, "problem")
    wait_for(lambda: problem.text)
    time.sleep(3)  # (it asked again within 0.5 s, then every 1, 2, 4 s)
    assert problem.text == room_problem("no_table")  # (Play now's table: a public one)
    assert phone.execute_script("return window.sets") == 1  # said once
    assert live(phone) == []  # not said again and again, no "reconnecting"
    assert phone.execute_script("return sessionStorage.getItem('holdem-seat')") is None
    assert not phone.find_element(By.ID, "table").is_displayed()
    assert phone.find_element(By.ID, "code").get_attribute("value") == code
    assert console_errors(phone) == []


def test_a_room_closed_under_a_seated_page_says_why_and_leaves_the_table(served, pages):  # noqa: F811
    from selenium.webdriver.common.by import By

    from holdem_desktop.i18n.phrases import room_problem

    phone = browser(390, 844)
    pages.append(phone)
    phone.get(f"https://127.0.0.1:{served.port}/")
    listen(phone)
    phone.find_element(By.ID, "name").send_keys("Ana")
    phone.find_element(By.ID, "play-now").click()
    wait_for(lambda: phone.execute_script("return document.activeElement.id") == "h-table")
    code = json.loads(phone.execute_script("return sessionStorage.getItem('holdem-seat')"))["code"]
    before = len(live(phone))
    server = served.server
    server.call(lambda: (server.lobby.close_room(code, "idle_room"), server._deliver()))
    problem = phone.find_element(By.ID, "problem")
    # why, as the desktop says it, on the join form (its alert), focus there
    wait_for(lambda: problem.text == room_problem("idle_room"))
    time.sleep(2)
    assert problem.text == room_problem("idle_room")  # (not a refusal of a join after it)
    assert live(phone)[before:] == []  # no "Connection lost, reconnecting…"
    assert not phone.find_element(By.ID, "table").is_displayed()
    assert phone.execute_script("return document.activeElement.id") == "code"
    assert phone.execute_script("return sessionStorage.getItem('holdem-seat')") is None
    assert console_errors(phone) == []
