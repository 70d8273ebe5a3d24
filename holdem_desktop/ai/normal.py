"""Normal: a sound, simplified strategy — starting-hand ranges by position
and players left, push/fold when short, pot odds, stack-to-pot ratio and
board texture after the flop, no simulation; it bluffs the river now and then
so that a river bet does not always mean a hand.

It keeps one simple read of each opponent (the fading counts of
:class:`~.model.TableModel`): a player who bets most of the time it could is
called down wider, one who rarely bets is believed, and a player who rarely
folds to a bet is not bluffed (one who folds often is bluffed more)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.hand_classes import HandCategory, category_of
from holdem_desktop.engine.views import SeatView

from .common import (
    Character,
    StreetPlayer,
    actions_of,
    amount_for,
    call_or_check,
    chance,
    check_or_fold,
    draws,
    opponents_in_hand,
    preflop_percentile,
    raise_to,
    raises_this_street,
    seats_after,
    stack_in_big_blinds,
    texture,
)
from .players import register

__all__ = ["NormalPlayer", "aggression_allowance", "estimate_equity", "push_threshold"]

FOLDS_OFTEN = 0.55
"""An opponent seen folding to bets (or to raises) more often than this is bet
(or raised) with nothing now and then: a fold-to-aggression read."""

RARE_RAISER = 0.1
"""An opponent seen raising bets after the flop less often than this raises a
real hand: a raise of this seat's bet from it is folded by anything but a
strong hand."""

# Share of hands opened by players still to act behind (0 = the button).
_OPEN = {0: 0.45, 1: 0.33, 2: 0.26, 3: 0.2, 4: 0.17}


def push_threshold(big_blinds: float, behind: int) -> float:
    """Percentile above which a short stack moves all-in unopened: wider when
    shorter and with fewer players left to act."""
    width = 0.18 + 0.5 * max(0.0, (12.0 - big_blinds) / 12.0) + 0.06 * max(0, 4 - behind)
    return 1.0 - min(0.9, width)


def estimate_equity(view: SeatView) -> float:
    """A quick estimate of this seat's share of the pot after the flop, from
    the made hand, how it uses the hole cards, draws and the board."""
    board = view.board
    cards = view.hole + board
    category = category_of(evaluate(cards))
    on_board = category_of(evaluate(board)) if len(board) == 5 else None
    board_ranks = sorted((c >> 2 for c in board), reverse=True)
    hole_ranks = [c >> 2 for c in view.hole]
    tex = texture(board)
    if category >= HandCategory.STRAIGHT:
        eq = 0.9 if on_board is None or category > on_board else 0.5
        if category in (HandCategory.STRAIGHT, HandCategory.FLUSH) and tex.paired:
            eq -= 0.1
    elif category == HandCategory.THREE_OF_A_KIND:
        eq = 0.85 if any(r in board_ranks for r in hole_ranks) else 0.55
    elif category == HandCategory.TWO_PAIR:
        uses = sum(1 for r in set(hole_ranks) if r in board_ranks)
        eq = 0.78 if uses == 2 else 0.62 if uses == 1 else 0.35
    elif category == HandCategory.PAIR:
        if hole_ranks[0] == hole_ranks[1]:
            eq = 0.6 if hole_ranks[0] > board_ranks[0] else 0.38
        elif board_ranks[0] in hole_ranks:
            kicker = max(r for r in hole_ranks if r != board_ranks[0]) if len(
                set(hole_ranks)) > 1 else 0
            eq = 0.62 if kicker >= 9 else 0.55
        elif any(r in board_ranks for r in hole_ranks):
            eq = 0.42
        else:
            eq = 0.2  # the pair is on the board
    else:
        eq = 0.22 if 12 in hole_ranks else 0.12
    if len(board) < 5:
        flush, open_ended, gutshot = draws(view.hole, board)
        per_card = 0.0
        per_card += 0.09 if flush else 0.0
        per_card += 0.08 if open_ended else 0.04 if gutshot else 0.0
        cards_left = 5 - len(board)
        eq = max(eq, min(0.6, per_card * 2 * cards_left + (0.1 if eq > 0.2 else 0.0)))
    if tex.wet and eq > 0.5:
        eq -= 0.05
    others = max(1, len(opponents_in_hand(view)))
    return max(0.01, min(0.98, float(eq ** (1 + 0.45 * (others - 1)))))


def aggression_allowance(bet_rate: float) -> float:
    """Equity Normal gives up when calling a player who bets ``bet_rate`` of the
    times nobody has bet: up to 0.12 against a player who bets nearly always
    (the bets are often nothing), down to -0.05 against one who rarely bets."""
    return min(0.12, max(-0.05, 0.4 * (bet_rate - 0.45)))


class NormalPlayer(StreetPlayer):
    """The Normal computer player."""

    level = "normal"

    def __init__(self, rng: random.Random, character: Character | None = None) -> None:
        super().__init__(rng, character)
        from .model import TableModel  # here: the model reads Hard's board tiers, which use this

        self.table = TableModel()

    def hand_over(self, view: SeatView) -> None:
        """Learn from a finished hand (the view of it at its end)."""
        self.table.observe_hand(view)

    def _bluffs(self, view: SeatView) -> float:
        """How much more (or less) to bluff the opponents in the hand: by how
        often they fold to a bet (a station is never bluffed)."""
        others = opponents_in_hand(view)
        if not others:
            return 1.0
        fold = min(self.table.of(s).fold_rate() for s in others)
        return 0.0 if fold < 0.3 else min(1.6, max(0.5, fold / 0.45))

    # ------------------------------------------------------------------

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        p = preflop_percentile(view.hole)
        tight = 0.05 * self.character.tightness
        bb = view.big_blind
        depth = stack_in_big_blinds(view)
        behind = seats_after(view)
        raises = [e for e in raises_this_street(view) if e.amount > bb]
        heads_up = len(view.players) == 2
        if depth <= 12:
            return self._push_fold(view, legal, p, depth, behind, raises)
        if not raises:  # unopened, or limped
            width = 0.7 if heads_up else _OPEN.get(behind, 0.15)
            width += self._steal_bonus(view)
            if view.to_call == 0 and p < 1 - 0.15:
                return Action.check()
            if p >= 1 - width + tight:
                return raise_to(view, legal, 3 * bb if view.pot > 1.5 * bb + 1 else
                                      2.5 * bb)
            return check_or_fold(legal)
        me = view.me
        stack = (me.stack + me.bet) if me else 0
        price = view.to_call / max(1, stack)
        if p >= 0.97 - tight or (p >= 0.94 and len(raises) == 1):
            bet = amount_for(view, legal, 1.0)
            return bet if bet is not None else call_or_check(legal)
        if p >= 0.82 + tight and price <= 0.25:
            return call_or_check(legal)
        if len(raises) == 1 and price <= 0.1 and p >= 1 - self._defend_width(
                raises[0].seat, behind) + tight:
            return call_or_check(legal)
        if p >= 0.72 + tight and price <= 0.08 and behind == 0:
            return call_or_check(legal)
        return check_or_fold(legal)

    def _push_fold(self, view: SeatView, legal: dict[ActionKind, LegalAction], p: float,
                   depth: float, behind: int, raises: Sequence[object]) -> Action:
        if not raises:
            if p >= push_threshold(depth, behind) - 0.05 * self.character.aggression:
                return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)
            return check_or_fold(legal)
        pot_after = view.pot + view.to_call
        price = view.to_call / max(1, pot_after)
        # Calling an all-in: the tighter the price, the better the hand needed.
        need = 0.75 + 0.4 * (price - 0.3)
        if p >= need:
            return call_or_check(legal) if ActionKind.ALL_IN not in legal else Action.all_in()
        return check_or_fold(legal)

    def _steal_bonus(self, view: SeatView) -> float:
        """How much wider to open when the players left to act were seen folding
        to a raise before the flop more often than :data:`FOLDS_OFTEN` (a
        fold-to-aggression read): up to 0.3 more of the hands."""
        order = [p.seat for p in view.players if not p.folded and p.seat != view.seat]
        if not order or seats_after(view) > 3:
            return 0.0
        fold = min(self.table.of(s).fold_to_open_rate() for s in order)
        return max(0.0, min(0.3, 1.2 * (fold - FOLDS_OFTEN - 0.1)))

    def _defend_width(self, raiser: int, behind: int) -> float:
        """The share of hands that calls a single cheap raise before the flop:
        the wider the raiser is seen to raise, the wider (a player who raises
        most hands is not folded to), a little wider with nobody left behind."""
        rate = self.table.of(raiser).preflop_raise_rate()
        width = min(0.55, max(0.18, 1.4 * rate))
        return width + (0.08 if behind == 0 else 0.0)

    # ------------------------------------------------------------------

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        eq = estimate_equity(view)
        pot_after = view.pot + view.to_call
        required = view.to_call / max(1, pot_after)
        me = view.me
        stack = me.stack if me else 0
        spr = stack / max(1, view.pot)
        tex = texture(view.board)
        aggressive = 0.05 * self.character.aggression
        bluffs = self._bluffs(view)
        if view.to_call == 0:
            if eq >= 0.6 - aggressive:
                fraction = 0.75 if tex.wet else 0.5
                if spr < 1.5 and eq >= 0.6:
                    return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)
                bet = amount_for(view, legal, fraction)
                return bet if bet is not None else Action.check()
            if self._was_aggressor(view) and not tex.wet and view.street == Street.FLOP \
                    and len(opponents_in_hand(view)) == 1 and chance(self.rng, 0.6 * bluffs):
                bet = amount_for(view, legal, 0.5)  # continuation bet
                return bet if bet is not None else Action.check()
            if eq >= 0.3 and len(view.board) < 5 and chance(
                    self.rng, 0.15 * self.character.bluff * bluffs):
                bet = amount_for(view, legal, 0.5)  # semi-bluff
                return bet if bet is not None else Action.check()
            if self._checked_to(view) and chance(self.rng, self._probe_rate(view)):
                bet = amount_for(view, legal, 0.5)  # they check and fold too often
                return bet if bet is not None else Action.check()
            if view.street == Street.RIVER and eq < 0.25 and len(opponents_in_hand(view)) == 1 \
                    and chance(self.rng, 0.12 * self.character.bluff * bluffs):
                bet = amount_for(view, legal, 0.75)  # a river bluff, now and then
                return bet if bet is not None else Action.check()
            return Action.check()
        if eq >= 0.78 - aggressive:
            if spr < 2:
                return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)
            raised = amount_for(view, legal, 0.75)
            return raised if raised is not None else call_or_check(legal)
        bets = raises_this_street(view)
        if bets and view.street != Street.RIVER and 0.15 <= eq < required + 0.2 and spr > 2 \
                and chance(self.rng, self._raise_bluff_rate(view, bets[-1].seat)):
            raised = amount_for(view, legal, 1.0)  # they fold too often to a raise
            if raised is not None:
                return raised
        if bets and me is not None and me.bet > 0 and eq < 0.78 \
                and self._raises_only_value(bets[-1].seat, view.street):
            return check_or_fold(legal)  # raised by a player who raises only a real hand
        if bets and eq + aggression_allowance(
                self.table.of(bets[-1].seat).bet_rate(view.street)) >= required + 0.03:
            return call_or_check(legal)
        if not bets and eq >= required + 0.03:
            return call_or_check(legal)
        return check_or_fold(legal)

    def _raises_only_value(self, seat: int, street: Street) -> bool:
        """``seat`` raises bets rarely (:data:`RARE_RAISER`) and does not bet most
        of the time either: its raise is a real hand."""
        model = self.table.of(seat)
        return model.raise_rate(street) < RARE_RAISER and model.bet_rate(street) < 0.55

    def _probe_rate(self, view: SeatView) -> float:
        """How often to bet a hand of nothing when the one opponent checked to
        this seat: never unless it was seen folding to bets more than
        :data:`FOLDS_OFTEN`, then more the more it folds."""
        others = opponents_in_hand(view)
        if len(others) != 1:
            return 0.0
        fold = self.table.of(others[0]).fold_rate()
        return max(0.0, min(0.6, 2.0 * (fold - FOLDS_OFTEN)))

    def _raise_bluff_rate(self, view: SeatView, bettor: int) -> float:
        """How often to raise a bet with a weak hand or a draw: never unless the
        one opponent in the hand was seen folding to raises more than
        :data:`FOLDS_OFTEN`."""
        if len(opponents_in_hand(view)) != 1:
            return 0.0
        fold = self.table.of(bettor).fold_to_raise_rate()
        return max(0.0, min(0.5, 1.5 * (fold - FOLDS_OFTEN)))

    @staticmethod
    def _checked_to(view: SeatView) -> bool:
        """Someone checked on this street before this seat's turn (after the flop)."""
        return any(isinstance(e, ActionTaken) and e.kind is ActionKind.CHECK
                   and e.street == view.street and e.seat != view.seat for e in view.history)

    @staticmethod
    def _was_aggressor(view: SeatView) -> bool:
        pre = [e for e in actions_of(view, view.seat if view.seat is not None else -1)
               if e.street == Street.PREFLOP and e.kind in (ActionKind.BET, ActionKind.RAISE,
                                                            ActionKind.ALL_IN)]
        return bool(pre)


register("normal", NormalPlayer)
