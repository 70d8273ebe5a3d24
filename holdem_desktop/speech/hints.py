"""Beginner hints: what the cards say to someone still learning.

- A flush draw: four cards of one suit, at least one of them yours, with
  a card still to come.
- A straight draw: some rank would complete a straight that uses at least
  one of your cards, with a card still to come and no straight made yet.
- The board plays: on the river, your best five cards are the board's
  own (your cards add nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem_desktop.engine.evaluator import evaluate, evaluate_hand
from holdem_desktop.engine.hand_classes import HandCategory

__all__ = ["board_plays", "draws"]


def _straight_ranks(ranks: set[int]) -> bool:
    """Whether the ranks (0 = two … 12 = ace) hold five in a row (the ace
    also plays low)."""
    high = ranks | ({-1} if 12 in ranks else set())
    return any(all(r + k in high for k in range(5)) for r in range(-1, 9))


def draws(hole: Sequence[int], board: Sequence[int]) -> tuple[bool, bool]:
    """(flush draw, straight draw) for ``hole`` on ``board`` — only while a
    card is still to come (flop or turn)."""
    if not 3 <= len(board) <= 4:
        return False, False
    cards = list(hole) + list(board)
    made = evaluate_hand(cards).category
    flush = False
    if made < HandCategory.FLUSH:
        for suit in range(4):
            if sum(1 for c in cards if c & 3 == suit) == 4 and any(c & 3 == suit for c in hole):
                flush = True
    straight = False
    if made < HandCategory.STRAIGHT:
        ranks = {c >> 2 for c in cards}
        board_ranks = {c >> 2 for c in board}
        for extra in range(13):
            if extra in ranks:
                continue
            # It must be a straight with the new card, and not one the board
            # alone (with the new card) would make for everyone.
            if _straight_ranks(ranks | {extra}) and not _straight_ranks(board_ranks | {extra}):
                straight = True
                break
    return flush, straight


def board_plays(hole: Sequence[int], board: Sequence[int]) -> bool:
    """Whether, with all five board cards out, the best hand is the board itself."""
    if len(board) != 5:
        return False
    return evaluate(list(hole) + list(board)) == evaluate(list(board))
