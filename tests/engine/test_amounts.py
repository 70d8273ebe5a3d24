"""The amount scale of SPEC §5 on a table of examples."""

from __future__ import annotations

from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.amounts import amount_scale, start_index
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.variant import BettingStructure
from holdem_desktop.engine.views import seat_view


def stops(hand: Hand):
    scale = amount_scale(seat_view(hand, hand.to_act))
    return [(s.kind.value, s.to) for s in scale], scale


def test_preflop_raise_fractions_are_of_the_pot_after_the_call():
    hand = Hand(HandConfig(stacks=(1500,) * 3, blinds=(10, 20, 0), min_bet=20, chip_unit=10),
                list(range(52)))
    got, scale = stops(hand)
    # To call 20, pot 30 -> 50 after the call: half 20+25=45 -> 50, 3/4 -> 57.5 -> 60,
    # pot 70, twice the pot 120; minimum raise to 40.
    assert got == [("raise", 40), ("raise", 50), ("raise", 60), ("raise", 70), ("raise", 120)]
    assert start_index(scale) == 1 and scale[1].step == "half_pot"


def test_flop_bet_fractions_of_the_pot():
    hand = Hand(HandConfig(stacks=(1500,) * 2, blinds=(20, 10), min_bet=20, chip_unit=10),
                list(range(52)))
    hand.apply(1, Action.raise_to(50))
    hand.apply(0, Action.call())  # pot 100
    got, _ = stops(hand)
    assert got == [("bet", 20), ("bet", 50), ("bet", 80), ("bet", 100), ("bet", 200)]


def test_short_stack_clamps_to_all_in_and_merges_stops():
    hand = Hand(HandConfig(stacks=(1500, 110), blinds=(20, 10), min_bet=20, chip_unit=10),
                list(range(52)))
    hand.apply(1, Action.raise_to(50))
    hand.apply(0, Action.call())  # pot 100, seat 1 has 60 behind
    hand.apply(0, Action.check())
    got, scale = stops(hand)
    assert got == [("bet", 20), ("bet", 50), ("all_in", 60)]
    assert scale[-1].steps == ("three_quarters_pot", "pot", "two_pot")


def test_pot_limit_tops_out_at_the_pot():
    hand = Hand(HandConfig(stacks=(1500,) * 3, blinds=(10, 20, 0), min_bet=20, chip_unit=10,
                           betting=BettingStructure.POT_LIMIT), list(range(52)))
    got, scale = stops(hand)
    assert got == [("raise", 40), ("raise", 50), ("raise", 60), ("raise", 70)]
    assert scale[-1].steps == ("pot", "two_pot")


def test_heads_up_menu_half_pot_pot_all_in():
    hand = Hand(HandConfig(stacks=(100, 100), blinds=(2, 1), min_bet=2, chip_unit=1,
                           raise_menu=("half_pot", "pot", "all_in")), list(range(52)))
    got, scale = stops(hand)
    # Button to act: to call 1, pot 3 -> 4 after the call: half 2+2=4, pot 2+4=6.
    assert got == [("raise", 4), ("raise", 6), ("all_in", 100)]
    assert start_index(scale) == 0


def test_no_scale_when_raising_is_not_allowed():
    hand = Hand(HandConfig(stacks=(1000, 150, 1000), blinds=(0, 0, 0), min_bet=20),
                list(range(52)))
    hand.apply(0, Action.bet(100))
    hand.apply(1, Action.all_in())
    hand.apply(2, Action.call())
    assert amount_scale(seat_view(hand, 0)) == ()  # a short all-in did not reopen it
    assert amount_scale(seat_view(hand, 1)) == ()  # not this seat's turn
    assert {a.kind for a in hand.legal_actions()} == {ActionKind.FOLD, ActionKind.CALL}
