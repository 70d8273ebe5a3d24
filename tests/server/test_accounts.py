"""Accounts on a real server on loopback (wss://): a name reserved with a
password that is never kept nor logged, a session token the game shows
instead, signing out that revokes it; and an attack per account message:
guessing (the limit bites per address and per name), a look-alike of a
reserved name, a stolen token after sign-out, malformed messages refused
to their sender alone."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from types import SimpleNamespace

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.account_messages import (
    AskLeaderboard,
    AskRating,
    Leaderboard,
    Rating,
    Register,
    SignedIn,
    SignedOut,
    SignIn,
    SignOut,
    UseSession,
)
from holdem_desktop.net.client import Closed
from holdem_desktop.net.lobby_messages import LobbyList, PlayNow
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Error, Refused, Welcome, parse_host, to_payload
from holdem_desktop.net.tournament_messages import TournamentEntry
from holdem_desktop.server import account_desk, accounts
from tests.desktop import wait_for
from tests.net.test_host import Player, run_until

from .conftest import needs_redis
from .process import ServeProcess
from .test_addresses import needs_sources, open_ws
from .test_public_tables_redis import listed_until
from .test_server import next_message, online

PASSWORD = "correct horse battery"
ANSWERS = (SignedIn, SignedOut, Error)


def account(served, message) -> object:
    """Open a connection, send one account message, and return the answer."""
    client = online(served)
    client.connect()
    try:
        client.send(message)
        return next_message(client, ANSWERS)
    finally:
        client.close()


def signed_in(served, name: str = "Ann", password: str = PASSWORD) -> SignedIn:
    got = account(served, Register(name, password))
    assert isinstance(got, SignedIn), got
    return got


def test_an_account_keeps_no_password_and_its_session_signs_in_a_new_connection(served):
    got = signed_in(served, "  Ann Lee ")
    assert got.name == "Ann Lee" and len(got.token) == 64
    # the same name again, or one that looks like it, is taken
    assert account(served, Register("ANN LEE", "another password")) == Error("name_taken", {})
    assert account(served, Register("Ann Lее", "another password")) == Error(
        "bad_name", {"detail": "mixed_scripts"})  # (Cyrillic е)
    assert account(served, Register("ann 1ee", "another password")) == Error(
        "name_taken", {})  # (a one for an l: looks like Ann Lee)
    assert account(served, Register("Ann", "short")) == Error("bad_password",
                                                               {"min": 8, "max": 100})
    # signing in gives a new token; a wrong password gives nothing
    again = account(served, SignIn("ann lee", PASSWORD))
    assert isinstance(again, SignedIn) and again.name == "Ann Lee" and again.token != got.token
    assert account(served, SignIn("Ann Lee", "wrong password")) == Error("wrong_password", {})
    assert account(served, SignIn("Nobody", PASSWORD)) == Error("wrong_password", {})
    # the game shows the token on each connection, before its hello
    client = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint, session=got.token)
    client.connect()
    try:
        run_until([], lambda: client.account != "", 10)
        assert client.account == "Ann Lee"
        client.send(AskRating())
        rating = next_message(client, (Rating, Error))
        assert isinstance(rating, Rating) and (rating.name, rating.games, rating.rank) == (
            "Ann Lee", 0, 0)
    finally:
        client.close()
    # neither the password nor the name is in the file or the log
    served.server.call(lambda: None)
    data = (served.data / "accounts.sqlite").read_bytes()
    for path in served.data.glob("accounts.sqlite*"):
        data += path.read_bytes()
    assert PASSWORD.encode() not in data and got.token.encode() not in data
    with sqlite3.connect(served.data / "accounts.sqlite") as db:
        kept = db.execute("SELECT hash FROM accounts").fetchone()[0]
    kind, n, r, p, salt, key = kept.split("$")
    assert len(key) == 64  # 32 bytes of scrypt
    assert (kind, n, r, p) == ("scrypt", "16384", "8", "1") and len(salt) == 32
    log = (served.data / "log" / "server.log").read_text()
    assert "account_created" in log and "wrong_password" in log
    assert PASSWORD not in log and "Ann" not in log and got.token not in log


def test_a_reserved_name_is_refused_to_a_guest_and_played_by_its_account(served):
    token = signed_in(served, "Ann").token
    for name in ("Ann", "ann", "ANN", "\uff21nn", "Ann "):  # (full-width A: the same name)
        assert next_message_of(served, PlayNow(name, __version__)) == Refused(
            "bad_name", "reserved"), name
    # nor may a guest register for a tournament under it
    assert next_message_of(served, TournamentEntry("t1", "ann")) == Refused("bad_name", "reserved")
    ann = Player("Ann", served.port, 1, client=OnlineClient(
        "127.0.0.1", served.port, pin=served.fingerprint, session=token),
        first=PlayNow("Ann", __version__, "heads_up"))
    try:
        run_until([ann], lambda: ann.code != "", 10)
        assert ann.seat == 0 and ann.client.account == "Ann"
    finally:
        ann.client.close()


def next_message_of(served, first) -> object:
    client = online(served)
    client.connect()
    try:
        client.send(first)
        return next_message(client, (Welcome, Refused))
    finally:
        client.close()


def test_guessing_from_one_address_is_limited_and_no_hash_is_computed_past_it(served):
    signed_in(served, "Ann")
    answers = [account(served, SignIn(f"Ann{k}", "a guess at it"))  # (a name each)
               for k in range(account_desk.TRIES + 2)]
    # one try went to the registration: nine wrong guesses, then the limit
    assert answers[:account_desk.TRIES - 1] == [Error("wrong_password", {})] * (
        account_desk.TRIES - 1)
    assert answers[account_desk.TRIES - 1:] == [Error("too_many_tries", {"seconds": 600})] * 3
    # the right password too, from this address, for the rest of the window;
    # and no password was hashed past the limit
    assert account(served, SignIn("Ann", PASSWORD)) == Error("too_many_tries", {"seconds": 600})
    assert served.server.stats["passwords"] == account_desk.TRIES
    assert "sign_in_limited" in (served.data / "log" / "server.log").read_text()


@needs_sources
def test_guessing_one_name_from_many_addresses_is_limited_and_its_session_still_works(served):
    ann = signed_in(served, "Ann")

    async def guess(source: str, password: str) -> object:
        async with open_ws(served, source) as ws:
            await ws.send(to_payload(SignIn("Ann", password)).decode())
            return parse_host((await asyncio.wait_for(ws.recv(), 20)).encode())

    async def run() -> list[object]:
        return [await guess(f"127.0.0.{10 + k}", f"guess {k}")
                for k in range(account_desk.NAME_FAILURES + 1)]

    answers = asyncio.run(run())
    assert answers[:-1] == [Error("wrong_password", {})] * account_desk.NAME_FAILURES
    assert answers[-1] == Error("too_many_tries", {"seconds": 600})
    # the right password from a fresh address is refused too: the name is locked
    assert asyncio.run(guess("127.0.0.99", PASSWORD)) == Error("too_many_tries",
                                                                {"seconds": 600})
    # ... but the session Ann's game keeps still signs her in, and another
    # name can be signed into from those addresses
    assert account(served, UseSession(ann.token)) == SignedIn("Ann", ann.token)
    signed_in(served, "Bo")
    assert isinstance(asyncio.run(_sign_in_from(served, "127.0.0.10", "Bo")), SignedIn)


async def _sign_in_from(served, source: str, name: str) -> object:
    async with open_ws(served, source) as ws:
        await ws.send(to_payload(SignIn(name, PASSWORD)).decode())
        return parse_host((await asyncio.wait_for(ws.recv(), 20)).encode())


def test_a_token_stolen_after_sign_out_signs_nobody_in(served):
    token = signed_in(served, "Ann").token
    assert account(served, UseSession(token)) == SignedIn("Ann", token)
    assert account(served, SignOut(token)) == SignedOut()
    assert account(served, UseSession(token)) == Error("bad_session", {})
    # a guest showing the revoked token still cannot play as Ann
    thief = OnlineClient("127.0.0.1", served.port, pin=served.fingerprint, session=token)
    thief.connect()
    try:
        thief.send(PlayNow("Ann", __version__))
        assert next_message(thief, (Welcome, Refused)) == Refused("bad_name", "reserved")
        assert thief.account == ""
    finally:
        thief.close()


def test_malformed_account_messages_are_refused_to_their_sender_alone(served):
    token = signed_in(served, "Ann").token
    ann = Player("Ann", served.port, 1, client=OnlineClient(
        "127.0.0.1", served.port, pin=served.fingerprint, session=token),
        first=PlayNow("Ann", __version__, "heads_up"))
    attacker = online(served)
    attacker.connect()
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 10)
        before = len(ann.tables)
        bad = [{"type": "sign_in", "name": 5, "password": PASSWORD},
               {"type": "sign_in", "name": "Ann", "password": "x" * 101},
               {"type": "register", "name": "Ann", "password": PASSWORD, "admin": True},
               {"type": "session", "token": "0" * 63},
               {"type": "sign_out", "token": token.upper()},
               {"type": "my_rating", "name": "Ann"}]
        for payload in bad:
            attacker.send_bytes(json.dumps({"v": 1} | payload).encode())
            got = next_message(attacker, (Error,))
            assert isinstance(got, Error) and got.reason == "malformed", (payload, got)
        # the session was not revoked by the wrong spelling, and the table plays on
        assert account(served, UseSession(token)) == SignedIn("Ann", token)
        run_until([ann], lambda: len(ann.tables) > before + 3, 20)
        assert not ann.closed and not any(e.reason == "malformed" for e in ann.errors)
        assert served.server.stats["malformed"] == len(bad)
    finally:
        attacker.close()
        ann.client.close()


def test_the_operator_bans_a_name_and_an_address_in_the_settings_file_without_a_restart(
        tmp_path):
    settings = tmp_path / "server.toml"
    settings.write_text("max_rooms = 50\n", encoding="utf-8")
    serve = ServeProcess("--config", str(settings), "--bind", "127.0.0.1", "--port", "0",
                         "--self-signed", "--data", str(tmp_path / "data"))
    try:
        port = serve.wait_ready()
        served = SimpleNamespace(port=port, fingerprint=serve.fingerprint)
        ann, bo = signed_in(served, "Ann"), signed_in(served, "Bo")
        player = Player("Ann", port, 1, client=OnlineClient(
            "127.0.0.1", port, pin=serve.fingerprint, session=ann.token),
            first=PlayNow("Ann", __version__, "heads_up"))
        run_until([player], lambda: player.table is not None and player.table.started, 10)
        # the operator bans the name (any spelling that looks like it)
        settings.write_text('max_rooms = 50\nbanned_names = ["ANN"]\n', encoding="utf-8")
        run_until([player], lambda: player.closed, 10)
        assert player.closed  # her table's connection, closed within a second or two
        assert account(served, SignIn("Ann", PASSWORD)) == Error("banned", {})
        assert account(served, UseSession(ann.token)) == Error("banned", {})
        assert next_message_of(served, PlayNow("ann", __version__)) == Refused(
            "bad_name", "banned")
        assert account(served, UseSession(bo.token)) == SignedIn("Bo", bo.token)
        # then an address: the connections open from it are closed, new ones refused
        bo_client = online(served)
        bo_client.connect()
        settings.write_text('banned_names = ["ANN"]\nbanned_addresses = ["127.0.0.0/8"]\n',
                            encoding="utf-8")
        assert isinstance(next_message(bo_client, ()), Closed)
        with pytest.raises(ConnectionRefusedError):
            online(served).connect()
        # a file that cannot be read keeps the bans in force
        settings.write_text("banned_addresses = [", encoding="utf-8")
        wait_for(lambda: "settings_unreadable" in (
            tmp_path / "data" / "log" / "server.log").read_text(), 10)
        with pytest.raises(ConnectionRefusedError):
            online(served).connect()
        log = (tmp_path / "data" / "log" / "server.log").read_text()
        assert "bans_read" in log and "banned" in log and "Ann" not in log
    finally:
        assert serve.stop() == 0


def _held(path) -> sqlite3.Connection:
    """Another process's connection to ``path``, in the middle of writing
    (a rollback journal still: the moment it makes its tables)."""
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE theirs (x)")
    holder.execute("BEGIN IMMEDIATE")
    return holder


def test_the_accounts_file_opens_while_another_process_is_writing_it(tmp_path):
    # Two processes of one server started together: SQLite refuses the
    # turn to WAL at once (no wait) while the other holds the write lock
    path = tmp_path / "accounts.sqlite"
    holder = _held(path)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        sqlite3.connect(path, timeout=2.0).execute("PRAGMA journal_mode=WAL")
    waits: list[float] = []

    def pause(seconds: float) -> None:
        waits.append(seconds)
        holder.execute("COMMIT")  # the other process is done

    store = accounts.AccountStore(path, pause=pause)
    assert waits == [0.05]
    assert store.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert store.owner("Ann") is None  # its tables are there
    store.close()
    holder.close()


def test_an_accounts_file_locked_for_good_is_named_in_the_error(tmp_path, monkeypatch):
    monkeypatch.setattr(accounts, "OPEN_WAIT", 0.2)
    path = tmp_path / "accounts.sqlite"
    holder = _held(path)
    waits: list[float] = []
    with pytest.raises(OSError) as raised:
        accounts.AccountStore(path, pause=waits.append)
    assert str(path) in str(raised.value) and "locked" in str(raised.value)
    assert waits  # it was tried again before giving up
    holder.close()


def test_serve_names_an_accounts_file_it_cannot_use_and_stops(tmp_path):
    broken = tmp_path / "accounts.sqlite"
    broken.write_bytes(b"not a database, " * 256)
    done = subprocess.run(
        [sys.executable, "-m", "holdem_desktop", "serve", "--bind", "127.0.0.1", "--port", "0",
         "--insecure", "--data", str(tmp_path / "data"), "--accounts", str(broken)],
        capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert str(broken) in done.stderr and "not a database" in done.stderr
    assert "Traceback" not in done.stderr
    assert broken.read_bytes() == b"not a database, " * 256  # nothing lost


@needs_redis
def test_a_signed_in_player_sent_on_to_another_process_is_signed_in_there_too(
        tmp_path, redis_url):
    shared = tmp_path / "accounts.sqlite"  # the processes of one server share one file
    a, b = (ServeProcess("--bind", "127.0.0.1", "--port", "0", "--insecure", "--data",
                         str(tmp_path / name), "--redis", redis_url, "--heartbeat", "0.3",
                         "--accounts", str(shared), "--rate", "1000", "--burst", "1000")
            for name in ("a", "b"))
    players = []
    try:
        for p in (a, b):
            p.wait_ready()
        ann = Player("Guest", b.port, 1, client=OnlineClient("127.0.0.1", b.port, tls=False),
                     first=PlayNow("Guest", __version__))
        players.append(ann)
        run_until(players, lambda: ann.table is not None and ann.table.started, 15)
        client = OnlineClient("127.0.0.1", a.port, tls=False)
        client.connect()
        client.send(Register("Bo", PASSWORD))
        bo = next_message(client, ANSWERS)
        client.close()
        assert isinstance(bo, SignedIn), bo
        watching = OnlineClient("127.0.0.1", a.port, tls=False)
        watching.connect()
        watching.send(LobbyList())
        listed_until(watching, lambda t: t.total == 1, 30)  # A knows B's table
        watching.close()
        # Play now at A, signed in: no table at A, so it is sent on to B's,
        # with the session first (B would refuse the reserved name to a guest)
        signed = Player("Bo", a.port, 2, client=OnlineClient(
            "127.0.0.1", a.port, tls=False, session=bo.token), first=PlayNow("Bo", __version__))
        players.append(signed)
        run_until(players, lambda: signed.code != "" or signed.closed, 60)
        assert signed.code == ann.code and signed.client.account == "Bo"
        # and a guest at A under that name is refused there (the same file)
        guest = OnlineClient("127.0.0.1", a.port, tls=False)
        guest.connect()
        guest.send(PlayNow("bo", __version__))
        assert next_message(guest, (Welcome, Refused)) == Refused("bad_name", "reserved")
        guest.close()
    finally:
        for p in players:
            p.client.close()
        for p in (a, b):
            p.stop()


def test_account_requests_flooding_one_connection_are_refused_too_fast(served):
    client = online(served)
    client.connect()
    try:
        for _ in range(8):
            client.send(AskLeaderboard())
        answers = [next_message(client, (Leaderboard, Error)) for _ in range(8)]
        assert answers[:5] == [Leaderboard((), 0)] * 5  # the lobby's burst of five
        assert Error("too_fast", {}) in answers[5:]
        assert "account_too_fast" in (served.data / "log" / "server.log").read_text()
    finally:
        client.close()
