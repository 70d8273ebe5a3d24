"""The server writes its messages with orjson where it is installed (issue
38): the same data as :func:`to_text`, parsed back equal, for every example
message and every message of rooms played at random; the text itself only
differs past ASCII (UTF-8, not escapes).  Without orjson, and for what orjson
refuses, it is ``to_text``'s text exactly, and what ``to_text`` refuses is
refused."""

from __future__ import annotations

import dataclasses
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
