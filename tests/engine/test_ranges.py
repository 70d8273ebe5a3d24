from __future__ import annotations

import numpy as np
import pytest

from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.ranges import COMBOS, Range, RangeSyntaxError, combo_index


def hands_of(r: Range) -> set[str]:
    out = set()
    for i in np.flatnonzero(r.weights):
        a, b = (int(x) for x in COMBOS[i])
        out.add("".join(sorted(("23456789TJQKA"[a >> 2] + "cdhs"[a & 3],
                                "23456789TJQKA"[b >> 2] + "cdhs"[b & 3]))))
    return out


def test_combos_cover_every_starting_hand_once():
    assert COMBOS.shape == (1326, 2)
    assert len({tuple(c) for c in COMBOS.tolist()}) == 1326
    assert all(a < b for a, b in COMBOS.tolist())
    a, b = parse_cards("AhKh")
    assert combo_index(a, b) == combo_index(b, a)
    assert tuple(COMBOS[combo_index(a, b)]) == (b, a)
    with pytest.raises(ValueError):
        combo_index(5, 5)


@pytest.mark.parametrize("text,count", [
    ("77", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("TT+", 30), ("99-66", 24),
    ("ATs+", 16), ("A5s-A2s", 16), ("76s-54s", 12), ("AhKh", 1), ("QQ+, AKs", 22),
    ("22+", 78), ("KQo+", 12), ("T9-76", 64),
])
def test_notation_counts(text, count):
    assert len(Range.parse(text)) == count


def test_notation_content_and_weights():
    r = Range.parse("AKs, AQo:0.5, AhKh:0.25")
    a, k, q = parse_cards("AhKhQd")
    assert r.weight(a, k) == 0.25  # a later item overrides an earlier one
    assert r.weight(*parse_cards("AsKs")) == 1.0
    assert r.weight(a, q) == 0.5
    assert r.weight(*parse_cards("AsQs")) == 0.0
    assert hands_of(Range.parse("A5s-A3s")) == {
        "".join(sorted((f"A{s}", f"{x}{s}"))) for s in "cdhs" for x in "345"}


@pytest.mark.parametrize("text,item", [
    ("", ""), ("AKx", "AKx"), ("QQ, AKs:lots", "AKs:lots"), ("77s", "77s"),
    ("A5s-K2s", "A5s-K2s"), ("AhAh", "AhAh"), ("AKs,,QQ", ""), ("AKs:-1", "AKs:-1"),
    ("99-66s", "99-66s"),
])
def test_bad_notation_names_the_item(text, item):
    with pytest.raises(RangeSyntaxError) as err:
        Range.parse(text)
    assert err.value.item == item


def test_without_removes_hands_holding_known_cards():
    r = Range.parse("AA").without(parse_cards("Ah"))
    assert len(r) == 3
    assert len(Range.full().without(parse_cards("AhKd"))) == 1225


def test_ranges_are_immutable_values():
    r = Range.parse("KK")
    with pytest.raises(ValueError):
        r.weights[0] = 1.0
    assert r == Range.parse("KK") and hash(r) == hash(Range.parse("KK"))
    assert r != Range.parse("QQ")
    assert len(r.scaled(np.full(1326, 0.5))) == 6
    with pytest.raises(ValueError):
        Range(np.full(1326, -1.0))
    with pytest.raises(ValueError):
        Range(np.ones(10))
    assert "6 hands" in repr(r)


def test_from_combos():
    a, b, c, d = parse_cards("AhKhQsQd")
    r = Range.from_combos({(a, b): 2.0, (c, d): 1.0})
    assert len(r) == 2 and r.weight(b, a) == 2.0
    assert len(Range.from_combos([(a, b)])) == 1
