"""Hard: estimates its equity by Monte Carlo simulation (the engine's batched
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
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.hand_classes import HandCategory, category_of
from holdem_desktop.engine.ranges import COMBOS, Range
from holdem_desktop.engine.views import SeatView

from .common import (
    Character,
    amount_for,
    call_or_check,
    chance,
    check_or_fold,
    legal_by_kind,
    opponents_in_hand,
    preflop_percentile,
    raise_to,
    raises_this_street,
    seats_after,
    stack_in_big_blinds,
    texture,
)
from .normal import push_threshold
from .players import register

__all__ = ["HardPlayer", "opponent_range"]

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)


@cache
def _combo_percentiles() -> npt.NDArray[np.float64]:
    """Starting-hand percentile of each of the 1,326 combinations."""
    out = np.array([preflop_percentile((int(a), int(b))) for a, b in COMBOS])
    out.setflags(write=False)
    return out


def _strong_on(board: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """For each combination: does it make a pair or better with a hole card
    on this board, or hold a flush draw?"""
    return _strong_on_cached(tuple(sorted(board)))


@lru_cache(maxsize=64)
def _strong_on_cached(board: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    counts = sorted((sum(1 for c in board if c >> 2 == r) for r in {c >> 2 for c in board}),
                    reverse=True)
    board_level = (HandCategory.THREE_OF_A_KIND if counts[0] >= 3 else
                   HandCategory.TWO_PAIR if counts[:2] == [2, 2] else
                   HandCategory.PAIR if counts[0] == 2 else HandCategory.HIGH_CARD)
    if len(board) == 5:
        board_level = max(board_level, category_of(evaluate(board)))
    suits = [c & 3 for c in board]
    out = np.zeros(len(COMBOS), dtype=bool)
    for k, (a, b) in enumerate(COMBOS.tolist()):
        if a in board or b in board:
            continue
        made = category_of(evaluate((a, b, *board))) > board_level
        flush_draw = len(board) < 5 and (a & 3) == (b & 3) and suits.count(a & 3) >= 2
        out[k] = made or flush_draw
    return out


def opponent_range(view: SeatView, seat: int) -> Range:
    """What ``seat`` may hold, judged only from its public actions this hand."""
    pct = _combo_percentiles()
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
        strong = _strong_on(tuple(view.board[:size]))
        if any(e.kind in _AGGRESSIVE and e.added > 0 for e in mine):
            w = w * np.where(strong, 1.0, 0.3)
        elif any(e.kind == ActionKind.CALL for e in mine):
            w = w * np.where(strong, 1.0, 0.4)
        elif any(e.kind == ActionKind.CHECK for e in mine):
            w = w * np.where(strong, 0.7, 1.0)
    return Range(w).without([*view.hole, *view.board])


class HardPlayer:
    """The Hard computer player."""

    level = "hard"

    def __init__(self, rng: random.Random, character: Character | None = None,
                 trials: int = 1500) -> None:
        self.rng = rng
        self.np_rng = np.random.default_rng(rng.getrandbits(64))
        self.character = character or Character("Hard")
        self.trials = trials

    def decide(self, view: SeatView) -> Action:
        """One legal action for ``view``."""
        legal = legal_by_kind(view)
        if view.street == Street.PREFLOP:
            return self._preflop(view, legal)
        return self._postflop(view, legal)

    def equity(self, view: SeatView) -> float:
        """This seat's share of the pot against the opponents' narrowed ranges."""
        others = opponents_in_hand(view)
        if not others:
            return 1.0
        ranges: Sequence[Range | None] = [opponent_range(view, s) for s in others]
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
                if p >= push_threshold(depth, behind) + 0.03 * self.character.tightness:
                    return Action.all_in() if ActionKind.ALL_IN in legal else \
                        call_or_check(legal)
                return check_or_fold(legal)
            eq = self.equity(view)
            if eq >= required + 0.02:
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
        implied = 0.05 if view.to_call <= 0.1 * stack else 0.0
        if eq + position + implied >= required + 0.04:
            return call_or_check(legal)
        return check_or_fold(legal)

    # ------------------------------------------------------------------

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
            if eq < 0.3 and others <= 2 and chance(self.rng, bluff_rate):
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
        if eq + implied >= required + 0.02:
            return call_or_check(legal)
        if river and others == 1 and chance(self.rng, 0.03 * self.character.bluff):
            raised = amount_for(view, legal, 1.0)  # a rare bluff-raise
            if raised is not None:
                return raised
        return check_or_fold(legal)


register("hard", HardPlayer)
