"""Pacing for the eye: the felt shows a hand's events one after another.

The game is always already final (computer players act at once, and speech
says everything as it happens).  A sighted player, though, needs to *see*
who did what: so the picture of the felt replays the hand's events at a
pace: each computer's action shown in turn on its seat, an all-in run-out
street by street, the shown hands and the winning five cards lit before
the chips slide to the winner.  :class:`Pacer` holds the events back and
releases each at its time; :func:`picture` is the hand as far as the
released events go.  Everything the eye reads follows it: the felt, and
the side panel's Move log, Game state, buttons and Players zone, which the
table screen draws from the same picture (:attr:`Pacer.released` says how
far the events go).  The keys and speech read the real state: speech is
never held back, and a key catches the picture up before it is handled.

The pace is a setting (off, quick, natural).  Any key or click skips to
the end at once, and the player's own actions are never held back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.cards import Card
from holdem_desktop.engine.evaluator import evaluate_hand
from holdem_desktop.engine.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsShown,
    Event,
    HandStarted,
    PotAwarded,
    Street,
    StreetDealt,
)
from holdem_desktop.engine.views import PlayerView, SeatView

__all__ = ["PACES", "Pace", "Pacer", "picture"]


@dataclass(frozen=True)
class Pace:
    """Seconds before each kind of event shows."""

    action: float
    """A computer's (or another player's) action."""
    street: float
    """The next board cards."""
    show: float
    """The first hand shown at a showdown (the next ones follow closer)."""
    lit: float
    """The winning five cards lit, before the chips slide to the winner."""


PACES: dict[str, Pace | None] = {
    "off": None,
    "quick": Pace(action=0.35, street=0.45, show=0.45, lit=0.6),
    "natural": Pace(action=0.8, street=0.9, show=0.9, lit=1.3),
}
"""The settings' paces by name (None: everything shows at once)."""


class Pacer:
    """Holds a hand's events back and releases each at its time."""

    def __init__(self, clock: Callable[[], float], me: int | None,
                 pace: Callable[[], str], release: Callable[[object], None]) -> None:
        self.clock = clock
        self.me = me
        self.pace = pace
        """The setting's name, asked at each event (a change applies at once)."""
        self.release = release
        """Called with each event as it shows (the motion of the felt)."""
        self._queue: list[tuple[float, object]] = []
        self._last = 0.0
        self.shown = 0
        """How many of this hand's events (its history) the picture shows."""
        self.added = 0
        """How many events (of every hand, the session's own included) were
        added; the n-th added is on show once :attr:`released` reaches n."""
        self.released = 0
        """How many of the events added are on show."""
        self.started: HandStarted | None = None
        """The start of the hand being paced (a window that joined mid-hand
        paces nothing of it: :meth:`paces` says so)."""

    @property
    def pending(self) -> bool:
        """Whether some event is still held back."""
        return bool(self._queue)

    def add(self, event: object) -> None:
        """A new event: shown now, or queued after the ones held back."""
        if isinstance(event, HandStarted):
            self.skip()  # the last hand's picture is gone: the new one starts
            self.shown = 0
            self.started = event
        self.added += 1
        pace = PACES.get(self.pace())
        now = self.clock()
        # (a hand whose start this window did not see is shown as it is)
        gap = self._gap(event, pace) if pace is not None and self.started is not None else 0.0
        if not self._queue and gap == 0.0:
            self._show(event)
            self._last = now
            return
        at = max(now, self._last) + gap
        self._last = at
        self._queue.append((at, event))

    def _gap(self, event: object, pace: Pace) -> float:
        if isinstance(event, ActionTaken):
            return 0.0 if event.seat == self.me else pace.action
        if isinstance(event, StreetDealt):
            return pace.street if self._queue or self._last > 0 else 0.0
        if isinstance(event, CardsShown):
            earlier = self._queue[-1][1] if self._queue else None
            return pace.show / 3 if isinstance(earlier, CardsShown) else pace.show
        if isinstance(event, PotAwarded):
            return pace.lit if event.value is not None else pace.action / 2
        return 0.0

    def _show(self, event: object) -> None:
        if isinstance(event, Event):
            self.shown += 1
        self.released += 1
        self.release(event)

    def next_actor(self) -> int | None:
        """The seat whose action is the next thing the felt will show (it is
        "to act" in the picture meanwhile); None when the next thing is not an
        action (a street being dealt, a hand shown) or nothing waits."""
        upcoming = next((e for _at, e in self._queue if isinstance(e, Event)), None)
        return upcoming.seat if isinstance(upcoming, ActionTaken) else None

    def paces(self, view: SeatView) -> bool:
        """Whether the picture of ``view`` is held back now: events wait, and
        they are of the hand ``view`` shows (the one whose start was seen)."""
        return bool(self._queue) and bool(view.history) and view.history[0] == self.started \
            and self.shown <= len(view.history)

    def tick(self, now: float | None = None) -> bool:
        """Release every event whose time has come; True if any was."""
        now = self.clock() if now is None else now
        released = False
        while self._queue and self._queue[0][0] <= now:
            self._show(self._queue.pop(0)[1])
            released = True
        return released

    def skip(self) -> bool:
        """Show everything held back at once (a key, a click); True if
        anything was."""
        held, self._queue = self._queue, []
        for _at, event in held:
            self._show(event)
        self._last = self.clock()
        return bool(held)

    def lit(self, view: SeatView | None) -> tuple[Card, ...]:
        """The winning five cards to light: once the showdown's hands are
        shown (while the pot waits to slide), and after, till the next hand."""
        if view is None:
            return ()
        history = view.history
        shown = history[:self.shown]
        upcoming = self._queue[0][1] if self._queue else None
        if isinstance(upcoming, PotAwarded) and upcoming.value is not None:
            return winning_cards(view, upcoming)
        awards = [e for e in shown if isinstance(e, PotAwarded) and e.value is not None]
        return winning_cards(view, awards[0]) if awards else ()


def winning_cards(view: SeatView, award: PotAwarded) -> tuple[Card, ...]:
    """The five cards of every winner of ``award`` (a pot won at a showdown):
    a split pot lights each winner's own cards, every kicker that tied, not
    only the first winner's."""
    if award.value is None:
        return ()
    cards = list(award.value.cards)
    held = {p.seat: p.shown for p in view.players}
    for seat in award.winners:
        hole = view.hole if seat == view.seat and view.hole else held.get(seat, ())
        if hole and 5 <= len(hole) + len(view.board) <= 7:
            cards += [c for c in evaluate_hand(tuple(hole) + view.board).cards
                      if c not in cards]
    return tuple(cards)


def picture(view: SeatView, shown: int, to_act: int | None = None) -> SeatView:
    """``view`` as its first ``shown`` history events leave it: the board,
    the stacks, bets, folds and shown cards, the pot, what the viewer would
    have to call; ``to_act`` the seat whose action comes next on the felt
    (:meth:`Pacer.next_actor`); nobody may act on it; the rest as it is
    (the view itself when every event is shown)."""
    history = view.history
    if shown >= len(history) or not history or not isinstance(history[0], HandStarted):
        return view
    start = history[0]
    stack = dict(zip(start.seats, start.stacks, strict=True))
    bet = dict.fromkeys(start.seats, 0)
    put = dict.fromkeys(start.seats, 0)
    folded: set[int] = set()
    cards: dict[int, tuple[Card, ...]] = {}
    board: tuple[Card, ...] = ()
    street = Street.PREFLOP
    pot = 0
    for event in history[1:shown]:
        if isinstance(event, AntePosted):
            stack[event.seat] -= event.amount
            put[event.seat] += event.amount
            pot += event.amount
        elif isinstance(event, BlindPosted):
            stack[event.seat] -= event.amount
            bet[event.seat] += event.amount
            put[event.seat] += event.amount
            pot += event.amount
        elif isinstance(event, ActionTaken):
            stack[event.seat] -= event.added
            bet[event.seat] += event.added
            put[event.seat] += event.added
            pot += event.added
            if event.kind is ActionKind.FOLD:
                folded.add(event.seat)
        elif isinstance(event, BetReturned):
            stack[event.seat] += event.amount
            bet[event.seat] = max(0, bet[event.seat] - event.amount)
            put[event.seat] -= event.amount
            pot -= event.amount
        elif isinstance(event, StreetDealt):
            board, street = event.board, event.street
            bet = dict.fromkeys(bet, 0)
        elif isinstance(event, CardsShown):
            cards[event.seat] = event.cards
        elif isinstance(event, PotAwarded):
            for seat, share in zip(event.winners, event.shares, strict=True):
                stack[seat] += share
            pot -= event.amount
            bet = dict.fromkeys(bet, 0)
    players = tuple(
        PlayerView(p.seat, stack.get(p.seat, p.stack), bet.get(p.seat, 0),
                   put.get(p.seat, p.in_pot), p.seat in folded,
                   stack.get(p.seat, p.stack) == 0 and p.seat not in folded,
                   cards.get(p.seat, ()))
        for p in view.players)
    me = view.seat
    to_call = 0
    if me is not None and me in bet and me not in folded:
        to_call = max(0, min(stack[me], max(bet.values()) - bet[me]))
    # the pots as gathered are the same all through a street (folds only take
    # names out of them); behind by a street, the felt shows no side pot yet
    pots = view.pots if street == view.street else ()
    return dataclasses.replace(view, board=board, street=street, players=players, pot=pot,
                               pots=pots, history=tuple(history[:shown]), over=False,
                               to_act=to_act, legal_actions=(), to_call=to_call)
