"""A table carries only the history its connection's previous table did not
(issue 38), and every client rebuilds exactly the table the room built."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.net.compact import Rebuilder, Shortener
from holdem_desktop.net.protocol import MalformedMessage, Table, parse_host, to_text
from tests.net.random_room import played


def sent(seed: int, steps: int) -> dict[str, list[tuple[object, str]]]:
    """Each connection's messages as the room built them, with the text
    that leaves for them (through that connection's shortener)."""
    shorten: dict[str, Shortener] = {}
    out: dict[str, list[tuple[object, str]]] = {}
    for conn, message in played(seed, steps):
        text = to_text(shorten.setdefault(conn, Shortener())(message))
        out.setdefault(conn, []).append((message, text))
    return out


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(50, 300))
def test_every_client_rebuilds_exactly_the_table_the_room_built(seed, steps):
    for messages in sent(seed, steps).values():
        rebuild = Rebuilder()
        for built, text in messages:
            assert rebuild(parse_host(text.encode())) == built


def test_a_table_leaves_out_the_history_already_sent_and_a_new_connection_gets_it_whole():
    whole = short = 0
    tables = 0
    for conn, messages in sent(5, 400).items():
        fresh_after = len(messages) // 2  # this connection ends there: a new one begins
        rebuild = Rebuilder()
        for i, (built, text) in enumerate(messages):
            if not isinstance(built, Table):
                continue
            tables += 1
            data = json.loads(text)
            if data["history_from"]:
                assert len(data["view"]["history"]) < len(built.view.history)
            short += len(text)
            whole += len(to_text(built))
            if i >= fresh_after and conn != "w":
                # a new connection's first table is whole: no rebuilder state needed
                again = Shortener()(built)
                assert again is built and Rebuilder()(parse_host(to_text(again).encode())) == built
            assert rebuild(parse_host(text.encode())) == built
    assert tables > 300 and short < 0.7 * whole  # the history not repeated


def test_a_history_from_other_than_the_history_the_client_holds_is_refused():
    table = next(m for _, m in played(6, steps=80)
                 if isinstance(m, Table) and m.view and len(m.view.history) > 3)
    data = json.loads(to_text(table))
    data["history_from"] = 2
    parsed = parse_host(json.dumps(data).encode())  # (well formed on its own)
    with pytest.raises(MalformedMessage):
        Rebuilder()(parsed)  # it holds nothing
    rebuild = Rebuilder()
    rebuild(table)  # it holds the whole history: more than 2 events
    with pytest.raises(MalformedMessage):
        rebuild(parsed)
    data["view"] = None
    with pytest.raises(MalformedMessage):
        parse_host(json.dumps(data).encode())
