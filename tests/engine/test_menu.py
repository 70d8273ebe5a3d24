"""A variant that fixes the bet sizes (``raise_sizes = "menu"``, the heads-up
match of seed 004): the engine offers exactly those sizes and refuses any
other amount, in the hand, the session, the PHH replay and for the computer
players."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.ai.baselines import RandomPolicy
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction, LegalAction
from holdem_desktop.engine.amounts import amount_scale
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.phh import BetOrRaiseTo, dumps, loads
from holdem_desktop.engine.replay import RAISE_MENU_FIELD, ReplayError, replay, to_phh
from holdem_desktop.engine.snapshot import hand_from_json, hand_to_json
from holdem_desktop.engine.variant import (
    BettingStructure,
    VariantError,
    parse_variant,
    shipped_variant,
)
from holdem_desktop.engine.views import seat_view
from holdem_desktop.session import HumanController, Session

HEADS_UP_MENU = ("half_pot", "pot", "all_in")


def heads_up_hand(stacks=(100, 100), menu=HEADS_UP_MENU, unit=1, blinds=(2, 1)) -> Hand:
    return Hand(HandConfig(stacks=stacks, blinds=blinds, min_bet=max(blinds), chip_unit=unit,
                           raise_menu=menu, menu_only=True), list(range(52)))


def offers(hand: Hand) -> dict[ActionKind, LegalAction]:
    return {a.kind: a for a in hand.legal_actions()}


def test_the_heads_up_variant_fixes_its_sizes_and_the_others_do_not():
    assert shipped_variant("heads_up").menu_only
    assert not any(shipped_variant(k).menu_only
                   for k in ("tournament", "pot_limit", "fixed_limit", "session"))


def test_raise_sizes_is_checked_in_the_file():
    text = shipped_variant("tournament").source.read_text(encoding="utf-8")
    with pytest.raises(VariantError) as err:
        parse_variant(text.replace("\n[blinds]\n", '\nraise_sizes = "menus"\n[blinds]\n'),
                      "mine.toml")
    assert (err.value.key, err.value.problem) == ("raise_sizes", "unknown_value")
    assert err.value.details["suggestion"] == "menu"


def test_legal_actions_offer_exactly_the_menu_before_the_flop():
    hand = heads_up_hand()
    # The button (small blind) acts: to call 1, pot 3 -> 4 after the call;
    # half pot 2 + 2 = 4, pot 2 + 4 = 6; all-in 100.
    assert hand.legal_actions() == (
        LegalAction(ActionKind.FOLD), LegalAction(ActionKind.CALL, 1, 1),
        LegalAction(ActionKind.RAISE, 4, 6, (4, 6)), LegalAction(ActionKind.ALL_IN, 100, 100))


def test_an_amount_off_the_menu_is_refused_with_the_allowed_sizes():
    hand = heads_up_hand()
    seat = hand.to_act
    for off in (5, 7, 3, 99, 50):
        with pytest.raises(IllegalAction) as err:
            hand.verify(seat, Action.raise_to(off))
        assert err.value.reason == "amount_not_in_menu"
        assert err.value.data == {"amount": off, "allowed": (4, 6), "all_in": 100}
    before = hand_to_json(hand)
    assert not hand.can(seat, Action.raise_to(5))
    assert hand_to_json(hand) == before  # refusing changes nothing
    for on in (Action.raise_to(4), Action.raise_to(6), Action.raise_to(100), Action.all_in()):
        assert hand.can(seat, on), on


def test_a_bet_after_the_flop_is_a_fraction_of_the_pot():
    hand = heads_up_hand()
    hand.apply(hand.to_act, Action.call())
    hand.apply(hand.to_act, Action.check())  # flop, pot 4
    legal = offers(hand)
    assert legal[ActionKind.BET].amounts == (2, 4)
    assert ActionKind.ALL_IN in legal
    with pytest.raises(IllegalAction) as err:
        hand.apply(hand.to_act, Action.bet(3))
    assert err.value.reason == "amount_not_in_menu"
    hand.apply(hand.to_act, Action.bet(4))


def test_sizes_are_rounded_to_the_chip_unit_and_clamped_to_the_minimum():
    # Pot 30 and 20 to call: half pot 20 + 25 = 45 -> 50; the minimum raise is 40.
    hand = Hand(HandConfig(stacks=(1500,) * 3, blinds=(10, 20, 0), min_bet=20, chip_unit=10,
                           raise_menu=("min", "half_pot", "three_quarters_pot"),
                           menu_only=True), list(range(52)))
    assert offers(hand)[ActionKind.RAISE].amounts == (40, 50, 60)
    assert all(a % 10 == 0 for a in offers(hand)[ActionKind.RAISE].amounts)


def test_a_short_stack_is_offered_all_in_alone_when_every_size_reaches_it():
    hand = heads_up_hand(stacks=(100, 3))
    legal = offers(hand)
    assert ActionKind.RAISE not in legal
    assert legal[ActionKind.ALL_IN] == LegalAction(ActionKind.ALL_IN, 3, 3)


def test_a_size_past_the_stack_is_the_all_in_on_the_chooser_too():
    # Button with 5 chips: half pot makes 4, the pot would make 6, past the stack.
    hand = heads_up_hand(stacks=(100, 5), menu=("half_pot", "pot"))
    assert offers(hand)[ActionKind.RAISE].amounts == (4,)
    scale = amount_scale(seat_view(hand, hand.to_act))
    assert [(s.kind, s.to, s.steps) for s in scale] == [
        (ActionKind.RAISE, 4, ("half_pot",)), (ActionKind.ALL_IN, 5, ("pot",))]


def test_pot_limit_with_fixed_sizes_keeps_its_limit():
    hand = Hand(HandConfig(stacks=(1500,) * 3, blinds=(10, 20, 0), min_bet=20, chip_unit=10,
                           betting=BettingStructure.POT_LIMIT, raise_menu=("half_pot", "two_pot"),
                           menu_only=True), list(range(52)))
    legal = offers(hand)
    assert legal[ActionKind.RAISE].amounts == (50, 70)  # two pots clamp to the pot limit 70
    assert ActionKind.ALL_IN not in legal
    with pytest.raises(IllegalAction) as err:
        hand.verify(hand.to_act, Action.raise_to(1500))
    assert err.value.data["all_in"] is None


def test_the_setting_survives_a_snapshot():
    hand = heads_up_hand()
    again = hand_from_json(hand_to_json(hand))
    assert again.config.menu_only and again.legal_actions() == hand.legal_actions()


# --------------------------------------------------------------------------- every offer


def _play_random(hand: Hand, rng: random.Random, check) -> None:
    while not hand.over:
        check(hand)
        legal = hand.legal_actions()
        choice = rng.choice(legal)
        if choice.amounts:
            action = Action(choice.kind, rng.choice(choice.amounts))
        elif choice.kind in (ActionKind.BET, ActionKind.RAISE):
            action = Action(choice.kind, choice.min_amount)
        else:
            action = Action(choice.kind)
        hand.apply(hand.to_act, action)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6),
       menu=st.lists(st.sampled_from(["min", "half_pot", "three_quarters_pot", "pot", "two_pot",
                                      "all_in"]), min_size=1, max_size=6, unique=True),
       unit=st.sampled_from([1, 5, 10]),
       betting=st.sampled_from(list(BettingStructure)))
def test_every_offered_size_is_accepted_and_nothing_between(seed, players, menu, unit, betting):
    rng = random.Random(seed)
    order = ["min", "half_pot", "three_quarters_pot", "pot", "two_pot", "all_in"]
    steps = tuple(sorted(menu, key=order.index))
    stacks = tuple(unit * rng.randint(1, 200) for _ in range(players))
    blinds = (unit, 2 * unit) + (0,) * (players - 2) if players > 2 else (2 * unit, unit)
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand(HandConfig(stacks=stacks, blinds=blinds, min_bet=2 * unit, chip_unit=unit,
                           betting=betting, raise_menu=steps, menu_only=True), deck)

    def check(h: Hand) -> None:
        seat = h.to_act
        legal = {a.kind: a for a in h.legal_actions()}
        for a in legal.values():
            if a.kind in (ActionKind.BET, ActionKind.RAISE):
                assert a.amounts and (a.min_amount, a.max_amount) == (a.amounts[0], a.amounts[-1])
                for to in a.amounts:
                    assert h.can(seat, Action(a.kind, to))
                    assert to % unit == 0
                for to in range(a.min_amount, a.max_amount + 1):
                    if to not in a.amounts and to != legal.get(ActionKind.ALL_IN,
                                                               LegalAction(a.kind)).max_amount:
                        assert not h.can(seat, Action(a.kind, to))
            elif a.kind is ActionKind.ALL_IN:
                assert h.can(seat, Action.all_in())
        # The table's amount chooser offers the same sizes the engine does.
        view = seat_view(h, seat)
        scale = amount_scale(view)
        kind = ActionKind.RAISE if ActionKind.RAISE in legal else ActionKind.BET
        if kind in legal:
            stops = {s.to for s in scale if s.kind is kind}
            assert stops == set(legal[kind].amounts)
        for stop in scale:
            assert h.can(seat, stop.action())

    _play_random(hand, rng, check)


# --------------------------------------------------------------------------- session, PHH, AI


def heads_up_session(seed: int = 1) -> Session:
    return Session(shipped_variant("heads_up"), [("Ann", HumanController()),
                                                  ("Bob", HumanController())],
                   rng=random.Random(seed), clock=lambda: 0.0)


def test_the_session_refuses_an_off_menu_raise_and_plays_on_the_menu():
    s = heads_up_session()
    s.start()
    s.next_hand()
    seat = s.waiting_for
    assert seat is not None
    with pytest.raises(IllegalAction) as err:
        s.submit(seat, Action.raise_to(5))
    assert err.value.reason == "amount_not_in_menu"
    assert err.value.data["allowed"] == (4, 6)
    assert s.waiting_for == seat and not s.hand.actions  # nothing happened
    s.submit(seat, Action.raise_to(6))
    assert s.hand.actions == [(seat, Action.raise_to(6))]


def test_a_heads_up_hand_history_replays_through_the_menu():
    s = heads_up_session()
    s.start()
    s.next_hand()
    s.submit(s.waiting_for, Action.raise_to(6))
    s.submit(s.waiting_for, Action.call())
    while not s.hand.over:
        s.submit(s.waiting_for, Action.check())
    phh = loads(dumps(to_phh(s.hand)))
    assert phh.extra[RAISE_MENU_FIELD] == HEADS_UP_MENU
    assert replay(phh).stacks == s.hand.stacks
    # The same history with an amount the game never allows is refused.
    actions = [BetOrRaiseTo(a.player, 5) if isinstance(a, BetOrRaiseTo) else a
               for a in phh.actions]
    forged = dataclasses.replace(phh, actions=tuple(actions), finishing_stacks=None)
    with pytest.raises(ReplayError) as err:
        replay(forged)
    assert err.value.reason == "amount_not_in_menu"


def test_a_malformed_menu_field_is_refused():
    phh = loads(dumps(to_phh(heads_up_hand())))
    broken = dataclasses.replace(phh, extra={RAISE_MENU_FIELD: ["half", "pot"]})
    with pytest.raises(ReplayError) as err:
        replay(broken)
    assert err.value.reason == "bad_setup"


class Strict:
    """Wraps a computer player: every decision must be legal as it stands."""

    def __init__(self, inner, session_ref: list[Session]) -> None:
        self.inner = inner
        self.ref = session_ref
        self.decisions = 0

    def decide(self, view):
        action = self.inner.decide(view)
        hand = self.ref[0].hand
        assert hand.can(view.seat, action), (action, view.legal_actions)
        self.decisions += 1
        return action


@pytest.mark.parametrize("kind", ["easy", "normal", "hard", "random"])
def test_computer_players_only_bet_the_menu(kind):
    ref: list[Session] = []
    players = [Strict(create_player(kind, random.Random(k)) if kind != "random"
                      else RandomPolicy(random.Random(k)), ref) for k in range(2)]
    s = Session(shipped_variant("heads_up"), [("A", players[0]), ("B", players[1])],
                rng=random.Random(7), clock=lambda: 0.0)
    ref.append(s)
    games = 0
    s.start()
    while games < (2 if kind == "hard" else 6):
        if s.game_over:
            games += 1
            s.new_game()
        s.next_hand()
    assert sum(p.decisions for p in players) > 20
