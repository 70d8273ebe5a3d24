"""A tournament's standings asked from the lobby (``tournament_standings``,
server/tournament_standings.py): the players left, the average stack, the
asker's own stack and rank (or place once out), the blind level now and
the next one and when; refused with the documented reasons, and a
malformed request refused to its sender alone."""

from __future__ import annotations

import random

from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Error
from holdem_desktop.net.standings_messages import AskStandings, TournamentStandings
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentList, Tournaments
from holdem_desktop.server.tournament_news import Followers
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournament_standings import standings_answer
from holdem_desktop.server.tournaments import Offer, TournamentDesk
from tests.clock import Clock

from .test_server import next_message, online
from .test_tournament_play import TWELVE

SIX = Offer("Six", "tournament", players=6, seats_per_table=3, speed="turbo")


def test_the_standings_count_the_table_and_the_clock():
    clock = Clock(1000.0)
    desk = TournamentDesk([SIX], shipped_variants(), clock=clock, rng=random.Random(3))
    followers = Followers(desk)
    (key,) = desk.entries
    assert standings_answer(desk, followers, "c1", AskStandings(key)) == Error(
        "tournament", {"reason": "not_running"})
    for name in ("Ada", "Bo", "Cy", "Di", "Ed", "Fay"):
        desk.register(key, name)
        followers.entry("c1" if name == "Ada" else "c2", TournamentEntry(key, name))
    t = desk.tournament(key)
    TablePlay(t, desk.variants["tournament"], rng=random.Random(4)).play(12)
    clock.now += 7 * 60 + 20  # turbo: 5 minutes a level; level 2 now, level 3 in 2:40
    got = standings_answer(desk, followers, "c1", AskStandings(key))
    assert isinstance(got, TournamentStandings), got
    left = sorted(t.where, key=lambda p: -t.chips[p])
    assert (got.state, got.entrants, got.left) == ("running", 6, len(left))
    assert got.average == 6 * 1500 // len(left)
    assert (got.level, got.blinds, got.ante) == (2, (20, 40), 0)
    assert (got.next_blinds, got.next_in) == ((30, 60), 160)
    assert got.name == "Ada"
    if "Ada" in t.where:
        assert got.chips == t.chips["Ada"] > 0 and got.place == 0
        assert got.rank == 1 + sum(1 for p in left if t.chips[p] > got.chips)
    else:
        assert (got.chips, got.rank) == (0, 0) and got.place == t.places["Ada"]
    # another connection plays no one there: the table, not a stack
    other = standings_answer(desk, followers, "c3", AskStandings(key))
    assert isinstance(other, TournamentStandings)
    assert (other.name, other.chips, other.rank, other.left) == ("", 0, 0, got.left)
    assert standings_answer(desk, followers, "c1", AskStandings("t99")) == Error(
        "tournament", {"reason": "no_tournament"})
    assert standings_answer(None, None, "c1", AskStandings(key)) == Error(
        "tournament", {"reason": "none"})


def test_the_server_answers_the_standings_and_refuses_a_bad_request_to_its_sender(
        make_server, tmp_path):
    offers = tmp_path / "twelve.toml"
    offers.write_text(TWELVE, encoding="utf-8")
    served = make_server(tournaments=offers)
    ann, eve = online(served), online(served)
    ann.connect()
    eve.connect()
    try:
        ann.send(TournamentList())
        listed = next_message(ann, (Tournaments,))
        assert isinstance(listed, Tournaments)
        (twelve,) = listed.tournaments
        ann.send(TournamentEntry(twelve.id, "Ann"))  # the computers fill it: it starts
        assert isinstance(next_message(ann, (Tournaments,)), Tournaments)
        ann.send(AskStandings(twelve.id))
        got = next_message(ann, (TournamentStandings, Error))
        assert isinstance(got, TournamentStandings), got
        assert (got.id, got.entrants, got.name) == (twelve.id, 12, "Ann")
        assert 1 <= got.left <= 12 and got.level >= 1 and got.blinds[1] > 0
        if got.state == "running" and got.place == 0:
            assert 1 <= got.rank <= got.left and got.chips > 0
            assert got.average == 12 * 1500 // got.left
        # Eve sends what no client would: an id no tournament has, then a broken one
        eve.send(AskStandings("t999"))
        assert next_message(eve, (Error,)) == Error("tournament", {"reason": "no_tournament"})
        eve.send_bytes(b'{"v":1,"type":"tournament_standings","id":"../' + b"x" * 60 + b'"}')
        bad = next_message(eve, (Error,))
        assert isinstance(bad, Error) and bad.reason == "malformed"
        eve.send_bytes(b'{"v":1,"type":"tournament_standings"}')
        bad = next_message(eve, (Error,))
        assert isinstance(bad, Error) and bad.reason == "malformed"
        # Ann was told nothing of it, and is still answered
        ann.send(AskStandings(twelve.id))
        again = next_message(ann, (TournamentStandings, Error))
        assert isinstance(again, TournamentStandings) and again.name == "Ann"
        for _ in range(6):  # the lobby's limit: 5 at once, then 1 a second
            eve.send(AskStandings(twelve.id))
        answers = [next_message(eve, (TournamentStandings, Error)) for _ in range(6)]
        assert Error("too_fast", {}) in answers
        assert all(a.name == "" for a in answers if isinstance(a, TournamentStandings))
    finally:
        ann.close()
        eve.close()
