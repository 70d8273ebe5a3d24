"""Each rule of the tournament core on its own: registration and the start,
the draw, the blinds' clock, where the blinds go, places, bad reports,
balancing, breaking, the final table and the standings."""

from __future__ import annotations

import json
import random

import pytest

from holdem_desktop.engine.variant import BlindLevel, BlindSchedule
from holdem_desktop.tournament import (
    Deal,
    FinalTable,
    LevelUp,
    PlayerMoved,
    PlayerOut,
    Registered,
    Seated,
    Structure,
    TableBroken,
    Tournament,
    TournamentCancelled,
    TournamentError,
    TournamentOver,
    TournamentStarted,
    Unregistered,
)
from holdem_desktop.tournament.saved import tournament_from_json, tournament_to_json
from tests.clock import Clock

SCHEDULE = BlindSchedule((BlindLevel((10, 20)), BlindLevel((20, 40)), BlindLevel((50, 100), 10)),
                         minutes_per_level=10)


def started(players: int, seats: int, seed: int = 0) -> tuple[Tournament, list[object], Clock]:
    clock = Clock(0.0)
    t = Tournament(Structure(players=players, starting_stack=1000, schedule=SCHEDULE,
                             seats_per_table=seats), rng=random.Random(seed), clock=clock)
    events: list[object] = []
    t.listeners.append(events.append)
    for i in range(players):
        t.register(f"p{i}")
    return t, events, clock


def finish(t: Tournament, deal: Deal, out: tuple[str, ...] = (), *,
           moves: dict[str, int] | None = None) -> dict[str, int]:
    """End ``deal``'s hand: the players in ``out`` lose everything to the
    first player not out; ``moves`` adds chips (summing to 0)."""
    stacks = {p: c for _, p, c in deal.seats}
    winner = next(p for p in stacks if p not in out)
    for p in out:
        stacks[winner] += stacks[p]
        stacks[p] = 0
    for p, c in (moves or {}).items():
        stacks[p] += c
    t.hand_ended(deal.table, stacks)
    return stacks


def dealt(t: Tournament, number: int) -> Deal:
    deal = t.deal(number)
    assert deal is not None
    return deal


def of(events: list[object], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


# ----------------------------------------------------------------------
# registration and the start


def test_a_sit_and_go_starts_when_the_last_seat_is_taken():
    t = Tournament(Structure(players=4, starting_stack=500, schedule=SCHEDULE, seats_per_table=9),
                   rng=random.Random(1), clock=Clock(0.0))
    events: list[object] = []
    t.listeners.append(events.append)
    for name in ("ann", "bob", "cy"):
        t.register(name)
    with pytest.raises(TournamentError) as refused:
        t.register("bob")
    assert refused.value.reason == "registered"
    t.unregister("cy")
    with pytest.raises(TournamentError) as refused:
        t.unregister("cy")
    assert refused.value.reason == "not_registered"
    t.register("dee")
    assert t.state == "registering"
    t.register("eve")
    assert t.state == "running"
    assert events[:4] == [Registered("ann", 1), Registered("bob", 2), Registered("cy", 3),
                          Unregistered("cy", 2)]
    assert of(events, TournamentStarted) == [TournamentStarted(4, 1)]
    assert sorted(s.player for s in of(events, Seated)) == ["ann", "bob", "dee", "eve"]
    assert of(events, FinalTable)[0].table == 1  # one table: the final table from the start
    assert t.standings().average_stack == 500
    with pytest.raises(TournamentError) as refused:
        t.register("fay")
    assert refused.value.reason == "closed"


def test_a_scheduled_tournament_starts_at_its_time_with_its_minimum():
    clock = Clock(0.0)
    t = Tournament(Structure(players=5, starting_stack=500, schedule=SCHEDULE, seats_per_table=9,
                             start_at=100.0, min_players=3), rng=random.Random(1), clock=clock)
    for name in ("a", "b", "c", "d", "e"):
        t.register(name)
    with pytest.raises(TournamentError) as refused:
        t.register("f")
    assert refused.value.reason == "full"
    clock.now = 99.0
    t.tick()
    assert t.state == "registering"  # full, but a scheduled one waits for its time
    t.unregister("e")
    clock.now = 100.0
    with pytest.raises(TournamentError):  # the clock says it has started: too late
        t.register("e")
    assert t.state == "running"
    assert len(t.chips) == 4


def test_a_scheduled_tournament_short_of_its_minimum_is_cancelled():
    clock = Clock(0.0)
    t = Tournament(Structure(players=9, starting_stack=500, schedule=SCHEDULE,
                             start_at=60.0, min_players=3), rng=random.Random(1), clock=clock)
    events: list[object] = []
    t.listeners.append(events.append)
    t.register("a")
    t.register("b")
    clock.now = 61.0
    t.tick()
    assert t.state == "cancelled"
    assert events[-1] == TournamentCancelled(2, 3)
    with pytest.raises(TournamentError) as refused:
        t.unregister("a")
    assert refused.value.reason == "closed"
    with pytest.raises(TournamentError) as refused:
        t.deal(1)
    assert refused.value.reason == "not_running"


def test_a_structure_is_checked():
    with pytest.raises(ValueError):
        Structure(players=9, starting_stack=500, schedule=SCHEDULE, seats_per_table=2)
    with pytest.raises(ValueError):  # one clock for every table: by minutes, not by hands
        Structure(players=9, starting_stack=500,
                  schedule=BlindSchedule((BlindLevel((10, 20)),), hands_per_level=10))
    with pytest.raises(ValueError):
        Structure(players=9, starting_stack=500, schedule=SCHEDULE, min_players=10)


# ----------------------------------------------------------------------
# the draw and the blinds


def test_the_seats_are_a_seeded_draw_at_tables_within_one_player():
    def seating(seed: int) -> list[Seated]:
        return of(started(23, 9, seed)[1], Seated)

    first = seating(5)
    assert first == seating(5)  # the same seed, the same seats
    assert first != seating(6)
    assert sorted(s.player for s in first) == sorted(f"p{i}" for i in range(23))
    sizes = sorted(sum(1 for s in first if s.table == n) for n in (1, 2, 3))
    assert sizes == [7, 8, 8]
    assert len({(s.table, s.seat) for s in first}) == 23


def test_the_blinds_rise_on_one_clock_for_every_table():
    t, events, clock = started(18, 9)
    clock.now = 90.0
    assert t.standings().next_level_in == 510.0  # the first level lasts 10 minutes
    one, two = dealt(t, 1), dealt(t, 2)
    assert (one.level, one.blinds, two.blinds) == (0, BlindLevel((10, 20)), BlindLevel((10, 20)))
    finish(t, one)
    finish(t, two)
    clock.now = 10 * 60.0
    one = dealt(t, 1)
    assert of(events, LevelUp) == [LevelUp(1, (20, 40), 0)]
    two = dealt(t, 2)
    assert one.blinds == two.blinds == BlindLevel((20, 40))
    assert len(of(events, LevelUp)) == 1  # said once for every table
    clock.now = 20 * 60.0
    t.tick()
    assert of(events, LevelUp)[-1] == LevelUp(2, (50, 100), 10)
    assert t.standings().level == 2
    assert t.standings().next_level_in is None  # the last level holds


def test_a_hand_longer_than_a_level_is_followed_by_the_clocks_level():
    """Decided (docs/server.md, *Tournaments*): a hand's blinds are those of
    the level the clock is at when it is dealt, the same at every table; a
    hand that outlasts a level, or two, is followed by the clock's level,
    even when a level had no hand at that table (as online rooms do: the
    blinds follow the clock, never a table's pace)."""
    t, events, clock = started(18, 9)
    one, two = dealt(t, 1), dealt(t, 2)
    finish(t, two)
    clock.now = 9 * 60.0
    two = dealt(t, 2)  # just before the first level ends: its blinds stay for the hand
    clock.now = 21 * 60.0  # both hands went on past two level boundaries
    assert (one.blinds, two.blinds) == (BlindLevel((10, 20)), BlindLevel((10, 20)))
    finish(t, one)
    finish(t, two)
    one, two = dealt(t, 1), dealt(t, 2)
    assert (one.level, two.level) == (2, 2)  # level 1 (20/40) passed with no hand dealt
    assert one.blinds == two.blinds == BlindLevel((50, 100), 10)
    assert of(events, LevelUp) == [LevelUp(2, (50, 100), 10)]  # told once, the level reached


def test_the_big_blind_moves_on_one_player_a_hand():
    t, _, _ = started(4, 9)
    first = dealt(t, 1)
    seats = [s for s, _, _ in first.seats]
    assert first.small_blind is not None
    # the draw's player posts the small blind, the next one the big blind
    big = seats[(seats.index(first.small_blind) + 1) % 4]
    assert first.big_blind == big
    assert first.button == seats[(seats.index(first.small_blind) - 1) % 4]
    finish(t, first)
    second = dealt(t, 1)
    assert second.small_blind == first.big_blind
    assert second.big_blind == seats[(seats.index(big) + 1) % 4]
    assert second.button == first.small_blind
    with pytest.raises(TournamentError) as refused:
        t.deal(1)
    assert refused.value.reason == "hand_in_progress"
    with pytest.raises(TournamentError) as refused:
        t.deal(7)
    assert refused.value.reason == "table"


def test_when_the_big_blind_is_out_the_small_blind_is_dead():
    t, _, _ = started(4, 9)
    first = dealt(t, 1)
    finish(t, first, (first.player(first.big_blind),))
    second = dealt(t, 1)
    seats = [s for s, _, _ in second.seats]
    assert second.small_blind is None  # nobody posts the small blind this hand
    # the big blind is the first player after the seat of the last one, and
    # the button the player before it: the last hand's small blind
    after = [(first.big_blind + k) % 9 for k in range(1, 10)]
    assert second.big_blind == next(s for s in after if s in seats)
    assert second.button == first.small_blind


def test_heads_up_the_button_posts_the_small_blind():
    t, _, _ = started(3, 9)
    first = dealt(t, 1)
    busted = next(p for _, p, _ in first.seats
                  if p not in (first.player(first.big_blind), first.player(first.button)))
    finish(t, first, (busted,))
    second = dealt(t, 1)
    assert len(second.seats) == 2
    assert second.small_blind == first.big_blind == second.button
    assert second.big_blind == first.button


# ----------------------------------------------------------------------
# places


def test_players_out_in_the_same_hand_are_placed_by_their_chips_at_its_start():
    t, events, _ = started(5, 9)
    first = dealt(t, 1)
    names = [p for _, p, _ in first.seats]
    finish(t, first, moves={names[0]: 300, names[1]: -300, names[2]: 100, names[3]: -100})
    second = dealt(t, 1)  # starts 1300, 700, 1100, 900, 1000
    finish(t, second, (names[1], names[3]))
    assert of(events, PlayerOut) == [PlayerOut(names[3], 4, False, 1),
                                     PlayerOut(names[1], 5, False, 1)]
    assert t.player(names[1]).place == 5 and t.player(names[1]).table is None


def test_equal_chips_share_the_place():
    t, events, _ = started(4, 9)
    first = dealt(t, 1)
    names = [p for _, p, _ in first.seats]
    finish(t, first, (names[1], names[2]))
    outs = of(events, PlayerOut)
    assert {o.player for o in outs} == {names[1], names[2]}
    assert all(o.place == 3 and o.shared for o in outs)


def test_players_out_at_the_same_moment_at_two_tables_are_placed_together():
    t, events, _ = started(12, 6)
    one, two = dealt(t, 1), dealt(t, 2)
    a = [p for _, p, _ in one.seats]
    b = [p for _, p, _ in two.seats]
    finish(t, one, moves={a[0]: 200, a[1]: -200})
    finish(t, two, moves={b[0]: 100, b[1]: -100})
    one, two = dealt(t, 1), dealt(t, 2)  # a[1] starts with 800, b[1] with 900

    def out(deal: Deal, player: str) -> dict[str, int]:
        stacks = {p: c for _, p, c in deal.seats}
        winner = next(p for p in stacks if p != player)
        stacks[winner] += stacks[player]
        stacks[player] = 0
        return stacks

    t.hands_ended([(1, out(one, a[1])), (2, out(two, b[1]))])
    assert of(events, PlayerOut) == [PlayerOut(b[1], 11, False, 2), PlayerOut(a[1], 12, False, 1)]


def test_a_bad_report_changes_nothing():
    t, events, _ = started(4, 9)
    with pytest.raises(TournamentError) as refused:
        t.hand_ended(1, {})
    assert refused.value.reason == "no_hand"
    deal = dealt(t, 1)
    stacks = {p: c for _, p, c in deal.seats}
    name = next(iter(stacks))
    for bad, reason in (({**stacks, "stranger": 0}, "report"),
                        ({p: c for p, c in stacks.items() if p != name}, "report"),
                        ({**stacks, name: True}, "report"),
                        ({**stacks, name: -1}, "report"),
                        ({**stacks, name: stacks[name] + 1}, "chips")):
        before = len(events)
        with pytest.raises(TournamentError) as refused:
            t.hand_ended(1, bad)
        assert refused.value.reason == reason
        assert len(events) == before and t.tables[1].playing == deal
    with pytest.raises(TournamentError) as refused:  # one table twice at one moment
        t.hands_ended([(1, stacks), (1, stacks)])
    assert refused.value.reason == "report"
    t.hand_ended(1, stacks)
    assert t.tables[1].playing is None


def test_the_winner_ends_the_tournament_with_the_ranking():
    t, events, _ = started(3, 9)
    first = dealt(t, 1)
    names = [p for _, p, _ in first.seats]
    finish(t, first, (names[2],), moves={names[0]: 100, names[1]: -100})
    second = dealt(t, 1)
    finish(t, second, (names[1],))
    assert t.state == "over"
    assert events[-1] == TournamentOver(((names[0], 1), (names[1], 2), (names[2], 3)))
    assert [s.place for s in t.standings().players] == [1, 2, 3]
    with pytest.raises(TournamentError):
        t.deal(1)


# ----------------------------------------------------------------------
# balancing, breaking, the final table


def test_balancing_moves_the_next_big_blind_to_the_big_blind_of_the_shortest_table():
    t, events, _ = started(8, 4)
    one, two = dealt(t, 1), dealt(t, 2)
    seats2 = [s for s, _, _ in two.seats]
    after = seats2[(seats2.index(two.big_blind) + 1) % 4]  # table 2's next big blind...
    other = seats2[(seats2.index(two.big_blind) + 2) % 4]
    last_big = two.player(two.big_blind)
    finish(t, two, (two.player(after), two.player(other)))  # ...is out, and another
    assert not of(events, PlayerMoved)  # table 1 is in a hand: nobody is moved from it yet
    table_one = t.tables[1]
    mover = table_one.seats[table_one.next_big_blind()]
    from_seat = table_one.next_big_blind()
    finish(t, one)
    (move,) = of(events, PlayerMoved)
    assert move == PlayerMoved(mover, 1, from_seat, 2, after, 1, False, move.button)
    assert [t.tables[n].count for n in (1, 2)] == [3, 3]
    two = dealt(t, 2)
    assert two.button == move.button  # the button the move told of
    assert two.player(two.big_blind) == mover  # the big blind, as at the table left
    # the small blind is table 2's last big blind, as if nobody had moved
    assert two.small_blind is not None and two.player(two.small_blind) == last_big
    one = dealt(t, 1)
    assert one.player(one.big_blind) != mover and mover not in {p for _, p, _ in one.seats}


def three_tables_in_a_hand() -> tuple[Tournament, list[object], Deal]:
    """12 players at three tables of 4 seats, each in a hand: table 3's is returned."""
    t, events, _ = started(12, 4)
    hands = [dealt(t, n) for n in (1, 2, 3)]
    return t, events, hands[2]


def test_the_emptiest_table_between_hands_is_broken_and_none_playing_is_waited_for():
    t, events, three = three_tables_in_a_hand()
    finish(t, three, tuple(p for _, p, _ in three.seats)[:2])  # 10 left: three tables still
    dealt(t, 3)  # table 3 plays on two-handed
    finish(t, t.tables[1].playing, (t.tables[1].players()[0],))  # 9 left
    dealt(t, 1)
    assert not of(events, TableBroken)
    two = t.tables[2]
    players = two.players()
    assert two.playing is not None
    big = two.playing.big_blind
    order = [two.seats[(big + k) % 4] for k in range(1, 5)]  # the next big blind first
    finish(t, two.playing, (players[0],))  # 8 fit on two tables: table 2 waits, 3 plays
    (broken,) = of(events, TableBroken)
    assert broken == TableBroken(2, players[1:])
    moves = of(events, PlayerMoved)
    assert [m.player for m in moves] == [p for p in order if p in players[1:]]
    assert {m.player for m in moves} == set(players[1:]) and all(m.broken for m in moves)
    assert sorted(t.tables) == [1, 3]
    assert sorted(t.tables[n].count for n in (1, 3)) == [4, 4]


def test_a_broken_table_fills_the_fullest_tables_first():
    t, events, _ = started(15, 6)  # three tables of five
    one, two, three = (dealt(t, n) for n in (1, 2, 3))
    finish(t, three, tuple(p for _, p, _ in three.seats)[:2])  # 13 left: table 3 has three
    finish(t, two, (two.seats[0][1],))  # 12 fit on two tables: table 3, the emptiest, breaks
    (broken,) = of(events, TableBroken)
    assert broken.table == 3
    moves = of(events, PlayerMoved)
    # table 1 (five, in a hand) is topped up to six before table 2 (four) gets any
    assert [m.to_table for m in moves] == [1, 2, 2]
    assert [t.tables[n].count for n in (1, 2)] == [6, 6]
    assert one is t.tables[1].playing


def test_a_broken_tables_last_big_blind_posts_the_small_blind_dead_at_the_new_table():
    t, events, _ = started(15, 6)
    one, two, three = (dealt(t, n) for n in (1, 2, 3))
    due = three.player(three.big_blind)  # due the small blind at table 3's next hand
    others = [p for _, p, _ in three.seats if p != due]
    finish(t, three, tuple(others[:2]))
    finish(t, two, (two.seats[0][1],))  # table 3 breaks
    assert of(events, TableBroken)[0].table == 3
    finish(t, one)
    table, seat = t.where[due]
    first = dealt(t, table)
    assert first.dead_small == (seat,)  # once, at the first hand there
    assert all(not t.tables[n].playing or not t.tables[n].playing.dead_small
               for n in t.tables if n != table)
    finish(t, first)
    assert dealt(t, table).dead_small == ()


def test_a_player_left_alone_waits_and_the_table_is_broken_first():
    t, events, three = three_tables_in_a_hand()
    survivor = three.seats[0][1]
    finish(t, three, tuple(p for _, p, _ in three.seats)[1:])  # 9 left, one at table 3
    assert t.deal(3) is None  # alone: it waits
    one = t.tables[1].playing
    assert one is not None
    finish(t, one, (one.seats[0][1],))  # 8 left: table 3 is the emptiest between hands
    assert of(events, TableBroken) == [TableBroken(3, (survivor,))]
    (move,) = of(events, PlayerMoved)
    assert (move.player, move.to_table, move.broken) == (survivor, 1, True)
    assert t.player(survivor).table == 1


def test_the_final_table_is_formed_when_the_players_fit_on_one():
    t, events, _ = started(8, 4)
    one, two = dealt(t, 1), dealt(t, 2)
    finish(t, one, (one.seats[0][1],))
    finish(t, two, (two.seats[0][1],))
    assert not of(events, FinalTable)
    one = dealt(t, 1)
    finish(t, one, (one.seats[0][1],))
    assert not of(events, FinalTable)  # 5 left
    two = dealt(t, 2)
    finish(t, two, (two.seats[0][1],))  # 4 left: one table
    (final,) = of(events, FinalTable)
    assert len(t.tables) == 1 and final.table in t.tables
    assert sorted(final.players) == sorted(t.where)


def test_the_standings_say_who_is_left_where_and_the_places():
    t, _, _ = started(10, 5)
    one = dealt(t, 1)
    gone = one.seats[0][1]
    finish(t, one, (gone,))
    standings = t.standings()
    assert (standings.entrants, standings.players_left, standings.average_stack) == (10, 9, 1111)
    assert standings.players[0].chips == 2000  # the leader first
    assert standings.players[-1] == t.player(gone)
    assert t.player(gone).place == 10 and t.player(gone).seat is None
    for row in standings.players[:-1]:
        assert t.tables[row.table].seats[row.seat] == row.player and row.place is None
    with pytest.raises(TournamentError) as refused:
        t.player("nobody")
    assert refused.value.reason == "not_registered"


def test_a_tournament_saved_before_its_start_draws_the_same_seats_when_read_back():
    clock = Clock(0.0)
    t = Tournament(Structure(players=6, starting_stack=1000, schedule=SCHEDULE,
                             seats_per_table=4), rng=random.Random(7), clock=clock)
    for i in range(5):
        t.register(f"p{i}")
    back = tournament_from_json(json.loads(json.dumps(tournament_to_json(t))), clock=clock)
    t.register("last")
    back.register("last")
    assert back.state == "running" and len(back.tables) == 2
    assert back.where == t.where and back.tables == t.tables  # the draw's generator too
    with pytest.raises(TournamentError) as refused:
        tournament_from_json({"format": 1, "rng": [3, [], None]}, clock=clock)
    assert refused.value.reason == "saved"
