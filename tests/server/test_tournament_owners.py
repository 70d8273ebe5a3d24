"""A registration is its owner's (server/tournament_owners.py): over a real
``serve``, another connection can neither take back a guest's registration
nor register the same name again to follow it, with or without a wrong
token; the owner, back on a new connection with the token it sent, follows
it again and takes it back; a malformed token is refused to its sender."""

from __future__ import annotations

from holdem_desktop.net.protocol import Error
from holdem_desktop.net.tournament_messages import TournamentEntry, Tournaments
from holdem_desktop.server.tournament_owners import Owners

from .test_serve_process import processes  # noqa: F401 (its fixture, used below)
from .test_server import next_message
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
