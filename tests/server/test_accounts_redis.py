"""Accounts across machines: two real ``serve`` processes, each with a data
folder and an accounts file of its own (as on two machines), sharing a
real ``redis-server``: an account made at one signs in at the other, its
session works there and signing out at one ends it at both, a look-alike
of its name is refused at either, and guessing its password spread over
both processes is limited as on one."""

from __future__ import annotations

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.account_messages import (
    Register,
    SignedIn,
    SignedOut,
    SignIn,
    SignOut,
    UseSession,
)
from holdem_desktop.net.lobby_messages import PlayNow
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Error, Refused, Welcome
from holdem_desktop.server.account_desk import NAME_FAILURES

from .conftest import needs_redis
from .process import ServeProcess
from .test_accounts import ANSWERS, PASSWORD
from .test_server import next_message

pytestmark = needs_redis


@pytest.fixture
def machines(tmp_path, redis_url):
    started = [ServeProcess("--bind", "127.0.0.1", "--port", "0", "--insecure", "--data",
                            str(tmp_path / name), "--redis", redis_url, "--heartbeat", "0.3",
                            "--accounts", str(tmp_path / name / "accounts.sqlite"))
               for name in ("a", "b")]
    for p in started:
        p.wait_ready()
    yield started
    for p in started:
        assert p.stop() == 0
        assert not [e for e in p.errors if "Traceback" in e], p.errors


def ask(port: int, message: object, kinds: tuple = ANSWERS) -> object:
    client = OnlineClient("127.0.0.1", port, tls=False)
    client.connect()
    try:
        client.send(message)
        return next_message(client, kinds)
    finally:
        client.close()


def test_an_account_made_on_one_machine_signs_in_on_the_other(machines, tmp_path):
    a, b = machines
    made = ask(a.port, Register("Bo Rossi", PASSWORD))
    assert isinstance(made, SignedIn), made
    assert ask(b.port, UseSession(made.token)) == SignedIn("Bo Rossi", made.token)
    again = ask(b.port, SignIn("bo rossi", PASSWORD))
    assert isinstance(again, SignedIn) and again.name == "Bo Rossi"
    # the name is reserved at both: a look-alike neither registers nor plays as a guest
    assert ask(b.port, Register("B0 Rossi", "another password")) == Error("name_taken", {})
    assert ask(b.port, PlayNow("BO ROSSI", __version__), (Welcome, Refused)) == Refused(
        "bad_name", "reserved")
    # signing out at A ends the session at B too
    assert ask(a.port, SignOut(made.token)) == SignedOut()
    assert ask(b.port, UseSession(made.token)) == Error("bad_session", {})
    assert ask(b.port, UseSession(again.token)) == SignedIn("Bo Rossi", again.token)
    # nothing of the password in either machine's accounts file
    for name in ("a", "b"):
        assert PASSWORD.encode() not in (tmp_path / name / "accounts.sqlite").read_bytes()


def test_guessing_a_password_over_both_machines_is_limited_as_on_one(machines):
    a, b = machines
    assert isinstance(ask(a.port, Register("Cy", PASSWORD)), SignedIn)
    answers = [ask((a, b)[k % 2].port, SignIn("Cy", f"guess number {k}"))
               for k in range(NAME_FAILURES)]
    assert answers == [Error("wrong_password", {})] * NAME_FAILURES
    # the next try, at either machine, the right password too: no hash computed
    for port in (a.port, b.port):
        assert ask(port, SignIn("Cy", PASSWORD)) == Error("too_many_tries", {"seconds": 600})
