"""Issue 37, fourth session: Hard counts, per opponent, how often that
opponent folds its flop bet to a raise; heads-up, facing the flop bet of a
player seen to give those bets up, it raises a hand it would fold, and
against a player seen to call or re-raise it folds as before (the frozen
hard_v4 never does)."""

from __future__ import annotations

import random

import pytest

from holdem_desktop.ai.hard import FLOP_RAISE_PRIOR, HardPlayer, strength
from holdem_desktop.ai.hard_v4 import HardV4Player
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.views import seat_view

from .test_hard_discipline import _heads_up
from .test_preflop_reads import _check_down


def _flop_raised(hard: HardV4Player, folds: bool, times: int) -> None:
    """``times`` hands in which Hard (seat 1, the button) raises before the
    flop, the rival (seat 0, the big blind) calls and bets the flop, Hard
    raises, and the rival folds (or calls and the hand is checked down); Hard
    is shown each hand's end."""
    for n in range(times):
        hand = _heads_up(seed=700 + n)
        for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.bet(6)),
                             (1, Action.raise_to(12)),
                             (0, Action.fold() if folds else Action.call())):
            hand.apply(seat, action)
        _check_down(hand)
        hard.hand_over(seat_view(hand, 1))


def test_the_model_counts_folds_of_flop_bets_to_a_raise():
    hard = HardPlayer(random.Random(1))
    _flop_raised(hard, folds=True, times=3)
    _flop_raised(hard, folds=False, times=1)
    model = hard.table.of(0)
    assert model.flop_bet_raised.chances == pytest.approx(4, rel=0.02)
    assert model.flop_bet_raised.hits == pytest.approx(3, rel=0.02)
    assert hard.table.of(1).flop_bet_raised.chances == 0  # Hard never counts itself
    # A flop bet that is called, or a turn bet raised, is not counted.
    other = HardPlayer(random.Random(1))
    hand = _heads_up(seed=9)
    for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.bet(6)),
                         (1, Action.call()), (0, Action.bet(10)), (1, Action.raise_to(30)),
                         (0, Action.fold())):
        hand.apply(seat, action)
    other.hand_over(seat_view(hand, 1))
    assert other.table.of(0).flop_bet_raised.chances == 0
    assert other.table.of(0).flop_bet_fold_rate(FLOP_RAISE_PRIOR) == FLOP_RAISE_PRIOR


def _flop_bet_faced(hole: str = "7c2d") -> Hand:
    """Hard (seat 1, the button) raised, the big blind called and bets the flop
    (A♠K♦9♥): half the pot; Hard holds nothing."""
    hand = _heads_up("QhJh" + hole + "AsKd9h")
    for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.bet(6))):
        hand.apply(seat, action)
    return hand


def test_hard_raises_the_flop_bet_of_a_player_seen_folding_it_and_not_of_one_who_calls():
    view = seat_view(_flop_bet_faced(), 1)
    assert strength(view.hole, view.board) == "nothing" and view.to_call == 6
    # Four folds: the count of flop bets given up says raise (0.75), the count
    # of folds to raises on every street does not yet (0.53, the hard_v4 read).
    folder = HardPlayer(random.Random(2))
    _flop_raised(folder, folds=True, times=4)
    assert folder.table.of(0).flop_bet_fold_rate(FLOP_RAISE_PRIOR) == pytest.approx(0.75, abs=0.01)
    assert [folder.decide(view) for _ in range(3)] == [Action.raise_to(12)] * 3
    caller = HardPlayer(random.Random(2))
    _flop_raised(caller, folds=False, times=4)
    assert caller.table.of(0).flop_bet_fold_rate(FLOP_RAISE_PRIOR) == pytest.approx(0.25, abs=0.01)
    assert {caller.decide(view).kind for _ in range(3)} == {ActionKind.FOLD}
    # The frozen reference saw the same folds and folds as it always did.
    before = create_player("hard_v4", random.Random(2))
    assert isinstance(before, HardV4Player) and not isinstance(before, HardPlayer)
    _flop_raised(before, folds=True, times=4)
    assert {before.decide(view).kind for _ in range(3)} == {ActionKind.FOLD}


def test_hard_does_not_raise_a_flop_bet_after_a_raise_or_with_a_hand_it_plays():
    folder = HardPlayer(random.Random(2))
    _flop_raised(folder, folds=True, times=4)
    # Holding top pair, Hard plays the bet as before (no raise for its own sake).
    view = seat_view(_flop_bet_faced("Ac3d"), 1)
    assert strength(view.hole, view.board) == "one pair"
    assert folder.decide(view).kind is not ActionKind.FOLD
    # Re-raised on the flop: not a bet faced, Hard folds nothing.
    hand = _flop_bet_faced()
    hand.apply(1, Action.raise_to(12))
    hand.apply(0, Action.raise_to(36))
    view = seat_view(hand, 1)
    assert folder.flop_raise(view, {a.kind: a for a in view.legal_actions}) is None
