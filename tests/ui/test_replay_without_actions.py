"""A hand nobody acted in (the big blind all-in for no more than the small
blind, the board run out at once) replays as the deal, then the end: it
was one single step, the deal, whose picture had the winner's plate lit
("Wins 20"), the stacks and shown cards of the end over an empty board and
"Pot 0", and whose line never named the flop, the turn or the river."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.events import PotAwarded  # noqa: E402
from holdem_desktop.engine.hand import Hand, HandConfig  # noqa: E402
from holdem_desktop.engine.replay import to_phh  # noqa: E402
from holdem_desktop.ui.review import ReplayPage, review_steps  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402


def all_in_on_the_blinds():
    """Hand 9: Mara (you, the big blind) is all-in for 10; Ana's small blind
    covers it, so nobody acts and the board is run out."""
    hand = Hand(HandConfig(stacks=(1000, 10), blinds=(10, 20), min_bet=20),
                stacked_deck(["QsQh", "7c2d"], "Kd 9s 4c Js 3h"))
    assert hand.over and not hand.actions
    return to_phh(hand, players=["Ana", "Mara"], hand_number=9, table="Tournament")


def test_the_deal_and_the_end_are_two_steps_and_the_end_names_the_board():
    _full, steps = review_steps(all_in_on_the_blinds(), 1)
    assert [s.street for s in steps] == [0, 4]
    assert steps[0].line.startswith("Hand 9. Ana posts the small blind, 10.")
    assert "wins" not in steps[0].line and "Flop" not in steps[0].line
    assert "Flop: king of diamonds, nine of spades and four of clubs." in steps[1].line
    assert "Turn: jack of spades." in steps[1].line
    assert "River: three of hearts." in steps[1].line
    assert "Ana wins the pot of 20" in steps[1].line


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_picture_shows_the_deal_then_the_board_and_the_winner(player_home, size):
    page = ReplayPage(all_in_on_the_blinds(), 1, lambda text: None)
    surface = pygame.Surface(size)
    page.draw(surface)
    assert page.renderer.painted["where"] == "Step 1 of 2"
    deal = page.view()
    assert deal.board == ()
    assert not any(isinstance(e, PotAwarded) for e in deal.history)  # nobody lit yet
    assert [(p.stack, p.bet, p.shown) for p in deal.players] == [(990, 10, ()), (0, 10, ())]
    assert page.renderer.painted["pot"] == "Pot 20"  # the blinds, as dealt
    page.go(1)
    page.draw(surface)
    end = page.view()
    assert len(end.board) == 5
    assert any(isinstance(e, PotAwarded) for e in end.history)
    assert page.renderer.painted["where"] == "Step 2 of 2"
