"""Tight-aggressive value-raisers for the ladder (issue 37): they raise the
turn and the river for value with two pair or better only, and bluff-raise
there rarely — each variant at its own rate — so that a level's answer to
late raises can be measured against players whose raises mean a hand.

Written apart from the levels (they use only the view and the shared
helpers of :mod:`.common` and :mod:`.styles`); repeatable by seed; not
offered in the game."""

from __future__ import annotations

import random
from collections.abc import Callable

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.views import SeatView

from .common import call_or_check, check_or_fold, preflop_percentile, raise_to, raises_this_street
from .styles import DRAWING, NOTHING, STRONG, TOP_PAIR, WEAK_PAIR, TightAggressive, holding

__all__ = ["RAISERS", "ValueRaiser", "value_raiser"]

RAISERS = {"raiser_1": 0.01, "raiser_4": 0.04, "raiser_10": 0.10}
"""The ladder's variants by kind: the chance each bluff-raises a turn or river
bet when it holds nothing (or only a draw)."""

_LATE = (Street.TURN, Street.RIVER)


def value_raiser(kind: str) -> Callable[[random.Random, object], ValueRaiser]:
    """A factory of the variant ``kind`` of :data:`RAISERS` for the ladder."""
    bluff = RAISERS[kind]
    return lambda rng, character: ValueRaiser(rng, bluff)


class ValueRaiser(TightAggressive):
    """A tight-aggressive player as heads-up asks: opens the better 60% of
    starting hands, defends a single raise of four big blinds or less with
    the better 60% (re-raises the best 7%), otherwise plays as
    :class:`~.styles.TightAggressive` before the flop and on the flop, where
    it also calls a bet with any pair or a draw at a price of 40% or better.

    On the turn and the river: first to act with two pair or better it checks
    to raise three times in five (but bets the river after raising the turn);
    facing a bet it raises to two and a half times the bet with two pair or
    better (all-in when raised back or short), bluff-raises with nothing or a
    draw at the rate ``bluff`` (and gives up if raised back), calls top pair
    at a price of 35% or better and a weaker pair at 25% or better only on the
    turn, and folds the rest; a pair folds to a raise."""

    def __init__(self, rng: random.Random, bluff: float) -> None:
        super().__init__(rng)
        self.bluff = bluff

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        p = preflop_percentile(view.hole)
        bb = view.big_blind
        raises = [e for e in raises_this_street(view) if e.amount > bb]
        me = view.me
        stack = (me.stack + me.bet) if me else 0
        if len(view.players) != 2 or len(raises) > 1:
            return super()._preflop(view, legal)
        if not raises:
            if view.to_call == 0:
                return Action.check() if p < 0.6 else raise_to(view, legal, 3 * bb)
            return raise_to(view, legal, 2.5 * bb) if p >= 0.4 else check_or_fold(legal)
        if view.to_call > 4 * bb or view.to_call > 0.1 * stack:
            return super()._preflop(view, legal)
        if p >= 0.93:
            return raise_to(view, legal, 3 * (view.to_call + (me.bet if me else 0)))
        return call_or_check(legal) if p >= 0.4 else check_or_fold(legal)

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        have = holding(view)
        if view.street not in _LATE:
            me = view.me
            if view.to_call > 0 and have in (TOP_PAIR, WEAK_PAIR, DRAWING) \
                    and not (me is not None and me.bet > 0) \
                    and view.to_call / max(1, view.pot + view.to_call) <= 0.4:
                return call_or_check(legal)
            return super()._postflop(view, legal)
        if view.to_call == 0:
            first = not any(isinstance(e, ActionTaken) and e.street == view.street
                            for e in view.history)
            barrel = view.street == Street.RIVER and any(
                isinstance(e, ActionTaken) and e.street == Street.TURN and e.seat == view.seat
                and e.kind in (ActionKind.RAISE, ActionKind.ALL_IN) for e in view.history)
            if have == STRONG and first and not barrel and self.rng.random() < 0.6:
                return Action.check()
            return super()._postflop(view, legal)
        me = view.me
        raised_back = me is not None and me.bet > 0
        stack = me.stack if me else 0
        if have == STRONG:
            if raised_back or stack < 2.5 * view.pot:
                return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)
            return self._raise(view, legal)
        if raised_back:  # a raise means a hand: anything else gives up
            return check_or_fold(legal)
        if have in (NOTHING, DRAWING) and self.rng.random() < self.bluff:
            return self._raise(view, legal)
        price = view.to_call / max(1, view.pot + view.to_call)
        if have == TOP_PAIR and price <= 0.35:
            return call_or_check(legal)
        if have == WEAK_PAIR and price <= 0.25 and view.street == Street.TURN:
            return call_or_check(legal)
        return check_or_fold(legal)

    @staticmethod
    def _raise(view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        """A raise to two and a half times the bet faced."""
        me = view.me
        top = (me.bet if me else 0) + view.to_call
        return raise_to(view, legal, 2.5 * top)
