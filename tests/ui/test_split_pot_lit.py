"""A split pot frames every winner's cards (issue 33, item 10): both hands
that tie, each with its own ace and its own kicker, are outlined in gold on
the felt, not only the first winner's."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.actions import Action  # noqa: E402
from holdem_desktop.engine.cards import parse_cards  # noqa: E402
from holdem_desktop.engine.hand import HandConfig  # noqa: E402
from holdem_desktop.engine.views import seat_view  # noqa: E402
from holdem_desktop.ui.pacing import Pacer  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402
from tests.ui.tables import table  # noqa: E402
from tests.ui.test_results_look import _played  # noqa: E402


def test_both_winners_of_a_split_pot_are_lit_on_the_felt():
    cfg = HandConfig(stacks=(500, 500, 1000), blinds=(0, 0, 10), min_bet=10, chip_unit=10,
                     seats=(0, 1, 2))
    hand = _played(cfg, stacked_deck(["AsQc", "AcQd", "4c5d"], "Ah Kd 7c 4s 2h"),
                   lambda seat: Action.fold() if seat == 2 else Action.all_in())
    view = seat_view(hand, 0)
    pacer = Pacer(lambda: 0.0, 0, lambda: "off", lambda event: None)
    pacer.shown = len(view.history)
    lit = set(pacer.lit(view))
    assert set(parse_cards("As Qc Ac Qd Ah Kd 7c")) == lit
    # and drawn so: a gold frame on each of the four hole cards that tie
    screen, _clock = table(3, "mid")
    surface = pygame.Surface((1366, 768))
    screen.renderer.draw_table(surface, view, screen.plates(view), [], [], [], None,
                               lit=tuple(lit))
    gold = screen.renderer.palette.gold
    framed = []
    for seat in (0, 1):
        box = screen.renderer.drawn.get(f"cards:{seat}")
        assert box is not None
        half = box.w // 2
        for k in range(2):  # the frame's top edge, a little in from each card's corner
            x = box.x + k * (half + 2) + 8
            framed.append(tuple(surface.get_at((x, box.y + 1))[:3]) == gold)
    assert all(framed), framed
