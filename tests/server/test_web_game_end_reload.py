"""A phone reloaded after the game has ended shows and says the game's
result as the phone that stayed open did: who won, the places and your
place (the live region's line, the Move log's), the last hand's result by
the board, Read state's result and its next step (New game), in a real
browser (Linux only, as test_web_page.py).  It showed and read the
ordinary read-out of a table between games instead ("Dana and you are
here." and the chips)."""

from __future__ import annotations

import contextlib
from typing import Any

from holdem_desktop import __version__
from holdem_desktop.net.protocol import Create
from holdem_desktop.ui.action_panel import Command

from . import test_web_page
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    SHOTS,
    DesktopPlayer,
    browser,
    console_errors,
    join,
    listen,
    live,
    pages,
    press_if,
    wait_for,
)

pytestmark = test_web_page.pytestmark


def _ended(driver: Any) -> list[str]:
    """The game's result, as the live region's lines said it (the line the
    player's last move began grows with it: from the result on)."""
    return [t[min(t.find(w) for w in ("Game over:", "You win the game!") if w in t):]
            for t in live(driver) if "Places:" in t]


def _read_state(driver: Any, desk: DesktopPlayer) -> str:
    before = len(live(driver))
    driver.find_element("id", "read-state").click()
    return str(wait_for(lambda: live(driver)[before:], between=desk.pump)[0])


def _shown(driver: Any) -> dict[str, str]:
    """What the page shows of the game's end: the zones a player reads (the
    Move log from the last hand: a page back at the table holds that hand
    again, as after a reload in the middle of a game)."""
    shown = {zone: driver.find_element("id", zone).text
             for zone in ("result", "state", "players", "log", "press-next_hand")}
    lines = shown["log"].split("\n")
    last = max((k for k, line in enumerate(lines) if line.startswith("Hand ")), default=0)
    shown["log"] = "\n".join(lines[last:])
    return shown


def test_a_phone_reloaded_after_the_game_says_and_shows_its_result(served, pages):  # noqa: F811
    desk = DesktopPlayer(served, "Dana", Create("Dana", __version__, "heads_up", 2, "normal"))
    ana = browser(390, 844)
    pages.append(ana)
    join(ana, served.port, desk.remote.code, "Ana")
    wait_for(lambda: len([s for s in desk.remote.seats if s.name]) == 2, between=desk.pump)
    desk.pump()
    assert desk.panel.activate(Command.NEXT_HAND).done  # the host starts the game

    def play() -> None:  # Dana goes all-in at her turn, Ana calls or checks
        desk.pump()
        if desk.remote.my_turn:
            desk.panel.activate(Command.CHECK_CALL if desk.remote.view(desk.remote.seat)
                                .to_call else Command.ALL_IN)
        elif desk.remote.running and desk.remote.seat in desk.remote.awaited():
            desk.play()
        press_if(ana, "press-check_call") or press_if(ana, "press-next_hand")

    ended = wait_for(lambda: _ended(ana), 120, between=play)
    assert len(ended) == 1, ended
    wait_for(lambda: "Places:" in ana.find_element("id", "log").text, between=desk.pump)
    stayed = _shown(ana)
    stayed_state = _read_state(ana, desk)
    assert ended[0] in stayed_state, stayed_state  # (the result, then the next step)
    # the next step: the room's creator starts the next game (Dana, at her desktop)
    assert stayed_state.endswith(" The player who created the room starts the next game."), \
        stayed_state
    assert "New game" in stayed["press-next_hand"], stayed
    ana.save_screenshot(str(SHOTS / "game-end-stayed.png"))

    ana.refresh()
    listen(ana)
    wait_for(lambda: ana.find_element("id", "table").is_displayed(), between=desk.pump)
    # said once, as the page that stayed open said it
    wait_for(lambda: _ended(ana), 20, between=desk.pump)
    with contextlib.suppress(AssertionError):  # (said below, if not)
        wait_for(lambda: _shown(ana) == stayed, 20, between=desk.pump)
    assert _shown(ana) == stayed
    assert _ended(ana) == ended
    # and nothing else: not "You are back: you play your seat again." (no game to play)
    assert [t for t in live(ana) if "Places:" not in t] == [], live(ana)
    ana.execute_script("window.scrollTo(0, 0)")
    ana.save_screenshot(str(SHOTS / "game-end-reloaded.png"))
    ana.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    ana.save_screenshot(str(SHOTS / "game-end-reloaded-end.png"))
    assert _read_state(ana, desk) == stayed_state
    assert console_errors(ana) == []
    desk.client.close()
