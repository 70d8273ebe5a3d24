"""A multi-table tournament played to the end on one process (issue 35's
Measure, its core part): computer players at every seat, each table's
hands dealt by the engine from the tournament's layout
(``tournament/hands.py``), hands in progress at many tables at once.

    python bench/tournament.py [--entrants 200] [--seats 9] [--seed 35] [--players easy]

Several tables play at the same moment: every table between hands is dealt,
then the hands end in a random order, each reported as it ends, so tables
break and balance while others are in a hand.  Checked on every hand: the
chips are conserved, no table holds more than its seats, every table
between hands is within one player of the shortest, each hand posts exactly
the blinds laid out (a dead small blind included) and nobody posts the big
blind twice without a small blind between, every move goes to a free seat
at a table still open, and at the end the places are 1 to N, complete.

Printed: wall time, CPU per hand (the engine and the computer players
included), the tournament core's own CPU per hand, hands, moves and breaks,
the peak resident memory (``--memory``: Python's own peak, by tracemalloc,
which slows the run), and the load average.  Not yet
measured here: people acting through real connections (the server's
tournaments are not built yet).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import ParamSpec, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.events import BlindPosted, DeadBlindPosted
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.variant import BlindSchedule, shipped_variant
from holdem_desktop.engine.views import seat_view
from holdem_desktop.session.controllers import HandWatcher
from holdem_desktop.tournament import Deal, PlayerMoved, Structure, TableBroken, Tournament
from holdem_desktop.tournament.hands import hand_config

HAND_SECONDS = 60.0
"""A hand's time at a table of people, for the blind clock (10 minutes a level)."""
P = ParamSpec("P")
R = TypeVar("R")


class Run:
    """One tournament, its players and its checks."""

    def __init__(self, entrants: int, seats: int, seed: int, kind: str) -> None:
        self.rng = random.Random(seed)
        self.now = 0.0
        self.variant = shipped_variant("tournament")
        schedule = BlindSchedule(self.variant.schedule.levels, minutes_per_level=10,
                                 after_last="double")
        self.t = Tournament(Structure(players=entrants, starting_stack=self.variant.starting_stack,
                                      schedule=schedule, seats_per_table=seats),
                            rng=random.Random(seed), clock=lambda: self.now)
        self.players = {f"p{i}": create_player(kind, random.Random(seed * 7919 + i))
                        for i in range(entrants)}
        self.total = entrants * self.variant.starting_stack
        self.last: dict[str, str] = {}
        self.hands = self.moves = self.breaks = 0
        self.core_cpu = 0.0
        self.t.listeners.append(self.heard)
        for name in self.players:
            self.t.register(name)

    def heard(self, event: object) -> None:
        if isinstance(event, PlayerMoved):
            self.moves += 1
            table = self.t.tables.get(event.to_table)
            assert table is not None and table.seats[event.to_seat] == event.player, event
        elif isinstance(event, TableBroken):
            self.breaks += 1

    def core(self, call: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``call`` timed as the tournament core's own work."""
        start = time.process_time()
        try:
            return call(*args, **kwargs)
        finally:
            self.core_cpu += time.process_time() - start

    def play(self) -> None:
        playing: dict[int, tuple[Deal, Hand]] = {}
        while self.t.state == "running":
            # the blind clock: every table plays a hand in about HAND_SECONDS
            self.now += HAND_SECONDS / max(1, len(self.t.tables))
            for number in sorted(self.t.tables):
                if number not in playing:
                    deal = self.core(self.t.deal, number)
                    if deal is not None:
                        playing[number] = (deal, self.start(deal))
            number = self.rng.choice(sorted(playing))
            deal, hand = playing.pop(number)
            self.finish(deal, hand)
            stacks = {deal.player(s): c for s, c in zip(hand.seats, hand.stacks, strict=True)}
            self.core(self.t.hand_ended, number, stacks)
            self.hands += 1
            self.check(playing)
        check_places(self.t.places, len(self.players))

    def start(self, deal: Deal) -> Hand:
        deck = list(range(52))
        self.rng.shuffle(deck)
        hand = Hand(hand_config(deal, self.variant), deck)
        posted = {e.seat: e.kind for e in hand.events if type(e) is BlindPosted}
        dead = {e.seat for e in hand.events if isinstance(e, DeadBlindPosted)}
        laid = {deal.big_blind: 1} | ({} if deal.small_blind is None else {deal.small_blind: 0})
        chips = {s: c for s, _, c in deal.seats}
        live = {deal.big_blind: deal.blinds.big} | (
            {} if deal.small_blind is None else {deal.small_blind: deal.blinds.small})
        able = {s for s, c in chips.items() if c > deal.blinds.ante}  # not all in on the ante
        assert posted.items() <= laid.items() and set(laid) & able <= set(posted), deal
        left = {s for s in able if chips[s] > deal.blinds.ante + live.get(s, 0)}
        assert dead == set(deal.dead_small) & left, deal  # the live blind first
        for seat in dead:
            self.last[deal.player(seat)] = "S"
        for seat, kind in posted.items():
            player = deal.player(seat)
            assert kind == 0 or self.last.get(player) != "B", f"{player}: the big blind twice"
            self.last[player] = "SB"[kind]
        return hand

    def finish(self, deal: Deal, hand: Hand) -> None:
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(seat, self.players[deal.player(seat)].decide(seat_view(hand, seat)))
        for seat in hand.seats:
            player = self.players[deal.player(seat)]
            if isinstance(player, HandWatcher):
                player.hand_over(seat_view(hand, seat))

    def check(self, playing: dict[int, tuple[Deal, Hand]]) -> None:
        check_tables(self.t, self.total, playing)


def check_tables(t: Tournament, total: int, playing: Collection[int]) -> None:
    """The tables' invariants between two of the core's calls (``playing``:
    the tables with a hand in progress): the chips conserved, no more
    tables than needed, none above its seats, every table between hands
    within one player of the shortest (AssertionError saying which not)."""
    found = sum(t.chips[p] for p in t.where)
    assert found == total, f"chips not conserved: {found} with {len(t.where)} players " \
        f"left, {total} dealt out"
    if t.state != "running":
        return
    assert len(t.tables) == math.ceil(len(t.where) / t.structure.seats_per_table), \
        f"{len(t.tables)} tables for {len(t.where)} players"
    counts = [tb.count for tb in t.tables.values()]
    assert max(counts) <= t.structure.seats_per_table, f"a table above its seats: {counts}"
    shortest = min(counts)
    for number, tb in t.tables.items():
        if number not in playing:
            assert tb.count <= shortest + 1, f"table {number} unbalanced: {counts}"


def check_places(places: Mapping[str, int], entrants: int) -> None:
    """The places at the end: one for every entrant, 1 first, each the one
    after the last or shared with it."""
    ordered = sorted(places.values())
    assert len(ordered) == entrants and ordered[0] == 1, f"{len(ordered)} places of {entrants}"
    assert all(p == i + 1 or p == ordered[i - 1] for i, p in enumerate(ordered)), ordered


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=200)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--players", default="easy", help="the computer players' level")
    parser.add_argument("--memory", action="store_true",
                        help="trace Python's memory (slower: the times then read high)")
    args = parser.parse_args(argv)
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    if args.memory:
        tracemalloc.start()
    run = Run(args.entrants, args.seats, args.seed, args.players)
    wall, cpu = time.perf_counter(), time.process_time()
    run.play()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{args.entrants} entrants at {args.seats} seats, {args.players} players, "
          f"seed {args.seed}: every check held on every hand")
    print(f"hands {run.hands}, moves {run.moves}, tables broken {run.breaks}")
    print(f"wall {wall:.1f} s; CPU per hand {1000 * cpu / run.hands:.2f} ms "
          f"(the tournament core's own {1000 * run.core_cpu / run.hands:.3f} ms)")
    if args.memory:
        peak = tracemalloc.get_traced_memory()[1]
        print(f"peak Python memory {peak / 2**20:.1f} MiB (tracemalloc: the times above "
              "are slowed by it)")
    else:
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        print(f"peak resident memory {rss:.0f} MiB (the whole process; --memory for "
              "Python's own peak)")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
