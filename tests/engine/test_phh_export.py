"""Writing engine hands as PHH (``to_phh``): our replay and pokerkit's read
them back to the same hand."""

from __future__ import annotations

import dataclasses
import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.events import ActionTaken
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.phh import (
    BETTING_FIELD,
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    PhhError,
    ShowOrMuck,
    dumps,
    format_action,
    loads,
)
from holdem_desktop.engine.replay import (
    CHIP_UNIT_FIELD,
    RAISE_CAP_FIELD,
    SEATS_FIELD,
    ReplayError,
    hand_config,
    replay,
    to_phh,
)
from holdem_desktop.engine.variant import BettingStructure

from .hand_helpers import dealt_randomly, random_action, random_config, stacked_deck

BETTINGS = (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.FIXED_LIMIT)


def random_hand(seed: int, betting: BettingStructure, *, chip_units: bool = True) -> Hand:
    """A seeded random hand played to the end: 2–10 players, uneven stacks,
    sometimes antes, seat ids other than 0..n-1 and (with ``chip_units``) a
    chip unit of 5; fixed-limit with three raises allowed after the opening bet."""
    rng = random.Random(seed)
    unit = 5 if chip_units and rng.random() < 0.2 else 1
    cfg = random_config(rng, unit=unit)
    seats: tuple[int, ...] = ()
    if rng.random() < 0.3:
        seats = tuple(rng.sample(range(10, 40), len(cfg.stacks)))
    cfg = dataclasses.replace(cfg, betting=betting, seats=seats,
                              raise_cap=3 if betting is BettingStructure.FIXED_LIMIT else None)
    return dealt_randomly(cfg, rng, unit=unit)


def pokerkit_stacks(text: str) -> list[int]:
    """Finishing stacks of a PHH document as pokerkit replays it."""
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test extra")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(list(pokerkit.HandHistory.loads(text))[-1].stacks)


def not_actions(hand: Hand) -> list[object]:
    """The events other than the players' actions (an all-in call replays
    as a call: the same chips, but another kind)."""
    return [e for e in hand.events if not isinstance(e, ActionTaken)]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(BETTINGS))
def test_property_export_replays_to_the_same_hand(seed, betting):
    hand = random_hand(seed, betting)
    phh = to_phh(hand)
    assert phh.finishing_stacks == tuple(hand.stacks)
    assert loads(dumps(phh)) == phh
    again = replay(phh)
    assert again.stacks == hand.stacks and again.seats == hand.seats
    assert again.config.raise_cap == hand.config.raise_cap
    assert not_actions(again) == not_actions(hand)
    assert to_phh(again) == phh


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(BETTINGS))
def test_property_pokerkit_replays_exports_to_the_same_stacks(seed, betting):
    """No-limit is the PHH pokerkit knows; pot-limit (read by pokerkit as
    no-limit, which allows every pot-limit action) and fixed-limit with three
    raises (pokerkit allows four) must come out the same as well.  pokerkit
    has no chip unit (it splits odd chips one by one), so the unit is 1."""
    hand = random_hand(seed, betting, chip_units=False)
    assert pokerkit_stacks(dumps(to_phh(hand))) == hand.stacks


def test_heads_up_blinds_and_antes_are_written_small_blind_first():
    # Playing order heads-up: index 0 the big blind, index 1 the button (small blind).
    cfg = HandConfig(stacks=(200, 150), blinds=(10, 5), antes=(3, 0), min_bet=10)
    hand = Hand(cfg, stacked_deck(["AhKh", "7c2d"], "Qh Jd 9s 4c 3h"))
    hand.apply(1, Action.raise_to(30))
    hand.apply(0, Action.call())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(10))
    hand.apply(0, Action.fold())
    text = dumps(to_phh(hand, players=("Bea", "Ann"), hand_number=7, table="T1"))
    assert text == (
        "variant = 'NT'\n"
        "antes = [0, 3]\n"
        "blinds_or_straddles = [5, 10]\n"
        "min_bet = 10\n"
        "starting_stacks = [200, 150]\n"
        "actions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 30', 'p1 cc', 'd db QhJd9s', "
        "'p1 cc', 'p2 cbr 10', 'p1 f']\n"
        "hand = 7\n"
        "table = 'T1'\n"
        "players = ['Bea', 'Ann']\n"
        "finishing_stacks = [167, 183]\n"
    )
    assert hand.stacks == [167, 183]
    assert hand_config(loads(text)) == cfg
    assert replay(loads(text)).stacks == hand.stacks
    assert pokerkit_stacks(text) == hand.stacks


def test_all_in_run_out_shows_before_the_rest_of_the_board():
    cfg = HandConfig(stacks=(100, 300, 300), blinds=(5, 10, 0), min_bet=10)
    hand = Hand(cfg, stacked_deck(["AhAd", "KcKd", "7c2d"], "Qh Jd 9s 4c 3h"))
    hand.apply(2, Action.fold())
    hand.apply(0, Action.all_in())  # a raise to 100
    hand.apply(1, Action.call())  # the big blind has chips left, but nobody to bet against
    assert hand.over
    phh = to_phh(hand)
    assert [format_action(a) for a in phh.actions] == [
        "d dh p1 AhAd", "d dh p2 KcKd", "d dh p3 7c2d", "p3 f", "p1 cbr 100", "p2 cc",
        "p1 sm AhAd", "p2 sm KcKd", "d db QhJd9s", "d db 4c", "d db 3h",
    ]
    assert phh.finishing_stacks == (200, 200, 300)
    assert replay(phh).stacks == hand.stacks
    assert pokerkit_stacks(dumps(phh)) == hand.stacks


def test_an_all_in_that_only_calls_is_a_call():
    cfg = HandConfig(stacks=(500, 40, 500), blinds=(5, 10, 0), min_bet=10)
    hand = Hand(cfg, stacked_deck(["AhAd", "KcKd", "7c2d"], "Qh Jd 9s 4c 3h"))
    hand.apply(2, Action.raise_to(100))
    hand.apply(0, Action.call())
    hand.apply(1, Action.all_in())  # 40 cannot cover 100: a call
    actions = to_phh(hand).actions
    assert actions[3:6] == (BetOrRaiseTo(2, 100), CheckOrCall(0), CheckOrCall(1))
    assert isinstance(actions[6], DealBoard)  # the two with chips play on


def test_pot_limit_hand():
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(5, 10, 0), min_bet=10,
                     betting=BettingStructure.POT_LIMIT)
    hand = Hand(cfg, stacked_deck(["AhAd", "KcKd", "7c2d"], "Qh Jd 9s 4c 3h"))
    hand.apply(2, Action.raise_to(35))  # the pot: 15 + a 10 call + 10
    hand.apply(0, Action.raise_to(115))  # 35 + (50 in the pot + the 30 call)
    hand.apply(1, Action.fold())
    hand.apply(2, Action.call())
    hand.apply(0, Action.bet(240))  # the pot after the flop
    hand.apply(2, Action.fold())
    phh = to_phh(hand)
    text = dumps(phh)
    assert phh.variant == "NT" and phh.betting == "pot-limit"
    assert f"{BETTING_FIELD} = 'pot-limit'\n" in text
    assert "'p3 cbr 35', 'p1 cbr 115', 'p2 f', 'p3 cc', 'd db QhJd9s', 'p1 cbr 240', 'p3 f'" \
        in text
    assert phh.finishing_stacks == (1125, 990, 885)
    assert hand_config(loads(text)) == cfg
    again = replay(loads(text))
    assert again.config.betting is BettingStructure.POT_LIMIT and again.stacks == hand.stacks
    # A raise above the pot in the same file is refused by our replay.
    with pytest.raises(ReplayError) as err:
        replay(loads(text.replace("'p1 cbr 115'", "'p1 cbr 116'")))
    assert err.value.reason == "amount_above_max"


def test_fixed_limit_fields_and_raise_cap():
    cfg = HandConfig(stacks=(500, 500, 500), blinds=(5, 10, 0), min_bet=10, raise_cap=3,
                     betting=BettingStructure.FIXED_LIMIT)
    hand = Hand(cfg, stacked_deck(["AhAd", "KcKd", "7c2d"], "Qh Jd 9s 4c 3h"))
    for seat, to in ((2, 20), (0, 30), (1, 40)):
        hand.apply(seat, Action.raise_to(to))
    assert "raise" not in {a.kind.value for a in hand.legal_actions()}  # capped
    phh = to_phh(hand)
    assert (phh.variant, phh.min_bet, phh.small_bet, phh.big_bet) == ("FT", 10, 10, 20)
    assert phh.extra == {RAISE_CAP_FIELD: 3} and phh.finishing_stacks is None
    text = dumps(phh)
    assert "min_bet" not in text and "small_bet = 10\nbig_bet = 20\n" in text
    assert f"{RAISE_CAP_FIELD} = 3\n" in text
    read = hand_config(loads(text))
    assert read.raise_cap == 3 and read.big_bet == 20 and read.betting is cfg.betting
    no_cap = text.replace(f"{RAISE_CAP_FIELD} = 3\n", "")
    assert hand_config(loads(no_cap)).raise_cap is None


def test_seat_ids_and_chip_unit_go_in_user_fields():
    cfg = HandConfig(stacks=(100, 100, 100), blinds=(5, 10, 0), min_bet=10, chip_unit=5,
                     seats=(4, 7, 2))
    hand = Hand(cfg, stacked_deck(["AhAd", "KcKd", "7c2d"]))
    hand.apply(2, Action.fold())
    hand.apply(4, Action.fold())
    phh = to_phh(hand)
    assert phh.extra == {SEATS_FIELD: (4, 7, 2), CHIP_UNIT_FIELD: 5}
    assert [format_action(a) for a in phh.actions][3:] == ["p3 f", "p1 f"]
    again = replay(loads(dumps(phh)))
    assert again.seats == (4, 7, 2) and again.config.chip_unit == 5
    assert again.stacks == hand.stacks == [95, 105, 100]
    plain = to_phh(Hand(dataclasses.replace(cfg, seats=(0, 1, 2), chip_unit=1),
                        list(range(52))))
    assert plain.extra == {}


@pytest.mark.parametrize(("field", "value"), [
    (RAISE_CAP_FIELD, "'3'"), (RAISE_CAP_FIELD, "-1"), (SEATS_FIELD, "[1, 1]"),
    (SEATS_FIELD, "[1]"), (CHIP_UNIT_FIELD, "0"),
])
def test_malformed_user_fields_are_refused(field, value):
    text = dumps(to_phh(Hand(HandConfig(stacks=(100, 100), blinds=(10, 5)), list(range(52)))))
    bad = loads(text + f"{field} = {value}\n")
    with pytest.raises(PhhError):
        hand_config(bad)
    with pytest.raises(ReplayError) as err:
        replay(bad)
    assert err.value.reason == "bad_setup"


def test_an_unfinished_hand_exports_the_actions_so_far():
    rng = random.Random(11)
    cfg = HandConfig(stacks=(300, 300, 300, 300), blinds=(5, 10, 0, 0), min_bet=10)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand(cfg, deck)
    partial = [to_phh(hand)]
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, random_action(hand.legal_actions(), rng))
        partial.append(to_phh(hand))
    final = partial.pop()
    assert final.finishing_stacks is not None
    for phh in partial:
        assert phh.finishing_stacks is None
        assert final.actions[:len(phh.actions)] == phh.actions
        assert loads(dumps(phh)) == phh
        with pytest.raises(ReplayError) as err:
            replay(phh)
        assert err.value.reason == "unfinished"


def test_shows_at_the_river_name_every_hand_still_in():
    cfg = HandConfig(stacks=(100, 100, 100), blinds=(5, 10, 0), min_bet=10)
    hand = Hand(cfg, stacked_deck(["AhAd", "KcKd", "7c2d"], "Qh Jd 9s 4c 3h"))
    hand.apply(2, Action.call())
    hand.apply(0, Action.call())
    hand.apply(1, Action.check())
    for _ in range(3):  # flop, turn, river: checked through
        for seat in (0, 1, 2):
            hand.apply(seat, Action.check())
    shows = [a for a in to_phh(hand).actions if isinstance(a, ShowOrMuck)]
    assert [(s.player, s.cards) for s in shows] == [
        (0, parse_cards("AhAd")), (1, parse_cards("KcKd")), (2, parse_cards("7c2d"))]
