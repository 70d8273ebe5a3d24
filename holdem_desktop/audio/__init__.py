"""Sound: a bank of short cues played through pygame.mixer, and a listener
that turns game events into cues.  Sounds only accompany the spoken
announcements; without a sound device the game runs silently."""

from __future__ import annotations

from .bank import CUES, DEFAULT_SOUNDS_DIR, Mixer, Playable, PygameMixer, SoundBank, SoundListener

__all__ = [
    "CUES",
    "DEFAULT_SOUNDS_DIR",
    "Mixer",
    "Playable",
    "PygameMixer",
    "SoundBank",
    "SoundListener",
]
