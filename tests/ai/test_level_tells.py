"""Easy and Normal without the tells a person notices: Easy knows a pair on
the board is everyone's, Normal bluffs the river now and then."""

from __future__ import annotations

import random

from holdem_desktop.ai.common import own_category
from holdem_desktop.ai.easy import EasyPlayer
from holdem_desktop.ai.normal import NormalPlayer, estimate_equity
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.hand_classes import HandCategory
from holdem_desktop.engine.views import SeatView, seat_view


def _checked_to(deck: list[int], street: Street) -> SeatView:
    """Heads-up, checked through to ``street``; seat 1 (the button) to act
    after seat 0 checks."""
    hand = Hand(HandConfig(stacks=(400, 400), blinds=(4, 2), min_bet=4), deck)
    hand.apply(1, Action.call())
    hand.apply(0, Action.check())
    while hand.street != street:
        hand.apply(hand.to_act, Action.check())
    hand.apply(0, Action.check())
    return seat_view(hand, 1)


def _deck(cards: str) -> list[int]:
    chosen = list(parse_cards(cards))
    return chosen + [c for c in range(52) if c not in chosen]


def test_a_pair_on_the_board_is_nobodys_own():
    shared = _checked_to(_deck("2c3d" + "7h4s" + "9d9s5c"), Street.FLOP)
    assert own_category(shared) == HandCategory.HIGH_CARD
    mine = _checked_to(_deck("2c3d" + "7h4s" + "9d7c5c"), Street.FLOP)
    assert own_category(mine) == HandCategory.PAIR
    trips = _checked_to(_deck("2c3d" + "9h4s" + "9d9s5c"), Street.FLOP)
    assert own_category(trips) == HandCategory.THREE_OF_A_KIND


def test_easy_does_not_bet_a_paired_board_as_its_own_pair():
    rng = random.Random(3)
    paired_nothing = bets = 0
    for _ in range(1500):
        deck = list(range(52))
        rng.shuffle(deck)
        view = _checked_to(deck, Street.FLOP)
        if own_category(view) != HandCategory.HIGH_CARD or len({c >> 2 for c in view.board}) == 3:
            continue
        paired_nothing += 1
        bets += EasyPlayer(random.Random(paired_nothing)).decide(view).kind is ActionKind.BET
    assert paired_nothing > 40
    assert bets / paired_nothing < 0.15  # its rare bluff, not a pair's bet (about half)


def test_normal_bluffs_the_river_sometimes_but_not_always():
    rng = random.Random(4)
    weak = bets = 0
    for _ in range(1500):
        deck = list(range(52))
        rng.shuffle(deck)
        view = _checked_to(deck, Street.RIVER)
        if estimate_equity(view) >= 0.25:
            continue
        weak += 1
        bets += NormalPlayer(random.Random(weak)).decide(view).kind is ActionKind.BET
    assert weak > 200
    assert 0.03 < bets / weak < 0.3
