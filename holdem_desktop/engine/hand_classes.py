"""The 7,462 classes of five-card poker hands, in order, and the lookup tables
built from them.

A hand's *strength* is an int from 1 (7-5-4-3-2 offsuit) to 7462 (a royal
flush); a higher strength wins, equal strengths split.  Strength is dense:
every value in between is the strength of some five-card hand.

The evaluator finds strengths by adding one integer per card and looking the
sum up.  Each card's integer packs a *rank key* (low bits) and a *suit
nibble* (high bits).  The rank keys are chosen so that any multiset of up to
seven ranks (no rank more than four times) has a sum that no other multiset
of the same size has; the suit nibbles count the cards of each suit.  The
tables here map rank-key sums to strengths (hands without a flush) and
13-bit rank masks to strengths (the cards of a flush suit).

Nothing is built at import: :func:`tables` builds everything on first use
(about a quarter of a second) and caches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

__all__ = [
    "CATEGORY_BOUNDS",
    "FLUSH_BITS",
    "FLUSH_OFFSET",
    "RANK_KEYS",
    "RANK_MASK",
    "SUIT_SHIFT",
    "HandCategory",
    "Tables",
    "card_key",
    "category_of",
    "tables",
]


class HandCategory(IntEnum):
    """The nine kinds of poker hand, weakest first.  A royal flush is the
    ace-high straight flush."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


# Rank keys: all multisets of at most 7 ranks (each at most 4 times) of a
# given size have distinct sums.  Found by a greedy search (each key the
# smallest that keeps sums distinct); the build below re-checks it.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_SHIFT = 23
"""Bit where the four 4-bit suit counters start; rank-key sums stay below it."""
RANK_MASK = (1 << SUIT_SHIFT) - 1
FLUSH_OFFSET = 0x3333 << SUIT_SHIFT
"""Added once per hand: a suit counter then reaches 8 exactly when that suit has 5 cards or more."""
FLUSH_BITS = 0x8888 << SUIT_SHIFT

_STRAIGHT_HIGHS: tuple[int, ...] = (*range(12, 3, -1), 3)  # ace-high down to the wheel (five-high)
_WHEEL_MASK = (1 << 12) | 0b1111

# Number of classes per category (7,462 in all).
_CLASS_COUNTS = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)


def _bounds() -> tuple[int, ...]:
    lows = [1]
    for n in _CLASS_COUNTS:
        lows.append(lows[-1] + n)
    return tuple(lows)


CATEGORY_BOUNDS = _bounds()
"""``CATEGORY_BOUNDS[c]`` is the lowest strength of category ``c``;
``CATEGORY_BOUNDS[9]`` is one past the highest strength (7463)."""


def category_of(strength: int) -> HandCategory:
    """The category of a strength (1…7462)."""
    if not 1 <= strength <= 7462:
        raise ValueError(f"not a hand strength: {strength!r}")
    c = 0
    while CATEGORY_BOUNDS[c + 1] <= strength:
        c += 1
    return HandCategory(c)


def card_key(card: int) -> int:
    """The integer the evaluator adds for ``card``: rank key plus suit nibble."""
    return RANK_KEYS[card >> 2] + (1 << (SUIT_SHIFT + 4 * (card & 3)))


def _straight_high(mask: int) -> int:
    """Highest straight in a 13-bit rank mask (rank index of its top card), or -1."""
    for high in _STRAIGHT_HIGHS:
        window = _WHEEL_MASK if high == 3 else 0b11111 << (high - 4)
        if mask & window == window:
            return high
    return -1


def _class_list() -> list[tuple[int, tuple[int, ...]]]:
    """Every hand class as (category, deciding ranks), weakest first."""
    desc = list(range(12, -1, -1))
    straights = {frozenset(range(h - 4, h + 1)) if h != 3 else frozenset((12, 0, 1, 2, 3))
                 for h in _STRAIGHT_HIGHS}
    no_straight = sorted(
        (c for c in combinations(desc, 5) if frozenset(c) not in straights),
    )
    out: list[tuple[int, tuple[int, ...]]] = []
    out += [(HandCategory.HIGH_CARD, c) for c in no_straight]
    out += sorted((HandCategory.PAIR, (p, *k)) for p in desc
                  for k in combinations([r for r in desc if r != p], 3))
    out += sorted((HandCategory.TWO_PAIR, (h, lo, k)) for h, lo in combinations(desc, 2)
                  for k in desc if k not in (h, lo))
    out += sorted((HandCategory.THREE_OF_A_KIND, (t, *k)) for t in desc
                  for k in combinations([r for r in desc if r != t], 2))
    out += [(HandCategory.STRAIGHT, (h,)) for h in reversed(_STRAIGHT_HIGHS)]
    out += [(HandCategory.FLUSH, c) for c in no_straight]
    out += sorted((HandCategory.FULL_HOUSE, (t, p)) for t in desc for p in desc if p != t)
    out += sorted((HandCategory.FOUR_OF_A_KIND, (q, k)) for q in desc for k in desc if k != q)
    out += [(HandCategory.STRAIGHT_FLUSH, (h,)) for h in reversed(_STRAIGHT_HIGHS)]
    return out


def _best_without_flush(counts: list[int]) -> tuple[int, tuple[int, ...]]:
    """Best five-card class from rank counts (index 0 = deuce), ignoring suits."""
    present = [r for r in range(12, -1, -1) if counts[r]]
    quads = [r for r in present if counts[r] == 4]
    trips = [r for r in present if counts[r] == 3]
    pairs = [r for r in present if counts[r] == 2]
    if quads:
        q = quads[0]
        return HandCategory.FOUR_OF_A_KIND, (q, next(r for r in present if r != q))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        return HandCategory.FULL_HOUSE, (t, max(trips[1:] + pairs))
    mask = 0
    for r in present:
        mask |= 1 << r
    high = _straight_high(mask)
    if high >= 0:
        return HandCategory.STRAIGHT, (high,)
    if trips:
        t = trips[0]
        return HandCategory.THREE_OF_A_KIND, (t, *[r for r in present if r != t][:2])
    if len(pairs) >= 2:
        h, lo = pairs[0], pairs[1]
        return HandCategory.TWO_PAIR, (h, lo, next(r for r in present if r not in (h, lo)))
    if pairs:
        p = pairs[0]
        return HandCategory.PAIR, (p, *[r for r in present if r != p][:3])
    return HandCategory.HIGH_CARD, tuple(present[:5])


def _count_vectors(size: int) -> list[tuple[list[int], int]]:
    """All 13-rank count vectors summing to ``size`` with no count above 4,
    each with its rank-key sum."""
    out: list[tuple[list[int], int]] = []
    counts = [0] * 13

    def rec(rank: int, left: int, key: int) -> None:
        if rank == 12:
            if left <= 4:
                counts[12] = left
                out.append((counts.copy(), key + left * RANK_KEYS[12]))
            return
        step = RANK_KEYS[rank]
        for c in range(min(4, left) + 1):
            counts[rank] = c
            rec(rank + 1, left - c, key + c * step)
        counts[rank] = 0

    rec(0, size, 0)
    return out


@dataclass(frozen=True)
class Tables:
    """Lookup tables of the evaluator (see the module docstring)."""

    classes: tuple[tuple[int, tuple[int, ...]], ...]
    """``classes[s - 1]`` is (category, deciding ranks) of strength ``s``."""
    by_rank_sum: dict[int, dict[int, int]]
    """``by_rank_sum[n][sum]``: strength of ``n`` cards (5, 6, 7) without a flush."""
    flush: tuple[int, ...]
    """``flush[mask]``: strength of the flush-suit cards whose ranks form ``mask`` (≥ 5 bits)."""


_TABLES: Tables | None = None


def tables() -> Tables:
    """Build (once) and return the evaluator's lookup tables."""
    global _TABLES
    if _TABLES is None:
        _TABLES = _build()
    return _TABLES


def _build() -> Tables:
    classes = _class_list()
    strength = {cls: i + 1 for i, cls in enumerate(classes)}
    by_rank_sum: dict[int, dict[int, int]] = {}
    for size in (5, 6, 7):
        table: dict[int, int] = {}
        for counts, key in _count_vectors(size):
            if key in table:
                raise AssertionError("rank keys are not unique")  # pragma: no cover
            table[key] = strength[_best_without_flush(counts)]
        by_rank_sum[size] = table
    flush = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() < 5:
            continue
        high = _straight_high(mask)
        if high >= 0:
            flush[mask] = strength[(HandCategory.STRAIGHT_FLUSH, (high,))]
        else:
            top = [r for r in range(12, -1, -1) if mask >> r & 1][:5]
            flush[mask] = strength[(HandCategory.FLUSH, tuple(top))]
    return Tables(tuple(classes), by_rank_sum, tuple(flush))
