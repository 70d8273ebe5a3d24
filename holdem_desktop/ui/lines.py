"""Text in lines that fit a width, for every screen: broken between words,
and a word too long for any line (a certificate's fingerprint, a path)
broken after a colon or a slash, or failing that anywhere, so that nothing
is ever cut off at a box's edge."""

from __future__ import annotations

import pygame

__all__ = ["break_lines"]


def break_lines(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels: broken between
    words, and a word too long for a line (a fingerprint) after a colon or
    a slash, or failing that anywhere."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = word
        while font.size(line)[0] > width and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and font.size(line[:cut])[0] > width:
                cut -= 1
            mark = max(line.rfind(":", 0, cut), line.rfind("/", 0, cut))
            cut = mark + 1 if mark > 0 else cut
            lines.append(line[:cut])
            line = line[cut:]
    return [*lines, line] if line else lines or [""]
