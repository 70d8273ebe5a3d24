"""Where the game's generated assets (card art, sounds) are: the top-level
``assets/`` folder in a source checkout, or the copy installed with the
package as ``holdem_desktop/assets``.  The packaged game (tools/package.py)
puts them at that same place inside its bundle, beside the package's
modules, so the same lookup finds them there."""

from __future__ import annotations

from pathlib import Path

__all__ = ["assets_dir", "locales_dir"]


def assets_dir() -> Path:
    """The folder holding ``cards/`` and ``sounds/``."""
    installed = Path(__file__).resolve().parent / "assets"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[1] / "assets"


def locales_dir() -> Path:
    """The folder holding ``<language>/LC_MESSAGES/messages.po``."""
    installed = Path(__file__).resolve().parent / "locales"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[1] / "locales"
