"""Hard as it was after issue 17 and before issue 27 (it read its opponents
but paid off raises with one pair and had no recency), kept as the ladder's
yardstick ``hard_v2`` (not offered in the game).  A frozen copy: the ladder
measures today's Hard against it on the same seeds.  It counts its opponents
with :class:`~.model.TableModel` without decay, as it did."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.amounts import amount_scale
from holdem_desktop.engine.equity import EquityError, equity
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.ranges import COMBOS, Range
from holdem_desktop.engine.views import PlayerView, SeatView

from .common import Character, opponents_in_hand
from .hard_v1 import (
    AIR,
    DRAW,
    MEDIUM,
    HardV1Player,
    combo_percentiles,
    street_action,
    tiers_on,
)
from .model import OpponentModel, TableModel
from .players import register

__all__ = ["HardV2Player"]

COMMIT_SHARE = 0.10
"""A bet or raise that would leave less than this share of the chips the
player started the hand with goes all-in instead."""

OVERBET = 1.5
"""Bets above this many pots are judged by :func:`overbet_fold`."""

CHECK_REALIZED = 0.85
"""The share of its equity a player is taken to win by checking before the river."""

FREQUENT_BETTOR = 0.6
"""An opponent who bets at least this share of the times nobody has bet on a
street is defended against (see ``HardPlayer._must_defend``)."""

CHEAP_CALL_SHARE = 0.03
"""A call costing at most this share of the pot is never folded."""

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)
_BOARD_SIZE = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}

# Relative chance of each holding (MONSTER, MEDIUM, DRAW) to take an action;
# the chance for AIR comes from the model.
_BET_VALUE = np.array([1.0, 0.8, 0.6])
_RAISE_VALUE = np.array([1.0, 0.35, 0.3])


def multipliers(action: str, model: OpponentModel, street: Street,
                weights: npt.NDArray[np.float64], tiers: npt.NDArray[np.int8]
                ) -> npt.NDArray[np.float64]:
    """How much more or less likely each holding (MONSTER, MEDIUM, DRAW, AIR)
    becomes once this opponent took ``action`` (``bet``, ``raise``, ``call``
    or ``check``) on ``street``, given its range so far (``weights``) and the
    board's ``tiers``.  After a bet or raise, the share of nothing in the
    range is the share the model expects of this player's bets."""
    if action in ("bet", "raise"):
        value = _BET_VALUE if action == "bet" else _RAISE_VALUE
        share = model.air_share(street) if action == "bet" else model.raise_air_share(street)
        mass = np.bincount(tiers, weights=weights, minlength=4)
        made = float((mass[:3] * value).sum())
        air = float(mass[AIR])
        factor = share * made / ((1 - share) * air) if air > 0 and made > 0 else 0.25
        return np.array([*value, min(1.0, max(0.02, factor))])
    if action == "call":
        # A player who rarely folds calls with nothing too.
        return np.array([0.7, 1.0, 1.0, min(1.0, max(0.08, 1 - model.fold_rate() / 0.6))])
    bet = model.bet_rate(street)  # a check: the more they bet, the weaker a check
    return np.clip(1 - bet * np.array([1.2, 0.9, 0.7, 0.5]), 0.05, 1.0)


@dataclass(frozen=True)
class Choice:
    """One action considered, with its expected value in chips (relative to
    folding now)."""

    action: Action
    ev: float


class HardV2Player(HardV1Player):
    """The Hard computer player of issue 17."""

    level = "hard"

    def __init__(self, rng: random.Random, character: Character | None = None,
                 trials: int = 900) -> None:
        super().__init__(rng, character, trials)
        self.table = TableModel(decay=1.0)

    def decide(self, view: SeatView) -> Action:
        """One of the view's legal actions, kept within the commitment rules."""
        return self.commit(view, super().decide(view))

    def hand_over(self, view: SeatView) -> None:
        """Learn from a finished hand (the view of it at its end)."""
        self.table.observe_hand(view)

    # ------------------------------------------------------------------ ranges

    def range_of(self, view: SeatView, seat: int) -> Range:
        """What ``seat`` may hold, from its actions this hand read through its model."""
        return Range(self._weights(view, seat)).without([*view.hole, *view.board])

    def _weights(self, view: SeatView, seat: int) -> npt.NDArray[np.float64]:
        model = self.table.of(seat)
        pct = combo_percentiles()
        acts = [e for e in view.history if isinstance(e, ActionTaken) and e.seat == seat]
        pre = [e for e in acts if e.street == Street.PREFLOP]
        raises = sum(1 for e in pre if e.kind in _AGGRESSIVE and e.added > 0
                     and e.amount > view.big_blind)
        called = any(e.kind in (ActionKind.CALL, ActionKind.ALL_IN) for e in pre)
        width = min(0.9, max(0.08, model.preflop_raise_rate()))
        w: npt.NDArray[np.float64]
        if raises >= 2:
            w = np.where(pct >= 1 - width / 4, 1.0, 0.03)
        elif raises == 1:
            w = np.where(pct >= 1 - width, 1.0, np.where(pct >= 1 - 1.6 * width, 0.25, 0.03))
        elif called:
            w = np.where(pct >= 1 - width / 4, 0.4, np.where(pct >= 0.5, 1.0, 0.15))
        elif pre:
            w = np.where(pct >= 1 - width / 3, 0.3, 1.0)
        else:
            w = np.ones(len(COMBOS))
        dead = np.isin(COMBOS, [*view.hole, *view.board]).any(axis=1)
        w = np.where(dead, 0.0, w)
        for street, size in _BOARD_SIZE.items():
            if len(view.board) < size:
                break
            mine = [e for e in acts if e.street == street]
            if not mine:
                continue
            read = street_action(mine)
            if read is not None:
                tiers = tiers_on(tuple(view.board[:size]))
                w = w * multipliers(read, model, street, w, tiers)[tiers]
        return w

    # ------------------------------------------------------------------ after the flop

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        others = opponents_in_hand(view)
        choices = self.choices(view, legal, others)
        return max(choices, key=lambda c: c.ev).action

    def choices(self, view: SeatView, legal: dict[ActionKind, LegalAction],
                others: Sequence[int]) -> list[Choice]:
        """Every action considered now with its expected value in chips."""
        me = view.me
        assert me is not None
        pot, to_call = view.pot, min(view.to_call, me.stack)
        river = view.street == Street.RIVER
        tiers = tiers_on(tuple(view.board))
        weights = [self._weights(view, s) for s in others]
        eq = self._equity_against(view, weights)
        out: list[Choice] = []
        if ActionKind.CHECK in legal:
            # Checking gives up some of the equity: a bet may still come.
            out.append(Choice(Action.check(), eq * pot * (0.95 if river else CHECK_REALIZED)))
        else:
            out.append(Choice(Action.fold(), 0.0))
            if ActionKind.CALL in legal or ActionKind.ALL_IN in legal:
                realized = eq - self._risk_premium(view) - (0.02 if not river and eq < 0.5
                                                            else 0.0)
                ev = realized * (pot + to_call) - to_call
                if to_call <= CHEAP_CALL_SHARE * pot or self._must_defend(view, others):
                    ev = max(ev, 0.001)
                out.append(Choice(Action.call() if ActionKind.CALL in legal
                                  else Action.all_in(), ev))
        top = me.bet + view.to_call
        start = me.stack + me.in_pot
        called: dict[tuple[float, ...], float] = {}
        base = np.where(np.isin(COMBOS, [*view.hole, *view.board]).any(axis=1), 0.0, 1.0)
        for action, to in self._sizes(view, legal):
            added = to - me.bet
            if start - (me.in_pot + added) < COMMIT_SHARE * start and added < me.stack \
                    and ActionKind.ALL_IN in legal:
                continue  # leaves too little behind: the all-in is considered instead
            fraction = (to - top) / max(1, pot + view.to_call)
            fold_all = 1.0
            folds = []
            for s, w in zip(others, weights, strict=True):
                p = view.player(s)
                model = self.table.of(s)
                fold = 0.0 if p.stack == 0 else (
                    model.fold_rate(fraction) if p.bet == 0 else model.fold_to_raise_rate())
                # Folds come from weak holdings: fewer when the range has few left.
                fold *= foldable(w, tiers, fraction) / max(0.05, foldable(base, tiers, fraction))
                fold = overbet_fold(fold, fraction)
                fold = round(min(0.95, fold * (0.9 + 0.1 * self.character.bluff)), 3)
                fold_all *= fold
                folds.append(fold)
            key = tuple(folds)
            if key not in called:  # equity against who calls, by how many fold
                called[key] = self._equity_against(view, [
                    calling_range(w, tiers, f) for w, f in zip(weights, folds, strict=True)])
            eq_called = called[key]
            # Raised back: the model's raise rate, the bet then mostly lost.
            raised = min(1 - fold_all, max((self.table.of(s).raise_rate(view.street)
                                            for s in others), default=0.0))
            added = min(added, _most_called(view, to, others))
            covered = sum(min(to, _total(view.player(s))) - view.player(s).bet for s in others)
            ev = (fold_all * pot - raised * added * (1 - eq_called)
                  + (1 - fold_all - raised) * (eq_called * (pot + added + covered) - added))
            out.append(Choice(action, ev))
        return out

    def _sizes(self, view: SeatView, legal: dict[ActionKind, LegalAction]
               ) -> list[tuple[Action, int]]:
        """The bets or raises on offer: the amount scale's stops and all-in,
        each with the round total it makes."""
        me = view.me
        assert me is not None
        scale = amount_scale(view)
        # The minimum is one of many stops only when the scale offers others.
        out = [(stop.action(), stop.to) for stop in scale
               if stop.steps != ("min",) or len(scale) == 1]
        if ActionKind.ALL_IN in legal and (ActionKind.BET in legal or ActionKind.RAISE in legal
                                           or ActionKind.CALL not in legal):
            to = me.bet + me.stack
            if all(t != to for _, t in out) and to > me.bet + view.to_call:
                out.append((Action.all_in(), to))
        return out

    def _equity_against(self, view: SeatView, weights: Sequence[npt.NDArray[np.float64]]
                        ) -> float:
        if not weights:
            return 1.0
        try:
            return equity(view.hole, view.board, len(weights),
                          ranges=[Range(w) for w in weights], trials=self.trials,
                          rng=self.np_rng).equity
        except EquityError:
            return equity(view.hole, view.board, len(weights), trials=self.trials,
                          rng=self.np_rng).equity

    def _must_defend(self, view: SeatView, others: Sequence[int]) -> bool:
        """Facing one opponent who bets often (a bet, not a raise): call with the share of
        hands that keeps the bet from winning by itself (the minimum defence,
        pot before the bet over pot after it), judged by strength against any
        two cards."""
        if len(others) != 1 or view.to_call == 0:
            return False
        model = self.table.of(others[0])
        me = view.me
        raised = me is not None and me.bet > 0  # our bet was raised: not a bet to defend
        if raised or model.bet_rate(view.street) < FREQUENT_BETTOR:
            return False
        bet = view.to_call
        defend = (view.pot - bet) / max(1, view.pot)
        strength = equity(view.hole, view.board, 1, trials=self.trials,
                          rng=self.np_rng).equity
        return strength >= 1 - defend

    @staticmethod
    def commit(view: SeatView, action: Action) -> Action:
        """``action`` within the commitment rules: a bet or raise that would
        leave less than :data:`COMMIT_SHARE` of the chips this seat started the
        hand with goes all-in instead; a fold of a call costing at most
        :data:`CHEAP_CALL_SHARE` of the pot calls instead."""
        me = view.me
        legal = {a.kind: a for a in view.legal_actions}
        if me is None:
            return action
        if action.kind in (ActionKind.BET, ActionKind.RAISE):
            behind = me.stack - (action.amount - me.bet)
            if behind < COMMIT_SHARE * (me.stack + me.in_pot) and ActionKind.ALL_IN in legal:
                return Action.all_in()
        elif action.kind is ActionKind.FOLD and view.to_call <= CHEAP_CALL_SHARE * view.pot:
            if ActionKind.CALL in legal:
                return Action.call()
            if ActionKind.ALL_IN in legal:
                return Action.all_in()
        return action


def overbet_fold(fold: float, fraction: float) -> float:
    """The fold rate against a bet of ``fraction`` of the pot, from the rate
    learned at sizes up to :data:`OVERBET` pots: beyond that, the share that
    continues shrinks with the square root of the size (a shove of ten pots
    is called by few hands, whoever the caller)."""
    if fraction <= OVERBET:
        return fold
    return float(1 - (1 - fold) * (OVERBET / fraction) ** 0.5)


def foldable(weights: npt.NDArray[np.float64], tiers: npt.NDArray[np.int8],
             fraction: float) -> float:
    """The share of a range that may fold to a bet of ``fraction`` of the pot:
    nothing and draws, and some pairs, more of them against a bigger bet."""
    mass = np.bincount(tiers, weights=weights, minlength=4)
    total = float(mass.sum())
    if total <= 0:
        return 0.0
    pairs = 0.15 + 0.15 * min(2.0, max(0.0, fraction))
    return float(mass[AIR] + mass[DRAW] + pairs * mass[MEDIUM]) / total


def calling_range(weights: npt.NDArray[np.float64], tiers: npt.NDArray[np.int8],
                  fold: float) -> npt.NDArray[np.float64]:
    """The part of a range that calls when a share ``fold`` of it folds: the
    weakest holdings go first (nothing, then draws, then pairs)."""
    mass = np.bincount(tiers, weights=weights, minlength=4)
    left = fold * float(mass.sum())
    keep = np.ones(4)
    for tier in (AIR, DRAW, MEDIUM):
        if left <= 0 or mass[tier] <= 0:
            continue
        gone = min(left, float(mass[tier]))
        keep[tier] = 1 - gone / float(mass[tier])
        left -= gone
    out: npt.NDArray[np.float64] = weights * keep[tiers]
    return out if out.sum() > 0 else weights


def _most_called(view: SeatView, to: int, others: Sequence[int]) -> int:
    """The most of this seat's bet (chips added now) that any opponent can match."""
    me = view.me
    assert me is not None
    most = max((min(to, _total(view.player(s))) for s in others), default=to)
    return max(0, most - me.bet)


def _total(p: PlayerView) -> int:
    return p.bet + p.stack

register("hard_v2", HardV2Player)
