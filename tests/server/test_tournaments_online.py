"""A server's tournaments over real ``serve`` processes (issue 35 item 2,
its first part): listed in the lobby with their structure, registration and
its withdrawal with a clear refusal for each bad request (to its sender
alone), a sit-and-go started at N and the next one opened, and every
registration still there after the server stops and starts again."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

import pytest

from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Error
from holdem_desktop.net.tournament_messages import (
    TournamentEntry,
    TournamentInfo,
    TournamentList,
    TournamentNews,
    Tournaments,
)
from holdem_desktop.server.config import ConfigError, parse_config

from .process import ServeProcess
from .test_serve_process import processes  # noqa: F401 (its fixture, used below)
from .test_server import next_message
from .test_tournament_play import TWELVE

OFFERS = '''
[[tournament]]
name = "Three of us"
variant = "tournament"
players = 3
seats_per_table = 3
speed = "turbo"

[[tournament]]
name = "Sunday"
variant = "pot_limit"
players = 40
start = 2099-12-24T20:00:00Z
min_players = 3
'''


@pytest.fixture
def serve(tmp_path, request) -> Callable[[], ServeProcess]:
    started = request.getfixturevalue("processes")  # test_serve_process's: stopped after
    offers = tmp_path / "tournaments.toml"
    offers.write_text(OFFERS, encoding="utf-8")

    def start() -> ServeProcess:
        p = started("--bind", "127.0.0.1", "--port", "0", "--self-signed",
                    "--data", str(tmp_path / "data"), "--tournaments", str(offers))
        p.wait_ready()
        return p

    return start


def connected(p: ServeProcess) -> OnlineClient:
    client = OnlineClient("127.0.0.1", p.port, pin=p.fingerprint)
    client.connect()
    return client


def answer(client: OnlineClient, message: object) -> Tournaments | Error:
    client.send(message)  # type: ignore[arg-type]
    got = next_message(client, (Tournaments, Error))
    assert isinstance(got, Tournaments | Error), got
    return got


def listed(client: OnlineClient) -> list[TournamentInfo]:
    got = answer(client, TournamentList())
    assert isinstance(got, Tournaments), got
    return list(got.tournaments)


def test_listed_registered_refused_started_and_kept_across_a_restart(serve):
    server = serve()
    ann = connected(server)
    try:
        three, sunday = listed(ann)
        assert (three.name, three.variant, three.starting_stack, three.speed,
                three.minutes_per_level, three.seats_per_table, three.registered, three.players,
                three.start, three.state) == ("Three of us", "tournament", 1500, "turbo", 5, 3,
                                              0, 3, None, "registering")
        christmas_eve = datetime.datetime(2099, 12, 24, 20, tzinfo=datetime.UTC).timestamp()
        assert (sunday.variant, sunday.minutes_per_level, sunday.start) == (
            "pot_limit", 10, int(christmas_eve))
        got = answer(ann, TournamentEntry(three.id, "Ann"))
        assert isinstance(got, Tournaments) and got.tournaments[0].registered == 1
        assert answer(ann, TournamentEntry(sunday.id, "Ann")).tournaments[1].registered == 1
        # each bad request refused with its reason, to its sender alone
        assert answer(ann, TournamentEntry(three.id, "Ann")) == Error(
            "tournament", {"reason": "registered"})
        assert answer(ann, TournamentEntry(three.id, "Zed", register=False)) == Error(
            "tournament", {"reason": "not_registered"})
        probe = connected(server)  # (the lobby answers one connection 5 at once, then 1 a s)
        try:
            assert answer(probe, TournamentEntry("t999", "Ann")) == Error(
                "tournament", {"reason": "no_tournament"})
            assert answer(probe, TournamentEntry(three.id, "computer:1")) == Error(
                "tournament", {"reason": "name"})
            refused = answer(probe, TournamentEntry(three.id, "A\u200bnn"))
            assert refused == Error("tournament", {"reason": "name", "problem": "control"})
            probe.send_bytes(b'{"v":1,"type":"tournament_entry","id":"' + b"x" * 40
                             + b'","name":"A"}')
            bad = next_message(probe, (Error,))
            assert isinstance(bad, Error) and bad.reason == "malformed"
            listed(probe)
            listed(probe)
            assert answer(probe, TournamentList()) == Error("too_fast", {})  # the sixth
        finally:
            probe.close()
        # Bo and Cy fill the sit-and-go: it starts, and the next one opens
        bo = connected(server)
        try:
            answer(bo, TournamentEntry(three.id, "Bo"))
            answer(bo, TournamentEntry(three.id, "Cy"))
            now = {t.id: t for t in listed(bo)}
            assert now[three.id].state == "running" and now[three.id].registered == 3
            fresh = [t for t in now.values() if t.name == "Three of us" and t.id != three.id]
            assert [(t.state, t.registered) for t in fresh] == [("registering", 0)]
            assert answer(bo, TournamentEntry(three.id, "Bo", register=False)) == Error(
                "tournament", {"reason": "closed"})
        finally:
            bo.close()
    finally:
        ann.close()
    before = listed_once(server)
    assert server.stop() == 0
    again = serve()
    assert listed_once(again) == before  # the registrations and the running one, read back


def listed_once(p: ServeProcess) -> list[TournamentInfo]:
    client = connected(p)
    try:
        return listed(client)
    finally:
        client.close()


def test_a_sit_and_go_of_computers_and_a_person_is_played_to_its_places(tmp_path, request):
    """Ann registers; the computers fill the twelve seats at once; the
    tables are dealt and played (Ann never goes to her table: her seat
    checks or folds at once, on a server set not to keep an absent person's
    pace), a table breaks, and Ann hears the news on the connection she
    registered from, down to her place and the ranking."""
    offers = tmp_path / "twelve.toml"
    offers.write_text(TWELVE, encoding="utf-8")
    settings = tmp_path / "server.toml"
    settings.write_text("tournament_pace = false\n", encoding="utf-8")
    started = request.getfixturevalue("processes")  # test_serve_process's: stopped after
    server = started("--bind", "127.0.0.1", "--port", "0", "--self-signed",
                     "--data", str(tmp_path / "data"), "--tournaments", str(offers),
                     "--config", str(settings))
    server.wait_ready()
    ann = connected(server)
    try:
        (twelve,) = listed(ann)
        got = answer(ann, TournamentEntry(twelve.id, "Ann"))
        assert isinstance(got, Tournaments)
        assert [(t.registered, t.state) for t in got.tournaments if t.id == twelve.id] == [
            (12, "running")]  # the computers filled it at once, the next one opened
        heard: list[TournamentNews] = []
        while not heard or heard[-1].what != "over":
            news = next_message(ann, (TournamentNews,), seconds=60.0)
            assert isinstance(news, TournamentNews), news
            assert (news.id, news.name) == (twelve.id, "Ann")
            heard.append(news)
        whats = [n.what for n in heard]
        assert "broken" in whats  # two tables of six become one
        (final,) = [n for n in heard if n.what == "final_table"]
        assert final.left <= 6
        left = [n.left for n in heard if n.what == "left"]
        assert left == sorted(set(left), reverse=True)  # told once each, fewer each time
        assert all(n.entrants == 12 for n in heard if n.what == "left")
        over = heard[-1]
        assert len(over.ranking) == 12 and over.entrants == 12  # (a small field: whole)
        assert over.places[0] == 1 and list(over.places) == sorted(over.places)
        assert all(p in (i + 1, over.places[i - 1]) for i, p in enumerate(over.places))
        assert over.place == 1 or [n.place for n in heard if n.what == "out"] == [over.place]
        for moved in (n for n in heard if n.what == "moved"):
            assert moved.size == 6 and 0 <= moved.seat < 6
        assert [t.state for t in listed(ann) if t.id == twelve.id] == ["over"]
    finally:
        ann.close()


@pytest.mark.parametrize(("text", "said"), [
    ('[[tournament]]\nname = "A"\nvariant = "omaha"\nplayers = 6\n', "tournament 1: variant"),
    ('[[tournament]]\nname = "A"\nvariant = "tournament"\nplayers = 6\nseats = 3\n',
     "no such key: seats"),
    ('[[tournament]]\nname = "A"\nvariant = "tournament"\nplayers = 6\nspeed = "slow"\n',
     "speed must be one of"),
    ('[[tournament]]\nname = "A"\nvariant = "tournament"\nplayers = 6\nstart = "soon"\n',
     "start: a date and time"),
    ('name = "A"\n', "each tournament is a [[tournament]] table"),
    ('[[tournament]\n', "cannot be read"),
])
def test_a_tournaments_file_that_cannot_be_used_stops_the_server_saying_why(tmp_path, text,
                                                                           said):
    offers = tmp_path / "t.toml"
    offers.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape(said)):
        parse_config(["--insecure", "--tournaments", str(offers)])
