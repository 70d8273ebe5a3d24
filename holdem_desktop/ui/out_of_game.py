"""After you are out of a game on this computer (issue 33, 10): once the felt
has shown the hand that knocked you out, a dialog asks whether to watch
the computers play to the end or to go straight to the places.

Watching deals each next hand by itself once the felt has come to rest on
the last one and stayed there :data:`WATCH_PAUSE` seconds (Next hand still
deals at once).  Going to the places plays the rest of the game at once,
without a word or a sound for its hands, and says the places."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from holdem_desktop.i18n.translate import _
from holdem_desktop.session import Session

from .action_panel import ActionPanel, Command
from .motion import Motion
from .pacing import Pacer
from .page import Transition

__all__ = ["WATCH_PAUSE", "OutOfTheGame"]

WATCH_PAUSE = 2.5
"""Seconds the felt rests on a hand's end, while watching, before the next
hand is dealt (time to see who won)."""

PLAY_OUT_LIMIT = 100_000
"""At most this many hands are played to reach the places (a game of
computers always ends far sooner; a bound all the same)."""


class _Table(Protocol):
    """The little of the table screen this needs."""

    session: Session
    seat: int | None
    panel: ActionPanel
    pacer: Pacer
    motion: Motion
    quiet_arrival: bool
    quietly: Callable[[], AbstractContextManager[object]]
    spoken: Callable[[], None]

    def say(self, text: str) -> None: ...

    def _ask(self, question: str, confirm: str, on_confirm: Callable[[], Transition | None],
             **how: Any) -> Transition: ...

    def banner(self) -> list[str]: ...


class OutOfTheGame:
    """What happens at ``table`` once its player is out: the offer, then
    watching or the places."""

    def __init__(self, table: _Table, clock: Callable[[], float]) -> None:
        self.table = table
        self.clock = clock
        self.state = "playing"
        """``playing``; ``due`` (out: ask once the felt shows it); ``asked``;
        ``watching``; ``done`` (answered, or the game is over)."""
        self.move: Transition | None = None
        """The dialog to open (taken by the window)."""
        self._rest: float | None = None
        """When the felt came to rest on a finished hand, while watching."""
        self.at_rest: Callable[[], Transition | None] | None = None
        """A screen to open once the felt has shown what it is showing (a
        tournament's bust-out dialog, its final ranking): :meth:`when_at_rest`."""
        self._shown: tuple[int, object] = (0, None)
        """How many events the felt had been given when :attr:`at_rest` was
        asked for, and the hand it showed then."""
        self.catch_up: Callable[[], None] = lambda: None
        """At each turn while the table is on top: the words of a room's
        table held while the player only watches go to the voice as it can
        take them (:mod:`holdem_desktop.speech.watching`)."""
        self.said: Callable[[], bool] = lambda: True
        """Whether those words are all with the voice, and said."""
        self._quiet = False

    def when_at_rest(self, make: Callable[[], Transition | None], quiet: bool = False) -> None:
        """Open what ``make`` returns once the felt has shown what it had
        been given by now (the showdown that put the player out) and come to
        rest, or gone on to a later hand (a table of computers, watched,
        never rests); ``quiet``: and once the words of the table are said
        (the page's arrival cuts off nothing of them).  It replaces one
        waiting."""
        self.at_rest, self._quiet = make, quiet
        self._shown = (self.table.pacer.added, self.table.pacer.started)

    def game_started(self) -> None:
        """A new game: the offer is made again once the player is out of it."""
        self.state, self._rest, self.move = "playing", None, None

    def player_out(self) -> None:
        """Someone is out: if it is the player, ask (unless the game is over)."""
        t = self.table
        if self.state == "playing" and t.seat is not None \
                and t.session.seats[t.seat].place is not None:
            self.state = "due"

    def _at_rest(self, now: float) -> bool:
        t = self.table
        return not t.pacer.pending and not t.motion.active(now)

    def _shown_now(self, now: float) -> bool:
        """Whether the felt has shown what it had been given when
        :attr:`at_rest` was asked for (see :meth:`when_at_rest`)."""
        pacer = self.table.pacer
        added, hand = self._shown
        return self._at_rest(now) or (pacer.released >= added and pacer.started is not hand)

    def tick(self) -> None:
        """At each turn of the window's loop: the offer once the felt has
        shown the hand; while watching, the next hand after the pause."""
        now = self.clock()
        s = self.table.session
        if self.at_rest is not None and self.move is None and self._shown_now(now) \
                and (not self._quiet or self.said()):
            make, self.at_rest = self.at_rest, None
            self.move = make()
        if self.move is None:  # (a dialog about to open is heard first)
            self.catch_up()
        if self.state == "due" and s.game_over:  # out in the game's last hand: nothing to ask
            self.state = "done"
        if self.state == "due" and self._at_rest(now):
            self.state = "asked"
            self.move = self.table._ask(
                _("You are out."), _("Go to the places"), self.to_the_places,
                cancel=_("Watch to the end"), on_cancel=self.watch,
                detail=_("Watch the others play to the end, at the table's pace, or go "
                         "straight to the final places."))
        if self.state != "watching":
            return
        if s.game_over:
            self.state = "done"
            return
        if s.hand is None or not s.hand.over or not self._at_rest(now):
            self._rest = None
            return
        if self._rest is None:
            self._rest = now
        elif now - self._rest >= WATCH_PAUSE:
            self._rest = None
            self.table.panel.activate(Command.NEXT_HAND)
            self.table.spoken()

    def take_move(self) -> Transition | None:
        move, self.move = self.move, None
        return move

    def watch(self) -> None:
        """Watch to the end: the hands come by themselves."""
        self.state = "watching"
        self.table.quiet_arrival = True  # this says where the player is
        self.table.say(_("Watching to the end: each hand is dealt when the table has shown "
                         "the last. Next hand deals at once."))

    def to_the_places(self) -> Transition | None:
        """The rest of the game played at once, in silence; the places said."""
        self.state = "done"
        t = self.table
        s = t.session
        with t.quietly():
            for _k in range(PLAY_OUT_LIMIT):
                if s.game_over:
                    break
                if s.hand is None or s.hand.over:
                    s.next_hand()
        if t.pacer.skip():
            t.motion.finish()
        t.say(" ".join(t.banner()))
        return None
