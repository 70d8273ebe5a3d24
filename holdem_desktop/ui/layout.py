"""Where things go on the table, for any window size and 2–10 players.

Seats sit on an ellipse around the felt, the player's own seat at the bottom
centre and the others clockwise from there (to the player's left), so the
order on screen is the playing order.  All positions are in pixels of the
table area given; nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["BODY", "Rect", "TableLayout", "seat_positions"]

BODY = 22
"""The table's body text size (the Game state's lines), in the layouts'
units (scaled like every size): the title line and the action bar never
draw their words smaller."""


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in pixels."""

    x: int
    y: int
    w: int
    h: int

    @property
    def center(self) -> tuple[int, int]:
        """Its centre."""
        return self.x + self.w // 2, self.y + self.h // 2

    def contains(self, px: float, py: float) -> bool:
        """Whether the point lies inside."""
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


def seat_positions(count: int, area: Rect, *, margin: float = 0.09) -> list[tuple[int, int]]:
    """Centres of ``count`` seats around an ellipse inside ``area``; index 0 is
    the bottom centre (the player), then clockwise as seen on screen."""
    if not 2 <= count <= 10:
        raise ValueError(f"2 to 10 seats, not {count}")
    cx, cy = area.center
    rx = area.w * (0.5 - margin)
    ry = area.h * (0.5 - margin * 1.3)
    out = []
    for k in range(count):
        angle = math.pi / 2 + 2 * math.pi * k / count  # clockwise on screen from the bottom
        out.append((round(cx + rx * math.cos(angle)), round(cy + ry * math.sin(angle))))
    return out


@dataclass(frozen=True)
class TableLayout:
    """The regions of the table screen for a window size: the felt on the left,
    the zones panel (Actions, Game state, Players, Move log) on the right."""

    width: int
    height: int

    MIN_WIDTH = 1024
    MIN_HEIGHT = 640

    @property
    def scale(self) -> float:
        """Size factor against the 1280×800 design size."""
        return min(self.width / 1280, self.height / 800)

    @property
    def title(self) -> Rect:
        """The title line with everyone's chips."""
        return Rect(0, 0, self.width, round(44 * self.scale))

    @property
    def panel(self) -> Rect:
        """The zones panel on the right."""
        w = max(300, round(self.width * 0.27))
        top = self.title.h
        return Rect(self.width - w, top, w, self.height - top)

    @property
    def felt(self) -> Rect:
        """The table area on the left."""
        top = self.title.h
        return Rect(0, top, self.width - self.panel.w, self.height - top)

    @property
    def card_size(self) -> tuple[int, int]:
        """Card size on the felt (5:7)."""
        w = max(48, round(self.felt.w * 0.075))
        return w, round(w * 1.4)
