"""Lines of the Move log: every action of the game in words (SPEC §5: every
action is always in the Move log), in the same words speech uses."""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.engine.events import HandEnded, HandStarted, HoleCardsDealt, PotAwarded
from holdem_desktop.i18n.phrases import Phrasing, sentence
from holdem_desktop.session.events import GameOver, GameStarted, TurnStarted, WaitingForPlayers

__all__ = ["MoveLog"]


class MoveLog:
    """Turns the events of a table into Move log lines, named in the third
    person (the log is a record, not a conversation).

    The pot awards of a hand are written together, when the last one is
    known, so that a main pot is called "the main pot" only when side pots
    follow it."""

    def __init__(self, name: Callable[[int], str]) -> None:
        self.phrasing = Phrasing(name)
        self.lines: list[str] = []
        self._awards: list[PotAwarded] = []
        self._barrier_logged = False
        """Whether this next-hand barrier's "Waiting for …" is written (once each)."""

    def add(self, event: object) -> None:
        """Add the line(s) for ``event`` (turns starting and hole cards nobody
        else may see are left out)."""
        if isinstance(event, PotAwarded):
            self._awards.append(event)
            return
        if self._awards:
            awards, self._awards = self._awards, []
            self.lines += [sentence(a, self.phrasing, pots=len(awards)) or "" for a in awards]
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
