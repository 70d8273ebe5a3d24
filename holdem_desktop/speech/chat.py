"""Chat lines by ear: said after the game's own announcements, never over
them, and when the player wants them.

The window hands each incoming line to :meth:`ChatVoice.add`; after the
announcer has said what the last input (or the last message of the room)
set off, :meth:`ChatVoice.release` says the lines waiting, each with a soft
cue, queued behind the announcement (they never interrupt).  The setting
``chat_speech`` chooses when: ``always``; ``not_my_turn`` (lines wait while
it is the player's turn and are said once the turn is taken); ``never``
(nothing is said; the lines are still kept in the Chat zone).

A line never comes before the player's own move: while the move is on its
way to the room (sent, not yet said), the lines wait, and those waiting
then (held on the turn, or arrived meanwhile) are said right after the
move is, even when the turn has come round again with it.

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
        self.due = 0
        """The first lines waiting that are said right after the player's
        move (they waited for it), even on their next turn."""

    def add(self, text: str, after_move: bool = False) -> None:
        """A line arrived ("Ana: one more game?"); said at the next release
        (``after_move``: it came while the player's move was on its way:
        it follows the move)."""
        if self.mode == "never":
            return
        self.waiting.append(text)
        if after_move:
            self.due = len(self.waiting)
        if len(self.waiting) > WAITING:
            self.skipped += len(self.waiting) - WAITING
            self.due = max(0, self.due - (len(self.waiting) - WAITING))
            del self.waiting[:-WAITING]

    def release(self, my_turn: bool, moving: bool = False) -> list[str]:
        """Say the lines waiting, unless the setting holds them now or the
        player's own move is on its way (``moving``: sent, not yet said);
        returns what was said."""
        if self.mode == "never":
            self.waiting.clear()
            self.skipped = 0
            return []
        if moving:  # what waits now follows the move
            self.due = len(self.waiting)
            return []
        if my_turn and self.mode == "not_my_turn":  # only what waited for the move
            out = self.waiting[:self.due]
            del self.waiting[:self.due]
        else:
            out = [ngettext("{count} more line in the Chat zone.",
                            "{count} more lines in the Chat zone.",
                            self.skipped).format(count=self.skipped)] if self.skipped else []
            out += self.waiting
            self.waiting, self.skipped = [], 0
        self.due = 0
        if out:
            self.cue()
            for text in out:
                self.speak(text)
        return out
