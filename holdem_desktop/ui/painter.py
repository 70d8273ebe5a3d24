"""What the table's zones and seats ask of the renderer that paints them
(:class:`~.draw.TableRenderer`, which imports the modules that draw for it:
they name it through this protocol, so no module of ``ui/`` imports back)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

__all__ = ["Painter"]


class Painter(Protocol):
    """The renderer as the modules drawing for it use it: its palette, the
    places it records (``rects``: clickable, ``drawn``: pictures,
    ``painted``: the words of each control), and its ways to write and to
    draw a card."""

    palette: Any
    rects: dict[str, pygame.Rect]
    drawn: dict[str, pygame.Rect]
    painted: dict[str, str]
    turns: list[int]
    _lit: set[int]

    def font(self, size: int) -> pygame.font.Font: ...

    def card(self, name: str, width: int) -> pygame.Surface: ...

    def _text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              color: tuple[int, int, int], anchor: str = "topleft") -> pygame.Rect: ...

    def _fit(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
             color: tuple[int, int, int], width: int, anchor: str) -> pygame.Rect: ...

    def _light(self, surface: pygame.Surface, card: pygame.Rect, s: float) -> None: ...
