"""Easy: plays on the immediate strength of its own cards, with loose,
readable habits — it calls a lot, bets big only with a big hand, and rarely
bluffs.  It knows a pair on the board belongs to everyone."""

from __future__ import annotations

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.hand_classes import HandCategory
from holdem_desktop.engine.views import SeatView

from .common import (
    StreetPlayer,
    amount_for,
    call_or_check,
    chance,
    check_or_fold,
    draws,
    own_category,
    preflop_percentile,
)
from .players import register

__all__ = ["EasyPlayer"]


class EasyPlayer(StreetPlayer):
    """The Easy computer player."""

    level = "easy"

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        strength = preflop_percentile(view.hole) - 0.1 * self.character.tightness
        me = view.me
        stack = (me.stack + me.bet) if me else 0
        price = view.to_call / max(1, stack)
        if strength >= 0.93:
            bet = amount_for(view, legal, 0.75)
            return bet if bet is not None else call_or_check(legal)
        if strength >= 0.45:
            if price <= 0.3 or strength >= 0.8:
                return call_or_check(legal)
            return check_or_fold(legal)
        if view.to_call <= view.big_blind and chance(self.rng, 0.5):
            return call_or_check(legal)
        return check_or_fold(legal)

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        category = own_category(view)  # a pair on the board is everyone's
        assert category is not None
        pot_after = view.pot + view.to_call
        price = view.to_call / max(1, pot_after)
        aggression = 0.5 + 0.25 * self.character.aggression
        if category >= HandCategory.TWO_PAIR:
            bet = amount_for(view, legal, 0.75)
            if bet is not None and chance(self.rng, 0.6 + aggression / 2):
                return bet
            return call_or_check(legal)
        if category == HandCategory.PAIR:
            if view.to_call == 0:
                bet = amount_for(view, legal, 0.5)
                if bet is not None and chance(self.rng, aggression):
                    return bet
                return Action.check()
            return call_or_check(legal) if price <= 0.45 else check_or_fold(legal)
        flush, open_ended, gutshot = draws(view.hole, view.board)
        if (flush or open_ended) and price <= 0.3:
            return call_or_check(legal)
        if view.to_call == 0 and chance(self.rng, 0.05 * self.character.bluff):
            bet = amount_for(view, legal, 0.5)
            if bet is not None:
                return bet
        if gutshot and price <= 0.15:
            return call_or_check(legal)
        return check_or_fold(legal)


register("easy", EasyPlayer)
