"""A table's fields for a player back at the table (docs/protocol.md):
``blinds_up`` (the blinds went up as this hand was dealt), ``ended`` and
``ended_stand_ins`` (the hand that ended while their link was down).  They
are written only when they say something, so every other table is the same
bytes as before they existed, and a reader takes one left out as its
default; what is parsed is checked like the rest."""

from __future__ import annotations

import dataclasses
import json

import pytest

from holdem_desktop.net.fast_json import fast_text
from holdem_desktop.net.protocol import MalformedMessage, parse_host, to_payload

from .test_protocol import assert_same, real_view, table_for

NEW = ("blinds_up", "ended", "ended_stand_ins")


def test_a_table_with_nothing_to_say_in_them_leaves_them_out():
    table = table_for(real_view())
    data = json.loads(to_payload(table))
    assert not set(NEW) & set(data)
    assert json.loads(fast_text(table)) == data
    assert_same(parse_host(to_payload(table)), table)  # (read back as their defaults)


def test_they_travel_when_set():
    table = dataclasses.replace(table_for(real_view()), blinds_up=True, ended=real_view(),
                                ended_stand_ins=(0, 2))
    data = json.loads(to_payload(table))
    assert list(data)[-3:] == list(NEW)  # (last: a reader of the others finds them as before)
    assert json.loads(fast_text(table)) == data
    back = parse_host(to_payload(table))
    assert_same(back, table)
    assert back.blinds_up and back.ended is not None and back.ended_stand_ins == (0, 2)


@pytest.mark.parametrize(("field", "value"), [
    ("blinds_up", 1), ("ended", 3), ("ended_stand_ins", [2, 1]), ("ended_stand_ins", [-1]),
])
def test_a_bad_value_is_malformed(field, value):
    data = json.loads(to_payload(table_for(None)))
    with pytest.raises(MalformedMessage) as info:
        parse_host(json.dumps({**data, field: value}).encode())
    assert info.value.detail.startswith(field), info.value.detail
