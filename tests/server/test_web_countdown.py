"""The phone's "in N minutes" line (the blinds going up by a clock, in the
Game state zone) counts down by itself on a quiet table, from the seconds
the server's view gave, by the page's own clock: it stood at "in 3 minutes"
until a new view came, for minutes.  Shown, never said (the zone is no live
region), and right again after each new view.  In a real browser (Linux
only, as test_web_page.py): the room's table carries a tournament clock's
``next_level_in`` as a tournament's table does, the page's clock is moved
on instead of waiting."""

from __future__ import annotations

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
    live,
    pages,
    press_if,
    wait_for,
)

pytestmark = test_web_page.pytestmark

CLOCK = """
if (!window.ahead) {
  const real = performance.now.bind(performance);
  let by = 0;
  performance.now = () => real() + by;
  window.ahead = (ms) => { by += ms; };
}
"""
"""The page's clock, moved on by ``window.ahead(ms)`` instead of waiting."""


def rises_in(served: Any, code: str, seconds: int) -> None:
    """The room's clock raises the blinds in ``seconds`` (as a tournament's
    table's does); its table is sent again, saying so."""
    def clock() -> None:
        room = served.server.lobby.rooms[code]
        room._next_level_in = lambda: seconds
        room._broadcast_table()
        served.server._deliver()
    served.server.call(clock)


def state(driver: Any) -> list[str]:
    return [str(t) for t in driver.execute_script(
        "return [...document.querySelectorAll('#state li')].map(li => li.textContent)")]


def test_the_blinds_clock_counts_down_on_a_quiet_table(served, pages):  # noqa: F811
    desk = DesktopPlayer(served, "Dana", Create("Dana", __version__, "tournament", 2, "normal"))
    ana = browser(390, 844)
    pages.append(ana)
    code = desk.remote.code
    join(ana, served.port, code, "Ana")
    wait_for(lambda: len([s for s in desk.remote.seats if s.name]) == 2, between=desk.pump)
    desk.pump()
    assert desk.panel.activate(Command.NEXT_HAND).done

    def both() -> None:
        desk.play()
        press_if(ana, "press-next_hand")

    # Ana's turn: the table waits for her, nothing comes to her page meanwhile
    wait_for(lambda: ana.execute_script(
        "return document.getElementById('press-check_call').getAttribute('aria-disabled')")
        == "false", between=both)
    rises_in(served, code, 150)
    wait_for(lambda: "Blinds go up to 20 and 40 in 3 minutes" in state(ana), between=desk.pump)
    ana.execute_script(CLOCK)
    heard = len(live(ana))
    ana.execute_script("window.ahead(40000)")  # 110 s left
    wait_for(lambda: "Blinds go up to 20 and 40 in 2 minutes" in state(ana))
    ana.execute_script("window.ahead(60000)")  # 50 s left
    wait_for(lambda: "Blinds go up to 20 and 40 in 1 minute" in state(ana))
    ana.execute_script("document.getElementById('h-state').scrollIntoView()")
    ana.save_screenshot(str(SHOTS / "countdown-1-minute.png"))
    ana.execute_script("window.ahead(60000)")  # the level has come
    wait_for(lambda: "Blinds go up to 20 and 40 from the next hand" in state(ana))
    assert live(ana)[heard:] == []  # shown, never said
    # a new view: the server's seconds count from its arrival
    rises_in(served, code, 45)
    wait_for(lambda: "Blinds go up to 20 and 40 in 1 minute" in state(ana), between=desk.pump)
    desk.remote.chat("quiet here")  # a view that changes another zone: the line stays right
    wait_for(lambda: "quiet here" in ana.find_element("id", "chat").text, between=desk.pump)
    assert "Blinds go up to 20 and 40 in 1 minute" in state(ana)
    ana.execute_script("window.ahead(50000)")
    wait_for(lambda: "Blinds go up to 20 and 40 from the next hand" in state(ana))
    # one line, in its place (the hand, when they go up by hands, by the clock; your turn)
    lines = state(ana)
    assert lines[0].startswith("Hand 1, blinds 10 and 20"), lines
    assert lines.index("Blinds go up to 20 and 40 from the next hand") == 2, lines
    assert console_errors(ana) == []
    desk.client.close()
