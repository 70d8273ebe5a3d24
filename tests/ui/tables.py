"""Tables in the states the picture has to handle, for the drawing tests:
mid-hand, a showdown with a winner, a player out, you out, the game over."""

from __future__ import annotations

import random
from collections.abc import Callable

from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.events import PotAwarded
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.resources import assets_dir
from holdem_desktop.session import HumanController, Session
from holdem_desktop.ui.action_panel import Command
from holdem_desktop.ui.draw import TableRenderer
from holdem_desktop.ui.table import TableScreen

NAMES = ("Mara", "Ada", "Bruno", "Chiara", "Dario", "Elena", "Filip", "Greta", "Hanna",
         "Maximilian")
STATES = ("mid", "showdown", "out", "me_out", "over")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def table(n: int, state: str, renderer: TableRenderer | None = None,
          seed: int = 3) -> tuple[TableScreen, Clock]:
    """A table of ``n`` players (you are seat 0) brought to ``state``."""
    clock = Clock()
    players = [(NAMES[0], HumanController())] + [
        (NAMES[k], create_player("normal", random.Random(seed * 100 + k))) for k in range(1, n)]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(seed),
                clock=lambda: 0.0)
    screen = TableScreen(s, 0, renderer or TableRenderer(assets_dir() / "cards" / "classic"),
                         clock=clock)
    s.start()
    if state == "mid":
        s.next_hand()
        _act(screen, lambda: s.view(0).board != () or s.hand.over, Command.CHECK_CALL)
        if s.hand.over:  # everyone folded to you: deal again
            s.next_hand()
        return screen, clock
    if state == "showdown":
        for _ in range(200):
            if s.game_over:
                s.start()
            s.next_hand()
            _act(screen, lambda: s.hand.over, Command.CHECK_CALL)
            if any(isinstance(e, PotAwarded) and e.value is not None
                   for e in s.view(0).history) and not s.game_over:
                return screen, clock
        raise AssertionError("no showdown")
    done: Callable[[], bool] = {
        "out": lambda: any(st.place is not None for st in s.seats[1:]) and s.seats[0].place
        is None,
        "me_out": lambda: s.seats[0].place is not None,
        "over": lambda: s.game_over,
    }[state]
    for _ in range(2000):
        if done():
            break
        if s.game_over or (state == "out" and s.seats[0].place is not None):
            s.start()
        s.next_hand()
        _act(screen, lambda: s.hand.over, Command.ALL_IN if state != "out" or n < 4
             else Command.CHECK_CALL)
    assert done(), state
    if state != "over" and not s.game_over:
        s.next_hand()
        _act(screen, lambda: s.hand.over or s.view(0).board != (), Command.CHECK_CALL)
    return screen, clock


def _act(screen: TableScreen, done: Callable[[], bool], command: Command) -> None:
    s = screen.session
    for _ in range(50):
        if done() or s.waiting_for != 0:
            return
        if screen.panel.activate(command).done:
            continue
        if not screen.panel.activate(Command.CHECK_CALL).done:
            screen.panel.activate(Command.FOLD)
