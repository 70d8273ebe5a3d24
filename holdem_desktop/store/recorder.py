"""Every hand of a table written to the store as it ends, as one seat saw it.

:class:`HandRecorder` listens to a table's events — a local
:class:`~holdem_desktop.session.Session` or a room's table, which emit the
same ones — keeps the hand's events as *your* seat sees them (another
seat's hole cards are dropped unless they are shown, exactly as a room's
host censors them), and at the end of the hand writes its PHH history
(built by :func:`~holdem_desktop.engine.replay.phh_from_config`, the same
writer as the game's PHH files) with each player's figures.

Writing never breaks a game: any failure is caught, said once through
``notice``, and the game goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from holdem_desktop.engine.events import CardsShown, HandEnded, HandStarted, HoleCardsDealt
from holdem_desktop.engine.replay import phh_actions, phh_from_config
from holdem_desktop.engine.variant import BlindLevel, Variant
from holdem_desktop.session import (
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    StoodIn,
    hand_config,
)

from .db import GameInfo, HandStore

__all__ = ["HandRecorder", "Table"]


class Table(Protocol):
    """What the recorder needs of a table (a Session or a room's table)."""

    variant: Variant

    def subscribe(self, listener: Callable[[object], None]) -> None: ...


class HandRecorder:
    """Writes each hand of ``table`` to ``store`` as seat ``seat()`` saw it.

    ``kind`` is ``local`` or ``room``; ``kind_of(seat)`` names what sits in a
    seat (``human``, a computer level, ``friend``); ``opponents`` the level
    of the computer players (or ``room``).  ``notice(problem)`` hears
    ``write`` once if hands could not be stored."""

    def __init__(self, table: Table, store: Callable[[], HandStore | None], *,
                 seat: Callable[[], int | None], kind: str,
                 kind_of: Callable[[int], str], opponents: str,
                 notice: Callable[[str], None] | None = None,
                 names: Sequence[str] = ()) -> None:
        self.table = table
        self.store = store
        self.seat = seat
        self.kind = kind
        self.kind_of = kind_of
        self.opponents = opponents
        self.notice = notice or (lambda problem: None)
        self.names: list[str] = list(names)
        self.game: int | None = None
        self.number = 0
        self.level: BlindLevel | None = None
        self.events: list[object] = []
        self.started: HandStarted | None = None
        self.failed = False
        self.written = 0
        """Hands written by this recorder."""
        table.subscribe(self)

    def seed(self, events: Sequence[object], number: int, level: BlindLevel) -> None:
        """Take up a hand already under way (a continued game): its events so
        far, its number and blinds; it is written when it ends."""
        for event in (HandStarting(number, 0, 0, level.blinds, level.ante, None), *events):
            self(event)

    def take_up(self, hand: Sequence[object]) -> None:
        """Back at a room's table (a new connection, a new window): ``hand``
        is a hand of the room, from its :class:`HandStarting` (the room's
        ``hands_so_far``).  One under way is written whole when it ends (the
        moves made while away never came here).  One already over is written
        now if it is the hand this recorder had under way (it ended while the
        link was down), with the number and blinds it started with; any other
        is left as it is: written by the window that saw it end, never twice."""
        events = [event.move if isinstance(event, StoodIn) else event for event in hand]
        started = next((e for e in events if isinstance(e, HandStarted)), None)
        if started is None:
            return
        if any(isinstance(event, HandEnded) for event in events):
            if self.started is None or self.started != started:
                return
            events = events[events.index(started):]  # (its start as this window had it)
        self.started, self.events = None, []
        for event in events:
            self(event)

    def info(self) -> GameInfo:
        """The game's row, as it is created."""
        seat = self.seat()
        hero = self.names[seat] if seat is not None and seat < len(self.names) else None
        return GameInfo(self.kind, self.table.variant.name, hero, self.opponents,
                        len(self.names))

    def __call__(self, event: object) -> None:
        try:
            self._event(event)
        except Exception:  # a store must never stop a game
            self._failed()

    def _failed(self) -> None:
        if not self.failed:
            self.failed = True
            self.notice("write")

    def _event(self, event: object) -> None:
        if isinstance(event, GameStarted):
            self.names = list(event.names)
            self.game = None
            self.number = 0
        elif isinstance(event, HandStarting):
            self.number = event.number
            self.level = BlindLevel(event.blinds, event.ante)
        elif isinstance(event, HandStarted):
            self.started = event
            self.events = [event]
        elif self.started is not None:
            if isinstance(event, HoleCardsDealt) and event.seat != self.seat():
                event = HoleCardsDealt(event.seat, ())  # never a card you did not see
            self.events.append(event)
            if isinstance(event, HandEnded):
                self._write(event)
        elif isinstance(event, PlayerOut) and event.seat == self.seat():
            store = self.store()
            if store is not None and self.game is not None:
                store.set_place(self.game, event.place)
        elif isinstance(event, GameOver):
            store = self.store()
            seat = self.seat()
            if store is not None and self.game is not None:
                place = dict(event.places).get(seat) if seat is not None else None
                store.finish_game(self.game, place)
                self.game = None

    def _write(self, ended: HandEnded) -> None:
        started = self.started
        self.started = None
        events, self.events = self.events, []
        store = self.store()
        if store is None or started is None:
            return
        level = self.level or self.table.variant.schedule.level(0)
        config = hand_config(self.table.variant, level, list(started.seats),
                             list(started.stacks))
        order = list(started.seats)
        # a shown hand was seen: its hole cards are written with the deal
        shown = {e.seat: e.cards for e in events if isinstance(e, CardsShown)}
        events = [HoleCardsDealt(e.seat, shown[e.seat])
                  if isinstance(e, HoleCardsDealt) and not e.cards and e.seat in shown
                  else e for e in events]
        by_seat = dict(zip(ended.seats, ended.stacks, strict=True))
        names = [self.names[s] if s < len(self.names) else f"Seat {s + 1}" for s in order]
        phh = phh_from_config(config, phh_actions(events, order),
                              finishing_stacks=[by_seat[s] for s in order], players=names,
                              hand_number=self.number or None, table=self.table.variant.name)
        seat = self.seat()
        hero = order.index(seat) if seat is not None and seat in order else None
        kinds = [self.kind_of(s) for s in order]
        if self.game is None and self.number > 1:
            self.game = store.unfinished_game(self.info())  # a continued game goes on
        game = store.add_hand(self.game, self.info(), self.number or 1, phh, hero, kinds,
                              ended=time.time())
        if game is None:
            self._failed()
            return
        self.game = game
        self.written += 1
