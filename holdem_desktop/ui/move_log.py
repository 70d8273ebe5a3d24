"""Lines of the Move log: every action of the game in words (SPEC §5: every
action is always in the Move log), in the same words speech uses."""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.engine.events import HandEnded, HandStarted, HoleCardsDealt
from holdem_desktop.i18n.phrases import Phrasing, Showdown, sentence
from holdem_desktop.session.events import GameOver, GameStarted, TurnStarted, WaitingForPlayers

__all__ = ["MoveLog"]


class MoveLog:
    """Turns the events of a table into Move log lines: others by name, the
    player as "you" (``me``: their seat; None for a table nobody plays, as a
    watcher's), as on the rest of the screen and in speech.

    The hands shown and the pot awards of a hand are written together, when
    the last one is known: a main pot is called "the main pot" only when side
    pots follow it, and each hand is named with the kickers that decide."""

    def __init__(self, name: Callable[[int], str], me: int | None = None) -> None:
        self.phrasing = Phrasing(name, me=me)
        self.lines: list[str] = []
        self._marks: list[int] = []
        """The mark given with the event that wrote each of the newest lines
        (lines put back from a save have none: they are old news)."""
        self._showdown = Showdown()
        self._barrier_logged = False
        """Whether this next-hand barrier's "Waiting for …" is written (once each)."""

    def reseat(self, me: int | None) -> None:
        """The player sits at another seat (a room gave them one): lines from
        now on call that seat "you"."""
        self.phrasing = Phrasing(self.phrasing.name, me=me)

    def add(self, event: object, mark: int = 0) -> None:
        """Add the line(s) for ``event`` (turns starting and hole cards nobody
        else may see are left out); ``mark``: when they may be shown (the
        table's pacer's number of the event, see :meth:`unshown`)."""
        if self._showdown.hold(event):
            return
        before = len(self.lines)
        self._add(event)
        self._marks += [mark] * (len(self.lines) - before)
        del self._marks[:-256]  # only the newest lines can be waiting

    def unshown(self, released: int) -> int:
        """How many of the newest lines were written with a mark above
        ``released`` (their events are not on show yet)."""
        count = 0
        for mark in reversed(self._marks):
            if mark <= released:
                break
            count += 1
        return min(count, len(self.lines))

    def _add(self, event: object) -> None:
        self.lines += self._showdown.settle(self.phrasing)
        if isinstance(event, TurnStarted | HoleCardsDealt):
            return
        if isinstance(event, HandStarted | HandEnded | GameStarted | GameOver):
            self._barrier_logged = False
        elif isinstance(event, WaitingForPlayers):
            if self._barrier_logged:
                return  # said again on request, written once
            self._barrier_logged = True
        line = sentence(event, self.phrasing)
        if line:
            self.lines.append(line)
