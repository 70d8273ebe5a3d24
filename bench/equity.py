"""Equity speed, ours beside Monte Carlo loops over the peer evaluators, in one run.

    python bench/equity.py [--trials N] [--repeat R]

Main figure: hero (AhKh) against 8 random opponents on an empty board,
10,000 trials, median of R runs; the peers run the same simulation as a
Python loop (deal 21 cards, evaluate 9 hands) around their evaluator.
Also timed: other spots, exact enumeration, and a weighted range.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peers import TEXT, median_time

from holdem_desktop.engine.batch import batch_tables
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.equity import equity
from holdem_desktop.engine.ranges import Range

HERO = parse_cards("AhKh")


def _loop(evaluate7, cards, trials: int, opponents: int, seed: int) -> float:  # type: ignore[no-untyped-def]
    """Equity by a plain Monte Carlo loop around a per-hand evaluator.
    ``evaluate7(list_of_7)`` returns a strength where *lower* is better."""
    rng = random.Random(seed)
    hero = [cards[c] for c in HERO]
    deck = [cards[c] for c in range(52) if c not in HERO]
    share = 0.0
    need = 2 * opponents + 5
    for _ in range(trials):
        dealt = rng.sample(deck, need)
        board = dealt[:5]
        mine = evaluate7(hero + board)
        best = min(evaluate7(dealt[5 + 2 * k:7 + 2 * k] + board) for k in range(opponents))
        if mine < best:
            share += 1
        elif mine == best:
            level = sum(evaluate7(dealt[5 + 2 * k:7 + 2 * k] + board) == mine
                        for k in range(opponents))
            share += 1 / (1 + level)
    return share / trials


def _peers() -> dict[str, tuple[object, list[object]]]:
    out: dict[str, tuple[object, list[object]]] = {}
    try:
        import eval7

        # eval7: higher is better; negate so the loop's "lower is better" holds.
        out["eval7 (loop)"] = (lambda h: -eval7.evaluate(h), [eval7.Card(t) for t in TEXT])
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        out["phevaluator (loop)"] = (lambda h: evaluate_cards(*h), list(range(52)))
    except ImportError:
        pass
    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        out["treys (loop)"] = (lambda h: ev.evaluate(h[:2], h[2:]), [Card.new(t) for t in TEXT])
    except ImportError:
        pass
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    batch_tables()
    equity(HERO, opponents=1, trials=100, seed=0)  # warm up

    secs = median_time(lambda: equity(HERO, opponents=8, trials=args.trials, seed=1), args.repeat)
    ours = equity(HERO, opponents=8, trials=args.trials, seed=1)
    print(f"AhKh vs 8 random hands, empty board, {args.trials:,} trials, median of runs:")
    print(f"{'engine':<28}{'ms':>10}{'equity':>10}{'peer / ours':>13}")
    print(f"{'holdem_desktop':<28}{secs * 1e3:>10.1f}{ours.equity:>10.4f}{1:>12.2f}x")
    for name, (fn, cards) in _peers().items():
        result = [0.0]

        def run(fn=fn, cards=cards, result=result) -> None:  # type: ignore[no-untyped-def]
            result[0] = _loop(fn, cards, args.trials, 8, seed=1)

        t = median_time(run, 3)
        print(f"{name:<28}{t * 1e3:>10.1f}{result[0]:>10.4f}{t / secs:>12.1f}x")

    print("\nother spots (ours, median of runs):")
    spots = [
        ("AhKh vs 1, preflop, 10k", lambda: equity(HERO, opponents=1, trials=10_000, seed=2)),
        ("AhKh vs 3, flop, 10k", lambda: equity(HERO, parse_cards("Qh7c2h"), 3,
                                                trials=10_000, seed=2)),
        ("AhKh vs 1, river, exact", lambda: equity(HERO, parse_cards("Qh7c2h9s3d"), 1)),
        ("AhKh vs 2, river, exact", lambda: equity(HERO, parse_cards("Qh7c2h9s3d"), 2)),
        ("AhKh vs 1, turn, exact", lambda: equity(HERO, parse_cards("Qh7c2h9s"), 1)),
        ("AhKh vs 1, flop, exact", lambda: equity(HERO, parse_cards("Qh7c2h"), 1, exact=True)),
    ]
    rng_ = Range.parse("TT+, AQs+, AKo, KQs:0.5")
    spots.append(("AhKh vs 2 ranges, preflop, 10k",
                  lambda: equity(HERO, (), 2, ranges=[rng_, rng_], trials=10_000, seed=2)))
    for label, fn in spots:
        t = median_time(fn, 7)
        print(f"{label:<36}{t * 1e3:>9.1f} ms   equity {fn().equity:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
