"""Play by ear: announcements of everything that happens, spoken through
the player's screen reader (accessible-output2), with the game's own record
of all it said."""

from .announcer import Announcer, SpeechOptions
from .speaker import RecordingSpeaker, Speech, Spoken, auto_speaker

__all__ = ["Announcer", "RecordingSpeaker", "Speech", "SpeechOptions", "Spoken", "auto_speaker"]
