"""Chat lines by ear: said after the game's own announcements, never over
them, and when the player wants them.

The window hands each incoming line to :meth:`ChatVoice.add`; after the
announcer has said what the last input (or the last message of the room)
set off, :meth:`ChatVoice.release` says the lines waiting, each with a soft
cue, queued behind the announcement (they never interrupt).  The setting
``chat_speech`` chooses when: ``always``; ``not_my_turn`` (lines wait while
it is the player's turn and are said once the turn is taken); ``never``
(nothing is said; the lines are still kept in the Chat zone).

At most :data:`WAITING` lines wait; older ones beyond that are counted and
said as one sentence ("4 more lines in the Chat zone."), so a busy table
never leaves minutes of speech behind a long turn.
"""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.i18n.translate import ngettext

__all__ = ["CHAT_SPEECH", "WAITING", "ChatVoice"]

CHAT_SPEECH = ("always", "not_my_turn", "never")
"""When chat lines are spoken (the setting's values)."""
WAITING = 5
"""Lines kept waiting to be said at most (the rest are counted)."""


class ChatVoice:
    """The chat lines waiting to be said at one table."""

    def __init__(self, speak: Callable[[str], None], cue: Callable[[], object] = lambda: None,
                 mode: str = "always") -> None:
        self.speak = speak
        self.cue = cue
        self.mode = mode
        self.waiting: list[str] = []
        self.skipped = 0
        """Lines that waited too long to be said (they are in the Chat zone)."""

    def add(self, text: str) -> None:
        """A line arrived ("Ana: one more game?"); said at the next release."""
        if self.mode == "never":
            return
        self.waiting.append(text)
        if len(self.waiting) > WAITING:
            self.skipped += len(self.waiting) - WAITING
            del self.waiting[:-WAITING]

    def release(self, my_turn: bool) -> list[str]:
        """Say the lines waiting, unless the setting holds them now; returns
        what was said."""
        if self.mode == "never":
            self.waiting.clear()
            self.skipped = 0
            return []
        if not self.waiting or (my_turn and self.mode == "not_my_turn"):
            return []
        out = []
        if self.skipped:
            out.append(ngettext("{count} more line in the Chat zone.",
                                "{count} more lines in the Chat zone.",
                                self.skipped).format(count=self.skipped))
            self.skipped = 0
        out += self.waiting
        self.waiting = []
        self.cue()
        for text in out:
            self.speak(text)
        return out
