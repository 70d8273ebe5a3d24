"""Short animations that never hold the game up.

The game state is always already final: computer players act at once and
a key press is handled the moment it arrives.  Motion only remembers when
something happened (a card dealt to a seat, a board card, chips going into
the pot or to a winner) so the picture can show it sliding into place for
a fraction of a second.  The renderer asks :meth:`Motion.progress` for each
thing it draws; while anything moves, the window keeps drawing frames, and
when nothing does it goes back to waiting for events.
"""

from __future__ import annotations

from collections.abc import Callable

from holdem_desktop.engine.events import (
    ActionTaken,
    BlindPosted,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)

__all__ = ["DEAL", "Motion", "along"]

DEAL = 0.22
"""Seconds a dealt card takes to slide to its seat."""
DEAL_GAP = 0.05
"""Seconds between two seats' cards, round the table."""
BOARD = 0.25
"""Seconds a board card takes to slide onto the felt."""
CHIPS = 0.25
"""Seconds a bet takes to slide in front of its seat."""
POT = 0.5
"""Seconds a pot takes to slide to its winner."""
ACTED = 0.6
"""Seconds a seat's box stays lit after it acts (who did that, at a glance)."""


class Motion:
    """When each moving thing started, and how far along it is."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._moves: dict[str, tuple[float, float]] = {}
        self._dealt = 0
        self.awards: list[tuple[int, int]] = []
        """(winning seat, amount) of the pots moving now."""

    def start(self, key: str, duration: float, delay: float = 0.0) -> None:
        """``key`` starts moving (after ``delay``) for ``duration`` seconds."""
        self._moves[key] = (self.clock() + delay, duration)

    def on_event(self, event: object) -> None:
        """Start the motion an event shows."""
        if isinstance(event, HandStarted):
            self._moves.clear()
            self.awards = []
            self._dealt = 0
        elif isinstance(event, HoleCardsDealt):
            self.start(f"hole:{event.seat}", DEAL, DEAL_GAP * self._dealt)
            self._dealt += 1
        elif isinstance(event, StreetDealt):
            first = len(event.board) - len(event.cards)
            for k in range(len(event.cards)):
                self.start(f"board:{first + k}", BOARD, 0.08 * k)
        elif isinstance(event, ActionTaken | BlindPosted) and event.amount:
            self.start(f"bet:{event.seat}", CHIPS)
        if isinstance(event, ActionTaken):  # the seat that acted lights up a moment
            self.start(f"acted:{event.seat}", ACTED)
        elif isinstance(event, PotAwarded):
            self.awards += [(w, share) for w, share in zip(event.winners, event.shares,
                                                           strict=True)]
            self.start("award", POT, 0.15)

    def finish(self) -> None:
        """Everything arrives at once (a key skipped the pacing)."""
        self._moves.clear()
        self.awards = []

    def progress(self, key: str, now: float | None = None) -> float | None:
        """How far ``key`` has moved, 0…1 eased (None: it is not moving, or it
        has arrived).  Before its start it is at 0."""
        move = self._moves.get(key)
        if move is None:
            return None
        now = self.clock() if now is None else now
        start, duration = move
        t = (now - start) / duration
        if t >= 1.0:
            del self._moves[key]
            if key == "award":
                self.awards = []
            return None
        t = max(0.0, t)
        return 1 - (1 - t) ** 3  # ease out: fast, then settling

    def active(self, now: float | None = None) -> bool:
        """Whether anything is still moving."""
        now = self.clock() if now is None else now
        for key in list(self._moves):
            self.progress(key, now)
        return bool(self._moves)


def along(start: tuple[float, float], end: tuple[int, int],
          t: float | None) -> tuple[int, int]:
    """The point ``t`` of the way from ``start`` to ``end`` (at ``end`` when None)."""
    if t is None:
        return end
    return (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
