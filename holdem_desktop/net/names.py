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

__all__ = ["NAME_LENGTH", "clean_name", "invisible", "name_problem", "skeleton"]

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


_INVISIBLE_RANGES = (
    # Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, 15.1):
    # characters that draw nothing where they are not understood.
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
    # Blanks that are letters or symbols by category, yet show nothing.
    (0x2800, 0x2800), (0x3000, 0x3000), (0x1D159, 0x1D159),
)
"""Characters that add nothing anyone can see or hear to a name."""


def invisible(char: str) -> bool:
    """Whether ``char`` shows nothing (a default-ignorable code point, a
    variation selector, a Hangul filler, the blank Braille pattern …)."""
    code = ord(char)
    return any(low <= code <= high for low, high in _INVISIBLE_RANGES)


def clean_name(name: str) -> str:
    """``name`` as the room keeps it: NFKC, surrounding spaces removed, runs
    of spaces made one."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with the same skeleton are taken
    for one another."""
    text = "".join(c for c in clean_name(name) if not invisible(c))
    text = text.casefold().translate(_LOOKALIKE)
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


def name_problem(typed: str) -> str | None:
    """Why the name a person ``typed`` cannot be used: ``empty``,
    ``too_long``, ``control`` (a tab, a newline, or any control, format,
    separator other than the space, private or unassigned character: never
    turned into spaces), ``invisible`` (a character that shows nothing: see
    :func:`invisible`), ``mixed_scripts`` (letters of Latin, Greek and
    Cyrillic mixed: a look-alike); None when it can."""
    raw = unicodedata.normalize("NFKC", typed).strip(" ")
    if any(c != " " and (not c.isprintable() or unicodedata.category(c) in (
            "Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp", "Zs")) for c in raw):
        return "control"
    name = clean_name(typed)
    if not name:
        return "empty"
    if any(invisible(c) for c in name):
        return "invisible"
    if len(name) > NAME_LENGTH:
        return "too_long"
    scripts = {_script(c) for c in name} & {"LATIN", "GREEK", "CYRILLIC"}
    if len(scripts) > 1:
        return "mixed_scripts"
    return None
