"""The pots as a dealer gathers them (``Hand.gathered_pots``, a view's
``pots``): the chips of the betting rounds already closed, main pot first,
each side pot with the players who can win it; this round's bets stay in
front of the players until the round ends.  What a player asks for with P
and what the felt shows beside the total (``pot``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.views import seat_view

from .hand_helpers import random_action, random_config, stacked_deck


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32))
def test_property_the_gathered_pots_are_the_closed_rounds_chips(seed: int) -> None:
    """At every state of a random hand (antes, dead blinds, short all-ins):
    the gathered pots hold exactly what was put in but this round's bets;
    at a street's first state (no bets yet) they are the pots of all the
    chips in; within a street their amounts never change and only a fold
    takes a player out of them; a pot's players are still in the hand, and
    each side pot's are among the pot's before it; none once the hand is over."""
    rng = random.Random(seed)
    hand = Hand(random_config(rng), rng.sample(range(52), 52))
    street, before = None, None
    while True:
        pots = hand.gathered_pots()
        if hand.over:
            assert pots == []
            break
        assert sum(p.amount for p in pots) == sum(hand.contributed) - sum(hand.bets)
        if not any(hand.bets):
            assert pots == hand.pots()
        live = {s for s in hand.seats if hand.in_hand(s)}
        for k, pot in enumerate(pots):
            assert pot.amount > 0 and set(pot.eligible) <= live, (pot, live)
            if k:
                assert set(pot.eligible) <= set(pots[k - 1].eligible)
        if hand.street == street and before is not None:
            assert [p.amount for p in pots] == [p.amount for p in before]
            for now, then in zip(pots, before, strict=True):
                assert set(now.eligible) == set(then.eligible) & live
        street, before = hand.street, pots
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, random_action(hand.legal_actions(), rng, aggression=0.5))


def test_an_all_in_makes_a_side_pot_when_the_round_closes() -> None:
    """Ann (seat 0) goes all-in for 50 before the flop; Bo and Cy call and
    raise on: while the round goes on nothing is gathered, once the flop is
    dealt the main pot is 150 (all three) and the side pot what Bo and Cy
    put in above 50, theirs alone; the view shows the same, and Bo's bet on
    the flop stays out of them (in the total) until that round closes."""
    cfg = HandConfig(stacks=(50, 1000, 1000), blinds=(5, 10, 0), min_bet=10)
    hand = Hand(cfg, stacked_deck(["AhAd", "7c2d", "KsKd"], "Ac 9s 4c 3h 8d"))
    hand.apply(2, Action.raise_to(30))   # Cy, the button acts first with three
    hand.apply(0, Action.all_in())       # Ann, 50 in all
    assert hand.gathered_pots() == []    # nothing gathered before the flop
    hand.apply(1, Action.raise_to(200))  # Bo
    hand.apply(2, Action.call())         # Cy
    assert hand.street.name == "FLOP"
    pots = [(p.amount, p.eligible) for p in hand.gathered_pots()]
    assert pots == [(150, (0, 1, 2)), (300, (1, 2))]
    view = seat_view(hand, 0)
    assert [(p.amount, p.eligible) for p in view.pots] == pots and view.pot == 450
    hand.apply(1, Action.bet(100))       # Bo bets on the flop: still in front of him
    assert [(p.amount, p.eligible) for p in seat_view(hand, 0).pots] == pots
    assert seat_view(hand, 0).pot == 550
