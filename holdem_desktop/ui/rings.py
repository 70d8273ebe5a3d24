"""The focus ring: the one mark of where the keyboard is.

Every renderer draws it through :func:`draw_ring`, so that a page drawn
under a dialog (:func:`hidden`) wears none: only the dialog's focused
control has a ring, as in every desktop program, never a second, dimmed
one on the page behind it.  Neither is a text field's caret drawn there
(:func:`shown`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

__all__ = ["draw_ring", "hidden", "shown"]

_HIDDEN = [0]
"""How many drawings under a dialog are under way (a dialog over a dialog)."""


def shown() -> bool:
    """Whether the page being drawn shows where its focus is (it is not
    under a dialog)."""
    return not _HIDDEN[0]


@contextmanager
def hidden() -> Iterator[None]:
    """Draw a page under a dialog: no ring, no caret."""
    _HIDDEN[0] += 1
    try:
        yield
    finally:
        _HIDDEN[0] -= 1


def draw_ring(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect,
              width: int = 4, radius: int = 10) -> None:
    """The focus ring ``rect`` (already grown around its control), unless
    the page is drawn under a dialog."""
    if shown():
        pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)
