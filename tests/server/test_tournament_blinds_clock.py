"""When a tournament's clock raises the blinds, told at its tables (L said
the blinds only: local games and rooms say "The blinds go up in 4 hands.").
Each table message of a tournament's table carries ``next_level_in``: the
seconds until the blinds go up from those of the table's hand, counted on
the tournament's clock when the table is sent (0 once that level has begun:
the next hand is dealt at it).  In process, through the lobby's messages,
on the test's clock."""

from __future__ import annotations

import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Away, Back, Hello, Table
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name


def tables(lobby: Lobby, conn: str) -> list[Table]:
    """The tables sent to ``conn`` since the last look."""
    return [m for c, m in lobby.take() if c == conn and isinstance(m, Table)]


def test_each_table_says_when_the_tournament_clock_raises_the_blinds():
    now = [1_000.0]
    desk = TournamentDesk([Offer("x", "tournament", 2, 3, "turbo")], shipped_variants(),
                          clock=lambda: now[0])
    (key,) = desk.entries
    t = desk.tournament(key)
    desk.register(key, "Ann")
    t.register(computer_name(1))  # (as the desk fills a sit-and-go: it starts)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(3), key=key)
    lobby = Lobby(__version__, clock=time.monotonic)
    play.attach(lobby)
    play.play(0)
    number, _seat = t.where["Ann"]
    room = play.rooms[number]
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", room.code, __version__, play.token("Ann")))
    first = tables(lobby, "ann")
    assert first and first[-1].level == 0 and first[-1].next_level_in == 5 * 60, first[-1:]
    now[0] += 120.5
    lobby.receive("ann", Away())  # (her seat checks or folds at once)
    (later,) = tables(lobby, "ann")[-1:]
    assert later.next_level_in == 180  # (seconds rounded up)
    now[0] += 180  # the second level has begun: the next hand is dealt at it
    lobby.receive("ann", Back())
    (due,) = tables(lobby, "ann")[-1:]
    assert due.level == 0 and due.next_level_in == 0
    lobby.receive("ann", Away())
    assert play.play(1) == 1
    dealt = tables(lobby, "ann")[-1]
    assert dealt.level == 1 and dealt.next_level_in == 300  # (299.5: turbo, five minutes a level)
    # the blinds of other rooms are raised by hands, or not at all: no such field
    # written (QUIET), so what they send is byte for byte what it was
