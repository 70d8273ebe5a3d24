from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.snapshot import SnapshotError, hand_from_json, hand_to_json

from .hand_helpers import random_action, random_config


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 40))
def test_snapshot_restore_continue_equals_continuing(seed, cut):
    rng = random.Random(seed)
    cfg = random_config(rng)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand(cfg, deck)
    for _ in range(cut):
        if hand.over:
            break
        hand.apply(hand.to_act, random_action(hand.legal_actions(), rng))
    restored = hand_from_json(json.loads(json.dumps(hand_to_json(hand))))
    assert restored.events == hand.events
    follow = random.Random(seed + 1)
    twin = random.Random(seed + 1)
    while not hand.over:
        action = random_action(hand.legal_actions(), follow)
        assert restored.legal_actions() == hand.legal_actions()
        hand.apply(hand.to_act, action)
        restored.apply(restored.to_act, random_action(restored.legal_actions(), twin))
    assert restored.over and restored.stacks == hand.stacks and restored.events == hand.events


@pytest.mark.parametrize("data,problem", [
    ({}, "format"),
    ({"format": 1}, "malformed"),
    ({"format": 1, "config": {"stacks": [1]}, "deck": [], "actions": []}, "malformed"),
])
def test_broken_snapshots_are_refused(data, problem):
    with pytest.raises(SnapshotError) as err:
        hand_from_json(data)
    assert err.value.problem == problem


def test_snapshot_with_an_illegal_action_is_refused():
    rng = random.Random(1)
    hand = Hand(random_config(rng, 3), list(range(52)))
    data = hand_to_json(hand)
    data["actions"] = [[hand.to_act, {"kind": "check", "amount": 0}]]
    with pytest.raises(SnapshotError) as err:
        hand_from_json(data)
    assert err.value.problem == "illegal_action"
