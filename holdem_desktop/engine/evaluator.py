"""Hand evaluation, one hand at a time.

Two levels:

* :func:`evaluate` / :func:`evaluate7` — the hot path.  Give 5, 6 or 7
  distinct cards (``Card`` or plain ints 0..51) and get the *strength*
  (1…7462, higher wins, equal strengths split).  These do not check their
  input; duplicated cards give a meaningless answer or ``ValueError``.
* :func:`evaluate_hand` — checks its input and returns a :class:`HandValue`
  with everything a sentence about the hand needs: category, the ranks that
  decide, and the five cards used.

Rules (SPEC §1): best five of the cards given; the ace plays high in
T-J-Q-K-A and low in A-2-3-4-5 and never both; suits never decide.

The tables behind both are built on first use (see :mod:`.hand_classes`),
so importing this module costs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import ALL_CARDS, Card, Rank, check_distinct
from .hand_classes import (
    FLUSH_BITS,
    FLUSH_OFFSET,
    RANK_MASK,
    SUIT_SHIFT,
    HandCategory,
    card_key,
    tables,
)

__all__ = [
    "HandValue",
    "describe_strength",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_hand",
    "hand_value",
]

_K = [card_key(c) for c in range(52)]
_K0 = [k + FLUSH_OFFSET for k in _K]  # first card of a hand carries the flush offset

# Filled by _load() on first use; the hot functions find them empty the first
# time (KeyError / IndexError) and load them then, so they pay nothing after.
_R5: dict[int, int] = {}
_R6: dict[int, int] = {}
_R7: dict[int, int] = {}
_FLUSH: list[int] = []


def _load() -> bool:
    """Fill the module tables; False if they were already filled."""
    if _FLUSH:
        return False
    t = tables()
    _R5.update(t.by_rank_sum[5])
    _R6.update(t.by_rank_sum[6])
    _R7.update(t.by_rank_sum[7])
    _FLUSH.extend(t.flush)
    return True


def _flush_strength(cards: Sequence[int], s: int) -> int:
    # The one suit with five cards or more: its counter's top bit is set.
    suit = (((s & FLUSH_BITS) >> SUIT_SHIFT).bit_length() - 4) >> 2
    mask = 0
    for c in cards:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    try:
        return _FLUSH[mask]
    except IndexError:
        if _load():
            return _FLUSH[mask]
        raise


def _miss(cards: Sequence[int]) -> int:
    """A rank sum that is not in the table: either the tables were not loaded
    yet, or the input is not a hand of distinct cards."""
    if _load():
        return evaluate(cards)
    check_distinct(cards)
    raise ValueError(f"cannot evaluate {len(cards)} cards")  # pragma: no cover


def evaluate7(cards: Sequence[int]) -> int:
    """Strength (1…7462) of the best five of exactly seven distinct cards."""
    a, b, c, d, e, f, g = cards
    s = _K0[a] + _K[b] + _K[c] + _K[d] + _K[e] + _K[f] + _K[g]
    if s & FLUSH_BITS:
        return _flush_strength(cards, s)
    try:
        return _R7[s & RANK_MASK]
    except KeyError:
        return _miss(cards)


def evaluate6(cards: Sequence[int]) -> int:
    """Strength of the best five of exactly six distinct cards."""
    a, b, c, d, e, f = cards
    s = _K0[a] + _K[b] + _K[c] + _K[d] + _K[e] + _K[f]
    if s & FLUSH_BITS:
        return _flush_strength(cards, s)
    try:
        return _R6[s & RANK_MASK]
    except KeyError:
        return _miss(cards)


def evaluate5(cards: Sequence[int]) -> int:
    """Strength of exactly five distinct cards."""
    a, b, c, d, e = cards
    s = _K0[a] + _K[b] + _K[c] + _K[d] + _K[e]
    if s & FLUSH_BITS:
        return _flush_strength(cards, s)
    try:
        return _R5[s & RANK_MASK]
    except KeyError:
        return _miss(cards)


_BY_SIZE = {5: evaluate5, 6: evaluate6, 7: evaluate7}


def evaluate(cards: Sequence[int]) -> int:
    """Strength (1…7462, higher wins) of the best five of 5, 6 or 7 distinct cards."""
    try:
        fn = _BY_SIZE[len(cards)]
    except KeyError:
        raise ValueError(f"a hand has 5 to 7 cards, not {len(cards)}") from None
    try:
        return fn(cards)
    except (IndexError, TypeError):
        check_distinct(cards)
        raise


def describe_strength(strength: int) -> tuple[HandCategory, tuple[Rank, ...]]:
    """The category of a strength and the ranks that decide it, in order.

    The ranks are: high card — five ranks; pair — pair, then three kickers;
    two pair — high pair, low pair, kicker; three of a kind — trips, two
    kickers; straight and straight flush — the top card (five for the wheel);
    flush — five ranks; full house — trips, pair; four of a kind — quads,
    kicker.
    """
    if isinstance(strength, bool) or not 1 <= strength <= 7462:
        raise ValueError(f"not a hand strength: {strength!r}")
    global _DESCRIBED
    if not _DESCRIBED:
        # Built whole, then published in one assignment: a thread never sees
        # it half filled (the network client's thread reads shown hands).
        _DESCRIBED = [(HandCategory(c), tuple(Rank(r) for r in ranks))
                      for c, ranks in tables().classes]
    return _DESCRIBED[strength - 1]


_DESCRIBED: list[tuple[HandCategory, tuple[Rank, ...]]] = []


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand's worth and what a sentence about it needs.

    Hand values compare (and hash) by strength alone: equal values split a
    pot whatever their suits.
    """

    strength: int
    """1…7462; higher wins."""
    category: HandCategory = field(compare=False)
    ranks: tuple[Rank, ...] = field(compare=False)
    """The ranks that decide, in order (see :func:`describe_strength`)."""
    cards: tuple[Card, ...] = field(compare=False)
    """The five cards used, in speaking order: the deciding ranks first
    (trips before the pair of a full house), then kickers from the highest;
    a straight from its top card (5-4-3-2-A for the wheel)."""

    @property
    def is_royal_flush(self) -> bool:
        """True for the ace-high straight flush."""
        return self.category is HandCategory.STRAIGHT_FLUSH and self.ranks[0] is Rank.ACE

    @property
    def kickers(self) -> tuple[Rank, ...]:
        """The deciding ranks that are kickers (not part of the named combination)."""
        named = {HandCategory.PAIR: 1, HandCategory.TWO_PAIR: 2,
                 HandCategory.THREE_OF_A_KIND: 1, HandCategory.FOUR_OF_A_KIND: 1}
        n = named.get(self.category)
        return self.ranks[n:] if n is not None else ()


def _five_ranks(category: HandCategory, ranks: Sequence[int]) -> Sequence[int]:
    """The ranks of the five cards a class uses, in speaking order."""
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        high = ranks[0]
        return [3, 2, 1, 0, 12] if high == 3 else [high - k for k in range(5)]
    if category is HandCategory.PAIR:
        return [ranks[0], *ranks]
    if category is HandCategory.TWO_PAIR:
        return [ranks[0], ranks[0], ranks[1], ranks[1], ranks[2]]
    if category is HandCategory.THREE_OF_A_KIND:
        return [ranks[0], ranks[0], *ranks]
    if category is HandCategory.FULL_HOUSE:
        return [ranks[0]] * 3 + [ranks[1]] * 2
    if category is HandCategory.FOUR_OF_A_KIND:
        return [ranks[0]] * 4 + [ranks[1]]
    return list(ranks)


def hand_value(cards: Sequence[Card], strength: int) -> HandValue:
    """The HandValue of distinct cards (not checked) whose strength is known.

    The five cards are picked rank by rank in speaking order, each time the
    first card given with that rank (of the flush suit for flushes), so the
    cards given first are preferred.
    """
    try:
        category, ranks, five, flush = _SPOKEN[strength]
    except KeyError:
        category, ranks = describe_strength(strength)  # raises for a non-strength
        five = tuple(_five_ranks(category, ranks))
        flush = category in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)
        _SPOKEN[strength] = category, ranks, five, flush
    pool = list(cards)
    if flush:
        suits = [c & 3 for c in pool]
        suit = max(range(4), key=suits.count)
        pool = [c for c in pool if c & 3 == suit]
    pool_ranks = [c >> 2 for c in pool]
    used: list[Card] = []
    for rank in five:
        k = pool_ranks.index(rank)
        used.append(pool[k])
        pool_ranks[k] = -1  # taken
    return HandValue(strength, category, ranks, tuple(used))


_SPOKEN: dict[int, tuple[HandCategory, tuple[Rank, ...], tuple[int, ...], bool]] = {}
"""Per strength, what :func:`hand_value` needs besides the cards: the
category, the deciding ranks, the ranks of the five cards in speaking order,
and whether they are of one suit.  Filled as strengths come up (at most
7,462 entries; they never change)."""


def evaluate_hand(cards: Sequence[int]) -> HandValue:
    """The value of the best five of 5–7 distinct cards, with its description.

    When several choices of five cards are worth the same, the one using the
    cards given first is chosen: pass the hole cards first to show them.
    Raises :class:`~.cards.DuplicateCard` or :class:`~.cards.MalformedCard`
    for bad input and ``ValueError`` for a wrong number of cards.
    """
    cards = tuple(cards)
    check_distinct(cards)
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand has 5 to 7 cards, not {len(cards)}")
    return hand_value([ALL_CARDS[c] for c in cards], evaluate(cards))
