from __future__ import annotations

import numpy as np
import pytest

from holdem_desktop.engine.cards import DuplicateCard, parse_cards
from holdem_desktop.engine.equity import Equity, EquityError, equity
from holdem_desktop.engine.evaluator import evaluate7
from holdem_desktop.engine.ranges import Range

P = parse_cards


def brute_force_heads_up(hero, board):
    """Exact equity against one random hand, counted hand by hand with the
    per-hand evaluator (independent of the numpy code under test)."""
    known = set(hero) | set(board)
    live = [c for c in range(52) if c not in known]
    need = 5 - len(board)
    from itertools import combinations
    win = tie = total = 0
    for run in combinations(live, need):
        full = list(board) + list(run)
        mine = evaluate7(list(hero) + full)
        rest = [c for c in live if c not in run]
        for opp in combinations(rest, 2):
            theirs = evaluate7(list(opp) + full)
            total += 1
            win += mine > theirs
            tie += mine == theirs
    return win / total, tie / total, (win + tie / 2) / total


@pytest.mark.parametrize("hero,board", [
    ("AhKh", "Qh7c2h9s3d"), ("7c2d", "Ks Kd 7h 2s Kc"), ("JsTs", "9s8s2d4c"),
    ("5c5d", "AhKdQc 9h"),
    # Paired and tripled boards: impossible run-outs must not reach the tables.
    ("7sTc", "Ad Qh Ah Ks"), ("2c3d", "AdAhAc Ks"), ("KdQd", "AdAh 5c"),
])
def test_exact_heads_up_matches_counting_by_hand(hero, board):
    e = equity(P(hero), P(board), 1, exact=True)
    assert e.exact and e.stderr == 0
    win, tie, eq = brute_force_heads_up(P(hero), P(board))
    assert e.win == pytest.approx(win, abs=1e-12)
    assert e.tie == pytest.approx(tie, abs=1e-12)
    assert e.equity == pytest.approx(eq, abs=1e-12)
    assert e.win + e.tie + e.lose == pytest.approx(1)


@pytest.mark.parametrize("hero,board,opponents,ranges", [
    ("AhKh", "Qh7c2h9s3d", 1, None),
    ("AhKh", "Qh7c2h9s", 1, None),
    ("8d8c", "8h 9c Tc Jh", 1, None),
    ("AhKh", "Qh7c2h9s3d", 2, None),
    ("Tc9c", "8c7d2c Ah 3s", 2, None),
    ("AhKh", "Qh7c2h9s", 1, "QQ+, AQs+, 98s:0.5"),
    ("AhKh", "Qh7c2h9s3d", 2, "QQ+, AQs+, 98s:0.5"),
    ("AhKh", "Qh7c2h", 1, None),
])
def test_simulation_within_three_standard_errors_of_enumeration(hero, board, opponents, ranges):
    rs = None if ranges is None else [Range.parse(ranges)] * opponents
    exact = equity(P(hero), P(board), opponents, ranges=rs, exact=True)
    sim = equity(P(hero), P(board), opponents, ranges=rs, exact=False, trials=60_000, seed=9)
    assert exact.exact and not sim.exact
    assert abs(sim.equity - exact.equity) <= 3 * sim.stderr
    assert abs(sim.win - exact.win) <= 0.015 and abs(sim.tie - exact.tie) <= 0.015


@pytest.mark.parametrize("opponents,known", [(1, 0.671), (3, 0.414), (8, 0.227)])
def test_known_preflop_values(opponents, known):
    e = equity(P("AhKh"), (), opponents, trials=300_000, seed=0)
    # The published figures are rounded to three decimals.
    assert abs(e.equity - known) <= 3 * e.stderr + 0.0005, e


def test_seeded_and_repeatable():
    a = equity(P("QsJs"), P("Ts9d2c"), 4, trials=5000, seed=42)
    b = equity(P("QsJs"), P("Ts9d2c"), 4, trials=5000, seed=42)
    c = equity(P("QsJs"), P("Ts9d2c"), 4, trials=5000, seed=43)
    assert a == b and a != c
    rng = np.random.default_rng(42)
    assert equity(P("QsJs"), P("Ts9d2c"), 4, trials=5000, rng=rng) == a


def test_ties_are_shares():
    # The board is a royal flush: everyone splits, whatever they hold.
    e = equity(P("2c3d"), P("ThJhQhKhAh"), 2)
    assert e.equity == pytest.approx(1 / 3) and e.tie == 1.0 and e.win == 0.0
    e = equity(P("2c3d"), P("ThJhQhKhAh"), 5, exact=False, trials=1000, seed=1)
    assert e.equity == pytest.approx(1 / 6) and e.stderr == pytest.approx(0, abs=1e-12)


def test_range_narrows_the_opponent():
    vs_any = equity(P("AhKh"), (), 1, trials=40_000, seed=3)
    vs_aces = equity(P("AhKh"), (), 1, ranges=[Range.parse("AA")], trials=40_000, seed=3)
    assert vs_aces.equity < 0.2 < 0.6 < vs_any.equity
    # The opponent's range loses the combinations that hold hero's cards.
    exact = equity(P("AhKh"), P("2c3c4d5d"), 1, ranges=[Range.parse("AA")])
    assert exact.trials == 3 * 44


def test_dead_cards_leave_the_deck():
    # Every spade but the ace is dead: the opponent cannot make a spade flush.
    spades = [c for c in range(52) if c & 3 == 3 and c >> 2 not in (12, 11)]
    e = equity(P("AsKs"), P("2h3h4h"), 1, dead=spades[:4], exact=True)
    assert e.exact and 0 < e.equity < 1


@pytest.mark.parametrize("kwargs,reason", [
    (dict(hero=P("Ah")), "hole_cards"),
    (dict(board=P("2c3c")), "board_size"),
    (dict(opponents=0), "opponents"),
    (dict(opponents=10), "opponents"),
    (dict(ranges=[None, None]), "ranges"),
    (dict(trials=1), "trials"),
    (dict(opponents=3, board=P("2c3c4c"), exact=True), "exact_unsupported"),
    (dict(ranges=[Range.parse("AhKh")]), "empty_range"),
    (dict(opponents=2, ranges=[Range.parse("QsQh"), Range.parse("QsQc")]), "ranges_collide"),
])
def test_unanswerable_questions_are_refused_with_a_reason(kwargs, reason):
    args = dict(hero=P("AhKh"), board=(), opponents=1, trials=100, seed=1) | kwargs
    hero = args.pop("hero")
    board = args.pop("board")
    opponents = args.pop("opponents")
    with pytest.raises(EquityError) as err:
        equity(hero, board, opponents, **args)
    assert err.value.reason == reason


def test_duplicate_cards_are_refused():
    with pytest.raises(DuplicateCard):
        equity(P("AhKh"), P("Ah 2c 3d", distinct=False), 1)


def test_too_many_opponents_for_the_deck():
    with pytest.raises(EquityError) as err:
        equity(P("AhKh"), (), 9, dead=list(range(30)))
    assert err.value.reason == "too_few_cards"


def test_result_type():
    e = equity(P("AhKh"), P("2c3d4s5h6c"), 1)
    assert isinstance(e, Equity) and e.trials == 990


def test_exact_with_a_range_on_a_paired_board():
    # Regression: a range hand sharing a card with the run-out made an
    # impossible seven-card sum (five aces) that fell outside the tables.
    r = Range.parse("AA, KK, AK, 76s:0.5")
    exact = equity(P("7sTc"), P("Ad Qh Ah Ks"), 1, ranges=[r])
    sim = equity(P("7sTc"), P("Ad Qh Ah Ks"), 1, ranges=[r], exact=False, trials=60_000, seed=2)
    assert exact.exact and abs(exact.equity - sim.equity) <= 3 * sim.stderr + 1e-9
