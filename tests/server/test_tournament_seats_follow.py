"""A table waiting between hands shows the seats the tournament has now
(found playing a sit-and-go by ear and by eye): computers moved to or from
it by another table's breaking or balancing were seated in its room only
when its next hand was dealt, so until then the person there read (I, S)
and saw players who had left it (one already out) and not those who had
come.  In process, through the lobby's messages: Ann at her table has not
pressed Next hand (it waits for her) while the other tables play on and
move computers to and from hers."""

from __future__ import annotations

import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Hello, Table, Welcome
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name
from holdem_desktop.tournament import PlayerMoved

SEED = 0
"""A draw where computers move to and from Ann's table while it waits."""


def test_a_table_between_hands_is_shown_with_the_computers_moved_in_and_out():
    desk = TournamentDesk([Offer("x", "tournament", 9, 3, "turbo")], shipped_variants(),
                          clock=time.time)
    (key,) = desk.entries
    t = desk.tournament(key)
    t.rng = random.Random(SEED)
    desk.register(key, "Ann")
    for k in range(1, 9):
        t.register(computer_name(k))  # (as the desk fills a sit-and-go: it starts)
    moves: list[PlayerMoved] = []
    t.listeners.append(lambda e: moves.append(e) if isinstance(e, PlayerMoved) else None)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(SEED), key=key)
    lobby = Lobby(__version__, clock=time.monotonic)
    play.attach(lobby)
    play.play(0)
    number, _seat = t.where["Ann"]
    room = play.rooms[number]
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", room.code, __version__, play.token("Ann")))
    for _turn in range(50):  # the other tables play on (hers waits for her Next hand)
        play.play(100)
    assert room.tsession.hands_played == 0 and t.where["Ann"][0] == number
    mine = [(m.player, m.from_table, m.to_table) for m in moves
            if number in (m.from_table, m.to_table)]
    assert any(to == number for _p, _f, to in mine) and any(f == number for _p, f, _t in mine)
    shown = [m for c, m in lobby.take() if c == "ann" and isinstance(m, Table)]
    assert shown, "Ann was told no table"
    assert list(shown[-1].names) == [p or "" for p in t.tables[number].seats], (
        shown[-1].names, t.tables[number].seats, mine)
    assert all(k != "empty" for k, p in zip(shown[-1].kinds, t.tables[number].seats,
                                            strict=True) if p)


def test_the_computers_moved_in_and_out_are_said_at_the_table():
    """The same draw as heard by Ann's window (the Desktop's RemoteTable fed
    her messages): each computer that comes is said with its seat, each
    that leaves with chips (moved, not out) is said gone, in the order the
    tables came."""
    desk = TournamentDesk([Offer("x", "tournament", 9, 3, "turbo")], shipped_variants(),
                          clock=time.time)
    (key,) = desk.entries
    t = desk.tournament(key)
    t.rng = random.Random(SEED)
    desk.register(key, "Ann")
    for k in range(1, 9):
        t.register(computer_name(k))
    moves: list[PlayerMoved] = []
    t.listeners.append(lambda e: moves.append(e) if isinstance(e, PlayerMoved) else None)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(SEED), key=key)
    lobby = Lobby(__version__, clock=time.monotonic)
    play.attach(lobby)
    play.play(0)
    number, _seat = t.where["Ann"]
    room = play.rooms[number]
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", room.code, __version__, play.token("Ann")))
    sent = [m for c, m in lobby.take() if c == "ann"]
    (welcome,) = [m for m in sent if isinstance(m, Welcome)]
    remote = RemoteTable(object(), shipped_variants()["tournament"], welcome)  # type: ignore[arg-type]
    heard: list[str] = []
    remote.on_news = heard.append
    for m in sent:
        remote.handle(m)
    assert heard == [], heard  # (her own arrival: the table as it is, nothing moved)
    for _turn in range(50):
        play.play(100)
        for m in [m for c, m in lobby.take() if c == "ann"]:
            remote.handle(m)
    came = [(m.player, m.to_seat) for m in moves if m.to_table == number]
    gone = [m.player for m in moves if m.from_table == number]
    assert came and gone
    said = " ".join(heard)
    for player, seat in came:
        assert f"Computer {player[9:]} comes to seat {seat + 1}." in said, heard
    for player in gone:
        assert f"Computer {player[9:]} leaves this table." in said, heard
    assert "computer:" not in said
