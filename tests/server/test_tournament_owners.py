"""A registration is its owner's (server/tournament_owners.py): over a real
``serve``, another connection can neither take back a guest's registration
nor register the same name again to follow it, with or without a wrong
token; the owner, back on a new connection with the token it sent, follows
it again and takes it back; a malformed token is refused to its sender; the
tokens' digests are saved with the tournaments, so after a restart only the
token speaks for a registration (a save whose owners cannot be read is set
aside whole)."""

from __future__ import annotations

import json

import pytest

from holdem_desktop.net.protocol import Error
from holdem_desktop.net.tournament_messages import TournamentEntry, Tournaments
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_owners import Owners
from holdem_desktop.server.tournament_service import DeskFile

from .test_serve_process import processes  # noqa: F401 (its fixture, used below)
from .test_server import next_message
from .test_tournament_play import TWELVE
from .test_tournaments_online import answer, connected, listed, serve  # noqa: F401

TOKEN = "0123456789abcdef" * 2
WRONG = "f" * 32
NOT_YOURS = Error("tournament", {"reason": "not_yours"})


def registered(client, key: str) -> int:
    return next(t.registered for t in listed(client) if t.id == key)


def test_only_the_owner_takes_back_or_follows_a_guests_registration(serve):  # noqa: F811
    server = serve()
    ann, eve = connected(server), connected(server)
    try:
        sunday = listed(ann)[1]  # scheduled in 2099: registration stays open
        assert isinstance(answer(ann, TournamentEntry(sunday.id, "Ann", token=TOKEN)),
                          Tournaments)
        assert answer(eve, TournamentEntry(sunday.id, "Ann", register=False)) == NOT_YOURS
        assert answer(eve, TournamentEntry(sunday.id, "Ann", register=False,
                                           token=WRONG)) == NOT_YOURS
        assert answer(eve, TournamentEntry(sunday.id, "Ann")) == NOT_YOURS  # no following
        assert answer(eve, TournamentEntry(sunday.id, "Ann", token=WRONG)) == NOT_YOURS
        eve.send_bytes(b'{"v":1,"type":"tournament_entry","id":"' + sunday.id.encode()
                       + b'","name":"Ann","register":false,"token":"xyz"}')
        bad = next_message(eve, (Error,))
        assert isinstance(bad, Error) and bad.reason == "malformed"
        assert registered(ann, sunday.id) == 1  # nothing Eve sent changed it
    finally:
        ann.close()
        eve.close()
    back = connected(server)  # Ann again, after a dropped connection, with her token
    try:
        assert answer(back, TournamentEntry(sunday.id, "Ann", token=TOKEN)) == Error(
            "tournament", {"reason": "registered"})  # followed from here again
        got = answer(back, TournamentEntry(sunday.id, "Ann", register=False, token=TOKEN))
        assert isinstance(got, Tournaments)
        assert registered(back, sunday.id) == 0
    finally:
        back.close()


def test_the_owner_moves_with_the_token_and_the_old_connection_loses_it():
    owners = Owners()
    owners.claim("t1", "Ann", "c1", TOKEN)
    assert owners.may("t1", "Ann", "c1", None) and not owners.may("t1", "Ann", "c2", None)
    assert owners.may("t1", "Ann", "c2", TOKEN) and not owners.may("t1", "Ann", "c2", WRONG)
    owners.claim("t1", "Ann", "c2", None)  # followed from c2 now: the token stays
    assert owners.holder("t1", "Ann") == "c2" and owners.may("t1", "Ann", "c3", TOKEN)
    assert not owners.may("t1", "Ann", "c1", None)
    owners.drop("t1", "Ann")
    assert owners.may("t1", "Ann", "c9", None) and owners.holder("t1", "Ann") is None


def test_the_owners_tokens_are_saved_and_read_back_owned_by_no_connection():
    owners = Owners()
    owners.claim("t1", "Ann", "c1", TOKEN)
    owners.claim("t1", "Bo", "c2", None)  # no token sent: nothing to keep
    saved = owners.to_json()
    assert TOKEN not in str(saved) and list(saved) == ["t1"] and list(saved["t1"]) == ["Ann"]
    again = Owners()
    again.restore(saved)
    assert again.holder("t1", "Ann") is None  # no connection outlives a restart
    assert not again.may("t1", "Ann", "c1", None) and not again.may("t1", "Ann", "c9", WRONG)
    assert again.may("t1", "Ann", "c9", TOKEN)
    assert again.may("t1", "Bo", "c9", None)  # as it was before tokens existed
    for broken in ([], {"t1": ["Ann"]}, {"t1": {"Ann": "zz"}}, {"t1": {"Ann": "ab" * 8}}):
        refused = Owners()
        with pytest.raises(ValueError):
            refused.restore(broken)


def test_after_a_restart_only_the_token_takes_back_a_guests_registration(serve):  # noqa: F811
    server = serve()
    ann = connected(server)
    try:
        sunday = listed(ann)[1]
        assert isinstance(answer(ann, TournamentEntry(sunday.id, "Ann", token=TOKEN)),
                          Tournaments)
    finally:
        ann.close()
    assert server.stop() == 0
    again = serve()
    eve, back = connected(again), connected(again)
    try:
        assert registered(eve, sunday.id) == 1
        assert answer(eve, TournamentEntry(sunday.id, "Ann", register=False)) == NOT_YOURS
        assert answer(eve, TournamentEntry(sunday.id, "Ann")) == NOT_YOURS  # no following
        assert registered(eve, sunday.id) == 1
        got = answer(back, TournamentEntry(sunday.id, "Ann", register=False, token=TOKEN))
        assert isinstance(got, Tournaments) and registered(back, sunday.id) == 0
    finally:
        eve.close()
        back.close()


def test_a_save_whose_owners_cannot_be_read_is_set_aside_whole(tmp_path):
    offers = tmp_path / "tournaments.toml"
    offers.write_text(TWELVE, encoding="utf-8")
    lobby = Lobby("", clock=lambda: 0.0)
    desk = DeskFile(offers, tmp_path / "data", lobby)
    (key,) = desk.desk.entries
    desk.desk.register(key, "Ann")
    lobby.owners.claim(key, "Ann", "c1", TOKEN)
    desk.save()
    path = tmp_path / "data" / "tournaments.json"
    kept = Lobby("", clock=lambda: 0.0)
    back = DeskFile(offers, tmp_path / "data", kept)
    assert back.desk.tournament(key).registered == ["Ann"]
    assert not kept.owners.may(key, "Ann", "c2", None) and kept.owners.may(key, "Ann", "c2", TOKEN)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["owners"] = {key: {"Ann": "not hex"}}
    path.write_text(json.dumps(data), encoding="utf-8")
    fresh = Lobby("", clock=lambda: 0.0)
    DeskFile(offers, tmp_path / "data", fresh)
    assert path.with_suffix(".json.bad").exists()  # nothing half taken: set aside whole
    assert fresh.owners.to_json() == {}
