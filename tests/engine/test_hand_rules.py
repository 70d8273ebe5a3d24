"""The rules of SPEC §1–§3, one named test each, on stacked decks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.engine.events import (
    BetReturned,
    BlindPosted,
    CardsShown,
    DeadBlindPosted,
    PotAwarded,
    RunoutStarted,
    StreetDealt,
)
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.variant import BettingStructure

from .hand_helpers import random_action, random_config, stacked_deck

TIE_BOARD = "Qh Jd 9s 4c 3h"


def kinds(hand: Hand) -> dict[ActionKind, tuple[int, int]]:
    return {a.kind: (a.min_amount, a.max_amount) for a in hand.legal_actions()}


def test_spec_worked_example_side_pot_with_a_tie():
    # A all-in for 100, B and C put in 150; A and B tie, C loses (SPEC §2, seed 001).
    cfg = HandConfig(stacks=(100, 150, 150), blinds=(0, 0, 0), min_bet=10, chip_unit=10,
                     seats=(1, 2, 3))
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    hand.apply(1, Action.all_in())
    hand.apply(2, Action.all_in())
    hand.apply(3, Action.call())
    assert hand.over
    assert dict(zip(hand.seats, hand.stacks, strict=True)) == {1: 150, 2: 250, 3: 0}
    pots = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(p.amount, p.winners, p.shares) for p in pots] == [(300, (1, 2), (150, 150)),
                                                                (100, (2,), (100,))]
    assert any(isinstance(e, RunoutStarted) for e in hand.events)
    streets = [e.street for e in hand.events if isinstance(e, StreetDealt)]
    assert len(streets) == 3  # flop, turn, river one at a time


def test_odd_chip_goes_to_the_first_winner_after_the_button():
    cfg = HandConfig(stacks=(500, 500, 500), blinds=(10, 20, 0), antes=(10, 10, 10),
                     min_bet=20, chip_unit=10)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    hand.apply(2, Action.fold())
    hand.apply(0, Action.call())
    hand.apply(1, Action.check())
    for _ in range(3):
        hand.apply(0, Action.check())
        hand.apply(1, Action.check())
    pot = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert pot.amount == 70 and pot.winners == (0, 1) and pot.shares == (40, 30)


def test_a_dead_small_blind_goes_in_the_pot_not_in_the_bet():
    # nobody posts the small blind live; the button posts the one they missed, dead
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(20, 0, 0), dead_blinds=(0, 0, 10),
                     min_bet=20, seats=(3, 5, 8), no_small_blind=True)
    assert HandConfig.from_json(cfg.to_json()) == cfg
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    (dead,) = [e for e in hand.events if isinstance(e, DeadBlindPosted)]
    assert (dead.seat, dead.amount, dead.all_in) == (8, 10, False)
    posted = {e.seat: (e.amount, e.kind) for e in hand.events if isinstance(e, BlindPosted)}
    assert posted == {3: (20, 1)}  # the big blind: nobody posts the small one
    assert hand.to_act == 5 and hand.to_call(8) == 20  # the dead chips are not a call
    hand.apply(5, Action.call())
    hand.apply(8, Action.call())
    assert hand.stacks == [980, 980, 970]
    hand.apply(3, Action.check())
    assert sum(p.amount for p in hand.pots()) == 70
    # a short stack owing a dead small blind posts its big blind live first
    short = Hand(HandConfig(stacks=(30, 1000, 1000), blinds=(20, 0, 0), dead_blinds=(10, 0, 0),
                            no_small_blind=True), stacked_deck(["AhKd", "AsKc", "7c2d"]))
    assert [(type(e).__name__, e.amount) for e in short.events[1:3]] == [
        ("BlindPosted", 20), ("DeadBlindPosted", 10)]
    assert short.to_call(1) == 20 and short.stacks[0] == 0
    with pytest.raises(ValueError, match="dead blinds"):
        HandConfig(stacks=(1000, 1000), blinds=(20, 10), dead_blinds=(10,))


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    # Playing order heads-up: index 0 the big blind, index 1 the button (small blind).
    cfg = HandConfig(stacks=(1000, 1000), blinds=(20, 10), min_bet=20, seats=(7, 4))
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc"], TIE_BOARD))
    posted = [(e.seat, e.amount, e.kind) for e in hand.events if isinstance(e, BlindPosted)]
    assert posted == [(4, 10, 0), (7, 20, 1)]  # the small blind first, as it is said
    assert hand.to_act == 4
    hand.apply(4, Action.call())
    assert hand.to_act == 7
    hand.apply(7, Action.check())
    assert hand.to_act == 7  # after the flop the big blind acts first


def test_showdown_order_starts_with_the_last_river_aggressor():
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    hand.apply(2, Action.call())
    hand.apply(0, Action.call())
    hand.apply(1, Action.check())
    for _ in range(2):
        for seat in (0, 1, 2):
            hand.apply(seat, Action.check())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(40))
    hand.apply(2, Action.call())
    hand.apply(0, Action.call())
    shown = [e.seat for e in hand.events if isinstance(e, CardsShown)]
    assert shown == [1, 2, 0]


def test_showdown_order_without_a_river_bet_starts_after_the_button():
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    hand.apply(2, Action.call())
    hand.apply(0, Action.fold())
    hand.apply(1, Action.check())
    for _ in range(3):
        hand.apply(1, Action.check())
        hand.apply(2, Action.check())
    assert [e.seat for e in hand.events if isinstance(e, CardsShown)] == [1, 2]


def test_short_blind_posts_everything_it_has():
    cfg = HandConfig(stacks=(1000, 5, 1000), blinds=(10, 20, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    big = next(e for e in hand.events if isinstance(e, BlindPosted) and e.kind == 1)
    assert (big.seat, big.amount, big.all_in) == (1, 5, True)
    # As in pokerkit: the call is the highest amount actually put in (the small
    # blind's 10); a raise must still add at least the big blind.
    assert kinds(hand)[ActionKind.CALL] == (10, 10)
    assert kinds(hand)[ActionKind.RAISE][0] == 30


def test_short_all_in_does_not_reopen_the_betting():
    cfg = HandConfig(stacks=(1000, 150, 1000), blinds=(0, 0, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    hand.apply(0, Action.bet(100))
    hand.apply(1, Action.all_in())  # to 150: raises by 50 < 100
    hand.apply(2, Action.call())
    legal = kinds(hand)
    assert ActionKind.RAISE not in legal and ActionKind.ALL_IN not in legal
    with pytest.raises(IllegalAction) as err:
        hand.apply(0, Action.raise_to(400))
    assert err.value.reason == "raise_not_reopened"


def test_short_all_ins_adding_up_to_a_full_raise_reopen_it():
    cfg = HandConfig(stacks=(1000, 150, 210, 1000), blinds=(0, 0, 0, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d", "5h5d"], TIE_BOARD))
    hand.apply(0, Action.bet(100))
    hand.apply(1, Action.all_in())  # +50
    hand.apply(2, Action.all_in())  # +60: together 110 >= 100
    hand.apply(3, Action.call())
    assert ActionKind.RAISE in kinds(hand)


def test_uncalled_bet_goes_back():
    cfg = HandConfig(stacks=(1000, 300, 1000), blinds=(10, 20, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    hand.apply(2, Action.raise_to(600))
    hand.apply(0, Action.fold())
    hand.apply(1, Action.all_in())  # 300 of the 600 is called
    returned = [e for e in hand.events if isinstance(e, BetReturned)]
    assert [(e.seat, e.amount) for e in returned] == [(2, 300)]
    assert sum(hand.stacks) == 2300


def test_illegal_action_raises_with_reason_and_changes_nothing():
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20, chip_unit=10)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    before = (list(hand.stacks), list(hand.bets), len(hand.events), hand.to_act)
    cases = [
        (2, Action.check(), "check_facing_bet", {"to_call": 20, "bettor": 1}),
        (0, Action.call(), "not_your_turn", {"seat": 0, "to_act": 2}),
        (2, Action.bet(100), "bet_facing_bet", {"to_call": 20, "bettor": 1}),
        (2, Action.raise_to(30), "amount_below_min", {"amount": 30, "min": 40}),
        (2, Action.raise_to(2000), "amount_above_max", {"amount": 2000, "max": 1000}),
        (2, Action.raise_to(55), "amount_not_multiple", {"amount": 55, "unit": 10}),
    ]
    for seat, action, reason, data in cases:
        with pytest.raises(IllegalAction) as err:
            hand.apply(seat, action)
        assert err.value.reason == reason and err.value.data == data
        assert not hand.can(seat, action)
        assert (list(hand.stacks), list(hand.bets), len(hand.events), hand.to_act) == before


def test_fixed_limit_bet_sizes_and_three_raise_cap():
    cfg = HandConfig(stacks=(1000,) * 4, blinds=(10, 20, 0, 0), min_bet=20, chip_unit=10,
                     betting=BettingStructure.FIXED_LIMIT, raise_cap=3)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d", "5h5d"], TIE_BOARD))
    assert kinds(hand)[ActionKind.RAISE] == (40, 40)
    hand.apply(2, Action.raise_to(40))
    hand.apply(3, Action.raise_to(60))
    hand.apply(0, Action.raise_to(80))  # the big blind is the bet: three raises now
    assert ActionKind.RAISE not in kinds(hand)
    with pytest.raises(IllegalAction) as err:
        hand.apply(1, Action.raise_to(100))
    assert err.value.reason == "raise_cap_reached"
    for seat in (1, 2, 3):
        hand.apply(seat, Action.call())
    for seat in (0, 1, 2, 3):
        hand.apply(seat, Action.check())
    assert kinds(hand)[ActionKind.BET] == (40, 40)  # the big bet on the turn


def test_pot_limit_maximum_is_the_pot_after_the_call():
    cfg = HandConfig(stacks=(1000,) * 3, blinds=(10, 20, 0), min_bet=20,
                     betting=BettingStructure.POT_LIMIT)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    assert kinds(hand)[ActionKind.RAISE] == (40, 70)  # call 20 -> pot 50 -> raise to 20+50


def test_check_is_never_a_fold():
    cfg = HandConfig(stacks=(1000,) * 2, blinds=(20, 10), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc"], TIE_BOARD))
    hand.apply(1, Action.call())
    with pytest.raises(IllegalAction) as err:
        hand.apply(0, Action.fold())
    assert err.value.reason == "fold_when_check"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 10))
def test_properties_chips_conserved_legal_accepted_other_refused(seed, players):
    rng = random.Random(seed)
    cfg = random_config(rng, players, unit=10)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand(cfg, deck)
    total = sum(cfg.stacks)
    while not hand.over:
        seat = hand.to_act
        legal = hand.legal_actions()
        offered = {a.kind for a in legal}
        for kind in ActionKind:
            if kind not in offered and kind not in (ActionKind.BET, ActionKind.RAISE):
                assert not hand.can(seat, Action(kind)), kind
        for a in legal:
            assert hand.can(seat, Action(a.kind, a.min_amount))
            assert hand.can(seat, Action(a.kind, a.max_amount))
            if a.kind in (ActionKind.BET, ActionKind.RAISE):
                assert not hand.can(seat, Action(a.kind, a.max_amount + cfg.chip_unit))
                assert not hand.can(seat, Action(a.kind, a.min_amount - cfg.chip_unit))
        other = next(s for s in hand.seats if s != seat)
        before = (list(hand.stacks), len(hand.events))
        assert not hand.can(other, Action(legal[0].kind, legal[0].min_amount))
        assert (list(hand.stacks), len(hand.events)) == before
        hand.apply(seat, random_action(legal, rng, unit=cfg.chip_unit))
        assert sum(hand.stacks) + hand.pot_total == total
    assert sum(hand.stacks) == total and hand.pot_total == 0
    awarded = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert all(sum(e.shares) == e.amount and set(e.winners) <= set(e.eligible) for e in awarded)


@pytest.mark.parametrize("deck,error", [
    ([0] * 52, "DuplicateCard"),
    ([-1, *range(51)], "MalformedCard"),
    ([52, *range(51)], "MalformedCard"),
    (["Ah", *range(51)], "MalformedCard"),
    (list(range(8)), "ValueError"),
])
def test_a_bad_deck_is_refused(deck, error):
    cfg = HandConfig(stacks=(100, 100), blinds=(2, 1), min_bet=2)
    with pytest.raises(ValueError) as err:
        Hand(cfg, deck)
    assert type(err.value).__name__ == error


def test_the_winner_of_an_uncontested_pot_may_show_voluntarily():
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["AhKd", "AsKc", "7c2d"], TIE_BOARD))
    hand.apply(2, Action.raise_to(60))
    with pytest.raises(IllegalAction) as err:
        hand.show(2)
    assert err.value.reason == "hand_not_over"
    hand.apply(0, Action.fold())
    hand.apply(1, Action.fold())
    assert not any(isinstance(e, CardsShown) for e in hand.events)
    shown = hand.show(2)
    assert [(e.seat, [str(c) for c in e.cards], e.value) for e in shown] == [
        (2, ["7c", "2d"], None)]
    with pytest.raises(IllegalAction) as err:
        hand.show(2)
    assert err.value.reason == "already_shown"


def test_events_are_frozen_values():
    import dataclasses

    from holdem_desktop.engine.events import ActionTaken, Street

    e = ActionTaken(3, ActionKind.CALL, 20, 20, False, Street.FLOP)
    assert e == ActionTaken(3, ActionKind.CALL, 20, 20, False, Street.FLOP)
    assert hash(e) == hash(ActionTaken(3, ActionKind.CALL, 20, 20, False, Street.FLOP))
    assert e != ActionTaken(3, ActionKind.CALL, 40, 40, False, Street.FLOP)
    assert repr(e).startswith("ActionTaken(seat=3, kind=")
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.amount = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        ActionTaken(3, ActionKind.CALL)  # type: ignore[call-arg]
