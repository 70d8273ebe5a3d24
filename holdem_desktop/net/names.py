"""Names people choose in a room: which can be used, and which look alike.

A name is compared in NFKC form (so full-width "Ａda" is "Ada"), and two
names are the same person's when their *skeletons* match: NFKC, case
folded, with letters that look like Latin ones (Cyrillic "а", Greek "ο",
"1" for "l", "rn" for "m" …) replaced by those.  This follows the idea of
Unicode's confusable skeleton (UTS #39) for the scripts a LAN table meets,
without its data file.
"""

from __future__ import annotations

import unicodedata

__all__ = ["NAME_LENGTH", "clean_name", "name_problem", "skeleton"]

NAME_LENGTH = 20
"""Longest name, in characters (after NFKC)."""

_LOOKALIKE = str.maketrans({
    # Cyrillic (after case folding)
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y", "ӏ": "l", "ɡ": "g",
    # Greek (after case folding)
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z",
    # Latin look-alikes
    "0": "o", "1": "l", "|": "l", "ı": "i", "ß": "ss",
})


def clean_name(name: str) -> str:
    """``name`` as the room keeps it: NFKC, surrounding spaces removed, runs
    of spaces made one."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with the same skeleton are taken
    for one another."""
    text = clean_name(name).casefold().translate(_LOOKALIKE)
    text = "".join(c for c in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(c))
    text = text.replace("rn", "m").replace("vv", "w")
    return text.replace("i", "l").replace(" ", "")


def _script(char: str) -> str | None:
    """The script of a letter, roughly (Latin, Greek, Cyrillic, or another)."""
    if not char.isalpha():
        return None
    try:
        return unicodedata.name(char).split()[0]
    except ValueError:
        return "OTHER"


def name_problem(name: str) -> str | None:
    """Why ``name`` (already :func:`clean_name`\\ d) cannot be used: ``empty``,
    ``too_long``, ``control`` (control, format or unassigned characters),
    ``mixed_scripts`` (letters of Latin, Greek and Cyrillic mixed: a
    look-alike); None when it can."""
    if not name:
        return "empty"
    if len(name) > NAME_LENGTH:
        return "too_long"
    if not name.isprintable() or any(unicodedata.category(c) in ("Cc", "Cf", "Cn", "Co", "Cs")
                                     for c in name):
        return "control"
    scripts = {_script(c) for c in name} & {"LATIN", "GREEK", "CYRILLIC"}
    if len(scripts) > 1:
        return "mixed_scripts"
    return None
