"""Baseline players: the yardsticks the real computer players are measured
against (and the random policy the simulator plays with)."""

from __future__ import annotations

import random

import numpy as np

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.amounts import amount_scale
from holdem_desktop.engine.equity import equity
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.hand_classes import HandCategory, category_of
from holdem_desktop.engine.views import SeatView

__all__ = ["AlwaysCall", "AlwaysRaiseMax", "Bluffer", "RandomPolicy", "Station"]


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


def _opponents(view: SeatView) -> int:
    return sum(1 for p in view.players if not p.folded and p.seat != view.seat)


def _bet(view: SeatView, legal: dict[ActionKind, LegalAction], fraction: float) -> Action | None:
    """The amount scale's stop nearest ``fraction`` of the pot (None: no bet allowed)."""
    scale = amount_scale(view)
    if not scale:
        return None
    pot = view.pot + view.to_call
    me = view.me
    top = (me.bet if me else 0) + view.to_call
    return min(scale, key=lambda stop: abs((stop.to - top) / max(1, pot) - fraction)).action()


def _check_call_fold(legal: dict[ActionKind, LegalAction], call: bool) -> Action:
    if ActionKind.CHECK in legal:
        return Action.check()
    if not call:
        return Action.fold()
    return Action.call() if ActionKind.CALL in legal else Action.all_in()


class Station:
    """A calling station: calls whenever its equity against random hands beats
    the pot odds, bets only with a strong hand (equity of 80% or more against
    random hands), and never bluffs."""

    def __init__(self, rng: random.Random, trials: int = 400) -> None:
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.trials = trials

    def decide(self, view: SeatView) -> Action:
        """Call on pot odds against random hands; bet half the pot when strong."""
        legal = _by_kind(view)
        eq = equity(view.hole, view.board, max(1, _opponents(view)), trials=self.trials,
                    rng=self.np_rng).equity
        if eq >= 0.8 and view.street != Street.PREFLOP:
            bet = _bet(view, legal, 0.5)
            if bet is not None:
                return bet
        price = view.to_call / max(1, view.pot + view.to_call)
        return _check_call_fold(legal, eq > price)


class Bluffer:
    """An over-aggressive player: bets most flops and rivers whatever it holds,
    raises with two pair or better, calls with a pair or a draw and folds
    nothing else to a bet."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> Action:
        """Bet most flops and rivers; continue with something when bet into."""
        legal = _by_kind(view)
        if view.street == Street.PREFLOP:
            high = max(c >> 2 for c in view.hole)
            paired = view.hole[0] >> 2 == view.hole[1] >> 2
            if (paired or high >= 10) and self.rng.random() < 0.5:
                bet = _bet(view, legal, 1.0)
                if bet is not None:
                    return bet
            return _check_call_fold(legal, view.to_call <= 3 * view.big_blind or high >= 9)
        made = category_of(evaluate(view.hole + view.board))
        suits = [c & 3 for c in view.hole + view.board]
        draw = len(view.board) < 5 and max(suits.count(s) for s in range(4)) == 4
        if view.to_call == 0:
            often = 0.85 if view.street in (Street.FLOP, Street.RIVER) else 0.4
            if self.rng.random() < (often if made < HandCategory.TWO_PAIR else 0.9):
                bet = _bet(view, legal, 0.75)
                if bet is not None:
                    return bet
            return Action.check()
        if made >= HandCategory.TWO_PAIR:
            bet = _bet(view, legal, 1.0)
            if bet is not None:
                return bet
        return _check_call_fold(legal, made >= HandCategory.PAIR or draw)
