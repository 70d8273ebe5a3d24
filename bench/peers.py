"""The peer evaluators measured beside ours, each given the hands in its own
card type (prepared outside the timed loop, as its users would hold them).

Each entry of :data:`PEERS_PER_HAND` takes an ``(N, 7)`` card array (our
encoding) and returns ``(fn, data)``: calling ``fn(data)`` evaluates every
hand once through the peer's public API.  Peers that are not installed
raise ``ImportError``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
TEXT = [RANKS[c >> 2] + SUITS[c & 3] for c in range(52)]


def random_hands(n: int, seed: int, size: int = 7) -> np.ndarray:
    """``n`` rows of ``size`` distinct random cards."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


def median_time(fn: Callable[[], Any], repeat: int) -> float:
    """Median wall time of ``repeat`` calls (these machines are shared and noisy)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _phevaluator(hands: np.ndarray) -> tuple[Callable[[Any], None], Any]:
    from phevaluator import evaluate_cards  # same card ids as ours: rank * 4 + suit

    def run(rows: list[list[int]]) -> None:
        for r in rows:
            evaluate_cards(*r)

    return run, hands.tolist()


def _eval7(hands: np.ndarray) -> tuple[Callable[[Any], None], Any]:
    import eval7

    cards = [eval7.Card(t) for t in TEXT]

    def run(rows: list[list[Any]]) -> None:
        evaluate = eval7.evaluate
        for r in rows:
            evaluate(r)

    return run, [[cards[c] for c in r] for r in hands.tolist()]


def _treys(hands: np.ndarray) -> tuple[Callable[[Any], None], Any]:
    from treys import Card, Evaluator

    ev = Evaluator()
    cards = [Card.new(t) for t in TEXT]

    def run(rows: list[tuple[list[int], list[int]]]) -> None:
        for hole, board in rows:
            ev.evaluate(hole, board)

    return run, [([cards[c] for c in r[:2]], [cards[c] for c in r[2:]]) for r in hands.tolist()]


def _pokerkit(hands: np.ndarray) -> tuple[Callable[[Any], None], Any]:
    from pokerkit import StandardHighHand

    def run(rows: list[tuple[str, str]]) -> None:
        for hole, board in rows:
            StandardHighHand.from_game(hole, board)

    small = hands[:2_000].tolist()  # about 3,000 hands a second: keep the run short
    return run, [("".join(TEXT[c] for c in r[:2]), "".join(TEXT[c] for c in r[2:]))
                 for r in small]


PEERS_PER_HAND: dict[str, Callable[[np.ndarray], tuple[Callable[[Any], None], Any]]] = {
    "phevaluator": _phevaluator,
    "eval7": _eval7,
    "treys": _treys,
    "pokerkit": _pokerkit,
}
