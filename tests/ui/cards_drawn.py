"""Which card a picture drawn on a page is: its pixels against a card's image."""

from __future__ import annotations

from itertools import pairwise

import pygame

from holdem_desktop.ui.card_page import CardPageRenderer


def unlike(surface: pygame.Surface, rect: pygame.Rect, renderer: CardPageRenderer,
           name: str) -> float:
    """How far the pixels drawn at ``rect`` are from card ``name``'s image
    (mean difference per channel, 0 to 255)."""
    drawn = pygame.surfarray.array3d(surface.subsurface(rect)).astype(float)
    image = pygame.Surface(rect.size)
    image.blit(surface.subsurface(rect), (0, 0))
    image.blit(renderer.cards.card(name, rect.w), (0, 0))
    return float(abs(drawn - pygame.surfarray.array3d(image)).mean())


def is_card(surface: pygame.Surface, rect: pygame.Rect, renderer: CardPageRenderer,
            name: str) -> bool:
    """The picture at ``rect`` is card ``name`` (and not its neighbour in rank)."""
    near = ("K" if name[0] != "K" else "Q") + name[1]
    return unlike(surface, rect, renderer, name) < 4 < 8 < unlike(surface, rect, renderer, near)


def side_by_side(rects: list[pygame.Rect]) -> bool:
    """Each picture starts right of where the one before it ends."""
    return all(a.right <= b.left for a, b in pairwise(rects))
