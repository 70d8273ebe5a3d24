"""The phone's page says and shows what the desktop does (seed 000's
players sit "each on their own phone": the page is their whole table), in
a real browser (Linux only, as test_web_page.py), a desktop in the same
room:

- the Game state zone shows the hand with its blinds and when they go up
  ("Hand 1, blinds 10 and 20", "Blinds go up in 10 hands"), as the
  desktop's zone does, and the screen reader finds them there;
- Read state before the first game says who is here and what starts the
  game (it listed "You have 1,500 chips." and everyone's chips, of a game
  nobody had started); between hands, who the next hand waits for; and the
  game's own rules as they stand (the heads-up match's sizes and hands
  left), all as the desktop's I says them, in its order;
- a player with every chip in is "Dana: all-in" in the chips under the
  title while the hand runs, never "Dana, 0 chips"."""

from __future__ import annotations

from typing import Any

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.protocol import Create
from holdem_desktop.server.web import speaking
from holdem_desktop.ui.action_panel import Command
from holdem_desktop.ui.howto import rules_now

from . import test_web_page
from .test_web_page import (  # noqa: F401 (pages: the fixture)
    SHOTS,
    DesktopPlayer,
    axe_problems,
    browser,
    console_errors,
    join,
    live,
    pages,
    press_if,
    wait_for,
)


def member(served: Any) -> Any:
    """The page's member on the server (its RemoteTable, as the page's words
    are worded from it), read on the server's loop."""
    got: list[Any] = []
    served.server.call(lambda: got.extend(
        state.ws.member for conn, state in served.server._conns.items()
        if conn.startswith("w")))
    wait_for(lambda: got)
    return got[0]


def read_state(driver: Any, desk: DesktopPlayer) -> str:
    """Press Read state; what the live region said."""
    before = len(live(driver))
    driver.find_element("id", "read-state").click()
    return str(wait_for(lambda: live(driver)[before:], between=desk.pump)[0])


def state_zone(driver: Any) -> list[str]:
    return [str(t) for t in driver.execute_script(
        "return [...document.querySelectorAll('#state li')].map(li => li.textContent)")]


def heard_in_tree(driver: Any) -> set[str]:
    """The names of what a screen reader finds in the page (its accessibility tree)."""
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    return {n.get("name", {}).get("value", "") for n in tree if not n.get("ignored")}


def chips_shown(driver: Any) -> list[str]:
    return [str(t) for t in driver.execute_script(
        "return [...document.querySelectorAll('#chips li')].map(li => li.textContent)")]


def deal(driver: Any, desk: DesktopPlayer, first: str) -> None:
    """Both press Next hand until the Game state zone's first line is ``first``."""
    def ready() -> None:
        desk.pump()
        if desk.remote.seat in desk.remote.awaited() and desk.pressed_for != -2:
            desk.pressed_for = -2
            desk.panel.activate(Command.NEXT_HAND)
        press_if(driver, "press-next_hand")

    try:
        wait_for(lambda: state_zone(driver)[:1] == [first], between=ready)
    except AssertionError:
        raise AssertionError(state_zone(driver)) from None


@test_web_page.pytestmark
def test_the_phone_shows_the_blinds_says_who_is_awaited_and_all_in(
        served, pages):  # noqa: F811 (the fixture imported)
    desk = DesktopPlayer(served, "Dana", Create("Dana", __version__, "tournament", 2, "normal"))
    ana = browser(390, 844)
    pages.append(ana)
    join(ana, served.port, desk.remote.code, "Ana")
    wait_for(lambda: len([s for s in desk.remote.seats if s.name]) == 2, between=desk.pump)
    # before the first game: who is here, and what starts it (as the desktop's I)
    page = member(served)
    wait_for(lambda: "Every seat is taken." in page.remote.who_is_here(), between=desk.pump)
    with speaking("en"):
        here = page.remote.who_is_here()
    said = read_state(ana, desk)
    assert said == f"{here} The player who created the room starts the next game.", said
    assert "You have" not in said and "chips" not in said, said
    # (the desktop's zone too: the room's blinds are known once its game starts)
    assert state_zone(ana)[0] == "The game has not started yet.", state_zone(ana)

    desk.pump()
    assert desk.panel.activate(Command.NEXT_HAND).done  # the host starts the game
    # the hand with its blinds, and when they go up, shown and in the tree
    deal(ana, desk, "Hand 1, blinds 10 and 20")
    assert "Blinds go up in 10 hands" in state_zone(ana), state_zone(ana)
    tree = heard_in_tree(ana)
    assert {"Hand 1, blinds 10 and 20", "Blinds go up in 10 hands"} <= tree, sorted(tree)

    # Dana goes all-in; on Ana's turn her chips are "all-in", not "0"
    shoved: list[bool] = []

    def dana_shoves() -> bool:
        desk.pump()
        if not shoved and desk.remote.my_turn and desk.panel.why(Command.ALL_IN) is None:
            shoved.append(desk.panel.activate(Command.ALL_IN).done)
        elif not shoved and not desk.remote.my_turn:
            press_if(ana, "press-check_call")  # (her blind called, before Dana's turn)
        return "Dana: all-in" in chips_shown(ana) \
            and ana.find_element("id", "press-fold").get_attribute("aria-disabled") == "false"

    wait_for(dana_shoves, 60)
    assert not any(line.startswith("Dana, 0 chips") for line in chips_shown(ana)), \
        chips_shown(ana)
    ana.execute_script("window.scrollTo(0, 0)")
    ana.save_screenshot(str(SHOTS / "phone-all-in.png"))
    # Ana folds: the next hand waits for both, and Read state says so
    wait_for(lambda: press_if(ana, "press-fold"))  # (a deliberate press: not a double tap)
    wait_for(lambda: ana.find_element("id", "press-next_hand").get_attribute(
        "aria-disabled") == "false", between=desk.pump)
    wait_for(lambda: desk.remote.awaited(), between=desk.pump)
    said = read_state(ana, desk)
    assert said.endswith("Hand 1. The blinds go up in 9 hands. Waiting for you, and for Dana."), \
        said
    assert "Blinds go up in 9 hands" in state_zone(ana), state_zone(ana)
    ana.execute_script("document.getElementById('h-state').scrollIntoView()")
    ana.save_screenshot(str(SHOTS / "phone-between-hands.png"))
    assert axe_problems(ana) == [] and console_errors(ana) == []
    desk.client.close()


@test_web_page.pytestmark
def test_the_phone_says_the_heads_up_matchs_rules_as_they_stand(
        served, pages):  # noqa: F811 (the fixture imported)
    desk = DesktopPlayer(served, "Dana", Create("Dana", __version__, "heads_up", 2, "normal"))
    ana = browser(390, 844)
    pages.append(ana)
    join(ana, served.port, desk.remote.code, "Ana")
    wait_for(lambda: len([s for s in desk.remote.seats if s.name]) == 2, between=desk.pump)
    assert desk.panel.activate(Command.NEXT_HAND).done
    deal(ana, desk, "Hand 1, blinds 1 and 2")
    with speaking("en"):
        rules = " ".join(rules_now(shipped_variant("heads_up"), 0))
    assert rules.startswith("Bets and raises: ") and rules.endswith(
        "10 hands left; then the bigger stack wins."), rules
    said = read_state(ana, desk)
    assert said.endswith(f"Blinds 1 and 2. Hand 1. {rules}"), said
    assert console_errors(ana) == []
    desk.client.close()


