"""What a computer player learns about each opponent over a game, from the
views it was shown and nothing else.

A :class:`TableModel` reads the public history of every finished hand (the
hand-end view a controller is given) and counts, per opponent seat: how
often they fold when facing a bet after the flop, how often they bet when
nobody has and raise when somebody has, street by street, how often they
raise before the flop, and what they showed down after betting (a holding
with nothing made, or a real hand).  Every rate is an estimate shrunk
toward a prior: ``(hits + prior * weight) / (chances + weight)``, so a few
hands move it a little and many hands move it to what the player does.

The counts fade: before each hand, everything counted so far about the
players in it is multiplied by :data:`DECAY` (what they showed down by
:data:`SHOWN_DECAY`, rarer evidence kept longer), so the model follows a
player who changes gear within about a hundred hands instead of averaging
the whole game (how late raises turned out by :data:`LATE_DECAY`, slower
still).  Shown-down holdings also say what a raise means
(:meth:`OpponentModel.raise_strength`) and how often an overbet is a bluff
(:meth:`OpponentModel.overbet_air_share`), and how the turn and river raises
of each player turned out (:meth:`OpponentModel.late_raise_bluff_share`):
a tight player's late raises are two pair or better, a loose one's are not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    CardsShown,
    HandStarted,
    Street,
    StreetDealt,
)
from holdem_desktop.engine.hand_classes import HandCategory, category_of
from holdem_desktop.engine.ranges import combo_index
from holdem_desktop.engine.views import SeatView

from .hard_v1 import AIR, DRAW, MEDIUM, MONSTER, tiers_on

__all__ = ["DECAY", "LATE", "LATE_DECAY", "ONE_PAIR", "OVERBET_SIZE", "POSTFLOP",
           "PRIORS", "RERAISE_WEIGHT", "SHOWN_DECAY", "STRENGTHS", "STRONG", "WEAK_TWO_PAIR",
           "WEIGHT", "OpponentModel", "Rate", "TableModel", "size_bucket", "strength"]

POSTFLOP = (Street.FLOP, Street.TURN, Street.RIVER)
LATE = (Street.TURN, Street.RIVER)
"""The streets whose raises :attr:`OpponentModel.late_raise_strong` follows."""
_BOARD_SIZE = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}

PRIORS = {
    "fold_to_bet": 0.45,
    "fold_to_raise": 0.3,
    "bet": 0.38,
    "raise": 0.1,
    "preflop_raise": 0.3,
    "air_shown": 0.3,
    "raise_strong": 0.65,
    "overbet_air": 0.4,
    "late_raise_strong": 0.5,
    "late_raise_air": 0.3,
    "fold_to_reraise": 0.45,
}
"""What an unknown opponent is assumed to do: a sensible, fairly solid player."""

WEIGHT = 8.0
"""How many observations the prior is worth."""

SHOWN_WEIGHT = 3.0
"""How many showdowns the prior of what a raise or an overbet holds is worth."""

RERAISE_WEIGHT = 4.0
"""How many observations the prior of folding to a re-raise before the flop is worth."""

DECAY = 0.99
"""Before each hand, what was counted about the players in it is multiplied by
this: a hand a hundred hands ago counts a third as much as the last one."""

SHOWN_DECAY = 0.997
"""The same for what was shown down (rarer: kept longer)."""

LATE_DECAY = 0.999
"""The same for how late raises turned out at showdown (rarer still: a tight
player shows one down every few hundred hands, and a few are needed)."""

OVERBET_SIZE = 1.2
"""A bet of more than this many pots (the pot before it) is an overbet."""


@dataclass
class Rate:
    """How often something happened when it could have."""

    hits: float = 0
    chances: float = 0

    def add(self, hit: bool) -> None:
        """One more chance, a hit or not."""
        self.chances += 1
        self.hits += int(hit)

    def fade(self, factor: float) -> None:
        """Weigh what was counted so far by ``factor`` (at most 1)."""
        self.hits *= factor
        self.chances *= factor

    def estimate(self, prior: float, weight: float = WEIGHT) -> float:
        """The rate shrunk toward ``prior`` (worth ``weight`` observations)."""
        return (self.hits + prior * weight) / (self.chances + weight)


def _streets() -> dict[Street, Rate]:
    return {s: Rate() for s in POSTFLOP}


@dataclass
class OpponentModel:
    """One opponent's counted habits."""

    fold_to_bet: Rate = field(default_factory=Rate)
    """After the flop, facing a bet (or a raise) with no chips in yet on the street: folded."""
    fold_to_raise: Rate = field(default_factory=Rate)
    """After the flop, raised after betting or calling on the same street: folded."""
    late_fold_by_size: tuple[Rate, Rate, Rate] = field(
        default_factory=lambda: (Rate(), Rate(), Rate()))
    """:attr:`fold_by_size` on the turn and the river only, fading as what was
    shown down does."""
    fold_by_size: tuple[Rate, Rate, Rate] = field(
        default_factory=lambda: (Rate(), Rate(), Rate()))
    """:attr:`fold_to_bet` split by the size of what was faced (see :func:`size_bucket`)."""
    bets: dict[Street, Rate] = field(default_factory=_streets)
    """Nobody had bet on the street yet: bet."""
    raises: dict[Street, Rate] = field(default_factory=_streets)
    """Facing a bet on the street: raised."""
    preflop_raise: Rate = field(default_factory=Rate)
    """Before the flop, each decision: raised."""
    air_shown: Rate = field(default_factory=Rate)
    """Showed down after betting or raising after the flop: held nothing made
    (no pair with a hole card, or only a draw) on the street of its last bet."""
    hands: int = 0
    """Hands seen with this opponent in them."""
    bet_strong: Rate = field(default_factory=Rate)
    """Showed down something (a pair, a draw or better) after betting after the
    flop (nobody had bet on the street): held two pair or better made with a
    hole card on the street of its last bet."""
    raise_strong: Rate = field(default_factory=Rate)
    """Showed down something after raising a bet after the flop: held two pair
    or better made with a hole card on the street of its last raise."""
    overbet_air: Rate = field(default_factory=Rate)
    """Showed down after an overbet (more than :data:`OVERBET_SIZE` pots) after
    the flop: held nothing made on the street of its last overbet."""
    open_raise: Rate = field(default_factory=Rate)
    """Before the flop, nobody had raised yet (limps aside): raised or moved all-in
    (the first-in push frequency of a short stack)."""
    call_shove: Rate = field(default_factory=Rate)
    """Before the flop, facing an all-in raise: called it."""
    fold_to_open: Rate = field(default_factory=Rate)
    """Before the flop, facing one raise that was not an all-in: folded."""
    late_raise_strong: Rate = field(default_factory=Rate)
    """Showed down after raising a bet on the turn or the river: held two pair
    or better made with a hole card (what beats one pair) on the street of its
    last such raise (every holding counted, nothing made included)."""
    late_raise_air: Rate = field(default_factory=Rate)
    """The same showdowns: held nothing made (nothing, or only a draw) — a bluff.
    Its chances are :attr:`late_raise_strong`'s; what is neither held a pair."""
    fold_to_reraise: Rate = field(default_factory=Rate)
    """Before the flop, its raise re-raised (not all-in): folded.  Rarer than
    the other counts, it fades as what was shown down does."""
    flop_bet_raised: Rate = field(default_factory=Rate)
    """On the flop, its bet (nobody had bet) raised: folded (the first raise it
    met on the street).  Rare, it fades as what was shown down does."""

    def fade(self, factor: float, shown: float, late: float = 1.0) -> None:
        """Weigh everything counted so far by ``factor``, what was shown down by
        ``shown``, how late raises turned out by ``late``."""
        for rate in (self.fold_to_bet, self.fold_to_raise, *self.fold_by_size,
                     *self.bets.values(), *self.raises.values(), self.preflop_raise,
                     self.open_raise, self.call_shove, self.fold_to_open):
            rate.fade(factor)
        for rate in (self.air_shown, self.bet_strong, self.raise_strong, self.overbet_air,
                     self.fold_to_reraise, self.flop_bet_raised, *self.late_fold_by_size):
            rate.fade(shown)
        for rate in (self.late_raise_strong, self.late_raise_air):
            rate.fade(late)

    def raise_strength(self, street: Street) -> float:
        """The share of their raises on ``street`` made with two pair or better:
        from what they showed down after raising, shrunk toward a prior set by
        how often they raise (who raises rarely raises strong)."""
        rate = self.raise_rate(street)
        prior = min(0.9, max(0.3, PRIORS["raise_strong"] - 1.5 * (rate - PRIORS["raise"])))
        return self.raise_strong.estimate(prior, SHOWN_WEIGHT)

    def bet_strength(self, prior: float) -> float:
        """The share of their bets made with two pair or better, from what they
        showed down after betting, shrunk toward ``prior``."""
        return self.bet_strong.estimate(prior, SHOWN_WEIGHT)

    def late_raises_shown(self) -> float:
        """How many of their turn and river raises were shown down (faded)."""
        return self.late_raise_strong.chances

    def late_raise_strong_share(self) -> float:
        """The share of their turn and river raises made with two pair or better,
        from what they showed down after them."""
        return self.late_raise_strong.estimate(PRIORS["late_raise_strong"], SHOWN_WEIGHT)

    def late_raise_bluff_share(self) -> float:
        """The share of their turn and river raises that one pair beats: those
        shown with nothing made, and half of those shown with a pair, shrunk
        toward a prior."""
        shown = self.late_raise_strong
        pairs = max(0.0, shown.chances - shown.hits - self.late_raise_air.hits)
        return (self.late_raise_air.hits + 0.5 * pairs + PRIORS["late_raise_air"] * SHOWN_WEIGHT
                ) / (shown.chances + SHOWN_WEIGHT)

    def overbet_air_share(self) -> float:
        """The share of their overbets made with nothing, from what they showed down."""
        return self.overbet_air.estimate(PRIORS["overbet_air"], SHOWN_WEIGHT)

    def fold_rate(self, fraction: float | None = None) -> float:
        """How often they fold to a bet after the flop; to one of ``fraction`` of
        the pot, the rate at that size shrunk toward the rate at any size."""
        overall = self.fold_to_bet.estimate(PRIORS["fold_to_bet"])
        if fraction is None:
            return overall
        return self.fold_by_size[size_bucket(fraction)].estimate(overall)

    def late_fold_rate(self, fraction: float) -> float:
        """How often they fold to a bet of ``fraction`` of the pot on the turn or
        the river, shrunk toward the rate at that size on any street."""
        return self.late_fold_by_size[size_bucket(fraction)].estimate(
            self.fold_rate(fraction), RERAISE_WEIGHT)

    def flop_bet_fold_rate(self, prior: float) -> float:
        """How often they fold their flop bet to a raise, shrunk toward ``prior``."""
        return self.flop_bet_raised.estimate(prior, RERAISE_WEIGHT)

    def fold_to_raise_rate(self) -> float:
        """How often they fold when raised after putting chips in on a street."""
        return self.fold_to_raise.estimate(PRIORS["fold_to_raise"])

    def bet_rate(self, street: Street) -> float:
        """How often they bet ``street`` when nobody has."""
        return self.bets[street].estimate(PRIORS["bet"])

    def raise_rate(self, street: Street) -> float:
        """How often they raise a bet on ``street``."""
        return self.raises[street].estimate(PRIORS["raise"])

    def preflop_raise_rate(self) -> float:
        """How often they raise before the flop."""
        return self.preflop_raise.estimate(PRIORS["preflop_raise"])

    def open_rate(self, prior: float) -> float:
        """How often they raise (or push) when nobody has raised before the flop,
        shrunk toward ``prior``."""
        return self.open_raise.estimate(prior)

    def fold_to_open_rate(self, prior: float = 0.6) -> float:
        """How often they fold to a single raise (not an all-in) before the flop."""
        return self.fold_to_open.estimate(prior)

    def fold_to_reraise_rate(self) -> float:
        """How often they fold when their raise before the flop is re-raised."""
        return self.fold_to_reraise.estimate(PRIORS["fold_to_reraise"], RERAISE_WEIGHT)

    def call_shove_rate(self, prior: float) -> float:
        """How often they call an all-in before the flop, shrunk toward ``prior``."""
        return self.call_shove.estimate(prior)

    def air_share(self, street: Street) -> float:
        """The share of their bets on ``street`` made with nothing: judged from
        how often they bet (a player who bets most of the time cannot have a
        hand most of the time) and from what they showed down."""
        rate = self.bet_rate(street)
        from_rate = min(0.9, max(0.03, (rate - 0.35) / rate))
        shown = self.air_shown
        return (from_rate * WEIGHT + shown.hits) / (WEIGHT + shown.chances)

    def raise_air_share(self, street: Street) -> float:
        """The share of their raises on ``street`` made with nothing."""
        rate = self.raise_rate(street)
        from_rate = min(0.8, max(0.03, (rate - 0.15) / rate))
        shown = self.air_shown
        return (from_rate * WEIGHT + shown.hits) / (WEIGHT + shown.chances)


NOTHING, DRAWING, ONE_PAIR, WEAK_TWO_PAIR, STRONG = (
    "nothing", "draw", "one pair", "weak two pair", "strong")
STRENGTHS = (NOTHING, DRAWING, ONE_PAIR, WEAK_TWO_PAIR, STRONG)
"""What :func:`strength` names, weakest first."""

def strength(hole: Sequence[int], board: Sequence[int]) -> str:
    """What two hole cards hold on a board of three cards or more, as Hard
    weighs a late raise: ``nothing``; ``draw`` (a flush draw); ``one pair``
    made with a hole card; ``weak two pair`` — two pair on a paired board
    (one pair of its own) or two pair below the top card of the board; or
    ``strong`` (top two pair, or better, made with a hole card)."""
    tier = int(tiers_on(tuple(board))[combo_index(hole[0], hole[1])])
    if tier == MEDIUM:
        return ONE_PAIR
    if tier == AIR:
        return NOTHING
    if tier == DRAW:
        return DRAWING
    if category_of(evaluate([*hole, *board])) != HandCategory.TWO_PAIR:
        return STRONG
    ranks = [c >> 2 for c in board]
    paired_board = len(set(ranks)) < len(ranks)
    top = max(ranks)
    return WEAK_TWO_PAIR if paired_board or top not in (c >> 2 for c in hole) else STRONG


def size_bucket(fraction: float) -> int:
    """0 for a bet of at most 0.6 of the pot before it, 1 up to 1.2 pots, 2 above."""
    return 0 if fraction <= 0.6 else 1 if fraction <= 1.2 else 2


class TableModel:
    """Every opponent's model for one player (the seat ``me`` is never counted)."""

    def __init__(self, decay: float = DECAY, shown_decay: float = SHOWN_DECAY,
                 late_decay: float = LATE_DECAY) -> None:
        self.models: dict[int, OpponentModel] = {}
        self.hands_observed = 0
        self.decay = decay
        self.shown_decay = shown_decay if decay < 1 else 1.0
        self.late_decay = late_decay if decay < 1 else 1.0

    def of(self, seat: int) -> OpponentModel:
        """The model of ``seat`` (the prior alone for a seat never seen)."""
        model = self.models.get(seat)
        if model is None:
            model = self.models[seat] = OpponentModel()
        return model

    def observe_hand(self, view: SeatView) -> None:
        """Count a finished hand from its public history, as ``view.seat`` saw it."""
        me = view.seat
        bets: dict[int, int] = {}
        level = 0
        last_aggression: dict[int, Street] = {}
        last_raise: dict[int, Street] = {}
        last_bet: dict[int, Street] = {}
        last_overbet: dict[int, Street] = {}
        last_late_raise: dict[int, Street] = {}
        shown: dict[int, tuple[int, ...]] = {}
        board: tuple[int, ...] = ()
        pot = 0
        blind = 0
        shoved = False  # the last raise before the flop was an all-in
        raised_once = False  # the last raise before the flop was the first
        raisers: set[int] = set()  # who raised before the flop
        flop_bettor: int | None = None  # who bet the flop first, until raised
        for e in view.history:
            if isinstance(e, HandStarted):
                bets = dict.fromkeys(e.seats, 0)
                for s in e.seats:
                    if s != me:
                        if self.decay < 1:
                            self.of(s).fade(self.decay, self.shown_decay, self.late_decay)
                        self.of(s).hands += 1
            elif isinstance(e, AntePosted):
                pot += e.amount
            elif isinstance(e, BlindPosted):
                bets[e.seat] = bets.get(e.seat, 0) + e.amount
                level = max(level, bets[e.seat])
                blind = max(blind, e.amount)
                pot += e.amount
            elif isinstance(e, StreetDealt):
                board = tuple(e.board)
                bets = dict.fromkeys(bets, 0)
                level = 0
            elif isinstance(e, ActionTaken):
                before = bets.get(e.seat, 0)
                aggressive = e.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN) \
                    and before + e.added > level
                if e.seat != me:
                    model = self.of(e.seat)
                    if e.street == Street.PREFLOP:
                        model.preflop_raise.add(aggressive)
                        if level <= blind:
                            model.open_raise.add(aggressive)
                        elif shoved and level > before:
                            model.call_shove.add(e.kind is not ActionKind.FOLD)
                        elif e.seat in raisers and level > before:
                            model.fold_to_reraise.add(e.kind is ActionKind.FOLD)
                        elif raised_once and level > before:
                            model.fold_to_open.add(e.kind is ActionKind.FOLD)
                    elif level > before and before > 0:  # raised after putting chips in
                        model.fold_to_raise.add(e.kind is ActionKind.FOLD)
                        if e.seat == flop_bettor and e.street == Street.FLOP:
                            model.flop_bet_raised.add(e.kind is ActionKind.FOLD)
                            flop_bettor = None
                        model.raises[e.street].add(aggressive)
                    elif level > before:
                        facing = level - before
                        folded = e.kind is ActionKind.FOLD
                        model.fold_to_bet.add(folded)
                        bucket = size_bucket(facing / max(1, pot - facing))
                        model.fold_by_size[bucket].add(folded)
                        if e.street in LATE:
                            model.late_fold_by_size[bucket].add(folded)
                        model.raises[e.street].add(aggressive)
                    else:
                        model.bets[e.street].add(aggressive)
                    if aggressive and e.street != Street.PREFLOP:
                        last_aggression[e.seat] = e.street
                        if level > 0:
                            last_raise[e.seat] = e.street
                            if e.street in LATE:
                                last_late_raise[e.seat] = e.street
                        else:
                            last_bet[e.seat] = e.street
                        if level == 0 and e.added > OVERBET_SIZE * max(1, pot):
                            last_overbet[e.seat] = e.street
                if aggressive and e.street == Street.FLOP and level == 0:
                    flop_bettor = e.seat
                if aggressive and e.street == Street.PREFLOP:
                    raisers.add(e.seat)
                    shoved = e.kind is ActionKind.ALL_IN
                    raised_once = level <= blind
                bets[e.seat] = before + e.added
                level = max(level, bets[e.seat])
                pot += e.added
            elif isinstance(e, CardsShown) and e.seat != me and len(e.cards) == 2:
                shown[e.seat] = tuple(e.cards)
        for seat, cards in shown.items():
            last = last_aggression.get(seat)
            size = _BOARD_SIZE.get(last, 0) if last is not None else 0
            if size and len(board) >= size:
                tier = tiers_on(board[:size])[combo_index(cards[0], cards[1])]
                self.of(seat).air_shown.add(int(tier) in (AIR, DRAW))
            model = self.of(seat)
            # What bets and raises held is counted among made hands and draws
            # (bluffs are counted by air_shown); what overbets held, among all.
            for street, rate, made_only in ((last_bet.get(seat), model.bet_strong, True),
                                            (last_raise.get(seat), model.raise_strong, True),
                                            (last_overbet.get(seat), model.overbet_air, False)):
                size = _BOARD_SIZE.get(street, 0) if street is not None else 0
                if size and len(board) >= size:
                    tier = int(tiers_on(board[:size])[combo_index(cards[0], cards[1])])
                    if not made_only:
                        rate.add(tier in (AIR, DRAW))
                    elif tier != AIR:
                        rate.add(tier == MONSTER)
            street = last_late_raise.get(seat)
            if street is not None and len(board) >= _BOARD_SIZE[street]:
                tier = int(tiers_on(board[:_BOARD_SIZE[street]])[combo_index(cards[0], cards[1])])
                model.late_raise_strong.add(tier == MONSTER)
                model.late_raise_air.add(tier in (AIR, DRAW))
        self.hands_observed += 1
