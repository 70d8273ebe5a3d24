"""Which voice the game speaks with, as data the screens can show and say.

The speech layer decides; the start screen and Settings only read
:attr:`Status.text` (in the player's language at the moment it is read) and
:attr:`Status.silent` (nothing speaks: the start screen shows a notice).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from holdem_desktop.i18n.translate import _

__all__ = ["KINDS", "Status"]

KINDS = ("screen_reader", "speech_server", "system_voice", "none", "no_reader", "off",
         "starting")
"""``screen_reader``: NVDA, JAWS, VoiceOver…; ``speech_server``: Speech
Dispatcher (Linux, shared with Orca); ``system_voice``: SAPI5, ``say``,
espeak-ng; ``none``: nothing found; ``no_reader``: "screen reader only" was
chosen and none runs; ``off``: the player turned speech off; ``starting``:
the output is still being looked for."""


@dataclass(frozen=True)
class Status:
    """The output in use: its kind and its name (``NVDA``, ``SAPI5``…)."""

    kind: str
    name: str = ""
    platform: str = field(default_factory=lambda: sys.platform)
    """Decides what a player is told to install when nothing speaks."""
    packaged: bool = field(default_factory=lambda: bool(getattr(sys, "frozen", False)))
    """The packaged game (PyInstaller's bundle): it carries pywin32, so a
    Windows player is never told to install a Python package."""

    @property
    def silent(self) -> bool:
        """Nothing speaks although the player did not turn speech off."""
        return self.kind in ("none", "no_reader")

    @property
    def text(self) -> str:
        """One sentence for Settings, the start screen and stderr."""
        if self.kind in ("screen_reader", "speech_server"):
            return _("Speech: {name}").format(name=self.name)
        if self.kind == "system_voice":
            return _("Speech: system voice ({name})").format(name=self.name)
        if self.kind == "off":
            return _("Speech: off")
        if self.kind == "starting":
            return _("Speech: looking for a voice…")
        if self.kind == "no_reader":
            return _("Speech: no screen reader is running. Start one, or choose automatic "
                     "speech in Settings.")
        if self.platform.startswith("win") and self.packaged:
            return _("Speech: none found. Start NVDA or JAWS, or install a Windows voice "
                     "(SAPI5).")
        if self.platform.startswith("win"):
            return _("Speech: none found. Start NVDA or JAWS, or install a Windows voice "
                     "(SAPI5) and the pywin32 package.")
        if self.platform == "darwin":
            return _("Speech: none found. Turn VoiceOver on with Command+F5, or check that "
                     "the say command works.")
        return _("Speech: none found. Install speech-dispatcher and python3-speechd, "
                 "or espeak-ng.")
