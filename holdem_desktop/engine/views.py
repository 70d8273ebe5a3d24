"""What one seat may know: :class:`SeatView`.

A view is built from a hand for one seat (or for a spectator) and holds only
immutable values — its own hole cards, the public state, the public history
and, on its turn, the legal actions — never a reference back to the hand.
Other players' hole cards appear only once they are shown.  Computer
players decide from a view alone; the network sends each client its view.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from .actions import LegalAction
from .cards import Card
from .events import CardsShown, Event, HoleCardsDealt, Street
from .hand import Hand, Pot, pot_levels
from .variant import BettingStructure

__all__ = ["PlayerView", "SeatView", "decision_view", "hidden_cards", "seat_view"]


@dataclass(frozen=True)
class PlayerView:
    """One player as everyone sees them."""

    seat: int
    stack: int
    """Chips behind."""
    bet: int
    """Chips put in this betting round."""
    in_pot: int
    """Chips put in this hand."""
    folded: bool
    all_in: bool
    shown: tuple[Card, ...]
    """Hole cards this player has shown (empty until then)."""


@dataclass(frozen=True)
class SeatView:
    """Everything ``seat`` may know about the hand, and nothing more."""

    seat: int | None
    """The seat this view is for; None for a spectator."""
    hole: tuple[Card, ...]
    """This seat's own hole cards (empty for a spectator)."""
    board: tuple[Card, ...]
    street: Street
    players: tuple[PlayerView, ...]
    """All players in playing order (first after the button … the button)."""
    button: int
    to_act: int | None
    pot: int
    """All chips in the middle, current bets included."""
    pots: tuple[Pot, ...]
    """The main pot then the side pots, as gathered at the end of each
    betting round (:meth:`Hand.gathered_pots`): this round's bets are in
    ``pot`` and not yet here.  Empty before the first round closes (unless
    antes or dead blinds are in the middle) and once the hand is over."""
    to_call: int
    """Chips this seat must add to call (0 when it may check or is not in the hand)."""
    legal_actions: tuple[LegalAction, ...]
    """What this seat may do now; empty unless it is this seat's turn."""
    min_bet: int
    """Smallest bet on this street (the fixed bet in fixed-limit)."""
    big_blind: int
    chip_unit: int
    betting: BettingStructure
    raise_cap: int | None
    raise_menu: tuple[str, ...]
    """The amount chooser's steps (``RaiseStep`` values; empty: any amount)."""
    history: tuple[Event, ...]
    """The hand's events this seat may see, in order (others' hole cards
    are dealt with ``cards == ()``)."""
    over: bool

    def player(self, seat: int) -> PlayerView:
        """The view of one player."""
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    @property
    def me(self) -> PlayerView | None:
        """This seat's own player view (None for a spectator)."""
        return None if self.seat is None else self.player(self.seat)


@functools.lru_cache(maxsize=64)
def hidden_cards(seat: int) -> HoleCardsDealt:
    """``seat``'s hole cards dealt, as the others see it (no cards): one
    shared event per seat, not a new one in every view."""
    return HoleCardsDealt(seat, ())


def _censor(event: Event, seat: int | None) -> Event:
    if isinstance(event, HoleCardsDealt) and event.seat != seat:
        return hidden_cards(event.seat)
    return event


class _Shared:
    """What every view of one state of a hand holds alike (issue 38): the
    players, the board, the pots, and each seat's history so far.  After an
    action a room builds a view for each member and the computers one for
    each decision; built once per state, the views share these tuples (and
    the server's encoder, which keeps a player's text by identity, writes
    them once).  Kept on the hand and rebuilt when its history grew (every
    change of a hand adds an event), from the last one: a player whose
    numbers did not change is the same object as before (an action changes
    one player; the others' texts are not written again, nor made anew),
    and the histories and the cards shown are extended, not read again
    from the hand's first event."""

    __slots__ = ("board", "count", "histories", "keys", "players", "pot_key", "pots", "shown",
                 "views")
    board: tuple[Card, ...]
    keys: list[tuple[object, ...]]
    """Each player's numbers, as their view holds them."""
    players: tuple[PlayerView, ...]
    pot_key: tuple[object, ...]
    """What the pots are made of (the street, who folded, the hand over)."""
    pots: tuple[Pot, ...]
    shown: dict[int, tuple[Card, ...]]
    views: dict[int | None, SeatView]
    """Each seat's view of this state, once built: the same state asked
    again (a member's table sent twice while the hand waits, the members
    out of the hand, who all see the spectator's view) is the same object,
    and the server's encoder finds its parts' texts by identity."""

    def __init__(self, hand: Hand, count: int, old: _Shared | None) -> None:
        self.count = count
        self.views = {}
        shown = old.shown if old is not None else {}
        for e in hand.events[old.count if old is not None else 0:count]:
            if isinstance(e, CardsShown):
                shown = {**shown, e.seat: e.cards}  # (a copy: the last state's stays as it was)
        self.shown = shown
        new = object.__new__
        players: list[PlayerView] = []
        keys: list[tuple[object, ...]] = []
        stacks, bets, contributed, folded = hand.stacks, hand.bets, hand.contributed, hand.folded
        before = old.keys if old is not None else ()
        same = len(before) == len(stacks)
        changed = not same
        for i, s in enumerate(hand.seats):  # (the engine's own values: no checks to run)
            key = (s, stacks[i], bets[i], contributed[i], folded[i], shown.get(s, ()))
            keys.append(key)
            if same and before[i] == key:
                assert old is not None
                players.append(old.players[i])
                continue
            changed = True
            p = new(PlayerView)
            p.__dict__.update(seat=s, stack=stacks[i], bet=bets[i], in_pot=contributed[i],
                              folded=folded[i], all_in=stacks[i] == 0 and not folded[i],
                              shown=key[5])
            players.append(p)
        self.keys = keys
        self.players = tuple(players) if changed or old is None else old.players
        board = tuple(hand.board)
        self.board = old.board if old is not None and old.board == board else board
        # (the gathered pots move only with the street and the folds: Hand.gathered_pots)
        self.pot_key = pot_key = (hand.street, tuple(folded), hand.over)
        self.pots = (old.pots if old is not None and old.pot_key == pot_key
                     else tuple(hand.gathered_pots()))
        self.histories: dict[int | None, tuple[int, tuple[Event, ...]]] = (
            old.histories if old is not None else {})
        """Each seat's history (and the count of events it covers), extended
        as the hand goes on: a hand's events are only ever added."""

    def history(self, events: list[Event], seat: int | None) -> tuple[Event, ...]:
        count = self.count
        found = self.histories.get(seat)
        if found is not None and found[0] == count:
            return found[1]
        if found is not None and found[0] < count:
            history = found[1] + tuple([_censor(e, seat) for e in events[found[0]:count]])
        else:
            history = tuple([_censor(e, seat) for e in events[:count]])
        self.histories[seat] = (count, history)
        return history


def _shared(hand: Hand) -> _Shared:
    """The parts of every view of ``hand`` as it stands now."""
    count = len(hand.events)
    found: _Shared | None = hand.shared_view
    if found is None or found.count != count:
        found = hand.shared_view = _Shared(hand, count, found)
    return found


def seat_view(hand: Hand, seat: int | None) -> SeatView:
    """The view of ``hand`` for ``seat`` (None: a spectator, who sees only public facts).

    Built once per state of the hand and seat, and the same object when
    asked again (a view holds only immutable values; each change of a hand
    after its deal, :meth:`Hand.apply` or :meth:`Hand.show`, adds an event
    and so makes a new state)."""
    shared = _shared(hand)
    found = shared.views.get(seat)
    if found is not None:
        return found
    if seat is not None:
        hand.index_of(seat)  # KeyError for a seat that is not in the hand
    mine = seat is not None and hand.to_act == seat
    in_hand = seat is not None and hand.in_hand(seat) and not hand.over
    cfg = hand.config
    view = object.__new__(SeatView)  # (the engine's own values: no checks to run)
    view.__dict__.update(
        seat=seat,
        hole=tuple(hand.hole[hand.index_of(seat)]) if seat is not None else (),
        board=shared.board,
        street=hand.street,
        players=shared.players,
        button=hand.seats[-1],
        to_act=hand.to_act,
        pot=hand.pot_total if not hand.over else 0,
        pots=shared.pots,
        to_call=hand.to_call(seat) if in_hand and seat is not None else 0,
        legal_actions=hand.legal_actions() if mine else (),
        min_bet=hand.street_min_bet(),
        big_blind=max(cfg.blinds) if any(cfg.blinds) else cfg.smallest_bet,
        chip_unit=cfg.chip_unit,
        betting=cfg.betting,
        raise_cap=cfg.raise_cap,
        raise_menu=cfg.raise_menu,
        history=shared.history(hand.events, seat),
        over=hand.over,
    )
    shared.views[seat] = view
    return view


# ----------------------------------------------------------------------
# Decision views (issue 38)


class _DecisionCache:
    """What the decision views of one hand hold alike, kept on the hand
    (:attr:`Hand.decision_cache`): each seat's part of the deal (its own
    hole cards, the others' hidden) and the public events since, extended
    as the hand goes on (a hand's events are only ever added, and hole
    cards are dealt only at its start: every later event is public)."""

    __slots__ = ("big_blind", "count", "dead", "deal", "deal_end", "index", "prefixes", "seats",
                 "shown", "tail")

    def __init__(self, hand: Hand) -> None:
        cfg = hand.config
        self.big_blind = max(cfg.blinds) if any(cfg.blinds) else cfg.smallest_bet
        self.dead = hand._setup.dead
        self.index = hand._setup.index
        self.seats = hand.seats
        events = hand.events
        end = 0
        for k, e in enumerate(events):
            if type(e) is HoleCardsDealt:
                end = k + 1
        self.deal_end = self.count = end
        self.deal = tuple(events[:end])
        self.prefixes: dict[int, tuple[Event, ...]] = {}
        self.tail: tuple[Event, ...] = ()
        self.shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        """The cards shown so far, as (seat, cards) pairs."""

    def extend(self, events: list[Event]) -> None:
        count = len(events)
        new = tuple(events[self.count:count])
        self.tail += new
        self.count = count
        for e in new:
            if type(e) is CardsShown:
                self.shown += ((e.seat, e.cards),)

    def prefix(self, seat: int) -> tuple[Event, ...]:
        found = self.prefixes.get(seat)
        if found is None:
            found = self.prefixes[seat] = tuple([_censor(e, seat) for e in self.deal])
        return found


_State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
               tuple[bool, ...], tuple[tuple[int, tuple[Card, ...]], ...],
               tuple[Event, ...], tuple[Event, ...], "tuple[int, ...] | None"]
"""What a decision view's later fields are made from: the seats, stacks,
bets, chips in the pot and folds, the cards shown, the seat's part of the
deal, the public events since, the dead money.  Immutable values only."""


def _player_at(state: _State, i: int) -> PlayerView:
    seats, stacks, bets, contributed, folded, shown = state[:6]
    seat = seats[i]
    cards: tuple[Card, ...] = ()
    for s, c in shown:
        if s == seat:
            cards = c
    p = object.__new__(PlayerView)
    p.__dict__.update(seat=seat, stack=stacks[i], bet=bets[i], in_pot=contributed[i],
                      folded=folded[i], all_in=stacks[i] == 0 and not folded[i], shown=cards)
    return p


def _players(state: _State) -> tuple[PlayerView, ...]:
    return tuple([_player_at(state, i) for i in range(len(state[0]))])


def _pots(state: _State) -> tuple[Pot, ...]:
    seats, _, bets, contributed, folded = state[:5]
    gathered = [c - b for c, b in zip(contributed, bets, strict=True)]
    return tuple([Pot(a, tuple([seats[j] for j in e]))
                  for a, e in pot_levels(gathered, folded, state[8])])


def _history(state: _State) -> tuple[Event, ...]:
    return state[6] + state[7]


_LATER = {"players": _players, "pots": _pots, "history": _history}


class _DecisionView(SeatView):
    """A :class:`SeatView` for one decision: the cheap fields set at once,
    ``players``, ``pots`` and ``history`` made when first read, from values
    taken when the view was made (``_state``: immutable, never the hand), so
    that a view kept and read after the hand moved on still says what it
    said at the decision.  Equal to :func:`seat_view`'s view of the same
    state."""

    def __getattr__(self, name: str) -> Any:
        make = _LATER.get(name)
        state = self.__dict__.get("_state")
        if make is None or state is None:
            raise AttributeError(name)
        value = self.__dict__[name] = make(state)
        return value

    def player(self, seat: int) -> PlayerView:
        """The view of one player (made alone, unless all of them are)."""
        d = self.__dict__
        if "players" in d:
            return SeatView.player(self, seat)
        found: PlayerView | None = d.get("_one")
        if found is not None and found.seat == seat:
            return found
        state: _State = d["_state"]
        try:
            i = state[0].index(seat)
        except ValueError:
            raise KeyError(seat) from None
        found = d["_one"] = _player_at(state, i)
        return found

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    __hash__ = SeatView.__hash__


_FIELDS = tuple(f.name for f in dataclasses.fields(SeatView))


def decision_view(hand: Hand, seat: int) -> SeatView:
    """The view of ``hand`` for ``seat`` when it is that seat's turn, for a
    controller's decision: equal to :func:`seat_view`'s, built for a
    fraction of its cost (issue 38: a computer's turn is a state no member
    is sent).  It holds only immutable values; its players, pots and
    history are made when first read.  When it is not ``seat``'s turn, the
    view of :func:`seat_view`."""
    if hand.over or hand.to_act != seat:
        return seat_view(hand, seat)
    cache: _DecisionCache | None = hand.decision_cache
    if cache is None:
        cache = hand.decision_cache = _DecisionCache(hand)
    events = hand.events
    if cache.count != len(events):
        cache.extend(events)
    i = cache.index[seat]
    stacks, bets = tuple(hand.stacks), tuple(hand.bets)
    contributed = tuple(hand.contributed)
    cfg = hand.config
    prefix = cache.prefixes.get(seat)
    if prefix is None:
        prefix = cache.prefix(seat)
    view = object.__new__(_DecisionView)  # (the engine's own values: no checks to run)
    view.__dict__.update(
        seat=seat,
        hole=tuple(hand.hole[i]),
        board=tuple(hand.board),
        street=hand.street,
        button=hand.seats[-1],
        to_act=seat,
        pot=sum(contributed),
        to_call=min(stacks[i], max(bets) - bets[i]),
        legal_actions=hand.legal_actions(),
        min_bet=hand.street_min_bet(),
        big_blind=cache.big_blind,
        chip_unit=cfg.chip_unit,
        betting=cfg.betting,
        raise_cap=cfg.raise_cap,
        raise_menu=cfg.raise_menu,
        over=False,
        _state=(cache.seats, stacks, bets, contributed, tuple(hand.folded), cache.shown,
                prefix, cache.tail, cache.dead),
    )
    return view
