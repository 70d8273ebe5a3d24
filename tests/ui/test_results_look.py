"""Results say what happened, on the felt as in words: a split pot gives
each share, the player is "You", a seat that got chips back is not All-in,
a player knocked out keeps their cards on the felt for that showdown, and a
match that ends on its hand count does not call a player with chips Out."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ai.players import create_player  # noqa: E402
from holdem_desktop.engine.actions import Action  # noqa: E402
from holdem_desktop.engine.hand import Hand, HandConfig  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.engine.views import seat_view  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.session import HumanController, Session  # noqa: E402
from holdem_desktop.ui.action_panel import Command  # noqa: E402
from holdem_desktop.ui.draw import TableRenderer  # noqa: E402
from holdem_desktop.ui.plates import seat_plates  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402
from tests.ui.tables import table  # noqa: E402


def _played(cfg: HandConfig, deck: list[int], act) -> Hand:
    hand = Hand(cfg, deck)
    for _ in range(20):
        if hand.over:
            break
        seat = hand.to_act
        hand.apply(seat, act(seat))
    assert hand.over
    return hand


def test_a_split_pot_reads_each_share_and_you():
    # Mara (you, seat 0) and Ada both play the board's straight; Bruno folds.
    screen, _clock = table(3, "mid")
    cfg = HandConfig(stacks=(420, 420, 1000), blinds=(0, 0, 10), min_bet=10, chip_unit=10,
                     seats=(0, 1, 2))
    hand = _played(cfg, stacked_deck(["2c3d", "2h3s", "4c5d"], "Ac Kd Qh Js Ts"),
                   lambda seat: Action.fold() if seat == 2 else Action.all_in())
    text = screen.pot_text(seat_view(hand, 0))
    assert text in ("Split pot: you 430, Ada 420.", "Split pot: Ada 430, you 420.")
    assert "Mara" not in text and " won 850" not in text


def test_a_single_winner_is_named_once_and_you_are_you():
    screen, _clock = table(2, "mid")
    cfg = HandConfig(stacks=(500, 500), blinds=(0, 10), min_bet=10, chip_unit=10, seats=(0, 1))
    hand = _played(cfg, stacked_deck(["AsAd", "7c2h"], "Kd 9c 4h 3s 8d"),
                   lambda seat: Action.all_in() if seat == 0 else Action.call())
    assert screen.pot_text(seat_view(hand, 0)) == "You won 1,000."
    assert screen.pot_text(seat_view(hand, 1)).startswith("Ada won") is False


def test_a_seat_whose_bet_came_back_is_not_all_in():
    # You shove 1,000, Ada calls all-in for 300 and 700 comes back to you:
    # your box shows your stack and the bet that stood, not All-in.
    s = Session(shipped_variant("tournament"), [("Mara", HumanController()),
                                               ("Ada", HumanController())],
                rng=random.Random(1), clock=lambda: 0.0)
    s.start()
    cfg = HandConfig(stacks=(1000, 300), blinds=(0, 10), min_bet=10, chip_unit=10, seats=(0, 1))
    hand = Hand(cfg, stacked_deck(["7c2h", "AsAd"], "Kd 9c 4h 3s 8d"))
    hand.apply(0, Action.all_in())
    hand.apply(1, Action.all_in())
    view = seat_view(hand, 0)
    assert view.player(0).stack == 700  # the uncalled 700 came back, and Ada won the rest
    plates = {p.seat: p for p in seat_plates(s, 0, view, [0, 1])}
    assert "All-in" not in (plates[0].status, plates[0].action)
    assert plates[0].action == "Bet 300"
    assert plates[0].name == "Mara" and plates[1].name == "Ada"  # your name, as at any client


def test_the_heads_up_match_over_on_hands_calls_nobody_with_chips_out():
    players = [("Mara", HumanController()),
               ("Ada", create_player("normal", random.Random(7)))]
    s = Session(shipped_variant("heads_up"), players, rng=random.Random(5), clock=lambda: 0.0)
    screen = TableScreen(s, 0, TableRenderer(assets_dir() / "cards" / "classic"))
    s.start()
    for _ in range(40):
        if s.game_over:
            break
        s.next_hand()
        for _ in range(50):
            if s.hand.over or s.waiting_for != 0:
                break
            if not screen.panel.activate(Command.CHECK_CALL).done:
                screen.panel.activate(Command.FOLD)
    assert s.game_over
    for plate in screen.plates():
        if s.chips(plate.seat) > 0:
            assert plate.status != "Out" and not plate.out, plate


def test_the_showdown_that_knocks_you_out_keeps_your_cards_on_the_felt():
    screen, _clock = table(3, "me_out")
    s = screen.session
    assert s.seats[0].place is not None and s.chips(0) == 0
    # the hand that knocked you out: you shove and lose everything
    cfg = HandConfig(stacks=(300, 1000, 1000), blinds=(0, 5, 10), min_bet=10, chip_unit=5,
                     seats=(0, 1, 2))
    hand = _played(cfg, stacked_deck(["7c2h", "AsAd", "4c5d"], "Kd 9c 4h 3s 8d"),
                   lambda seat: Action.all_in() if seat == 0 else
                   Action.call() if seat == 1 else Action.fold())
    plate = seat_plates(s, 0, seat_view(hand, 0), [0, 1, 2])[0]
    assert plate.status == "Out" and not plate.out  # your cards stay on the felt
    # from the next hand on (you are not dealt), the box is greyed, without cards
    assert screen.plates()[0].out
