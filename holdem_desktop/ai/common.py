"""What every computer player needs: starting-hand ranking, reading the
view, board texture, and turning a pot fraction into a legal amount.

Everything here works from a :class:`~holdem_desktop.engine.views.SeatView`
(or from cards alone); nothing reaches the hand state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.amounts import STEP_FRACTIONS, AmountStep, amount_scale
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.hand_classes import HandCategory, category_of
from holdem_desktop.engine.views import SeatView

__all__ = [
    "Character",
    "StreetPlayer",
    "Texture",
    "amount_for",
    "call_or_check",
    "check_or_fold",
    "draws",
    "legal_by_kind",
    "made_category",
    "opponents_in_hand",
    "own_category",
    "preflop_percentile",
    "raises_this_street",
    "shared_category",
    "texture",
]

RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class Character:
    """A computer player's temperament: ``tightness`` and ``aggression`` from
    -1 (loose, passive) to +1 (tight, aggressive); ``bluff`` scales its
    bluffing frequency (1 = the level's usual)."""

    name: str
    tightness: float = 0.0
    aggression: float = 0.0
    bluff: float = 1.0


class StreetPlayer:
    """Shared shape of the levels: a seeded generator, a temperament, and a
    decision split into pre-flop and after the flop."""

    level = ""

    def __init__(self, rng: random.Random, character: Character | None = None) -> None:
        self.rng = rng
        self.character = character or Character(self.level.capitalize())

    def decide(self, view: SeatView) -> Action:
        """One of the view's legal actions."""
        legal = legal_by_kind(view)
        if view.street == Street.PREFLOP:
            return self._preflop(view, legal)
        return self._postflop(view, legal)

    def _preflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        raise NotImplementedError

    def _postflop(self, view: SeatView, legal: dict[ActionKind, LegalAction]) -> Action:
        raise NotImplementedError


# ----------------------------------------------------------------------
# Starting hands


def starting_class(a: int, b: int) -> tuple[int, int, bool]:
    """(high rank, low rank, suited) of two hole cards."""
    ra, rb = a >> 2, b >> 2
    hi, lo = (ra, rb) if ra >= rb else (rb, ra)
    return hi, lo, (a & 3) == (b & 3) and ra != rb


def _chen(hi: int, lo: int, suited: bool) -> float:
    """Bill Chen's starting-hand score (a well-known ranking of the 169 classes)."""
    top = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(hi, (hi + 2) / 2.0)
    if hi == lo:
        return max(5.0, top * 2)
    score = top + (2.0 if suited else 0.0)
    gap = hi - lo - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and hi < 10:
        score += 1
    return score


@cache
def _percentiles() -> dict[tuple[int, int, bool], float]:
    """Each starting class's percentile (1.0 = the best hand, aces), weighted
    by how many combinations the classes above it hold."""
    classes = [(hi, lo, s) for hi in range(13) for lo in range(hi + 1)
               for s in ((False,) if hi == lo else (True, False))]
    combos = {c: (6 if c[0] == c[1] else 4 if c[2] else 12) for c in classes}
    ranked = sorted(classes, key=lambda c: (_chen(*c), c[0], c[1], c[2]), reverse=True)
    out: dict[tuple[int, int, bool], float] = {}
    above = 0
    for c in ranked:
        out[c] = 1.0 - above / 1326.0
        above += combos[c]
    return out


def preflop_percentile(hole: Sequence[int]) -> float:
    """How good two hole cards are among all starting hands: 1.0 for aces,
    about 0.5 for a median hand, near 0 for seven-deuce offsuit."""
    return _percentiles()[starting_class(hole[0], hole[1])]


# ----------------------------------------------------------------------
# Reading the view


def legal_by_kind(view: SeatView) -> dict[ActionKind, LegalAction]:
    """The legal actions of the view by kind (raises if it is not our turn)."""
    if not view.legal_actions:
        raise ValueError("it is not this seat's turn")
    return {a.kind: a for a in view.legal_actions}


def call_or_check(legal: dict[ActionKind, LegalAction]) -> Action:
    """Check when possible, else call (all-in when that is the only call)."""
    if ActionKind.CHECK in legal:
        return Action.check()
    if ActionKind.CALL in legal:
        return Action.call()
    return Action.all_in()


def check_or_fold(legal: dict[ActionKind, LegalAction]) -> Action:
    """Check when free, else fold."""
    return Action.check() if ActionKind.CHECK in legal else Action.fold()


def opponents_in_hand(view: SeatView) -> list[int]:
    """Seats still in the hand besides this one."""
    return [p.seat for p in view.players if not p.folded and p.seat != view.seat]


def raises_this_street(view: SeatView) -> list[ActionTaken]:
    """Bets and raises (all-ins included when they raised) in the current round."""
    out = []
    for e in view.history:
        if isinstance(e, ActionTaken) and e.street == view.street and e.kind in (
                ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN) and e.added > 0:
            out.append(e)
    return out


def actions_of(view: SeatView, seat: int) -> list[ActionTaken]:
    """Every action ``seat`` has taken this hand."""
    return [e for e in view.history if isinstance(e, ActionTaken) and e.seat == seat]


def seats_after(view: SeatView) -> int:
    """Players still to act after this seat in the current round (position:
    0 means acting last)."""
    order = [p.seat for p in view.players if not p.folded and not p.all_in]
    if view.seat not in order:
        return 0
    if view.street == Street.PREFLOP:
        return _preflop_after(view, order)
    return len(order) - 1 - order.index(view.seat)


def _preflop_after(view: SeatView, order: list[int]) -> int:
    # Pre-flop the blinds act last: playing order starts after the big blind.
    n = len(view.players)
    seats = [p.seat for p in view.players]
    start = 2 if n > 2 else 1
    rotated = seats[start:] + seats[:start]
    live = [s for s in rotated if s in order]
    return len(live) - 1 - live.index(view.seat) if view.seat in live else 0


# ----------------------------------------------------------------------
# Cards on the board


def made_category(view: SeatView) -> HandCategory | None:
    """The category of this seat's best hand with the board (None pre-flop)."""
    if len(view.board) < 3:
        return None
    return category_of(evaluate(view.hole + view.board))


def shared_category(board: Sequence[int]) -> HandCategory:
    """The best category every player has from the board alone (three to five
    cards): its pairs, trips or, with five cards, its whole hand."""
    counts = sorted((sum(1 for c in board if c >> 2 == r) for r in {c >> 2 for c in board}),
                    reverse=True)
    shared = (HandCategory.THREE_OF_A_KIND if counts[0] >= 3 else
              HandCategory.TWO_PAIR if counts[:2] == [2, 2] else
              HandCategory.PAIR if counts[0] == 2 else HandCategory.HIGH_CARD)
    if len(board) == 5:
        shared = max(shared, category_of(evaluate(board)))
    return shared


def own_category(view: SeatView) -> HandCategory | None:
    """The category of this seat's hand counting only what its hole cards add:
    a pair (or two pair, trips) the board shows is everyone's, so a hand no
    better than the board's counts as nothing.  None pre-flop."""
    category = made_category(view)
    if category is None:
        return None
    if category <= shared_category(view.board):
        return HandCategory.HIGH_CARD
    return category


def board_category(view: SeatView) -> HandCategory | None:
    """The category the board alone makes (five cards) or None."""
    if len(view.board) < 5:
        return None
    return category_of(evaluate(view.board))


@dataclass(frozen=True)
class Texture:
    """How dangerous a board is."""

    paired: bool
    """Two board cards share a rank."""
    suited: int
    """Most cards of one suit on the board."""
    connected: int
    """Most board ranks within a five-rank window (straight potential)."""

    @property
    def wet(self) -> bool:
        """Many draws possible."""
        return self.suited >= 3 or self.connected >= 3 or (self.suited == 2 and
                                                           self.connected >= 2)


def texture(board: Sequence[int]) -> Texture:
    """The texture of a board (any size)."""
    ranks = [c >> 2 for c in board]
    suits = [c & 3 for c in board]
    present = set(ranks) | ({-1} if 12 in ranks else set())
    connected = max((sum(1 for r in present if low <= r <= low + 4) for low in range(-1, 9)),
                    default=0)
    return Texture(paired=len(set(ranks)) < len(ranks),
                   suited=max((suits.count(s) for s in range(4)), default=0),
                   connected=connected)


def draws(hole: Sequence[int], board: Sequence[int]) -> tuple[bool, bool, bool]:
    """(flush draw, open-ended straight draw, gutshot) that use a hole card,
    with cards still to come."""
    if not 3 <= len(board) <= 4:
        return False, False, False
    cards = list(hole) + list(board)
    flush = any(sum(1 for c in cards if c & 3 == s) == 4 and any(h & 3 == s for h in hole)
                for s in range(4))
    ranks = {c >> 2 for c in cards}
    if 12 in ranks:
        ranks.add(-1)
    hole_ranks = {h >> 2 for h in hole} | ({-1} if any(h >> 2 == 12 for h in hole) else set())
    open_ended = gutshot = False
    for low in range(-1, 9):
        window = set(range(low, low + 5))
        have = window & ranks
        if len(have) == 4 and have & hole_ranks:
            missing = (window - ranks).pop()
            if missing in (low, low + 4) and low not in (-1, 8):
                open_ended = True
            else:
                gutshot = True
    return flush, open_ended, gutshot and not open_ended


# ----------------------------------------------------------------------
# Amounts


def amount_for(view: SeatView, legal: dict[ActionKind, LegalAction], fraction: float
               ) -> Action | None:
    """The stop of the amount scale (SPEC §5, the table's amount chooser)
    nearest to ``fraction`` of the pot — for a raise, of the pot after the
    call; None when no bet or raise is allowed."""
    scale = amount_scale(view)
    if not scale:
        if ActionKind.ALL_IN in legal and ActionKind.CALL not in legal:
            return Action.all_in()
        return None

    def distance(stop: AmountStep) -> float:
        return min(abs(_FRACTION.get(name, 1.0) - fraction) for name in stop.steps)

    return min(scale, key=distance).action()


_FRACTION = {"min": 0.0, "all_in": 3.0, **STEP_FRACTIONS}


def raise_to(view: SeatView, legal: dict[ActionKind, LegalAction], to: float) -> Action:
    """A bet or raise making the round total about ``to`` (clamped, rounded;
    with a raise menu, the nearest step); a call or check when none is allowed."""
    kind = ActionKind.RAISE if ActionKind.RAISE in legal else (
        ActionKind.BET if ActionKind.BET in legal else None)
    if kind is None:
        return Action.all_in() if ActionKind.ALL_IN in legal else call_or_check(legal)
    me = view.me
    top = (me.bet if me else 0) + view.to_call
    base = view.pot + view.to_call if kind is ActionKind.RAISE else view.pot
    if view.raise_menu:  # only the variant's steps, as a person with the chooser
        action = amount_for(view, legal, (to - top) / max(1, base))
        return action if action is not None else call_or_check(legal)
    a = legal[kind]
    unit = view.chip_unit
    return Action(kind, max(a.min_amount, min(a.max_amount, round(to / unit) * unit)))


def stack_in_big_blinds(view: SeatView) -> float:
    """This seat's chips (behind plus in this round) in big blinds."""
    me = view.me
    if me is None:
        return 0.0
    return (me.stack + me.bet) / max(1, view.big_blind)


def chance(rng: random.Random, p: float) -> bool:
    """True with probability ``p`` (clamped to 0..1)."""
    return rng.random() < max(0.0, min(1.0, p))
