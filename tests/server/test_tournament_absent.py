"""A person whose connection drops keeps their seat at a human pace (issue
35): in process through the lobby's messages, on a clock of the test's
own (nothing sleeps).  Ann sits at a table of computers and her link
drops: her turn waits the table's turn clock before the game folds (or
checks) for her, and the hands at her table wait the clock's base time
between them, so a minute costs her a few blinds, not her stack; the
others there hear the public tables' news ("lost", "turn_waits",
"timed_out_fold"); her hello with her token gives her the seat back and
she acts at once; the core still balances and breaks her table between
hands; every other table plays on at the computers' speed."""

from __future__ import annotations

import random

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Act, Away, Back, Error, Hello, News, NextHand, Welcome
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name
from holdem_desktop.tournament import PlayerMoved, TableBroken

SEED = 3


class Clock:
    """The test's clock: it moves when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _started(seed: int = SEED, players: int = 12, seats: int = 4):
    """Ann and computers at tables of ``seats``, the tables open (none dealt),
    Ann at hers: (clock, lobby, play, tournament, events)."""
    clock = Clock()
    desk = TournamentDesk([Offer("x", "tournament", players, seats, "turbo")],
                          shipped_variants(), clock=clock)
    (key,) = desk.entries
    t = desk.tournament(key)
    t.rng = random.Random(seed)
    events: list[object] = []
    t.listeners.append(events.append)
    desk.register(key, "Ann")
    for k in range(1, players):
        t.register(computer_name(k))
    lobby = Lobby(__version__, clock=clock)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(seed), key=key)
    play.attach(lobby)  # (a server's lobby: people come back to it)
    play.play(0)
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", play.rooms[t.where["Ann"][0]].code, __version__,
                               play.token("Ann")))
    return clock, lobby, play, t, events


def _run(clock: Clock, lobby: Lobby, play: TablePlay, seconds: float, step: float = 0.5,
         until=lambda: False) -> None:
    """``seconds`` of the test's clock, as the server's loop spends them:
    every room's tick, and the computers' tables dealt (a budget a turn)."""
    end = clock.now + seconds
    while clock.now < end and play.tournament.state == "running" and not until():
        clock.now += step
        lobby.tick()
        play.play()


def test_a_dropped_link_costs_a_few_blinds_a_minute_and_she_comes_back_and_acts():
    clock, lobby, play, t, _events = _started()
    number = t.where["Ann"][0]
    room = play.rooms[number]
    start = t.chips["Ann"]
    big = room.tsession.blind_level().blinds[-1]
    lobby.connect("eve", "127.0.0.1")  # (a watcher: what everyone at the table hears)
    lobby.receive("eve", Hello("Eve", room.code, __version__))
    lobby.take()
    lobby.disconnect("ann")
    hands_before = {n: r.tsession.hands_played for n, r in play.rooms.items()}
    dealt = play.hands

    def lost() -> tuple[int, int]:
        """(hands dealt at her table since, chips she lost)"""
        here = play.rooms[number].tsession
        return (here.hands_played - hands_before[number],
                start - here.seats[t.where["Ann"][1]].chips)

    _run(clock, lobby, play, 60.0)  # a minute: her turn waits the clock yet
    assert t.state == "running" and "Ann" not in t.places
    assert t.where["Ann"][0] == number  # (the draw keeps her table whole these minutes)
    hands, chips = lost()
    assert hands <= 1 and chips <= big, (hands, chips, big)

    _run(clock, lobby, play, 120.0)  # three minutes: timed out, sat out, a human pace
    assert t.state == "running" and "Ann" not in t.places
    assert t.where["Ann"][0] == number
    hands, chips = lost()
    assert 2 <= hands <= 6 and chips <= 3 * big, (hands, chips, big)  # not her stack
    elsewhere = play.hands - dealt - hands  # the other tables fly on (broken since, here)
    assert elsewhere > 20 * hands, (elsewhere, hands)
    heard = [m for c, m in lobby.take() if c == "eve"]
    words = [m.what for m in heard if isinstance(m, News)]
    assert words[0] == "lost" and "turn_waits" in words and "sat_out" in words, words
    assert "timed_out_fold" in words or "timed_out_check" in words, words

    # back with her token: her seat at once, and she acts when her turn comes
    lobby.connect("ann2", "127.0.0.1")
    lobby.receive("ann2", Hello("Ann", "000000", __version__, play.token("Ann")))
    out = lobby.take()
    told = [m for c, m in out if c == "ann2"]
    (welcome,) = [m for m in told if isinstance(m, Welcome)]
    assert News("back", ("Ann",)) in [m for c, m in out if c == "eve"]
    seat = t.where["Ann"][1]
    assert welcome.seat == seat
    room = play.rooms[t.where["Ann"][0]]

    def her_turn() -> bool:
        s = room.tsession
        return s.hand is not None and not s.hand.over and s.waiting_for == seat

    for _turn in range(400):
        if her_turn():
            break
        clock.now += 0.5
        lobby.tick()
        play.play()
        lobby.take()
        if room.tsession.hand is None or room.tsession.hand.over:
            lobby.receive("ann2", NextHand())  # (between hands: she is ready)
    assert her_turn()
    hand, decision = room.decision
    dealt_hand = room.tsession.hand
    assert dealt_hand is not None
    acted = len(dealt_hand.actions)
    kind = ActionKind.CHECK if room.tsession.view(seat).to_call == 0 else ActionKind.FOLD
    lobby.receive("ann2", Act(kind, 0, hand, decision))
    errors = [m for c, m in lobby.take() if c == "ann2" and isinstance(m, Error)]
    assert errors == [], errors
    assert dealt_hand.actions[acted][0] == seat  # hers, played as she chose
    assert dealt_hand.actions[acted][1].kind == kind


def test_her_table_still_balances_and_breaks_while_she_is_away():
    clock, lobby, play, t, events = _started()
    lobby.disconnect("ann")
    lobby.take()
    first = t.where["Ann"][0]

    def reached() -> bool:
        return any((isinstance(e, PlayerMoved) and e.from_table == first)
                   or (isinstance(e, TableBroken) and e.table == first) for e in events)

    _run(clock, lobby, play, 3 * 3600.0, step=1.0, until=reached)
    assert reached(), [e for e in events if isinstance(e, PlayerMoved | TableBroken)]
    # reached between two of its hands at a human pace, her chips hers still
    assert play.rooms[first].tsession.hands_played <= 3
    assert "Ann" not in t.places and t.chips["Ann"] > 0
    # and the tournament never waits for ever on her: it ends, her place given
    _run(clock, lobby, play, 3 * 3600.0, step=1.0)
    assert t.state == "over" and "Ann" in t.places


def test_one_whose_time_runs_out_again_and_again_is_paced_too_not_one_away():
    """Connected but silent: the clock sits her out (she did not choose it),
    and her table keeps a human pace; one who presses Away chose the
    computers' speed."""
    clock, lobby, play, t, _events = _started()
    number = t.where["Ann"][0]
    room = play.rooms[number]
    _run(clock, lobby, play, 240.0, until=lambda: room.tsession.hands_played >= 2)
    member = next(m for m in room.members if m.name == "Ann")
    assert member.sat_out is not None and member.conn is not None  # sat out, still here
    before = room.tsession.hands_played
    _run(clock, lobby, play, 60.0)
    assert t.where["Ann"][0] == number and room.tsession.hands_played - before <= 3

    clock, lobby, play, t, _events = _started()
    room = play.rooms[t.where["Ann"][0]]
    lobby.receive("ann", Away())
    _run(clock, lobby, play, 5.0)
    assert t.state == "over" or room.tsession.hands_played > 50  # (as it always was)


def test_one_who_chose_away_is_still_away_at_the_table_she_is_moved_to():
    """Away is her choice, and it goes with her: moved to another table she
    sits out there too (the table neither waits for her Next hand nor runs
    her clock; her seat says so), until Back, there, gives it back."""
    for seed in range(SEED, SEED + 20):  # (a draw where her table is broken or balanced early)
        clock, lobby, play, t, events = _started(seed)
        lobby.receive("ann", Away())
        lobby.take()

        def moved(events: list[object] = events) -> PlayerMoved | None:
            return next((e for e in events if isinstance(e, PlayerMoved) and e.player == "Ann"),
                        None)

        _run(clock, lobby, play, 600.0, step=0.5, until=lambda: moved() is not None)
        if moved() is not None and "Ann" not in t.places:
            break
    move = moved()
    assert move is not None and "Ann" not in t.places
    room = play.rooms[move.to_table]
    member = next(m for m in room.members if m.name == "Ann")
    assert member.conn == "ann" and member.replaced  # still away, her link with her
    assert type(room.tsession.seats[move.to_seat].controller).__name__ == "SitOut"
    assert move.to_seat not in room._awaited()  # nobody waits for her Next hand
    tables = [m for c, m in lobby.take() if c == "ann" and type(m).__name__ == "Table"]
    assert tables and tables[-1].kinds[move.to_seat] == "computer"  # her seat says so
    before = play.hands
    _run(clock, lobby, play, 5.0)  # the tables play on at the computers' speed
    assert t.state == "over" or "Ann" in t.places or play.hands - before > 20

    if "Ann" in t.places or t.state == "over":
        return
    room = play.rooms[t.where["Ann"][0]]
    lobby.receive("ann", Back())  # and Back, at the new table, gives her seat back
    out = lobby.take()
    assert not [m for c, m in out if c == "ann" and isinstance(m, Error)]
    member = next(m for m in room.members if m.name == "Ann")
    assert not member.replaced
    assert type(room.tsession.seats[t.where["Ann"][1]].controller).__name__ == \
        "HumanController"
