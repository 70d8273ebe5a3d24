"""Seven-card evaluation speed, ours beside the peers, in one run.

    python bench/evaluator.py [--hands N] [--repeat R]

Per-hand: one call per hand from a Python loop, each evaluator given the
hands in its own card type.  Batched: our numpy path on 100,000-hand
batches.  Figures are medians of R runs; ratios are against our per-hand
path (peers) or the 25 M/s target (batched).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peers import PEERS_PER_HAND, median_time, random_hands

from holdem_desktop.engine.batch import batch_tables, evaluate_batch
from holdem_desktop.engine.cards import ALL_CARDS
from holdem_desktop.engine.evaluator import evaluate, evaluate7
from holdem_desktop.engine.hand_classes import tables


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()

    t = time.perf_counter()
    tables()
    build_py = time.perf_counter() - t
    t = time.perf_counter()
    batch_tables()
    build_np = time.perf_counter() - t
    print(f"table build on first use: per-hand {build_py:.2f} s, batched +{build_np:.2f} s")

    hands = random_hands(args.hands, seed=11)
    as_ints = [tuple(r) for r in hands.tolist()]
    as_cards = [tuple(ALL_CARDS[c] for c in r) for r in as_ints]

    def ours(rows: list[tuple[int, ...]], fn=evaluate7) -> None:  # type: ignore[no-untyped-def]
        for r in rows:
            fn(r)

    rows = []
    for label, data, fn in (("evaluate7, Card tuples", as_cards, evaluate7),
                            ("evaluate7, int tuples", as_ints, evaluate7),
                            ("evaluate (any size), Cards", as_cards, evaluate)):
        secs = median_time(lambda data=data, fn=fn: ours(data, fn), args.repeat)
        rows.append((f"holdem_desktop {label}", len(data) / secs))
    ref = rows[0][1]

    print(f"\nper-hand, {args.hands:,} random 7-card hands, median of {args.repeat}:")
    print(f"{'evaluator':<44}{'hands/s':>14}{'ours / peer':>13}")
    for name, rate in rows:
        print(f"{name:<44}{rate:>14,.0f}{ref / rate:>12.2f}x")
    for name, make in PEERS_PER_HAND.items():
        try:
            fn, data = make(hands)
        except ImportError:
            print(f"{name:<44}{'not installed':>14}")
            continue
        reps = args.repeat if len(data) > 10_000 else 3
        secs = median_time(lambda fn=fn, data=data: fn(data), reps)
        rate = len(data) / secs
        print(f"{name:<44}{rate:>14,.0f}{ref / rate:>12.2f}x")

    print("\nbatched (numpy), 100,000-hand batches, median of 21:")
    batch = random_hands(100_000, seed=12)
    target = 25e6
    print(f"{'path':<44}{'hands/s':>14}{'vs 25 M/s':>13}")
    for label, check in (("evaluate_batch(check=False)", False),
                         ("evaluate_batch (checks distinct cards)", True)):
        secs = median_time(lambda check=check: evaluate_batch(batch, check=check), 21)
        rate = len(batch) / secs
        print(f"{label:<44}{rate:>14,.0f}{rate / target:>12.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
