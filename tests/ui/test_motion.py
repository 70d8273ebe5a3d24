"""Animations show what just happened without ever holding the game up."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ai.players import create_player  # noqa: E402
from holdem_desktop.engine.events import HandStarted, HoleCardsDealt, StreetDealt  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.session import HumanController, Session  # noqa: E402
from holdem_desktop.ui.draw import TableRenderer  # noqa: E402
from holdem_desktop.ui.keymap import Key  # noqa: E402
from holdem_desktop.ui.motion import DEAL, DEAL_GAP, Motion  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.clock import Clock  # noqa: E402


def test_progress_eases_from_start_to_arrival_and_then_stops():
    clock = Clock()
    m = Motion(clock)
    m.on_event(HandStarted(seats=(0, 1), stacks=(10, 10), button=0, blinds=(1, 2),
                           antes=(0, 0)))
    m.on_event(HoleCardsDealt(seat=0, cards=()))
    m.on_event(HoleCardsDealt(seat=1, cards=()))
    assert m.progress("hole:1") == 0.0  # waits its turn round the table
    clock.now += DEAL_GAP + DEAL / 2
    half = m.progress("hole:1")
    assert 0.5 < half < 1.0  # eased out: more than half way at half time
    assert m.active()
    clock.now += DEAL
    assert m.progress("hole:1") is None and not m.active()


def test_board_cards_of_a_street_slide_in_one_after_another():
    clock = Clock()
    m = Motion(clock)
    m.on_event(StreetDealt(street=1, cards=(1, 2, 3), board=(1, 2, 3)))
    clock.now += 0.1
    first, third = m.progress("board:0"), m.progress("board:2")
    assert first is not None and third is not None and first > third


@pytest.fixture
def screen():
    pygame.display.init()
    players = [("Mara", HumanController())] + [
        (n, create_player("normal", random.Random(i))) for i, n in enumerate(("Ada", "Bruno"))]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(9), clock=lambda: 0.0)
    s.start()
    clock = Clock()
    yield TableScreen(s, 0, TableRenderer(assets_dir() / "cards" / "classic"), clock=clock), clock
    pygame.display.quit()


def test_frames_move_while_the_game_state_is_already_final(screen):
    table, clock = screen
    table.press(Key.NEXT_HAND)
    s = table.session
    assert s.hand is not None and table.animating(clock.now)
    # The state did not wait for the animation: the hand is dealt and whoever
    # was before us has already acted.
    assert s.waiting_for == 0 or s.hand.over
    a, b = pygame.Surface((1280, 800)), pygame.Surface((1280, 800))
    table.draw(a)
    clock.now += 0.12
    table.draw(b)
    diff = sum(1 for x in range(0, 1280, 8) for y in range(0, 800, 8)
               if a.get_at((x, y)) != b.get_at((x, y)))
    assert diff > 20  # the cards are on their way
    clock.now += 5
    assert not table.animating(clock.now)
    table.draw(a)
    table.draw(b)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")  # at rest
    # A key pressed mid-animation acts at once.
    clock.now -= 5
    before = len(s.hand.actions)
    if s.waiting_for == 0:
        table.press(Key.FOLD)
        assert len(s.hand.actions) > before
