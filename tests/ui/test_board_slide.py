"""A board card dealt onto the felt slides over empty slots only (issue 33,
item 7): the third flop card was drawn 21 px onto the second at 1900x1050
while it slid in from the left.  Every blit of a card on the board's row is
recorded at each moment of the slide."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.motion import Motion  # noqa: E402
from tests.ui.tables import Clock, table  # noqa: E402


class Recording(pygame.Surface):
    """A frame that remembers where each image was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kwargs)
        self.blits.append(pygame.Rect(dest[0], dest[1], *source.get_size())
                          if isinstance(dest, tuple) else rect)
        return rect


@pytest.mark.parametrize("size", [(1900, 1050), (1024, 640), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("dealt", [2, 3, 4])  # the third flop card, the turn, the river
def test_a_card_slides_in_over_no_card_already_dealt(size, dealt):
    screen, _clock = table(6, "showdown")
    screen.draw(pygame.Surface(size))
    board = [screen.rects[f"board:{k}"] for k in range(5)]
    clock = Clock()
    motion = Motion(clock)
    motion.start(f"board:{dealt}", 1.0)
    screen.motion = motion
    for step in range(1, 20):
        clock.now = step / 20
        frame = Recording(size)
        screen.draw(frame)
        cards = [r for r in frame.blits if r.y == board[0].y and r.w == board[0].w]
        assert len(cards) == 5
        for k in range(5):  # the cards at rest, each in its slot; the one left moves
            if k != dealt:
                cards.remove(next(r for r in cards if r.x == board[k].x))
        moving = cards
        for k in range(dealt):
            assert not moving[0].colliderect(board[k]), (step, k, moving[0], board[k])
