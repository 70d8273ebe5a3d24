"""Hard: reads the table (:mod:`.hard_v3` has how: a model of every opponent,
ranges narrowed by what each one's actions mean for that player, the action
of highest expected value after the flop, places when short), folds to the
late raises of a player whose raises are seen to be strong (:mod:`.hard_v4`),
re-raises light before the flop a player seen to give up its raises, prices
its late bets by late folds, opens the button against a big blind seen to
fold and raises the flop bet of a player seen to give it up (:mod:`.hard_v5`)
— and does not bluff the turn and river of a pot re-raised before the flop
into a tight player's range.

A player counted folding most of its raises to a re-raise (at least
:data:`TIGHT_FOLD`) holds the top of its hands when it calls one: its best
``open rate × (1 − fold to re-raises)``.  Heads-up, in a pot where such a
player called Hard's re-raise, Hard prices its turn and river bets by no
more folds than the share of that range — less what would have folded the
bets it called on the flop and the turn — that holds nothing but a draw
at most on this board (:meth:`HardPlayer.range_fold`), rather than by the
folds counted in every pot, which come from its wider ranges.  A player who
calls re-raises light is counted so and met as before.  Only in heads-up
games, as the earlier sessions' rules."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from holdem_desktop.engine.actions import ActionKind, LegalAction
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.ranges import COMBOS
from holdem_desktop.engine.views import SeatView

from .hard_v1 import combo_percentiles, tiers_on
from .hard_v4 import HardV4Player
from .hard_v5 import (
    AIR,
    CALLED_REALIZED,
    CHEAP_CALL_SHARE,
    COMMIT_SHARE,
    DRAW,
    FLOP_RAISE_PRIOR,
    FREQUENT_BETTOR,
    LATE_SHOWN,
    LATE_STRONG,
    LIGHT_DEPTH,
    LIGHT_SIZE,
    MEDIUM,
    MONSTER,
    OVERBET,
    PAIR_BET,
    RAISE_MARGIN,
    RERAISE_MARGIN,
    STEAL_MARGIN,
    STEAL_PRIOR,
    STRENGTHS,
    TURN_OUTS,
    Choice,
    HardV5Player,
    calling_range,
    foldable,
    late_raiser,
    multipliers,
    overbet_fold,
    street_reads,
    strength,
)
from .model import LATE
from .players import register

__all__ = ["AIR", "CALLED_REALIZED", "CHEAP_CALL_SHARE", "COMMIT_SHARE", "DRAW",
           "FLOP_RAISE_PRIOR", "FREQUENT_BETTOR", "LATE_SHOWN", "LATE_STRONG", "LIGHT_DEPTH",
           "LIGHT_SIZE", "MEDIUM", "MONSTER", "OVERBET", "PAIR_BET", "RAISE_MARGIN",
           "RERAISE_MARGIN", "STEAL_MARGIN", "STEAL_PRIOR", "STRENGTHS", "TIGHT_FOLD",
           "TURN_OUTS", "Choice", "HardPlayer", "calling_range", "foldable", "late_raiser",
           "multipliers", "overbet_fold", "street_reads", "strength"]


TIGHT_FOLD = 0.6
"""A player counted folding at least this share of its raises to a re-raise
is read, after calling one, as holding the top of its range."""


def _calls(view: SeatView, seat: int, street: Street) -> bool:
    """Whether ``seat`` called a bet on ``street`` this hand."""
    return any(isinstance(e, ActionTaken) and e.seat == seat and e.street == street
               and e.kind is ActionKind.CALL for e in view.history)


class HardPlayer(HardV5Player):
    """The Hard computer player."""

    level = "hard"

    def range_fold(self, view: SeatView, seat: int) -> float | None:
        """In a heads-up pot where ``seat`` called this seat's re-raise before
        the flop, the share of its range (its best ``open rate × (1 − fold to
        re-raises)`` of hands, less those that would have folded the bets it
        called on the flop and the turn) that holds nothing but a draw at most
        on this board: what folds to a late bet.  None elsewhere, and against
        a player not counted folding at least :data:`TIGHT_FOLD` of its raises
        to a re-raise."""
        bb = view.big_blind
        pre = [e for e in view.history if isinstance(e, ActionTaken)
               and e.street == Street.PREFLOP and e.amount > bb and e.added > 0
               and e.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)]
        if len(pre) < 2 or pre[-1].seat != view.seat or pre[0].seat != seat \
                or not _calls(view, seat, Street.PREFLOP):
            return None
        model = self.table.of(seat)
        fold = model.fold_to_reraise_rate()
        if fold < TIGHT_FOLD:
            return None
        width = min(0.9, max(0.03, model.open_rate(0.4) * (1 - fold)))
        board = tuple(view.board)
        weights = (combo_percentiles() >= 1 - width).astype(np.float64)
        dead = np.isin(COMBOS, [*view.hole, *board]).any(axis=1)
        weights[dead] = 0.0
        if _calls(view, seat, Street.FLOP):
            weights[tiers_on(board[:3]) == AIR] = 0.0
        if view.street == Street.RIVER and _calls(view, seat, Street.TURN):
            weights[np.isin(tiers_on(board[:4]), (AIR, DRAW))] = 0.0
        total = weights.sum()
        if total <= 0:
            return None
        return float(weights[np.isin(tiers_on(board), (AIR, DRAW))].sum() / total)

    def choices(self, view: SeatView, legal: dict[ActionKind, LegalAction],
                others: Sequence[int]) -> list[Choice]:
        """As :mod:`.hard_v5` (first to bet on the turn or the river heads-up,
        each bet priced by the opponent's counted late folds), except that in a
        pot where the opponent called this seat's re-raise before the flop the
        fold is no more than the share of its range that holds nothing
        (:meth:`range_fold`): a tight player's range there is the top of its
        hands, and its counted folds come from wider ones."""
        out = HardV4Player.choices(self, view, legal, others)
        me = view.me
        if view.street not in LATE or view.to_call > 0 or len(view.players) != 2 \
                or len(others) != 1 or me is None:
            return out
        other = view.player(others[0])
        model = self.table.of(other.seat)
        weights = self._weights(view, other.seat)
        tiers = tiers_on(tuple(view.board))
        cap = self.range_fold(view, other.seat)
        called: dict[float, float] = {}
        raised_back = model.raise_rate(view.street)
        priced = []
        for choice in out:
            action = choice.action
            if action.kind not in (ActionKind.BET, ActionKind.ALL_IN) or other.stack == 0:
                priced.append(choice)
                continue
            to = action.amount if action.kind is ActionKind.BET else me.bet + me.stack
            added = min(to, other.bet + other.stack) - me.bet
            fold = min(0.95, model.late_fold_rate(added / max(1, view.pot)))
            if cap is not None:
                fold = min(fold, cap)
            fold = round(fold, 2)
            if fold not in called:
                called[fold] = self._equity_against(view, [calling_range(weights, tiers, fold)])
            eq = called[fold]
            raised = min(1 - fold, raised_back)
            ev = (fold * view.pot - raised * added * (1 - eq)
                  + (1 - fold - raised) * (eq * (view.pot + 2 * added) - added))
            priced.append(Choice(action, ev))
        return priced


register("hard", HardPlayer)
