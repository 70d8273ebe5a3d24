"""The view a controller decides from (issue 38): :func:`decision_view`
builds only the cheap fields at once and the players, pots and history when
first read.  It must equal the full :func:`seat_view` of the same state,
field by field, at every decision of random hands (antes, dead money, side
pots, all-ins); and a view a controller keeps must still say what it said
at its decision when first read after the hand moved on, holding only
immutable values, never the hand or its lists."""

from __future__ import annotations

import dataclasses
import random
from enum import Enum

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.views import SeatView, decision_view, seat_view

from .hand_helpers import random_action, random_config
from .test_views_shared import fresh_view

FIELDS = tuple(f.name for f in dataclasses.fields(SeatView))


def immutable(value: object) -> bool:
    """Whether ``value`` is made of immutable values only (tuples of ints,
    frozen dataclasses, enums, strings), recursively."""
    if value is None or isinstance(value, (int, str, float, Enum)):
        return True
    if isinstance(value, tuple):
        return all(immutable(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = getattr(type(value), "__dataclass_params__", None)
        return bool(params and params.frozen) and all(
            immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_decision_view_equals_the_full_view_and_keeps_its_state(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand(random_config(rng), rng.sample(range(52), 52))
    kept: list[tuple[SeatView, SeatView, int]] = []
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        view = decision_view(hand, seat)
        # every value it holds, read or not yet, is immutable: no list or
        # dict of the hand, no hand
        assert all(immutable(v) for v in vars(view).values()), vars(view)
        expected = fresh_view(hand, seat)
        if rng.random() < 0.5:  # read now (half), or only after the hand is over
            for name in FIELDS:
                assert getattr(view, name) == getattr(expected, name), name
            assert view.me == expected.me
        kept.append((view, expected, seat))
        hand.apply(seat, random_action(hand.legal_actions(), rng, aggression=0.4))
    for view, expected, seat in kept:  # the hand has moved on, and is over
        for name in FIELDS:
            assert getattr(view, name) == getattr(expected, name), name
        assert view.me == expected.me and view.player(seat) == expected.player(seat)
        assert view == expected and expected == view
        assert view == seat_view_of(expected)


def seat_view_of(view: SeatView) -> SeatView:
    return SeatView(**{name: getattr(view, name) for name in FIELDS})


def test_a_view_read_after_the_hand_moved_on_says_what_it_said_at_its_decision() -> None:
    """The lazy fields first read late: the players' chips, the pots, the
    history as they were at the decision, not as the hand stands now."""
    rng = random.Random(3)
    hand = Hand(random_config(rng, players=6), rng.sample(range(52), 52))
    seat = hand.to_act
    assert seat is not None
    view = decision_view(hand, seat)
    at_decision = fresh_view(hand, seat)
    while not hand.over:
        to_act = hand.to_act
        assert to_act is not None
        hand.apply(to_act, random_action(hand.legal_actions(), rng, aggression=0.5))
    assert len(hand.events) > len(at_decision.history)
    assert view.history == at_decision.history
    assert view.players == at_decision.players
    assert view.pots == at_decision.pots
    assert view.player(seat) == at_decision.player(seat)


def test_not_the_seats_turn_is_the_full_view() -> None:
    rng = random.Random(5)
    hand = Hand(random_config(rng, players=4), rng.sample(range(52), 52))
    other = next(s for s in hand.seats if s != hand.to_act)
    assert decision_view(hand, other) is seat_view(hand, other)
