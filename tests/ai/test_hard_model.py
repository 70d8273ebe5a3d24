"""Hard reads the table: its per-opponent model counts what the views show,
its decisions keep to the commitment rules, and it is repeatable by seed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from holdem_desktop.ai.hard import (
    CHEAP_CALL_SHARE,
    COMMIT_SHARE,
    OVERBET,
    HardPlayer,
    calling_range,
    foldable,
    multipliers,
    overbet_fold,
)
from holdem_desktop.ai.hard_v1 import AIR, DRAW, MEDIUM, MONSTER, tiers_on
from holdem_desktop.ai.ladder import play_duplicate
from holdem_desktop.ai.model import PRIORS, WEIGHT, OpponentModel, Rate, TableModel
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.views import seat_view


def _hand(stacks: tuple[int, ...], blinds: tuple[int, ...], cards: str) -> Hand:
    chosen = list(parse_cards(cards))
    deck = chosen + [c for c in range(52) if c not in chosen]
    return Hand(HandConfig(stacks=stacks, blinds=blinds, min_bet=max(blinds)), deck)


def _three_way() -> Hand:
    """Seats 0 (small blind), 1 (big blind), 2 (button); seat 0 is the model's
    owner.  Pre-flop 2 raises and both blinds call; flop 1 bets, 2 calls,
    0 calls; turn 1 checks, 2 bets, 0 folds, 1 raises, 2 folds."""
    hand = _hand((2000, 2000, 2000), (10, 20, 0), "AhKh5c5d7s2d" + "Qh9c3s" + "8d" + "4h")
    hand.apply(2, Action.raise_to(60))
    hand.apply(0, Action.call())
    hand.apply(1, Action.call())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(100))
    hand.apply(2, Action.call())
    hand.apply(0, Action.call())
    hand.apply(0, Action.check())
    hand.apply(1, Action.check())
    hand.apply(2, Action.bet(200))
    hand.apply(0, Action.fold())
    hand.apply(1, Action.raise_to(600))
    hand.apply(2, Action.fold())
    assert hand.over
    return hand


def _heads_up_showdown() -> Hand:
    """Seat 0 (big blind, the owner) holds AhKh, seat 1 (button) 2c7d and bets
    the flop and the river with nothing; seat 0 calls down: seat 1 shows."""
    hand = _hand((2000, 2000), (20, 10), "AhKh2c7d" + "Qs9s3d" + "8c" + "Jh")
    hand.apply(1, Action.raise_to(60))
    hand.apply(0, Action.call())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(60))
    hand.apply(0, Action.call())
    hand.apply(0, Action.check())
    hand.apply(1, Action.check())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(200))
    hand.apply(0, Action.call())
    assert hand.over
    return hand


def test_the_model_counts_a_scripted_hand_from_the_owner_view():
    table = TableModel()
    table.observe_hand(seat_view(_three_way(), 0))
    assert 0 not in table.models  # the owner is never counted
    one, two = table.of(1), table.of(2)
    assert (one.preflop_raise.hits, one.preflop_raise.chances) == (0, 1)
    assert (two.preflop_raise.hits, two.preflop_raise.chances) == (1, 1)
    assert (one.bets[Street.FLOP].hits, one.bets[Street.FLOP].chances) == (1, 1)
    assert (one.bets[Street.TURN].hits, one.bets[Street.TURN].chances) == (0, 1)
    assert (two.bets[Street.TURN].hits, two.bets[Street.TURN].chances) == (1, 1)
    # Seat 2 faced the flop bet (called) and, having bet the turn, the raise (folded).
    assert (two.fold_to_bet.hits, two.fold_to_bet.chances) == (0, 1)
    assert (two.raises[Street.FLOP].hits, two.raises[Street.FLOP].chances) == (0, 1)
    assert (two.fold_to_raise.hits, two.fold_to_raise.chances) == (1, 1)
    # Seat 1 checked the turn and then raised the bet it faced.
    assert (one.fold_to_bet.hits, one.fold_to_bet.chances) == (0, 1)
    assert (one.raises[Street.TURN].hits, one.raises[Street.TURN].chances) == (1, 1)
    # A flop bet of 100 into 180 is the middle size; nothing was shown.
    assert two.fold_by_size[0].chances == 1 and two.fold_by_size[1].chances == 0
    assert one.air_shown.chances == two.air_shown.chances == 0
    assert one.hands == two.hands == 1 and table.hands_observed == 1


def test_the_model_counts_a_bluff_shown_down():
    table = TableModel()
    table.observe_hand(seat_view(_heads_up_showdown(), 0))
    model = table.of(1)
    assert (model.air_shown.hits, model.air_shown.chances) == (1, 1)
    assert [model.bets[s].hits for s in (Street.FLOP, Street.TURN, Street.RIVER)] == [1, 0, 1]
    assert model.fold_to_bet.chances == 0


def test_a_real_hand_shown_after_a_bet_is_not_counted_as_air():
    hand = _hand((2000, 2000), (20, 10), "2c7dAhKh" + "Ks9s3d" + "8c" + "Jh")
    hand.apply(1, Action.call())
    hand.apply(0, Action.check())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(40))
    hand.apply(0, Action.call())
    for _ in range(2):
        hand.apply(0, Action.check())
        hand.apply(1, Action.check())
    assert hand.over
    table = TableModel()
    table.observe_hand(seat_view(hand, 0))
    assert (table.of(1).air_shown.hits, table.of(1).air_shown.chances) == (0, 1)


def test_estimates_start_at_the_prior_and_move_with_evidence():
    rate = Rate()
    assert rate.estimate(0.45) == pytest.approx(0.45)
    for _ in range(4):
        rate.add(False)
    small = rate.estimate(0.45)
    assert small == pytest.approx(0.45 * WEIGHT / (4 + WEIGHT))
    for _ in range(400):
        rate.add(False)
    assert rate.estimate(0.45) < small < 0.45
    assert rate.estimate(0.45) < 0.01
    fresh = OpponentModel()
    assert fresh.fold_rate() == pytest.approx(PRIORS["fold_to_bet"])
    assert fresh.fold_rate(2.0) == pytest.approx(PRIORS["fold_to_bet"])


def test_a_frequent_bettor_is_read_as_betting_with_nothing_more_often():
    often, rarely = OpponentModel(), OpponentModel()
    for k in range(100):
        often.bets[Street.RIVER].add(k % 10 < 9)
        rarely.bets[Street.RIVER].add(k % 10 < 1)
    assert often.air_share(Street.RIVER) > 0.5 > 0.1 > rarely.air_share(Street.RIVER)
    board = tuple(parse_cards("Ks9s3d8cJh"))
    tiers = tiers_on(board)
    w = np.ones(len(tiers))
    bluffy = multipliers("bet", often, Street.RIVER, w, tiers)
    honest = multipliers("bet", rarely, Street.RIVER, w, tiers)
    assert bluffy[AIR] > honest[AIR]
    assert bluffy[MONSTER] == honest[MONSTER] == 1.0
    # After the bet, the share of nothing in the range is the share the model
    # expects (as far as the range holds nothing to begin with).
    def air_after(factors):
        after = w * factors[tiers]
        return after[tiers == AIR].sum() / after.sum()

    assert air_after(honest) == pytest.approx(rarely.air_share(Street.RIVER), abs=0.01)
    assert air_after(bluffy) > 0.5


def test_who_calls_is_the_range_without_its_weakest_holdings():
    tiers = np.array([AIR, AIR, DRAW, MEDIUM, MONSTER], dtype=np.int8)
    w = np.ones(5)
    assert calling_range(w, tiers, 0.4).tolist() == [0, 0, 1, 1, 1]
    assert calling_range(w, tiers, 0.6).tolist() == [0, 0, 0, 1, 1]
    assert foldable(w, tiers, 0.5) > foldable(np.array([0, 0, 0, 1.0, 1]), tiers, 0.5)


def test_bigger_overbets_are_called_less_often():
    assert overbet_fold(0.4, 1.0) == 0.4
    assert overbet_fold(0.4, OVERBET) == pytest.approx(0.4)
    assert 0.4 < overbet_fold(0.4, 3.0) < overbet_fold(0.4, 10.0) < 1.0
    assert overbet_fold(0.1, 10.0) < overbet_fold(0.4, 10.0)  # a station still calls more


def _river_view(hero_stack: int, pot_to: int):
    """Heads-up river, the hero (seat 0, big blind) to act first, its stack
    ``hero_stack`` after putting ``pot_to`` in before the river."""
    hand = _hand((hero_stack + pot_to, 2000), (20, 10), "AhAd2c7d" + "Ks9s3d" + "8c" + "Jh")
    hand.apply(1, Action.raise_to(pot_to))
    hand.apply(0, Action.call())
    for _ in range(2):  # the flop and the turn checked through
        hand.apply(0, Action.check())
        hand.apply(1, Action.check())
    return seat_view(hand, 0)


def test_a_bet_that_leaves_a_few_chips_behind_goes_all_in():
    view = _river_view(hero_stack=110, pot_to=200)  # pot 400, 110 behind of 310
    legal = {a.kind: a for a in view.legal_actions}
    assert ActionKind.ALL_IN in legal
    leaves_little = Action.bet(105)
    assert COMMIT_SHARE * 310 > 110 - 105
    assert HardPlayer.commit(view, leaves_little) == Action.all_in()
    assert HardPlayer.commit(view, Action.bet(40)) == Action.bet(40)
    # Nothing Hard considers there leaves less than the share behind.
    player = HardPlayer(random.Random(1))
    for choice in player.choices(view, legal, [1]):
        if choice.action.kind in (ActionKind.BET, ActionKind.RAISE):
            assert 110 - choice.action.amount >= COMMIT_SHARE * 310


def test_a_cheap_call_is_never_folded():
    hand = _hand((2000, 2000), (20, 10), "2c7dAhKh" + "Ks9s3d" + "8c" + "Jh")
    hand.apply(1, Action.raise_to(600))
    hand.apply(0, Action.call())
    hand.apply(0, Action.bet(20))  # 20 to call into a pot of 1220
    view = seat_view(hand, 1)
    assert view.to_call <= CHEAP_CALL_SHARE * view.pot
    assert HardPlayer.commit(view, Action.fold()) == Action.call()
    for seed in range(5):
        assert create_player("hard", random.Random(seed)).decide(view).kind is not ActionKind.FOLD
    # A dear call may still be folded.
    hand2 = _hand((2000, 2000), (20, 10), "2c7dAhKh" + "Ks9s3d" + "8c" + "Jh")
    hand2.apply(1, Action.call())
    hand2.apply(0, Action.check())
    hand2.apply(0, Action.bet(40))  # 40 to call into a pot of 80
    view2 = seat_view(hand2, 1)
    assert HardPlayer.commit(view2, Action.fold()) == Action.fold()


def test_every_hard_bet_leaves_enough_behind_and_no_cheap_call_is_folded():
    class Watched(HardPlayer):
        bets = 0

        def decide(self, view):
            action = super().decide(view)
            me = view.me
            if action.kind in (ActionKind.BET, ActionKind.RAISE):
                Watched.bets += 1
                assert me.stack - (action.amount - me.bet) >= COMMIT_SHARE * (
                    me.stack + me.in_pot)
            if action.kind is ActionKind.FOLD:
                assert view.to_call > CHEAP_CALL_SHARE * view.pot
            return action

    from holdem_desktop.ai import players

    players.register("watched", Watched)
    try:
        play_duplicate("watched", "bluffer", 40, seed=9)
        play_duplicate("watched", "station", 40, seed=9)
    finally:
        players._FACTORIES.pop("watched")
    assert Watched.bets > 20


def test_hard_learns_from_finished_hands_and_is_repeatable_by_seed():
    first = play_duplicate("hard", "bluffer", 25, seed=4)
    again = play_duplicate("hard", "bluffer", 25, seed=4)
    assert first.pair_sums == again.pair_sums
    other = play_duplicate("hard", "bluffer", 25, seed=5)
    assert other.pair_sums != first.pair_sums


def test_hard_reads_the_station_and_the_bluffer_differently():
    def learned(opponent: str) -> OpponentModel:
        hard = HardPlayer(random.Random(3))
        rival = create_player(opponent, random.Random(4))
        rng = random.Random(5)
        for n in range(150):
            deck = list(range(52))
            rng.shuffle(deck)
            order = (0, 1) if n % 2 else (1, 0)
            hand = Hand(HandConfig(stacks=(400, 400), blinds=(4, 2), min_bet=4, seats=order),
                        deck)
            seats = {0: hard, 1: rival}
            while not hand.over:
                seat = hand.to_act
                hand.apply(seat, seats[seat].decide(seat_view(hand, seat)))
            hard.hand_over(seat_view(hand, 0))
        return hard.table.of(1)

    station, bluffer = learned("station"), learned("bluffer")
    for street in (Street.FLOP, Street.RIVER):
        assert bluffer.bet_rate(street) > station.bet_rate(street) + 0.3
        assert bluffer.air_share(street) > station.air_share(street) + 0.2
    assert station.fold_rate() < PRIORS["fold_to_bet"]


def _river_bet_into(hole: str):
    """Heads-up, checked to the river; seat 0 checks, seat 1 bets the pot."""
    hand = _hand((2000, 2000), (20, 10), hole + "AhAd" + "Ks9s3d" + "8c" + "Jh")
    hand.apply(1, Action.call())
    hand.apply(0, Action.check())
    for _ in range(2):  # the flop and the turn
        hand.apply(0, Action.check())
        hand.apply(1, Action.check())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(40))
    return seat_view(hand, 0)


def test_hard_defends_against_a_frequent_bettor_and_not_against_a_rare_one():
    view = _river_bet_into("8h2c")  # middle pair, facing a pot-size bet
    assert view.to_call == 40 and view.pot == 80

    def facing(rate: float) -> tuple[bool, ActionKind]:
        player = HardPlayer(random.Random(2))
        model = player.table.of(1)
        for k in range(100):
            model.bets[Street.RIVER].add(k < 100 * rate)
        return player._must_defend(view, [1]), player.decide(view).kind

    assert facing(0.9) == (True, ActionKind.CALL)
    defends, _ = facing(0.1)
    assert not defends
    nothing = _river_bet_into("2c4h")  # four high: not worth defending even so
    player = HardPlayer(random.Random(2))
    for k in range(100):
        player.table.of(1).bets[Street.RIVER].add(k < 90)
    assert not player._must_defend(nothing, [1])
