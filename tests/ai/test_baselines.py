"""The ladder's own opponents: the calling station and the bluffer do what
their names say."""

from __future__ import annotations

import random

from holdem_desktop.ai.baselines import Bluffer, Station
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.equity import equity
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.hand_classes import HandCategory, category_of
from holdem_desktop.engine.views import SeatView, seat_view


def _flop_views(count: int, bet: int) -> list[SeatView]:
    """Heads-up flops, seat 1 (the button) to act: checked to it (bet 0) or
    facing a bet of ``bet``."""
    rng = random.Random(17)
    out = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = Hand(HandConfig(stacks=(400, 400), blinds=(4, 2), min_bet=4), deck)
        hand.apply(1, Action.call())
        hand.apply(0, Action.check())
        hand.apply(0, Action.bet(bet) if bet else Action.check())
        out.append(seat_view(hand, 1))
    return out


def test_the_station_calls_on_pot_odds_against_random_hands_and_never_bluffs():
    station = Station(random.Random(1), trials=4000)
    calls = folds = 0
    for view in _flop_views(120, 8):  # 8 to call into 16: 1/3 of the pot after the call
        action = station.decide(view)
        strength = equity(view.hole, view.board, 1, trials=4000, seed=3).equity
        if action.kind is ActionKind.CALL:
            calls += 1
            assert strength > 1 / 3 - 0.04
        elif action.kind is ActionKind.FOLD:
            folds += 1
            assert strength < 1 / 3 + 0.04
        else:  # a raise only with a strong hand
            assert strength >= 0.75
    assert calls > folds > 0
    for view in _flop_views(120, 0):
        action = station.decide(view)
        if action.kind is ActionKind.BET:
            assert equity(view.hole, view.board, 1, trials=4000, seed=3).equity >= 0.75


def test_the_bluffer_bets_most_flops_and_rivers_with_nothing():
    bluffer = Bluffer(random.Random(2))
    nothing = bets = 0
    for view in _flop_views(300, 0):
        if category_of(evaluate(view.hole + view.board)) == HandCategory.HIGH_CARD:
            nothing += 1
            bets += bluffer.decide(view).kind is ActionKind.BET
    assert nothing > 50 and bets / nothing > 0.7
    # On the river too: check it down to the river, then look.
    rng = random.Random(5)
    nothing = bets = 0
    for _ in range(300):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = Hand(HandConfig(stacks=(400, 400), blinds=(4, 2), min_bet=4), deck)
        hand.apply(1, Action.call())
        hand.apply(0, Action.check())
        while hand.street != Street.RIVER:
            hand.apply(hand.to_act, Action.check())
        hand.apply(0, Action.check())
        view = seat_view(hand, 1)
        if category_of(evaluate(view.hole + view.board)) == HandCategory.HIGH_CARD:
            nothing += 1
            bets += bluffer.decide(view).kind is ActionKind.BET
    assert nothing > 30 and bets / nothing > 0.7
    # Facing a bet with nothing and no draw, it folds.
    for view in _flop_views(100, 8):
        made = category_of(evaluate(view.hole + view.board))
        suits = [c & 3 for c in view.hole + view.board]
        if made == HandCategory.HIGH_CARD and max(suits.count(s) for s in range(4)) < 4:
            assert bluffer.decide(view) == Action.fold()
