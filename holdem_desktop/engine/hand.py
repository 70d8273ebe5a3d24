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
from typing import Any

from .actions import Action, ActionKind, IllegalAction, LegalAction
from .cards import ALL_CARDS, Card, check_distinct
from .evaluator import HandValue, evaluate, evaluate_hand
from .events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsShown,
    Event,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunoutStarted,
    Street,
    StreetDealt,
)
from .variant import BettingStructure

__all__ = ["Hand", "HandConfig", "Pot"]

_BOARD_SIZES = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


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

    def __post_init__(self) -> None:
        n = len(self.stacks)
        if not 2 <= n <= 23:
            raise ValueError(f"a hand has 2 to 23 players, not {n}")
        if len(self.blinds) != n or (self.antes and len(self.antes) != n):
            raise ValueError("blinds and antes need one entry per player")
        if self.seats and (len(self.seats) != n or len(set(self.seats)) != n):
            raise ValueError("seats need one distinct id per player")
        for name in ("stacks", "blinds", "antes"):
            if any(isinstance(x, bool) or not isinstance(x, int) or x < 0
                   for x in getattr(self, name)):
                raise ValueError(f"{name} must be whole numbers, not negative")
        if self.chip_unit < 1 or self.min_bet < 0 or self.big_bet < 0:
            raise ValueError("chip unit and bet sizes must be positive")
        if not any(self.stacks):
            raise ValueError("nobody has chips")

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
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandConfig:
        """Inverse of :meth:`to_json`."""
        return cls(
            stacks=tuple(data["stacks"]), blinds=tuple(data["blinds"]),
            antes=tuple(data["antes"]), betting=BettingStructure(data["betting"]),
            min_bet=data["min_bet"], big_bet=data["big_bet"], raise_cap=data["raise_cap"],
            chip_unit=data["chip_unit"], seats=tuple(data["seats"]),
        )


@dataclass(frozen=True)
class Pot:
    """A pot and the seats that can win it (main pot first)."""

    amount: int
    eligible: tuple[int, ...]


@dataclass
class _Round:
    """Betting-round bookkeeping (reset at each street)."""

    queue: deque[int] = field(default_factory=deque)
    largest_raise: int = 0
    raises: int = 0
    short_all_ins: list[int] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)
    aggressor: int | None = None


class Hand:
    """The state of one hand (see the module docstring)."""

    def __init__(self, config: HandConfig, deck: Sequence[int]) -> None:
        n = len(config.stacks)
        cards = [ALL_CARDS[int(c)] for c in deck]
        check_distinct(cards)
        if len(cards) < 2 * n + 5:
            raise ValueError(f"the deck needs {2 * n + 5} cards, has {len(cards)}")
        self.config = config
        self._ids = config.seat_ids
        self._index = {s: i for i, s in enumerate(self._ids)}
        self._deck: list[Card] = cards
        self._next_card = 0
        self.stacks = list(config.stacks)
        self.bets = [0] * n
        self.contributed = [0] * n
        self.folded = [False] * n
        self.hole: list[tuple[Card, ...]] = [()] * n
        self.board: list[Card] = []
        self.street = Street.PREFLOP
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.over = False
        self._round = _Round()
        self._start()

    # ------------------------------------------------------------------
    # Queries

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck this hand deals from, in dealing order (for snapshots and replays)."""
        return tuple(self._deck)

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self.stacks)

    @property
    def seats(self) -> tuple[int, ...]:
        """Seat ids in playing order."""
        return self._ids

    def index_of(self, seat: int) -> int:
        """Playing-order index of a seat id."""
        return self._index[seat]

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
        i = self._index[seat]
        return min(self.stacks[i], self.max_bet - self.bets[i])

    def stack(self, seat: int) -> int:
        """Chips behind for ``seat``."""
        return self.stacks[self._index[seat]]

    def in_hand(self, seat: int) -> bool:
        """True while ``seat`` has not folded."""
        return not self.folded[self._index[seat]]

    def pots(self) -> list[Pot]:
        """Main pot and side pots as they stand (bets of this round included)."""
        return [Pot(a, tuple(self._ids[i] for i in e)) for a, e in self._pots()]

    def street_min_bet(self) -> int:
        """Minimum bet (fixed-limit: the bet size) on the current street."""
        if self.config.betting is BettingStructure.FIXED_LIMIT and self.street >= Street.TURN:
            return self.config.fixed_big_bet
        return self.config.smallest_bet

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (empty when nobody is to act)."""
        if self.over or not self._round.queue:
            return ()
        i = self._round.queue[0]
        owe = self.max_bet - self.bets[i]
        stack = self.stacks[i]
        out: list[LegalAction] = []
        if owe > 0:
            out.append(LegalAction(ActionKind.FOLD))
            out.append(LegalAction(ActionKind.CALL, min(owe, stack), min(owe, stack)))
        else:
            out.append(LegalAction(ActionKind.CHECK))
        all_in_to = stack + self.bets[i]
        if self._raise_refusal(i) is None:
            lo, hi = self._raise_bounds(i)
            if lo < all_in_to:
                kind = ActionKind.RAISE if self.max_bet > 0 else ActionKind.BET
                out.append(LegalAction(kind, lo, hi))
            if hi >= all_in_to:
                out.append(LegalAction(ActionKind.ALL_IN, all_in_to, all_in_to))
        elif 0 < stack <= owe:
            out.append(LegalAction(ActionKind.ALL_IN, all_in_to, all_in_to))
        return tuple(out)

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
        kind, to = self._resolve(seat, action)
        mark = len(self.events)
        i = self._index[seat]
        r = self._round
        r.queue.popleft()
        self.actions.append((seat, action))
        street = self.street
        if kind is ActionKind.FOLD:
            self.folded[i] = True
            self.events.append(ActionTaken(seat, kind, 0, 0, False, street))
        elif kind is ActionKind.CHECK:
            r.acted.add(i)
            self.events.append(ActionTaken(seat, kind, 0, 0, False, street))
        elif to <= self.max_bet:  # a call, possibly all-in for less
            added = self._put(i, to - self.bets[i])
            r.acted.add(i)
            shown = ActionKind.ALL_IN if action.kind is ActionKind.ALL_IN else ActionKind.CALL
            amount = self.bets[i] if shown is ActionKind.ALL_IN else added
            self.events.append(ActionTaken(seat, shown, amount, added, self.stacks[i] == 0, street))
        else:
            added = self._raise(i, to)
            shown = ActionKind.ALL_IN if self.stacks[i] == 0 else kind
            self.events.append(ActionTaken(seat, shown, to, added, self.stacks[i] == 0, street))
        self._advance()
        return self.events[mark:]

    # ------------------------------------------------------------------
    # Internals: legality

    def _raise_refusal(self, i: int) -> str | None:
        """Why player ``i`` may not bet or raise now, or None if they may."""
        r = self._round
        owe = self.max_bet - self.bets[i]
        stack = self.stacks[i]
        if stack == 0:
            return "no_chips"
        if stack <= owe:
            return "covered"
        cap = self.config.raise_cap
        if cap is not None:
            opening = 0 if self.street == Street.PREFLOP and max(self.config.blinds) > 0 else 1
            if r.raises >= cap + opening:
                return "raise_cap_reached"
        if owe < r.largest_raise or (
                r.short_all_ins and sum(r.short_all_ins) < r.largest_raise and i in r.acted):
            return "raise_not_reopened"
        top = self.max_bet
        if not any(j != i and not self.folded[j] and self.stacks[j] + self.bets[j] > top
                   for j in range(self.n)):
            return "nobody_to_raise"
        return None

    def _raise_bounds(self, i: int) -> tuple[int, int]:
        """Min and max "to" amounts of a bet or raise by player ``i`` (rounded)."""
        unit = self.config.chip_unit
        all_in_to = self.stacks[i] + self.bets[i]
        lo = self.max_bet + max(self._round.largest_raise, self.street_min_bet())
        betting = self.config.betting
        if betting is BettingStructure.FIXED_LIMIT:
            hi = lo
        elif betting is BettingStructure.POT_LIMIT:
            hi = max(lo, 2 * self.max_bet - self.bets[i] + self.pot_total)
        else:
            hi = all_in_to
        lo = -(-lo // unit) * unit
        hi = hi // unit * unit if hi < all_in_to else hi
        return min(lo, all_in_to), min(max(hi, lo), all_in_to)

    def _resolve(self, seat: int, action: Action) -> tuple[ActionKind, int]:
        """Check ``action`` and return (kind, round total after it)."""
        if self.over:
            raise IllegalAction("hand_over")
        if not isinstance(action, Action) or not isinstance(action.kind, ActionKind):
            raise IllegalAction("unknown_action")
        actor = self.to_act
        if seat != actor:
            raise IllegalAction("not_your_turn", seat=seat, to_act=actor)
        i = self._index[seat]
        owe = self.max_bet - self.bets[i]
        stack = self.stacks[i]
        kind = action.kind
        bettor = self._bettor()
        if kind is ActionKind.FOLD:
            if owe <= 0:
                raise IllegalAction("fold_when_check")
            return kind, self.bets[i]
        if kind is ActionKind.CHECK:
            if owe > 0:
                raise IllegalAction("check_facing_bet", to_call=min(owe, stack), bettor=bettor)
            return kind, self.bets[i]
        if kind is ActionKind.CALL:
            if owe <= 0:
                raise IllegalAction("nothing_to_call")
            return kind, self.bets[i] + min(owe, stack)
        all_in_to = stack + self.bets[i]
        if kind is ActionKind.ALL_IN:
            if stack == 0:
                raise IllegalAction("no_chips")
            if stack <= owe:
                return ActionKind.CALL, all_in_to
            refusal = self._raise_refusal(i)
            if refusal is not None:
                raise IllegalAction(refusal, cap=self.config.raise_cap)
            lo, hi = self._raise_bounds(i)
            if hi < all_in_to:
                raise IllegalAction("amount_above_max", amount=all_in_to, max=hi)
            return kind, all_in_to
        # BET or RAISE
        if kind is ActionKind.BET and self.max_bet > 0:
            raise IllegalAction("bet_facing_bet", to_call=min(owe, stack), bettor=bettor)
        if kind is ActionKind.RAISE and self.max_bet == 0:
            raise IllegalAction("raise_without_bet")
        refusal = self._raise_refusal(i)
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
        lo, hi = self._raise_bounds(i)
        if to > all_in_to or to > hi:
            raise IllegalAction("amount_above_max", amount=to, max=hi)
        if to < lo:
            raise IllegalAction("amount_below_min", amount=to, min=lo)
        if to % self.config.chip_unit and to != all_in_to:
            raise IllegalAction("amount_not_multiple", amount=to, unit=self.config.chip_unit)
        return kind, to

    def _bettor(self) -> int | None:
        """Seat id of the player whose bet is to be called, if any."""
        r = self._round
        if r.aggressor is not None:
            return self._ids[r.aggressor]
        top = self.max_bet
        if top == 0:
            return None
        return self._ids[max(range(self.n), key=lambda j: (self.bets[j] == top, j))]

    # ------------------------------------------------------------------
    # Internals: changing chips

    def _put(self, i: int, amount: int) -> int:
        amount = min(amount, self.stacks[i])
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.contributed[i] += amount
        return amount

    def _raise(self, i: int, to: int) -> int:
        r = self._round
        increment = to - self.max_bet
        added = self._put(i, to - self.bets[i])
        if increment >= r.largest_raise:
            r.acted.clear()
        r.acted.add(i)
        r.largest_raise = max(r.largest_raise, increment)
        r.raises += 1
        r.aggressor = i
        if self.stacks[i]:
            r.short_all_ins.clear()
        else:
            r.short_all_ins.append(increment)
        if sum(r.short_all_ins) >= r.largest_raise:
            r.short_all_ins.clear()
        r.queue = deque(j for j in self._order_from(i + 1)
                        if j != i and not self.folded[j] and self.stacks[j] > 0)
        return added

    def _order_from(self, start: int) -> list[int]:
        return [(start + k) % self.n for k in range(self.n)]

    def _deal(self, count: int) -> tuple[Card, ...]:
        cards = tuple(self._deck[self._next_card:self._next_card + count])
        self._next_card += count
        return cards

    # ------------------------------------------------------------------
    # Internals: flow

    def _start(self) -> None:
        cfg = self.config
        self.events.append(HandStarted(self._ids, tuple(cfg.stacks), self._ids[-1],
                                       tuple(cfg.blinds), tuple(cfg.antes) or (0,) * self.n))
        for i, ante in enumerate(cfg.antes):
            if ante and self.stacks[i]:
                paid = min(ante, self.stacks[i])
                self.stacks[i] -= paid
                self.contributed[i] += paid
                self.events.append(AntePosted(self._ids[i], paid, self.stacks[i] == 0))
        ranked = sorted((b, i) for i, b in enumerate(cfg.blinds) if b > 0)
        kinds = {i: k for k, (_, i) in enumerate(ranked)}
        for i, blind in enumerate(cfg.blinds):
            if blind and self.stacks[i]:
                paid = self._put(i, blind)
                self.events.append(BlindPosted(self._ids[i], paid, kinds[i], self.stacks[i] == 0))
        for i in range(self.n):
            self.hole[i] = self._deal(2)
            self.events.append(HoleCardsDealt(self._ids[i], self.hole[i]))
        # First to act pre-flop: after the biggest blind actually posted.
        top = max(range(self.n), key=lambda j: (self.bets[j] if cfg.blinds[j] > 0 else 0, j))
        self._begin_round((top + 1) % self.n)

    def _begin_round(self, opener: int) -> None:
        r = self._round = _Round()
        r.queue = deque(j for j in self._order_from(opener)
                        if not self.folded[j] and self._effective_stack(j) > 0)
        if len(r.queue) == 1 and self.bets[r.queue[0]] >= self.max_bet:
            r.queue.clear()  # nobody left to bet against: no decision this round
        self._advance()

    def _effective_stack(self, i: int) -> int:
        """Chips ``i`` can still lose to another live player this hand."""
        totals = sorted(self.stacks[j] + self.bets[j] for j in range(self.n) if not self.folded[j])
        return min(self.stacks[i], max(0, totals[-2] - self.bets[i])) if len(totals) > 1 else 0

    def _advance(self) -> None:
        """After an action: end the round or the hand when due."""
        live = [j for j in range(self.n) if not self.folded[j]]
        if len(live) == 1:
            self._return_uncalled()
            self._finish(showdown=False)
            return
        if self._round.queue:
            return
        self._return_uncalled()
        self.bets = [0] * self.n
        if self.street == Street.RIVER:
            self._showdown(self._showdown_order(live))
            return
        can_bet = [j for j in live if self.stacks[j] > 0]
        if len(can_bet) <= 1:
            order = self._showdown_order(live)
            self.events.append(RunoutStarted(tuple(self._ids[j] for j in order)))
            for j in order:
                self.events.append(CardsShown(self._ids[j], self.hole[j], self._value(j)))
            while self.street < Street.RIVER:
                self._deal_street()
            self._showdown([])
            return
        self._deal_street()
        self._begin_round(0)

    def _deal_street(self) -> None:
        self.street = Street(self.street + 1)
        cards = self._deal(_BOARD_SIZES[self.street])
        self.board.extend(cards)
        self.events.append(StreetDealt(self.street, cards, tuple(self.board)))

    def _return_uncalled(self) -> None:
        if self.n < 2:
            return
        order = sorted(range(self.n), key=lambda j: self.bets[j], reverse=True)
        top, second = order[0], order[1]
        excess = self.bets[top] - self.bets[second]
        if excess > 0:
            self.bets[top] -= excess
            self.stacks[top] += excess
            self.contributed[top] -= excess
            self.events.append(BetReturned(self._ids[top], excess))

    def _showdown_order(self, live: list[int]) -> list[int]:
        start = self._round.aggressor
        if start is None or self.folded[start]:
            start = live[0]
        return [j for j in self._order_from(start) if not self.folded[j]]

    def _value(self, i: int) -> HandValue | None:
        if len(self.board) < 3:
            return None
        return evaluate_hand(self.hole[i] + tuple(self.board))

    def _showdown(self, order: list[int]) -> None:
        self.street = Street.SHOWDOWN
        for j in order:
            self.events.append(CardsShown(self._ids[j], self.hole[j], self._value(j)))
        self._finish(showdown=True)

    def _pots(self) -> list[tuple[int, list[int]]]:
        live = [j for j in range(self.n) if not self.folded[j]]
        levels = sorted({self.contributed[j] for j in live})
        pots: list[tuple[int, list[int]]] = []
        prev = 0
        for k, level in enumerate(levels):
            top = level if k < len(levels) - 1 else max(self.contributed)
            amount = sum(min(c, top) - min(c, prev) for c in self.contributed)
            eligible = [j for j in live if self.contributed[j] >= level]
            if amount > 0:
                if pots and pots[-1][1] == eligible:
                    pots[-1] = (pots[-1][0] + amount, eligible)
                else:
                    pots.append((amount, eligible))
            prev = top
        return pots

    def _contested_pots(self, strength: dict[int, int]) -> list[tuple[int, list[int]]]:
        """Pots at showdown among the hands that win something: a hand that can
        win no pot is out of every pot, and pots left with the same
        contenders are one pot (so odd chips are split once, as pokerkit and
        the dealer do)."""
        pots = self._pots()
        contenders: set[int] = set()
        for _, eligible in pots:
            best = max(strength[j] for j in eligible)
            contenders.update(j for j in eligible if strength[j] == best)
        merged: list[tuple[int, list[int]]] = []
        for amount, eligible in pots:
            still = [j for j in eligible if j in contenders]
            if merged and merged[-1][1] == still:
                merged[-1] = (merged[-1][0] + amount, still)
            else:
                merged.append((amount, still))
        return merged

    def _finish(self, showdown: bool) -> None:
        unit = self.config.chip_unit
        strength = {j: evaluate(self.hole[j] + tuple(self.board))
                    for j in range(self.n) if showdown and not self.folded[j]}
        pots = self._contested_pots(strength) if showdown else self._pots()
        for index, (amount, eligible) in enumerate(pots):
            if showdown:
                best = max(strength[j] for j in eligible)
                winners = [j for j in eligible if strength[j] == best]
            else:
                winners = eligible
            base = amount // (unit * len(winners)) * unit
            shares = [base] * len(winners)
            shares[0] += amount - base * len(winners)  # odd chips: first winner after the button
            for j, share in zip(winners, shares, strict=True):
                self.stacks[j] += share
            value = self._value(winners[0]) if showdown else None
            self.events.append(PotAwarded(index, amount, tuple(self._ids[j] for j in eligible),
                                          tuple(self._ids[j] for j in winners), tuple(shares),
                                          value))
        self.bets = [0] * self.n
        self.contributed = [0] * self.n
        self.over = True
        self._round.queue.clear()
        self.events.append(HandEnded(self._ids, tuple(self.stacks), showdown))
