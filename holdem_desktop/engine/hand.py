"""One hand of Texas Hold'em: the state, the legal actions, and the events.

Players sit in *playing order*: index 0 is the first seat after the button
(the small blind, except heads-up), the last index is the button.  Heads-up
the button posts the small blind, so ``blinds`` there reads ``(big, small)``
— the config states what each seat posts.  Seat ids (``HandConfig.seats``)
are what events and callers use; by default ``0..n-1``.

Every operation follows verify → apply: :meth:`Hand.verify` raises
:class:`~.actions.IllegalAction` and changes nothing; :meth:`Hand.apply`
verifies, changes the state and returns the new events (also appended to
:attr:`Hand.events`).  Dealing is automatic from the deck the hand was given
(two cards to each seat in playing order, then the board), so a stacked deck
replays any hand.

Rules: SPEC §1–§3 (no-limit, pot-limit, fixed-limit with a raise cap; short
all-ins reopen the betting only when they add up to a full raise; uncalled
bets return; side pots; the odd chip to the first winner after the button;
all-in run-outs one street at a time; showdown order; a short blind or ante
posts what it has).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .actions import Action, ActionKind, IllegalAction, LegalAction
from .cards import ALL_CARDS, Card, check_distinct
from .evaluator import HandValue, evaluate, evaluate7, hand_value
from .events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsShown,
    DeadBlindPosted,
    Event,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunoutStarted,
    Street,
    StreetDealt,
)
from .sizes import step_amount
from .variant import BettingStructure, BlindLevel, Variant

__all__ = ["Hand", "HandConfig", "Pot"]

_BOARD_SIZES = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER,
                Street.RIVER: Street.SHOWDOWN}

# Enum members used on the hot paths, as module constants: reading a member
# off its class costs more than the comparison it feeds.
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_ALL_IN = ActionKind.ALL_IN
_PREFLOP = Street.PREFLOP
_TURN = Street.TURN
_RIVER = Street.RIVER


@dataclass(frozen=True)
class HandConfig:
    """Everything one hand needs besides the cards (see the module docstring)."""

    stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    antes: tuple[int, ...] = ()
    betting: BettingStructure = BettingStructure.NO_LIMIT
    min_bet: int = 0
    """Smallest bet (no-/pot-limit) or the small bet (fixed-limit); 0 means the biggest blind."""
    big_bet: int = 0
    """Fixed-limit bet on the turn and river; 0 means twice ``min_bet``."""
    raise_cap: int | None = None
    """Raises allowed per round after the opening bet (the big blind opens pre-flop)."""
    chip_unit: int = 1
    seats: tuple[int, ...] = ()
    """Seat ids in playing order; empty means ``0..n-1``."""
    raise_menu: tuple[str, ...] = ()
    """The variant's amount-chooser steps (``RaiseStep`` values), carried for the
    players' views; without ``menu_only`` the engine accepts any legal amount."""
    menu_only: bool = False
    """Bets and raises are exactly the sizes of ``raise_menu`` (each clamped to
    the legal bounds and rounded to the chip unit); all-in is always allowed
    where the betting structure allows it.  Anything else is refused with
    ``amount_not_in_menu``."""
    dead_blinds: tuple[int, ...] = ()
    """Dead blinds by player (empty: none): chips a player puts in the pot
    after the blinds, as an ante, not part of their bet (a missed small
    blind); a short stack posts its live blind first, then what it has left."""
    no_small_blind: bool = False
    """Nobody posts the small blind this hand (a tournament's dead button: its
    seat is empty), so the smallest blind posted is the big one (``kind`` 1)."""

    def __post_init__(self) -> None:
        n = len(self.stacks)
        if not 2 <= n <= 23:
            raise ValueError(f"a hand has 2 to 23 players, not {n}")
        if len(self.blinds) != n or (self.antes and len(self.antes) != n):
            raise ValueError("blinds and antes need one entry per player")
        if self.seats and (len(self.seats) != n or len(set(self.seats)) != n):
            raise ValueError("seats need one distinct id per player")
        if self.dead_blinds and len(self.dead_blinds) != n:
            raise ValueError("dead blinds need one entry per player")
        for name in ("stacks", "blinds", "antes", "dead_blinds"):
            if any(isinstance(x, bool) or not isinstance(x, int) or x < 0
                   for x in getattr(self, name)):
                raise ValueError(f"{name} must be whole numbers, not negative")
        if self.chip_unit < 1 or self.min_bet < 0 or self.big_bet < 0:
            raise ValueError("chip unit and bet sizes must be positive")
        if not any(self.stacks):
            raise ValueError("nobody has chips")
        if self.menu_only and not self.raise_menu:
            raise ValueError("a hand with fixed sizes needs a raise menu")

    @classmethod
    def of_variant(cls, variant: Variant, level: BlindLevel, seats: Sequence[int],
                   stacks: Sequence[int], blinds: Sequence[int], *,
                   dead_blinds: tuple[int, ...] = (), no_small_blind: bool = False
                   ) -> HandConfig:
        """The hand ``variant`` deals at ``level`` to ``seats`` (playing order,
        the button last) holding ``stacks``, posting ``blinds``: the level's
        ante from everyone, the variant's betting, bet sizes and menu."""
        fixed = variant.betting is BettingStructure.FIXED_LIMIT
        return cls(
            stacks=tuple(stacks),
            blinds=tuple(blinds),
            antes=(level.ante,) * len(seats) if level.ante else (),
            betting=variant.betting,
            min_bet=level.big,
            big_bet=2 * level.big if fixed else 0,
            raise_cap=variant.raise_cap,
            chip_unit=variant.chip_unit,
            seats=tuple(seats),
            raise_menu=tuple(step.value for step in variant.raise_menu),
            menu_only=variant.menu_only,
            dead_blinds=dead_blinds,
            no_small_blind=no_small_blind,
        )

    @cached_property
    def _setup(self) -> _Setup:
        """What every hand of this config starts from, worked out on the first
        hand and kept: the config is frozen, so it never goes stale.  (It lives
        in the instance dictionary, outside the fields: equality, hashing and
        :meth:`to_json` do not see it.)"""
        return _Setup(self)

    @property
    def seat_ids(self) -> tuple[int, ...]:
        """Seat ids in playing order."""
        return self.seats or tuple(range(len(self.stacks)))

    @property
    def smallest_bet(self) -> int:
        """The minimum opening bet before the turn."""
        return self.min_bet or max(self.blinds) or self.chip_unit

    @property
    def fixed_big_bet(self) -> int:
        """Fixed-limit bet size on the turn and river."""
        return self.big_bet or 2 * self.smallest_bet

    def to_json(self) -> dict[str, Any]:
        """Plain data for snapshots."""
        return {
            "stacks": list(self.stacks), "blinds": list(self.blinds), "antes": list(self.antes),
            "betting": self.betting.value, "min_bet": self.min_bet, "big_bet": self.big_bet,
            "raise_cap": self.raise_cap, "chip_unit": self.chip_unit, "seats": list(self.seats),
            "raise_menu": list(self.raise_menu), "menu_only": self.menu_only,
            **({"dead_blinds": list(self.dead_blinds)} if self.dead_blinds else {}),
            **({"no_small_blind": True} if self.no_small_blind else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandConfig:
        """Inverse of :meth:`to_json`."""
        return cls(
            stacks=tuple(data["stacks"]), blinds=tuple(data["blinds"]),
            antes=tuple(data["antes"]), betting=BettingStructure(data["betting"]),
            min_bet=data["min_bet"], big_bet=data["big_bet"], raise_cap=data["raise_cap"],
            chip_unit=data["chip_unit"], seats=tuple(data["seats"]),
            raise_menu=tuple(str(x) for x in data.get("raise_menu", ())),
            menu_only=bool(data.get("menu_only", False)),
            dead_blinds=tuple(data.get("dead_blinds", ())),
            no_small_blind=bool(data.get("no_small_blind", False)),
        )


class _Setup:
    """A config's derived constants and the state after its forced bets.

    All of it follows from the config alone, so it is worked out once per
    config (:attr:`HandConfig._setup`) and every hand copies the lists it
    changes.  The events are immutable and shared by the config's hands.
    """

    __slots__ = ("bets", "big_bet", "blinds_open", "chip_unit", "contributed", "dead", "events",
                 "fixed_limit", "ids", "index", "menu", "opener", "orders", "pot_limit",
                 "small_bet", "stacks")

    def __init__(self, config: HandConfig) -> None:
        n = len(config.stacks)
        self.ids = ids = config.seat_ids
        self.index = {s: i for i, s in enumerate(ids)}
        # orders[start]: all players in playing order, from ``start`` round.
        self.orders = tuple(tuple([*range(start, n), *range(start)]) for start in range(n))
        self.fixed_limit = config.betting is BettingStructure.FIXED_LIMIT
        self.pot_limit = config.betting is BettingStructure.POT_LIMIT
        self.small_bet = config.smallest_bet
        self.big_bet = config.fixed_big_bet
        self.chip_unit = config.chip_unit
        # The fixed sizes (all-in apart, which is its own offer), or None: any amount.
        self.menu: tuple[str, ...] | None = tuple(
            step for step in config.raise_menu if step != "all_in") \
            if config.menu_only else None
        self.blinds_open = max(config.blinds) > 0  # the big blind is the opening bet pre-flop
        # The forced bets: antes, then blinds; a short stack posts what it has.
        stacks = list(config.stacks)
        bets = [0] * n
        contributed = [0] * n
        events: list[Event] = [HandStarted(ids, tuple(config.stacks), ids[-1],
                                           tuple(config.blinds), tuple(config.antes) or (0,) * n)]

        def dead_money(amounts: tuple[int, ...], kind: type[AntePosted]) -> None:
            """Chips into the pot, not into the bets: antes, dead blinds."""
            for i, owed in enumerate(amounts):
                if owed and stacks[i]:
                    paid = min(owed, stacks[i])
                    stacks[i] -= paid
                    contributed[i] += paid
                    events.append(kind(ids[i], paid, stacks[i] == 0))

        dead_money(config.antes, AntePosted)
        ranked = sorted((b, i) for i, b in enumerate(config.blinds) if b > 0)
        kinds = {i: k + config.no_small_blind for k, (_, i) in enumerate(ranked)}
        for _, i in ranked:  # the small blind first, heads-up too (the button posts it)
            if stacks[i]:
                paid = min(config.blinds[i], stacks[i])
                stacks[i] -= paid
                bets[i] += paid
                contributed[i] += paid
                events.append(BlindPosted(ids[i], paid, kinds[i], stacks[i] == 0))
        dead_money(config.dead_blinds, DeadBlindPosted)  # last: a short stack keeps its live blind
        # Dead money (antes, dead blinds) is in the main pot, whoever put it
        # in: it is nobody's bet, so it never makes a side pot of its own
        # (None: the hand has none).
        dead = [c - b for c, b in zip(contributed, bets, strict=True)]
        self.dead: tuple[int, ...] | None = tuple(dead) if any(dead) else None
        self.stacks = tuple(stacks)
        self.bets = tuple(bets)
        self.contributed = tuple(contributed)
        self.events = tuple(events)
        # First to act pre-flop: after the biggest blind actually posted (the
        # last of equal ones); only blinds are in the bets so far.
        top = n - 1 - bets[::-1].index(max(bets))
        self.opener = (top + 1) % n


@dataclass(frozen=True)
class Pot:
    """A pot and the seats that can win it (main pot first)."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(slots=True)
class _Round:
    """Betting-round bookkeeping (reset at each street)."""

    queue: deque[int] = field(default_factory=deque)
    top: int = 0
    """The highest bet, ``max(bets)`` while the round lasts (set when it
    begins and by each bet or raise; calls do not change it)."""
    largest_raise: int = 0
    raises: int = 0
    short_all_ins: list[int] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)
    aggressor: int | None = None


# The offers that carry no amount: immutable, so one shared instance each.
_OFFER_FOLD = LegalAction(_FOLD)
_OFFER_CHECK = LegalAction(_CHECK)
_CHECK_ONLY = (_OFFER_CHECK,)


def _offer(kind: ActionKind, low: int, high: int) -> LegalAction:
    """A LegalAction built without the named tuple's Python-level ``__new__``
    (up to three are built for every decision)."""
    return tuple.__new__(LegalAction, (kind, low, high, ()))


class Hand:
    """The state of one hand (see the module docstring)."""

    _round: _Round  # the betting round under way, set by _begin_round

    def __init__(self, config: HandConfig, deck: Sequence[int]) -> None:
        setup = config._setup
        n = len(setup.stacks)
        need = 2 * n + 5
        if len(deck) < need:
            raise ValueError(f"the deck needs {need} cards, has {len(deck)}")
        # Only the cards that can be dealt are kept (and checked).
        used = list(deck[:need])
        try:
            if min(used) < 0 or len(set(used)) != need:
                raise IndexError
            cards = list(map(ALL_CARDS.__getitem__, used))
        except (IndexError, TypeError):
            check_distinct(used)  # raises MalformedCard or DuplicateCard, naming the card
            raise
        self.config = config
        self._setup = setup
        self._n = n
        self._ids = setup.ids
        self._deck: list[Card] = cards
        # hand values by (player, board size): each is computed once.
        self._values: dict[tuple[int, int], HandValue] = {}
        # The decision at hand, worked out when first asked for and kept until
        # apply() (the only change of state after this constructor) clears
        # both: the offers of legal_actions() and _raise_info's result.
        self._legal: tuple[LegalAction, ...] | None = None
        self._raise_known: tuple[str | None, int, int] | None = None
        self._menu_known: tuple[int, ...] | None = None
        self.shared_view: Any = None
        """What every view of this state holds alike (:mod:`.views` keeps it
        here; forgotten by :meth:`apply`, rebuilt when the history grew)."""
        self.decision_cache: Any = None
        """What the decision views of this hand hold alike (:mod:`.views`
        keeps it here: the history's public part so far, each seat's deal)."""
        # The state after the forced bets, then the hole cards: two to each
        # player in playing order.
        self.stacks = list(setup.stacks)
        self.bets = list(setup.bets)
        self.contributed = list(setup.contributed)
        self.folded = [False] * n
        self.hole: list[tuple[Card, ...]] = list(zip(cards[0:2 * n:2], cards[1:2 * n:2],
                                                      strict=True))
        self._next_card = 2 * n
        self.board: list[Card] = []
        self.street = _PREFLOP
        self.events: list[Event] = [*setup.events, *map(HoleCardsDealt, self._ids, self.hole)]
        self.actions: list[tuple[int, Action]] = []
        self.over = False
        self._begin_round(setup.opener)

    # ------------------------------------------------------------------
    # Queries

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards this hand can deal, in dealing order (for snapshots and replays)."""
        return tuple(self._deck)

    @property
    def n(self) -> int:
        """Number of players."""
        return self._n

    @property
    def seats(self) -> tuple[int, ...]:
        """Seat ids in playing order."""
        return self._ids

    def index_of(self, seat: int) -> int:
        """Playing-order index of a seat id."""
        return self._setup.index[seat]

    @property
    def to_act(self) -> int | None:
        """Seat id whose turn it is, or None."""
        q = self._round.queue
        return self._ids[q[0]] if q and not self.over else None

    @property
    def pot_total(self) -> int:
        """All chips put in this hand, current bets included."""
        return sum(self.contributed)

    @property
    def max_bet(self) -> int:
        """Highest total put in this betting round."""
        return max(self.bets)

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` must add to call (limited by its stack)."""
        i = self._setup.index[seat]
        return min(self.stacks[i], max(self.bets) - self.bets[i])

    def stack(self, seat: int) -> int:
        """Chips behind for ``seat``."""
        return self.stacks[self._setup.index[seat]]

    def in_hand(self, seat: int) -> bool:
        """True while ``seat`` has not folded."""
        return not self.folded[self._setup.index[seat]]

    def pots(self) -> list[Pot]:
        """Main pot and side pots as they stand (bets of this round included)."""
        return [Pot(a, tuple(self._ids[i] for i in e)) for a, e in self._pots()]

    def gathered_pots(self) -> list[Pot]:
        """Main pot and side pots as a dealer has gathered them: the chips of
        the betting rounds already closed, this round's bets still in front
        of the players (they join the pots when the round ends).  Empty
        before the first round closes unless dead money is in the middle,
        and once the hand is over.  Within a round these change only when
        someone folds (each chip bet is in ``contributed`` and ``bets``
        alike), so a view rebuilds them once a street and at folds."""
        if self.over:
            return []
        gathered = [c - b for c, b in zip(self.contributed, self.bets, strict=True)]
        return [Pot(a, tuple(self._ids[i] for i in e)) for a, e in self._pots(gathered)]

    def street_min_bet(self) -> int:
        """Minimum bet (fixed-limit: the bet size) on the current street."""
        setup = self._setup
        if setup.fixed_limit and self.street >= _TURN:
            return setup.big_bet
        return setup.small_bet

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (empty when nobody is to act)."""
        legal = self._legal
        if legal is None:  # not asked yet since the last action (see __init__)
            legal = self._legal = self._offers()
        return legal

    # ------------------------------------------------------------------
    # verify / can / apply

    def verify(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
        self._resolve(seat, action)

    def can(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now."""
        try:
            self._resolve(seat, action)
        except IllegalAction:
            return False
        return True

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Take ``action`` for ``seat``; returns the events it caused."""
        kind, to, top = self._resolve(seat, action)
        self._legal = self._raise_known = self._menu_known = None  # that decision is made
        # (``shared_view`` is kept: it is rebuilt from itself, as this action
        # adds an event, and reuses what did not change: views.py's _Shared)
        events = self.events
        mark = len(events)
        r = self._round
        i = r.queue.popleft()  # the player _resolve found to be ``seat``
        self.actions.append((seat, action))
        street = self.street
        if kind is _FOLD:
            self.folded[i] = True
            events.append(ActionTaken(seat, kind, 0, 0, False, street))
        elif kind is _CHECK:
            r.acted.add(i)
            events.append(ActionTaken(seat, kind, 0, 0, False, street))
        else:
            if to <= top:  # a call, possibly all-in for less
                added = self._put(i, to - self.bets[i])
                r.acted.add(i)
                if action.kind is _ALL_IN:
                    events.append(ActionTaken(seat, _ALL_IN, self.bets[i], added,
                                              self.stacks[i] == 0, street))
                else:
                    events.append(ActionTaken(seat, _CALL, added, added,
                                              self.stacks[i] == 0, street))
            else:
                added = self._raise(i, to, top)
                all_in = self.stacks[i] == 0
                events.append(ActionTaken(seat, _ALL_IN if all_in else kind, to, added,
                                          all_in, street))
        if not (r.queue and self.folded.count(False) > 1):  # else the round goes on
            self._advance()
        return events[mark:]

    def show(self, seat: int) -> list[Event]:
        """After the hand, a player who has not shown may show their cards
        voluntarily (e.g. the winner of an uncontested pot).  Raises
        :class:`IllegalAction` (``hand_not_over``, ``already_shown``)."""
        i = self._setup.index[seat]
        if not self.over:
            raise IllegalAction("hand_not_over")
        if any(isinstance(e, CardsShown) and e.seat == seat for e in self.events):
            raise IllegalAction("already_shown")
        event = CardsShown(seat, self.hole[i], self._value(i))
        self.events.append(event)
        return [event]

    # ------------------------------------------------------------------
    # Internals: legality

    def _offers(self) -> tuple[LegalAction, ...]:
        """The legal actions of the player to act (see :meth:`legal_actions`)."""
        queue = self._round.queue
        if self.over or not queue:
            return ()
        i = queue[0]
        bet = self.bets[i]
        top = self._round.top
        owe = top - bet
        stack = self.stacks[i]
        all_in_to = stack + bet
        if owe > 0:
            call = owe if owe < stack else stack
            head: tuple[LegalAction, ...] = (_OFFER_FOLD, _offer(_CALL, call, call))
        else:
            head = _CHECK_ONLY
        refusal, lo, hi = self._raise_info(i, bet, top, stack)
        if refusal is None:
            kind = _RAISE if top > 0 else _BET
            if self._setup.menu is not None:
                sizes = self._menu_sizes(i, lo, hi, all_in_to)
                if sizes:
                    head = (*head, tuple.__new__(LegalAction, (kind, sizes[0], sizes[-1], sizes)))
                if hi < all_in_to:
                    return head
            elif lo < all_in_to:
                head = (*head, _offer(kind, lo, hi))
                if hi < all_in_to:  # a limit below the stack
                    return head
        elif not 0 < stack <= owe:  # all-in is offered only as a call then
            return head
        return (*head, _offer(_ALL_IN, all_in_to, all_in_to))

    def _raise_info(self, i: int, bet: int, top: int, stack: int) -> tuple[str | None, int, int]:
        """(refusal, min, max) of a bet or raise by player ``i``, the one to act
        (``bet`` and ``stack`` theirs, ``top`` the highest bet): None and the
        bounds of the "to" amount, rounded to the chip unit, or why not and
        zeros.  Worked out once per decision (see __init__)."""
        info = self._raise_known
        if info is not None:
            return info
        refusal = self._raise_refusal(i, bet, top, stack)
        if refusal is not None:
            info = self._raise_known = (refusal, 0, 0)
            return info
        # (Conditional expressions rather than min() and max() where they do:
        # this runs for nearly every decision, and they cost a third as much.)
        setup = self._setup
        all_in_to = stack + bet
        fixed = setup.fixed_limit
        step = setup.big_bet if fixed and self.street >= _TURN else setup.small_bet
        largest = self._round.largest_raise
        lo = top + (largest if largest > step else step)  # step: street_min_bet()
        if fixed:
            hi = lo
        elif setup.pot_limit:
            hi = max(lo, 2 * top - bet + sum(self.contributed))
        else:
            hi = all_in_to
        unit = setup.chip_unit
        if unit > 1:
            lo = -(-lo // unit) * unit
            if hi < all_in_to:
                hi = hi // unit * unit
        if hi < lo:
            hi = lo
        info = self._raise_known = (None, lo if lo < all_in_to else all_in_to,
                                    hi if hi < all_in_to else all_in_to)
        return info

    def _menu_sizes(self, i: int, lo: int, hi: int, all_in_to: int) -> tuple[int, ...]:
        """The bet or raise totals the variant's fixed sizes allow player ``i``
        (the one to act; ``lo``/``hi`` from :meth:`_raise_info`), smallest
        first, without repeats; a size at or past the stack is the all-in,
        offered on its own.  Worked out once per decision (see __init__)."""
        known = self._menu_known
        if known is not None:
            return known
        menu = self._setup.menu
        assert menu is not None
        top = self._round.top
        to_call = min(top - self.bets[i], self.stacks[i])
        pot = sum(self.contributed)
        unit = self._setup.chip_unit
        sizes = {step_amount(step, raising=top > 0, low=lo, high=hi, pot=pot, top=top,
                             to_call=to_call, unit=unit) for step in menu}
        known = self._menu_known = tuple(sorted(a for a in sizes if a < all_in_to))
        return known

    def _raise_refusal(self, i: int, bet: int, top: int, stack: int) -> str | None:
        """Why player ``i`` may not bet or raise now, or None if they may
        (arguments as for :meth:`_raise_info`)."""
        if stack == 0:
            return "no_chips"
        owe = top - bet
        if stack <= owe:
            return "covered"
        r = self._round
        cap = self.config.raise_cap
        if cap is not None:
            opening = 0 if self.street == _PREFLOP and self._setup.blinds_open else 1
            if r.raises >= cap + opening:
                return "raise_cap_reached"
        if owe < r.largest_raise or (
                r.short_all_ins and sum(r.short_all_ins) < r.largest_raise and i in r.acted):
            return "raise_not_reopened"
        stacks, bets, folded = self.stacks, self.bets, self.folded
        for j in range(self._n):
            if j != i and not folded[j] and stacks[j] + bets[j] > top:
                return None
        return "nobody_to_raise"

    def _resolve(self, seat: int, action: Action) -> tuple[ActionKind, int, int]:
        """Check ``action`` and return (kind, round total after it, highest bet before it)."""
        if self.over:
            raise IllegalAction("hand_over")
        if not isinstance(action, Action) or not isinstance(action.kind, ActionKind):
            raise IllegalAction("unknown_action")
        r = self._round
        queue = r.queue
        actor = self._ids[queue[0]] if queue else None
        if seat != actor:
            raise IllegalAction("not_your_turn", seat=seat, to_act=actor)
        i = queue[0]
        bet = self.bets[i]
        top = r.top
        owe = top - bet
        stack = self.stacks[i]
        kind = action.kind
        if kind is _FOLD:
            if owe <= 0:
                raise IllegalAction("fold_when_check")
            return kind, bet, top
        if kind is _CHECK:
            if owe > 0:
                raise IllegalAction("check_facing_bet", to_call=min(owe, stack),
                                    bettor=self._bettor())
            return kind, bet, top
        if kind is _CALL:
            if owe <= 0:
                raise IllegalAction("nothing_to_call")
            return kind, bet + min(owe, stack), top
        all_in_to = stack + bet
        if kind is _ALL_IN:
            if stack == 0:
                raise IllegalAction("no_chips")
            if stack <= owe:
                return _CALL, all_in_to, top
            refusal, lo, hi = self._raise_info(i, bet, top, stack)
            if refusal is not None:
                raise IllegalAction(refusal, cap=self.config.raise_cap)
            if hi < all_in_to:
                raise IllegalAction("amount_above_max", amount=all_in_to, max=hi)
            return kind, all_in_to, top
        # BET or RAISE
        if kind is _BET and top > 0:
            raise IllegalAction("bet_facing_bet", to_call=min(owe, stack), bettor=self._bettor())
        if kind is _RAISE and top == 0:
            raise IllegalAction("raise_without_bet")
        refusal, lo, hi = self._raise_info(i, bet, top, stack)
        if refusal is not None:
            data: dict[str, int | None] = {}
            if refusal == "covered":
                data = {"to_call": owe, "stack": stack}
            elif refusal == "raise_cap_reached":
                data = {"cap": self.config.raise_cap}
            raise IllegalAction(refusal, **data)
        to = action.amount
        if isinstance(to, bool) or not isinstance(to, int):
            raise IllegalAction("unknown_action")
        if self._setup.menu is not None:
            sizes = self._menu_sizes(i, lo, hi, all_in_to)
            all_in = all_in_to if hi >= all_in_to else None
            if to in sizes or to == all_in:
                return kind, to, top
            raise IllegalAction("amount_not_in_menu", amount=to, allowed=sizes, all_in=all_in)
        if to > all_in_to or to > hi:
            raise IllegalAction("amount_above_max", amount=to, max=hi)
        if to < lo:
            raise IllegalAction("amount_below_min", amount=to, min=lo)
        if to % self.config.chip_unit and to != all_in_to:
            raise IllegalAction("amount_not_multiple", amount=to, unit=self.config.chip_unit)
        return kind, to, top

    def _bettor(self) -> int | None:
        """Seat id of the player whose bet is to be called, if any."""
        r = self._round
        if r.aggressor is not None:
            return self._ids[r.aggressor]
        top = max(self.bets)
        if top == 0:
            return None
        return self._ids[max(range(self._n), key=lambda j: (self.bets[j] == top, j))]

    # ------------------------------------------------------------------
    # Internals: changing chips

    def _put(self, i: int, amount: int) -> int:
        amount = min(amount, self.stacks[i])
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.contributed[i] += amount
        return amount

    def _raise(self, i: int, to: int, top: int) -> int:
        """Player ``i`` bets or raises to ``to`` over the highest bet ``top``."""
        r = self._round
        increment = to - top
        added = self._put(i, to - self.bets[i])
        if increment >= r.largest_raise:
            r.acted.clear()
        r.acted.add(i)
        r.largest_raise = max(r.largest_raise, increment)
        r.raises += 1
        r.aggressor = i
        r.top = to
        if self.stacks[i]:
            r.short_all_ins.clear()
        else:
            r.short_all_ins.append(increment)
        if sum(r.short_all_ins) >= r.largest_raise:
            r.short_all_ins.clear()
        stacks, folded = self.stacks, self.folded
        r.queue = deque([j for j in self._setup.orders[(i + 1) % self._n]
                         if j != i and not folded[j] and stacks[j] > 0])
        return added

    # ------------------------------------------------------------------
    # Internals: flow

    def _begin_round(self, opener: int) -> None:
        r = self._round = _Round()
        stacks, bets, folded = self.stacks, self.bets, self.folded
        r.top = top = max(bets)
        # A player is dealt in when they can still lose chips to another live
        # player: chips behind, and less in than the second-deepest live total.
        totals = sorted([stacks[j] + bets[j] for j in range(self._n) if not folded[j]])
        if len(totals) > 1:
            second = totals[-2]
            r.queue.extend([j for j in self._setup.orders[opener]
                            if not folded[j] and stacks[j] > 0 and bets[j] < second])
        if len(r.queue) == 1 and bets[r.queue[0]] >= top:
            r.queue.clear()  # nobody left to bet against: no decision this round
        self._advance()

    def _advance(self) -> None:
        """After an action: end the round or the hand when due."""
        folded = self.folded
        if folded.count(False) == 1:
            self._return_uncalled()
            self._finish(showdown=False)
            return
        if self._round.queue:
            return
        self._return_uncalled()
        self.bets = [0] * self._n
        live = [j for j in range(self._n) if not folded[j]]
        if self.street == _RIVER:
            self._showdown(self._showdown_order(live))
            return
        can_bet = [j for j in live if self.stacks[j] > 0]
        if len(can_bet) <= 1:
            order = self._showdown_order(live)
            self.events.append(RunoutStarted(tuple([self._ids[j] for j in order]), tuple(
                [self._ids[j] for j in order if self.stacks[j] == 0])))
            for j in order:
                self.events.append(CardsShown(self._ids[j], self.hole[j], self._value(j)))
            while self.street < _RIVER:
                self._deal_street()
            self._showdown([])
            return
        self._deal_street()
        self._begin_round(0)

    def _deal_street(self) -> None:
        self.street = street = _NEXT_STREET[self.street]
        start = self._next_card
        self._next_card = end = start + _BOARD_SIZES[street]
        cards = tuple(self._deck[start:end])
        self.board.extend(cards)
        self.events.append(StreetDealt(street, cards, tuple(self.board)))

    def _return_uncalled(self) -> None:
        bets = self.bets
        ordered = sorted(bets)
        excess = ordered[-1] - ordered[-2]
        if excess > 0:  # one player bet more than anyone else put in
            top = bets.index(ordered[-1])
            bets[top] -= excess
            self.stacks[top] += excess
            self.contributed[top] -= excess
            self.events.append(BetReturned(self._ids[top], excess))

    def _showdown_order(self, live: list[int]) -> list[int]:
        start = self._round.aggressor
        if start is None or self.folded[start]:
            start = live[0]
        folded = self.folded
        return [j for j in self._setup.orders[start] if not folded[j]]

    def _value(self, i: int, strength: int | None = None) -> HandValue | None:
        """Player ``i``'s hand on the board so far (None before the flop);
        ``strength`` is its strength when the caller has it already."""
        size = len(self.board)
        if size < 3:
            return None
        value = self._values.get((i, size))
        if value is None:
            cards = self.hole[i] + tuple(self.board)
            if strength is None:
                strength = evaluate(cards)
            value = self._values[i, size] = hand_value(cards, strength)
        return value

    def _showdown(self, order: list[int]) -> None:
        self.street = Street.SHOWDOWN
        for j in order:
            self.events.append(CardsShown(self._ids[j], self.hole[j], self._value(j)))
        self._finish(showdown=True)

    def _pots(self, gathered: list[int] | None = None) -> list[tuple[int, list[int]]]:
        """The pots of the chips each put in (``gathered``: of these chips
        instead, which hold the dead money: it is never in the bets)."""
        return pot_levels(self.contributed if gathered is None else gathered, self.folded,
                          None if self.over else self._setup.dead)

    def _contested_pots(self, strength: dict[int, int]
                        ) -> list[tuple[int, list[int], list[int]]]:
        """Pots at showdown among the hands that win something: a hand that can
        win no pot is out of every pot, and pots left with the same
        contenders are one pot (so odd chips are split once, as pokerkit and
        the dealer do).  Each pot comes with every live hand that had a
        claim on it (the ones its winners beat are those and not winners)."""
        pots = self._pots()
        if len(pots) == 1:  # one pot: its winners are all that is left of it
            amount, eligible = pots[0]
            best = max([strength[j] for j in eligible])
            return [(amount, [j for j in eligible if strength[j] == best], eligible)]
        contenders: set[int] = set()
        for _, eligible in pots:
            best = max([strength[j] for j in eligible])
            contenders.update(j for j in eligible if strength[j] == best)
        merged: list[tuple[int, list[int], list[int]]] = []
        for amount, eligible in pots:
            still = [j for j in eligible if j in contenders]
            if merged and merged[-1][1] == still:
                claims = merged[-1][2] + [j for j in eligible if j not in merged[-1][2]]
                merged[-1] = (merged[-1][0] + amount, still, claims)
            else:
                merged.append((amount, still, eligible))
        return merged

    def _finish(self, showdown: bool) -> None:
        unit = self.config.chip_unit
        strength: dict[int, int] = {}
        if showdown:
            board = tuple(self.board)  # all five cards: showdowns come after the river
            strength = {j: evaluate7(self.hole[j] + board)
                        for j in range(self._n) if not self.folded[j]}
        pots = (self._contested_pots(strength) if showdown else
                [(amount, eligible, eligible) for amount, eligible in self._pots()])
        ids = self._ids
        for index, (amount, eligible, claims) in enumerate(pots):
            if showdown:
                best = max([strength[j] for j in eligible])
                winners = [j for j in eligible if strength[j] == best]
            else:
                winners = eligible
            base = amount // (unit * len(winners)) * unit
            shares = [base] * len(winners)
            shares[0] += amount - base * len(winners)  # odd chips: first winner after the button
            for j, share in zip(winners, shares, strict=True):
                self.stacks[j] += share
            value = self._value(winners[0], strength[winners[0]]) if showdown else None
            self.events.append(PotAwarded(index, amount, tuple([ids[j] for j in eligible]),
                                          tuple([ids[j] for j in winners]), tuple(shares),
                                          value, tuple([ids[j] for j in claims
                                                        if showdown and j not in winners])))
        self.bets = [0] * self._n
        self.contributed = [0] * self._n
        self.over = True
        self._round.queue.clear()
        self.events.append(HandEnded(self._ids, tuple(self.stacks), showdown))


def pot_levels(put: Sequence[int], folded: Sequence[bool], dead: Sequence[int] | None
               ) -> list[tuple[int, list[int]]]:
    """The pots of the chips each player put in (``put``, in playing order),
    as (amount, eligible players' indices), the main pot first; ``dead``:
    the dead money each put in (antes, dead blinds), which joins the main
    pot and never makes a side pot of its own.  (Hand.gathered_pots and the
    decision views of :mod:`.views` alike.)"""
    contributed = put if dead is None else [c - d for c, d in zip(put, dead, strict=True)]
    live = [j for j in range(len(put)) if not folded[j]]
    levels = sorted({contributed[j] for j in live})
    last = len(levels) - 1
    pots: list[tuple[int, list[int]]] = []
    prev = 0
    for k, level in enumerate(levels):
        top = level if k < last else max(contributed)
        # what each put in between prev and top (conditionals, not min():
        # a third of the cost, and this runs for every player and level)
        amount = sum([(top if c > top else c) - (prev if c > prev else c)
                      for c in contributed])
        eligible = [j for j in live if contributed[j] >= level]
        if amount > 0:
            if pots and pots[-1][1] == eligible:
                pots[-1] = (pots[-1][0] + amount, eligible)
            else:
                pots.append((amount, eligible))
        prev = top
    if dead is not None and live:  # the dead money: into the main pot
        if pots and len(pots[0][1]) == len(live):
            pots[0] = (pots[0][0] + sum(dead), pots[0][1])
        else:
            pots.insert(0, (sum(dead), live))
    return pots
