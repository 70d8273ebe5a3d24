"""Text in lines that fit a width, for every screen: broken between words,
and a word too long for any line (a certificate's fingerprint, a path)
broken after a colon or a slash, or failing that anywhere, so that nothing
is ever cut off at a box's edge."""

from __future__ import annotations

import re

import pygame

__all__ = ["break_lines", "newest_rows", "words"]

_BREAKING = re.compile(r"[^\S\u00a0\u2007\u202f\u2060]+")
"""Spaces a line may break at: every space but the no-break ones, which
group a number's digits ("1 500" in Polish) or bind words together."""


def words(text: str) -> list[str]:
    """``text``'s words, split where a line may break (``str.split`` also
    splits at a no-break space: "1 500" became "1" and "500")."""
    return [w for w in _BREAKING.split(text) if w]


def break_lines(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels: broken between
    words, and a word too long for a line (a fingerprint) after a colon or
    a slash, or failing that anywhere."""
    lines: list[str] = []
    line = ""
    for word in words(text):
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


def newest_rows(font: pygame.font.Font, text: str, width: int, rows: int) -> list[str]:
    """``text`` broken as :func:`break_lines` does, in at most ``rows`` lines:
    when it needs more, its last ones, the first of them opening with "…"
    (the Game state zone keeps to its share of the panel: a watcher's last
    announcement can be a whole hand of a fast table, which would run over
    the Move log, the Room zone and the action bar; the Move log has every
    line of it, and Repeat says it whole)."""
    lines = break_lines(font, text, width)
    if len(lines) <= rows:
        return lines
    lines = lines[len(lines) - rows:]
    first = words(lines[0])  # the words that fit after the "…"
    while len(first) > 1 and font.size("… " + " ".join(first))[0] > width:
        first.pop(0)
    lines[0] = "… " + " ".join(first)
    return lines
