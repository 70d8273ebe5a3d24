"""Opponents of recognisable styles for the ladder (issue 27), written to
find the leaks of a level: a tight-aggressive player whose raises are value,
a maniac who overbets with any two cards, and a player who changes gear
between tight-passive and hyper-aggressive every few hundred hands.

They see only their :class:`~holdem_desktop.engine.views.SeatView`, are
repeatable by seed, and are not offered in the game."""

from __future__ import annotations

import random

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.hand_classes import HandCategory
from holdem_desktop.engine.views import SeatView

from .common import (
    actions_of,
    call_or_check,
    check_or_fold,
    draws,
    legal_by_kind,
    opponents_in_hand,
    own_category,
    preflop_percentile,
    raise_to,
    raises_this_street,
    seats_after,
)

__all__ = ["GEAR_HANDS", "Maniac", "Switcher", "TightAggressive", "TightPassive", "holding"]

GEAR_HANDS = 200
"""The switcher changes gear after this many hands."""

STRONG, TOP_PAIR, WEAK_PAIR, DRAWING, NOTHING = "strong", "top_pair", "weak_pair", "draw", "nothing"


def holding(view: SeatView) -> str:
    """What this seat holds after the flop, as these players see it: ``strong``
    (two pair or better that uses a hole card), ``top_pair`` (a pair of the top
    board card, or a pocket pair above the board), ``weak_pair`` (any other pair
    of its own), ``draw`` (a flush or open-ended straight draw) or ``nothing``."""
    own = own_category(view)
    assert own is not None, "after the flop only"
    if own >= HandCategory.TWO_PAIR:
        return STRONG
    if own == HandCategory.PAIR:
        top = max(c >> 2 for c in view.board)
        ranks = [c >> 2 for c in view.hole]
        pocket = ranks[0] == ranks[1]
        if (pocket and ranks[0] > top) or (not pocket and top in ranks):
            return TOP_PAIR
        return WEAK_PAIR
    flush, open_ended, _ = draws(view.hole, view.board)
    return DRAWING if flush or open_ended else NOTHING


def _bet(view: SeatView, legal: dict[ActionKind, LegalAction], fraction: float) -> Action:
    """A bet (or raise) of about ``fraction`` of the pot (for a raise, of the
    pot after the call), on top of what is to call; a call or check when no bet
    is allowed."""
    me = view.me
    top = (me.bet if me else 0) + view.to_call
    return raise_to(view, legal, top + fraction * (view.pot + view.to_call))


def _shove(legal: dict[ActionKind, LegalAction]) -> Action:
    return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)


def _price(view: SeatView) -> float:
    """The share of the pot after a call that the call costs."""
    return view.to_call / max(1, view.pot + view.to_call)


def _raised_preflop(view: SeatView) -> bool:
    return any(e.street == Street.PREFLOP and e.kind in (
        ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN) for e in actions_of(
        view, view.seat if view.seat is not None else -1))


class TightAggressive:
    """A solid, value-raising player: opens about the best fifth of starting
    hands (two fifths heads-up) with a raise; after the flop bets top pair or
    better for value, raises only with two pair or better (and goes all-in
    with them when raised back), calls a bet with top pair, a weaker pair or a
    draw when the price is right, folds a pair to a raise, and otherwise
    continuation-bets a dry flop now and then and gives up."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> Action:
        """One of the view's legal actions."""
        legal = legal_by_kind(view)
        if view.street == Street.PREFLOP:
            return self._preflop(view, legal)
        return self._postflop(view, legal)

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        p = preflop_percentile(view.hole)
        bb = view.big_blind
        raises = [e for e in raises_this_street(view) if e.amount > bb]
        heads_up = len(view.players) == 2
        me = view.me
        stack = (me.stack + me.bet) if me else 0
        if not raises:
            width = 0.4 if heads_up else {0: 0.3, 1: 0.24}.get(seats_after(view), 0.18)
            if p >= 1 - width:
                return raise_to(view, legal, 3 * bb + (view.pot - 1.5 * bb) if view.pot > 1.5 * bb
                                else 2.5 * bb if heads_up else 3 * bb)
            return check_or_fold(legal)
        if p >= 0.97 or (p >= 0.93 and len(raises) == 1):
            return _shove(legal) if view.to_call > 0.3 * stack else _bet(view, legal, 1.0)
        if p >= (0.8 if len(raises) == 1 else 0.9) and view.to_call <= 0.12 * stack:
            return call_or_check(legal)
        return check_or_fold(legal)

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        have = holding(view)
        me = view.me
        stack = me.stack if me else 0
        spr = stack / max(1, view.pot)
        river = view.street == Street.RIVER
        raised_back = view.to_call > 0 and me is not None and me.bet > 0
        if view.to_call == 0:
            if have == STRONG:
                return _shove(legal) if spr < 1.2 else _bet(view, legal, 0.75)
            if have == TOP_PAIR:
                return _bet(view, legal, 0.5 if river else 0.6)
            if have == DRAWING and self.rng.random() < 0.3:
                return _bet(view, legal, 0.6)
            if have == NOTHING and view.street == Street.FLOP and _raised_preflop(view) \
                    and len(opponents_in_hand(view)) == 1 and self.rng.random() < 0.45:
                return _bet(view, legal, 0.5)
            return Action.check()
        if have == STRONG:  # raises are value: two pair or better
            if raised_back or spr < 2.5:
                return _shove(legal)
            return _bet(view, legal, 1.0)
        price = _price(view)
        if raised_back:  # a raise means a hand: a pair gives up
            return check_or_fold(legal)
        if have == TOP_PAIR and price <= 0.4:
            return call_or_check(legal)
        if have == WEAK_PAIR and price <= 0.3 and not river:
            return call_or_check(legal)
        if have == DRAWING and price <= 0.3:
            return call_or_check(legal)
        return check_or_fold(legal)


class TightPassive:
    """Plays the best quarter of starting hands by calling (raises only the
    best few), bets only two pair or better, small, calls with any pair of its
    own and folds anything else to a bet."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> Action:
        """One of the view's legal actions."""
        legal = legal_by_kind(view)
        if view.street == Street.PREFLOP:
            p = preflop_percentile(view.hole)
            if p >= 0.96:
                return _bet(view, legal, 1.0)
            me = view.me
            stack = (me.stack + me.bet) if me else 0
            if p >= 0.75 and view.to_call <= 0.1 * stack:
                return call_or_check(legal)
            return check_or_fold(legal)
        have = holding(view)
        if view.to_call == 0:
            return _bet(view, legal, 0.5) if have == STRONG else Action.check()
        if have in (STRONG, TOP_PAIR, WEAK_PAIR):
            return call_or_check(legal)
        return check_or_fold(legal)


class Maniac:
    """Hyper-aggressive: raises most starting hands and re-raises often; after
    the flop bets most of the time whatever it holds, half of those bets
    overbets of one and a half to two pots, raises a bet now and then, and
    calls with any pair or draw (and sometimes with nothing)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: SeatView) -> Action:
        """One of the view's legal actions."""
        legal = legal_by_kind(view)
        me = view.me
        stack = (me.stack + me.bet) if me else 0
        if view.street == Street.PREFLOP:
            p = preflop_percentile(view.hole)
            raises = [e for e in raises_this_street(view) if e.amount > view.big_blind]
            if (not raises and p >= 0.25) or (raises and p >= 0.6 and self.rng.random() < 0.4):
                return _bet(view, legal, 1.0)
            if view.to_call <= 0.15 * stack or p >= 0.85:
                return call_or_check(legal)
            return check_or_fold(legal)
        have = holding(view)
        if view.to_call == 0:
            if self.rng.random() < 0.8:
                fraction = self.rng.choice((1.5, 2.0)) if self.rng.random() < 0.5 else 0.75
                return _bet(view, legal, fraction)
            return Action.check()
        if have == STRONG or self.rng.random() < 0.2:
            return _bet(view, legal, 1.0)
        if have != NOTHING or self.rng.random() < 0.3:
            return call_or_check(legal)
        return check_or_fold(legal)


class Switcher:
    """Changes gear every :data:`GEAR_HANDS` hands: tight-passive
    (:class:`TightPassive`) first, then a maniac (:class:`Maniac`), and back.
    It counts the hands it is shown at their end (``hand_over``)."""

    def __init__(self, rng: random.Random, period: int = GEAR_HANDS) -> None:
        self.period = period
        self.hands = 0
        self.gears = (TightPassive(rng), Maniac(rng))

    @property
    def gear(self) -> int:
        """0 while tight-passive, 1 while hyper-aggressive."""
        return (self.hands // self.period) % 2

    def decide(self, view: SeatView) -> Action:
        """The current gear's decision."""
        return self.gears[self.gear].decide(view)

    def hand_over(self, view: SeatView) -> None:
        """Count a finished hand."""
        self.hands += 1
