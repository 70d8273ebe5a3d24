"""A phone-sized page at a public table of the lobby, in a real browser
(Debian's chromium, driven by selenium): it lists the desktop's table,
takes Play now, plays hands with the desktop at that table, and says what
the desktop says; the turn clock's warning and its time left (the
desktop's K) reach it.  Linux only, as test_web_page.py."""

from __future__ import annotations

import itertools
import re

from holdem_desktop import __version__
from holdem_desktop.i18n.lobby import game_name
from holdem_desktop.i18n.phrases import room_problem
from holdem_desktop.net import public_table
from holdem_desktop.net.lobby_messages import JoinTable, PlayNow

from . import test_web_page
from .test_server import online
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    SHOTS,
    DesktopPlayer,
    axe_problems,
    browser,
    console_errors,
    live,
    pages,
    press_if,
    unnamed_controls,
    wait_for,
)

pytestmark = test_web_page.pytestmark  # (skipped as it is, without chromium)
PEOPLE = ("Ana", "Dana", "You", "you", "Your", "your")


def hands(texts: list[str], *, everything: bool = False) -> list[list[str]]:
    """Every whole hand in ``texts`` (from one "Hand N." to the next), its
    "Hand N." aside (a new game numbers them from 1 again): the sentences
    naming no person at the table (to one of them, "you") and not the pot
    (said to each listener when it changed since they last heard it, and
    not to one who folded), or ``everything``."""
    said = [s for text in texts for s in re.split(r"(?<=[.!?])\s+", text)]
    starts = [k for k, s in enumerate(said) if re.fullmatch(r"Hand \d+\.", s)]
    return [[s for s in said[a + 1:b] if everything
             or not (any(re.search(rf"\b{w}\b", s) for w in PEOPLE)
                     or re.fullmatch(r"Pot [\d,]+\.", s))]
            for a, b in itertools.pairwise(starts)]


def test_a_phone_takes_play_now_at_the_desktops_public_table_and_says_what_it_says(
        served, pages, monkeypatch):  # noqa: F811 (the fixture imported)
    from selenium.webdriver.common.by import By

    # a short clock: the warning comes 2 s into a decision (10 s before its end)
    monkeypatch.setitem(public_table.SPEED_TIMES, "normal",
                        public_table.Speed(12.0, 0.0, 0.0, 0.0))
    desk = DesktopPlayer(served, "Dana", PlayNow("Dana", __version__))
    assert desk.remote.public
    ana = browser(390, 844)
    pages.append(ana)
    ana.get(f"https://127.0.0.1:{served.port}/")
    test_web_page.listen(ana)
    # the join form lists the lobby's public tables, in the desktop's words
    row = wait_for(lambda: ana.find_elements(
        By.CSS_SELECTOR, f"#lobby-tables button[data-code='{desk.remote.code}']"),
        between=desk.play)[0]
    assert row.text.startswith(f"{game_name('session')}, blinds 10/20, normal speed: ")
    assert ana.find_element(By.ID, "lobby-count").text == "1 public table."
    assert unnamed_controls(ana) == [] and axe_problems(ana) == []
    ana.save_screenshot(str(SHOTS / "phone-lobby.png"))
    # a join the table refuses (a name taken there) is said on the form, and
    # the list goes on following the server (a watcher comes: its line says so)
    ana.find_element(By.ID, "name").send_keys("Dana")
    row.click()
    assert wait_for(lambda: ana.find_element(By.ID, "problem").text, between=desk.play) \
        == room_problem("name_taken", "")
    eli = online(served)
    eli.connect()
    eli.send(JoinTable("Eli", __version__, desk.remote.code, watch=True))
    wait_for(lambda: ana.execute_script(  # (the list is redrawn as it changes)
        "const b = document.querySelector('#lobby-tables button');"
        "return b ? b.textContent : '';").endswith(", 1 watching"), between=desk.play)
    eli.close()
    ana.find_element(By.ID, "name").clear()
    # Play now without a name: the form says the name is missing, nothing is sent
    ana.find_element(By.ID, "play-now").click()
    assert ana.switch_to.active_element.get_attribute("id") == "name"
    assert not ana.find_element(By.ID, "table").is_displayed()
    ana.find_element(By.ID, "name").send_keys("Ana")
    ana.find_element(By.ID, "play-now").click()
    wait_for(lambda: ana.find_element(By.ID, "table").is_displayed(), between=desk.play)
    assert ana.find_element(By.ID, "room").text == f"Room code {desk.remote.code}"
    wait_for(lambda: "Ana" in [s.name for s in desk.remote.seats], 60, between=desk.play)

    waiting = [False]  # Ana lets her clock run (to hear its warning)

    def everyone() -> None:
        desk.play()
        if not waiting[0]:
            press_if(ana, "press-check_call") or press_if(ana, "press-next_hand")

    # her turn left to run: the warning the desktop would hear, then K's time left
    warning = "Your time is nearly up: "  # (with the seconds left)
    waiting[0] = True

    def forget() -> None:  # (new lines from here)
        test_web_page.forget(ana)

    forget()  # (a warning may have come already, on a busy machine)
    wait_for(lambda: any(warning in t for t in live(ana)), 60, between=everyone)
    forget()
    ana.find_element(By.TAG_NAME, "body").send_keys("k")
    left = wait_for(lambda: [t for t in live(ana) if "Your time bank" in t],
                    between=desk.pump)
    assert re.fullmatch(r"\d+ seconds? left to decide\. Your time bank is empty\.", left[0]), left
    assert int(left[0].split()[0]) <= 10
    forget()
    ana.find_element(By.ID, "time-left").click()
    wait_for(lambda: [t for t in live(ana) if re.fullmatch(
        r"(\d+ seconds? left to decide|No decision is awaited now)\. Your time bank is "
        r"empty\.", t)],
        between=desk.pump)
    waiting[0] = False  # (first, while she has chips for many turns)

    # a whole hand with Ana seated: said alike on the page and the desktop
    def played(said: list[str]) -> bool:  # (her own moves said, never a fold,
        return any(re.match(r"You (check|call|bet|raise)", s) for s in said) \
            and not any(re.match(r"You fold|Your time ran out", s) for s in said)  # (brief)

    def whole_hand() -> int:  # (one she played, seated in the hand before too)
        heard = hands(live(ana), everything=True)
        return next((k for k in range(1, len(heard)) if played(heard[k - 1])
                     and played(heard[k])), 0)

    def narrated(hand: list[str]) -> list[str]:
        """The hand's own lines: not the answer to Next hand pressed early, nor
        what follows when the hand ended the game (the page then says how to
        start the next, "The game starts. Press Next hand to deal.", and the
        desktop does not)."""
        ends = [k for k, s in enumerate(hand)
                if s == "The game starts." or s.startswith("New game:")]
        return [s for s in hand[:min(ends, default=len(hand))]
                if s != "The hand is still being played."]

    number = wait_for(whole_hand, 120, between=everyone)
    page_said = narrated(hands(live(ana))[number])
    assert len(page_said) >= 4

    def desk_heard() -> bool:
        return page_said in [narrated(h) for h in hands(desk.said)]

    try:
        wait_for(desk_heard, 60, between=everyone)  # (the desktop reads at its own pace)
    except AssertionError:  # (say what each heard)
        raise AssertionError(f"the page said {page_said}; the desktop's last hands: "
                             f"{[narrated(h) for h in hands(desk.said)][-4:]}") from None
    assert console_errors(ana) == [] and axe_problems(ana) == []
    desk.client.close()
