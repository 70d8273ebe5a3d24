"""Weighted ranges of starting hands, for equity against what an opponent may hold.

A :class:`Range` gives each of the 1,326 two-card combinations a weight
(0 = never, 1 = always; any non-negative number works, only ratios
matter).  It is built from the usual notation::

    Range.parse("QQ+, AKs, AQo:0.5, 76s-54s, AhKh")

* ``77`` one pair (6 combos); ``77+`` that pair and every higher one;
  ``99-66`` the pairs in between;
* ``AKs`` suited (4 combos), ``AKo`` offsuit (12), ``AK`` both (16);
  ``ATs+`` the kicker from ten up to one below the ace; ``A5s-A2s`` the
  kickers in between; ``76s-54s`` connectors stepping down together;
* ``AhKh`` one exact combination;
* ``:w`` after any item gives it weight ``w`` (default 1); a later item
  overrides an earlier one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import combinations

import numpy as np
import numpy.typing as npt

from .cards import RANK_SYMBOLS, CardError, card_text, parse_cards

__all__ = ["COMBOS", "Range", "RangeSyntaxError", "combo_index", "combo_indices"]

COMBOS: npt.NDArray[np.int8] = np.array(list(combinations(range(52), 2)), dtype=np.int8)
"""The 1,326 two-card combinations ``(low card, high card)`` in a fixed order."""
COMBOS.setflags(write=False)

_INDEX = np.full((52, 52), -1, dtype=np.int16)
_INDEX[COMBOS[:, 0], COMBOS[:, 1]] = np.arange(len(COMBOS))
_INDEX[COMBOS[:, 1], COMBOS[:, 0]] = np.arange(len(COMBOS))
_INDEX.setflags(write=False)


def combo_index(a: int, b: int) -> int:
    """Index in :data:`COMBOS` of the two distinct cards ``a`` and ``b`` (any order)."""
    i = int(_INDEX[a, b])
    if i < 0:
        raise ValueError(f"not two distinct cards: {a}, {b}")
    return i


def combo_indices(a: npt.ArrayLike, b: npt.ArrayLike) -> npt.NDArray[np.intp]:
    """Indices in :data:`COMBOS` of many card pairs at once (-1 where a pair is not two cards)."""
    out: npt.NDArray[np.intp] = _INDEX[np.asarray(a), np.asarray(b)].astype(np.intp)
    return out


class RangeSyntaxError(ValueError):
    """Range text that cannot be read; ``item`` is the offending piece and
    ``position`` its index among the comma-separated items."""

    def __init__(self, item: str, position: int) -> None:
        super().__init__(f"cannot read range item {item!r} (item {position + 1})")
        self.item = item
        self.position = position


_ITEM = re.compile(
    r"^(?P<a>[2-9TJQKA])(?P<b>[2-9TJQKA])(?P<kind>[so]?)(?P<plus>\+?)"
    r"(?:-(?P<c>[2-9TJQKA])(?P<d>[2-9TJQKA])(?P<kind2>[so]?))?$"
)


def _combos_of(hi: int, lo: int, kind: str) -> list[int]:
    """Combination indices of ranks ``hi``/``lo`` (suited ``s``, offsuit ``o`` or both)."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = hi * 4 + s1, lo * 4 + s2
            if a == b or (hi == lo and s1 >= s2):
                continue
            if hi != lo and ((kind == "s" and s1 != s2) or (kind == "o" and s1 == s2)):
                continue
            out.append(combo_index(a, b))
    return out


def _expand(item: str, position: int) -> list[int]:
    m = _ITEM.match(item)
    if m is None:
        try:
            cards = parse_cards(item)
        except CardError:
            raise RangeSyntaxError(item, position) from None
        if len(cards) != 2:
            raise RangeSyntaxError(item, position)
        return [combo_index(cards[0], cards[1])]
    a, b = RANK_SYMBOLS.index(m["a"]), RANK_SYMBOLS.index(m["b"])
    kind, plus = m["kind"], m["plus"]
    if a < b:
        a, b = b, a
    pair = a == b
    if pair and kind:
        raise RangeSyntaxError(item, position)
    if m["c"] is not None:  # a span such as 99-66, A5s-A2s, 76s-54s
        if plus or m["kind2"] != kind:
            raise RangeSyntaxError(item, position)
        c, d = RANK_SYMBOLS.index(m["c"]), RANK_SYMBOLS.index(m["d"])
        if c < d:
            c, d = d, c
        if pair:
            if c != d:
                raise RangeSyntaxError(item, position)
            lo_p, hi_p = sorted((a, c))
            return [i for r in range(lo_p, hi_p + 1) for i in _combos_of(r, r, "")]
        if a == c:  # same top card, kickers between
            lo_k, hi_k = sorted((b, d))
            return [i for k in range(lo_k, hi_k + 1) for i in _combos_of(a, k, kind)]
        if a - b == c - d:  # both cards step down together
            lo_t, hi_t = sorted((a, c))
            gap = a - b
            return [i for t in range(lo_t, hi_t + 1) for i in _combos_of(t, t - gap, kind)]
        raise RangeSyntaxError(item, position)
    if plus:
        if pair:
            return [i for r in range(a, 13) for i in _combos_of(r, r, "")]
        return [i for k in range(b, a) for i in _combos_of(a, k, kind)]
    return _combos_of(a, b, kind)


class Range:
    """Weights over the 1,326 starting hands (see the module docstring).

    Immutable: operations return a new range.
    """

    __slots__ = ("_w",)

    def __init__(self, weights: npt.ArrayLike) -> None:
        w = np.array(weights, dtype=np.float64)
        if w.shape != (len(COMBOS),):
            raise ValueError(f"a range has {len(COMBOS)} weights, not shape {w.shape}")
        if not np.all(np.isfinite(w)) or np.any(w < 0):
            raise ValueError("range weights must be finite and not negative")
        w.setflags(write=False)
        self._w = w

    @classmethod
    def full(cls) -> Range:
        """Every starting hand, equally likely."""
        return cls(np.ones(len(COMBOS)))

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read the notation of the module docstring; raises :class:`RangeSyntaxError`."""
        w = np.zeros(len(COMBOS))
        items = [p.strip() for p in text.split(",")]
        if not any(items):
            raise RangeSyntaxError(text, 0)
        for pos, raw in enumerate(items):
            body, _, weight_text = raw.partition(":")
            body = body.strip()
            weight = 1.0
            if weight_text:
                try:
                    weight = float(weight_text)
                except ValueError:
                    raise RangeSyntaxError(raw, pos) from None
                if not (weight >= 0 and np.isfinite(weight)):
                    raise RangeSyntaxError(raw, pos)
            if not body:
                raise RangeSyntaxError(raw, pos)
            w[_expand(body, pos)] = weight
        return cls(w)

    @classmethod
    def from_combos(cls, combos: Mapping[tuple[int, int], float] | Iterable[tuple[int, int]]
                    ) -> Range:
        """A range from ``{(card, card): weight}`` or from card pairs of weight 1."""
        w = np.zeros(len(COMBOS))
        if isinstance(combos, Mapping):
            for (a, b), x in combos.items():
                w[combo_index(a, b)] = x
        else:
            for a, b in combos:
                w[combo_index(a, b)] = 1.0
        return cls(w)

    @property
    def weights(self) -> npt.NDArray[np.float64]:
        """The read-only weight array, aligned with :data:`COMBOS`."""
        return self._w

    def weight(self, a: int, b: int) -> float:
        """Weight of the starting hand of cards ``a`` and ``b``."""
        return float(self._w[combo_index(a, b)])

    def without(self, cards: Iterable[int]) -> Range:
        """This range with every hand that holds one of ``cards`` removed."""
        dead = np.zeros(52, dtype=bool)
        dead[list(cards)] = True
        return Range(np.where(dead[COMBOS[:, 0]] | dead[COMBOS[:, 1]], 0.0, self._w))

    def scaled(self, factors: npt.ArrayLike) -> Range:
        """This range with each weight multiplied by the matching factor."""
        return Range(self._w * np.asarray(factors, dtype=np.float64))

    def __len__(self) -> int:
        """Number of starting hands with a positive weight."""
        return int(np.count_nonzero(self._w))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and bool(np.array_equal(self._w, other._w))

    def __hash__(self) -> int:
        return hash(self._w.tobytes())

    def __repr__(self) -> str:
        shown = [f"{card_text(int(a))}{card_text(int(b))}"
                 for a, b in COMBOS[np.flatnonzero(self._w)[:4]]]
        more = "…" if len(self) > 4 else ""
        return f"<Range of {len(self)} hands: {', '.join(shown)}{more}>"
