"""Evaluate every one of the 133,784,560 seven-card hands with the batched
evaluator, check the category counts and the number of distinct strengths,
and time it; the peers are timed on a sample and their time for all hands
extrapolated (they would take minutes to hours).

    python bench/enumerate7.py [--sample N]
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peers import PEERS_PER_HAND, random_hands

from holdem_desktop.engine.batch import batch_tables, evaluate_batch
from holdem_desktop.engine.hand_classes import CATEGORY_BOUNDS, HandCategory

TOTAL = 133_784_560
EXPECTED = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def enumerate_all() -> tuple[np.ndarray, float]:
    """Histogram of strengths over all seven-card hands, and the seconds it took."""
    batch_tables()  # built before the clock starts; timed separately below
    start = time.perf_counter()
    # Five-card prefixes ordered by their highest card: those below card f are
    # the first C(f, 5) rows.  Each hand is (five low cards, f, g) with f < g.
    fives = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    fives = fives[np.argsort(fives[:, 4], kind="stable")]
    counts_below = np.searchsorted(fives[:, 4], np.arange(53))
    hist = np.zeros(7463, dtype=np.int64)
    block = np.empty((counts_below[52], 7), dtype=np.uint8)
    for f in range(5, 51):
        n = int(counts_below[f])
        block[:n, :5] = fives[:n]
        block[:n, 5] = f
        for g in range(f + 1, 52):
            block[:n, 6] = g
            hist += np.bincount(evaluate_batch(block[:n], check=False), minlength=7463)
    return hist, time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=200_000, help="hands timed per peer")
    args = ap.parse_args()

    t = time.perf_counter()
    batch_tables()
    build = time.perf_counter() - t
    hist, seconds = enumerate_all()
    total = int(hist.sum())
    ok = total == TOTAL
    print(f"tables built in {build:.2f} s (first use)")
    print(f"enumerated {total:,} hands in {seconds:.2f} s  ({total / seconds / 1e6:.1f} M/s)")
    print(f"{'category':<18}{'counted':>14}{'expected':>14}")
    for cat in reversed(HandCategory):
        n = int(hist[CATEGORY_BOUNDS[cat]:CATEGORY_BOUNDS[cat + 1]].sum())
        ok &= n == EXPECTED[cat]
        mark = "ok" if n == EXPECTED[cat] else "WRONG"
        print(f"{cat.name.lower():<18}{n:>14,}{EXPECTED[cat]:>14,}  {mark}")
    distinct = int(np.count_nonzero(hist))
    ok &= distinct == 4824
    print(f"distinct strengths: {distinct:,} (expected 4,824)")

    print(f"\npeers, timed on {args.sample:,} random hands, extrapolated to all {TOTAL:,}:")
    print(f"{'evaluator':<26}{'hands/s':>14}{'all hands':>14}{'vs ours':>10}")
    print(f"{'holdem_desktop (batched)':<26}{total / seconds:>14,.0f}{seconds:>13.1f}s{1:>9.2f}x")
    hands = random_hands(args.sample, seed=7)
    for name, make in PEERS_PER_HAND.items() if args.sample else ():
        try:
            fn, data = make(hands)
        except ImportError:
            print(f"{name:<26}{'not installed':>14}")
            continue
        t = time.perf_counter()
        fn(data)
        rate = len(data) / (time.perf_counter() - t)
        print(f"{name:<26}{rate:>14,.0f}{TOTAL / rate:>13.1f}s{(TOTAL / rate) / seconds:>9.1f}x")
    print("\nresult:", "all counts exact" if ok else "COUNTS WRONG")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
