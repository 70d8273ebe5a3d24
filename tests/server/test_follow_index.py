"""``Lobby.awaits_tournament`` answers from an index kept by connection
(server/follow_index.py), not a scan of every follower: through
registrations, their withdrawal, a connection closing, a follow moved to a
new connection, the start (each person's table hello moves their follow to
the table's connection) and the end, it always equals the scan's answer."""

from __future__ import annotations

import random

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Hello
from holdem_desktop.net.tournament_messages import TournamentEntry
from holdem_desktop.server.follow_index import FollowIndex
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_news import Followers
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk

CONNS = ("a", "b", "c", "d", "t1", "t2", "nobody")


def agrees(lobby: Lobby) -> set[str]:
    """The connections that await a tournament, checked against a scan."""
    assert lobby.followers is not None
    scanned = set(dict(lobby.followers.conns).values())
    for conn in CONNS:
        assert lobby.awaits_tournament(conn) == (conn in scanned), conn
    return scanned


def test_the_index_follows_every_change_of_the_followers():
    clock = [1000.0]
    desk = TournamentDesk([Offer("x", "tournament", 4, 4, "turbo")], shipped_variants(),
                          clock=lambda: clock[0])
    (key,) = desk.entries
    desk.tournament(key).rng = random.Random(1)
    lobby = Lobby(__version__, clock=lambda: clock[0])
    lobby.desk = desk
    lobby.followers = Followers(desk)

    def enter(conn: str, name: str, register: bool = True) -> None:
        lobby.connect(conn, "127.0.0.1")
        lobby.receive(conn, TournamentEntry(key, name, register, f"{ord(name[0]):032x}"))

    assert agrees(lobby) == set()
    enter("a", "Ann")
    enter("b", "Bo")
    assert agrees(lobby) == {"a", "b"}
    enter("b", "Bo", register=False)  # taken back
    assert agrees(lobby) == {"a"}
    enter("b", "Bo")
    enter("c", "Cy")
    lobby.disconnect("c")  # Cy's link closed: not followed there any more
    assert agrees(lobby) == {"a", "b"}
    enter("d", "Cy")  # from a new connection, with the registration's token
    assert agrees(lobby) == {"a", "b", "d"}
    enter("a", "Di")  # the fourth: it starts
    t = desk.tournament(key)
    assert t.state == "running"
    assert agrees(lobby) == {"a", "b", "d"}
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(2), key=key)
    play.attach(lobby)
    play.play()  # its table opens
    (room,) = play.rooms.values()
    for conn, name in (("t1", "Ann"), ("t2", "Di")):  # at the table on connections of their own
        lobby.connect(conn, "127.0.0.1")
        lobby.receive(conn, Hello(name, room.code, __version__, play.token(name)))
    assert agrees(lobby) == {"t1", "t2", "b", "d"}  # ("a" followed Ann and Di: both moved)
    lobby.disconnect("t2")
    assert agrees(lobby) == {"t1", "b", "d"}


def test_the_index_is_a_map_whatever_changes_it():
    index = FollowIndex()
    index[("t", "Ann")] = "a"
    index[("t", "Bo")] = "a"
    index.update({("u", "Ann"): "b"})
    index.setdefault(("u", "Cy"), "c")
    assert index.holds("a") and index.holds("b") and index.holds("c")
    index[("t", "Ann")] = "b"  # moved to another connection
    assert index.keys_of("a") == {("t", "Bo")}
    assert index.keys_of("b") == {("t", "Ann"), ("u", "Ann")}
    del index[("t", "Bo")]
    assert not index.holds("a")
    assert index.pop(("u", "Cy")) == "c" and not index.holds("c")
    assert index.pop(("u", "Cy"), None) is None
    index.clear()
    assert not index.holds("b") and dict(index) == {}
