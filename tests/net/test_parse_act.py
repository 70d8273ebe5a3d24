"""An action read by the short path (issue 38): most of what clients send
is an ``act`` written exactly as ``to_text`` writes it, read by one pattern
instead of the general reader; and a message without fields (Next hand, Away, ...) is
looked up by its bytes.  Whatever the bytes, the answer is the general
path's: the same message, or the same refusal with the same reason and
detail."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.net import protocol
from holdem_desktop.net.protocol import (
    MAX_AMOUNT,
    Act,
    MalformedMessage,
    parse_client,
    to_text,
)
from holdem_desktop.net.wire import MAX_INT


def general(payload: bytes) -> object:
    return protocol._parse(payload, protocol._CLIENT_TYPES)


def outcome(read, payload: bytes) -> object:
    try:
        return ("message", read(payload))
    except MalformedMessage as e:
        return ("refused", e.reason, e.detail)


NUMBER_TEXTS = ["0", "1", "7", "-0", "-1", "007", "00", "1.0", "1e3", " 3",
                str(MAX_AMOUNT), str(MAX_AMOUNT + 1), str(MAX_INT), str(MAX_INT + 1),
                "9" * 18, "1" + "0" * 18, "9" * 21, "true", "null", '"3"']
KIND_TEXTS = [k.value for k in ActionKind] + ["CALL", "shove", "", "call ", "fold\\u0000",
                                              "all-in", "c" * 13]
VERSION_TEXTS = ["1", "2", "01", "1.0"]
NUMBERS, KINDS = st.sampled_from(NUMBER_TEXTS), st.sampled_from(KIND_TEXTS)


def act_text(version="1", kind="call", amount="0", hand="3", decision="5") -> bytes:
    return (f'{{"v":{version},"type":"act","kind":"{kind}","amount":{amount},'
            f'"hand":{hand},"decision":{decision}}}').encode()


@pytest.mark.parametrize(("field", "text"),
                         [("version", t) for t in VERSION_TEXTS]
                         + [("kind", t) for t in KIND_TEXTS]
                         + [(f, t) for f in ("amount", "hand", "decision") for t in NUMBER_TEXTS])
def test_each_field_written_any_way_reads_as_the_general_path_reads_it(field, text):
    payload = act_text(**{field: text})
    assert outcome(parse_client, payload) == outcome(general, payload)


@settings(max_examples=400, deadline=None)
@given(kind=KINDS, amount=NUMBERS, hand=NUMBERS, decision=NUMBERS,
       version=st.sampled_from(VERSION_TEXTS))
@example(kind="call", amount="0", hand="3", decision="5", version="1")
def test_an_act_as_to_text_writes_it_reads_as_the_general_path_reads_it(
        kind, amount, hand, decision, version):
    payload = act_text(version, kind, amount, hand, decision)
    assert outcome(parse_client, payload) == outcome(general, payload)


@pytest.mark.parametrize("payload", [
    b'{"v":1,"type":"act","kind":"call","amount":0,"hand":3,"decision":5,"decision":6}',
    b'{"v":1,"type":"act","kind":"call","amount":0,"hand":3,"hand":4,"decision":5}',
    b'{"v":1,"type":"act","amount":0,"kind":"call","hand":3,"decision":5}',
    b'{"v": 1, "type": "act", "kind": "call", "amount": 0, "hand": 3, "decision": 5}',
    b'{"v":1,"type":"act","kind":"call","amount":0,"hand":3,"decision":5}\n',
    b' {"v":1,"type":"act","kind":"call","amount":0,"hand":3,"decision":5}',
    b'{"v":1,"type":"act","kind":"call","amount":0,"hand":3}',
    b'{"v":1,"type":"act","kind":"call","amount":0,"hand":3,"decision":5,"x":1}',
    b'{"v":1,"type":"act","kind":"c\\u0061ll","amount":0,"hand":3,"decision":5}',
    b'{"v":1,"type":"act","kind":"call","amount":0,"hand":3,"decision":5}}',
])
def test_anything_else_reads_as_the_general_path_reads_it(payload):
    assert outcome(parse_client, payload) == outcome(general, payload)


def test_every_act_the_game_writes_takes_the_short_path_and_reads_back_equal():
    for kind in ActionKind:
        for amount, hand, decision in ((0, 0, 0), (120, 3, 17), (MAX_AMOUNT, MAX_INT, MAX_INT)):
            act = Act(kind, amount, hand, decision)
            payload = to_text(act).encode()
            assert protocol._ACT_TEXT.fullmatch(payload) is not None
            assert parse_client(payload) == act == general(payload)


BARE = sorted((t for t in protocol._CLIENT_TYPES.values() if not dataclasses.fields(t)),
              key=lambda t: t.TYPE)


@pytest.mark.parametrize("kind", BARE, ids=lambda t: t.TYPE)
def test_a_message_without_fields_as_the_game_writes_it_reads_back_equal(kind):
    """Next hand, Away, Back, ... as ``to_text`` writes them: read by one
    lookup, the same message the general path reads."""
    payload = to_text(kind()).encode()
    assert protocol._BARE.get(payload) is kind
    message = parse_client(payload)
    assert type(message) is kind and message == general(payload)


@pytest.mark.parametrize("kind", BARE, ids=lambda t: t.TYPE)
@pytest.mark.parametrize("spelled", [
    '{{"v":1,"type":"{t}","x":1}}', '{{"v": 1, "type": "{t}"}}', '{{"type":"{t}","v":1}}',
    '{{"v":2,"type":"{t}"}}', '{{"v":1,"type":"{t}"}}\n', '{{"v":1,"type":"{t}","type":"{t}"}}',
    '{{"v":1,"type":"{t}","v":1}}', '{{"v":1,"type":"{u}"}}', '{{"v":1,"type":"{t} "}}',
    '{{"v":1,"type":"{t}"}}}}', '{{"v":1.0,"type":"{t}"}}', '[{{"v":1,"type":"{t}"}}]',
])
def test_a_message_without_fields_written_otherwise_reads_as_the_general_path_reads_it(
        kind, spelled):
    payload = spelled.format(t=kind.TYPE, u=kind.TYPE.upper()).encode()
    assert payload not in protocol._BARE
    assert outcome(parse_client, payload) == outcome(general, payload)
