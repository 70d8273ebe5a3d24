"""Lines of the Move log: every action of the game in words (SPEC §5: every
action is always in the Move log), in the same words speech uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from holdem_desktop.engine.events import HandEnded, HandStarted, HoleCardsDealt
from holdem_desktop.i18n.phrases import Phrasing, Showdown, sentence
from holdem_desktop.i18n.translate import language
from holdem_desktop.session.events import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    TurnStarted,
    WaitingForPlayers,
)

__all__ = ["KEPT_EVENTS", "MoveLog"]

KEPT_EVENTS = 20_000
"""Events kept to write the Move log again in another language (about 400
hands of six); the lines of older hands stay in the words they were written in."""

_NOT_IN_HISTORY = (BlindsUp, GameOver, GameStarted, HandStarting, PlayerOut, TurnStarted,
                   WaitingForPlayers)
"""Events a table hears that a hand's history does not hold (the game's,
the turns)."""


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
        self.language = language()
        """The language the lines are written in (see :meth:`relanguage`)."""
        self._kept: list[str] = []
        """Lines put back from a save (:meth:`put_back`): their events are gone."""
        self._events: list[tuple[object, int, int | None, int, bool]] = []
        """The events written since (the newest :data:`KEPT_EVENTS` or so), with
        each one's mark, the seat called "you", how many lines it wrote, and
        whether nothing of a showdown was held back when it came."""
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
        me, clean = self.phrasing.me, self._clean()
        self._events.append((event, mark, me, self._write(event, mark), clean))
        if len(self._events) > KEPT_EVENTS:
            self._fold()

    def _fold(self) -> None:
        """The oldest hands' lines kept as words, their events let go (a
        long game's events would fill the memory): at a hand's start, with
        nothing of a showdown held back, so no line depends on them."""
        start = next((k for k in range(KEPT_EVENTS // 4, len(self._events))
                      if isinstance(self._events[k][0], HandStarted) and self._events[k][4]),
                     None)
        if start is None:
            return
        written = sum(event[3] for event in self._events[:start])
        self._kept = self.lines[:len(self._kept) + written]
        del self._events[:start]

    def put_back(self, lines: list[str]) -> None:
        """Lines of a saved game, before every line written here (they stay
        in the words they were saved in)."""
        self._kept[:0] = lines
        self.lines[:0] = lines

    def relanguage(self) -> None:
        """The player chose another language: every line written here again
        in it, from its event (as a commercial client's hand history shows
        the language chosen, not a mix).  Lines put back from a save stay."""
        self._rewrite(self._events)

    def take_up(self, hand: Sequence[object]) -> None:
        """Back at the table (a new connection, a new window): ``hand`` is
        the hand being played, its :class:`HandStarting` and then its events
        (the room's :meth:`~holdem_desktop.net.remote.RemoteTable.hand_so_far`).
        The log then holds this hand's lines as if the player had been there
        all along: what it has of the hand stays and the moves missed while
        away follow, each line once; an earlier hand's lines stay as they are."""
        if not hand or not isinstance(hand[0], HandStarting):
            return
        start, events = hand[0], list(hand[1:])
        at = None  # where this hand starts among the events written here
        for k in range(len(self._events) - 1, -1, -1):
            old = self._events[k][0]
            if isinstance(old, HandStarting | GameStarted):
                if isinstance(old, HandStarting) and (old.number, old.button) == (
                        start.number, start.button):
                    at = k
                break
        if at is None:  # a hand started while away (or a new window): written whole
            for event in hand:
                self.add(event)
            return
        had = [e[0] for e in self._events[at + 1:] if not isinstance(e[0], _NOT_IN_HISTORY)]
        if had == events[:len(had)]:  # what was missed comes after what is here
            for event in events[len(had):]:
                self.add(event)
            return
        self._rewrite(self._events[:at])  # out of step: the hand written again
        for event in hand:
            self.add(event)

    def _rewrite(self, events: list[tuple[object, int, int | None, int, bool]]) -> None:
        """Write ``events`` again (after the lines put back from a save), in
        the language chosen now."""
        me, self.language = self.phrasing.me, language()
        self.lines, self._marks = list(self._kept), []
        self._showdown, self._barrier_logged = Showdown(), False
        self._events = []
        for event, mark, seat, _count, _clean in events:
            if seat != self.phrasing.me:
                self.phrasing = Phrasing(self.phrasing.name, me=seat)
            clean = self._clean()
            self._events.append((event, mark, seat, self._write(event, mark), clean))
        self.phrasing = Phrasing(self.phrasing.name, me=me)

    def _clean(self) -> bool:
        return not (self._showdown.shows or self._showdown.awards)

    def _write(self, event: object, mark: int) -> int:
        """Write ``event``'s lines; returns how many."""
        if self._showdown.hold(event):
            return 0
        before = len(self.lines)
        self._add(event)
        self._marks += [mark] * (len(self.lines) - before)
        del self._marks[:-256]  # only the newest lines can be waiting
        return len(self.lines) - before

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
