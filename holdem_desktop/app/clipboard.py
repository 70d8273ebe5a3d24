"""The system clipboard (for a room's invitation)."""

from __future__ import annotations

import pygame

__all__ = ["copy_text", "paste_text"]


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is no clipboard."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except Exception:  # pygame.error, or no clipboard support on this system
        return False


def paste_text() -> str:
    """The text on the clipboard ("" when there is none, or no clipboard)."""
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        text = pygame.scrap.get_text()
        return text if isinstance(text, str) else ""
    except Exception:  # pygame.error, or no clipboard support on this system
        return ""
