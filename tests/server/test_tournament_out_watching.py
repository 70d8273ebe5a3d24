"""A person out of a tournament before its end (issue 35), in process
through the lobby's messages: she watches her table; a hello with her
token after a dropped link is welcomed as a watcher's (never refused),
and her news follows her there; the ranking at the end reaches her before
the bye that closes the table: the whole field for a small one, with each
account's rating change."""

from __future__ import annotations

import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Away, Bye, Hello, NextHand, Refused, Welcome
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentNews
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_news import Followers
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name
from holdem_desktop.tournament import TableBroken

SEED = 14
"""A draw where she is out before the end (the order the tables are dealt in
chooses it: a person's own messages deal no other table since the tables
are dealt in slices; 3 before)."""


def test_out_she_watches_to_the_end_and_hears_the_ranking():
    desk = TournamentDesk([Offer("x", "tournament", 12, 4, "turbo")], shipped_variants(),
                          clock=time.time)
    (key,) = desk.entries
    t = desk.tournament(key)
    t.rng = random.Random(SEED)
    events: list[object] = []
    t.listeners.append(events.append)
    lobby = Lobby(__version__, clock=time.monotonic)
    lobby.desk, lobby.followers = desk, Followers(desk)
    rated: list[tuple[str, int]] = []

    def rate(k: str, ranking: tuple[tuple[str, int], ...]) -> dict[str, int]:
        rated.extend(ranking)
        return {"Ann": 42}
    lobby.followers.rate = rate
    lobby.connect("lobby", "127.0.0.1")
    lobby.receive("lobby", TournamentEntry(key, "Ann"))
    for k in range(1, 12):
        t.register(computer_name(k))
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(SEED), key=key)
    play.attach(lobby, reachable=False)
    play.play(0)
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", play.rooms[t.where["Ann"][0]].code, __version__,
                               play.token("Ann")))
    lobby.receive("ann", Away())
    conn = "ann"
    heard: list[tuple[str, object]] = []
    again = False
    for _turn in range(20000):
        heard += [(c, m) for c, m in lobby.take() if c.startswith("ann")]
        if t.state != "running":
            break
        if "Ann" in t.places and not again:
            # out: her link drops and comes back with her token
            again = True
            lobby.disconnect(conn)
            conn = "ann2"
            lobby.connect(conn, "127.0.0.1")
            lobby.receive(conn, Hello("Ann", "000000", __version__, play.token("Ann")))
            welcome = [m for c, m in lobby.take() if c == conn]
            assert not any(isinstance(m, Refused) for m in welcome), welcome
            (w,) = [m for m in welcome if isinstance(m, Welcome)]
            assert w.seat is None  # a watcher
            assert lobby.room_of(conn) == w.code
        play.play(1)  # (a hand a turn: the test speaks between them)
        if lobby.room_of(conn):  # (moved with her link, she plays again: away at once)
            lobby.receive(conn, Away() if "Ann" not in t.places else NextHand())
    heard += [(c, m) for c, m in lobby.take() if c.startswith("ann")]
    assert again and t.state == "over"
    assert any(isinstance(e, TableBroken) for e in events)
    mine = [(c, m) for c, m in heard if c == conn]
    over = [k for k, (_c, m) in enumerate(mine) if isinstance(m, TournamentNews)
            and m.what == "over"]
    assert over, [m for _c, m in mine][-5:]
    news = mine[over[0]][1]
    assert len(news.ranking) == 12 and news.places[0] == 1  # a small field: everyone
    assert news.rated == ("Ann",) and news.changes == (42,)
    assert news.place == t.places["Ann"]
    byes = [k for k, (_c, m) in enumerate(mine) if isinstance(m, Bye)]
    assert all(k > over[0] for k in byes), byes  # the ranking before the bye
    assert sorted(rated) == sorted(t.places.items())


def test_a_watcher_out_moves_on_when_her_table_is_broken():
    """(The owner's part alone: her table's room closes as a break closes it.)"""
    desk = TournamentDesk([Offer("x", "tournament", 12, 4, "turbo")], shipped_variants(),
                          clock=time.time)
    (key,) = desk.entries
    t = desk.tournament(key)
    t.rng = random.Random(SEED)
    desk.register(key, "Ann")
    for k in range(1, 12):
        t.register(computer_name(k))
    lobby = Lobby(__version__, clock=time.monotonic)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(SEED), key=key)
    play.attach(lobby, reachable=False)
    play.play(0)
    number = t.where["Ann"][0]
    room = play.rooms[number]
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", room.code, __version__, play.token("Ann")))
    play._out(room, "Ann")  # (as when she is out: a watcher of her table)
    lobby.take()
    play._close(number, "table_broken")
    told = [m for c, m in lobby.take() if c == "ann"]
    assert not any(isinstance(m, Bye) for m in told), told
    (welcome,) = [m for m in told if isinstance(m, Welcome)]
    assert welcome.seat is None and welcome.code != room.code
    assert lobby.room_of("ann") == welcome.code
    assert lobby.seats[play.token("Ann")] == welcome.code  # her token reaches it
