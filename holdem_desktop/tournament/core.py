"""A tournament over many tables: registration, the start, the blinds on one
clock, places across tables, and the tables balanced and broken between hands.

The core plays no hand: each table asks it for its next hand
(:meth:`Tournament.deal`) and reports how the hand ended
(:meth:`Tournament.hand_ended`: everyone's chips now, a player on 0 is out).
What happens goes to the listeners as events (``events.py``); the standings
can be asked at any time.  It does no I/O and keeps no time of its own: the
clock and the random draw are given to it.

Between hands, as card rooms do:

- never more tables than the players need: as soon as they fit on one fewer,
  the emptiest table that is between hands is broken (the one that just
  reported, unless another one waiting is emptier), so no table still
  playing a hand is ever waited for;
- its players, the next big blind first, each go to the fullest table
  still below the most a balanced table holds, at the seat where they wait
  for the big blind about as long as they would have at the broken table;
- a table two players above the shortest, once between hands, gives it the
  player who would be its next big blind, seated at the shortest table where
  the big blind reaches them soonest: the big blind when that seat is free.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping

from holdem_desktop.engine.variant import AFTER_LAST_HOLD

from .events import (
    FinalTable,
    LevelUp,
    PlayerMoved,
    PlayerOut,
    Registered,
    Seated,
    TableBroken,
    TournamentCancelled,
    TournamentOver,
    TournamentStarted,
    Unregistered,
)
from .structure import Deal, PlayerStanding, Standings, Structure, TournamentError
from .tables import Table

__all__ = ["Tournament"]

Listener = Callable[[object], None]

REGISTERING, RUNNING, OVER, CANCELLED = "registering", "running", "over", "cancelled"


class Tournament:
    """One tournament, from registration to its ranking."""

    def __init__(self, structure: Structure, *, rng: random.Random,
                 clock: Callable[[], float]) -> None:
        self.structure = structure
        self.rng = rng
        self.clock = clock
        self.state = REGISTERING
        self.registered: list[str] = []
        self.listeners: list[Listener] = []
        self.tables: dict[int, Table] = {}
        self.chips: dict[str, int] = {}
        self.places: dict[str, int] = {}
        self.where: dict[str, tuple[int, int]] = {}
        self.level = 0
        self.started_at = 0.0
        self.final_table: int | None = None
        self.owe_small: set[str] = set()
        """Players moved off a broken table who were due its small blind: they
        post it dead at their first hand at the new table."""

    # ------------------------------------------------------------------
    # Registration and the clock

    def register(self, player: str) -> None:
        """Register ``player``; a sit-and-go starts when this one fills it."""
        self.tick()
        if self.state != REGISTERING:
            raise TournamentError("closed")
        if player in self.registered:
            raise TournamentError("registered", player)
        if len(self.registered) >= self.structure.players:
            raise TournamentError("full")
        self.registered.append(player)
        self._emit([Registered(player, len(self.registered))])
        if self.structure.sit_and_go and len(self.registered) == self.structure.players:
            self._start()

    def unregister(self, player: str) -> None:
        """Take back a registration, until the start."""
        self.tick()
        if self.state != REGISTERING:
            raise TournamentError("closed")
        if player not in self.registered:
            raise TournamentError("not_registered", player)
        self.registered.remove(player)
        self._emit([Unregistered(player, len(self.registered))])

    def tick(self) -> None:
        """Look at the clock: a scheduled tournament starts (or is cancelled)
        at its time, the blinds go up.  Every request does this first."""
        start_at = self.structure.start_at
        if self.state == REGISTERING and start_at is not None and self.clock() >= start_at:
            if len(self.registered) >= self.structure.min_players:
                self._start()
            else:
                self.state = CANCELLED
                self._emit([TournamentCancelled(len(self.registered),
                                                self.structure.min_players)])
        if self.state == RUNNING:
            minutes = max(0.0, (self.clock() - self.started_at) / 60.0)
            level = self.structure.schedule.level_index(0, minutes)
            if level > self.level:
                self.level = level
                blinds = self.structure.schedule.level(level)
                self._emit([LevelUp(level, blinds.blinds, blinds.ante)])

    def _start(self) -> None:
        s = self.structure.seats_per_table
        players = list(self.registered)
        self.rng.shuffle(players)
        count = math.ceil(len(players) / s)
        events: list[object] = [TournamentStarted(len(players), count)]
        for number in range(1, count + 1):
            group = players[number - 1::count]  # the tables within one player of each other
            seats = self.rng.sample(range(s), len(group))
            row: list[str | None] = [None] * s
            for player, seat in zip(group, seats, strict=True):
                row[seat] = player
                self.where[player] = (number, seat)
                events.append(Seated(player, number, seat))
            drawn = self.rng.choice(seats)  # the draw: the first small blind
            self.tables[number] = Table(number, row, drawn, row[drawn])
        self.chips = {p: self.structure.starting_stack for p in players}
        self.state = RUNNING
        self.started_at = self.clock()
        if count == 1:
            self.final_table = 1
            events.append(FinalTable(1, self.tables[1].players()))
        self._emit(events)

    # ------------------------------------------------------------------
    # Hands

    def deal(self, number: int) -> Deal | None:
        """Table ``number``'s next hand, or None when it must wait (a player
        alone at a table waits for players to be moved in)."""
        self.tick()
        table = self._table(number)
        if table.playing is not None:
            raise TournamentError("hand_in_progress", str(number))
        if table.count < 2:
            return None
        button, small, big = table.layout()
        dealt = tuple((s, p, self.chips[p]) for s, p in enumerate(table.seats) if p is not None)
        dead = tuple(s for s, p, _ in dealt if p in self.owe_small)
        self.owe_small.difference_update(p for _, p, _ in dealt)
        deal = Deal(number, table.hands + 1, self.level, self.structure.schedule.level(self.level),
                    button, small, big, dealt, dead)
        table.playing = deal
        table.hands += 1
        table.last_big_seat, table.last_big_player = big, table.seats[big]
        return deal

    def hand_ended(self, number: int, stacks: Mapping[str, int]) -> None:
        """Table ``number``'s hand is over: ``stacks`` are the chips of every
        player dealt in (0: out)."""
        self.hands_ended([(number, stacks)])

    def hands_ended(self, reports: Iterable[tuple[int, Mapping[str, int]]]) -> None:
        """Hands over at several tables at the same moment: players out in any
        of them are placed together, by their chips at the start of their hand
        (more chips, better place; equal chips share it).  A report refused
        (:class:`TournamentError`) changes nothing."""
        self.tick()
        checked = [self._checked(number, stacks) for number, stacks in reports]
        if len({deal.table for deal, _ in checked}) != len(checked):
            raise TournamentError("report", "a table reported twice")
        out: list[tuple[str, int, int]] = []  # player, chips at the start, table
        for deal, stacks in checked:
            self.tables[deal.table].playing = None
            for seat, player, start in deal.seats:
                self.chips[player] = stacks[player]
                if stacks[player] == 0:
                    out.append((player, start, deal.table))
                    self.tables[deal.table].seats[seat] = None
                    del self.where[player]
                    self.owe_small.discard(player)
        events: list[object] = []
        left = len(self.where)
        for player, start, table in sorted(out, key=lambda o: -o[1]):
            better = sum(1 for o in out if o[1] > start)
            shared = sum(1 for o in out if o[1] == start) > 1
            self.places[player] = left + 1 + better
            events.append(PlayerOut(player, left + 1 + better, shared, table))
        if left == 1:
            self.places[next(iter(self.where))] = 1
            self.state = OVER
            ranking = tuple(sorted(self.places.items(), key=lambda kv: (kv[1], kv[0])))
            events.append(TournamentOver(ranking))
        else:
            self._rearrange(events)
        self._emit(events)

    def _checked(self, number: int, stacks: Mapping[str, int]) -> tuple[Deal, Mapping[str, int]]:
        table = self._table(number)
        deal = table.playing
        if deal is None:
            raise TournamentError("no_hand", str(number))
        players = {p for _, p, _ in deal.seats}
        if set(stacks) != players or any(type(c) is not int or c < 0 for c in stacks.values()):
            raise TournamentError("report", f"table {number}")
        if sum(stacks.values()) != sum(c for _, _, c in deal.seats):
            raise TournamentError("chips", f"table {number}")
        return deal, stacks

    def _table(self, number: int) -> Table:
        if self.state != RUNNING:
            raise TournamentError("not_running")
        if number not in self.tables:
            raise TournamentError("table", str(number))
        return self.tables[number]

    # ------------------------------------------------------------------
    # Breaking and balancing

    def _rearrange(self, events: list[object]) -> None:
        needed = math.ceil(len(self.where) / self.structure.seats_per_table)
        while len(self.tables) > needed:
            waiting = [t for t in self.tables.values() if t.playing is None]
            if not waiting:  # pragma: no cover - a report always leaves one waiting
                break
            self._break(min(waiting, key=lambda t: (t.count, -t.number)), events)
        # the shortest table is found again after a move only (nothing else
        # changes the counts): not once per table at every report, which at a
        # hundred tables was a third of a server's CPU while people's tables
        # were in a hand (bench/tournament_server.py --sample)
        shortest: Table | None = None
        for table in sorted(self.tables.values(), key=lambda t: (-t.count, t.number)):
            while table.playing is None:
                if shortest is None:
                    shortest = min(self.tables.values(), key=lambda t: (t.count, t.number))
                if table.count < shortest.count + 2:
                    break
                player = table.seats[table.next_big_blind()]
                assert player is not None
                self._move(player, table, self._target(table, 1), 1, False, events)
                shortest = None
        if len(self.tables) == 1 and self.final_table is None:
            (last,) = self.tables.values()
            self.final_table = last.number
            events.append(FinalTable(last.number, last.players()))

    def _break(self, table: Table, events: list[object]) -> None:
        del self.tables[table.number]
        events.append(TableBroken(table.number, table.players()))
        due = table.last_big_player  # due the small blind here, if still seated
        if table.hands and due is not None and table.seats[table.last_big_seat] == due:
            self.owe_small.add(due)
        cap = math.ceil(len(self.where) / len(self.tables))  # the most a balanced table holds
        for wait, player in enumerate(table.big_blind_order(), 1):
            self._move(player, table, self._target(table, wait, fullest_under=cap), wait, True,
                       events)

    def _target(self, source: Table, wait: int, fullest_under: int | None = None) -> Table:
        """The table with the fewest players (with ``fullest_under``: the one
        with the most, below that many), then the one with the seat nearest the
        position left (``Table.seat_for``), then the lowest number."""
        def key(t: Table) -> tuple[int, int, int]:
            count = t.count if fullest_under is None else -t.count
            return count, abs(t.seat_for(wait)[0] - wait), t.number
        room = [t for t in self.tables.values() if t is not source and t.count < t.size]
        under = [t for t in room if fullest_under is None or t.count < fullest_under]
        return min(under or room, key=key)

    def _move(self, player: str, source: Table, target: Table, wait: int, broken: bool,
              events: list[object]) -> None:
        seat = source.seat_of(player)
        source.seats[seat] = None
        hands, new_seat = target.seat_for(wait)
        target.seats[new_seat] = player
        self.where[player] = (target.number, new_seat)
        button = target.layout()[0] if target.count >= 2 else None
        events.append(PlayerMoved(player, source.number, seat, target.number, new_seat, hands,
                                  broken, button))

    # ------------------------------------------------------------------
    # Queries

    def standings(self) -> Standings:
        """Players left, the average stack, everyone's chips, table, seat and place."""
        left = sorted(self.where, key=lambda p: (-self.chips[p], p))
        gone = sorted(self.places.keys() - self.where.keys(), key=lambda p: self.places[p])
        rows = tuple(self.player(p) for p in left + gone)
        chips = sum(self.chips[p] for p in self.where)
        return Standings(len(self.chips), len(self.where),
                         chips // len(self.where) if self.where else 0, self.level,
                         self._next_level_in(), tuple(sorted(self.tables)), rows)

    def _next_level_in(self) -> float | None:
        at = self.next_level_at(self.level)
        return None if at is None else max(0.0, at - self.clock())

    def next_level_at(self, level: int) -> float | None:
        """When (by the tournament's clock) the blinds go up from ``level``:
        the start of level ``level + 1`` (None: not running, or ``level`` is
        the last and holds).  A table whose last hand was dealt at ``level``
        deals its next one at higher blinds from then on."""
        schedule = self.structure.schedule
        if self.state != RUNNING or (schedule.after_last == AFTER_LAST_HOLD
                                     and level >= len(schedule.levels) - 1):
            return None
        assert schedule.minutes_per_level is not None
        return self.started_at + (level + 1) * schedule.minutes_per_level * 60.0

    def player(self, player: str) -> PlayerStanding:
        """One player's standing (:class:`TournamentError` ``not_registered``
        when they did not start)."""
        if player not in self.chips:
            raise TournamentError("not_registered", player)
        table, seat = self.where.get(player, (None, None))
        return PlayerStanding(player, self.chips[player], table, seat, self.places.get(player))

    def _emit(self, events: list[object]) -> None:
        for event in events:
            for listener in self.listeners:
                listener(event)
