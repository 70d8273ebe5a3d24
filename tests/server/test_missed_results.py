"""A rated tournament's end its entrant was not told is kept with the account
until their game asks (``while_away``), on both account stores: the SQLite
file of one machine, and Redis shared by machines (each with a file of its
own).  It survives the store closed and opened again (a restart of the
server), is told again whichever machine asks until the game acknowledges
it (``seen_while_away``) or it was told TELLINGS times (an older game never
acknowledges), a look-alike of the name finds it, at most the latest 20 are
kept, the oldest first; the messages carrying it refuse what is malformed."""

from __future__ import annotations

import pytest

from holdem_desktop.net.account_messages import (
    MAX_RESULTS,
    TELLINGS,
    AskWhileAway,
    Missed,
    SeenWhileAway,
    WhileAway,
)
from holdem_desktop.net.protocol import MalformedMessage, parse_client, parse_host, to_text
from holdem_desktop.server.account_redis import RedisAccounts, redis_client
from holdem_desktop.server.accounts import AccountStore, hash_password

from .conftest import needs_redis

FOURTH = Missed("Twelve", 4, 12, False, 59, 23)
SHARED = Missed("Sunday six", 2, 6, True, 41, -18)


def _kept_and_taken(first, again, other) -> None:
    """``first`` keeps; ``again`` (``first`` opened again) and ``other`` (another machine) tell."""
    assert first.create("Ann", hash_password("correct horse battery"))
    assert first.tell_missed("Ann") == ()
    first.keep_missed("Ann", FOURTH)
    first.keep_missed("ann", SHARED)  # (a look-alike spelling: the same account)
    first.close()
    store = again()
    assert store.tell_missed("ANN") == (FOURTH, SHARED)  # the oldest first
    # not acknowledged (the answer lost, or an older game): told again, anywhere
    assert other.tell_missed("Ann") == (FOURTH, SHARED)
    store.seen_missed("Ann", (FOURTH, Missed("Other", 1, 2, False, 1, 1)))
    assert store.tell_missed("Ann") == (SHARED,)  # the one acknowledged is forgotten
    # never acknowledged: told TELLINGS times at most, then forgotten
    for _k in range(TELLINGS - 3):
        assert other.tell_missed("Ann") == (SHARED,)
    assert other.tell_missed("Ann") == ()
    for k in range(MAX_RESULTS + 3):
        store.keep_missed("Ann", Missed(f"T{k}", 1, 2, False, k, k))
    got = other.tell_missed("Ann")
    assert [m.tournament for m in got] == [f"T{k}" for k in range(3, MAX_RESULTS + 3)]
    other.seen_missed("ANN", got)
    assert store.tell_missed("Ann") == () and other.tell_missed("Bo") == ()
    store.close()


def test_the_sqlite_store_keeps_a_missed_end_until_it_is_acknowledged(tmp_path):
    path = tmp_path / "accounts.sqlite"
    other = AccountStore(path)  # (a second process of the machine, the same file)
    try:
        _kept_and_taken(AccountStore(path), lambda: AccountStore(path), other)
    finally:
        other.close()


@needs_redis
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_redis_store_keeps_a_missed_end_until_it_is_acknowledged(tmp_path, redis_url):
    def store(name: str) -> RedisAccounts:
        return RedisAccounts(tmp_path / name / "accounts.sqlite", redis_client(redis_url, 2.0))

    other = store("b")  # (another machine)
    try:
        _kept_and_taken(store("a"), lambda: store("a"), other)
    finally:
        other.close()


def test_the_messages_of_a_missed_end_refuse_what_is_malformed():
    message = WhileAway((FOURTH, SHARED))
    assert parse_host(to_text(message).encode()) == message
    assert parse_host(b'{"v":1,"type":"while_away","results":[]}') == WhileAway(())
    assert parse_client(b'{"v":1,"type":"while_away"}') == AskWhileAway()
    good = ('{"tournament":"Twelve","place":4,"players":12,"shared":false,"rating":59,'
            '"change":23}')
    for bad in (good.replace("4", "13", 1), good.replace("false", "0"),
                good.replace('"Twelve"', '""'), good.replace('"Twelve"', '" Twelve"'),
                good.replace(',"change":23', ""), good.replace("}", ',"more":1}')):
        with pytest.raises(MalformedMessage):
            parse_host(f'{{"v":1,"type":"while_away","results":[{bad}]}}'.encode())
    with pytest.raises(MalformedMessage):
        parse_host(('{"v":1,"type":"while_away","results":[' + ",".join(
            [good] * (MAX_RESULTS + 1)) + "]}").encode())
    with pytest.raises(MalformedMessage):
        parse_client(b'{"v":1,"type":"while_away","results":[]}')


def test_the_acknowledgement_refuses_what_is_malformed():
    message = SeenWhileAway((FOURTH, SHARED))
    assert parse_client(to_text(message).encode()) == message
    good = ('{"tournament":"Twelve","place":4,"players":12,"shared":false,"rating":59,'
            '"change":23}')
    for bad in ('"results":[]', '"results":[' + ",".join([good] * (MAX_RESULTS + 1)) + "]",
                '"results":[' + good.replace("false", "0") + "]", '"results":7',
                '"results":[' + good + '],"more":1', '"ids":[1]'):
        with pytest.raises(MalformedMessage):
            parse_client(f'{{"v":1,"type":"seen_while_away",{bad}}}'.encode())


def test_a_file_kept_before_the_tellings_were_counted_is_read_and_counted(tmp_path):
    """An accounts file from before (its ``missed`` table without ``told``):
    opened, what it kept is told, and counted from then on."""
    import json
    import sqlite3

    path = tmp_path / "accounts.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE missed (skeleton TEXT NOT NULL, at REAL NOT NULL, "
               "result TEXT NOT NULL)")
    db.execute("INSERT INTO missed VALUES ('ann', 1.0, ?)", (json.dumps(
        ["Twelve", 4, 12, False, 59, 23]),))
    db.commit()
    db.close()
    store = AccountStore(path)
    try:
        assert [store.tell_missed("Ann") for _k in range(TELLINGS + 1)] == [
            (FOURTH,)] * TELLINGS + [()]
    finally:
        store.close()
