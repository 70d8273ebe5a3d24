"""Baseline players: the yardsticks the real computer players are measured
against (and the random policy the simulator plays with)."""

from __future__ import annotations

import random

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.views import SeatView

__all__ = ["AlwaysCall", "AlwaysRaiseMax", "RandomPolicy"]


def _by_kind(view: SeatView) -> dict[ActionKind, LegalAction]:
    if not view.legal_actions:
        raise ValueError("it is not this seat's turn")
    return {a.kind: a for a in view.legal_actions}


class RandomPolicy:
    """A uniformly random legal action kind; a bet or raise of a random legal
    amount (a multiple of the chip unit, or one of the fixed sizes)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> Action:
        """Pick a random legal action."""
        legal = _by_kind(view)
        kind = self.rng.choice(sorted(legal))
        a = legal[kind]
        if kind in (ActionKind.BET, ActionKind.RAISE):
            if a.amounts:  # the variant fixes the sizes: one of them
                return Action(kind, self.rng.choice(a.amounts))
            unit = view.chip_unit
            steps = (a.max_amount - a.min_amount) // unit
            amount = a.min_amount + unit * self.rng.randint(0, steps)
            if amount != a.max_amount and amount % unit:
                amount = a.min_amount
            return Action(kind, amount)
        return Action(kind)


class AlwaysCall:
    """Checks or calls, never folds, never raises."""

    def decide(self, view: SeatView) -> Action:
        """Check if possible, otherwise call (all-in when covered)."""
        legal = _by_kind(view)
        if ActionKind.CHECK in legal:
            return Action.check()
        if ActionKind.CALL in legal:
            return Action.call()
        return Action.all_in()


class AlwaysRaiseMax:
    """Bets or raises the most it may every time; calls when it cannot raise."""

    def decide(self, view: SeatView) -> Action:
        """The largest bet or raise on offer, else all-in, else call or check."""
        legal = _by_kind(view)
        for kind in (ActionKind.BET, ActionKind.RAISE):
            if kind in legal:
                return Action(kind, legal[kind].max_amount)
        if ActionKind.ALL_IN in legal:
            return Action.all_in()
        return Action.call() if ActionKind.CALL in legal else Action.check()
