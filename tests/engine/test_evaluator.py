from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.cards import ALL_CARDS, DuplicateCard, MalformedCard, Rank, parse_cards
from holdem_desktop.engine.evaluator import (
    HandValue,
    describe_strength,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
    evaluate_hand,
)
from holdem_desktop.engine.hand_classes import CATEGORY_BOUNDS, HandCategory, category_of


def s(text: str) -> int:
    return evaluate(parse_cards(text))


def test_all_five_card_hands_fall_into_7462_classes_with_known_counts():
    strengths = Counter(evaluate5(h) for h in combinations(range(52), 5))
    assert len(strengths) == 7462
    assert min(strengths) == 1 and max(strengths) == 7462
    by_category = Counter()
    for value, n in strengths.items():
        by_category[category_of(value)] += n
    assert by_category == {
        HandCategory.STRAIGHT_FLUSH: 40, HandCategory.FOUR_OF_A_KIND: 624,
        HandCategory.FULL_HOUSE: 3744, HandCategory.FLUSH: 5108,
        HandCategory.STRAIGHT: 10200, HandCategory.THREE_OF_A_KIND: 54912,
        HandCategory.TWO_PAIR: 123552, HandCategory.PAIR: 1098240,
        HandCategory.HIGH_CARD: 1302540,
    }


# The ordering rules of SPEC §1, each with a named example: (better, worse).
ORDER_EXAMPLES = {
    "pair of aces with king kicker beats ace-queen": ("AhAd Kc 7s 3d", "AsAc Qh 7d 3c"),
    "kickers decide from the highest down": ("AhAd Kc 7s 4d", "AsAc Kh 7d 3c"),
    "wheel is below the six-high straight": ("2d3h4s5c6h", "Ac2d3h4s5c"),
    "wheel still beats three of a kind": ("Ac2d3h4s5c", "KhKdKc 7s 2d"),
    "no wrap-around straight Q-K-A-2-3": ("2h2d 9c 8s 7d", "QhKdAc2s3d"),
    "flush A-10-4-3-2 beats flush A-9-8-7-6": ("AhTh4h3h2h", "Ad9d8d7d6d"),
    "full house decided by its trips": ("4h4d4c 2s2d", "3h3d3c AsAd"),
    "full house with equal trips decided by the pair": ("9h9d9c Ks Kd", "9s9c 9h Qs Qd"),
    "two pair decided by the higher pair": ("KhKd 3c 3s 2d", "QhQd JcJs Ad"),
    "two pair then the lower pair": ("KhKd 5c 5s 2d", "KsKc 4h 4s Ad"),
    "two pair then the kicker": ("KhKd 5c 5s 9d", "KsKc 5h 5d 8d"),
    "ace-high straight beats king-high": ("TcJdQhKsAc", "9dTcJdQhKs"),
    "royal flush beats king-high straight flush": ("ThJhQhKhAh", "9sTsJsQsKs"),
    "four of a kind beats a full house": ("2h2d2c2s 3d", "AhAdAc KsKd"),
    "straight flush beats four of a kind": ("5h6h7h8h9h", "AhAdAcAs Kd"),
    "flush beats a straight": ("2h4h6h8hTh", "TcJdQhKsAc"),
    "three of a kind beats two pair": ("2h2d2c 4s 5d", "AhAdKcKs Qd"),
    "pair beats high card": ("2h2d 3c 4s 6d", "AhKdQcJs 9d"),
}


@pytest.mark.parametrize("name", ORDER_EXAMPLES)
def test_ordering_rules(name):
    better, worse = ORDER_EXAMPLES[name]
    assert s(better) > s(worse), name


def test_suits_never_decide():
    assert s("AhKhQdJc9s") == s("AsKdQhJd9c")
    assert s("ThJhQhKhAh") == s("TsJsQsKsAs")


def test_best_five_of_seven_may_use_no_hole_card():
    board = "TcJdQhKsAc"
    assert s("2h3d " + board) == s("4h5d " + board) == s(board)


def test_ace_is_high_or_low_never_both():
    hv = evaluate_hand(parse_cards("Ac 2d 3h 4s 5c Kd Qh"))
    assert hv.category is HandCategory.STRAIGHT and hv.ranks == (Rank.FIVE,)
    assert [str(c) for c in hv.cards] == ["5c", "4s", "3h", "2d", "Ac"]


@pytest.mark.parametrize("cards,category,ranks", [
    ("AhAd Kc 7s 3d 2c 9h", HandCategory.PAIR, "AK97"),
    ("KhKd 5c 5s 2d 9c 3h", HandCategory.TWO_PAIR, "K59"),
    ("KhKd 5c 5s 2d 2c 9h", HandCategory.TWO_PAIR, "K59"),
    ("7h7d7c 3s 3d 3c Ah", HandCategory.FULL_HOUSE, "73"),
    ("7h7d7c 3s 3d Ac Ah", HandCategory.FULL_HOUSE, "7A"),
    ("2c3d4h5s6c Kd Kh", HandCategory.STRAIGHT, "6"),
    ("Ah Th 4h 3h 2h 9c 9d", HandCategory.FLUSH, "AT432"),
    ("8h8d8c8s Kd Kh Kc", HandCategory.FOUR_OF_A_KIND, "8K"),
    ("QhQdQc 9s 4d 3c 2h", HandCategory.THREE_OF_A_KIND, "Q94"),
    ("Ah Kd Jc 9s 7d 5c 3h", HandCategory.HIGH_CARD, "AKJ97"),
    ("9h Th Jh Qh Kh Ah 2c", HandCategory.STRAIGHT_FLUSH, "A"),
])
def test_description_names_category_and_deciding_ranks(cards, category, ranks):
    hv = evaluate_hand(parse_cards(cards))
    assert hv.category is category
    assert "".join(r.symbol for r in hv.ranks) == ranks
    assert describe_strength(hv.strength) == (hv.category, hv.ranks)
    assert len(hv.cards) == 5 and evaluate5(hv.cards) == hv.strength


def test_cards_used_are_in_speaking_order_and_prefer_the_first_given():
    hv = evaluate_hand(parse_cards("7h 3s 7d 7c 3d 3c Ah"))
    assert [str(c) for c in hv.cards][:3] == ["7h", "7d", "7c"]
    assert {c.rank for c in hv.cards[3:]} == {Rank.THREE}
    hv = evaluate_hand(parse_cards("Kh 2c Kd 9s 9d 5c 4h"))
    assert hv.category is HandCategory.TWO_PAIR and hv.kickers == (Rank.FIVE,)
    assert [str(c) for c in hv.cards] == ["Kh", "Kd", "9s", "9d", "5c"]
    hv = evaluate_hand(parse_cards("Qh 9c AhKdTs 4c 3d"))
    assert hv.category is HandCategory.HIGH_CARD and hv.kickers == ()
    # Quads on the board, the kicker could be either king: the first one given is used.
    hv = evaluate_hand(parse_cards("Ks Qc AhAdAcAs Kd"))
    assert str(hv.cards[4]) == "Ks"


def test_hand_values_compare_by_strength_only():
    a = evaluate_hand(parse_cards("AhKhQdJc9s"))
    b = evaluate_hand(parse_cards("AsKdQhJd9c"))
    c = evaluate_hand(parse_cards("AsKdQhJd8c"))
    assert a == b and hash(a) == hash(b) and c < a
    assert isinstance(a, HandValue) and not a.is_royal_flush
    assert evaluate_hand(parse_cards("ThJhQhKhAh")).is_royal_flush


def test_bad_input_is_refused_clearly():
    with pytest.raises(DuplicateCard):
        evaluate_hand(parse_cards("Ah Ah Kd Qc Js 9h 2c", distinct=False))
    with pytest.raises(ValueError):
        evaluate_hand(parse_cards("AhKdQc4s"))
    with pytest.raises(ValueError):
        evaluate(list(range(8)))
    with pytest.raises(MalformedCard):
        evaluate([0, 1, 2, 3, 52])
    with pytest.raises(MalformedCard):
        evaluate(["Ah", 1, 2, 3, 4])
    with pytest.raises(ValueError):
        describe_strength(0)
    with pytest.raises(ValueError):
        describe_strength(7463)


def test_category_bounds():
    assert CATEGORY_BOUNDS[0] == 1 and CATEGORY_BOUNDS[-1] == 7463
    assert category_of(7462) is HandCategory.STRAIGHT_FLUSH
    assert category_of(1) is HandCategory.HIGH_CARD
    assert category_of(CATEGORY_BOUNDS[HandCategory.FLUSH]) is HandCategory.FLUSH
    assert category_of(CATEGORY_BOUNDS[HandCategory.FLUSH] - 1) is HandCategory.STRAIGHT


def _best_of_subsets(cards):
    return max(evaluate5(five) for five in combinations(cards, 5))


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=7, unique=True))
def test_best_five_of_n_equals_the_best_subset(cards):
    assert evaluate(cards) == _best_of_subsets(cards)
    hv = evaluate_hand(cards)
    assert hv.strength == evaluate(cards)
    assert evaluate5(hv.cards) == hv.strength and set(hv.cards) <= set(cards)


def test_six_and_seven_cards_on_many_random_hands():
    rng = random.Random(5)
    deck = list(range(52))
    for _ in range(20_000):
        h = rng.sample(deck, 7)
        assert evaluate7(h) == _best_of_subsets(h)
        assert evaluate6(h[:6]) == _best_of_subsets(h[:6])


def test_importing_the_engine_builds_nothing():
    code = (
        "import sys, holdem_desktop.engine.evaluator as e, holdem_desktop.engine.hand_classes as h;"
        "assert h._TABLES is None and not e._R7;"
        "assert 'numpy' not in sys.modules;"
        "print('lazy')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "lazy"


def test_describing_strengths_is_safe_from_several_threads_at_once(monkeypatch):
    """The network client's thread and the window's may both be first to ask."""
    import threading

    from holdem_desktop.engine import evaluator

    monkeypatch.setattr(evaluator, "_DESCRIBED", [])
    failures: list[BaseException] = []
    start = threading.Barrier(8)

    def ask() -> None:
        start.wait()
        try:
            for s in (7462, 1, 3000):
                evaluator.describe_strength(s)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert failures == []
    assert len(evaluator._DESCRIBED) == 7462
