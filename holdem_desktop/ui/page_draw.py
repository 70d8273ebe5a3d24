"""Drawing a page of controls: menus, forms, Settings, How to play.

One column of controls under a title, in the table's colours, with the
focus ring around the focused one and the last message at the bottom.
Long pages scroll: the focused control is brought into view when the
focus moves, the mouse wheel scrolls, and a scroll bar beside the column
shows where the view is (a click on it jumps there).  Records where each
control went, for the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .draw import Palette, font, set_text_scale
from .lines import break_lines
from .rings import draw_ring, shown
from .widgets import Control, Role

__all__ = ["PageRenderer"]


class PageRenderer:
    """Paints pages; keeps fonts and the scroll position."""

    def __init__(self, palette: Palette | None = None) -> None:
        self.palette = palette or Palette()
        self._scroll = 0
        self._followed: str | None = None
        """The focused control the scroll last followed: the view jumps to
        the focus when it moves, and otherwise stays where the wheel put it."""
        self.max_scroll = 0
        """How far the page scrolls (0: it fits), as of the last frame."""
        self.step = 40
        """Pixels per wheel notch, as of the last frame."""
        self._bar: pygame.Rect | None = None
        self._body = pygame.Rect(0, 0, 0, 0)
        self.scale: float | None = None
        """The size of the words against the 1280×800 design size; None: the
        area's own (a page drawn in part of the window sets the window's)."""
        self.drawn: dict[str, pygame.Rect] = {}
        """Where words went in the last frame: ``"subtitle"``, each labelled
        row's label as ``"label:" + id`` and each text's words as ``"text:" + id``."""

    def scroll_by(self, notches: int) -> bool:
        """Scroll ``notches`` wheel notches down (negative: up); False when
        the page does not move (it fits, or is at that end already)."""
        before = self._scroll
        self._scroll = max(0, min(self.max_scroll, self._scroll + notches * self.step))
        return self._scroll != before

    def scroll_to(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos``: on the scroll bar, the page moves to that
        point of it (True); elsewhere nothing happens (False)."""
        bar = self._bar
        if bar is None or not bar.collidepoint(pos):
            return False
        fraction = (pos[1] - bar.y) / max(1, bar.h)
        self._scroll = max(0, min(self.max_scroll, round(fraction * self.max_scroll)))
        return True

    @staticmethod
    def font(size: int) -> pygame.font.Font:
        """The game's font at ``size`` pixels."""
        return font(size)

    def _wrap(self, text: str, size: int, width: int) -> list[str]:
        return break_lines(self.font(size), text, width)

    def _button_lines(self, c: Control, scale: float, width: int) -> list[str]:
        """A button's label in lines that fit the column (a long label wraps)."""
        return self._wrap(c.label, round(28 * scale), width - 2 * round(14 * scale))

    def _label_lines(self, c: Control, scale: float, width: int) -> list[str]:
        """A row's label in lines that fit its half of the row (its value has
        the other half): a long label wraps, never runs under the value."""
        return self._wrap(c.label, round(28 * scale), width // 2 - 2 * round(14 * scale))

    def _height(self, c: Control, scale: float, width: int) -> int:
        if c.role is Role.HEADING:
            return round(44 * scale)
        if c.role in (Role.TEXT, Role.CARD):
            size, pad = round(26 * scale), round(14 * scale)
            return len(self._wrap(c.label, size, width - 2 * pad)) * round(28 * scale) \
                + round(8 * scale)
        if c.role is Role.BUTTON:
            lines = len(self._button_lines(c, scale, width))
            return max(round(48 * scale), lines * round(32 * scale) + round(16 * scale))
        lines = len(self._label_lines(c, scale, width))
        return max(round(48 * scale), lines * round(32 * scale) + round(16 * scale))

    def draw(self, surface: pygame.Surface, area: pygame.Rect, title: str,
             controls: Sequence[Control], focused: str | None,
             status: str = "", subtitle: str = "", notice: str = "",
             selected: str | None = None) -> dict[str, pygame.Rect]:
        """Paint the page into ``area``; returns where each control was drawn
        (and the ``notice``, a warning under the title, as ``"notice"``).
        A text field shows its caret only with the focus; ``selected``: the
        text field whose text is selected (highlighted)."""
        p = self.palette
        set_text_scale(surface.get_size())  # (bold follows the frame's own scale)
        s = min(area.w / 1280, area.h / 800) if area.w and area.h else 1.0
        s = max(0.8, s if self.scale is None else self.scale)
        pygame.draw.rect(surface, p.background, area)
        self.drawn = {}
        width = min(area.w - round(80 * s), round(900 * s))
        x = area.centerx - width // 2
        top = area.y + round(24 * s)
        title_img = self.font(round(48 * s)).render(title, True, p.gold)
        surface.blit(title_img, title_img.get_rect(midtop=(area.centerx, top)))
        body_top = top + title_img.get_height() + round(20 * s)
        if subtitle:  # a long one (a server's name in it, a room's closing) wraps
            size, y = round(28 * s), body_top - round(8 * s)
            drawn: list[pygame.Rect] = []
            for line in self._wrap(subtitle, size, width):
                sub = self.font(size).render(line, True, p.dim)
                drawn.append(surface.blit(sub, sub.get_rect(midtop=(area.centerx, y))))
                y += sub.get_height()
            self.drawn["subtitle"] = drawn[0].unionall(drawn[1:])
            body_top = y + round(32 * s)
        notice_rect = None
        if notice:
            size = round(26 * s)
            lines = self._wrap(notice, size, width - 2 * round(16 * s))  # clear of its frame
            box = pygame.Rect(x, body_top - round(8 * s), width,
                              len(lines) * round(30 * s) + round(16 * s))
            pygame.draw.rect(surface, p.warning, box, width=3, border_radius=8)
            for row, line in enumerate(lines):
                img = self.font(size).render(line, True, p.warning)
                surface.blit(img, img.get_rect(midtop=(area.centerx, box.y + round(8 * s)
                                                       + row * round(30 * s))))
            notice_rect = box
            body_top = box.bottom + round(24 * s)
        body_bottom = area.bottom - round(56 * s)
        heights = [self._height(c, s, width) for c in controls]
        starts = []
        y = 0
        for h in heights:
            starts.append(y)
            y += h + round(8 * s)
        total = y
        view = body_bottom - body_top
        k = next((i for i, c in enumerate(controls) if c.id == focused), None)
        if k is not None and focused != self._followed:  # the focus moved: bring it in view
            self._followed = focused
            if starts[k] - self._scroll < 0:
                self._scroll = starts[k]
            elif starts[k] + heights[k] - self._scroll > view:
                self._scroll = starts[k] + heights[k] - view
        self.max_scroll = max(0, total - view)
        self.step = round(56 * s)
        self._scroll = max(0, min(self._scroll, self.max_scroll))
        rects: dict[str, pygame.Rect] = {}
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(area.x, body_top - 8, area.w, view + 16))  # room for rings
        for c, start, h in zip(controls, starts, heights, strict=True):
            rect = pygame.Rect(x, body_top + start - self._scroll, width, h)
            if rect.bottom < body_top or rect.top > body_bottom:
                continue
            rect = self._control(surface, c, rect, s, focused=c.id == focused,
                                 selected=c.id == selected)
            rects[c.id] = rect
            if c.id == focused:
                draw_ring(surface, p.focus, rect.inflate(10, 8))
        surface.set_clip(clip)
        self._body = pygame.Rect(x, body_top, width, view)
        self._bar = None
        if self.max_scroll:  # a scroll bar beside the column: where the view is, and how much
            track = pygame.Rect(min(area.right - round(20 * s), x + width + round(24 * s)),
                                body_top, round(10 * s), view)
            thumb_h = max(round(30 * s), round(track.h * view / total))
            thumb_y = track.y + round((track.h - thumb_h) * self._scroll / self.max_scroll)
            pygame.draw.rect(surface, p.button_off, track, border_radius=5)
            pygame.draw.rect(surface, p.dim, (track.x, thumb_y, track.w, thumb_h),
                             border_radius=5)
            self._bar = track.inflate(round(12 * s), 0)  # easier to hit than to see
            rects["scrollbar"] = track
        if notice_rect is not None:
            rects["notice"] = notice_rect
        if status:  # one line, whole words: a long one ends in "…" (it was cut at 140 letters)
            f = self.font(round(24 * s))
            img = f.render(one_line(f, status, area.w - round(40 * s)), True, p.dim)
            self.drawn["status"] = surface.blit(img, img.get_rect(
                midbottom=(area.centerx, area.bottom - round(16 * s))))
        return rects

    def _control(self, surface: pygame.Surface, c: Control, rect: pygame.Rect,
                 s: float, *, focused: bool = False, selected: bool = False) -> pygame.Rect:
        """Paint one control; returns the rectangle it took."""
        p = self.palette
        color = p.text if c.enabled else p.dim
        pad = round(14 * s)
        if c.role is Role.HEADING:
            img = self.font(round(34 * s)).render(c.label, True, p.heading)
            drawn = surface.blit(img, img.get_rect(midleft=(rect.x, rect.centery)))
            # the focus ring keeps a little room around the words, as around a button's
            return drawn.inflate(round(20 * s), round(6 * s)).move(-round(4 * s), 0)
        if c.role in (Role.TEXT, Role.CARD):
            size = round(26 * s)
            y = rect.y + round(4 * s)
            # indented as the rows' labels are, clear of the focus ring
            words = [surface.blit(self.font(size).render(line, True, color),
                                  (rect.x + pad, y + k * round(28 * s)))
                     for k, line in enumerate(self._wrap(c.label, size, rect.w - 2 * pad))]
            self.drawn["text:" + c.id] = words[0].unionall(words[1:])
            return rect
        size = round(28 * s)
        if c.role is Role.BUTTON:
            lines = self._button_lines(c, s, rect.w)
            wide = max(self.font(size).size(line)[0] for line in lines) + 2 * pad
            box = pygame.Rect(0, 0, min(rect.w, max(round(460 * s), wide)), rect.h)
            box.center = rect.center  # buttons stand in the middle of the column
            pygame.draw.rect(surface, p.button if c.enabled else p.button_off, box,
                             border_radius=8)
            step = round(32 * s)
            y = box.centery - step * (len(lines) - 1) // 2
            for k, line in enumerate(lines):  # a long label wraps, never cut
                img = self.font(size).render(line, True, color)
                surface.blit(img, img.get_rect(center=(box.centerx, y + k * step)))
            return box
        pygame.draw.rect(surface, p.panel, rect, border_radius=8)
        lines = self._label_lines(c, s, rect.w)
        step = round(32 * s)
        y = rect.centery - step * (len(lines) - 1) // 2
        parts: list[pygame.Rect] = []
        for line in lines:
            img = self.font(size).render(line, True, color)
            parts.append(surface.blit(img, img.get_rect(midleft=(rect.x + pad, y))))
            y += step
        self.drawn["label:" + c.id] = parts[0].unionall(parts[1:])
        right = pygame.Rect(rect.x + rect.w // 2, 0, rect.w // 2 - pad, round(36 * s))
        right.centery = rect.centery  # (a row a long label made taller keeps its field)
        value = c.value or ""
        if c.role is Role.CHECKBOX:
            box = pygame.Rect(0, 0, round(28 * s), round(28 * s))
            box.midleft = right.midleft
            pygame.draw.rect(surface, p.text, box, width=2, border_radius=4)
            if c.checked:
                pygame.draw.rect(surface, p.gold, box.inflate(-10, -10), border_radius=2)
            text = value
            at = box.right + pad
        elif c.role is Role.SLIDER:
            bar = pygame.Rect(right.x, right.centery - 4, right.w - round(150 * s), 8)
            pygame.draw.rect(surface, p.button_off, bar, border_radius=4)
            digits = "".join(ch for ch in value if ch.isdigit())
            fraction = min(1.0, int(digits) / 100) if digits else 0.0
            pygame.draw.rect(surface, p.gold, (bar.x, bar.y, round(bar.w * fraction), bar.h),
                             border_radius=4)
            text, at = value, bar.right + pad
        elif c.role is Role.EDIT:
            pygame.draw.rect(surface, p.background, right, border_radius=6)
            pygame.draw.rect(surface, p.dim, right, width=2, border_radius=6)
            text, at = value + ("|" if focused and not selected and shown() else ""), right.x + pad
            if selected and value:  # the whole text selected: typing replaces it
                size_ = self.font(size).size(value)
                mark = pygame.Rect(0, 0, size_[0] + round(6 * s), size_[1] + round(4 * s))
                mark.midleft = (at - round(3 * s), right.centery)
                pygame.draw.rect(surface, p.button, mark, border_radius=3)
        else:  # a choice: "<  value  >"
            text, at = f"<  {value}  >", right.x
        img = self.font(size).render(text, True, color)
        surface.blit(img, img.get_rect(midleft=(at, right.centery)))
        return rect


def one_line(f: pygame.font.Font, text: str, width: int) -> str:
    """``text`` on one line no wider than ``width`` pixels: as it is if it fits,
    else its first whole words and an ellipsis."""
    if f.size(text)[0] <= width:
        return text
    words = text.split()
    for n in range(len(words) - 1, 0, -1):
        shown = " ".join(words[:n]) + " …"
        if f.size(shown)[0] <= width:
            return shown
    return "…"
