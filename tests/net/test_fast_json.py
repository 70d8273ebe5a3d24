"""The server writes its messages with orjson where it is installed (issue
38): the same data as :func:`to_text`, parsed back equal, for every example
message and every message of rooms played at random; the text itself only
differs past ASCII (UTF-8, not escapes).  Without orjson, and for what orjson
refuses, it is ``to_text``'s text exactly, and what ``to_text`` refuses is
refused."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.net import fast_json
from holdem_desktop.net.compact import Shortener
from holdem_desktop.net.fast_json import fast_text
from holdem_desktop.net.protocol import Chat, Hello, News, parse_client, parse_host, to_text
from tests.net.random_room import played
from tests.net.test_protocol import client_examples, host_examples

needs_orjson = pytest.mark.skipif(not fast_json.ORJSON,
                                  reason="orjson is not installed (the server's extra, "
                                         "the test extras on Linux and macOS)")


@pytest.mark.parametrize(("message", "parse"),
                         [(m, parse_client) for m in client_examples()]
                         + [(m, parse_host) for m in host_examples()],
                         ids=lambda m: getattr(type(m), "__name__", ""))
def test_every_example_reads_back_as_the_same_data(message, parse):
    text = fast_text(message)
    assert json.loads(text) == json.loads(to_text(message))
    assert parse(text.encode()) == parse(to_text(message).encode())


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(50, 250))
def test_every_message_of_a_room_played_reads_back_as_the_same_data(seed, steps):
    shorten: dict[str, Shortener] = {}
    count = 0
    for conn, message in played(seed, steps):
        message = shorten.setdefault(conn, Shortener())(message)
        text = fast_text(message)
        assert json.loads(text) == json.loads(to_text(message)), type(message).__name__
        count += 1
    assert count > steps  # (tables, events, waiting lists, news …)


@needs_orjson
def test_with_orjson_a_name_past_ascii_is_written_as_utf8():
    hello = Hello("Zoë", "123456", "1.0")
    assert "Zoë" in fast_text(hello) and "\\u00eb" in to_text(hello)
    assert parse_client(fast_text(hello).encode()) == hello


def test_without_orjson_it_is_to_text_exactly(monkeypatch):
    monkeypatch.setattr(fast_json, "orjson", None)
    for message in client_examples() + host_examples():
        assert fast_text(message) == to_text(message)


def test_a_lone_surrogate_is_written_as_to_text_writes_it():
    """orjson refuses a string that is not valid UTF-8; ``json.loads`` makes one
    from ``"\\ud800"`` in anything a client sends: to_text's escapes then."""
    chat = Chat("a\ud800b")
    assert fast_text(chat) == to_text(chat)
    assert json.loads(fast_text(chat))["text"] == "a\ud800b"


def test_what_to_text_refuses_is_refused():
    broken = dataclasses.replace(News("joined", ("Ann",)))
    object.__setattr__(broken, "names", {"Ann"})  # a set: no such value travels
    with pytest.raises(TypeError):
        to_text(broken)
    with pytest.raises(TypeError):
        fast_text(broken)


# -- fast_dumps: the server's saves of rooms (plain JSON data)

SAVE_LIKE = [
    {"code": "123456", "members": [{"name": "Zoë", "since": 3, "left": False}],
     "banks": {"0": 12.5}, "chat": [], "barrier_age": None, "minutes": 1e-05},
    [[2, ["raise", 120]], [3, ["fold", 0]]],
    {"rng": [3, list(range(624)), 5], "gauss": None},
    "\x00rng",
]


@pytest.mark.parametrize("data", SAVE_LIKE)
def test_fast_dumps_writes_json_dumps_data(data):
    text = fast_json.fast_dumps(data)
    assert json.loads(text) == json.loads(json.dumps(data))
    assert "\n" not in text  # a save is one line of its file


@needs_orjson
def test_fast_dumps_writes_a_name_past_ascii_in_utf8_and_a_mark_as_json_does():
    assert "Zoë" in fast_json.fast_dumps({"name": "Zoë"})
    assert fast_json.fast_dumps("\x00rng") == json.dumps("\x00rng")  # the store's marks


@pytest.mark.parametrize("data", [{1: "a key that is not text"}, [2**70], "a\ud800b",
                                  {"x": float("inf")}])
def test_what_orjson_refuses_fast_dumps_writes_as_json_dumps_does(data):
    if isinstance(data, dict) and data.get("x") == float("inf") and fast_json.ORJSON:
        # the one difference, declared: orjson writes a float that is not finite as null
        assert fast_json.fast_dumps(data) == '{"x":null}'
        return
    assert fast_json.fast_dumps(data) == json.dumps(data, separators=(",", ":"))


@pytest.mark.parametrize("value", [{"Ann"}, News("joined", ("Ann",)),
                                   datetime.date(2026, 12, 5)])
def test_what_json_refuses_fast_dumps_refuses(value):
    with pytest.raises(TypeError):
        json.dumps(value)
    with pytest.raises(TypeError):
        fast_json.fast_dumps({"value": value})


def test_without_orjson_fast_dumps_is_json_dumps_exactly(monkeypatch):
    monkeypatch.setattr(fast_json, "orjson", None)
    for data in SAVE_LIKE:
        assert fast_json.fast_dumps(data) == json.dumps(data, separators=(",", ":"))


# -- records written by orjson itself, from their instances' dictionaries (issue 38)

def _travelling_records() -> set[type]:
    """Every dataclass a message can hold, at any depth, read from the
    messages' type hints (and every event, which a view's history holds)."""
    import typing

    from holdem_desktop.net import protocol, wire

    found: set[type] = set(wire.EVENT_TYPES.values())
    todo: list[object] = [*protocol._CLIENT_TYPES.values(), *protocol._HOST_TYPES.values(),
                          *found]
    seen: set[int] = set()
    kept: list[object] = []  # (each hint held: an id is only unique while its object lives;
    # get_type_hints makes new aliases each call, and a freed one's id was reused by the
    # next, which the walk then skipped -- HandValue went unseen once on Python 3.13)
    while todo:
        hint = todo.pop()
        if id(hint) in seen:
            continue
        seen.add(id(hint))
        kept.append(hint)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            if hint not in (*protocol._CLIENT_TYPES.values(), *protocol._HOST_TYPES.values()):
                found.add(hint)
            todo.extend(typing.get_type_hints(hint).values())
        todo.extend(typing.get_args(hint))
    return found


def test_every_record_a_message_holds_is_written_whole_by_its_dictionary():
    """orjson writes a dataclass from its instance's dictionary, leaving out
    any key that starts with ``_``: a field so named, or a value kept beside
    the fields (a cached property), would make the server's text differ
    from ``to_text``'s."""
    import functools

    records = _travelling_records()
    names = {cls.__name__ for cls in records}
    assert {"SeatView", "PlayerView", "Pot", "HandValue", "ActionTaken",
            "TurnStarted"} <= names  # (the walk reaches the views and both kinds of event)
    for cls in records:
        assert not any(f.name.startswith("_") for f in dataclasses.fields(cls)), cls
        for klass in cls.__mro__:
            assert not any(isinstance(v, functools.cached_property)
                           for v in vars(klass).values()), cls


def test_an_event_names_itself_first_in_its_dictionary_and_nowhere_else():
    from holdem_desktop.net.wire import EVENT_TYPES, to_wire

    for name, cls in EVENT_TYPES.items():
        values = [None] * len(dataclasses.fields(cls))
        event = cls(*values)
        assert next(iter(vars(event))) == "event" and vars(event)["event"] == name
        assert "event" not in [f.name for f in dataclasses.fields(cls)]
        assert event == cls(*values) and hash(event) == hash(cls(*values))
        assert "event=" not in repr(event)
        assert to_wire(event) == {"event": name, **{f.name: None
                                                   for f in dataclasses.fields(cls)}}
        with pytest.raises(dataclasses.FrozenInstanceError):
            event.event = "other"  # type: ignore[attr-defined]


@needs_orjson
def test_orjson_writes_an_event_and_a_view_as_to_wire_makes_them():
    import orjson

    from holdem_desktop.net.wire import to_wire
    from tests.net.random_room import played

    checked: set[str] = set()
    for _conn, message in played(7, 120):
        for event in getattr(message, "events", ()):
            assert json.loads(orjson.dumps(event)) == json.loads(json.dumps(to_wire(event)))
            checked.add(type(event).__name__)
        view = getattr(message, "view", None)
        if view is not None:
            assert json.loads(orjson.dumps(view, default=fast_json._plain)) == json.loads(
                json.dumps(to_wire(view)))
            checked.add("view")
    assert {"HandStarted", "ActionTaken", "view"} <= checked
