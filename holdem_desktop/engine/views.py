"""What one seat may know: :class:`SeatView`.

A view is built from a hand for one seat (or for a spectator) and holds only
immutable values — its own hole cards, the public state, the public history
and, on its turn, the legal actions — never a reference back to the hand.
Other players' hole cards appear only once they are shown.  Computer
players decide from a view alone; the network sends each client its view.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .actions import LegalAction
from .cards import Card
from .events import CardsShown, Event, HoleCardsDealt, Street
from .hand import Hand, Pot
from .variant import BettingStructure

__all__ = ["PlayerView", "SeatView", "hidden_cards", "seat_view"]


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


def seat_view(hand: Hand, seat: int | None) -> SeatView:
    """The view of ``hand`` for ``seat`` (None: a spectator, who sees only public facts)."""
    if seat is not None:
        hand.index_of(seat)  # KeyError for a seat that is not in the hand
    shown: dict[int, tuple[Card, ...]] = {}
    for e in hand.events:
        if isinstance(e, CardsShown):
            shown[e.seat] = e.cards
    players = tuple(
        PlayerView(
            seat=s,
            stack=hand.stacks[i],
            bet=hand.bets[i],
            in_pot=hand.contributed[i],
            folded=hand.folded[i],
            all_in=hand.stacks[i] == 0 and not hand.folded[i],
            shown=shown.get(s, ()),
        )
        for i, s in enumerate(hand.seats)
    )
    mine = seat is not None and hand.to_act == seat
    in_hand = seat is not None and hand.in_hand(seat) and not hand.over
    cfg = hand.config
    return SeatView(
        seat=seat,
        hole=tuple(hand.hole[hand.index_of(seat)]) if seat is not None else (),
        board=tuple(hand.board),
        street=hand.street,
        players=players,
        button=hand.seats[-1],
        to_act=hand.to_act,
        pot=hand.pot_total if not hand.over else 0,
        pots=tuple(hand.pots()) if not hand.over else (),
        to_call=hand.to_call(seat) if in_hand and seat is not None else 0,
        legal_actions=hand.legal_actions() if mine else (),
        min_bet=hand.street_min_bet(),
        big_blind=max(cfg.blinds) if any(cfg.blinds) else cfg.smallest_bet,
        chip_unit=cfg.chip_unit,
        betting=cfg.betting,
        raise_cap=cfg.raise_cap,
        raise_menu=cfg.raise_menu,
        history=tuple(_censor(e, seat) for e in hand.events),
        over=hand.over,
    )
