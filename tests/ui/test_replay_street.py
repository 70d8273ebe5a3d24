"""The replay's felt names the street of the step shown: at the call that
closes the pre-flop betting, the board is still empty and the felt said
"Flop" under it (seen in a real window, 2026-12-07), as the engine's hand
had moved on to the next street with that call."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.actions import Action  # noqa: E402
from holdem_desktop.engine.hand import Hand, HandConfig  # noqa: E402
from holdem_desktop.engine.replay import to_phh  # noqa: E402
from holdem_desktop.engine.views import Street  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.store import GameInfo  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.review import ReplayPage  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402


def limped_to_the_river():
    """Ana (small blind), Bruno (big blind), Mara (the button, you): all
    call or check every street, Bruno's check closing each."""
    hand = Hand(HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20),
                stacked_deck(["QsQh", "7c2d", "AhKh"], "Kd 9s 4c Js 3h"))
    hand.apply(2, Action.call())
    hand.apply(0, Action.call())
    hand.apply(1, Action.check())
    for _street in range(3):
        for seat in (0, 1, 2):
            hand.apply(seat, Action.check())
    assert hand.over
    return to_phh(hand, players=["Ana", "Bruno", "Mara"], hand_number=3, table="Tournament")


def test_each_step_shows_its_own_street_until_the_next_is_dealt(player_home):
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    store = desktop.hand_store()
    assert store is not None
    store.add_hand(None, GameInfo("local", "Tournament", "Mara", "normal", 3), 3,
                   limped_to_the_river(), 2, ["normal", "normal", "human"])
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "review"
    keys(app, "return", "return", "return")
    page = app.screen
    assert isinstance(page, ReplayPage), page
    surface = pygame.display.get_surface()
    seen = []
    for _ in range(len(page.steps) - 1):
        keys(app, "right")
        view = page.view()
        page.draw(surface)
        seen.append((desktop.speech.history[-1].text, view.street, len(view.board)))
    streets = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
    for said, street, board in seen:
        if street in streets:  # the street shown goes with the cards out
            assert streets[street] == board, (said, street, board)
    closing = next(s for s in seen if s[0].startswith("Bruno checks") and s[2] == 0)
    assert closing[1] is Street.PREFLOP, seen
    assert seen[-1][0].endswith(".") and seen[-1][2] == 5
