"""A table the room builds skips the receiver's checks, and is the same
table, byte for byte; a table parsed from the wire is checked as before
(issue 38)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from holdem_desktop.net.protocol import (
    Events,
    MalformedMessage,
    Table,
    parse_host,
    to_payload,
    to_text,
)
from holdem_desktop.net.wire import WireError
from tests.net.random_room import played


def test_every_table_a_room_builds_equals_the_checked_one_byte_for_byte():
    tables = [m for seed in (1, 2, 3) for _, m in played(seed, steps=250)
              if isinstance(m, Table)]
    assert len(tables) > 300 and any(t.view is not None for t in tables)
    assert any(t.stand_ins for t in tables) and any(t.watchers for t in tables)
    for table in tables:
        checked = Table(*(getattr(table, f.name) for f in dataclasses.fields(Table)))
        assert checked == table
        assert to_text(checked) == to_text(table)
        assert parse_host(to_payload(table)) == table
    short = Table.built(None, ("Mara",), (0,), (None,), ("human",), (True,), 0, 0, (), 0,
                        None, False, False, ())
    assert short == Table(None, ("Mara",), (0,), (None,), ("human",), (True,), 0, 0, (), 0,
                          None, False, False, ())


def test_every_events_message_a_room_builds_equals_the_checked_one_byte_for_byte():
    sent = [m for seed in (1, 2, 3) for _, m in played(seed, steps=250)
            if isinstance(m, Events)]
    assert len(sent) > 300 and max(len(m.events) for m in sent) > 3
    for message in sent:
        checked = Events(message.events)
        assert checked == message
        assert to_text(checked) == to_text(message)
        assert parse_host(to_payload(message)) == message


def test_a_parsed_events_message_is_still_checked():
    message = next(m for _, m in played(4, steps=60) if isinstance(m, Events))
    data = json.loads(to_text(message))
    data["events"].append({"event": "NotAnEvent"})
    with pytest.raises(MalformedMessage):
        parse_host(json.dumps(data).encode())
    with pytest.raises(WireError):  # the checks a built message skips
        Events(("not an event",))


BAD = [
    ("chips", lambda t: [*t["chips"][:1], -5, *t["chips"][2:]]),
    ("stand_ins", lambda t: [3, 1]),
    ("watchers", lambda t: [" Wes"]),
    ("connected", lambda t: ["yes", *t["connected"][1:]]),
    ("places", lambda t: [0, *t["places"][1:]]),
    ("kinds", lambda t: ["robot", *t["kinds"][1:]]),
    ("waiting_for", lambda t: [1, 1]),
    ("clock", lambda t: 86401),
    ("names", lambda t: t["names"][:-1]),
]


@pytest.mark.parametrize(("field", "change"), BAD, ids=[b[0] for b in BAD])
def test_a_parsed_malformed_table_is_still_refused(field, change):
    table = next(m for _, m in played(4, steps=60) if isinstance(m, Table) and m.view)
    data = json.loads(to_text(table))
    assert parse_host(json.dumps(data).encode()) == table
    data[field] = change(data)
    with pytest.raises(MalformedMessage):
        parse_host(json.dumps(data).encode())
