"""Lines of the Move log: every action of the game in words (SPEC §5: every
action is always in the Move log), in the same words speech uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from holdem_desktop.engine.events import ActionTaken, HandEnded, HandStarted, HoleCardsDealt
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
from holdem_desktop.session.rebuilt import EndedAway, StoodIn

__all__ = ["KEPT_EVENTS", "MoveLog"]

KEPT_EVENTS = 20_000
"""Events kept to write the Move log again in another language (about 400
hands of six); the lines of older hands stay in the words they were written in."""

_NOT_IN_HISTORY = (BlindsUp, EndedAway, GameOver, GameStarted, HandStarting, PlayerOut,
                   TurnStarted, WaitingForPlayers)
"""Events a table hears that a hand's history does not hold (the game's,
the turns)."""


class MoveLog:
    """Turns the events of a table into Move log lines: others by name, the
    player as "you" (``me``: their seat; None for a table nobody plays, as a
    watcher's), as on the rest of the screen and in speech.

    The hands shown and the pot awards of a hand are written together, when
    the last one is known: a main pot is called "the main pot" only when side
    pots follow it, and each hand is named with the kickers that decide.

    ``stand_in()`` says whether the computer plays the player's seat now (in
    a room, away): its moves there are written as the computer's ("The
    computer checks for you."), as speech says them; a hand taken up again
    marks them (:class:`StoodIn`)."""

    def __init__(self, name: Callable[[int], str], me: int | None = None,
                 stand_in: Callable[[], bool] = lambda: False) -> None:
        self.phrasing = Phrasing(name, me=me)
        self.stand_in = stand_in
        self.lines: list[str] = []
        self.language = language()
        """The language the lines are written in (see :meth:`relanguage`)."""
        self._kept: list[str] = []
        """Lines put back from a save (:meth:`put_back`): their events are gone."""
        self._events: list[tuple[object, int, int | None, int, bool, bool]] = []
        """The events written since (the newest :data:`KEPT_EVENTS` or so), with
        each one's mark, the seat called "you", how many lines it wrote,
        whether nothing of a showdown was held back when it came, and whether
        it is a move the computer made for the player."""
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
        event, stood_in = self._stood_in(event)
        self._events.append((event, mark, me, self._write(event, mark, stood_in), clean,
                             stood_in))
        if len(self._events) > KEPT_EVENTS:
            self._fold()

    def _stood_in(self, event: object, live: bool = True) -> tuple[object, bool]:
        """``event`` as written, and whether it is a move of the player's the
        computer made for them (marked so in a hand taken up again; ``live``:
        else, when the computer plays their seat now)."""
        if isinstance(event, StoodIn):
            return event.move, event.move.seat == self.phrasing.me
        mine = isinstance(event, ActionTaken) and event.seat == self.phrasing.me \
            and event.seat is not None
        return event, mine and live and self.stand_in()

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
        """Back at the table (a new connection, a new window): ``hand`` is a
        hand of the room, its :class:`HandStarting` (after its
        :class:`BlindsUp` when the blinds went up with it) and then its events
        (the room's :meth:`~holdem_desktop.net.remote.RemoteTable.hand_so_far`).
        The log then holds this hand's lines as if the player had been there
        all along: what it has of the hand stays and the moves missed while
        away follow, each line once; an earlier hand's lines stay as they are,
        and one left without its end (it ended while away, and the room no
        longer has it) is told so (:class:`EndedAway`)."""
        first = next((k for k, e in enumerate(hand) if isinstance(e, HandStarting)), None)
        if first is None:
            return
        start = hand[first]
        assert isinstance(start, HandStarting)
        events = [self._stood_in(e, live=False) for e in hand[first + 1:]]
        at = last = None  # where this hand, and the last one here, start among the events
        newer = False  # whether the last one here came after this hand
        for k in range(len(self._events) - 1, -1, -1):
            old = self._events[k][0]
            if isinstance(old, GameStarted):
                break
            if isinstance(old, HandStarting):
                if (old.number, old.button) == (start.number, start.button):
                    at = k
                    break
                if last is None:
                    last, newer = k, old.number > start.number
                    if newer:
                        continue  # an earlier hand than the last here: it may be here too
                break
        if last is not None and newer:  # an earlier hand: its lines (if here) stay as they
            return  # are, and one not here has nothing to follow
        if at is None:  # a hand started while away (or a new window): written whole
            if last is not None:
                self._ended_away(last, hand)
            for event in hand:
                self.add(event)
            return
        had = [(e[0], e[5]) for e in self._events[at + 1:]
               if not isinstance(e[0], _NOT_IN_HISTORY)]
        if had == events[:len(had)]:  # what was missed comes after what is here
            for event in hand[first + 1 + len(had):]:
                self.add(event)
            return
        if at and isinstance(self._events[at - 1][0], BlindsUp) and first:
            at -= 1  # (its "Blinds go up" line is the hand's too)
        self._rewrite(self._events[:at])  # out of step: the hand written again
        for event in hand:
            self.add(event)

    def _ended_away(self, last: int, hand: Sequence[object]) -> None:
        """The hand here from ``last`` has no end, and ``hand`` came after it:
        it ended while away, and the room no longer has it.  What it did to
        the player's chips is known when ``hand`` is the next one."""
        kept = [e[0] for e in self._events[last + 1:]]
        if any(isinstance(e, HandEnded | EndedAway | GameOver) for e in kept):
            return
        old = self._events[last][0]
        assert isinstance(old, HandStarting)
        me = self.phrasing.me
        began = next((e for e in kept if isinstance(e, HandStarted)), None)
        then = next((e for e in hand if isinstance(e, HandStarting)), None)
        now = next((e for e in hand if isinstance(e, HandStarted)), None)
        won = None
        if me is not None and began is not None and now is not None and then is not None \
                and then.number == old.number + 1 and me in began.seats:
            after = now.stacks[now.seats.index(me)] if me in now.seats else 0
            won = after - began.stacks[began.seats.index(me)]
        self.add(EndedAway(old.number, me, won))

    def _rewrite(self, events: list[tuple[object, int, int | None, int, bool, bool]]) -> None:
        """Write ``events`` again (after the lines put back from a save), in
        the language chosen now."""
        me, self.language = self.phrasing.me, language()
        self.lines, self._marks = list(self._kept), []
        self._showdown, self._barrier_logged = Showdown(), False
        self._events = []
        for event, mark, seat, _count, _clean, stood_in in events:
            if seat != self.phrasing.me:
                self.phrasing = Phrasing(self.phrasing.name, me=seat)
            clean = self._clean()
            self._events.append((event, mark, seat, self._write(event, mark, stood_in), clean,
                                 stood_in))
        self.phrasing = Phrasing(self.phrasing.name, me=me)

    def _clean(self) -> bool:
        return not (self._showdown.shows or self._showdown.awards)

    def _write(self, event: object, mark: int, stood_in: bool = False) -> int:
        """Write ``event``'s lines (``stood_in``: a move the computer made for
        the player); returns how many."""
        if self._showdown.hold(event):
            return 0
        before = len(self.lines)
        self._add(event, stood_in)
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

    def _add(self, event: object, stood_in: bool = False) -> None:
        self.lines += self._showdown.settle(self.phrasing)
        if isinstance(event, TurnStarted | HoleCardsDealt):
            return
        if isinstance(event, HandStarted | HandEnded | GameStarted | GameOver):
            self._barrier_logged = False
        elif isinstance(event, WaitingForPlayers):
            if self._barrier_logged:
                return  # said again on request, written once
            self._barrier_logged = True
        line = sentence(event, replace(self.phrasing, stand_in=True) if stood_in
                        else self.phrasing)
        if line:
            self.lines.append(line)
