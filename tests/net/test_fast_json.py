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
