"""A person moved to a table in the middle of its hand shows there at once
(issue 35): named at their seat, with their stack, sitting out of the hand
being played (they are dealt in from the next), never ``empty`` until the
next deal.  In process, through the lobby's messages: Bo plays his table and
is to act when Ann (not connected) is moved to its free seat."""

from __future__ import annotations

import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Hello, NextHand, Table
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name
from holdem_desktop.tournament import PlayerMoved


def apart() -> tuple[TournamentDesk, str]:
    """A sit-and-go of six at two tables of four (three at each, a seat
    free), Ann and Bo drawn to different tables."""
    for seed in range(100):
        desk = TournamentDesk([Offer("x", "tournament", 6, 4, "turbo")], shipped_variants(),
                              clock=time.time)
        (key,) = desk.entries
        t = desk.tournament(key)
        t.rng = random.Random(seed)
        desk.register(key, "Ann")
        desk.register(key, "Bo")
        for k in range(1, 5):  # (as the desk fills a sit-and-go)
            t.register(computer_name(k))
        if t.where["Ann"][0] != t.where["Bo"][0]:
            return desk, key
    raise AssertionError("no such draw")  # pragma: no cover


def test_a_person_moved_in_mid_hand_shows_with_their_stack():
    desk, key = apart()
    t = desk.tournament(key)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(3), key=key)
    lobby = Lobby(__version__, clock=time.monotonic)
    play.attach(lobby)
    play.play()
    number, seat = t.where["Bo"]
    room = play.rooms[number]
    lobby.connect("bo", "127.0.0.1")
    lobby.receive("bo", Hello("Bo", room.code, __version__, play.token("Bo")))
    s = room.tsession
    for _turn in range(100):  # Next hand until a hand waits on Bo's decision
        if s.hand is not None and not s.hand.over and s.hand.to_act == seat:
            break
        lobby.receive("bo", NextHand())
    assert s.hand is not None and not s.hand.over and s.hand.to_act == seat
    lobby.take()
    stack = t.chips["Ann"]
    free = next(k for k, p in enumerate(t.tables[number].seats) if p is None)
    play._move(PlayerMoved("Ann", t.where["Ann"][0], t.where["Ann"][1], number, free, 1, False,
                           None))
    play._flush()  # (what the rooms said goes out, as at the end of the owner's turn)
    tables = [m for conn, m in lobby.take() if conn == "bo" and isinstance(m, Table)]
    assert tables, "Bo was not told the table changed"
    shown = tables[-1]
    assert shown.names[free] == "Ann"
    assert shown.kinds[free] != "empty", shown.kinds
    assert shown.chips[free] == stack > 0, (shown.chips, stack)
    assert free not in s.hand.seats  # she sits out of the hand being played
    assert not s.hand.over and s.hand.to_act == seat  # which goes on: Bo is still to act
