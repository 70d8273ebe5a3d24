"""The table as a web page, in a real browser (Debian's chromium, driven by
selenium): two phone-sized pages and a desktop client play a hand through a
real server; what the pages say is what the desktop says; the page's
accessibility tree and an axe-core audit; a dropped connection comes back.
Linux only (chromium from Debian; not on the Windows list)."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from holdem_desktop import __version__
from holdem_desktop.i18n.names import amount
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import ClientMessage, Create, Welcome
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.server.web import speaking
from holdem_desktop.speech.announcer import Announcer
from holdem_desktop.ui.action_panel import ActionPanel, Command
from holdem_desktop.ui.howto import how_to_play
from holdem_desktop.ui.keymap import KeyMap

from .conftest import Served

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="needs Debian's chromium and chromium-driver "
                                       "(.ci/run installs them)")
SHOTS = Path(__file__).resolve().parents[3] / "look-shots" / "web"
HEADINGS = ["Table", "Your hand", "Actions", "Game state", "Players", "Move log", "Room",
            "Chat"]


class DesktopPlayer:
    """A desktop in the room: the real client, RemoteTable, action buttons and
    announcer, its announcements kept as the desktop's speech keeps them
    (a grown one is one entry)."""

    def __init__(self, served: Served, name: str, first: ClientMessage | None = None) -> None:
        self.client = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint)
        self.client.connect()
        self.client.send(first or Create(name, __version__, "tournament", 3, "normal"))
        welcome = self.client.get(timeout=10)
        assert isinstance(welcome, Welcome), welcome
        self.remote = RemoteTable(self.client, welcome.game(), welcome)
        self.said: list[str] = []
        self.announcer = Announcer(welcome.seat, lambda k: self.remote.seats[k].name,
                                   self.said.append, grow=self._grow)
        self.remote.subscribe(self.announcer)
        self.panel = ActionPanel(self.remote, welcome.seat)  # type: ignore[arg-type]
        self.pressed_for = -1

    def _grow(self, text: str) -> None:
        self.said[-1] += " " + text

    def pump(self) -> None:
        if self.remote.pump():
            self.announcer.flush()

    def play(self) -> None:
        """Check or call when it is this desktop's turn."""
        self.pump()
        if self.panel.why(Command.CHECK_CALL) is None and self.remote.my_turn:
            self.panel.activate(Command.CHECK_CALL)
        elif self.remote.running and self.remote.seat in self.remote.awaited() \
                and self.pressed_for != self.remote.hands_played:
            self.pressed_for = self.remote.hands_played
            self.panel.activate(Command.NEXT_HAND)


def browser(width: int, height: int) -> Any:
    SHOTS.mkdir(parents=True, exist_ok=True)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--ignore-certificate-errors", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver


@pytest.fixture
def pages() -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for driver in opened:
        driver.quit()


def wait_for(what: Callable[[], object], seconds: float = 30.0, *,
             between: Callable[[], None] = lambda: None) -> Any:
    """Polls ``what`` (the browser and the desktop have no event this side
    can block on) until it is true, doing ``between`` meanwhile."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        between()
        value = what()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"not within {seconds} s: {what}")


HEARD = """
if (!window.heard) {
  const live = document.getElementById('live');
  window.heard = [...live.children];
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    if (n.nodeName === 'P') window.heard.push(n); }).observe(live, {childList: true});
}
"""
"""Keeps every line the live region was given, in order (the page keeps its
last 200 and drops what the player's own move replaces): a line that grows
is read as it stands now."""


def listen(driver: Any) -> None:
    """Follow the live region from now on (after each page load)."""
    driver.execute_script(HEARD)


def live(driver: Any) -> list[str]:
    """Every line the live region said since :func:`listen`, by its index in
    the whole game (an index taken earlier stays right, past 200 lines)."""
    return [str(t) for t in driver.execute_script(
        HEARD + "return window.heard.map(p => p.textContent)")]


def forget(driver: Any) -> None:
    """Count the live region's lines from here (those said before forgotten)."""
    driver.execute_script(HEARD + "window.heard.length = 0")


def join(driver: Any, port: int, code: str, name: str, lang: str = "en") -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    driver.get(f"https://127.0.0.1:{port}/")
    listen(driver)
    driver.find_element(By.ID, "tab-settings").click()  # the language is a setting
    Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
    driver.find_element(By.ID, "tab-close").click()
    driver.find_element(By.ID, "code").send_keys(code)
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "join-button").click()
    wait_for(lambda: driver.find_element(By.ID, "table").is_displayed())


ANSWERS = ("press-fold", "press-check_call", "press-bet_raise", "press-all_in")


def press_if(driver: Any, button: str) -> bool:
    """Press ``button`` when it can be used now (aria-disabled false); an
    answer to a decision as a person presses it, not within the page's
    double-tap time of the last one (a second tap there answers the same
    decision as the first, refused as too late)."""
    return bool(driver.execute_script(
        "const b = document.getElementById(arguments[0]);"
        "if (!b || b.getAttribute('aria-disabled') !== 'false') return false;"
        "if (arguments[1]) { const now = performance.now();"
        " if (now - (window.answeredAt || -1e9) < 600) return false;"
        " window.answeredAt = now; }"
        "b.click(); return true;", button, button in ANSWERS))


def first_hand(texts: list[str], name: str, *, besides: tuple[str, ...] = ()) -> list[str]:
    """The sentences of the first hand (from "Hand 1." to "Hand 2.") in
    ``texts`` that name ``name`` and none of ``besides``."""
    said = [s for text in texts for s in re.split(r"(?<=[.!?])\s+", text)]
    if "Hand 1." not in said or "Hand 2." not in said:
        return []
    said = said[said.index("Hand 1."):said.index("Hand 2.")]
    return [s for s in said if name in s and not any(
        re.search(rf"\b{word}\b", s) for word in besides)]


def headings(driver: Any) -> list[str]:
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    return [n["name"]["value"] for n in tree
            if n.get("role", {}).get("value") == "heading" and not n.get("ignored")]


def unnamed_controls(driver: Any) -> list[str]:
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    roles = {"button", "textbox", "combobox", "checkbox", "link"}
    return [n["role"]["value"] for n in tree if n.get("role", {}).get("value") in roles
            and not n.get("ignored") and not n.get("name", {}).get("value", "").strip()]


def console_errors(driver: Any) -> list[str]:
    """What the page's console reported as errors: a script fault, or
    anything the Content-Security-Policy blocked (the browser's own request
    for /favicon.ico, which the page does not have, aside)."""
    return [e["message"] for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]


def axe_problems(driver: Any) -> list[str]:
    from axe_selenium_python import Axe

    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    return [f"{v['id']}: {v['help']}" for v in results["violations"]
            if v.get("impact") in ("serious", "critical")]


def test_two_phones_and_a_desktop_play_a_hand_and_the_pages_say_what_the_desktop_says(
        served, pages):
    from selenium.webdriver.common.by import By

    desk = DesktopPlayer(served, "Dana")
    ana, bea = browser(390, 844), browser(390, 844)
    pages += [ana, bea]
    join(ana, served.port, desk.remote.code, "Ana")
    join(bea, served.port, desk.remote.code, "Bea", lang="ro")
    wait_for(lambda: len([s for s in desk.remote.seats if s.name]) == 3, between=desk.pump)
    # Bea's page is in Romanian, worded by the same catalogs as the desktop
    assert bea.find_element(By.ID, "h-table").text == "Masa"
    assert headings(ana) == ["Hold'em Desktop", *HEADINGS]
    assert unnamed_controls(ana) == []
    assert axe_problems(ana) == []
    desk.pump()
    assert desk.panel.activate(Command.NEXT_HAND).done  # the host starts the game

    chose: list[str] = []

    def everyone() -> None:
        desk.play()
        if not chose and press_if(ana, "preset-pot"):  # the amount only: no action
            chose.append("pot")
            return
        # (Ana calls or checks once her pot preset is chosen: on a busy machine her turn
        # could come and go between two looks at the preset)
        for page in (ana, bea):
            if (page is ana and not chose) or not press_if(page, "press-check_call"):
                press_if(page, "press-next_hand")

    wait_for(lambda: first_hand(desk.said, "") and first_hand(live(ana), ""), 90,
             between=everyone)
    for page, shot in ((ana, "phone-en"), (bea, "phone-ro")):
        page.execute_script("window.scrollTo(0, 0)")
        page.save_screenshot(str(SHOTS / f"{shot}.png"))
        page.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        page.save_screenshot(str(SHOTS / f"{shot}-end.png"))
    # what Ana's page said of Bea, a third player to both, is word for word
    # what the desktop said of her, in the same order
    # (sentences naming Ana or the desktop's player differ: "you" to one of them)
    heard = first_hand(live(ana), "Bea", besides=("Ana", "Dana", "You", "you"))
    assert len(heard) >= 4
    assert heard == first_hand(desk.said, "Bea", besides=("Ana", "Dana", "You", "you"))
    assert headings(ana) == ["Hold'em Desktop", *HEADINGS]
    assert unnamed_controls(ana) == [] and unnamed_controls(bea) == []
    assert axe_problems(ana) == [] and axe_problems(bea) == []
    # a long game: the Move log and the chat scroll, and a keyboard reaches them
    # (a scrollable region nobody can focus is a serious problem to axe)
    bea.execute_script("for (const id of ['log', 'chat']) for (let k = 0; k < 80; k++) {"
                       " const li = document.createElement('li'); li.textContent = 'line ' + k;"
                       " document.getElementById(id).append(li); }")
    assert bea.execute_script("const l = document.getElementById('log');"
                              " return l.scrollHeight > l.clientHeight;")
    assert axe_problems(bea) == []
    assert console_errors(ana) == [] and console_errors(bea) == []
    # the pot preset chose an amount, said as the bet button now names it
    assert chose and any(re.fullmatch(r"(Bet|Raise to) [\d,]+(, all-in)?", t) for t in live(ana)), \
        (chose, live(ana)[-8:])  # (what her page said, if not)
    # her own move cuts what the phone was saying: the live region then holds
    # her move first and nothing said before it (a read-out she asked for,
    # the others' moves), so the reader says it at once, with no stale line
    # waiting before it (the desktop's rule: your own move first)
    ana.find_element(By.ID, "read-state").click()
    wait_for(lambda: any("Blinds 10 and 20." in t for t in live(ana)), between=desk.pump)

    def ana_acts() -> int:  # (the lines heard when she acted, +1)
        desk.play()
        press_if(bea, "press-check_call") or press_if(bea, "press-next_hand")
        press_if(ana, "press-next_hand")
        heard = len(live(ana))
        return heard + 1 if press_if(ana, "press-check_call") else 0

    acted = wait_for(ana_acts, 90) - 1
    first = wait_for(lambda: ana.execute_script(
        "const p = document.querySelector('#live p');"
        "return p && window.heard.indexOf(p) >= arguments[0] ? p.textContent : '';", acted),
        between=desk.pump)
    assert re.match(r"You (check|call)\b", first), first
    assert ana.execute_script(
        "return window.heard.slice(0, arguments[0]).every(p => !p.isConnected)", acted)
    # chat both ways, between a page and the desktop
    ana.find_element(By.ID, "line").send_keys("nice table\n")
    wait_for(lambda: any(line.text == "nice table" and line.name == "Ana"
                         for line in desk.remote.chat_lines), between=desk.pump)
    desk.remote.chat("thanks Ana")
    wait_for(lambda: "thanks Ana" in ana.find_element(By.ID, "chat").text, between=desk.pump)
    # a button that cannot be used now is marked so and its description says why
    marks = ana.execute_script(
        "return [...document.querySelectorAll('#buttons button, #presets button')].map(b => "
        "[b.getAttribute('aria-disabled'), document.getElementById(b.id + '-why').textContent])")
    assert len(marks) == 13 and any(disabled == "true" for disabled, _ in marks)
    assert all((disabled == "true") == bool(why.strip()) for disabled, why in marks)

    # a dropped connection comes back, at the same seat
    def drop() -> None:
        for conn, state in list(served.server._conns.items()):
            if conn.startswith("w"):
                state.ws.transport.abort()
                return

    before = len(live(ana))
    served.server.call(drop)
    wait_for(lambda: any("reconnecting" in t for t in live(ana)[before:]), between=desk.pump)
    # back at her seat: her own moves are said to her again ("You check.")
    wait_for(lambda: any(t.startswith("You ") for t in live(ana)[before + 1:]), 90,
             between=everyone)
    # the desktop's keys: I reads the state, in the desktop's order and words
    before = len(live(ana))
    ana.find_element(By.TAG_NAME, "body").send_keys("i")
    state = wait_for(lambda: [t for t in live(ana)[before:] if "Blinds 10 and 20." in t])
    assert re.match(r"(Your turn\.|Nobody is to act\.|\w+ to act\.)", state[0])
    assert "You have " in state[0]
    desk.client.close()


def test_the_page_at_desktop_size_and_its_headers(served, pages):
    import urllib.request

    from .conftest import insecure_context

    answer = urllib.request.urlopen(f"https://127.0.0.1:{served.port}/", timeout=10,
                                    context=insecure_context())
    csp = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    desk = DesktopPlayer(served, "Dana")
    wide = browser(1280, 800)
    pages.append(wide)
    join(wide, served.port, desk.remote.code, "Ana", lang="pl")
    assert wide.find_element("id", "h-actions").text == "Akcje"
    wide.save_screenshot(str(SHOTS / "desktop-pl.png"))
    assert axe_problems(wide) == []
    # How to play: a tab in place of the page, the desktop's rules in Polish;
    # a second touch closes it, focus back on its tab
    wide.find_element("id", "tab-howto").click()
    body = wait_for(lambda: wide.find_element("id", "tab-body").text)
    assert wide.find_element("id", "tab-heading").text == "Jak grać"
    assert "Ranking układów" in body and not wide.find_element("id", "page").is_displayed()
    # every section of the desktop's How to play, from its own source, in Polish
    with speaking("pl"):
        desktop_page = how_to_play(desk.remote.variant, KeyMap(), amount=amount)
    assert headings(wide)[1:] == ["Jak grać", *(s.heading for s in desktop_page)]
    assert len(desktop_page) == 11 and desktop_page[6].paragraphs[0] in body
    assert axe_problems(wide) == []
    wide.save_screenshot(str(SHOTS / "desktop-pl-howto.png"))
    wide.find_element("id", "tab-howto").click()
    assert wide.find_element("id", "page").is_displayed()
    assert wide.switch_to.active_element.get_attribute("id") == "tab-howto"
    # Settings: the language changes the page and what the table says
    wide.find_element("id", "tab-settings").click()
    from selenium.webdriver.support.select import Select
    Select(wide.find_element("id", "lang")).select_by_value("it")
    wait_for(lambda: wide.find_element("id", "tab-heading").text == "Impostazioni")
    wide.find_element("id", "tab-close").click()
    wait_for(lambda: wide.find_element("id", "h-actions").text == "Azioni")
    assert console_errors(wide) == []
    # the Room zone's invitation is this page with the code filled in
    invite = wide.find_element("id", "invite").get_attribute("textContent")
    assert invite == f"https://127.0.0.1:{served.port}/?code={desk.remote.code}"
    other = browser(390, 844)
    pages.append(other)
    other.get(invite)
    assert other.find_element("id", "code").get_attribute("value") == desk.remote.code
    # a wrong code is said on the join form, in the player's language
    other.find_element("id", "code").clear()
    other.find_element("id", "code").send_keys("000000")
    other.find_element("id", "name").send_keys("Eve")
    other.find_element("id", "join-button").click()
    assert wait_for(lambda: other.find_element("id", "problem").text)
    desk.client.close()
