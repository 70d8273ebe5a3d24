"""A web page's sounds: the desktop's cues, named by the server for each
event (the desktop's SoundListener on a bank with no device) and played by
the page from the server's files, under the Content-Security-Policy; off
until the page's Sounds setting is on.  Through the page's socket, and in
a real browser (Linux only, as test_web_page.py)."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from holdem_desktop.audio.bank import CUES, DEFAULT_SOUNDS_DIR

from . import test_web_page
from .conftest import insecure_context
from .test_web_lobby import page, until
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    axe_problems,
    browser,
    console_errors,
    listen,
    live,
    pages,
    press_if,
    unnamed_controls,
    wait_for,
)
from .test_web_socket import answer

TURN = ("Your turn: ", "Your turn.")


def test_the_desktops_cues_are_served_under_the_pages_policy(served):
    for cue in CUES:
        answer = urllib.request.urlopen(f"https://127.0.0.1:{served.port}/sounds/{cue}.wav",
                                        timeout=10, context=insecure_context())
        assert answer.headers["Content-Type"] == "audio/wav"
        assert "media-src 'self'" in answer.headers["Content-Security-Policy"]
        assert answer.read() == (DEFAULT_SOUNDS_DIR / f"{cue}.wav").read_bytes()


async def next_turn(ws: Any, turn: Callable[[dict[str, Any]], bool]) -> None:
    """Her next turn: Next hand pressed again every few seconds meanwhile (the
    hand may end without her, and a busy machine is slow to deal; a press
    while a hand runs is refused, with no cue when sounds are off)."""
    end = time.monotonic() + 180
    while True:
        try:
            await until(ws, turn, 5)
            return
        except TimeoutError:
            assert time.monotonic() < end, "no turn of hers within 180 s"
            await ws.send(json.dumps({"press": "next_hand"}))


def test_a_page_is_sent_the_desktops_cues_only_with_its_sounds_on(served):
    async def visit() -> None:
        async with page(served) as ws:
            await answer(ws, {"lang": "en"})
            await ws.send(json.dumps({"play_now": {"name": "Bea"}}))
            await until(ws, lambda m: "joined" in m)
            heard: list[dict[str, Any]] = []

            def told(m: dict[str, Any]) -> bool:
                heard.append(m)
                return "tell" in m

            def turn(m: dict[str, Any]) -> bool:
                heard.append(m)
                return any(t in m.get("say", "") for t in TURN)

            # off until the page says on: a refused press says why, silently;
            # on, with the desktop's cue of a refusal
            await ws.send(json.dumps({"press": "check_call"}))
            await until(ws, told)
            assert not [m for m in heard if "sound" in m]
            await ws.send(json.dumps({"sounds": True}))
            await ws.send(json.dumps({"press": "check_call"}))
            await until(ws, told)
            assert {"sound": "error"} in heard

            # her first turn: its cue (cues of one moment fold into the most
            # important, as on the desktop: nothing before it outranks it)
            heard.clear()
            await ws.send(json.dumps({"press": "next_hand"}))
            await until(ws, turn, 60)
            await until(ws, lambda m: heard.append(m) or "sound" in m)
            cues = [m["sound"] for m in heard if "sound" in m]
            assert cues[-1] == "your_turn" and set(cues) <= set(CUES), cues
            await ws.send(json.dumps({"press": "check_call"}))
            # off again: nothing more once the page said so
            await ws.send(json.dumps({"sounds": False}))
            await ws.send(json.dumps({"state": 1}))
            await until(ws, lambda m: "tell" in m)
            heard.clear()
            await next_turn(ws, turn)
            assert not [m for m in heard if "sound" in m]

    asyncio.run(visit())


PLAYED = """
window.played = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  const entry = { src: this.src, ok: null };
  window.played.push(entry);
  const done = play.call(this);
  done.then(() => { entry.ok = true; }, (e) => { entry.ok = String(e); });
  return done;
};
"""
"""Records each sound the page plays, and whether the browser played it."""


def test_a_phone_plays_the_cues_when_its_sounds_setting_is_on(served, pages):  # noqa: F811
    if test_web_page.CHROMIUM is None or test_web_page.DRIVER is None:
        pytest.skip("needs Debian's chromium and chromium-driver (.ci/run installs them)")
    from selenium.webdriver.common.by import By

    phone = browser(390, 844)
    pages.append(phone)
    phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PLAYED})
    phone.get(f"https://127.0.0.1:{served.port}/")
    listen(phone)
    phone.find_element(By.ID, "tab-settings").click()
    sounds = phone.find_element(By.ID, "sounds")
    assert not sounds.is_selected() and sounds.accessible_name == "Sounds"  # off at first
    assert unnamed_controls(phone) == [] and axe_problems(phone) == []
    sounds.click()
    phone.save_screenshot(str(test_web_page.SHOTS / "phone-settings.png"))
    phone.find_element(By.ID, "tab-close").click()
    phone.find_element(By.ID, "name").send_keys("Ana")
    phone.find_element(By.ID, "play-now").click()
    wait_for(lambda: phone.find_element(By.ID, "table").is_displayed())

    def play() -> None:
        press_if(phone, "press-check_call") or press_if(phone, "press-next_hand")

    def played() -> list[dict[str, Any]]:
        return list(phone.execute_script("return window.played"))

    # her turn's cue, played from the server's file
    wait_for(lambda: "your_turn" in {
        p["src"].rsplit("/", 1)[-1][:-4] for p in played() if p["ok"] is True}, 90,
        between=play)
    assert all(p["src"].startswith(f"https://127.0.0.1:{served.port}/sounds/")
               for p in played())
    assert console_errors(phone) == []  # (nothing the policy blocked)
    # off again: the page plays nothing more, whatever the server sends
    phone.find_element(By.ID, "tab-settings").click()
    phone.find_element(By.ID, "sounds").click()
    phone.find_element(By.ID, "tab-close").click()
    before, said = len(played()), len(live(phone))
    wait_for(lambda: any("Your turn" in t for t in live(phone)[said:]), 90,
             between=play)
    assert len(played()) == before
    # kept for the next visit, as the desktop keeps its settings
    assert phone.execute_script("return localStorage.getItem('holdem-sounds')") == "off"
