"""The composition root: the one package that knows every other.

It builds the settings, the speech and sounds, the games on this computer
and the rooms, and hands them to the screens as the typed services the
``ui.desktop.Desktop`` protocol names.  ``__main__`` only parses the command
line and calls :func:`play`.  See ``docs/architecture.md``.
"""

from __future__ import annotations

from .desktop import Desktop
from .play import play

__all__ = ["Desktop", "play"]
