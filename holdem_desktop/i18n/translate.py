"""The game's gettext functions, bound to one translation object.

``gettext.gettext`` looks for catalog files on disk at every call, which
costs more than drawing a frame; these functions ask one translation
object, chosen once (and again when the player changes the language).
Babel's extraction knows them by their usual names (``_``, ``ngettext``,
``pgettext``).
"""

from __future__ import annotations

import gettext as _gettext

__all__ = ["_", "ngettext", "pgettext", "translation", "use_translation"]

_current: _gettext.NullTranslations = _gettext.NullTranslations()


def use_translation(translation: _gettext.NullTranslations) -> None:
    """Speak through ``translation`` from now on."""
    global _current
    _current = translation


def translation() -> _gettext.NullTranslations:
    """The translation in use."""
    return _current


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n``, in the player's language."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense given by ``context`` ("check" the action or the box)."""
    return _current.pgettext(context, message)
