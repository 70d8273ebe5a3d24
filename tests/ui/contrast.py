"""Contrast measured from rendered pixels (WCAG 2 relative luminance).

A frame is drawn twice: as the player sees it, and with every text left
out (the game's fonts swapped for ones that draw nothing).  Where the two
differ is text; each glyph (a connected run of such pixels) is measured by
its strongest pixel against the same pixel with no text: the core of a
stroke is the text's colour, the same spot without it the background."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import pygame

from holdem_desktop.ui import draw


def luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB colours (last axis: r, g, b in 0–255)."""
    c = rgb.astype(np.float64) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin[..., 0] * 0.2126 + lin[..., 1] * 0.7152 + lin[..., 2] * 0.0722


def ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The contrast ratio between colours ``a`` and ``b`` (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


class _Blank:
    """A font that measures like the real one and draws nothing."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def render(self, text: str, antialias: bool, color: Any, *args: Any) -> pygame.Surface:
        w, h = self._real.size(text)
        return pygame.Surface((max(w, 1), max(h, 1)), pygame.SRCALPHA)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@contextmanager
def no_text() -> Iterator[None]:
    """Inside: the game's text draws nothing (every size, loaded or not)."""
    saved = dict(draw._FONTS)
    real_font = draw.font

    def blank(size: int) -> Any:
        return _Blank(real_font(size))

    draw._FONTS.clear()
    original = draw.font
    try:
        draw.font = blank  # type: ignore[assignment]
        # the renderers call the module's function through their own names
        import holdem_desktop.ui.page_draw as page_draw
        page_saved = page_draw.font
        page_draw.font = blank  # type: ignore[assignment]
        try:
            yield
        finally:
            page_draw.font = page_saved
    finally:
        draw.font = original
        draw._FONTS.clear()
        draw._FONTS.update(saved)


@dataclass(frozen=True)
class Glyph:
    """One glyph's measure: where, its contrast, and whether it is large."""

    rect: pygame.Rect
    contrast: float
    large: bool


def glyphs(paint: Callable[[pygame.Surface], None], size: tuple[int, int],
           large_from: int = 17) -> list[Glyph]:
    """Every glyph ``paint`` draws on a frame of ``size``, measured.  A glyph
    at least ``large_from`` pixels tall is large text (the capitals of a 24
    pixel font, WCAG's 18 points)."""
    with_text = pygame.Surface(size)
    paint(with_text)
    without = pygame.Surface(size)
    with no_text():
        paint(without)
    a = pygame.surfarray.pixels3d(with_text).copy()
    b = pygame.surfarray.pixels3d(without).copy()
    differs = np.any(a != b, axis=2)
    marks = pygame.Surface(size, pygame.SRCALPHA)
    alpha = pygame.surfarray.pixels_alpha(marks)
    alpha[:] = np.where(differs, 255, 0).astype(np.uint8)
    del alpha
    found = []
    per_pixel = ratio(a, b)
    for rect in pygame.mask.from_surface(marks).get_bounding_rects():
        if (rect.w <= 3 and rect.h <= 3) or rect.w <= 2:  # a dot, a comma, an accent, a
            # semicolon or a stroke two pixels wide: too thin to reach the text's
            # colour when smoothed (a ';' measured 3.45 where its line reads
            # 6.2:1); its letters are measured
            continue
        area = per_pixel[rect.x:rect.right, rect.y:rect.bottom]
        found.append(Glyph(rect, float(area.max()), rect.h >= large_from))
    return found


def too_faint(found: list[Glyph]) -> list[Glyph]:
    """The glyphs under WCAG AA: 4.5:1, or 3:1 for large text."""
    return [g for g in found if g.contrast < (3.0 if g.large else 4.5)]
