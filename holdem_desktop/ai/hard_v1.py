"""Hard as it was before it learned its opponents, kept as the ladder's
yardstick ``hard_v1`` (not offered in the game).  The board tiers and the
public-action range narrowing here are shared with today's Hard.

It estimates its equity by Monte Carlo simulation (the engine's batched
equity) against ranges narrowed by what each opponent has done in public
this hand, sizes bets on the amount scale, and bluffs and slow-plays at
controlled, seeded frequencies; short-stacked it plays push/fold."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.equity import EquityError, equity
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.hand_classes import HandCategory
from holdem_desktop.engine.ranges import COMBOS, Range
from holdem_desktop.engine.views import SeatView

from .common import (
    Character,
    StreetPlayer,
    amount_for,
    call_or_check,
    chance,
    check_or_fold,
    opponents_in_hand,
    preflop_percentile,
    raise_to,
    raises_this_street,
    seats_after,
    shared_category,
    stack_in_big_blinds,
    texture,
)
from .normal import push_threshold
from .players import register

__all__ = ["AIR", "DRAW", "MEDIUM", "MONSTER", "HardV1Player", "categories",
           "combo_percentiles", "opponent_range", "street_action", "tiers_on"]

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)


@cache
def combo_percentiles() -> npt.NDArray[np.float64]:
    """Starting-hand percentile of each of the 1,326 combinations."""
    out = np.array([preflop_percentile((int(a), int(b))) for a, b in COMBOS])
    out.setflags(write=False)
    return out


MONSTER, MEDIUM, DRAW, AIR = 0, 1, 2, 3

# How much more (or less) likely each kind of holding becomes after each
# public action on a street: rows MONSTER, MEDIUM, DRAW, AIR.
_AFTER = {
    "raise": np.array([1.0, 0.35, 0.3, 0.08]),
    "bet": np.array([1.0, 0.8, 0.6, 0.25]),
    "call": np.array([0.7, 1.0, 1.0, 0.15]),
    "check": np.array([0.5, 0.9, 0.9, 1.0]),
}


def tiers_on(board: tuple[int, ...]) -> npt.NDArray[np.int8]:
    """Each combination's holding on this board: two pair or better made with a
    hole card (MONSTER), a pair made with a hole card (MEDIUM), a flush draw
    (DRAW), or nothing (AIR)."""
    return _tiers_cached(tuple(sorted(board)))


def categories(cards: npt.NDArray[np.intp]) -> npt.NDArray[np.int8]:
    """The :class:`HandCategory` of each row of 5 to 7 distinct cards, all rows
    at once (counting ranks and suits; no strengths needed)."""
    ranks, suits = cards >> 2, cards & 3
    counts = (ranks[..., None] == np.arange(13)).sum(axis=1)
    suit_counts = (suits[..., None] == np.arange(4)).sum(axis=1)
    flush_suit = suit_counts.argmax(axis=1)
    flush = suit_counts.max(axis=1) >= 5
    in_suit = ((ranks[..., None] == np.arange(13)) & (suits == flush_suit[:, None])[..., None]
               ).any(axis=1)

    def straight(present: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        wheel = present[:, 12] & present[:, :4].all(axis=1)
        runs = np.zeros(len(present), dtype=bool)
        for low in range(9):  # five in a row from each rank, two up to ten
            runs |= present[:, low:low + 5].all(axis=1)
        return runs | wheel

    trips = (counts == 3).sum(axis=1)
    pairs = (counts == 2).sum(axis=1)
    return np.select(
        [flush & straight(in_suit), (counts == 4).any(axis=1),
         (trips >= 2) | ((trips >= 1) & (pairs >= 1)), flush, straight(counts > 0),
         trips >= 1, pairs >= 2, pairs == 1],
        [8, 7, 6, 5, 4, 3, 2, 1], 0).astype(np.int8)


@lru_cache(maxsize=64)
def _tiers_cached(board: tuple[int, ...]) -> npt.NDArray[np.int8]:
    board_level = shared_category(board)
    out = np.full(len(COMBOS), AIR, dtype=np.int8)
    live = ~np.isin(COMBOS, board).any(axis=1)
    combos = COMBOS[live].astype(np.intp)
    made = categories(np.hstack([combos, np.tile(np.array(board, dtype=np.intp),
                                                  (len(combos), 1))]))
    suits = np.array([c & 3 for c in board])
    same_suit = (combos[:, 0] & 3) == (combos[:, 1] & 3)
    on_board = (suits[None, :] == (combos[:, :1] & 3)).sum(axis=1)
    tier = np.where(
        made > board_level, np.where(made >= HandCategory.TWO_PAIR, MONSTER, MEDIUM),
        np.where((len(board) < 5) & same_suit & (on_board >= 2), DRAW, AIR))
    out[live] = tier
    return out


def opponent_range(view: SeatView, seat: int) -> Range:
    """What ``seat`` may hold, judged only from its public actions this hand."""
    pct = combo_percentiles()
    w = np.ones(len(COMBOS))
    acts = [e for e in view.history if isinstance(e, ActionTaken) and e.seat == seat]
    pre = [e for e in acts if e.street == Street.PREFLOP]
    raises = sum(1 for e in pre if e.kind in _AGGRESSIVE and e.added > 0
                 and e.amount > view.big_blind)
    called = any(e.kind in (ActionKind.CALL, ActionKind.ALL_IN) for e in pre)
    if raises >= 2:
        w = np.where(pct >= 0.95, 1.0, 0.03)
    elif raises == 1:
        w = np.where(pct >= 0.78, 1.0, np.where(pct >= 0.6, 0.25, 0.03))
    elif called:
        w = np.where(pct >= 0.95, 0.4, np.where(pct >= 0.5, 1.0, 0.15))
    elif pre:
        w = np.where(pct >= 0.9, 0.3, 1.0)
    boards = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
    for street, size in boards.items():
        if len(view.board) < size:
            break
        mine = [e for e in acts if e.street == street]
        if not mine:
            continue
        read = street_action(mine)
        if read is not None:
            w = w * _AFTER[read][tiers_on(tuple(view.board[:size]))]
    return Range(w).without([*view.hole, *view.board])


def street_action(actions: Sequence[ActionTaken]) -> str | None:
    """What a player's actions on one street say: ``raise``, ``bet``, ``call``
    or ``check`` (None when it only folded)."""
    aggressive = [e for e in actions if e.kind in _AGGRESSIVE and e.added > 0]
    if any(e.kind is ActionKind.RAISE or (e.kind is ActionKind.ALL_IN and e.amount > e.added)
           for e in aggressive) or len(aggressive) > 1:
        return "raise"
    if aggressive:
        return "bet"
    if any(e.kind is ActionKind.CALL for e in actions):
        return "call"
    if any(e.kind is ActionKind.CHECK for e in actions):
        return "check"
    return None


class HardV1Player(StreetPlayer):
    """The Hard computer player before issue 17."""

    level = "hard"

    def __init__(self, rng: random.Random, character: Character | None = None,
                 trials: int = 1500) -> None:
        super().__init__(rng, character)
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.trials = trials

    def range_of(self, view: SeatView, seat: int) -> Range:
        """What ``seat`` may hold, as this player reads it."""
        return opponent_range(view, seat)

    def equity(self, view: SeatView) -> float:
        """This seat's share of the pot against the opponents' narrowed ranges."""
        others = opponents_in_hand(view)
        if not others:
            return 1.0
        ranges: Sequence[Range | None] = [self.range_of(view, s) for s in others]
        try:
            result = equity(view.hole, view.board, len(others), ranges=ranges,
                            trials=self.trials, rng=self.np_rng)
        except EquityError:
            result = equity(view.hole, view.board, len(others), trials=self.trials,
                            rng=self.np_rng)
        return result.equity

    # ------------------------------------------------------------------

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        p = preflop_percentile(view.hole)
        bb = view.big_blind
        depth = stack_in_big_blinds(view)
        behind = seats_after(view)
        raises = [e for e in raises_this_street(view) if e.amount > bb]
        heads_up = len(view.players) == 2
        pot_after = view.pot + view.to_call
        required = view.to_call / max(1, pot_after)
        if depth <= 14:
            if not raises:
                if self._push_gains(view, depth) > 0.15 * (len(view.players) - 2):
                    return Action.all_in() if ActionKind.ALL_IN in legal else \
                        call_or_check(legal)
                return check_or_fold(legal)
            eq = self._equity_vs_shove(view, raises[-1].seat)
            if eq >= required + 0.02 + self._risk_premium(view):
                return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)
            return check_or_fold(legal)
        if not raises:
            width = 0.75 if heads_up else {0: 0.48, 1: 0.35, 2: 0.27, 3: 0.21}.get(behind, 0.16)
            width -= 0.05 * self.character.tightness
            if p >= 1 - width:
                return raise_to(view, legal, (2.5 if heads_up else 3) * bb)
            if view.to_call == 0:
                return Action.check()
            if p >= 1 - width - 0.12 and required <= 0.2 and behind <= 1:
                return Action.call()
            return check_or_fold(legal)
        eq = self.equity(view)
        me = view.me
        stack = (me.stack + me.bet) if me else 0
        threshold = 0.58 if len(raises) == 1 else 0.62
        if eq >= threshold and p >= 0.9:
            bet = amount_for(view, legal, 1.0)
            if bet is not None:
                return bet
        if len(raises) == 1 and p >= 0.8 and chance(self.rng, 0.08 * self.character.bluff) \
                and stack > 30 * bb:
            bet = amount_for(view, legal, 1.0)  # a light three-bet
            if bet is not None:
                return bet
        position = 0.03 if behind == 0 else 0.0
        implied = 0.04 if view.to_call <= 0.05 * stack and len(raises) == 1 else 0.0
        if eq + position + implied >= required + 0.04 + self._risk_premium(view):
            return call_or_check(legal)
        return check_or_fold(legal)

    # ------------------------------------------------------------------

    def _push_gains(self, view: SeatView, depth: float) -> float:
        """Expected chips (in big blinds) of moving all-in unopened rather than
        folding: the blinds when everyone folds, else the showdown against a
        calling range that narrows as the call costs more of the caller."""
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
            # Callers call wider when the call is small against what is in the pot.
            width = max(0.08, min(0.6, 0.12 + 0.35 * max(0.0, (12 - cover) / 12)))
            width += 0.05 * self.character.aggression
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
        """Equity against a short stack's all-in: its range widens as its stack
        shrinks (the push/fold chart), other opponents as usual."""
        player = view.player(seat)
        depth = (player.stack + player.bet) / max(1, view.big_blind)
        threshold = push_threshold(depth, 1)
        others = opponents_in_hand(view)
        ranges: list[Range | None] = []
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

    @staticmethod
    def _risk_premium(view: SeatView) -> float:
        """Extra equity wanted before a call that risks much of the stack while
        several players are left in the game: busting early costs places, so
        in a tournament chips lost are worth more than chips won."""
        me = view.me
        if me is None or len(view.players) <= 2:
            return 0.0
        risked = min(view.to_call, me.stack) / max(1, me.stack + me.bet)
        return 0.18 * risked if risked > 0.25 else 0.0

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        eq = self.equity(view)
        others = len(opponents_in_hand(view))
        pot_after = view.pot + view.to_call
        required = view.to_call / max(1, pot_after)
        me = view.me
        stack = me.stack if me else 0
        spr = stack / max(1, view.pot)
        tex = texture(view.board)
        river = view.street == Street.RIVER
        value_line = 0.6 + 0.06 * (others - 1) - 0.04 * self.character.aggression
        bluff_rate = (0.2 if river else 0.12) * self.character.bluff / others
        if view.to_call == 0:
            if eq >= value_line:
                if eq >= 0.85 and not river and not tex.wet and chance(self.rng, 0.25):
                    return Action.check()  # slow-play a monster on a quiet board
                if spr <= 1.2:
                    return Action.all_in() if ActionKind.ALL_IN in legal else Action.check()
                fraction = 1.0 if eq >= 0.8 and tex.wet else 0.75 if eq >= 0.72 else 0.5
                bet = amount_for(view, legal, fraction)
                return bet if bet is not None else Action.check()
            if eq < 0.3 and others == 1 and chance(self.rng, bluff_rate):
                bet = amount_for(view, legal, 0.75)
                return bet if bet is not None else Action.check()
            return Action.check()
        raise_line = value_line + 0.15
        if eq >= raise_line or (spr <= 1.5 and eq >= value_line):
            if spr <= 2:
                return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)
            raised = amount_for(view, legal, 0.75 if eq < 0.85 else 1.0)
            return raised if raised is not None else call_or_check(legal)
        implied = 0.03 if not river and spr > 3 else 0.0
        if eq + implied >= required + 0.02 + self._risk_premium(view):
            return call_or_check(legal)
        if river and others == 1 and chance(self.rng, 0.03 * self.character.bluff):
            raised = amount_for(view, legal, 1.0)  # a rare bluff-raise
            if raised is not None:
                return raised
        return check_or_fold(legal)


register("hard_v1", HardV1Player)
