"""A person's table is served before the computers' tables play on (issue
35, bench/tournament_server.py at 1,000 entrants): each of a person's
messages dealt up to 50 hands of the computers' tables before its answer
went out (a quarter of a second of the server's loop), so the people's p99
was 400-900 ms.  Now a room's own turn deals only its own table, and the
computers' tables are dealt by :meth:`TablePlay.play` (which the server
calls a few milliseconds at a time, the people's messages in between).

In process, through the lobby's messages: a sit-and-go of 60 at tables of
three (twenty tables, nineteen of computers, every one with hands to play);
Bo says hello, presses Next hand until he is to act, and acts: the answers
come with no computer's hand dealt; then ``play`` deals its budget of
computers' hands, and none when its time is up already."""

from __future__ import annotations

import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Act, Hello, NextHand, Table
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name


def bo_and_computers(entrants: int, seed: int, deal_seed: int
                     ) -> tuple[TournamentDesk, TablePlay, Lobby]:
    """A sit-and-go of ``entrants`` at tables of three: Bo and computers,
    its tables played by a :class:`TablePlay` (not yet attached)."""
    desk = TournamentDesk([Offer("x", "tournament", entrants, 3, "turbo")],
                          shipped_variants(), clock=time.time)
    (key,) = desk.entries
    t = desk.tournament(key)
    t.rng = random.Random(seed)
    desk.register(key, "Bo")
    for k in range(1, entrants):  # (as the desk fills a sit-and-go)
        t.register(computer_name(k))
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(deal_seed), key=key)
    return desk, play, Lobby(__version__, clock=time.monotonic)


def sixty() -> tuple[TablePlay, Lobby]:
    _desk, play, lobby = bo_and_computers(60, 35, 3)
    assert len(play.tournament.tables) == 20
    play.attach(lobby)
    return play, lobby


def computers_hands(play: TablePlay) -> int:
    """Hands dealt at the tables where Bo does not sit."""
    t = play.tournament
    return sum(table.hands for n, table in t.tables.items() if n != t.where["Bo"][0])


def test_a_persons_messages_are_answered_before_any_computer_table_plays():
    play, lobby = sixty()
    t = play.tournament
    assert play.play(0) == 0  # the rooms open; no hand dealt yet
    number, seat = t.where["Bo"]
    room = play.rooms[number]
    lobby.connect("bo", "127.0.0.1")
    lobby.receive("bo", Hello("Bo", room.code, __version__, play.token("Bo")))
    assert computers_hands(play) == 0  # (the old turn dealt 50 here)
    s = room.tsession
    for _turn in range(20):  # Next hand until a hand waits on Bo's decision
        if s.hand is not None and not s.hand.over and s.hand.to_act == seat:
            break
        lobby.receive("bo", NextHand())
    assert s.hand is not None and not s.hand.over and s.hand.to_act == seat
    assert t.tables[number].hands >= 1  # his own table was dealt in his turn
    assert computers_hands(play) == 0  # and nothing else: his messages waited for no one
    lobby.take()

    legal = {a.kind for a in s.hand.legal_actions()}
    kind = ActionKind.CHECK if ActionKind.CHECK in legal else ActionKind.FOLD
    hand, decision = room.decision
    lobby.receive("bo", Act(kind, 0, hand, decision))
    answers = [m for conn, m in lobby.take() if conn == "bo" and isinstance(m, Table)]
    assert answers and answers[-1].decision != decision  # answered, the table moved on
    assert computers_hands(play) == 0

    # the computers' tables: a budget of hands, or until a time
    assert play.play(7) == 7 and computers_hands(play) == 7
    assert play.play(50, until=time.perf_counter() - 1.0) == 0  # the time is up already
    assert computers_hands(play) == 7
