"""Pages whose rows are a table drawn as a grid (the final ranking of a
tournament): each row's words in columns under captions, your own row lit.

By ear nothing changes: each row is still one control whose label is the
whole line ("5. Mara (you), rating -2.1"), and the heading that names the
columns is still said as a heading.  By eye the heading is drawn as the
columns' captions, and each row as cells in those columns, one band a row
(every other band a shade lighter, so a long row is followed across)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from .page_draw import PageRenderer
from .widgets import Control, Role

__all__ = ["Grid", "GridRenderer"]


@dataclass
class Grid:
    """What the grid shows: the ``header`` control's id drawn as ``columns``
    (captions), where each column starts (``stops``, fractions of the row's
    width; a column whose ``right`` flag is set is aligned to its right
    edge, as numbers are), the ``cells`` of each row's control id, and the
    rows drawn lit (``marked``: yours)."""

    header: str
    columns: Sequence[str]
    stops: Sequence[float]
    right: Sequence[bool] = ()
    cells: dict[str, Sequence[str]] = field(default_factory=dict)
    marked: set[str] = field(default_factory=set)


class GridRenderer(PageRenderer):
    """A :class:`PageRenderer` that draws the rows of a :class:`Grid` as a
    grid; every other control as any page does."""

    def __init__(self, grid: Grid) -> None:
        super().__init__()
        self.grid = grid
        self.drawn_cells: dict[str, list[pygame.Rect]] = {}
        """Where each row's cells went in the last frame (for tests)."""
        self._index: dict[str, int] = {}

    def _height(self, c: Control, scale: float, width: int) -> int:
        if c.id in self.grid.cells:
            return round(40 * scale)
        return super()._height(c, scale, width)

    def draw(self, surface: pygame.Surface, area: pygame.Rect, title: str,
             controls: Sequence[Control], focused: str | None,
             status: str = "", subtitle: str = "", notice: str = "",
             selected: str | None = None) -> dict[str, pygame.Rect]:
        self.drawn_cells = {}
        self._index = {key: k for k, key in enumerate(self.grid.cells)}  # bands stay put
        return super().draw(surface, area, title, controls, focused, status, subtitle, notice,
                            selected)

    def _edges(self, rect: pygame.Rect, s: float) -> list[tuple[int, int]]:
        """Each column's left and right edge inside ``rect``."""
        pad = round(12 * s)
        inner = rect.w - 2 * pad
        stops = [rect.x + pad + round(f * inner) for f in self.grid.stops]
        ends = [*stops[1:], rect.right - pad]
        return [(a, b - pad) for a, b in zip(stops, ends, strict=True)]

    def _cell(self, surface: pygame.Surface, text: str, edge: tuple[int, int], middle: int,
              size: int, color: tuple[int, int, int], right: bool) -> pygame.Rect:
        """One cell's words, cut with "…" if they do not fit its column."""
        f = self.font(size)
        width = max(1, edge[1] - edge[0])
        if f.size(text)[0] > width:
            while text and f.size(text + "…")[0] > width:
                text = text[:-1]
            text += "…"
        img = f.render(text, True, color)
        where = img.get_rect(midright=(edge[1], middle)) if right \
            else img.get_rect(midleft=(edge[0], middle))
        return surface.blit(img, where)

    def _control(self, surface: pygame.Surface, c: Control, rect: pygame.Rect,
                 s: float, *, focused: bool = False, selected: bool = False) -> pygame.Rect:
        g, p = self.grid, self.palette
        right = [*g.right, *[False] * len(g.columns)]
        if c.id == g.header and c.role is Role.HEADING:  # the captions, above the columns
            size = round(26 * s)
            for k, (caption, edge) in enumerate(zip(g.columns, self._edges(rect, s),
                                                    strict=True)):
                self._cell(surface, caption, edge, rect.bottom - round(14 * s), size,
                           p.heading, right[k])
            line_y = rect.bottom - 2
            pygame.draw.line(surface, p.dim, (rect.x, line_y), (rect.right, line_y), 2)
            return rect
        cells = g.cells.get(c.id)
        if cells is None and c.role is Role.TEXT:  # a note between rows ("Places 11 to 34…")
            size = round(24 * s)
            for k, line in enumerate(self._wrap(c.label, size, rect.w)):
                img = self.font(size).render(line, True, p.dim)
                surface.blit(img, img.get_rect(midtop=(rect.centerx,
                                                       rect.y + round(4 * s) + k * round(28 * s))))
            return rect
        if cells is None:
            return super()._control(surface, c, rect, s, focused=focused, selected=selected)
        mine = c.id in g.marked
        band = p.seat_won if mine else (p.panel if self._index[c.id] % 2 == 0
                                        else p.button_off)
        pygame.draw.rect(surface, band, rect, border_radius=6)
        color = p.gold if mine else p.text
        size = round(26 * s)
        drawn = [self._cell(surface, text, edge, rect.centery, size, color, right[k])
                 for k, (text, edge) in enumerate(zip(cells, self._edges(rect, s),
                                                      strict=False))]
        self.drawn_cells[c.id] = drawn
        return rect
