"""Issue 37, second session: Hard counts, per opponent, how often that
opponent folds its raise before the flop to a re-raise; against a player
seen to give those hands up it re-raises light, and against one seen to
call it plays as before (the frozen hard_v4 never does)."""

from __future__ import annotations

import random

import pytest

from holdem_desktop.ai.common import raises_this_street
from holdem_desktop.ai.hard import STEAL_PRIOR, HardPlayer, strength
from holdem_desktop.ai.hard_v4 import HardV4Player
from holdem_desktop.ai.model import PRIORS
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.views import seat_view

from .test_hard_discipline import _heads_up

JUNK = "9c6d"  # a hand Hard folds or calls with, never re-raises for value


def _check_down(hand: Hand) -> None:
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        kinds = {a.kind for a in seat_view(hand, seat).legal_actions}
        hand.apply(seat, Action.check() if ActionKind.CHECK in kinds else Action.call())


def _reraised(hard: HardV4Player, folds: bool, times: int) -> None:
    """``times`` hands in which the rival (seat 1, the button) raises to 2.5 big
    blinds, Hard (seat 0, the big blind) re-raises, and the rival folds (or
    calls and the hand is checked down); Hard is shown each hand's end."""
    for n in range(times):
        hand = _heads_up(seed=100 + n)
        hand.apply(1, Action.raise_to(5))
        hand.apply(0, Action.raise_to(15))
        hand.apply(1, Action.fold() if folds else Action.call())
        _check_down(hand)
        hard.hand_over(seat_view(hand, 0))


def test_the_model_counts_how_often_a_raiser_folds_to_a_reraise():
    hard = HardPlayer(random.Random(1))
    _reraised(hard, folds=True, times=3)
    _reraised(hard, folds=False, times=1)
    model = hard.table.of(1)
    assert model.fold_to_reraise.chances == pytest.approx(4, rel=0.02)
    assert model.fold_to_reraise.hits == pytest.approx(3, rel=0.02)
    assert hard.table.of(0).fold_to_reraise.chances == 0  # Hard never counts itself
    # An unseen player is taken to fold to a re-raise as often as the prior says.
    fresh = HardPlayer(random.Random(1)).table.of(1)
    assert fresh.fold_to_reraise_rate() == PRIORS["fold_to_reraise"]


def _facing_a_raise(hole: str = JUNK) -> Hand:
    """Hard (seat 0, the big blind) holding ``hole`` faces the button's raise to 2.5 big blinds."""
    hand = _heads_up("2c2d" + hole, seed=3)
    hand.apply(1, Action.raise_to(5))
    return hand


def test_hard_reraises_light_a_player_seen_folding_to_reraises_and_not_one_who_calls():
    view = seat_view(_facing_a_raise(), 0)
    folder = HardPlayer(random.Random(2))
    _reraised(folder, folds=True, times=12)
    assert folder.table.of(1).fold_to_reraise_rate() > 0.75
    assert [folder.decide(view).kind for _ in range(3)] == [ActionKind.RAISE] * 3
    # Three quarters of the pot after the call (10 chips) over the call: to 12.5,
    # not the pot-sized 15 (the raiser folds or continues with the same hands).
    assert folder.decide(view) == Action.raise_to(13)
    caller = HardPlayer(random.Random(2))
    _reraised(caller, folds=False, times=12)
    assert caller.table.of(1).fold_to_reraise_rate() < 0.2
    assert ActionKind.RAISE not in {caller.decide(view).kind for _ in range(3)}
    # The frozen reference saw the same folds and meets the raise as it always did.
    before = create_player("hard_v4", random.Random(2))
    assert isinstance(before, HardV4Player) and not isinstance(before, HardPlayer)
    _reraised(before, folds=True, times=12)
    assert ActionKind.RAISE not in {before.decide(view).kind for _ in range(3)}


BOARD = "Qs8c3d" + "7h" + "2s"
AIR_HOLE = "6c5c"  # nothing made on BOARD's river


def _turn_bet(hard: HardV4Player, folds: bool, times: int, flop_calls: int = 0) -> None:
    """``times`` hands in which Hard (seat 1, the button) raises, bets the flop
    and the turn, the rival (seat 0) calls the flop and folds the turn (or
    calls it and the hand is checked down), then ``flop_calls`` hands in which
    the rival calls the flop bet and the rest is checked down; Hard is shown
    each hand's end."""
    for n in range(times + flop_calls):
        hand = _heads_up(seed=300 + n)
        turn = ((1, Action.bet(20)), (0, Action.fold() if folds else Action.call())) \
            if n < times else ((1, Action.check()),)
        for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.check()),
                             (1, Action.bet(8)), (0, Action.call()), (0, Action.check()), *turn):
            hand.apply(seat, action)
        _check_down(hand)
        hard.hand_over(seat_view(hand, 1))


def _river_checked_to(hole: str = AIR_HOLE) -> Hand:
    """Hard (seat 1) bet the flop and checked the turn behind; the river is checked to it."""
    hand = _heads_up("AcJd" + hole + BOARD)
    for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.check()),
                         (1, Action.bet(8)), (0, Action.call()), (0, Action.check()),
                         (1, Action.check()), (0, Action.check())):
        hand.apply(seat, action)
    return hand


def test_the_model_counts_folds_to_turn_and_river_bets_apart():
    hard = HardPlayer(random.Random(1))
    _turn_bet(hard, folds=True, times=3)
    _turn_bet(hard, folds=False, times=1)
    model = hard.table.of(0)
    late = sum(r.chances for r in model.late_fold_by_size)
    assert late == pytest.approx(4, rel=0.02)  # the flop's calls are not counted here
    assert sum(r.hits for r in model.late_fold_by_size) == pytest.approx(3, rel=0.02)
    assert model.fold_to_bet.chances == pytest.approx(8, rel=0.02)  # every street, as before
    assert model.late_fold_rate(20 / 28) > model.fold_rate(20 / 28)


def test_hard_bluffs_the_river_against_a_player_seen_folding_to_late_bets_only():
    """The rival calls most flop bets (its fold rate over every street is low)
    but folds the turn: Hard bluffs its river, where the frozen hard_v4, which
    reads the rate over every street, checks; against a rival seen calling
    its turn bets as well, Hard checks."""
    view = seat_view(_river_checked_to(), 1)
    assert view.to_call == 0 and strength(view.hole, view.board) == "nothing"
    folder = HardPlayer(random.Random(2))
    _turn_bet(folder, folds=True, times=12, flop_calls=30)
    assert folder.table.of(0).fold_rate(1.0) < 0.35 < 0.75 < folder.table.of(0).late_fold_rate(1.0)
    assert {folder.decide(view).kind for _ in range(3)} == {ActionKind.BET}
    before = create_player("hard_v4", random.Random(2))
    _turn_bet(before, folds=True, times=12, flop_calls=30)
    assert {before.decide(view).kind for _ in range(3)} == {ActionKind.CHECK}
    caller = HardPlayer(random.Random(2))
    _turn_bet(caller, folds=False, times=12, flop_calls=30)
    assert {caller.decide(view).kind for _ in range(3)} == {ActionKind.CHECK}


TRASH = "7c2d"  # the worst of hands: Hard folds it on the button unless the open steals


def _opened(hard: HardV4Player, folds: bool, times: int) -> None:
    """``times`` hands in which Hard (seat 1, the button) opens to 2.5 big blinds
    and the big blind (seat 0) folds (or calls and the hand is checked down)."""
    for n in range(times):
        hand = _heads_up(seed=500 + n)
        hand.apply(1, Action.raise_to(5))
        hand.apply(0, Action.fold() if folds else Action.call())
        _check_down(hand)
        hard.hand_over(seat_view(hand, 1))


def test_hard_opens_any_two_cards_on_the_button_against_a_big_blind_seen_folding():
    """The big blind folds to Hard's opens: Hard opens even its worst hand,
    where against a big blind seen defending (and for the frozen hard_v4,
    which saw the same folds) it folds."""
    view = seat_view(_heads_up("2h2s" + TRASH, seed=4), 1)
    assert view.to_call == 1 and not any(e.amount > 2 for e in raises_this_street(view))
    folder = HardPlayer(random.Random(2))
    _opened(folder, folds=True, times=12)
    assert folder.table.of(0).fold_to_open_rate(STEAL_PRIOR) > 0.6
    assert [folder.decide(view) for _ in range(3)] == [Action.raise_to(5)] * 3
    defender = HardPlayer(random.Random(2))
    _opened(defender, folds=False, times=12)
    assert {defender.decide(view).kind for _ in range(3)} == {ActionKind.FOLD}
    before = create_player("hard_v4", random.Random(2))
    _opened(before, folds=True, times=12)
    assert {before.decide(view).kind for _ in range(3)} == {ActionKind.FOLD}
    # An unseen big blind is taken to defend: no open of the worst hand yet.
    assert HardPlayer(random.Random(2)).decide(view).kind is ActionKind.FOLD
