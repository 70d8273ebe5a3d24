"""Equity: the share of the pot a hand can expect against opponents.

:func:`equity` estimates hero's share against one to nine opponents whose
cards are unknown (any two cards, or a weighted :class:`~.ranges.Range`
each) on a board of 0, 3, 4 or 5 cards.  It enumerates every outcome
exactly where that is cheap (the river against one or two opponents, the
turn heads-up) and otherwise simulates, seeded and repeatable, reporting the
standard error of the estimate.

Ties count as shares: a pot split three ways gives hero one third.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import sqrt

import numpy as np
import numpy.typing as npt

from .batch import batch_tables, strengths_from_sums
from .cards import check_distinct
from .hand_classes import FLUSH_OFFSET
from .ranges import COMBOS, Range, combo_indices

__all__ = ["Equity", "EquityError", "equity"]

MAX_OPPONENTS = 9
_CHUNK = 1 << 20  # outcomes evaluated at once by the exact enumeration


class EquityError(ValueError):
    """A question :func:`equity` cannot answer: ``reason`` is machine-readable
    (``hole_cards``, ``board_size``, ``opponents``, ``ranges``, ``trials``,
    ``too_few_cards``, ``empty_range``, ``ranges_collide``, ``exact_unsupported``)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason


@dataclass(frozen=True)
class Equity:
    """Hero's result against the field."""

    equity: float
    """Expected share of the pot (wins count 1, a split among k players 1/k)."""
    win: float
    """Share of outcomes hero wins alone."""
    tie: float
    """Share of outcomes hero splits with one or more opponents."""
    stderr: float
    """Standard error of ``equity`` (0 when enumerated exactly)."""
    trials: int
    """Outcomes simulated, or enumerated."""
    exact: bool
    """True when every outcome was enumerated."""

    @property
    def lose(self) -> float:
        """Share of outcomes hero loses."""
        return max(0.0, 1.0 - self.win - self.tie)


def equity(
    hero: Sequence[int],
    board: Sequence[int] = (),
    opponents: int = 1,
    *,
    ranges: Sequence[Range | None] | None = None,
    dead: Sequence[int] = (),
    trials: int = 10_000,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    exact: bool | None = None,
) -> Equity:
    """Hero's equity with ``hero`` (two cards) on ``board`` (0, 3, 4 or 5 cards)
    against ``opponents`` players.

    ``ranges`` gives one entry per opponent: a :class:`~.ranges.Range` or
    ``None`` for any two cards.  ``dead`` cards are out of play (e.g. shown
    by a folded player).  The simulation draws ``trials`` deals from
    ``rng``, or from a generator seeded with ``seed`` (the same seed gives
    the same answer).  ``exact=None`` enumerates when cheap, ``True``
    insists on enumeration (the flop heads-up is allowed too), ``False``
    always simulates.
    """
    hero = [int(c) for c in hero]
    board = [int(c) for c in board]
    dead = [int(c) for c in dead]
    if len(hero) != 2:
        raise EquityError("hole_cards", f"hero holds two cards, not {len(hero)}")
    if len(board) not in (0, 3, 4, 5):
        raise EquityError("board_size", f"a board has 0, 3, 4 or 5 cards, not {len(board)}")
    if not 1 <= opponents <= MAX_OPPONENTS:
        raise EquityError("opponents", f"1 to {MAX_OPPONENTS} opponents, not {opponents}")
    check_distinct(hero + board + dead)
    opp_ranges: list[Range | None] = [None] * opponents if ranges is None else list(ranges)
    if len(opp_ranges) != opponents:
        raise EquityError("ranges", f"{len(opp_ranges)} ranges for {opponents} opponents")
    known = hero + board + dead
    left = 52 - len(known)
    if 2 * opponents + 5 - len(board) > left:
        raise EquityError("too_few_cards", "not enough cards left to deal")
    live = [None if r is None else r.without(known) for r in opp_ranges]
    for r in live:
        if r is not None and not len(r):
            raise EquityError("empty_range", "a range has no hand left beside the known cards")

    cheap = (opponents == 1 and len(board) >= 4) or (opponents == 2 and len(board) == 5)
    possible = (opponents == 1 and len(board) >= 3) or (opponents == 2 and len(board) == 5)
    if exact or (exact is None and cheap):
        if not possible:
            raise EquityError(
                "exact_unsupported",
                "exact enumeration covers one opponent from the flop, two on the river")
        if opponents == 1:
            return _exact_heads_up(hero, board, known, live[0])
        return _exact_river_two(hero, board, known, live[0], live[1])
    if trials < 2:
        raise EquityError("trials", f"at least 2 trials, not {trials}")
    if rng is None:
        rng = np.random.default_rng(seed)
    return _simulate(hero, board, known, live, trials, rng)


# --------------------------------------------------------------------------
# Shared pieces


def _share_stats(hero_s: npt.NDArray[np.int16], opp_s: npt.NDArray[np.int16]
                 ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Per outcome: hero's pot share, whether hero won alone, whether hero split.

    ``hero_s`` is ``(T,)``, ``opp_s`` is ``(T, K)``.
    """
    best_opp = opp_s.max(axis=1)
    win = hero_s > best_opp
    level = hero_s == best_opp
    share = win.astype(np.float64)
    if level.any():
        n_level = (opp_s[level] == hero_s[level, None]).sum(axis=1)
        share[level] = 1.0 / (1.0 + n_level)
    return share, win, level


def _live_cards(known: Sequence[int]) -> npt.NDArray[np.intp]:
    mask = np.ones(52, dtype=bool)
    mask[list(known)] = False
    return np.flatnonzero(mask)


def _sample_ranges(ranges: Sequence[Range], trials: int, rng: np.random.Generator
                   ) -> npt.NDArray[np.intp]:
    """``(trials, len(ranges), 2)`` cards: one hand per range, the hands of a
    row disjoint (rows with a collision are dealt again, all together)."""
    cdfs = [np.cumsum(r.weights) for r in ranges]
    picked = np.empty((trials, len(ranges)), dtype=np.intp)
    pending = np.arange(trials)
    for _ in range(1000):
        for k, cdf in enumerate(cdfs):
            u = rng.random(len(pending)) * cdf[-1]
            picked[pending, k] = np.minimum(np.searchsorted(cdf, u, side="right"), len(cdf) - 1)
        cards = COMBOS[picked[pending]].reshape(len(pending), -1)
        clash = np.zeros(len(pending), dtype=bool)
        for i in range(cards.shape[1]):
            for j in range(i + 1, cards.shape[1]):
                clash |= cards[:, i] == cards[:, j]
        pending = pending[clash]
        if not pending.size:
            return COMBOS[picked].astype(np.intp)
    raise EquityError("ranges_collide", "the ranges can rarely or never be dealt together")


# --------------------------------------------------------------------------
# Monte Carlo


def _simulate(hero: list[int], board: list[int], known: list[int], ranges: list[Range | None],
              trials: int, rng: np.random.Generator) -> Equity:
    key = batch_tables().key
    opponents = len(ranges)
    ranged = [i for i, r in enumerate(ranges) if r is not None]
    unranged = [i for i, r in enumerate(ranges) if r is None]
    avail = _live_cards(known)
    hole = np.empty((trials, opponents, 2), dtype=np.intp)
    if ranged:
        dealt = _sample_ranges([r for r in ranges if r is not None], trials, rng)
        hole[:, ranged] = dealt
        # Each row's deck: the live cards not dealt to a ranged opponent, first.
        pos = np.full(52, -1, dtype=np.intp)
        pos[avail] = np.arange(len(avail))
        used = np.zeros((trials, len(avail)), dtype=bool)
        used[np.arange(trials)[:, None], pos[dealt.reshape(trials, -1)]] = True
        decks = avail[np.argsort(used, axis=1, kind="stable")]
        n = len(avail) - 2 * len(ranged)
    else:
        decks = np.tile(avail, (trials, 1))
        n = len(avail)
    draw = 2 * len(unranged) + 5 - len(board)
    rows = np.arange(trials)
    for i in range(draw):  # partial Fisher-Yates shuffle of every row at once
        pick = rng.integers(i, n, size=trials)
        top = decks[:, i].copy()
        decks[:, i] = decks[rows, pick]
        decks[rows, pick] = top
    if unranged:
        hole[:, unranged] = decks[:, :2 * len(unranged)].reshape(trials, len(unranged), 2)
    full_board = np.empty((trials, 5), dtype=np.intp)
    full_board[:, :len(board)] = board
    full_board[:, len(board):] = decks[:, 2 * len(unranged):draw]

    board_sum: npt.NDArray[np.int64] = np.full(
        trials, FLUSH_OFFSET + int(key[board].sum()), dtype=np.int64)
    for j in range(len(board), 5):
        board_sum += np.take(key, full_board[:, j])

    def strengths(h0: npt.NDArray[np.intp] | int, h1: npt.NDArray[np.intp] | int
                  ) -> npt.NDArray[np.int16]:
        sums = board_sum + np.take(key, h0) + np.take(key, h1)

        def rows_cards(idx: npt.NDArray[np.intp]) -> npt.NDArray[np.intp]:
            out = np.empty((len(idx), 7), dtype=np.intp)
            out[:, :5] = full_board[idx]
            out[:, 5] = h0 if np.ndim(h0) == 0 else np.asarray(h0)[idx]
            out[:, 6] = h1 if np.ndim(h1) == 0 else np.asarray(h1)[idx]
            return out

        return strengths_from_sums(sums, rows_cards)

    hero_s = strengths(hero[0], hero[1])
    opp_s = np.empty((trials, opponents), dtype=np.int16)
    for k in range(opponents):
        opp_s[:, k] = strengths(hole[:, k, 0], hole[:, k, 1])
    share, win, level = _share_stats(hero_s, opp_s)
    return Equity(
        equity=float(share.mean()),
        win=float(win.mean()),
        tie=float(level.mean()),
        stderr=float(share.std(ddof=1) / sqrt(trials)),
        trials=trials,
        exact=False,
    )


# --------------------------------------------------------------------------
# Exact enumeration


def _combo_weights(avail: npt.NDArray[np.intp], rng_: Range | None
                   ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]:
    """Opponent hands drawn from the live cards, with their weights (> 0)."""
    live = np.zeros(52, dtype=bool)
    live[avail] = True
    ok = live[COMBOS[:, 0]] & live[COMBOS[:, 1]]
    w = np.ones(len(COMBOS)) if rng_ is None else rng_.weights
    keep = ok & (w > 0)
    return COMBOS[keep].astype(np.intp), w[keep].astype(np.float64)


def _exact_heads_up(hero: list[int], board: list[int], known: list[int],
                    opp_range: Range | None) -> Equity:
    key = batch_tables().key
    avail = _live_cards(known)
    need = 5 - len(board)
    if need:
        runs = np.array(list(combinations(avail.tolist(), need)), dtype=np.intp)
    else:
        runs = np.empty((1, 0), dtype=np.intp)
    opp, w = _combo_weights(avail, opp_range)
    m = len(opp)
    per_chunk = max(1, _CHUNK // m)
    total_w = win_w = tie_w = 0.0
    outcomes = 0
    base = FLUSH_OFFSET + int(key[board].sum())
    opp_key = np.take(key, opp[:, 0]) + np.take(key, opp[:, 1])
    hero_arr = np.array(hero, dtype=np.intp)
    hero_key = int(key[hero[0]] + key[hero[1]])
    for start in range(0, len(runs), per_chunk):
        run = runs[start:start + per_chunk]
        c = len(run)
        full = np.empty((c, 5), dtype=np.intp)
        full[:, :len(board)] = board
        full[:, len(board):] = run
        bsum = base + np.take(key, run).sum(axis=1)

        def hero_rows(idx: npt.NDArray[np.intp], full: npt.NDArray[np.intp] = full
                      ) -> npt.NDArray[np.intp]:
            return np.concatenate([full[idx], np.broadcast_to(hero_arr, (len(idx), 2))], axis=1)

        def opp_rows(idx: npt.NDArray[np.intp], full: npt.NDArray[np.intp] = full
                     ) -> npt.NDArray[np.intp]:
            return np.concatenate([full[idx // m], opp[idx % m]], axis=1)

        hero_s = strengths_from_sums(bsum + hero_key, hero_rows)
        valid = np.ones((c, m), dtype=bool)
        for j in range(need):
            valid &= (run[:, j, None] != opp[None, :, 0]) & (run[:, j, None] != opp[None, :, 1])
        # A hand that shares a card with the run-out is impossible: it gets
        # weight 0, and hero's (valid) sum instead of one that may not exist.
        sums = np.where(valid, bsum[:, None] + opp_key[None, :],
                        (bsum + hero_key)[:, None]).ravel()
        opp_s = strengths_from_sums(sums, opp_rows).reshape(c, m)
        weight = valid * w[None, :]
        total_w += float(weight.sum())
        win_w += float(weight[hero_s[:, None] > opp_s].sum())
        tie_w += float(weight[hero_s[:, None] == opp_s].sum())
        outcomes += int(valid.sum())
    return Equity(
        equity=(win_w + tie_w / 2) / total_w,
        win=win_w / total_w,
        tie=tie_w / total_w,
        stderr=0.0,
        trials=outcomes,
        exact=True,
    )


def _exact_river_two(hero: list[int], board: list[int], known: list[int],
                     r1: Range | None, r2: Range | None) -> Equity:
    key = batch_tables().key
    avail = _live_cards(known)
    bsum = FLUSH_OFFSET + int(key[board].sum())
    hero_s = int(strengths_from_sums(
        np.array([bsum + int(key[hero[0]] + key[hero[1]])], dtype=np.int64),
        lambda idx: np.array([board + hero], dtype=np.intp))[0])
    # Every live hand's strength on this board (both opponents draw from them).
    combos, _ = _combo_weights(avail, None)
    sums = bsum + np.take(key, combos[:, 0]) + np.take(key, combos[:, 1])
    board_arr = np.array(board, dtype=np.intp)
    strength = strengths_from_sums(
        sums, lambda idx: np.concatenate(
            [np.broadcast_to(board_arr, (len(idx), 5)), combos[idx]], axis=1))
    at = combo_indices(combos[:, 0], combos[:, 1])
    w1 = np.ones(len(combos)) if r1 is None else r1.weights[at]
    w2 = np.ones(len(combos)) if r2 is None else r2.weights[at]
    # Sums over the pairs of hands the two opponents can hold together (no
    # card in common), without building the pairs: all pairs, less those
    # that share a card (counted card by card, where a pair of the very same
    # hand shares two cards and so was taken away twice).
    incidence = np.zeros((len(combos), 52))
    incidence[np.arange(len(combos))[:, None], combos] = 1.0

    def together(f: npt.NDArray[np.float64], g: npt.NDArray[np.float64]) -> float:
        return float(f.sum() * g.sum() - (incidence.T @ f) @ (incidence.T @ g) + f @ g)

    below = (strength < hero_s).astype(np.float64)  # hero beats this hand
    equal = (strength == hero_s).astype(np.float64)  # hero ties it
    total = together(w1, w2)
    if total <= 1e-12:
        raise EquityError("ranges_collide", "the ranges can never be dealt together")
    win = together(w1 * below, w2 * below)
    # Hero ties for best: one tie and one beaten hand (a two-way split), or two ties.
    two_way = together(w1 * equal, w2 * below) + together(w1 * below, w2 * equal)
    three_way = together(w1 * equal, w2 * equal)
    return Equity(
        equity=(win + two_way / 2 + three_way / 3) / total,
        win=win / total,
        tie=(two_way + three_way) / total,
        stderr=0.0,
        trials=round(together((w1 > 0).astype(np.float64), (w2 > 0).astype(np.float64))),
        exact=True,
    )
