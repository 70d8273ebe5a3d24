"""The Hard player's reading of a board, computed for all 1,326 holdings at
once, against the plain one-holding-at-a-time definition."""

from __future__ import annotations

import random

import numpy as np

from holdem_desktop.ai.hard_v1 import AIR, DRAW, MEDIUM, MONSTER, _tiers_cached, categories
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.hand_classes import HandCategory, category_of
from holdem_desktop.engine.ranges import COMBOS


def reference_tiers(board: tuple[int, ...]) -> list[int]:
    counts = sorted((sum(1 for c in board if c >> 2 == r) for r in {c >> 2 for c in board}),
                    reverse=True)
    level = (HandCategory.THREE_OF_A_KIND if counts[0] >= 3 else
             HandCategory.TWO_PAIR if counts[:2] == [2, 2] else
             HandCategory.PAIR if counts[0] == 2 else HandCategory.HIGH_CARD)
    if len(board) == 5:
        level = max(level, category_of(evaluate(board)))
    suits = [c & 3 for c in board]
    out = []
    for a, b in COMBOS.tolist():
        if a in board or b in board:
            out.append(AIR)
            continue
        made = category_of(evaluate((a, b, *board)))
        if made > level and made >= HandCategory.TWO_PAIR:
            out.append(MONSTER)
        elif made > level:
            out.append(MEDIUM)
        elif len(board) < 5 and (a & 3) == (b & 3) and suits.count(a & 3) >= 2:
            out.append(DRAW)
        else:
            out.append(AIR)
    return out


def test_categories_match_the_evaluator_on_random_hands():
    rng = random.Random(4)
    for size in (5, 6, 7):
        rows = [rng.sample(range(52), size) for _ in range(3000)]
        want = [int(category_of(evaluate(r))) for r in rows]
        assert categories(np.array(rows)).tolist() == want


def test_tiers_match_the_plain_definition_on_random_and_tricky_boards():
    rng = random.Random(11)
    boards = [tuple(rng.sample(range(52), n)) for n in (3, 4, 5) for _ in range(12)]
    boards += [(48, 49, 50), (0, 4, 8, 12), (48, 44, 40, 36, 32), (1, 5, 9, 13, 17)]
    for board in boards:
        assert _tiers_cached(tuple(sorted(board))).tolist() == reference_tiers(board), board
