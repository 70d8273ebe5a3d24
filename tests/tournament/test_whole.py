"""Whole tournaments on random registrations, stacks and busts (hypothesis),
every rule checked after every step by tests/tournament/sim.py."""

from __future__ import annotations

import random

from hypothesis import event, given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.variant import BlindLevel, BlindSchedule
from holdem_desktop.tournament import Structure, Tournament
from tests.clock import Clock

from .sim import Sim

SCHEDULE = BlindSchedule((BlindLevel((10, 20)), BlindLevel((20, 40)), BlindLevel((50, 100), 10)),
                         minutes_per_level=5, after_last="double")


def play(entrants: int, seats: int, seed: int, scheduled: bool, reload_every: int = 0) -> Sim:
    clock = Clock(0.0)
    structure = Structure(players=entrants + (3 if scheduled else 0), starting_stack=1000,
                          schedule=SCHEDULE, seats_per_table=seats,
                          start_at=60.0 if scheduled else None, min_players=2)
    rng = random.Random(seed)
    tournament = Tournament(structure, rng=random.Random(seed + 1), clock=clock)
    sim = Sim(tournament, rng)
    names = [f"p{i}" for i in range(entrants + 2)]
    rng.shuffle(names)
    for name in names[:entrants]:
        tournament.register(name)
    if scheduled:  # two change their minds before the start
        for name in names[entrants:]:
            tournament.register(name)
            tournament.unregister(name)
        assert tournament.state == "registering"
        clock.now = 60.0
        tournament.tick()
    assert tournament.state == "running"
    assert len(tournament.chips) == entrants
    sim.run(clock, reload_every=reload_every)
    return sim


@settings(max_examples=200, deadline=None)
@given(entrants=st.integers(2, 12) | st.integers(13, 300) | st.integers(13, 300),
       seats=st.integers(3, 10), seed=st.integers(0, 2**32), scheduled=st.booleans())
def test_whole_tournaments_keep_every_rule(entrants, seats, seed, scheduled):
    sim = play(entrants, seats, seed, scheduled)
    assert len(sim.tournament.places) == entrants
    assert len(sim.finals) == 1 and sim.finals[0] <= seats
    event(f"tables at the start: {'one' if entrants <= seats else 'several'}")
    event(f"moves to balance: {'none' if not sim.balancing else 'some'}; breaks: "
          f"{'none' if not sim.breaks else 'some'}")
    most = sim.max_out_at_once
    event(f"most players out at once: {min(most, 3)}{'+' * (most > 3)}")
    event(f"places shared: {any(o.shared for g in sim.outs for o in g)}")
    event(f"blind levels reached: {min(len(sim.levels), 4)}")
    event(f"dead small blinds posted: {'none' if not sim.dead_smalls else 'some'}")


@settings(max_examples=40, deadline=None)
@given(entrants=st.integers(2, 60), seats=st.integers(3, 10), seed=st.integers(0, 2**32),
       every=st.integers(1, 9))
def test_a_tournament_saved_and_read_back_plays_on_by_every_rule(entrants, seats, seed, every):
    sim = play(entrants, seats, seed, False, reload_every=every)
    assert len(sim.tournament.places) == entrants
    # reading back changes nothing: the same seed ends in the same places
    assert sim.tournament.places == play(entrants, seats, seed, False).tournament.places
