"""The game's gettext functions, bound to one translation object.

``gettext.gettext`` looks for catalog files on disk at every call, which
costs more than drawing a frame; these functions ask one translation
object, chosen once (and again when the player changes the language).
Babel's extraction knows them by their usual names (``_``, ``ngettext``,
``pgettext``).

The catalogs are the ``locales/<language>/LC_MESSAGES/messages.po`` files
themselves, compiled in memory with Babel when a language is chosen: no
build step can forget them, and a missing or broken catalog falls back to
English (the caller says so once).
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import io
import threading
from collections.abc import Iterator

from holdem_desktop.resources import locales_dir
from holdem_desktop.settings import LANGUAGES

__all__ = ["LANGUAGES", "_", "language", "ngettext", "pgettext", "set_language", "speaking",
           "translation", "use_translation"]


_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"
_here = threading.local()
"""A language this thread speaks for a while (:func:`speaking`), else None."""


def use_translation(translation: _gettext.NullTranslations, code: str = "en") -> None:
    """Speak through ``translation`` (language ``code``) from now on."""
    global _current, _language
    _current, _language = translation, code


def translation() -> _gettext.NullTranslations:
    """The translation in use."""
    return _now()


def language() -> str:
    """The language in use (``en``, ``ro``, ``it``, ``pl``)."""
    here = getattr(_here, "code", None)
    return _language if here is None else here


def _now() -> _gettext.NullTranslations:
    here = getattr(_here, "translation", None)
    return _current if here is None else here


@contextlib.contextmanager
def speaking(translation: _gettext.NullTranslations, code: str) -> Iterator[None]:
    """Words in ``translation`` (language ``code``) on this thread only, while
    inside: the server words each web page's table in that page's language,
    and no other thread (a window in the same process) hears it."""
    before = getattr(_here, "translation", None), getattr(_here, "code", None)
    _here.translation, _here.code = translation, code
    try:
        yield
    finally:
        _here.translation, _here.code = before


def load(code: str) -> _gettext.NullTranslations:
    """The catalog of language ``code`` compiled in memory (raises ``OSError``
    or ``ValueError`` when it is missing or broken)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = locales_dir() / code / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=code)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def set_language(code: str) -> bool:
    """Speak language ``code`` from now on; False (and English) when its
    catalog cannot be had."""
    if code == "en" or code not in LANGUAGES:
        use_translation(_gettext.NullTranslations(), "en")
        return code == "en"
    try:
        use_translation(load(code), code)
    except (OSError, ValueError, LookupError):
        use_translation(_gettext.NullTranslations(), "en")
        return False
    return True


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _now().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n``, in the player's language."""
    return _now().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense given by ``context`` ("check" the action or the box)."""
    return _now().pgettext(context, message)
