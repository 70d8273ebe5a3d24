"""Pages whose controls show cards: a paragraph with a picture of an example
hand under its words (How to play's hand rankings), and rows of a table
whose cells are a number, card images, words (Hand review's hands).

The words said stay the control's label: the pictures and the table's
cells are what the eye reads of the same line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from holdem_desktop.engine.cards import card_text
from holdem_desktop.resources import assets_dir

from .draw import TableRenderer
from .page_draw import PageRenderer
from .widgets import Control, Role

__all__ = ["CardPageRenderer", "Row"]


@dataclass(frozen=True)
class Row:
    """One row of a table of hands: what each column shows."""

    number: str
    cards: Sequence[int]
    board: Sequence[int]
    result: str
    pot: str


_COLUMNS = (0.0, 0.1, 0.31, 0.66, 0.86)
"""Where each column starts, as a fraction of the row's width."""


class CardPageRenderer(PageRenderer):
    """A :class:`PageRenderer` that draws cards: ``pictures`` maps a text
    control's id to the cards drawn under its words; ``rows`` maps a button's
    id to its row of a table, whose column captions ``columns`` stand above
    the first row."""

    def __init__(self, deck: str = "classic") -> None:
        super().__init__()
        self.cards = TableRenderer(assets_dir() / "cards" / deck, self.palette)
        self.pictures: dict[str, Sequence[int]] = {}
        self.rows: dict[str, Row] = {}
        self.columns: Sequence[str] = ()
        self.drawn_cards: dict[str, list[pygame.Rect]] = {}
        """Where each control's card images went in the last frame."""

    @staticmethod
    def _card_w(s: float) -> int:
        return round(44 * s)

    def _card_h(self, s: float) -> int:
        return round(self._card_w(s) * 1.4)

    def _first_row(self) -> str | None:
        return next(iter(self.rows), None)

    def _height(self, c: Control, scale: float, width: int) -> int:
        if c.id in self.rows:
            caption = round(34 * scale) if c.id == self._first_row() and self.columns else 0
            return caption + self._card_h(scale) + round(16 * scale)
        height = super()._height(c, scale, width)
        if c.id in self.pictures:
            height += self._card_h(scale) + round(10 * scale)
        return height

    def draw(self, surface: pygame.Surface, area: pygame.Rect, title: str,
             controls: Sequence[Control], focused: str | None,
             status: str = "", subtitle: str = "", notice: str = "",
             selected: str | None = None) -> dict[str, pygame.Rect]:
        self.drawn_cards = {}
        return super().draw(surface, area, title, controls, focused, status, subtitle, notice,
                            selected)

    def _hand(self, surface: pygame.Surface, key: str, cards: Sequence[int], x: int, y: int,
              s: float) -> int:
        """Card images left to right from (x, y); returns the x after them."""
        w, gap = self._card_w(s), round(4 * s)
        for card in cards:
            rect = surface.blit(self.cards.card(card_text(card), w), (x, y))
            self.drawn_cards.setdefault(key, []).append(rect)
            x += w + gap
        return x

    def _control(self, surface: pygame.Surface, c: Control, rect: pygame.Rect,
                 s: float, *, focused: bool = False, selected: bool = False) -> pygame.Rect:
        row = self.rows.get(c.id)
        if row is not None:
            return self._row(surface, c.id, row, rect, s)
        if c.id not in self.pictures or c.role not in (Role.TEXT, Role.CARD):
            return super()._control(surface, c, rect, s, focused=focused, selected=selected)
        words = pygame.Rect(rect.x, rect.y, rect.w, rect.h - self._card_h(s) - round(10 * s))
        super()._control(surface, c, words, s, focused=focused, selected=selected)
        self._hand(surface, c.id, self.pictures[c.id], rect.x + round(16 * s), words.bottom, s)
        return rect

    def _row(self, surface: pygame.Surface, key: str, row: Row, rect: pygame.Rect,
             s: float) -> pygame.Rect:
        p = self.palette
        size = round(26 * s)
        xs = [rect.x + round(12 * s) + round(f * (rect.w - round(24 * s))) for f in _COLUMNS]
        if key == self._first_row() and self.columns:
            for x, caption in zip(xs, self.columns, strict=False):
                img = self.font(size).render(caption, True, p.heading)
                surface.blit(img, (x, rect.y))
            rect = pygame.Rect(rect.x, rect.y + round(34 * s), rect.w, rect.h - round(34 * s))
        pygame.draw.rect(surface, p.button, rect, border_radius=8)
        y = rect.y + round(8 * s)
        middle = rect.centery
        for x, text in ((xs[0], row.number), (xs[3], row.result), (xs[4], row.pot)):
            img = self.font(size).render(text, True, p.text)
            surface.blit(img, img.get_rect(midleft=(x, middle)))
        self._hand(surface, key, row.cards, xs[1], y, s)
        if row.board:
            self._hand(surface, key, row.board, xs[2], y, s)
        else:  # no flop: a dash where the board would be
            img = self.font(size).render("–", True, p.dim)
            surface.blit(img, img.get_rect(midleft=(xs[2], middle)))
        return rect
