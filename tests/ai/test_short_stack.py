"""Issue 27, the short-stack game: tournaments are scored by finishing place,
so Hard judges its all-in decisions before the flop by the places they gain
(:mod:`holdem_desktop.ai.places`): it pushes wider against players seen
folding to pushes, calls tighter against a player seen pushing rarely, and
folds a coin flip that chips alone would take when busting costs places.
Normal's fold-to-aggression reads are checked here too."""

from __future__ import annotations

import random

import pytest

from holdem_desktop.ai.hard import HardPlayer
from holdem_desktop.ai.model import Rate, TableModel
from holdem_desktop.ai.normal import NormalPlayer
from holdem_desktop.ai.places import allin_outcomes, expected_place
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.views import SeatView, seat_view


def _table(hole: str, stacks: tuple[int, ...], blinds: tuple[int, int] = (100, 200),
           seed: int = 3) -> Hand:
    """A hand of ``len(stacks)`` players in playing order (small blind, big
    blind, …, the button last); ``hole`` deals the first seat to act before
    the flop (the seat after the big blind; the button heads-up)."""
    n = len(stacks)
    first = 2 % n if n > 2 else 0
    chosen = list(parse_cards(hole))
    rest = [c for c in range(52) if c not in chosen]
    random.Random(seed).shuffle(rest)
    deck: list[int] = []
    for i in range(n):  # two cards each, dealt in seat order
        deck += chosen if i == first else [rest.pop(), rest.pop()]
    forced = (*blinds, *(0,) * (n - 2)) if n > 2 else (blinds[1], blinds[0])
    return Hand(HandConfig(stacks=stacks, blinds=forced, min_bet=blinds[1],
                           seats=tuple(range(n))), deck + rest)


def _counted(rate: Rate, hits: int, chances: int) -> None:
    rate.hits, rate.chances = hits, chances


def _hard(seed: int = 1) -> HardPlayer:
    return HardPlayer(random.Random(seed), trials=3000)


# --------------------------------------------------------------------------- places


def test_expected_places_average_the_places_and_bust_players_are_last():
    stacks = {0: 1000, 1: 3000, 2: 500, 3: 4500}
    places = [expected_place(stacks, s) for s in stacks]
    assert sum(places) == pytest.approx(1 + 2 + 3 + 4)
    assert places[3] < places[1] < places[0] < places[2]  # more chips, better place
    equal = {s: 1500 for s in range(6)}
    assert expected_place(equal, 0) == pytest.approx(3.5)
    stacks[2] = 0
    assert expected_place(stacks, 2) == 4  # behind the three players with chips


def test_a_double_up_is_worth_fewer_places_than_a_bust_costs():
    """Linear places make chips worth less the more one has: a coin flip for
    all one's chips loses places."""
    equal = {s: 1500 for s in range(6)}
    doubled = {**equal, 0: 3000, 1: 0}
    busted = {**equal, 0: 0, 1: 3000}
    gain = expected_place(equal, 0) - expected_place(doubled, 0)
    loss = expected_place(busted, 0) - expected_place(equal, 0)
    assert 0 < gain < loss


def test_allin_outcomes_keep_every_chip_and_return_what_is_not_matched():
    totals = {0: 800, 1: 2000, 2: 1500}
    in_pot = {0: 800, 1: 200, 2: 100}  # seat 0 all-in, seat 1 the big blind, seat 2 folded
    behind = {s: totals[s] - in_pot[s] for s in totals}
    pot = sum(in_pot.values())
    win, lose = allin_outcomes(totals, behind, pot, in_pot, 1, 0)
    assert sum(win.values()) == sum(lose.values()) == sum(totals.values())
    assert win[0] == 0 and win[1] == 2000 + 800 + 100
    assert lose[1] == 2000 - 800 and lose[0] == 800 + 800 + 100
    assert win[2] == lose[2] == 1400


# --------------------------------------------------------------------------- pushing


def _unopened_push(hole: str, stacks: tuple[int, ...]) -> SeatView:
    """The first player to act before the flop, nobody in yet."""
    hand = _table(hole, stacks)
    seat = hand.to_act
    assert seat is not None
    return seat_view(hand, seat)


def test_hard_pushes_a_weak_hand_into_players_who_fold_to_pushes_but_not_into_callers():
    # Three left, 6 big blinds each: the button holds K♣7♦.
    view = _unopened_push("Kc7d", (1200, 1200, 1200))
    assert view.seat is not None
    folders, callers = _hard(), _hard()
    for s in range(3):
        if s != view.seat:
            _counted(folders.table.of(s).call_shove, 1, 30)
            _counted(callers.table.of(s).call_shove, 24, 30)
    assert folders.push_places(view) > 0 > callers.push_places(view)
    assert folders.decide(view).kind is ActionKind.ALL_IN
    assert callers.decide(view).kind is ActionKind.FOLD


def test_hard_pushes_the_best_hands_and_folds_the_worst_before_it_is_seen_anyone():
    stacks = (1600, 1600, 1600, 1600, 1600, 1600)
    assert _hard().decide(_unopened_push("AhAd", stacks)).kind is ActionKind.ALL_IN
    assert _hard().decide(_unopened_push("7c2d", stacks)).kind is ActionKind.FOLD


def test_a_shorter_stack_pushes_wider():
    """The same hand is pushed at 5 big blinds and folded at 14."""
    deep = _hard().push_places(_unopened_push("Qc6d", (2800, 2800, 2800, 2800, 2800, 2800)))
    short = _hard().push_places(_unopened_push("Qc6d", (1000, 2800, 2800, 2800, 2800, 1000)))
    assert short > deep


# --------------------------------------------------------------------------- calling


def _facing_push(hole: str, pusher_stack: int, my_stack: int, others: int = 4) -> SeatView:
    """The big blind (holding ``hole``) facing the first seat's all-in, everyone
    else folded; ``others`` players sit besides the two."""
    n = others + 2
    stacks = [3000] * n
    stacks[2 % n] = pusher_stack
    stacks[1] = my_stack
    hand = _deal_big_blind(hole, tuple(stacks))
    hand.apply(2 % n, Action.all_in())
    while hand.to_act != 1:
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, Action.fold())
    return seat_view(hand, 1)


def _deal_big_blind(hole: str, stacks: tuple[int, ...]) -> Hand:
    n = len(stacks)
    chosen = list(parse_cards(hole))
    rest = [c for c in range(52) if c not in chosen]
    random.Random(4).shuffle(rest)
    deck: list[int] = []
    for i in range(n):
        deck += chosen if i == 1 else [rest.pop(), rest.pop()]
    return Hand(HandConfig(stacks=stacks, blinds=(100, 200, *(0,) * (n - 2)), min_bet=200,
                           seats=tuple(range(n))), deck + rest)


def test_hard_calls_a_frequent_pusher_wider_than_a_rare_one():
    view = _facing_push("Ah9c", 1600, 3000)
    shover = 2
    rare, frequent = _hard(), _hard()
    _counted(rare.table.of(shover).open_raise, 1, 40)
    _counted(frequent.table.of(shover).open_raise, 30, 40)
    assert rare.shove_range_width(view, shover) < frequent.shove_range_width(view, shover)
    assert rare.call_places(view, shover) < 0 < frequent.call_places(view, shover)
    assert rare.decide(view).kind is ActionKind.FOLD
    assert frequent.decide(view).kind in (ActionKind.ALL_IN, ActionKind.CALL)


def test_hard_folds_a_coin_flip_chips_would_take_when_busting_costs_places():
    """Six players left, the big blind covers no one: calling a push with a
    hand that wins a little over half the time gains chips on average but
    loses places — and heads-up, where chips are places, it calls."""
    six = _facing_push("8h8d", 3000, 3000)
    hard = _hard()
    _counted(hard.table.of(2).open_raise, 20, 40)  # the pusher pushes half its hands
    eq = hard._equity_vs_top(six, hard.shove_range_width(six, 2), 4000)
    price = six.to_call / (six.pot + six.to_call)
    assert eq > price + 0.05  # a call chips alone would take
    assert hard.call_places(six, 2) < 0
    assert hard.decide(six).kind is ActionKind.FOLD
    two = _facing_push("8h8d", 3000, 3000, others=0)
    heads_up = _hard()
    _counted(heads_up.table.of(0).open_raise, 20, 40)
    assert heads_up.decide(two).kind in (ActionKind.ALL_IN, ActionKind.CALL)


def test_the_model_counts_pushes_and_calls_of_pushes():
    model = TableModel()
    hand = _deal_big_blind("AhKh", (1600, 1600, 1600, 1600))
    hand.apply(2, Action.all_in())  # first in: an open push
    hand.apply(3, Action.fold())  # facing the push: folded
    hand.apply(0, Action.call())  # the small blind calls it
    hand.apply(1, Action.fold())
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, Action.check())
    model.observe_hand(seat_view(hand, 1))
    assert (model.of(2).open_raise.hits, model.of(2).open_raise.chances) == (1, 1)
    assert (model.of(3).call_shove.hits, model.of(3).call_shove.chances) == (0, 1)
    assert (model.of(0).call_shove.hits, model.of(0).call_shove.chances) == (1, 1)


# --------------------------------------------------------------------------- Normal


def test_normal_defends_its_big_blind_wider_against_a_wide_raiser():
    hand = Hand(HandConfig(stacks=(20000, 20000), blinds=(200, 100), min_bet=200,
                           seats=(0, 1)), _heads_up_deck("Tc7c"))
    hand.apply(1, Action.raise_to(500))
    view = seat_view(hand, 0)
    tight, loose = NormalPlayer(random.Random(2)), NormalPlayer(random.Random(2))
    _counted(tight.table.of(1).preflop_raise, 2, 40)
    _counted(loose.table.of(1).preflop_raise, 32, 40)
    assert tight.decide(view).kind is ActionKind.FOLD
    assert loose.decide(view).kind is ActionKind.CALL


def _heads_up_deck(hole: str) -> list[int]:
    """Seat 0 (the big blind) holds ``hole``."""
    chosen = list(parse_cards(hole))
    rest = [c for c in range(52) if c not in chosen]
    random.Random(6).shuffle(rest)
    return chosen + rest


def test_normal_folds_a_pair_to_a_raise_only_from_a_player_who_raises_rarely():
    """Normal bets top pair on the flop and is raised."""
    deck = list(parse_cards("QhTc" + "8d2s" + "Qd7s3c"))
    rest = [c for c in range(52) if c not in deck]
    hand = Hand(HandConfig(stacks=(20000, 20000), blinds=(200, 100), min_bet=200,
                           seats=(0, 1)), deck + rest)
    hand.apply(1, Action.call())
    hand.apply(0, Action.check())
    hand.apply(0, Action.bet(200))
    hand.apply(1, Action.raise_to(800))
    view = seat_view(hand, 0)
    rare, often = NormalPlayer(random.Random(3)), NormalPlayer(random.Random(3))
    for street in rare.table.of(1).raises:
        _counted(rare.table.of(1).raises[street], 0, 40)
        _counted(often.table.of(1).raises[street], 16, 40)
    assert rare.decide(view).kind is ActionKind.FOLD
    assert often.decide(view).kind in (ActionKind.CALL, ActionKind.RAISE)


def test_normal_opens_wider_against_players_who_fold_to_a_raise():
    """Heads-up, the button holds J♣2♦ (below the usual opening range): it
    raises against a big blind seen folding to most raises, folds otherwise."""
    deck = list(parse_cards("8h8d" + "Jc2d"))  # seat 0 the big blind, seat 1 the button
    rest = [c for c in range(52) if c not in deck]
    hand = Hand(HandConfig(stacks=(20000, 20000), blinds=(200, 100), min_bet=200,
                           seats=(0, 1)), deck + rest)
    view = seat_view(hand, 1)
    usual, folder = NormalPlayer(random.Random(4)), NormalPlayer(random.Random(4))
    _counted(usual.table.of(0).fold_to_open, 12, 40)
    _counted(folder.table.of(0).fold_to_open, 34, 40)
    assert usual.decide(view).kind is ActionKind.FOLD
    assert folder.decide(view).kind is ActionKind.RAISE


def test_normal_bets_into_a_check_more_often_the_more_the_player_folds():
    """After the flop, checked to by a player seen folding to most bets,
    Normal bets some hands of nothing; never against one who rarely folds."""
    deck = list(parse_cards("Kh9h" + "4c2d" + "QsJd7c"))  # Normal (seat 1) holds 4♣2♦
    rest = [c for c in range(52) if c not in deck]
    bets = {}
    for name, folded in (("station", 4), ("folder", 34)):
        count = 0
        for seed in range(60):
            hand = Hand(HandConfig(stacks=(20000, 20000), blinds=(200, 100), min_bet=200,
                                   seats=(0, 1)), deck + rest)
            hand.apply(1, Action.call())
            hand.apply(0, Action.check())
            hand.apply(0, Action.check())
            normal = NormalPlayer(random.Random(seed))
            _counted(normal.table.of(0).fold_to_bet, folded, 40)
            count += normal.decide(seat_view(hand, 1)).kind is ActionKind.BET
        bets[name] = count
    assert bets["station"] == 0
    assert bets["folder"] >= 15
