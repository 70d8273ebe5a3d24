"""A small stand-in for the tables: deals at random tables, plays each "hand"
as a random transfer of chips (sometimes a player out, sometimes several),
and checks the tournament's rules after every step.

The checker keeps its own picture of the seats, built from the events alone,
so that what the core says and what it does are compared."""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field

from holdem_desktop.tournament import (
    Deal,
    FinalTable,
    PlayerMoved,
    PlayerOut,
    Seated,
    TableBroken,
    Tournament,
    TournamentOver,
)
from holdem_desktop.tournament.saved import tournament_from_json, tournament_to_json
from tests.clock import Clock


@dataclass
class Blinds:
    """What the checker remembers of a player's blinds."""

    last: str | None = None
    """'S' or 'B', the kind of the last blind posted."""
    since_big: int = 0
    """Hands dealt to the player at this table since their last big blind."""
    arrivals: int = 0
    """Players seated at their table since then (each may put off their big blind by a hand)."""
    broken_after_big: bool = False
    """Their table was broken right after their big blind: they owe the small
    blind, posted dead at their next hand."""


@dataclass
class Sim:
    tournament: Tournament
    rng: random.Random
    events: list[object] = field(default_factory=list)
    seats: dict[tuple[int, int], str] = field(default_factory=dict)
    playing: dict[int, Deal] = field(default_factory=dict)
    last_deal: dict[int, Deal] = field(default_factory=dict)
    blinds: dict[str, Blinds] = field(default_factory=dict)
    outs: list[list[PlayerOut]] = field(default_factory=list)
    finals: list[int] = field(default_factory=list)
    events_over: list[TournamentOver] = field(default_factory=list)
    levels: set[int] = field(default_factory=set)
    moves: int = 0
    balancing: int = 0
    broken_order: int = 0
    """The place in the big blind's order of the player moved off a broken table."""
    breaks: int = 0
    max_out_at_once: int = 0
    dead_smalls: int = 0

    def __post_init__(self) -> None:
        self.tournament.listeners.append(self.events.append)
        self.total = 0

    # ------------------------------------------------------------------
    # driving

    def step(self) -> None:
        """Deal at a table between hands, or end a hand in progress."""
        t = self.tournament
        number = self.rng.choice(sorted(t.tables))
        if number in self.playing and len(self.playing) > 1 and self.rng.random() < 0.15:
            self.end(*self.playing)  # hands over at several tables at the same moment
        elif number in self.playing:
            self.end(number)
        else:
            deal = t.deal(number)
            self.take_events()
            if deal is not None:
                self.check_deal(deal)
                self.playing[number] = deal

    def end(self, *numbers: int) -> None:
        reports = [(n, self.result(self.playing.pop(n))) for n in numbers]
        self.tournament.hands_ended(reports)
        self.take_events()
        self.check_after_report()

    def result(self, deal: Deal) -> dict[str, int]:
        stacks = {p: c for _, p, c in deal.seats}
        players = list(stacks)
        roll = self.rng.random()
        if roll < 0.45:  # someone is out: their chips go to others
            losers = self.rng.sample(players, self.rng.randint(1, len(players) - 1)
                                     if roll < 0.1 else 1)
            winners = [p for p in players if p not in losers]
            for p in losers:
                self.give(stacks, p, self.rng.choice(winners), stacks[p])
        else:  # chips change hands
            a, b = self.rng.sample(players, 2)
            self.give(stacks, a, b, self.rng.randint(0, max(0, stacks[a] - 1)))
        return stacks

    def reloaded(self, clock: Clock) -> Tournament:
        """The tournament as a restart reads it back, listened to as before."""
        saved = json.dumps(tournament_to_json(self.tournament))
        back = tournament_from_json(json.loads(saved), clock=clock)
        assert tournament_to_json(back) == json.loads(saved), "not read back whole"
        back.listeners.append(self.events.append)
        return back

    @staticmethod
    def give(stacks: dict[str, int], loser: str, winner: str, chips: int) -> None:
        stacks[loser] -= chips
        stacks[winner] += chips

    def run(self, clock: Clock, limit: int = 200_000, reload_every: int = 0) -> int:
        """Play to the end, the clock moving on by 0 to 30 seconds a step
        (``reload_every``: every so many steps the tournament is saved as
        JSON text and played on from what was read back)."""
        t = self.tournament
        self.total = sum(t.chips.values())
        self.take_events()
        steps = 0
        while t.state == "running":
            clock.now += self.rng.choice((0.0, 1.0, 30.0))
            if reload_every and steps % reload_every == 0:
                t = self.tournament = self.reloaded(clock)
            self.step()
            minutes = (clock.now - t.started_at) / 60
            self.levels.add(t.level)
            assert t.level == t.structure.schedule.level_index(0, minutes), "blinds off the clock"
            steps += 1
            assert steps < limit, "the tournament does not end"
        self.check_places()
        return steps

    # ------------------------------------------------------------------
    # what the events say

    def take_events(self) -> None:
        outs = []
        for event in self.events:
            if isinstance(event, Seated):
                self.seats[(event.table, event.seat)] = event.player
                self.blinds[event.player] = Blinds()
            elif isinstance(event, PlayerOut):
                outs.append(event)
                seat = self.tournament.where.get(event.player)
                assert seat is None, f"{event.player} is out but still seated"
                for key, p in list(self.seats.items()):
                    if p == event.player:
                        del self.seats[key]
            elif isinstance(event, TableBroken):
                self.breaks += 1
                self.broken_order = 0
                assert event.table not in self.playing, "a table broken during a hand"
                assert sorted(event.players) == sorted(
                    p for (n, _), p in self.seats.items() if n == event.table)
                last = self.last_deal.get(event.table)
                if last is not None:
                    bb = last.player(last.big_blind)
                    if bb in event.players:
                        self.blinds[bb].broken_after_big = True
            elif isinstance(event, PlayerMoved):
                self.broken_order = self.broken_order + 1 if event.broken else 0
                self.check_move(event)
            elif isinstance(event, FinalTable):
                self.finals.append(len(self.tournament.where))
            elif isinstance(event, TournamentOver):
                self.events_over.append(event)
        if outs:
            start = {}
            for o in outs:
                deal = self.last_deal[o.table]
                start[o.player] = next(c for _, p, c in deal.seats if p == o.player)
            for a in outs:  # out at the same moment: more chips at the start, better place
                for b in (o for o in outs if o is not a):
                    if start[a.player] > start[b.player]:
                        assert a.place < b.place, (a, b, start)
                    elif start[a.player] == start[b.player]:
                        assert a.place == b.place and a.shared, (a, b, start)
            self.outs.append(outs)
            self.max_out_at_once = max(self.max_out_at_once, len(outs))
        self.events.clear()

    def check_move(self, move: PlayerMoved) -> None:
        self.moves += 1
        self.balancing += not move.broken
        assert move.from_table not in self.playing, "a player moved during their hand"
        assert self.seats.pop((move.from_table, move.from_seat)) == move.player
        assert (move.to_table, move.to_seat) not in self.seats, "a seat taken twice"
        self.seats[(move.to_table, move.to_seat)] = move.player
        b = self.blinds[move.player]
        if not move.broken:
            # balancing moves the next big blind: their last blind was a small one (or none)
            assert b.last != "B" or b.broken_after_big, f"{move.player} moved after their big blind"
            last = self.last_deal.get(move.from_table)
            if last is not None:
                size = self.tournament.structure.seats_per_table
                after = [(last.big_blind + k) % size for k in range(1, size + 1)]
                nxt = next(s for s in after if (move.from_table, s) in self.seats
                           or s == move.from_seat)
                assert nxt == move.from_seat, "the player moved is not the next big blind"
        target = self.last_deal.get(move.to_table)
        if target is not None:  # the seat the big blind reaches soonest
            size = self.tournament.structure.seats_per_table
            after = [(target.big_blind + k) % size for k in range(1, size + 1)]
            hands = {}
            ahead = 0
            for seat in after:
                if (move.to_table, seat) not in self.seats or seat == move.to_seat:
                    hands[seat] = ahead + 1
                elif self.seats[(move.to_table, seat)] != move.player:
                    ahead += 1
            # as near as can be to the wait they had: 1 for the next big blind moved to
            # balance, the k-th in the big blind's order of a broken table k
            want = self.broken_order if move.broken else 1
            near = min(abs(h - want) for h in hands.values())
            assert move.hands_to_big_blind == hands[move.to_seat], hands
            assert abs(hands[move.to_seat] - want) == near, (want, hands)
        others = [seat for (n, seat) in self.seats if n == move.to_table and seat != move.to_seat]
        assert (move.button is None) == (not others), "a button told alone, or none told"
        assert move.button is None or (move.to_table, move.button) in self.seats, "no one there"
        b.since_big = 0
        b.arrivals = 0
        for (n, _), p in self.seats.items():
            if n == move.to_table and p != move.player:
                self.blinds[p].arrivals += 1

    # ------------------------------------------------------------------
    # the rules, after every step

    def check_deal(self, deal: Deal) -> None:
        prev = self.last_deal.get(deal.table)
        self.last_deal[deal.table] = deal
        assert len(deal.seats) >= 2
        assert sum(1 for _ in deal.seats) <= self.tournament.structure.seats_per_table
        for seat, player, _ in deal.seats:
            assert self.seats[(deal.table, seat)] == player
            owed = self.blinds[player].broken_after_big
            assert owed == (seat in deal.dead_small), f"{player}'s dead small blind"
        for seat in deal.dead_small:  # the small blind missed at the broken table, posted dead
            self.dead_smalls += 1
            self.blinds[deal.player(seat)].last = "S"
            self.blinds[deal.player(seat)].broken_after_big = False
        if deal.small_blind is not None:
            sb = deal.player(deal.small_blind)
            if prev is not None:  # the small blind is the last hand's big blind, nobody else
                assert sb == prev.player(prev.big_blind), "a small blind out of turn"
                assert self.blinds[sb].last == "B"
            self.blinds[sb].last = "S"
        bb = deal.player(deal.big_blind)
        b = self.blinds[bb]
        assert b.last != "B", f"{bb} posts the big blind twice"
        size = self.tournament.structure.seats_per_table
        for _, player, _ in deal.seats:
            pb = self.blinds[player]
            if player == bb:
                pb.last, pb.since_big, pb.arrivals, pb.broken_after_big = "B", 0, 0, False
            else:
                pb.since_big += 1
                assert pb.since_big <= size - 1 + pb.arrivals, f"the big blind passed {player}"

    def check_after_report(self) -> None:
        t = self.tournament
        s = t.structure.seats_per_table
        left = len(t.where)
        assert sum(t.chips.values()) == self.total, "chips not conserved"
        assert sum(t.chips[p] for p in t.where) == self.total
        assert all(t.chips[p] > 0 for p in t.where)
        assert self.seats == {pos: p for p, pos in t.where.items()}
        if t.state != "running":
            return
        counts = {n: tb.count for n, tb in t.tables.items()}
        assert all(tb.count <= tb.size for tb in t.tables.values())
        assert len(t.tables) == math.ceil(left / s), "more tables than needed"
        shortest = min(counts.values())
        for n, tb in t.tables.items():
            if n not in self.playing:  # every table between hands is balanced
                assert tb.count <= shortest + 1, f"table {n} not balanced: {counts}"
        assert (len(t.tables) == 1) == (left <= s)
        assert len(self.finals) == (1 if left <= s else 0), "final table not formed when due"

    def check_places(self) -> None:
        t = self.tournament
        n = len(t.chips)
        (over,) = self.events_over
        assert self.tournament.standings().players_left == 1
        ranking = dict(over.ranking)
        assert ranking == t.places and set(ranking) == set(t.chips)
        places = sorted(ranking.values())
        assert places[0] == 1 and places.count(1) == 1
        for i, place in enumerate(places):  # 1..N, equal chips sharing a place
            assert place == i + 1 or place == places[i - 1], places
        # out later, better place
        worst_so_far = n + 1
        for group in self.outs:
            assert all(o.place < worst_so_far for o in group)
            assert all(t.chips[o.player] == 0 for o in group)
            worst_so_far = min(o.place for o in group)
