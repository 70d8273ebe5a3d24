"""Issue 27: Hard stops paying off.  It reads a raise (an all-in over a bet
included) as the raiser's raising range, keeps one-pair pots small, defends
an overbet by the minimum defence, its model follows a change of gear within
about a hundred hands, and every move stays legal against the ladder's
styles; Normal calls a frequent bettor wider than a rare one."""

from __future__ import annotations

import random

import numpy as np
import pytest

from holdem_desktop.ai.hard import PAIR_BET, HardPlayer, street_reads
from holdem_desktop.ai.hard_v1 import MONSTER, tiers_on
from holdem_desktop.ai.model import OVERBET_SIZE, Rate, TableModel
from holdem_desktop.ai.normal import NormalPlayer, aggression_allowance
from holdem_desktop.ai.players import Player, create_player
from holdem_desktop.ai.styles import Switcher
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.equity import equity
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.ranges import COMBOS, Range
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.engine.views import SeatView, seat_view
from holdem_desktop.session import Session

from .test_players import Checked


def _heads_up(cards: str = "", stacks: int = 200, seed: int | None = None) -> Hand:
    """Seat 0 the big blind, seat 1 the button (small blind, acts first before
    the flop, last after it); ``cards`` deal seat 0, seat 1, then the board."""
    chosen = list(parse_cards(cards)) if cards else []
    rest = [c for c in range(52) if c not in chosen]
    if seed is not None:
        random.Random(seed).shuffle(rest)
    return Hand(HandConfig(stacks=(stacks, stacks), blinds=(2, 1), min_bet=2, seats=(0, 1)),
                chosen + rest)


def _play(hand: Hand, players: dict[int, Player]) -> None:
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, players[seat].decide(seat_view(hand, seat)))
    for seat, player in players.items():
        watch = getattr(player, "hand_over", None)
        if watch is not None:
            watch(seat_view(hand, seat))


def _shove_over_a_bet() -> SeatView:
    """The issue's hand: Hard (seat 1) holds 6♠6♥ on 4♠Q♣5♠ 8♥, bets the flop
    and the turn, and the tight player shoves over its turn bet."""
    hand = _heads_up("Qd8d6s6h" + "4sQc5s" + "8h" + "2d")
    for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.check()),
                         (1, Action.bet(8)), (0, Action.call()), (0, Action.check()),
                         (1, Action.bet(20)), (0, Action.all_in())):
        hand.apply(seat, action)
    return seat_view(hand, 1)


def test_an_all_in_over_a_bet_reads_as_a_raise():
    view = _shove_over_a_bet()
    assert street_reads(view, 0) == {Street.FLOP: "call", Street.TURN: "raise"}
    assert street_reads(view, 1) == {Street.FLOP: "bet", Street.TURN: "bet"}


def test_hard_folds_one_pair_to_a_tight_value_raisers_shove_where_calling_loses():
    view = _shove_over_a_bet()
    price = view.to_call / (view.pot + view.to_call)
    # The tight player raises only with two pair or better: against that range
    # the pair of sixes is far short of the price, so calling loses.
    strong = np.where(tiers_on(tuple(view.board)) == MONSTER, 1.0, 0.0)
    against_raises = equity(view.hole, view.board, 1, ranges=[
        Range(strong).without([*view.hole, *view.board])], trials=4000, seed=2).equity
    assert against_raises < price - 0.2
    hard = HardPlayer(random.Random(1))
    tag = create_player("tag", random.Random(2))
    for h in range(60):  # Hard has watched the tight player for a while
        _play(_heads_up(seed=h), {0: tag, 1: hard})
    assert [hard.decide(view).kind for _ in range(5)] == [ActionKind.FOLD] * 5
    # Today's Hard before issue 27 read the shove as a bet and paid it off.
    old = create_player("hard_v2", random.Random(1))
    assert old.decide(view).kind is not ActionKind.FOLD


def test_a_raise_from_a_player_shown_down_strong_narrows_to_strong_hands():
    hard = HardPlayer(random.Random(1))
    view = _shove_over_a_bet()
    unknown = hard.range_of(view, 0)
    hard.table.of(0).raise_strong = Rate(12, 12)  # every raise shown was two pair or better
    known = hard.range_of(view, 0)
    monster = tiers_on(tuple(view.board)) == MONSTER

    def share(r: Range) -> float:
        w = r.weights
        return float(w[monster].sum() / w.sum())

    assert share(known) > share(unknown) + 0.1
    assert share(known) > 0.75


def test_one_pair_bets_small_and_never_builds_a_big_pot():
    """Checked to on the turn with top pair, deep: no bet above
    :data:`PAIR_BET` of the pot, whatever the seed."""
    hand = _heads_up("2c3d" "AhJc" + "Jd7s2h" + "9c" + "4d", stacks=400)
    for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.check()),
                         (1, Action.bet(6)), (0, Action.call()), (0, Action.check())):
        hand.apply(seat, action)
    view = seat_view(hand, 1)
    sizes = []
    for seed in range(12):
        action = HardPlayer(random.Random(seed)).decide(view)
        assert action.kind in (ActionKind.CHECK, ActionKind.BET)
        sizes.append(action.amount / view.pot if action.kind is ActionKind.BET else 0.0)
    assert max(sizes) <= PAIR_BET + 0.01
    assert any(size > 0 for size in sizes)  # and it does bet it for value


def _river_overbets(count: int, pots: float) -> list[SeatView]:
    """Random heads-up rivers checked down to seat 0, who bets ``pots`` times
    the pot into Hard (seat 1)."""
    views = []
    for seed in range(count):
        hand = _heads_up(seed=1000 + seed, stacks=400)
        hand.apply(1, Action.raise_to(6))
        hand.apply(0, Action.call())
        for _ in range(2):
            hand.apply(0, Action.check())
            hand.apply(1, Action.check())
        hand.apply(0, Action.bet(int(pots * hand.pot_total)))
        views.append(seat_view(hand, 1))
    return views


def test_hard_calls_an_overbet_at_least_as_often_as_the_minimum_defence():
    pots = 2.0
    views = _river_overbets(150, pots)
    defence = 1 / (1 + pots)  # below this, a bluff with any two cards wins
    hard = HardPlayer(random.Random(3))
    calls = sum(hard.decide(v).kind is not ActionKind.FOLD for v in views) / len(views)
    assert calls >= defence
    # The minimum defence itself picks the strongest hands, about its share.
    defended = [hard._defends_overbet(v, [0]) for v in views]
    assert defence - 0.1 <= sum(defended) / len(views) <= defence + 0.12
    assert pots > OVERBET_SIZE
    # Against a player whose overbets were always shown down as value, no defence.
    hard.table.of(0).overbet_air = Rate(0, 15)
    assert not any(hard._defends_overbet(v, [0]) for v in views)


def test_the_fading_model_sees_a_change_of_gear_within_a_hundred_hands():
    """A switcher plays tight-passive for 200 hands, then hyper-aggressive: 100
    hands later the fading model's flop bet rate is past the midpoint of the
    two gears' rates; a model counting the whole match is not."""
    switcher = Switcher(random.Random(4), period=200)
    watcher = NormalPlayer(random.Random(5))
    fading, whole = watcher.table, TableModel(decay=1.0)
    rates = []
    for h in range(300):
        hand = _heads_up(seed=h)
        _play(hand, {0: switcher, 1: watcher})
        whole.observe_hand(seat_view(hand, 1))
        if h in (199, 299):
            rates.append((fading.of(0).bet_rate(Street.FLOP), whole.of(0).bet_rate(Street.FLOP)))
    (tight_fading, _), (late_fading, late_whole) = rates
    maniac_rate = 0.8  # the maniac bets four flops in five when nobody has
    middle = (tight_fading + maniac_rate) / 2
    assert tight_fading < 0.3
    assert late_fading > middle
    assert late_whole < late_fading - 0.1


@pytest.mark.parametrize("key", ["tournament", "session", "pot_limit"])
def test_hard_moves_are_legal_against_every_style(key: str):
    variant = shipped_variant(key)
    kinds = ["hard", "tag", "maniac", "switcher", "station", "normal"]
    holder: list[Session] = []
    players = [(f"P{i}", Checked(create_player(k, random.Random(40 + i)),
                                 lambda: holder[0].hand)) for i, k in enumerate(kinds)]
    session = Session(variant, players, rng=random.Random(9), clock=lambda: 0.0)
    holder.append(session)
    session.start()
    for _ in range(25):
        if session.game_over:
            session.new_game()
        session.next_hand()
    assert players[0][1].decisions > 20


def test_normal_calls_a_frequent_bettor_wider_than_a_rare_one():
    assert aggression_allowance(0.9) > 0.1 > 0 > aggression_allowance(0.1)
    hand = _heads_up("2c3d" "Kh9c" + "Ts9d4h" + "2s" + "Ac", stacks=400)
    for seat, action in ((1, Action.raise_to(6)), (0, Action.call()), (0, Action.bet(16))):
        hand.apply(seat, action)  # a middle pair facing a bet a little over the pot
    view = seat_view(hand, 1)
    rare, frequent = NormalPlayer(random.Random(1)), NormalPlayer(random.Random(1))
    rare.table.of(0).bets[Street.FLOP] = Rate(2, 40)
    frequent.table.of(0).bets[Street.FLOP] = Rate(36, 40)
    assert rare.decide(view).kind is ActionKind.FOLD
    assert frequent.decide(view).kind is ActionKind.CALL


def test_every_combination_has_a_tier():
    assert len(tiers_on(tuple(parse_cards("4sQc5s8h")))) == len(COMBOS)
