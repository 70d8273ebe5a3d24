"""Who decides for a seat.  The session asks a seat's controller and never
knows how the decision is made: a computer player answers at once, a human
seat answers None and the interface later calls ``Session.submit``."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.views import SeatView

__all__ = ["Controller", "HandWatcher", "HumanController"]


class Controller(Protocol):
    """Decides for one seat from what that seat may see."""

    def decide(self, view: SeatView) -> Action | None:
        """An action now, or None to wait (the decision arrives through the session)."""
        ...


@runtime_checkable
class HandWatcher(Protocol):
    """A controller that wants to see each finished hand: the session gives it
    its seat's view of the hand at the end (the whole public history, cards
    shown included), so that it can learn from what it saw."""

    def hand_over(self, view: SeatView) -> None:
        """The hand this seat played is over; ``view`` is its last view."""
        ...


class HumanController:
    """A seat played by a person: the session waits for ``Session.submit``."""

    def decide(self, view: SeatView) -> Action | None:
        """Never decides by itself."""
        return None
