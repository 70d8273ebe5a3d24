"""Differential test: the same hands, cards and actions through pokerkit (the
reference engine, a test extra) give the same legal actions and the same
finishing stacks: no-limit, pot-limit, and fixed-limit with three raises
after the opening bet."""

from __future__ import annotations

import random
import warnings

import pytest

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.cards import card_text
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.variant import BettingStructure

from .hand_helpers import random_action, random_config

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test extra")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING, pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING, pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING, pokerkit.Automation.CHIPS_PULLING,
)


class PotLimitTexasHoldem(pokerkit.games.PotLimitPokerMixin, pokerkit.NoLimitTexasHoldem):
    """pokerkit ships pot-limit Omaha only; its hold'em with the pot-limit structure."""


FIXED_LIMIT_RAISE_CAP = 3


def fixed_limit_state(cfg: HandConfig):
    """pokerkit's fixed-limit hold'em allows four bets or raises on every
    street, counting the blinds as none: SPEC §3 allows the big blind (the
    opening bet) and three raises pre-flop, an opening bet and three raises
    after.  The same streets with our counts."""
    n = len(cfg.stacks)
    blinds = (cfg.blinds[1], cfg.blinds[0]) if n == 2 else cfg.blinds
    cap = FIXED_LIMIT_RAISE_CAP
    small, big = cfg.smallest_bet, cfg.fixed_big_bet
    position = pokerkit.Opening.POSITION
    streets = (
        pokerkit.Street(False, (False, False), 0, False, position, small, cap),
        pokerkit.Street(True, (), 3, False, position, small, cap + 1),
        pokerkit.Street(True, (), 1, False, position, big, cap + 1),
        pokerkit.Street(True, (), 1, False, position, big, cap + 1),
    )
    return pokerkit.State(AUTOMATIONS, pokerkit.Deck.STANDARD, (pokerkit.StandardHighHand,),
                          streets, pokerkit.BettingStructure.FIXED_LIMIT, False, cfg.antes or 0,
                          blinds, 0, cfg.stacks, n)


def pokerkit_state(cfg: HandConfig):
    if cfg.betting is BettingStructure.FIXED_LIMIT:
        return fixed_limit_state(cfg)
    game = (PotLimitTexasHoldem if cfg.betting is BettingStructure.POT_LIMIT
            else pokerkit.NoLimitTexasHoldem)
    n = len(cfg.stacks)
    blinds = (cfg.blinds[1], cfg.blinds[0]) if n == 2 else cfg.blinds  # pokerkit swaps heads-up
    return game.create_state(AUTOMATIONS, False, cfg.antes or 0, blinds, cfg.smallest_bet,
                             cfg.stacks, n)


def compare_legal(hand: Hand, state) -> None:
    ours = {a.kind: a for a in hand.legal_actions()}
    assert (ActionKind.FOLD in ours) == state.can_fold()
    assert (ActionKind.CHECK in ours or ActionKind.CALL in ours) == state.can_check_or_call()
    can_raise = state.can_complete_bet_or_raise_to()
    raise_kinds = [k for k in (ActionKind.BET, ActionKind.RAISE) if k in ours]
    if can_raise:
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        if hand.config.betting is BettingStructure.FIXED_LIMIT:
            assert lo == hi
        if raise_kinds:
            a = ours[raise_kinds[0]]
            assert (a.min_amount, a.max_amount) == (lo, hi)
        else:  # only an all-in for less than a full raise remains
            assert ActionKind.ALL_IN in ours, (lo, hi)
            assert ours[ActionKind.ALL_IN].min_amount == lo == hi
    else:
        assert not raise_kinds
        if ActionKind.ALL_IN in ours:  # an all-in call
            assert ours[ActionKind.ALL_IN].min_amount <= hand.max_bet


def play_both(seed: int, betting: BettingStructure) -> tuple[list[int], list[int], Hand]:
    rng = random.Random(seed)
    base = random_config(rng)
    cap = FIXED_LIMIT_RAISE_CAP if betting is BettingStructure.FIXED_LIMIT else None
    cfg = HandConfig(stacks=base.stacks, blinds=base.blinds, antes=base.antes,
                     min_bet=base.min_bet, betting=betting, raise_cap=cap)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand(cfg, deck)
    state = pokerkit_state(cfg)
    n = len(cfg.stacks)
    for i in range(n):
        state.deal_hole(card_text(deck[2 * i]) + card_text(deck[2 * i + 1]))
    board = deck[2 * n:2 * n + 5]
    dealt = 0

    def deal_board() -> None:
        nonlocal dealt
        while state.status and state.can_deal_board():
            k = 3 if dealt == 0 else 1
            state.deal_board("".join(card_text(c) for c in board[dealt:dealt + k]))
            dealt += k

    deal_board()
    while not hand.over:
        assert state.status, "pokerkit ended the hand first"
        seat = hand.to_act
        assert seat == state.actor_index
        compare_legal(hand, state)
        action = random_action(hand.legal_actions(), rng, aggression=0.45)
        events = hand.apply(seat, action)
        taken = events[0]
        if taken.kind is ActionKind.FOLD:
            state.fold()
        elif taken.kind in (ActionKind.CHECK, ActionKind.CALL) or (
                taken.kind is ActionKind.ALL_IN and state.checking_or_calling_amount is not None
                and taken.amount <= max(state.bets)):
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(taken.amount)
        deal_board()
    deal_board()
    assert not state.status
    return list(hand.stacks), list(state.stacks), hand


@pytest.mark.parametrize("block", range(10))
def test_same_finishing_stacks_as_pokerkit(block):
    """2,000 seeded random hands (2–10 players, uneven stacks, many all-ins),
    no-limit and pot-limit."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(block * 200, block * 200 + 200):
            betting = BettingStructure.POT_LIMIT if seed % 4 == 3 else BettingStructure.NO_LIMIT
            ours, theirs, hand = play_both(seed, betting)
            assert ours == theirs, (seed, hand.actions)
            assert sum(ours) == sum(hand.config.stacks)


@pytest.mark.parametrize("block", range(6))
def test_fixed_limit_same_legal_actions_and_stacks_as_pokerkit(block):
    """1,200 seeded random fixed-limit hands (2–10 players, uneven stacks,
    short ones among them, some antes): small bet = big blind pre-flop and
    on the flop, big bet = twice that on the turn and river, three raises
    after the opening bet (SPEC §2–§3)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(block * 200, block * 200 + 200):
            ours, theirs, hand = play_both(seed, BettingStructure.FIXED_LIMIT)
            assert ours == theirs, (seed, hand.actions)
            assert sum(ours) == sum(hand.config.stacks)
