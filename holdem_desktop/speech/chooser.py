"""Choosing the voice: the player's screen reader when one runs, else the
system's own voice, else silence that says so.

=========  ===============================  =========================================
platform   screen reader (first running)    system voice (when no screen reader runs)
=========  ===============================  =========================================
Windows    NVDA, JAWS, … (accessible-       SAPI5 (accessible-output2)
           output2)
macOS      VoiceOver (accessible-output2)   the ``say`` command
Linux      Speech Dispatcher (Orca's        Speech Dispatcher, then ``espeak-ng``
           speech server)
=========  ===============================  =========================================

The player's setting picks among them: ``auto`` (the screen reader, else
the system voice), ``screen_reader`` (only a screen reader), ``system`` (only
the system voice), ``off``.  When nothing speaks, one line on stderr says
what to install, and :attr:`Status.silent` lets the start screen show it.
"""

from __future__ import annotations

import logging
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from holdem_desktop.settings import SPEECH_OUTPUTS

from .speaker import BackgroundSpeaker, SilentSpeaker, Speaker, load_system_speechd
from .status import Status
from .system import quiet
from .voices import OutputSpeaker, command_voices

__all__ = ["SPEECH_OUTPUTS", "Candidate", "ao2_classes", "candidates", "choose", "start_voice"]

log = logging.getLogger(__name__)

NAMES = {"jaws": "JAWS", "sapi5": "SAPI5", "Linux Speech Dispatcher": "Speech Dispatcher"}
"""accessible-output2's names as a player knows them."""


@dataclass(frozen=True)
class Candidate:
    """An output that may be there: its name, and how to start it (None:
    it is not there, or not running)."""

    name: str
    build: Callable[[], Speaker | None]


def ao2_classes() -> list[Any]:
    """accessible-output2's outputs for this system, quietly (its missing
    ones print to stdout).  Its ``ESpeak`` needs a Python binding distributions
    no longer ship; the game runs ``espeak-ng`` itself instead."""
    load_system_speechd()
    try:
        with quiet():
            import accessible_output2  # type: ignore[import-untyped]
            import accessible_output2.outputs  # type: ignore[import-untyped]

            classes = list(accessible_output2.get_output_classes())
    except Exception as exc:  # pywin32 or appscript missing, a broken install
        log.warning("accessible-output2 cannot be loaded (%s: %s)", type(exc).__name__, exc)
        return []
    return [c for c in classes if c.__name__ != "ESpeak"]


def _kind(cls: Any) -> str:
    if "Speech Dispatcher" in str(getattr(cls, "name", "")):
        return "speech_server"
    return "system_voice" if getattr(cls, "system_output", False) else "screen_reader"


def _ao2_candidate(cls: Any, platform: str) -> Candidate:
    name = str(getattr(cls, "name", cls.__name__))
    name = NAMES.get(name, name)

    def build() -> Speaker | None:
        with quiet():  # building Speech Dispatcher's client may start the server
            try:
                output = cls()
                active = bool(output.is_active())
            except Exception as exc:  # OutputError, ImportError (appscript), COM errors
                log.info("%s is not available (%s: %s)", name, type(exc).__name__, exc)
                return None
        if not active:
            return None
        return OutputSpeaker(output, Status(_kind(cls), name, platform))

    return Candidate(name, build)


def candidates(platform: str, classes: Sequence[Any],
               which: Callable[[str], str | None]) -> tuple[list[Candidate], list[Candidate]]:
    """(screen readers, system voices) on ``platform``, each list in the order
    to try.  Speech Dispatcher is in both: Orca speaks through it, and it is
    the system's voice as well."""
    readers: list[Candidate] = []
    voices: list[Candidate] = []
    for cls in classes:
        candidate = _ao2_candidate(cls, platform)
        kind = _kind(cls)
        if kind in ("screen_reader", "speech_server"):
            readers.append(candidate)
        if kind in ("system_voice", "speech_server"):
            voices.append(candidate)
    voices += [Candidate(name, build) for name, build in command_voices(platform, which)]
    return readers, voices


def _first(order: Sequence[Candidate], empty: Status) -> Speaker | None:
    """The first candidate that starts; each knows to fall back on the rest."""
    for k, candidate in enumerate(order):
        speaker = candidate.build()
        if speaker is None:
            continue
        rest = order[k + 1:]

        def fallback(rest: Sequence[Candidate] = rest) -> Speaker:
            return _first(rest, empty) or SilentSpeaker(empty)

        if hasattr(speaker, "fallback"):
            setattr(speaker, "fallback", fallback)  # noqa: B010 (not in the Speaker protocol)
        return speaker
    return None


def choose(mode: str = "auto", *, platform: str | None = None,
           classes: Sequence[Any] | None = None,
           which: Callable[[str], str | None] = shutil.which) -> Speaker:
    """The voice for ``mode`` (one of :data:`SPEECH_OUTPUTS`); its ``status``
    says which it is.  Building outputs can take seconds (Speech Dispatcher
    being started): call it on the speech thread (``BackgroundSpeaker``)."""
    platform = platform or sys.platform
    if mode == "off":
        return SilentSpeaker(Status("off", platform=platform))
    if classes is None:
        classes = ao2_classes()
    readers, voices = candidates(platform, classes, which)
    if mode == "screen_reader":
        order, empty = readers, Status("no_reader", platform=platform)
    elif mode == "system":
        order, empty = voices, Status("none", platform=platform)
    else:
        order = readers + [v for v in voices if v not in readers]
        empty = Status("none", platform=platform)
    speaker = _first(order, empty)
    if speaker is not None:
        log.info("speaking through %s", speaker.name)
        return speaker
    if sys.stderr is not None:
        print(empty.text, file=sys.stderr)
    return SilentSpeaker(empty)


def start_voice(mode: str = "auto") -> BackgroundSpeaker:
    """The voice for ``mode``, looked for and run on the speech thread (the
    window never waits for it; its ``status`` is "starting" until it is found)."""
    return BackgroundSpeaker(lambda: choose(mode))
