"""A room sends its guests the rules of the host's game, so a guest plays,
mirrors and explains the very game the host runs, a player's own variant
file included; rules no variant file could hold are refused on arrival."""

from __future__ import annotations

import dataclasses
import json
import queue
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop import __version__
from holdem_desktop.engine.variant import (
    BlindLevel,
    adjust_variant,
    parse_variant,
    shipped_variant,
    shipped_variants,
)
from holdem_desktop.net.client import RoomClient
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.protocol import (
    Hello,
    MalformedMessage,
    VariantRules,
    Welcome,
    parse_host,
    to_payload,
)
from holdem_desktop.net.room import Room
from holdem_desktop.session.variant_files import level_clocks, stack_choices
from holdem_desktop.ui.howto import how_to_play
from holdem_desktop.ui.keymap import KeyMap

CODE = "161803"
TOKEN = "0" * 32


def deep_variant(tmp_path):
    text = shipped_variant().source.read_text(encoding="utf-8")
    text = text.replace('name = "Tournament"', 'name = "Deep"')
    path = tmp_path / "deep.toml"
    path.write_text(text, encoding="utf-8")
    return adjust_variant(parse_variant(text, path), starting_stack=7000,
                          level_clock=(None, 20))


def welcome(rules: VariantRules | None, key: str = "tournament") -> Welcome:
    return Welcome(0, TOKEN, CODE, ("Mara", ""), key, False, 0, rules)


@settings(max_examples=40, deadline=None)
@given(key=st.sampled_from(sorted(shipped_variants())), stack=st.integers(0, 5),
       clock=st.integers(0, 11))
def test_rules_travel_and_come_back_as_the_same_variant(key, stack, clock):
    v = shipped_variant(key)
    stacks, clocks = stack_choices(v), level_clocks(v)
    v = adjust_variant(v, starting_stack=stacks[stack % len(stacks)],
                       level_clock=clocks[clock % len(clocks)] if clocks else None)
    message = parse_host(to_payload(welcome(VariantRules.of(v), key)))
    assert isinstance(message, Welcome)
    assert message.game() == dataclasses.replace(v, source=None)


def test_a_welcome_without_rules_means_the_shipped_variant():
    message = parse_host(to_payload(welcome(None, "heads_up")))
    assert message.rules is None and message.game() is shipped_variant("heads_up")
    with pytest.raises(KeyError):
        welcome(None, "someone_elses").game()


@pytest.mark.parametrize(("field", "value"), [
    ("chip_unit", 7),  # the blinds are no multiples of it
    ("max_players", 11),
    ("levels", [[20, 10]]),  # the small blind above the big one
    ("raise_menu", ["pot", "min"]),
    ("after_last_level", "sometimes"),
    ("name", ""),
])
def test_rules_no_variant_file_could_hold_are_refused(field, value):
    data = json.loads(to_payload(welcome(VariantRules.of(shipped_variant()))))
    data["rules"][field] = value
    with pytest.raises(MalformedMessage) as err:
        parse_host(json.dumps(data).encode())
    assert err.value.reason == "bad_field"


def test_rules_too_large_to_send_are_not_sent():
    v = shipped_variant()
    many = dataclasses.replace(v, schedule=dataclasses.replace(
        v.schedule, levels=tuple(BlindLevel((10 * k, 20 * k)) for k in range(1, 80))))
    with pytest.raises(ValueError):
        VariantRules.of(many)
    room = Room(many, CODE, size=2, game_version=__version__, clock=time.monotonic)
    room.connect("c1", "127.0.0.1")
    room.receive("c1", Hello("Mara", CODE, __version__))
    sent = next(m for _c, m in room.take() if isinstance(m, Welcome))
    assert sent.rules is None  # the guest falls back on the shipped variant of the key


def test_a_guest_of_a_room_with_a_players_variant_gets_its_rules_and_how_to_play(tmp_path):
    variant = deep_variant(tmp_path)
    room = Room(variant, CODE, size=2, game_version=__version__, rng=random.Random(1),
                clock=time.monotonic)
    server = RoomServer(room, "127.0.0.1", 0)
    port = server.start()
    client = RoomClient("127.0.0.1", port, pin=server.fingerprint)
    try:
        client.connect()
        client.send(Hello("Ada", CODE, __version__))
        end = time.monotonic() + 10
        got = None
        while got is None and time.monotonic() < end:
            try:
                message = client.inbox.get(timeout=0.1)
            except queue.Empty:
                continue
            if isinstance(message, Welcome):
                got = message
        assert got is not None
    finally:
        client.close()
        server.stop()
    rules = got.game()
    assert rules == dataclasses.replace(variant, source=None)
    assert rules.schedule.minutes_per_level == 20
    page = {s.heading: s.paragraphs for s in how_to_play(rules, KeyMap(), folder=tmp_path)}
    told = "\n".join(page["This game's rules"])
    assert "You are playing Deep." in told
    assert "Everyone starts with 7,000 chips." in told
    assert "The blinds go up every 20 minutes." in told
