"""Play by ear: announcements of everything that happens, spoken through
the player's screen reader (accessible-output2), with the game's own record
of all it said."""

from .announcer import Announcer, SpeechOptions
from .chooser import choose, start_voice
from .speaker import RecordingSpeaker, Speech, Spoken, auto_speaker
from .status import Status

__all__ = ["Announcer", "RecordingSpeaker", "Speech", "SpeechOptions", "Spoken", "Status",
           "auto_speaker", "choose", "start_voice"]
