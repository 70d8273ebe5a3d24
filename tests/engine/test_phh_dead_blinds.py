"""A tournament's hand as PHH: dead blinds (a small blind owed from a broken
table, into the pot, not the bet) and a lone big blind (a dead button) are
written so that our replay deals the very hand again and pokerkit, which
knows neither, counts the same chips (the dead blinds as antes)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.events import AntePosted, BlindPosted, DeadBlindPosted
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.phh import PhhError, dumps, loads
from holdem_desktop.engine.replay import (
    DEAD_BLINDS_FIELD,
    NO_SMALL_BLIND_FIELD,
    hand_config,
    replay,
    to_phh,
)

from .hand_helpers import dealt_randomly, random_config, stacked_deck
from .test_phh_export import not_actions, pokerkit_stacks


def tournament_hand(seed: int) -> Hand:
    """A seeded random hand of 3–10 players (uneven stacks, some shorter
    than a blind) where one or two players who post no live blind owe a
    dead small blind, and (half the time) nobody posts the small blind."""
    rng = random.Random(seed)
    cfg = random_config(rng, players=rng.randint(3, 10))
    n, sb = len(cfg.stacks), cfg.blinds[0]
    owing = rng.sample(range(2, n), min(n - 2, rng.randint(1, 2)))
    dead = tuple(sb if i in owing else 0 for i in range(n))
    no_small = rng.random() < 0.5
    blinds = (0, *cfg.blinds[1:]) if no_small else cfg.blinds
    cfg = dataclasses.replace(cfg, blinds=blinds, dead_blinds=dead, no_small_blind=no_small,
                              antes=cfg.antes if any(cfg.antes) else ())
    return dealt_randomly(cfg, rng)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_property_a_hand_with_dead_blinds_replays_to_the_same_hand(seed):
    hand = tournament_hand(seed)
    phh = to_phh(hand)
    assert loads(dumps(phh)) == phh
    assert hand_config(phh) == hand.config
    again = replay(phh)
    assert again.stacks == hand.stacks
    assert not_actions(again) == not_actions(hand)  # DeadBlindPosted, not AntePosted
    assert to_phh(again) == phh


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_property_pokerkit_counts_the_dead_blinds_as_antes(seed):
    """Dead money, antes and dead blinds alike, is in the main pot, as
    pokerkit puts antes (as which it reads the dead blinds): the same
    stacks, short all-ins and side pots included."""
    hand = tournament_hand(seed)
    assert pokerkit_stacks(dumps(to_phh(hand))) == hand.stacks


def test_a_dead_blind_is_never_given_back_to_its_owner():
    """The dead blind's owner called everything and lost: the winner takes
    the dead blind too (it was a side pot of its own, the owner's alone,
    before dead money went to the main pot)."""
    cfg = HandConfig(stacks=(8000, 8000, 8000), blinds=(0, 20, 0), min_bet=20,
                     dead_blinds=(0, 0, 10), no_small_blind=True)
    hand = Hand(cfg, stacked_deck(["AhAd", "7c2d", "KsKd"], "Ac 9s 4c 3h 8d"))
    hand.apply(hand.to_act, Action.call())   # p3, the dead blind's owner: 20
    hand.apply(hand.to_act, Action.call())   # p1
    hand.apply(hand.to_act, Action.check())  # p2, the big blind
    while not hand.over:
        hand.apply(hand.to_act, Action.check())
    assert [p.amount for p in hand.pots()] == []  # over: nothing left on the table
    assert hand.stacks == [8000 + 40 + 10, 8000 - 20, 8000 - 30]


def test_a_short_all_in_wins_the_dead_money_with_the_main_pot():
    """p1 all-in for 12 wins 12 from each caller and the dead blind, which is
    nobody's bet (the main pot's, as antes are)."""
    cfg = HandConfig(stacks=(12, 100, 100), blinds=(0, 2, 0), min_bet=2,
                     dead_blinds=(0, 0, 1), no_small_blind=True)
    hand = Hand(cfg, stacked_deck(["AhAd", "7c2d", "KsKd"], "Ac 9s 4c 3h 8d"))
    hand.apply(hand.to_act, Action.raise_to(20))   # p3, the dead blind's owner
    pots = [(p.amount, p.eligible) for p in hand.pots()]
    assert pots == [(1, (0, 1, 2)), (4, (1, 2)), (18, (2,))]  # the dead blind: everyone's
    hand.apply(hand.to_act, Action.all_in())       # p1, 12
    hand.apply(hand.to_act, Action.fold())         # p2, the big blind
    assert hand.over
    assert hand.stacks == [12 + 12 + 2 + 1, 98, 100 - 1 - 12]
    assert replay(to_phh(hand)).stacks == hand.stacks
    assert pokerkit_stacks(dumps(to_phh(hand))) == hand.stacks


def test_the_fields_of_a_dead_blind_and_a_lone_big_blind():
    # Playing order: p1 would be the small blind (gone: a dead button), p2 the
    # big blind 100, p3 owes a dead small blind of 50 from a broken table.
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(0, 100, 0), min_bet=100,
                     dead_blinds=(0, 0, 50), no_small_blind=True)
    hand = Hand(cfg, stacked_deck(["AhKh", "7c2d", "QsQd"], "Qh Jd 9s 4c 3h"))
    kinds = [type(e) for e in hand.events[1:3]]
    assert kinds == [BlindPosted, DeadBlindPosted]
    hand.apply(hand.to_act, Action.fold())
    hand.apply(hand.to_act, Action.fold())
    text = dumps(to_phh(hand))
    assert "antes = [0, 0, 50]\n" in text
    assert "blinds_or_straddles = [0, 100, 0]\n" in text
    assert f"{DEAD_BLINDS_FIELD} = [0, 0, 50]\n" in text
    assert f"{NO_SMALL_BLIND_FIELD} = true\n" in text
    assert hand.stacks == [1000, 1050, 950]
    again = replay(loads(text))
    assert again.stacks == hand.stacks
    assert not any(type(e) is AntePosted for e in again.events)
    assert pokerkit_stacks(text) == hand.stacks


@pytest.mark.parametrize(("field", "value"), [
    (DEAD_BLINDS_FIELD, "[0, 0]"),          # one amount per player
    (DEAD_BLINDS_FIELD, "[0, 0, 60]"),      # more than antes counts
    (DEAD_BLINDS_FIELD, "[0, 0, -5]"),
    (NO_SMALL_BLIND_FIELD, "1"),
])
def test_malformed_dead_blind_fields_are_refused_by_name(field, value):
    text = ("variant = 'NT'\nantes = [0, 0, 50]\nblinds_or_straddles = [0, 100, 0]\n"
            "min_bet = 100\nstarting_stacks = [1000, 1000, 1000]\nactions = []\n"
            f"{field} = {value}\n")
    with pytest.raises(PhhError) as caught:
        hand_config(loads(text))
    assert field in str(caught.value)
