"""Hard as it was after issue 27 and before issue 37 (it read raises by what
they showed down but still called a tight player's turn and river raises
with one pair), kept as the ladder's yardstick ``hard_v3`` (not offered in
the game).  Today's Hard (:mod:`.hard`) is this player with the late-raise
rule on top; leave this module as it is so that the ladder keeps measuring
against the same player.

Hard: reads the table.  It keeps a model of every opponent for the game
(:mod:`.model`, learned from the hand-end views it is shown), narrows each
opponent's range by what that opponent's actions mean *for that player*,
and after the flop chooses the action of highest expected value among
check or fold, call, the amount scale's sizes and all-in — fold equity
from the model, equity from the engine's batched evaluator against the
narrowed ranges.  Commitment rules keep it from leaving a few chips behind
or folding for a few chips, and it defends enough of its hands against an
opponent who bets too often.  Before the flop it plays as Hard always did
(:mod:`.hard_v1`), with ranges narrowed by the model — except its all-in
decisions when short (pushing unopened, calling a push, going all-in over a
raise that would commit it), which it judges by the finishing places they
gain (:mod:`.places`), against each opponent's pushing and calling
frequencies as counted."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.amounts import amount_scale
from holdem_desktop.engine.equity import EquityError, equity
from holdem_desktop.engine.events import ActionTaken, Street, StreetDealt
from holdem_desktop.engine.ranges import COMBOS, Range, combo_index
from holdem_desktop.engine.views import PlayerView, SeatView

from .common import (
    Character,
    amount_for,
    check_or_fold,
    opponents_in_hand,
    preflop_percentile,
    raises_this_street,
    stack_in_big_blinds,
)
from .hard_v1 import (
    AIR,
    DRAW,
    MEDIUM,
    MONSTER,
    HardV1Player,
    combo_percentiles,
    tiers_on,
)
from .model import OVERBET_SIZE, PRIORS, OpponentModel, TableModel
from .normal import push_threshold
from .places import allin_outcomes, expected_place
from .players import register

__all__ = ["AIR", "CHEAP_CALL_SHARE", "COMMIT_SHARE", "DRAW", "FREQUENT_BETTOR", "MEDIUM",
           "MONSTER", "PAIR_BET", "Choice", "HardV3Player", "calling_range", "foldable",
           "multipliers", "overbet_fold", "street_reads"]

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

PAIR_BET = 0.7
"""With one pair, bets and raises above this share of the pot are not
considered (0.55 on the river): a pair bets for thin value and keeps the pot
small enough to call a raise or give up, not to build a pot it cannot call off."""

WIDE_RAISER = 0.45
"""A player seen raising at least this share of its decisions before the flop
raises wide: its raise is re-raised for value by every hand well ahead of
that range (:data:`VALUE_RERAISE` equity), not only by the best few."""

VALUE_RERAISE = 0.6

PUSH_DEPTH = 14.0
"""Unopened with this many big blinds or fewer, Hard pushes or folds, by places."""

STEAL_DEPTH = 20.0
"""Unopened with this many big blinds or fewer, Hard pushes when that gains
places (above :data:`PUSH_DEPTH` it raises or folds as usual otherwise)."""

COMMITTING = 0.35
"""Facing a raise that costs this share of its chips or more, Hard goes all-in
or folds, by places."""

PLACE_MARGIN = 0.0
"""Places an all-in must gain on average over folding."""

TIE_ALLOWANCE = 0.05
"""How much below the minimum defence's strength line an overbet is still called."""

DEFEND_AIR = 0.2
"""An overbet is defended by the minimum defence unless what this opponent
showed down after overbets holds nothing less often than this."""


def street_reads(view: SeatView, seat: int) -> dict[Street, str]:
    """What ``seat``'s actions on each street after the flop say: ``raise`` (it
    put in more than a bet it faced — an all-in over a bet included — or bet
    twice), ``bet``, ``call`` or ``check``."""
    order = ("check", "call", "bet", "raise")
    out: dict[Street, str] = {}
    level = 0
    bets: dict[int, int] = {}
    for e in view.history:
        if isinstance(e, StreetDealt):
            level, bets = 0, {}
            continue
        if not isinstance(e, ActionTaken) or e.street == Street.PREFLOP:
            continue
        before = bets.get(e.seat, 0)
        total = before + e.added
        if e.seat == seat and e.kind is not ActionKind.FOLD:
            if e.kind in _AGGRESSIVE and total > level:
                read = "raise" if level > 0 or out.get(e.street) in ("bet", "raise") else "bet"
            elif e.added > 0:
                read = "call"
            else:
                read = "check"
            if order.index(read) > order.index(out.get(e.street, "check")) \
                    or e.street not in out:
                out[e.street] = read
        bets[e.seat] = total
        level = max(level, total)
    return out


def multipliers(action: str, model: OpponentModel, street: Street,
                weights: npt.NDArray[np.float64], tiers: npt.NDArray[np.int8]
                ) -> npt.NDArray[np.float64]:
    """How much more or less likely each holding (MONSTER, MEDIUM, DRAW, AIR)
    becomes once this opponent took ``action`` (``bet``, ``raise``, ``call``
    or ``check``) on ``street``, given its range so far (``weights``) and the
    board's ``tiers``.  After a bet or raise, the share of nothing in the
    range is the share the model expects of this player's bets."""
    if action in ("bet", "raise"):
        mass = np.bincount(tiers, weights=weights, minlength=4)
        value = _bet_value(model, mass.astype(float)) if action == "bet" else \
            _raise_value(model, street, mass.astype(float))
        share = model.air_share(street) if action == "bet" else model.raise_air_share(street)
        made = float((mass[:3] * value).sum())
        air = float(mass[AIR])
        factor = share * made / ((1 - share) * air) if air > 0 and made > 0 else 0.25
        return np.array([*value, min(1.0, max(0.02, factor))])
    if action == "call":
        # A player who rarely folds calls with nothing too.
        return np.array([0.7, 1.0, 1.0, min(1.0, max(0.08, 1 - model.fold_rate() / 0.6))])
    bet = model.bet_rate(street)  # a check: the more they bet, the weaker a check
    return np.clip(1 - bet * np.array([1.2, 0.9, 0.7, 0.5]), 0.05, 1.0)


def _bet_value(model: OpponentModel, mass: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Relative chances of MONSTER, MEDIUM and DRAW to bet: the usual ones
    until this player's bets have been shown down, then scaled so that two
    pair or better make the share of its made bets that was shown (a player
    who bets only its best hands is read that way)."""
    rest = float(_BET_VALUE[1] * mass[MEDIUM] + _BET_VALUE[2] * mass[DRAW])
    if mass[MONSTER] <= 0 or rest <= 0:
        return _BET_VALUE
    usual = float(mass[MONSTER]) / (float(mass[MONSTER]) + rest)
    strong = min(0.98, max(0.02, model.bet_strength(usual)))
    k = min(1.25, max(0.02, float(mass[MONSTER]) * (1 - strong) / (strong * rest)))
    return np.array([1.0, _BET_VALUE[1] * k, _BET_VALUE[2] * k])


def _raise_value(model: OpponentModel, street: Street, mass: npt.NDArray[np.float64]
                 ) -> npt.NDArray[np.float64]:
    """Relative chances of MONSTER, MEDIUM and DRAW to raise on ``street``,
    set so that two pair or better make the share of the made raises the
    model expects of this player (:meth:`OpponentModel.raise_strength`): a
    tight player who raises only with two pair or better is read that way."""
    strong = model.raise_strength(street)
    rest = float(mass[MEDIUM] + 0.85 * mass[DRAW])
    if mass[MONSTER] <= 0 or rest <= 0:
        return _RAISE_VALUE
    k = min(1.0, max(0.01, float(mass[MONSTER]) * (1 - strong) / (strong * rest)))
    return np.array([1.0, k, 0.85 * k])


@dataclass(frozen=True)
class Choice:
    """One action considered, with its expected value in chips (relative to
    folding now)."""

    action: Action
    ev: float


class HardV3Player(HardV1Player):
    """Hard before issue 37."""

    level = "hard_v3"

    def __init__(self, rng: random.Random, character: Character | None = None,
                 trials: int = 900) -> None:
        super().__init__(rng, character, trials)
        self.table = TableModel()

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
        reads = street_reads(view, seat)
        for street, size in _BOARD_SIZE.items():
            if len(view.board) < size:
                break
            read = reads.get(street)
            if read is not None:
                tiers = tiers_on(tuple(view.board[:size]))
                w = w * multipliers(read, model, street, w, tiers)[tiers]
        return w

    # ------------------------------------------------------------------ after the flop

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        """As Hard always played before the flop (:mod:`.hard_v1`), with ranges
        from the model — and a wide raiser's single raise re-raised for value
        by every hand well ahead of its range."""
        short = self._short_preflop(view, legal)
        if short is not None:
            return short
        raises = [e for e in raises_this_street(view) if e.amount > view.big_blind]
        wide = len(raises) == 1 and stack_in_big_blinds(view) > 14 \
            and self.table.of(raises[0].seat).preflop_raise_rate() >= WIDE_RAISER
        if wide and self.equity(view) >= VALUE_RERAISE + 0.04 * (len(opponents_in_hand(view)) - 1):
            bet = amount_for(view, legal, 1.0)
            if bet is not None:
                return bet
        return super()._preflop(view, legal)

    def _short_preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]
                       ) -> Action | None:
        """Before the flop, the all-in decisions of a short game judged by places
        (:mod:`.places`): unopened at :data:`PUSH_DEPTH` big blinds or less, push
        or fold; facing one player's all-in (or a raise that would commit this
        stack), call all-in or fold.  None when neither applies."""
        me = view.me
        if me is None:
            return None
        # All in: a push, or the call of a push this seat covers.
        go = Action.all_in() if ActionKind.ALL_IN in legal else \
            Action.call() if ActionKind.CALL in legal else None
        if go is None:
            return None
        bb = max(1, view.big_blind)
        raises = [e for e in raises_this_street(view) if e.amount > bb]
        if not raises:
            depth = stack_in_big_blinds(view)
            if depth > STEAL_DEPTH:
                return None
            if self.push_places(view) > PLACE_MARGIN:
                return go
            return check_or_fold(legal) if depth <= PUSH_DEPTH else None
        raisers = {e.seat for e in raises}
        last = raises[-1].seat
        shover = view.player(last)
        total = me.stack + me.bet
        if len(raisers) != 1 or last == view.seat or not (
                shover.all_in or view.to_call >= COMMITTING * total):
            return None
        if self.call_places(view, last) > PLACE_MARGIN:
            return go
        return check_or_fold(legal)

    def shove_range_width(self, view: SeatView, seat: int) -> float:
        """The share of starting hands ``seat`` puts all its chips in with here:
        its first-in raise frequency as counted (a push/fold chart's width for
        its stack until it is seen), a third of that over another raise, half
        of it from a deep stack."""
        player = view.player(seat)
        depth = (player.stack + player.in_pot) / max(1, view.big_blind)
        chart = 1 - push_threshold(min(depth, 25.0), 2)
        width = self.table.of(seat).open_rate(chart)
        first = next((e.seat for e in raises_this_street(view)
                      if e.amount > view.big_blind), seat)
        if first != seat:
            width /= 3
        if depth > 20:
            width /= 2
        return min(0.9, max(0.03, width))

    def caller_width(self, view: SeatView, seat: int) -> float:
        """The share of starting hands ``seat`` calls this seat's all-in with:
        how often it was seen calling all-ins, shrunk toward a width that grows
        as the call costs it less and as it raises more."""
        me = view.me
        assert me is not None
        other = view.player(seat)
        cover = min(me.stack + me.in_pot, other.stack + other.in_pot) / max(1, view.big_blind)
        model = self.table.of(seat)
        loose = model.preflop_raise_rate() / PRIORS["preflop_raise"]
        prior = (0.12 + 0.35 * max(0.0, (12 - cover) / 12)) * min(2.0, max(0.6, loose)) ** 0.5
        return min(0.9, max(0.03, model.call_shove_rate(min(0.7, prior))))

    def _equity_vs_top(self, view: SeatView, width: float, trials: int = 600) -> float:
        """Equity heads-up against the best ``width`` of starting hands."""
        threshold = 1 - width
        caller = Range(np.where(combo_percentiles() >= threshold, 1.0, 0.02)).without(
            [*view.hole, *view.board])
        try:
            return equity(view.hole, view.board, 1, ranges=[caller], trials=trials,
                          rng=self.np_rng).equity
        except EquityError:
            return preflop_percentile(view.hole)

    @staticmethod
    def _chips(view: SeatView) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """Each player's chips at the start of the hand, behind now, and in the pot."""
        totals = {p.seat: p.stack + p.in_pot for p in view.players}
        behind = {p.seat: p.stack for p in view.players}
        in_pot = {p.seat: p.in_pot for p in view.players}
        return totals, behind, in_pot

    def push_places(self, view: SeatView) -> float:
        """Places gained on average by moving all-in now rather than folding
        (positive: the push is better), nobody having raised: everyone folds
        (the blinds are won), or one player calls with its calling range
        (:meth:`caller_width`) and the cards decide."""
        me = view.me
        assert me is not None and view.seat is not None
        totals, behind, in_pot = self._chips(view)
        seat = view.seat
        others = [p for p in view.players if p.seat != seat and not p.folded and not p.all_in]
        if not others:
            return 0.0
        fold = dict(behind)
        taker = max(others, key=lambda p: p.bet).seat
        fold[taker] += view.pot
        steal = dict(behind)
        steal[seat] += view.pot
        nobody = 1.0
        place = 0.0
        cache: dict[float, float] = {}
        for other in others:
            width = round(self.caller_width(view, other.seat), 2)
            if width not in cache:
                cache[width] = self._equity_vs_top(view, width)
            eq = cache[width]
            win, lose = allin_outcomes(totals, behind, view.pot, in_pot, seat, other.seat)
            called = nobody * width
            place += called * (eq * expected_place(win, seat)
                               + (1 - eq) * expected_place(lose, seat))
            nobody *= 1 - width
        place += nobody * expected_place(steal, seat)
        return expected_place(fold, seat) - place

    def call_places(self, view: SeatView, shover: int) -> float:
        """Places gained on average by calling ``shover``'s all-in (or going
        all-in over its raise) rather than folding, against its pushing range
        (:meth:`shove_range_width`); players still to act are taken to fold,
        and each of them costs a little equity for the hands it wakes up with."""
        assert view.seat is not None
        totals, behind, in_pot = self._chips(view)
        seat = view.seat
        eq = self._equity_vs_top(view, self.shove_range_width(view, shover), self.trials)
        waiting = sum(1 for p in view.players if p.seat not in (seat, shover)
                      and not p.folded and not p.all_in)
        eq = max(0.0, eq - 0.015 * waiting)
        fold = dict(behind)
        fold[shover] += view.pot
        win, lose = allin_outcomes(totals, behind, view.pot, in_pot, seat, shover)
        called = eq * expected_place(win, seat) + (1 - eq) * expected_place(lose, seat)
        return expected_place(fold, seat) - called

    def _push_gains(self, view: SeatView, depth: float) -> float:
        """Expected chips (in big blinds) of moving all-in unopened rather than
        folding, as :mod:`.hard_v1` has it, with each caller's range as wide as
        the model says the player is loose (a maniac calls wider, a tight
        player narrower)."""
        me = view.me
        assert me is not None
        risk = me.stack + me.bet
        bb = max(1, view.big_blind)
        fold_all = 1.0
        widths = []
        for other in view.players:
            if other.seat == view.seat or other.folded or other.all_in:
                continue
            cover = min(risk, other.stack + other.bet) / bb
            loose = self.table.of(other.seat).preflop_raise_rate() / PRIORS["preflop_raise"]
            width = (0.12 + 0.35 * max(0.0, (12 - cover) / 12)) * min(2.0, max(0.6, loose)) ** 0.5
            width = max(0.08, min(0.7, width + 0.05 * self.character.aggression))
            widths.append(width)
            fold_all *= 1.0 - width
        if not widths:
            return 0.0
        caller = Range(np.where(combo_percentiles() >= 1 - max(widths), 1.0, 0.0)).without(
            [*view.hole, *view.board])
        try:
            eq = equity(view.hole, view.board, 1, ranges=[caller], trials=600,
                        rng=self.np_rng).equity
        except EquityError:
            eq = preflop_percentile(view.hole)
        pot = view.pot
        called = eq * (pot + 2 * risk - me.bet) - (risk - me.bet)
        return (fold_all * pot + (1 - fold_all) * called) / bb - 0.02 * depth * \
            self.character.tightness

    def _equity_vs_shove(self, view: SeatView, seat: int) -> float:
        """Equity against a short stack's all-in before the flop: its range is
        the push/fold chart's, or as wide as this player is seen to raise when
        that is wider (a maniac shoves more than the chart), other opponents as
        usual."""
        player = view.player(seat)
        depth = (player.stack + player.bet) / max(1, view.big_blind)
        width = min(0.9, self.table.of(seat).preflop_raise_rate())
        threshold = min(push_threshold(depth, 1), 1 - width)
        ranges: list[Range | None] = []
        others = opponents_in_hand(view)
        for s in others:
            if s == seat:
                ranges.append(Range(np.where(combo_percentiles() >= threshold, 1.0, 0.05))
                              .without([*view.hole, *view.board]))
            else:
                ranges.append(self.range_of(view, s))
        try:
            return equity(view.hole, view.board, len(others), ranges=ranges,
                          trials=self.trials, rng=self.np_rng).equity
        except EquityError:
            return self.equity(view)

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
                if to_call <= CHEAP_CALL_SHARE * pot or self._must_defend(view, others) \
                        or self._defends_overbet(view, others):
                    ev = max(ev, 0.001)
                out.append(Choice(Action.call() if ActionKind.CALL in legal
                                  else Action.all_in(), ev))
        top = me.bet + view.to_call
        start = me.stack + me.in_pot
        called: dict[tuple[float, ...], float] = {}
        base = np.where(np.isin(COMBOS, [*view.hole, *view.board]).any(axis=1), 0.0, 1.0)
        pair = tiers[combo_index(view.hole[0], view.hole[1])] == MEDIUM
        for action, to in self._sizes(view, legal):
            added = to - me.bet
            if pair and (to - top) > (0.55 if river else PAIR_BET) * (pot + view.to_call) \
                    and me.stack > pot + view.to_call:
                continue  # one pair: thin value and pot control, no big pot
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

    def _defends_overbet(self, view: SeatView, others: Sequence[int]) -> bool:
        """Facing one opponent's overbet (more than :data:`OVERBET_SIZE` pots, a
        bet and not a raise): call with the share of hands the minimum defence
        asks for (pot before the bet over pot after it), judged by strength
        against any two cards — unless this opponent's overbets were shown
        down as value (:data:`DEFEND_AIR`)."""
        me = view.me
        if len(others) != 1 or view.to_call == 0 or me is None or me.bet > 0 \
                or self._risk_premium(view) > 0:  # not with the tournament at stake
            return False
        bet = view.to_call
        before = view.pot - bet
        if bet <= OVERBET_SIZE * max(1, before):
            return False
        if self.table.of(others[0]).overbet_air_share() < DEFEND_AIR:
            return False
        defend = before / max(1, view.pot)
        strength = equity(view.hole, view.board, 1, trials=self.trials,
                          rng=self.np_rng).equity
        # Split pots and the board's own hand leave fewer hands above the line
        # than the line says: it is set a little lower to defend the full share.
        return strength >= 1 - defend - TIE_ALLOWANCE

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

register("hard_v3", HardV3Player)
