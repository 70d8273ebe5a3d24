"""Computer players: always legal, repeatable, and blind to what they may not see."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.ai.players import BASELINES, LEVELS, create_player
from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.engine.views import seat_view
from holdem_desktop.session import Session

VARIANTS = ("tournament", "pot_limit", "fixed_limit", "heads_up", "session")


class Checked:
    """Wraps a player: every decision must be one of the legal actions."""

    def __init__(self, player, hand_of) -> None:
        self.player = player
        self.hand_of = hand_of
        self.decisions = 0

    def decide(self, view):
        action = self.player.decide(view)
        hand = self.hand_of()
        assert hand.can(view.seat, action), (action, view.legal_actions)
        self.decisions += 1
        return action


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from(VARIANTS))
def test_every_decision_is_legal_in_every_variant(seed, key):
    variant = shipped_variant(key)
    rng = random.Random(seed)
    n = rng.randint(variant.min_players, min(variant.max_players, 6))
    kinds = [rng.choice(LEVELS + BASELINES) for _ in range(n)]
    holder: list[Session] = []
    players = [(f"P{i}", Checked(create_player(k, random.Random(seed + i)),
                                 lambda: holder[0].hand)) for i, k in enumerate(kinds)]
    session = Session(variant, players, rng=random.Random(seed), clock=lambda: 0.0)
    holder.append(session)
    session.start()
    for _ in range(12):
        if session.game_over:
            session.new_game()
        session.next_hand()
    assert sum(p.decisions for _, p in players) > 0


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decisions(level):
    def play(seed):
        players = [(f"P{i}", create_player(level, random.Random(seed + i))) for i in range(4)]
        s = Session(shipped_variant("tournament"), players, rng=random.Random(seed),
                    clock=lambda: 0.0)
        log: list[object] = []
        s.subscribe(log.append)
        s.start()
        for _ in range(15):
            if s.game_over:
                break
            s.next_hand()
        return log

    assert play(3) == play(3)


def _spot(holes):
    cfg = HandConfig(stacks=(2000, 2000, 2000), blinds=(10, 20, 0), min_bet=20)
    chosen = [c for h in holes for c in parse_cards(h)] + list(parse_cards("Qh7c2h9s3d"))
    deck = chosen + [c for c in range(52) if c not in chosen]
    hand = Hand(cfg, deck)
    hand.apply(2, Action.raise_to(60))
    hand.apply(0, Action.call())
    hand.apply(1, Action.call())
    hand.apply(0, Action.check())
    hand.apply(1, Action.bet(100))
    hand.apply(2, Action.call())
    return hand


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_depend_only_on_what_the_seat_may_see(level):
    # Seat 0 to act on the flop; the other seats' hidden cards differ.
    a = _spot(["AhKh", "5c5d", "JsTs"])
    b = _spot(["AhKh", "8d8s", "6c4c"])
    va, vb = seat_view(a, 0), seat_view(b, 0)
    assert va == vb
    for seed in range(5):
        pa = create_player(level, random.Random(seed))
        pb = create_player(level, random.Random(seed))
        assert pa.decide(va) == pb.decide(vb)


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        create_player("grandmaster", random.Random(1))


def test_characters_have_distinct_names_and_are_seeded():
    from holdem_desktop.ai.character import random_characters

    a = random_characters(random.Random(4), 9)
    assert len({c.name for c in a}) == 9
    assert a == random_characters(random.Random(4), 9)
    assert a != random_characters(random.Random(5), 9)
    assert all(-0.6 <= c.tightness <= 0.6 and 0.5 <= c.bluff <= 1.5 for c in a)
    with pytest.raises(ValueError):
        random_characters(random.Random(1), 30)


@pytest.mark.parametrize("level", LEVELS)
def test_a_tighter_character_plays_fewer_hands(level):
    from holdem_desktop.ai.common import Character
    from holdem_desktop.engine.actions import ActionKind

    def voluntary(tightness: float) -> int:
        rng = random.Random(11)
        player = create_player(level, random.Random(1), Character("T", tightness=tightness))
        played = 0
        for _ in range(600):
            deck = list(range(52))
            rng.shuffle(deck)
            hand = Hand(HandConfig(stacks=(2000,) * 6, blinds=(10, 20, 0, 0, 0, 0),
                                   min_bet=20), deck)
            action = player.decide(seat_view(hand, hand.to_act))
            played += action.kind is not ActionKind.FOLD
        return played

    assert voluntary(1.0) < voluntary(-1.0)


def menu_amounts(view) -> set[int]:
    """The round totals the amount chooser offers in this view (SPEC §5)."""
    from holdem_desktop.engine.actions import ActionKind

    legal = {a.kind: a for a in view.legal_actions}
    kind = ActionKind.BET if ActionKind.BET in legal else ActionKind.RAISE
    if kind not in legal:
        return set()
    a = legal[kind]
    me = view.me
    top = me.bet + view.to_call
    base = view.pot if kind is ActionKind.BET else view.pot + view.to_call
    fractions = {"half_pot": 0.5, "three_quarters_pot": 0.75, "pot": 1.0, "two_pot": 2.0}
    out = {a.min_amount} if "min" in view.raise_menu else set()
    for step in view.raise_menu:
        if step in fractions:
            raw = (fractions[step] * base if kind is ActionKind.BET
                   else top + fractions[step] * base)
            out.add(max(a.min_amount, min(a.max_amount,
                                          round(raw / view.chip_unit) * view.chip_unit)))
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_heads_up_ten_hands_players_bet_only_menu_amounts(level):
    from holdem_desktop.engine.actions import ActionKind

    class MenuChecked:
        def __init__(self, player):
            self.player = player
            self.bets = 0

        def decide(self, view):
            action = self.player.decide(view)
            if action.kind in (ActionKind.BET, ActionKind.RAISE):
                assert action.amount in menu_amounts(view), (action, view.raise_menu)
                self.bets += 1
            return action

    players = [(f"P{i}", MenuChecked(create_player(level, random.Random(i)))) for i in range(2)]
    s = Session(shipped_variant("heads_up"), players, rng=random.Random(7), clock=lambda: 0.0)
    s.start()
    for _ in range(60):
        if s.game_over:
            s.new_game()
        s.next_hand()
    assert s.view(0).raise_menu == ("half_pot", "pot", "all_in")
    assert sum(p.bets for _, p in players) > 0
