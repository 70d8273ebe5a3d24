from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from holdem_desktop.engine.batch import evaluate_batch
from holdem_desktop.engine.evaluator import evaluate7


def _rows(rng, n, deck):
    deck = np.asarray(deck)
    picks = np.argsort(rng.random((n, len(deck))), axis=1)[:, :7]
    return deck[picks]


@pytest.mark.parametrize("name,deck", [
    ("all cards", range(52)),
    ("two suits: flushes and straight flushes", [c for c in range(52) if c & 3 in (0, 2)]),
    ("one suit plus a few", [c for c in range(52) if c & 3 == 1] + [0, 4, 8, 51]),
    ("four ranks: quads and full houses", range(16)),
    ("wheel ranks", [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4)]),
])
def test_batched_and_per_hand_paths_agree(name, deck):
    rng = np.random.default_rng(len(name))
    rows = _rows(rng, 50_000, deck)
    batched = evaluate_batch(rows)
    single = np.array([evaluate7(r) for r in rows.tolist()])
    assert batched.dtype == np.int16
    mismatches = np.flatnonzero(batched != single)
    assert mismatches.size == 0, rows[mismatches[:5]]


def test_accepts_any_integer_dtype_and_empty_input():
    rows = np.array([[48, 49, 50, 51, 44, 0, 1]])
    for dtype in (np.uint8, np.int8, np.int16, np.int64):
        assert evaluate_batch(rows.astype(dtype)).tolist() == [evaluate7(rows[0].tolist())]
    assert evaluate_batch(np.zeros((0, 7), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize("bad", [
    np.zeros((3, 6), dtype=np.int64),
    np.zeros(7, dtype=np.int64),
    np.array([[0, 1, 2, 3, 4, 5, 52]]),
    np.array([[0, 1, 2, 3, 4, 5, -1]]),
    np.array([[0.0, 1, 2, 3, 4, 5, 6]]),
    np.array([[0, 1, 2, 3, 4, 5, 5]]),
])
def test_bad_batches_are_refused(bad):
    with pytest.raises(ValueError):
        evaluate_batch(bad)


def test_full_enumeration_reproduces_the_exact_counts():
    """All 133,784,560 seven-card hands: the category counts and the 4,824
    distinct strengths (the script exits non-zero when a count is wrong)."""
    script = Path(__file__).resolve().parents[2] / "bench" / "enumerate7.py"
    out = subprocess.run([sys.executable, str(script), "--sample", "0"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "distinct strengths: 4,824" in out.stdout
    assert "all counts exact" in out.stdout
