"""A running tournament's tables played on the server (server/tournament_play.py
through the desk's file, as ``serve --tournaments`` ticks it): a sit-and-go of
twelve at two tables of six, computers filling it, is dealt by the core,
breaks to its final table and reaches its places; stopped in the middle of
a hand and started again from its save, it goes on from that hand; its news
follows a person to the connection they come back on."""

from __future__ import annotations

import random
from pathlib import Path

from holdem_desktop.net.tournament_messages import TournamentEntry
from holdem_desktop.server.tournament_news import Followers
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournament_save import read_desk
from holdem_desktop.server.tournament_service import DeskFile
from holdem_desktop.tournament import PlayerMoved, TableBroken

TWELVE = '''
[[tournament]]
name = "Twelve"
variant = "tournament"
players = 12
seats_per_table = 6
speed = "turbo"
computers_after = 0
'''


def tournament_served(make_server, tmp_path: Path, seed: int | None = None,
                      offer: str = TWELVE, **settings):
    """A server offering one tournament (``offer``, the Twelve sit-and-go
    unless told; other ``settings`` of the server's too): (served, its
    tournament desk, the tournament's key, the tournament, its draw seeded
    with ``seed``)."""
    offers = tmp_path / "offers.toml"
    offers.write_text(offer, encoding="utf-8")
    served = make_server(tournaments=offers, **settings)
    desk = served.server.tournaments
    (key,) = desk.desk.entries
    t = desk.desk.tournament(key)
    if seed is not None:
        t.rng = random.Random(seed)
    return served, desk, key, t


def started(tmp_path: Path) -> tuple[DeskFile, str]:
    offers = tmp_path / "tournaments.toml"
    offers.write_text(TWELVE, encoding="utf-8")
    desk = DeskFile(offers, tmp_path / "data")
    (key,) = desk.desk.entries
    desk.desk.register(key, "Ana")
    desk.desk.tick()  # the computers fill it: it starts
    assert desk.desk.tournament(key).state == "running"
    return desk, key


def saved(tmp_path: Path, key: str) -> dict:
    data = read_desk(tmp_path / "data" / "tournaments.json")
    (entry,) = [e for e in data["entries"] if e["id"] == key]
    return entry["tournament"]


def complete(places: dict[str, int]) -> bool:
    """Every one of the twelve placed, from 1, players out together sharing a place."""
    ranked = sorted(places.values())
    return len(ranked) == 12 and all(p in (i + 1, ranked[i - 1]) for i, p in enumerate(ranked))


def test_a_sit_and_go_of_twelve_is_played_to_its_places(tmp_path):
    desk, key = started(tmp_path)
    t = desk.desk.tournament(key)
    heard: list[object] = []
    t.listeners.append(heard.append)
    total = 12 * t.structure.starting_stack
    ticks = 0
    while t.state == "running":
        desk.tick()
        ticks += 1
        assert sum(t.chips[p] for p in t.where) == total
        assert ticks < 2000, "the tournament does not progress"
    assert t.state == "over"
    assert complete(t.places) and "Ana" in t.places
    assert any(isinstance(e, TableBroken) for e in heard)
    assert any(isinstance(e, PlayerMoved) and e.broken for e in heard)
    assert saved(tmp_path, key)["state"] == "over"  # the end is saved too
    assert key not in desk.plays


def test_a_restart_goes_on_from_the_hand_in_progress(tmp_path):
    desk, key = started(tmp_path)
    before = desk.desk.tournament(key)
    TablePlay(before, desk.desk.variants["tournament"]).play(7)
    # The draw and the computers are not seeded: after seven hands either
    # table may have been broken, so the hand is dealt at one still there.
    number = min(n for n, table in before.tables.items() if table.count >= 2)
    deal = before.deal(number)  # a hand in progress when it stops
    assert deal is not None
    desk.save()
    again = DeskFile(tmp_path / "tournaments.toml", tmp_path / "data")
    t = again.desk.tournament(key)
    assert t.tables[number].playing == deal
    hands = t.tables[number].hands
    again.tick()
    assert t.tables.get(number) is None or t.tables[number].hands > hands  # that hand was played
    while t.state == "running":
        again.tick()
    assert complete(t.places)


def test_the_news_follows_the_person_to_their_new_connection(tmp_path):
    """Ann's connection drops; asking to register again from the new one
    (refused: the tournament runs) makes the rest of the news hers there."""
    desk, key = started(tmp_path)
    followers = Followers(desk.desk)
    followers.entry("first", TournamentEntry(key, "Ana"))
    followers.entry("other", TournamentEntry(key, "Bo"))  # not registered: not followed
    followers.forget("first")
    followers.entry("second", TournamentEntry(key, "Ana"))
    t = desk.desk.tournament(key)
    while t.state == "running":
        desk.tick()
    told = followers.take()
    assert {conn for conn, _ in told} == {"second"}
    assert told[-1][1].what == "over" and told[-1][1].name == "Ana"
    assert [n.what for _, n in told].count("final_table") == 1
