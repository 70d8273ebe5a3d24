"""Hard as it was after issue 37's first session (the late-raise rule on
top of :mod:`.hard_v3`), kept as the ladder's yardstick ``hard_v4`` (not
offered in the game); leave it as it is so that the ladder keeps measuring
against the same player.

Hard: reads the table (:mod:`.hard_v3` has how: a model of every opponent,
ranges narrowed by what each one's actions mean for that player, the action
of highest expected value after the flop, places when short), and folds to
the late raises of a player whose raises are seen to be strong (a raise of
a bet on the turn or the river, and the river bet of the turn's raiser).

A tight player raises the turn or the river with two pair or better and
almost never bluffs: one pair beats nothing of that range.  Hard counts,
per opponent, how that opponent's turn and river raises turned out at
showdown (:attr:`~.model.OpponentModel.late_raise_strong`).  Once it has
seen a few of them and most were two pair or better, it meets such a raise
holding one pair or a weak two pair by the price alone: it calls when the
share of those raises it beats (the bluffs shown, shrunk toward a prior,
:meth:`~.model.OpponentModel.late_raise_bluff_share`) pays for the call,
and folds otherwise.  Against a player whose late raises were shown to be
light, or one not yet seen, it plays as before; and so does a pair beside
the board's own pair (a "two pair" on a paired board), which a loose
raiser's range on such a board is full of."""

from __future__ import annotations

from collections.abc import Sequence

from holdem_desktop.engine.actions import ActionKind, LegalAction
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.views import SeatView

from .hard_v1 import AIR, DRAW, MEDIUM, MONSTER
from .hard_v3 import (
    CHEAP_CALL_SHARE,
    COMMIT_SHARE,
    FREQUENT_BETTOR,
    OVERBET,
    PAIR_BET,
    Choice,
    HardV3Player,
    calling_range,
    foldable,
    multipliers,
    overbet_fold,
    street_reads,
)
from .model import LATE, ONE_PAIR, STRENGTHS, WEAK_TWO_PAIR, strength
from .players import register

__all__ = [
    "AIR",
    "CHEAP_CALL_SHARE",
    "COMMIT_SHARE",
    "DRAW",
    "FREQUENT_BETTOR",
    "LATE_SHOWN",
    "LATE_STRONG",
    "MEDIUM",
    "MONSTER",
    "OVERBET",
    "PAIR_BET",
    "STRENGTHS",
    "TURN_OUTS",
    "Choice",
    "HardV4Player",
    "calling_range",
    "foldable",
    "late_raiser",
    "multipliers",
    "overbet_fold",
    "street_reads",
    "strength",
]

LATE_SHOWN = 1.5
"""How many of an opponent's turn and river raises must have been shown down
(as counted, fading) before the late-raise rule reads that opponent."""

LATE_STRONG = 0.6
"""The share of its shown late raises that must have been two pair or better
for an opponent's late raises to be read as strong."""

TURN_OUTS = 0.08
"""On the turn, the chance one pair or a weak two pair improves past a value
raise by the river."""

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)


def late_raiser(view: SeatView) -> int | None:
    """The seat whose late raise this seat faces: on the turn or the river, the
    last player to put in more than a bet on the street; or, facing a bet on
    the river, the bettor when it raised the turn.  None otherwise (a bet
    only, nothing to call, or before the turn)."""
    if view.street not in LATE or view.to_call == 0:
        return None
    level = 0
    bets: dict[int, int] = {}
    street = None
    raiser: int | None = None
    turn_raisers: set[int] = set()
    for e in view.history:
        if not isinstance(e, ActionTaken) or e.street not in LATE:
            continue
        if e.street != street:
            street, level, bets, raiser = e.street, 0, {}, None
        total = bets.get(e.seat, 0) + e.added
        if e.kind in _AGGRESSIVE and total > level:
            raiser = e.seat if level > 0 else None
            if level > 0 and e.street == Street.TURN:
                turn_raisers.add(e.seat)
            elif level == 0 and e.street == Street.RIVER and e.seat in turn_raisers:
                raiser = e.seat  # the turn's raiser bets again
        bets[e.seat] = total
        level = max(level, total)
    if street != view.street:
        return None
    return raiser if raiser != view.seat else None


class HardV4Player(HardV3Player):
    """Hard after issue 37's first session."""

    level = "hard"

    def choices(self, view: SeatView, legal: dict[ActionKind, LegalAction],
                others: Sequence[int]) -> list[Choice]:
        """Every action considered now with its expected value in chips; facing
        a late raise of a player whose late raises are strong, with one pair or
        a weak two pair, only folding and calling, the call valued by price."""
        out = super().choices(view, legal, others)
        ev = self.late_raise_call(view)
        if ev is None:
            return out
        calls = (ActionKind.CALL, ActionKind.ALL_IN)
        return [Choice(c.action, ev) if c.action.kind in calls else c
                for c in out if c.action.kind in (ActionKind.FOLD, *calls)]

    def late_raise_call(self, view: SeatView) -> float | None:
        """The expected chips of calling a late raise by the rule (one pair wins
        against the raiser's bluffs, and on the turn sometimes improves; it loses
        the call to everything else), or None when the rule does not apply: no
        late raise faced, another holding, or a raiser not seen to raise strong."""
        raiser = late_raiser(view)
        me = view.me
        if raiser is None or me is None:
            return None
        held = strength(view.hole, view.board)
        paired_board = len({c >> 2 for c in view.board}) < len(view.board)
        if held != ONE_PAIR and (held != WEAK_TWO_PAIR or paired_board):
            return None  # a pair beside the board's pair is weighed as before
        model = self.table.of(raiser)
        if model.late_raises_shown() < LATE_SHOWN or model.late_raise_strong_share() < LATE_STRONG:
            return None
        win = model.late_raise_bluff_share() + (TURN_OUTS if view.street == Street.TURN else 0.0)
        to_call = min(view.to_call, me.stack)
        return win * view.pot - (1 - win) * to_call


register("hard_v4", HardV4Player)
