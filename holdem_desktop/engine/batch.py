"""Hand evaluation over numpy arrays: many seven-card hands at once.

:func:`evaluate_batch` takes an ``(N, 7)`` integer array of cards (0..51,
distinct within a row) and returns the ``N`` strengths, equal to what
:func:`~.evaluator.evaluate7` gives for each row.  Equity simulation is
built on it.

The arrays behind it (a 7.8-million-entry int16 table, 15 MB) are built on
first use from the per-hand tables, in well under a second.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .hand_classes import FLUSH_BITS, FLUSH_OFFSET, RANK_MASK, SUIT_SHIFT, card_key, tables

__all__ = ["BatchTables", "batch_tables", "evaluate_batch", "strengths_from_sums"]

IntArray = npt.NDArray[np.integer]


@dataclass(frozen=True)
class BatchTables:
    """numpy forms of the evaluator tables."""

    key: npt.NDArray[np.int64]
    """Per card: rank key plus suit nibble (see :mod:`.hand_classes`)."""
    rank_sum: npt.NDArray[np.int16]
    """Strength by seven-card rank-key sum (0 where no hand has that sum)."""
    flush: npt.NDArray[np.int16]
    """Strength by 13-bit rank mask of the flush suit."""


_BATCH: BatchTables | None = None


def batch_tables() -> BatchTables:
    """Build (once) and return the numpy tables."""
    global _BATCH
    if _BATCH is None:
        t = tables()
        seven = t.by_rank_sum[7]
        sums = np.fromiter(seven.keys(), dtype=np.int64, count=len(seven))
        values = np.fromiter(seven.values(), dtype=np.int16, count=len(seven))
        rank_sum = np.zeros(int(np.max(sums)) + 1, dtype=np.int16)
        rank_sum[sums] = values
        key = np.array([card_key(c) for c in range(52)], dtype=np.int64)
        flush = np.array(t.flush, dtype=np.int16)
        for a in (key, rank_sum, flush):
            a.setflags(write=False)
        _BATCH = BatchTables(key, rank_sum, flush)
    return _BATCH


def _flush_strengths(cards: IntArray, sums: npt.NDArray[np.int64]) -> npt.NDArray[np.int16]:
    """Strengths of rows that hold a flush.  ``cards`` is ``(n, k)``, ``sums`` the key sums."""
    top = ((sums & FLUSH_BITS) >> (SUIT_SHIFT + 3)).astype(np.int32)  # one of 1, 16, 256, 4096
    suit = (top > 0xF).astype(np.int32) + (top > 0xFF) + (top > 0xFFF)
    mask = np.zeros(len(sums), dtype=np.int32)
    one = np.int32(1)
    for j in range(cards.shape[1]):
        col = cards[:, j].astype(np.int32)
        mask |= np.where((col & 3) == suit, one << (col >> 2), 0)
    return batch_tables().flush[mask]


def strengths_from_sums(sums: npt.NDArray[np.int64],
                        rows_cards: Callable[[npt.NDArray[np.intp]], IntArray],
                        ) -> npt.NDArray[np.int16]:
    """Strengths from seven-card key sums that already include the flush offset.

    ``rows_cards(rows)`` returns the ``(len(rows), 7)`` cards of the given
    rows; it is called once, for the rows that hold a flush (about 3%), so
    callers that never build the whole card array need not.
    """
    bt = batch_tables()
    out = np.take(bt.rank_sum, sums & RANK_MASK)
    flushed = np.flatnonzero(sums & FLUSH_BITS)
    if flushed.size:
        out[flushed] = _flush_strengths(rows_cards(flushed), sums[flushed])
    return out


def evaluate_batch(cards: npt.ArrayLike, *, check: bool = True) -> npt.NDArray[np.int16]:
    """Strengths (int16, 1…7462) of the ``N`` seven-card hands in an ``(N, 7)`` array.

    Raises ``ValueError`` for a wrong shape or a value outside 0..51, and,
    with ``check`` (the default), for a row whose cards are not distinct.
    Callers that built their rows from a deck may skip that check.
    """
    arr = np.asarray(cards)
    if arr.ndim != 2 or arr.shape[1] != 7:
        raise ValueError(f"expected an (N, 7) array of cards, got shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"cards must be integers 0..51, got dtype {arr.dtype}")
    if arr.shape[0] == 0:
        return np.zeros(0, dtype=np.int16)
    if int(arr.min()) < 0 or int(arr.max()) > 51:
        raise ValueError("cards must be integers 0..51")
    key = batch_tables().key
    cols = arr.T
    sums = np.take(key, cols[0])
    sums += FLUSH_OFFSET
    for j in range(1, 7):
        sums += np.take(key, cols[j])
    out = strengths_from_sums(sums, arr.__getitem__)
    if check:
        same = np.zeros(arr.shape[0], dtype=bool)
        for i in range(6):
            for j in range(i + 1, 7):
                same |= cols[i] == cols[j]
        if same.any():
            bad = int(np.flatnonzero(same)[0])
            raise ValueError(f"row {bad} does not hold seven distinct cards")
    elif int(np.min(out)) == 0:
        raise ValueError("a row does not hold seven distinct cards")
    return out
