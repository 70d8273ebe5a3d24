"""Beginner hints: draws and a board that plays."""

from __future__ import annotations

import pytest

from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.speech.hints import board_plays, draws


@pytest.mark.parametrize(("hole", "board", "flush", "straight"), [
    ("AhKh", "9h7h2d", True, False),   # four hearts, two of them yours
    ("AsKd", "9h7h2h", False, False),  # three hearts on the board, none yours
    ("AsKd", "9h7h2h5h", False, False),  # four hearts on the board alone: not your draw
    ("Jc9d", "8s7h2c", False, True),   # open-ended: a ten or a five... a ten
    ("AsKd", "QhJc3d", False, True),   # a ten makes broadway
    ("6c5d", "4s3h", False, False),    # no flop yet: no hints
    ("6c5d", "4s3hKd", False, True),   # 3-4-5-6: a two or a seven
    ("9c8d", "7s6h5c", False, False),  # already a straight: nothing to draw
    ("AhKh", "9h7h2d4c3s", False, False),  # the river: nothing is to come
    ("2c3d", "9s8s7d", False, False),  # the board's own straight draw is not yours
])
def test_draws(hole, board, flush, straight):
    if len(parse_cards(board)) < 3:
        assert draws(parse_cards(hole), parse_cards(board)) == (False, False)
        return
    assert draws(parse_cards(hole), parse_cards(board)) == (flush, straight)


def test_the_board_plays():
    assert board_plays(parse_cards("2c3d"), parse_cards("AsKsQsJsTs"))
    assert board_plays(parse_cards("2c3d"), parse_cards("AsAdKcKhQs"))  # 2 pair, queen kicker
    assert not board_plays(parse_cards("Qc3d"), parse_cards("AsAdKcKh9s"))  # queen kicker
    assert not board_plays(parse_cards("2c3d"), parse_cards("AsAdKcKh9s")[:4])
