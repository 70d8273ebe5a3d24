"""Whole tournaments played through the engine: each table's hands dealt
from the tournament's layout (``tournament/hands.py``), random legal play,
the stacks reported back.  What the players post is what the tournament
laid out, nobody posts the big blind twice without a small blind between,
and the chips are conserved to the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from holdem_desktop.engine.events import BlindPosted, DeadBlindPosted
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.variant import BlindSchedule, load_variant
from holdem_desktop.tournament import Structure, Tournament
from holdem_desktop.tournament.hands import hand_config
from tests.clock import Clock
from tests.engine.hand_helpers import random_action

VARIANT = load_variant(Path(__file__).parents[2] / "holdem_desktop" / "variants"
                       / "tournament.toml")


def play_hand(hand: Hand, rng: random.Random) -> None:
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, random_action(hand.legal_actions(), rng, aggression=0.04,
                                               unit=VARIANT.chip_unit))


@pytest.mark.parametrize(("entrants", "seats", "seed"), [(40, 6, 1), (23, 9, 2), (12, 3, 3)])
def test_whole_tournaments_through_the_engine_post_the_blinds_laid_out(entrants, seats, seed):
    rng = random.Random(seed)
    clock = Clock(0.0)
    schedule = BlindSchedule(VARIANT.schedule.levels, minutes_per_level=2, after_last="double")
    t = Tournament(Structure(players=entrants, starting_stack=VARIANT.starting_stack,
                             schedule=schedule, seats_per_table=seats),
                   rng=random.Random(seed), clock=clock)
    for i in range(entrants):
        t.register(f"p{i}")
    total = entrants * VARIANT.starting_stack
    last: dict[str, str] = {}  # the kind of the last blind each player posted
    dead_posted = no_small = 0
    while t.state == "running":
        clock.now += 20.0
        number = rng.choice(sorted(t.tables))
        deal = t.deal(number)
        if deal is None:
            continue
        hand = Hand(hand_config(deal, VARIANT), [*rng.sample(range(52), 52)])
        posted = {e.seat: e.kind for e in hand.events if type(e) is BlindPosted}
        dead = {e.seat for e in hand.events if isinstance(e, DeadBlindPosted)}
        expected = {deal.big_blind: 1} | ({} if deal.small_blind is None
                                          else {deal.small_blind: 0})
        assert posted == expected  # (no ante: every player dealt in has chips for a blind)
        chips = {s: c for s, _, c in deal.seats}
        live = {s: deal.blinds.big if kind else deal.blinds.small for s, kind in expected.items()}
        # the dead small blind after the live blind: a stack the live one takes owes nothing more
        assert dead == {s for s in deal.dead_small if chips[s] > live.get(s, 0)}
        for seat in dead:  # the small blind missed, before any blind of this hand
            last[deal.player(seat)] = "S"
        for seat, kind in posted.items():
            player = deal.player(seat)
            assert kind == 0 or last.get(player) != "B", f"{player} posts the big blind twice"
            last[player] = "SB"[kind]
        dead_posted += len(dead)
        no_small += deal.small_blind is None
        play_hand(hand, rng)
        t.hand_ended(number, {deal.player(s): c for s, c in zip(hand.seats, hand.stacks,
                                                               strict=True)})
        assert sum(t.chips[p] for p in t.where) == total
    assert t.state == "over" and sorted(t.places.values())[0] == 1
    assert len(t.places) == entrants
    assert dead_posted and no_small  # (these seeds) both kinds of dead blind were dealt
