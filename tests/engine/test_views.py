"""A seat's view: everything it may know and nothing more, with no way back
to the hand."""

from __future__ import annotations

import dataclasses
import enum
import random

from holdem_desktop.engine.actions import Action, LegalAction
from holdem_desktop.engine.cards import Card
from holdem_desktop.engine.evaluator import HandValue
from holdem_desktop.engine.events import Event, HoleCardsDealt
from holdem_desktop.engine.hand import Hand, HandConfig, Pot
from holdem_desktop.engine.views import PlayerView, SeatView, seat_view

from .hand_helpers import random_action, stacked_deck

VALUE_TYPES = (SeatView, PlayerView, Pot, LegalAction, Event, HandValue)


def walk(obj, path="view"):
    """Every object reachable from a view is an immutable value."""
    if obj is None or isinstance(obj, (bool, int, str, float, enum.Enum, Card)):
        return
    if isinstance(obj, tuple):
        for k, x in enumerate(obj):
            walk(x, f"{path}[{k}]")
        return
    assert isinstance(obj, VALUE_TYPES), f"{path} is a {type(obj).__name__}"
    assert dataclasses.is_dataclass(obj) and type(obj).__dataclass_params__.frozen, path
    for f in dataclasses.fields(obj):
        walk(getattr(obj, f.name), f"{path}.{f.name}")


def new_hand(holes=("AhKd", "AsKc", "7c2d")):
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20, seats=(4, 5, 6))
    return Hand(cfg, stacked_deck(list(holes), "Qh Jd 9s 4c 3h"))


def test_view_holds_only_immutable_values_and_no_engine_object():
    hand = new_hand()
    hand.apply(6, Action.call())
    for seat in (4, 5, 6, None):
        view = seat_view(hand, seat)
        walk(view)
        assert not any(isinstance(getattr(view, f.name), Hand) for f in dataclasses.fields(view))


def test_own_cards_only():
    hand = new_hand()
    view = seat_view(hand, 5)
    assert [str(c) for c in view.hole] == ["As", "Kc"]
    dealt = [e for e in view.history if isinstance(e, HoleCardsDealt)]
    assert {e.seat: len(e.cards) for e in dealt} == {4: 0, 5: 2, 6: 0}
    assert all(p.shown == () for p in view.players)
    spectator = seat_view(hand, None)
    assert spectator.hole == () and all(not e.cards for e in spectator.history
                                        if isinstance(e, HoleCardsDealt))


def test_swapping_hidden_cards_changes_nothing_a_seat_sees():
    a = new_hand(("AhKd", "AsKc", "7c2d"))
    b = new_hand(("2h4h", "AsKc", "8d8c"))
    for hand in (a, b):
        hand.apply(6, Action.call())
        hand.apply(4, Action.call())
    assert seat_view(a, 5) == seat_view(b, 5)
    assert seat_view(a, 4) != seat_view(b, 4)


def test_legal_actions_only_on_your_turn_and_shown_cards_become_public():
    hand = new_hand()
    assert seat_view(hand, 6).legal_actions == hand.legal_actions()
    assert seat_view(hand, 4).legal_actions == ()
    assert seat_view(hand, 4).to_call == 10 and seat_view(hand, 5).to_call == 0
    hand.apply(6, Action.all_in())
    hand.apply(4, Action.all_in())
    hand.apply(5, Action.fold())
    view = seat_view(hand, 5)
    assert view.over and view.player(6).shown and view.player(4).shown
    assert view.player(5).shown == ()


def test_random_hands_views_never_leak():
    rng = random.Random(3)
    for _ in range(200):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = Hand(HandConfig(stacks=(500, 800, 300, 900), blinds=(5, 10, 0, 0), min_bet=10),
                    deck)
        while not hand.over:
            seat = hand.to_act
            for other in hand.seats:
                v = seat_view(hand, other)
                hidden = {c for s in hand.seats if s != other
                          for c in hand.hole[hand.index_of(s)]}
                seen = set(v.hole) | set(v.board)
                for e in v.history:
                    seen |= set(getattr(e, "cards", ()))
                assert not hidden & seen
            hand.apply(seat, random_action(hand.legal_actions(), rng))
