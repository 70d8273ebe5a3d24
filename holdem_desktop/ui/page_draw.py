"""Drawing a page of controls: menus, forms, Settings, How to play.

One column of controls under a title, in the table's colours, with the
focus ring around the focused one and the last message at the bottom.
Long pages scroll so the focused control is always in view.  Records where
each control went, for the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .draw import Palette, font, wrap
from .widgets import Control, Role

__all__ = ["PageRenderer"]


class PageRenderer:
    """Paints pages; keeps fonts and the scroll position."""

    def __init__(self, palette: Palette | None = None) -> None:
        self.palette = palette or Palette()
        self._scroll = 0

    @staticmethod
    def font(size: int) -> pygame.font.Font:
        """The game's font at ``size`` pixels."""
        return font(size)

    def _wrap(self, text: str, size: int, width: int) -> list[str]:
        return wrap(self.font(size), text, width)

    def _height(self, c: Control, scale: float, width: int) -> int:
        if c.role is Role.HEADING:
            return round(44 * scale)
        if c.role in (Role.TEXT, Role.CARD):
            size = round(26 * scale)
            return len(self._wrap(c.label, size, width)) * round(28 * scale) + round(8 * scale)
        return round(48 * scale)

    def draw(self, surface: pygame.Surface, area: pygame.Rect, title: str,
             controls: Sequence[Control], focused: str | None,
             status: str = "", subtitle: str = "", notice: str = "") -> dict[str, pygame.Rect]:
        """Paint the page into ``area``; returns where each control was drawn
        (and the ``notice``, a warning under the title, as ``"notice"``)."""
        p = self.palette
        s = min(area.w / 1280, area.h / 800) if area.w and area.h else 1.0
        s = max(0.8, s)
        pygame.draw.rect(surface, p.background, area)
        width = min(area.w - round(80 * s), round(900 * s))
        x = area.centerx - width // 2
        top = area.y + round(24 * s)
        title_img = self.font(round(48 * s)).render(title, True, p.gold)
        surface.blit(title_img, title_img.get_rect(midtop=(area.centerx, top)))
        body_top = top + title_img.get_height() + round(20 * s)
        if subtitle:
            sub = self.font(round(28 * s)).render(subtitle, True, p.dim)
            surface.blit(sub, sub.get_rect(midtop=(area.centerx, body_top - round(8 * s))))
            body_top += sub.get_height() + round(24 * s)
        notice_rect = None
        if notice:
            size = round(26 * s)
            lines = self._wrap(notice, size, width)
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
        if k is not None:  # keep the focused control in view
            if starts[k] - self._scroll < 0:
                self._scroll = starts[k]
            elif starts[k] + heights[k] - self._scroll > view:
                self._scroll = starts[k] + heights[k] - view
        self._scroll = max(0, min(self._scroll, max(0, total - view)))
        rects: dict[str, pygame.Rect] = {}
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(area.x, body_top - 8, area.w, view + 16))  # room for rings
        for c, start, h in zip(controls, starts, heights, strict=True):
            rect = pygame.Rect(x, body_top + start - self._scroll, width, h)
            if rect.bottom < body_top or rect.top > body_bottom:
                continue
            rect = self._control(surface, c, rect, s)
            rects[c.id] = rect
            if c.id == focused:
                pygame.draw.rect(surface, p.focus, rect.inflate(10, 8), width=4, border_radius=10)
        surface.set_clip(clip)
        if notice_rect is not None:
            rects["notice"] = notice_rect
        if status:
            img = self.font(round(24 * s)).render(status[:140], True, p.dim)
            surface.blit(img, img.get_rect(midbottom=(area.centerx, area.bottom - round(16 * s))))
        return rects

    def _control(self, surface: pygame.Surface, c: Control, rect: pygame.Rect,
                 s: float) -> pygame.Rect:
        """Paint one control; returns the rectangle it took."""
        p = self.palette
        color = p.text if c.enabled else p.dim
        pad = round(14 * s)
        if c.role is Role.HEADING:
            img = self.font(round(34 * s)).render(c.label, True, p.heading)
            return surface.blit(img, img.get_rect(midleft=(rect.x, rect.centery)))
        if c.role in (Role.TEXT, Role.CARD):
            size = round(26 * s)
            y = rect.y + round(4 * s)
            for line in self._wrap(c.label, size, rect.w):
                surface.blit(self.font(size).render(line, True, color), (rect.x, y))
                y += round(28 * s)
            return rect
        size = round(28 * s)
        if c.role is Role.BUTTON:
            wide = self.font(size).size(c.label)[0] + 2 * pad  # a long label widens it
            box = pygame.Rect(0, 0, min(rect.w, max(round(460 * s), wide)), rect.h)
            box.center = rect.center  # buttons stand in the middle of the column
            pygame.draw.rect(surface, p.button if c.enabled else p.button_off, box,
                             border_radius=8)
            img = self.font(size).render(c.label, True, color)
            surface.blit(img, img.get_rect(center=box.center))
            return box
        pygame.draw.rect(surface, p.panel, rect, border_radius=8)
        label = self.font(size).render(c.label, True, color)
        surface.blit(label, label.get_rect(midleft=(rect.x + pad, rect.centery)))
        right = pygame.Rect(rect.x + rect.w // 2, rect.y + round(6 * s), rect.w // 2 - pad,
                            rect.h - round(12 * s))
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
            text, at = value + "|", right.x + pad
        else:  # a choice: "<  value  >"
            text, at = f"<  {value}  >", right.x
        img = self.font(size).render(text, True, color)
        surface.blit(img, img.get_rect(midleft=(at, right.centery)))
        return rect

