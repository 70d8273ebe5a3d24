"""The tournaments a server offers (server/tournaments.py): listed with
their structure, registration and its withdrawal until the start, a
sit-and-go starting at N and the next one opened, computers filling the
seats left after the wait, a scheduled start, and all of it read back
after a restart."""

from __future__ import annotations

import json
import random

import pytest

from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name
from holdem_desktop.tournament import TournamentError
from tests.clock import Clock

SNG = Offer("Six at two tables", "tournament", players=6, seats_per_table=3, speed="turbo",
            computers_after=60.0)
SCHEDULED = Offer("Sunday", "pot_limit", players=50, start_at=3600.0, min_players=3)


def desk(clock: Clock) -> TournamentDesk:
    return TournamentDesk([SNG, SCHEDULED], shipped_variants(), clock=clock,
                          rng=random.Random(1))


def test_the_lobby_lists_each_tournament_with_its_structure():
    d = desk(Clock(0.0))
    sng, sunday = d.listing()
    assert (sng.name, sng.variant, sng.starting_stack, sng.speed, sng.minutes_per_level,
            sng.seats_per_table, sng.registered, sng.players, sng.start, sng.state) == (
        "Six at two tables", "tournament", 1500, "turbo", 5, 3, 0, 6, None, "registering")
    assert (sunday.variant, sunday.minutes_per_level, sunday.seats_per_table,
            sunday.start) == ("pot_limit", 10, 9, 3600)


def test_registering_until_the_start_and_the_next_sit_and_go_opens():
    d = desk(Clock(0.0))
    key = d.listing()[0].id
    for name in ("Ada", "Bo", "Cy", "Di", "Ed"):
        d.register(key, name)
    d.unregister(key, "Bo")
    with pytest.raises(TournamentError) as refused:
        d.register(key, "Ada")
    assert refused.value.reason == "registered"
    with pytest.raises(TournamentError) as refused:
        d.register(key, computer_name(1))
    assert refused.value.reason == "name"
    with pytest.raises(TournamentError) as refused:
        d.register("t99", "Ada")
    assert refused.value.reason == "no_tournament"
    assert d.listing()[0].registered == 4
    d.register(key, "Bo")
    d.register(key, "Fay")  # six: it starts
    t = d.tournament(key)
    assert t.state == "running" and len(t.tables) == 2
    with pytest.raises(TournamentError) as refused:
        d.unregister(key, "Fay")
    assert refused.value.reason == "closed"
    listed = d.listing()
    assert [x.state for x in listed if x.name == SNG.name] == ["registering", "running"]
    assert listed[0].registered == 0 and listed[0].id != key  # the next one, empty


def test_computers_fill_a_sit_and_go_after_the_wait_and_a_scheduled_one_starts_at_its_time():
    clock = Clock(0.0)
    d = desk(clock)
    sng, sunday = (x.id for x in d.listing())
    d.register(sng, "Ada")
    d.register(sunday, "Ada")
    clock.now = 59.0
    d.tick()
    assert d.tournament(sng).state == "registering"
    clock.now = 61.0
    d.tick()
    t = d.tournament(sng)
    assert t.state == "running"
    assert sorted(t.chips) == ["Ada", *(computer_name(k) for k in range(1, 6))]
    for name in ("Bo", "Cy"):
        d.register(sunday, name)
    clock.now = 3600.0
    d.tick()
    assert d.tournament(sunday).state == "running"  # three, its minimum


def test_a_restart_reads_every_tournament_back():
    clock = Clock(0.0)
    d = desk(clock)
    sng, sunday = (x.id for x in d.listing())
    for name in ("Ada", "Bo", "Cy", "Di", "Ed", "Fay"):
        d.register(sng, name)
    d.register(sunday, "Ada")
    deal = d.tournament(sng).deal(1)
    assert deal is not None
    saved = json.loads(json.dumps(d.to_json()))
    back = desk(Clock(500.0))
    back.restore(saved)
    assert back.listing() == d.listing()
    assert back.tournament(sng).tables[1].playing == deal  # the hand in progress too
    assert json.loads(json.dumps(back.to_json()))["entries"][0]["tournament"]["where"] == \
        saved["entries"][0]["tournament"]["where"]
    with pytest.raises(TournamentError) as refused:
        back.restore({"entries": [{"id": "t1"}]})
    assert refused.value.reason == "saved"
    assert back.listing() == d.listing()  # a bad save changes nothing
