"""Agreement with the reference evaluators on 200,000 random seven-card hands."""

from __future__ import annotations

import numpy as np
import pytest

from holdem_desktop.engine.batch import evaluate_batch
from holdem_desktop.engine.evaluator import evaluate7

RANKS, SUITS = "23456789TJQKA", "cdhs"
TEXT = [RANKS[c >> 2] + SUITS[c & 3] for c in range(52)]


@pytest.fixture(scope="module")
def hands():
    rng = np.random.default_rng(2026)
    return np.argsort(rng.random((200_000, 52)), axis=1)[:, :7]


def assert_same_order(ours, theirs, lower_is_better):
    """Both strengths must rank the hands identically: the map between the two
    scales is a bijection on the values seen, and monotone."""
    ours = np.asarray(ours, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64)
    if lower_is_better:
        theirs = -theirs
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)  # sorted by ours
    assert len(np.unique(pairs[:, 0])) == len(pairs), "one of our values maps to two of theirs"
    assert len(np.unique(pairs[:, 1])) == len(pairs), "two of our values map to one of theirs"
    disagreements = int(np.count_nonzero(np.diff(pairs[:, 1]) <= 0))
    assert disagreements == 0


def test_agrees_with_phevaluator(hands):
    phevaluator = pytest.importorskip("phevaluator", reason="phevaluator is a test extra")
    theirs = [phevaluator.evaluate_cards(*row) for row in hands.tolist()]
    ours = [evaluate7(row) for row in hands.tolist()]
    assert_same_order(ours, theirs, lower_is_better=True)


def test_agrees_with_eval7(hands):
    eval7 = pytest.importorskip("eval7", reason="eval7 is a test extra")
    cards = [eval7.Card(t) for t in TEXT]
    theirs = [eval7.evaluate([cards[c] for c in row]) for row in hands.tolist()]
    ours = evaluate_batch(hands)
    assert_same_order(ours, theirs, lower_is_better=False)


def test_agrees_with_pokerkit_on_a_sample(hands):
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test extra")
    sample = hands[:3000].tolist()
    ours = [evaluate7(r) for r in sample]
    theirs = [pokerkit.StandardHighHand.from_game(
        "".join(TEXT[c] for c in r[:2]), "".join(TEXT[c] for c in r[2:])) for r in sample]
    for i in range(len(sample) - 1):
        a, b = ours[i], ours[i + 1]
        x, y = theirs[i], theirs[i + 1]
        assert (a > b) == (x > y) and (a == b) == (x == y), (sample[i], sample[i + 1])
