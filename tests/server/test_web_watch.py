"""A web page's lobby filters the public tables and watches one, as the
desktop's Lobby does (its Game and Speed choices, its W): through the
page's socket (the filtered list is the desktop's, nonsense refused to that
page alone) and in a real browser (labelled selects, a Watch button a
table; the watcher hears, word for word, what a desktop watcher hears).
The browser test is Linux only, as test_web_page.py."""

from __future__ import annotations

import asyncio
import json

import pytest

from holdem_desktop import __version__
from holdem_desktop.i18n.lobby import count_line, game_name, speed_name, table_line
from holdem_desktop.i18n.phrases import public_spectator
from holdem_desktop.net.lobby_messages import GAMES, SPEEDS, JoinTable, LobbyList, PlayNow
from holdem_desktop.ui.action_panel import Command
from tests.net.test_host import run_until

from . import test_web_page
from .test_public_tables import follower, player, tables_now
from .test_web_lobby import page, until
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    SHOTS,
    DesktopPlayer,
    axe_problems,
    browser,
    console_errors,
    listen,
    live,
    pages,
    unnamed_controls,
    wait_for,
)
from .test_web_public import hands
from .test_web_socket import answer


def test_a_pages_filters_and_watch_are_the_desktops_and_nonsense_is_refused_alone(served):
    ann = player(served, "Ann", 1, PlayNow("Ann", __version__))
    desktop = follower(served, LobbyList("session", "normal"))  # a desktop's filtered Lobby
    try:
        run_until([ann], lambda: ann.code != "", 10)
        listed = tables_now(desktop)
        while not listed.tables:
            listed = tables_now(desktop)

        async def visit() -> None:
            async with page(served) as ws:
                got = await answer(ws, {"lang": "en"})
                assert got["words"]["watch"] == "Watch"
                assert got["filters"] == {  # the desktop's Lobby's choices
                    "variant": [["", "Any game"], *([k, game_name(k)] for k in GAMES)],
                    "speed": [["", "Any speed"], *([s, speed_name(s)] for s in SPEEDS)]}
                await ws.send(json.dumps({"lobby": {"variant": "tournament"}}))
                none = await until(ws, lambda m: "tables" in m and not m["tables"]["tables"])
                assert none["tables"]["count"] == "No public table yet: Play now opens one."
                await ws.send(json.dumps({"lobby": {"variant": "session", "speed": "normal"}}))
                some = await until(ws, lambda m: "tables" in m and m["tables"]["tables"])
                assert some["tables"] == {"count": count_line(listed), "tables": [
                    {"code": t.code, "line": table_line(t)} for t in listed.tables]}
                for nonsense in ({"lobby": {"variant": 5}}, {"lobby": {"speed": "fast"}},
                                 {"lobby": {"colour": "red"}}, {"lobby": "session"},
                                 {"join": {"code": ann.code, "name": "Bea", "public": True,
                                           "watch": "yes"}},
                                 {"play_now": {"name": "Bea", "speed": "warp"}}):
                    assert await answer(ws, nonsense) == {"error": "malformed"}, nonsense
                # Watch: a listener at Ann's table, told so in the desktop's words
                await ws.send(json.dumps({"join": {"code": ann.code, "name": "Bea",
                                                   "token": None, "public": True,
                                                   "watch": True}}))
                assert "joined" in await until(ws, lambda m: "joined" in m or "error" in m)
                said = await until(ws, lambda m: "say" in m)
                assert said["say"] == public_spectator(True)

        asyncio.run(visit())
    finally:
        ann.client.close()
        desktop.close()


def test_a_phone_filters_the_lobby_and_watches_hearing_what_a_desktop_watcher_hears(
        served, pages):  # noqa: F811 (the fixture imported)
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    if test_web_page.CHROMIUM is None or test_web_page.DRIVER is None:
        pytest.skip("needs Debian's chromium and chromium-driver (.ci/run installs them)")
    desk = DesktopPlayer(served, "Dana", PlayNow("Dana", __version__))
    code = desk.remote.code
    eli = DesktopPlayer(served, "Eli", JoinTable("Eli", __version__, code, watch=True))
    assert eli.remote.seat is None

    def tables() -> None:  # (Dana starts each hand: a press refused early is made again)
        desk.play()
        if desk.panel.why(Command.NEXT_HAND) is None:
            desk.panel.activate(Command.NEXT_HAND)
        eli.pump()

    eve = browser(390, 844)
    pages.append(eve)
    eve.get(f"https://127.0.0.1:{served.port}/")
    listen(eve)
    wait_for(lambda: eve.find_elements(By.ID, f"watch-{code}"), between=tables)
    # the filters: labelled choices, the desktop's Lobby's, in the page's language
    variant, speed = (Select(eve.find_element(By.ID, k)) for k in ("f-variant", "f-speed"))
    assert [o.text for o in variant.options] == ["Any game", *(game_name(k) for k in GAMES)]
    assert [o.text for o in speed.options] == ["Any speed", *(speed_name(s) for s in SPEEDS)]
    variant.select_by_value("tournament")
    wait_for(lambda: not eve.find_elements(By.ID, f"table-{code}"), between=tables)
    assert eve.find_element(By.ID, "lobby-count").text == \
        "No public table yet: Play now opens one."
    variant.select_by_value("session")
    speed.select_by_value("normal")
    def named() -> bool:  # (the list is drawn again as the lobby changes: read it afresh)
        try:
            found = eve.find_elements(By.ID, f"watch-{code}")
            line = eve.find_element(By.ID, f"table-{code}").text
            return bool(found) and found[0].accessible_name == f"Watch {line}"
        except (StaleElementReferenceException, NoSuchElementException):
            return False

    wait_for(named, between=tables)  # which table it watches, said
    assert unnamed_controls(eve) == [] and axe_problems(eve) == []
    eve.save_screenshot(str(SHOTS / "phone-lobby-watch.png"))
    # Watch: a spectator, told so as the desktop is, then hearing the table
    eve.find_element(By.ID, "name").send_keys("Eve")

    def clicked() -> bool:
        try:
            eve.find_element(By.ID, f"watch-{code}").click()
            return True
        except (StaleElementReferenceException, NoSuchElementException):
            return False

    wait_for(clicked, between=tables)
    wait_for(lambda: eve.find_element(By.ID, "table").is_displayed(), between=tables)
    assert live(eve)[0] == public_spectator(True)
    assert "Eve" not in [s.name for s in desk.remote.seats]

    def heard_alike() -> list[str]:  # a whole hand, said alike to both watchers
        desktop = hands(eli.said, everything=True)
        return next((h for h in hands(live(eve), everything=True)
                     if len(h) >= 4 and h in desktop), [])

    try:
        wait_for(heard_alike, 120, between=tables)
    except AssertionError:  # (what each heard, to see why)
        print("PAGE", live(eve)[-10:], "\nDESKTOP", eli.said[-10:], "\nDANA", desk.said[-10:])
        raise
    assert "Eve" not in [s.name for s in desk.remote.seats]

    # a dropped connection comes back watching, as it left (never seated)
    def drop() -> None:
        for conn, state in list(served.server._conns.items()):
            if conn.startswith("w"):
                state.ws.transport.abort()

    before = len(live(eve))
    served.server.call(drop)
    wait_for(lambda: any("reconnecting" in t for t in live(eve)[before:]), between=tables)
    wait_for(lambda: public_spectator(True) in live(eve)[before:], 60, between=tables)
    assert eve.find_element(By.ID, "table").is_displayed()
    assert "Eve" not in [s.name for s in desk.remote.seats]
    assert console_errors(eve) == [] and axe_problems(eve) == []
    eve.save_screenshot(str(SHOTS / "phone-watching.png"))
    desk.client.close()
    eli.client.close()
