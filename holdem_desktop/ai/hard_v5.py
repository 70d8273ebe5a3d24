"""Hard as it was after issue 37's fourth session (the flop bet raised, on top
of :mod:`.hard_v4` with the light re-raise, the late bets priced by late
folds and the button open), kept as the ladder's reference ``hard_v5`` (not
offered in the game); leave it as it is so that the ladder keeps measuring
against the same player.

Hard: reads the table (:mod:`.hard_v3` has how: a model of every opponent,
ranges narrowed by what each one's actions mean for that player, the action
of highest expected value after the flop, places when short), folds to the
late raises of a player whose raises are seen to be strong (:mod:`.hard_v4`),
and re-raises light before the flop a player seen to give up its raises.

A tight player who raises only hands and folds them to a re-raise pays for
its folds before the flop: heads-up against its single raise, Hard weighs a
re-raise of three quarters of the pot by the share of such raises that player was seen
to fold to a re-raise (:meth:`~.model.OpponentModel.fold_to_reraise_rate`,
starting from a neutral prior) — the pot won when it folds, and otherwise
the call's showdown against the top of its raising range — beside calling,
and re-raises when that is worth more.  A player who does not fold to
re-raises (a calling station, a maniac) is soon counted as such and met as
before.  On the turn and the river, first to bet, Hard prices each bet by
how often that player was seen to fold to a bet of its size on those streets
(:meth:`~.model.OpponentModel.late_fold_rate`) rather than on any street: a
player who calls the flop and gives up later is bluffed later.  On the
button, a hand it would fold is opened instead when the big blind's counted
folds to opens (:meth:`~.model.OpponentModel.fold_to_open_rate`) pay for it.
Facing the flop bet of a player seen to give its flop bets up to a raise
(:meth:`~.model.OpponentModel.flop_bet_fold_rate`), a hand about to be folded
raises it instead (a tight player bets top pair and folds it to a raise).
All only in heads-up games: at six-player tables they were not measured to
gain."""

from __future__ import annotations

from collections.abc import Sequence

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.views import SeatView

from .common import (
    amount_for,
    opponents_in_hand,
    raise_to,
    raises_this_street,
    stack_in_big_blinds,
)
from .hard_v1 import tiers_on
from .hard_v4 import (
    AIR,
    CHEAP_CALL_SHARE,
    COMMIT_SHARE,
    DRAW,
    FREQUENT_BETTOR,
    LATE_SHOWN,
    LATE_STRONG,
    MEDIUM,
    MONSTER,
    OVERBET,
    PAIR_BET,
    STRENGTHS,
    TURN_OUTS,
    Choice,
    HardV4Player,
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
           "RERAISE_MARGIN", "STEAL_MARGIN", "STEAL_PRIOR", "STRENGTHS", "TURN_OUTS", "Choice",
           "HardV5Player", "calling_range", "foldable", "late_raiser",
           "multipliers", "overbet_fold", "street_reads", "strength"]

LIGHT_DEPTH = 25.0
"""Re-raises light only with more than this many big blinds."""

LIGHT_SIZE = 0.75
"""A light re-raise raises by this share of the pot after the call."""

RERAISE_MARGIN = 0.5
"""Big blinds a light re-raise must be worth above calling (or folding)."""

STEAL_PRIOR = 0.3
"""How often an unseen big blind is taken to fold to an open heads-up (it
defends most hands: the rule waits for its folds to be counted)."""

STEAL_MARGIN = 0.1
"""Big blinds an open of a hand about to be folded must be worth above folding."""

FLOP_RAISE_PRIOR = 0.5
"""How often a player not yet seen raised on the flop is taken to fold its flop
bet to a raise (a bet is a made hand or a try about as often as not)."""

RAISE_MARGIN = 0.25
"""Big blinds a raise of a flop bet with a hand about to be folded must be worth."""

CALLED_REALIZED = 0.85
"""The share of its equity a re-raise that is called is taken to win (out of
position, against the top of a range)."""


class HardV5Player(HardV4Player):
    """Hard as it was after issue 37's fourth session."""

    level = "hard_v5"

    def choices(self, view: SeatView, legal: dict[ActionKind, LegalAction],
                others: Sequence[int]) -> list[Choice]:
        """Every action considered now with its expected value in chips; first to
        bet on the turn or the river heads-up, each bet valued by how often this
        opponent was seen to fold to a bet of its size on those streets (heads-up
        games only: at a fuller table this was not measured to gain)."""
        out = super().choices(view, legal, others)
        me = view.me
        if view.street not in LATE or view.to_call > 0 or len(view.players) != 2 \
                or len(others) != 1 or me is None:
            return out
        other = view.player(others[0])
        model = self.table.of(other.seat)
        weights = self._weights(view, other.seat)
        tiers = tiers_on(tuple(view.board))
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
            fold = round(min(0.95, model.late_fold_rate(added / max(1, view.pot))), 2)
            if fold not in called:
                called[fold] = self._equity_against(view, [calling_range(weights, tiers, fold)])
            eq = called[fold]
            raised = min(1 - fold, raised_back)
            ev = (fold * view.pot - raised * added * (1 - eq)
                  + (1 - fold - raised) * (eq * (view.pot + 2 * added) - added))
            priced.append(Choice(action, ev))
        return priced

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        action = super()._postflop(view, legal)
        if action.kind is ActionKind.FOLD:
            return self.flop_raise(view, legal) or action
        return action

    def flop_raise(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action | None:
        """Facing the single bet of the flop in a heads-up game with a hand about
        to be folded, a raise to twice the bet when the bettor's counted folds of
        its flop bets to a raise (:data:`FLOP_RAISE_PRIOR` until seen) make it
        worth :data:`RAISE_MARGIN` big blinds: the pot when it folds, the raise
        lost otherwise.  None otherwise."""
        me = view.me
        bets = raises_this_street(view)
        if me is None or view.street != Street.FLOP or len(view.players) != 2 \
                or me.bet > 0 or len(bets) != 1 or stack_in_big_blinds(view) <= LIGHT_DEPTH:
            return None
        bettor = view.player(bets[0].seat)
        if bettor.all_in or bettor.stack < 2 * view.to_call:
            return None
        action = raise_to(view, legal, 2 * bettor.bet)
        if action.kind is not ActionKind.RAISE:
            return None
        fold = self.table.of(bettor.seat).flop_bet_fold_rate(FLOP_RAISE_PRIOR)
        ev = fold * view.pot - (1 - fold) * (action.amount - me.bet)
        return action if ev > RAISE_MARGIN * max(1, view.big_blind) else None

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        light = self.light_reraise(view, legal)
        if light is not None:
            return light
        action = super()._preflop(view, legal)
        if action.kind is ActionKind.FOLD:
            return self.steal(view, legal) or action
        return action

    def steal(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action | None:
        """On the button of a heads-up game, nobody having raised, a hand about
        to be folded opened to two and a half big blinds instead when the big
        blind's counted folds to an open (:data:`STEAL_PRIOR` until seen) make
        the open worth more than the small blind given up: the pot when it
        folds, otherwise :data:`CALLED_REALIZED` of the equity against the part
        of its hands that defends.  None otherwise."""
        me = view.me
        bb = max(1, view.big_blind)
        if me is None or len(view.players) != 2 or view.to_call == 0 \
                or any(e.amount > bb for e in raises_this_street(view)) \
                or stack_in_big_blinds(view) <= LIGHT_DEPTH:
            return None
        others = opponents_in_hand(view)
        if len(others) != 1:
            return None
        other = view.player(others[0])
        if other.all_in or (other.stack + other.bet) <= LIGHT_DEPTH * bb:
            return None
        action = raise_to(view, legal, 2.5 * bb)
        if action.kind is not ActionKind.RAISE:
            return None
        fold = self.table.of(other.seat).fold_to_open_rate(STEAL_PRIOR)
        eq = self._equity_vs_top(view, min(0.97, max(0.03, 1 - fold)), self.trials)
        added = action.amount - me.bet
        final = view.pot + added + (action.amount - other.bet)
        ev = fold * view.pot + (1 - fold) * (CALLED_REALIZED * eq * final - added)
        return action if ev > STEAL_MARGIN * bb else None

    def light_reraise(self, view: SeatView, legal: dict[ActionKind, LegalAction]
                      ) -> Action | None:
        """A re-raise of about the pot of the single raise this seat faces
        in a heads-up game, when the raiser's counted folds to re-raises make it
        worth more than calling by :data:`RERAISE_MARGIN` big blinds; None
        otherwise."""
        me = view.me
        bb = max(1, view.big_blind)
        raises = [e for e in raises_this_street(view) if e.amount > bb]
        if me is None or len(view.players) != 2 or len(raises) != 1 \
                or stack_in_big_blinds(view) <= LIGHT_DEPTH:
            return None
        raiser = raises[0].seat
        player = view.player(raiser)
        if opponents_in_hand(view) != [raiser] or player.all_in \
                or (player.stack + player.bet) <= LIGHT_DEPTH * bb:
            return None
        action = amount_for(view, legal, LIGHT_SIZE)
        if action is None or action.kind is not ActionKind.RAISE:
            return None
        model = self.table.of(raiser)
        fold = model.fold_to_reraise_rate()
        width = min(0.9, max(0.03, model.open_rate(0.4) * (1 - fold)))
        eq = self._equity_vs_top(view, width, self.trials)
        pot, to_call = view.pot, view.to_call
        added = action.amount - me.bet
        final = pot + added + (action.amount - player.bet)
        reraise = fold * pot + (1 - fold) * (CALLED_REALIZED * eq * final - added)
        caller = self._equity_vs_top(view, model.open_rate(0.4), self.trials)
        call = max(0.0, CALLED_REALIZED * caller * (pot + to_call) - to_call)
        return action if reraise - call > RERAISE_MARGIN * bb else None


register("hard_v5", HardV5Player)
