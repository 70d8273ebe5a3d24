"""The protocol core, fed bytes: every message round-trips, bad payloads are
refused with the right reason and only ever with MalformedMessage, and the
frame decoder cuts any chunking of a stream the same way."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.ai.baselines import AlwaysRaiseMax
from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.engine.events import HandStarted, HoleCardsDealt
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.engine.views import SeatView
from holdem_desktop.net.protocol import (
    GAME_ENDS,
    MAX_DEPTH,
    MAX_EVENTS,
    MAX_FRAME,
    PROTOCOL_VERSION,
    QUIET,
    REFUSED_REASONS,
    Act,
    Away,
    Back,
    Bye,
    Error,
    Events,
    FrameDecoder,
    FrameTooLarge,
    Hello,
    Leave,
    MalformedMessage,
    NewGame,
    News,
    NextHand,
    Ping,
    PlayFor,
    Pong,
    Refused,
    Remove,
    StartWithout,
    Table,
    Waiting,
    Welcome,
    encode,
    parse_client,
    parse_host,
    to_payload,
    to_text,
)
from holdem_desktop.net.wire import EVENT_TYPES, WireError, censor, to_wire
from holdem_desktop.session import HumanController, Session

from .test_wire import all_events, all_views, assert_same, record_strategy

MALFORMED_REASONS = {"not_json", "not_object", "wrong_version", "unknown_type", "bad_field",
                     "too_large", "empty"}
TOKEN = "0123456789abcdef" * 2


def payload(**fields: Any) -> bytes:
    return json.dumps({"v": PROTOCOL_VERSION, **fields}).encode()


def frame(body: bytes) -> bytes:
    return len(body).to_bytes(4, "big") + body


def real_view() -> SeatView:
    return next(v for v in all_views() if len(v.pots) > 1 and v.legal_actions)


def table_for(view: SeatView | None) -> Table:
    return Table(view=view, names=("Ann", "Bob", "Cat"), chips=(1500, 0, 3000),
                 places=(None, 3, None), kinds=("human", "empty", "computer"),
                 connected=(True, False, True), hands_played=12, level=1, blinds=(20, 40),
                 ante=5, hands_until_next_level=None, game_over=False, started=True,
                 waiting_for=(0,))


def error_from(exc: IllegalAction) -> Error:
    """The Error a host sends for an engine refusal (None values left out)."""
    return Error(exc.reason, {k: v for k, v in exc.data.items() if v is not None})


def client_examples() -> list[Any]:
    return [Hello("Ann", "123456", "0.1.0"), Hello("Zoë K", "000000", "", TOKEN),
            Act(ActionKind.FOLD), Act(ActionKind.RAISE, 120), Act(ActionKind.ALL_IN, 0),
            Act(ActionKind.CALL, 0, 12, 3), NextHand(), NewGame(), Leave(), Ping(0),
            Ping(2**31), Away(), Back(), PlayFor(5), Remove("Ann"), StartWithout()]


def host_examples() -> list[Any]:
    events = tuple(censor(e, 0) for e in all_events()[:MAX_EVENTS])
    return [
        Welcome(0, TOKEN, "654321", ("Ann", "Bob"), "tournament", False, 0),
        Welcome(None, TOKEN, "654321", ("Ann", "Bob", ""), "heads_up", True, 1),
        *(Refused(reason) for reason in sorted(REFUSED_REASONS)),
        Refused("wrong_version", "host 0.2.0"),
        Events(events), Events(()),
        table_for(real_view()), table_for(None),
        Error("not_your_turn", {"to_act": 3}), Error("malformed", {"reason": "not_json"}),
        Error("game_running"),
        error_from(IllegalAction("amount_below_min", amount=10, min=40)),
        Waiting((0, 2)), Waiting(()), Pong(7), Bye("left"), News("left_seat", ("Ann",)),
        News("started_without", ("Ann", "Bob")),
        dataclasses.replace(table_for(None), hand=3, decision=7, watchers=("Zoë",)),
        dataclasses.replace(table_for(real_view()), stand_ins=(0, 3)),
    ]


# ----------------------------------------------------------------------
# Round trips


def test_every_message_type_has_an_example():
    assert {type(m) for m in client_examples()} == {Hello, Act, NextHand, NewGame, Leave, Ping,
                                                    Away, Back, PlayFor, Remove, StartWithout}
    assert {type(m) for m in host_examples()} == {Welcome, Refused, Events, Table, Error,
                                                  Waiting, Pong, Bye, News}


@pytest.mark.parametrize("message", client_examples(), ids=lambda m: type(m).__name__)
def test_client_messages_round_trip(message):
    body = to_payload(message)
    data = json.loads(body)
    assert data["v"] == PROTOCOL_VERSION and data["type"] == type(message).TYPE
    assert parse_client(body) == message
    assert encode(message) == frame(body)
    assert FrameDecoder().feed(encode(message)) == [body]


def reference(message: Any) -> bytes:
    """The payload as ``json.dumps`` writes the message's :func:`to_wire` data
    (its :data:`QUIET` fields only when they differ from their default)."""
    data = {"v": PROTOCOL_VERSION, "type": message.TYPE}
    quiet = QUIET.get(type(message), {})
    data |= {f.name: to_wire(getattr(message, f.name)) for f in dataclasses.fields(message)
             if f.name not in quiet or getattr(message, f.name) != quiet[f.name]}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


@pytest.mark.parametrize("message", client_examples() + host_examples(),
                         ids=lambda m: type(m).__name__)
def test_a_payload_is_exactly_json_dumps_of_the_messages_data(message):
    assert to_payload(message) == reference(message)
    assert to_text(message) == reference(message).decode("ascii")


@pytest.mark.parametrize("message", host_examples(), ids=lambda m: type(m).__name__)
def test_host_messages_round_trip(message):
    body = to_payload(message)
    back = parse_host(body)
    assert_same(back, message)
    assert FrameDecoder().feed(encode(message)) == [body]


def test_payloads_are_compact_ascii_json():
    body = to_payload(Hello("Zoë", "123456", "1.0"))
    assert body.isascii() and b" " not in body
    assert json.loads(body) == {"v": 1, "type": "hello", "name": "Zoë", "code": "123456",
                                "game_version": "1.0", "token": None}


def test_a_table_carries_a_real_view_with_side_pots_and_legal_actions():
    message = parse_host(to_payload(table_for(real_view())))
    assert isinstance(message, Table) and message.view is not None
    assert len(message.view.pots) > 1 and message.view.legal_actions
    assert_same(message.view, real_view())


@pytest.mark.parametrize("moves", [[-1], [2, 1], [1, 1], ["1"], list(range(MAX_EVENTS + 1))])
def test_a_table_whose_stand_ins_are_not_moves_in_order_is_malformed(moves):
    body = json.loads(to_payload(table_for(real_view())))
    with pytest.raises(MalformedMessage) as info:
        parse_host(json.dumps({**body, "stand_ins": moves}).encode())
    assert info.value.detail.startswith("stand_ins")


def test_every_real_event_travels_in_events_messages_censored():
    events = [censor(e, 1) for e in all_events()]
    for start in range(0, len(events), MAX_EVENTS):
        chunk = tuple(events[start:start + MAX_EVENTS])
        back = parse_host(to_payload(Events(chunk)))
        assert isinstance(back, Events)
        assert_same(back.events, chunk)
    hidden = [e for e in events if isinstance(e, HoleCardsDealt) and e.seat != 1]
    assert hidden and all(e.cards == () for e in hidden)


def test_optional_fields_may_be_left_out():
    assert parse_client(payload(type="act", kind="check")) == Act(ActionKind.CHECK, 0)
    assert parse_client(payload(type="hello", name="Ann", code="123456",
                                game_version="1")) == Hello("Ann", "123456", "1")
    assert parse_host(payload(type="refused", reason="room_full")) == Refused("room_full")
    assert parse_host(payload(type="error", reason="not_host")) == Error("not_host")


def test_names_are_stripped_on_arrival():
    message = parse_client(payload(type="hello", name="  Ann  ", code="123456",
                                   game_version="1"))
    assert message == Hello("Ann", "123456", "1")


def test_unusable_names_still_parse_so_the_room_can_say_bad_name():
    for name in ("", "   ", "x" * 21, "a\nb", "\x07bell", "\u202eevil", "\ud800", "Ada\n",
                 "\tAda"):
        message = parse_client(hello(name=name))
        # only spaces go: a tab or newline at either end stays, for the room to refuse
        assert isinstance(message, Hello) and message.name == name.strip(" ")


def test_messages_check_their_values_when_built():
    for build in (lambda: Hello("x" * 101, "123456", "1"),
                  lambda: Hello("Ann", "12345", "1"), lambda: Hello("Ann", "123456", "1", "x"),
                  lambda: Act(ActionKind.BET, -1), lambda: Act("fold"),  # type: ignore[arg-type]
                  lambda: Ping(-1), lambda: Refused("because"), lambda: Bye("Bye!"),
                  lambda: Waiting((0, 0)), lambda: Error("x", {"n": None}),  # type: ignore
                  lambda: Events((object(),)),
                  lambda: dataclasses.replace(table_for(None), chips=(1, 2))):
        with pytest.raises(WireError):
            build()


def test_error_messages_hash_and_compare_by_value():
    assert Error("x", {"a": 1}) == Error("x", {"a": 1})
    assert hash(Error("x", {"a": 1, "b": "c"})) == hash(Error("x", {"b": "c", "a": 1}))


name_text = st.text(st.characters(codec="utf-8"), min_size=1, max_size=20).filter(
    lambda s: s.isprintable() and s == s.strip() and s != "")
short_text = st.text(st.characters(codec="utf-8"), max_size=20).filter(
    lambda s: s.isprintable() and s == s.strip())
codes = st.from_regex(r"[0-9]{6}", fullmatch=True)
tokens = st.from_regex(r"[0-9a-f]{32}", fullmatch=True)
words = st.from_regex(r"[a-z][a-z0-9_]{0,39}", fullmatch=True)
seats = st.integers(0, 9)

client_messages = st.one_of(
    st.builds(Hello, name_text, codes, short_text, st.none() | tokens),
    st.builds(Act, st.sampled_from(ActionKind), st.integers(0, 10**9)),
    st.just(NextHand()), st.just(NewGame()), st.just(Leave()),
    st.builds(Ping, st.integers(0, 2**31)),
)


@st.composite
def tables(draw: Any) -> Table:
    n = draw(st.integers(0, 10))
    seat_list = st.lists(st.integers(0, n - 1), unique=True, max_size=n) if n else st.just([])
    return Table(
        view=draw(st.none() | record_strategy(SeatView)),
        names=tuple(draw(st.lists(short_text, min_size=n, max_size=n))),
        chips=tuple(draw(st.lists(st.integers(0, 10**12), min_size=n, max_size=n))),
        places=tuple(draw(st.lists(st.none() | st.integers(1, 10), min_size=n, max_size=n))),
        kinds=tuple(draw(st.lists(st.sampled_from(["human", "computer", "empty"]),
                                  min_size=n, max_size=n))),
        connected=tuple(draw(st.lists(st.booleans(), min_size=n, max_size=n))),
        hands_played=draw(st.integers(0, 10**6)), level=draw(st.integers(0, 50)),
        blinds=tuple(draw(st.lists(st.integers(0, 10**9), max_size=3))),
        ante=draw(st.integers(0, 10**6)),
        hands_until_next_level=draw(st.none() | st.integers(0, 100)),
        game_over=draw(st.booleans()), started=draw(st.booleans()),
        waiting_for=tuple(draw(seat_list)),
        next_level_in=draw(st.none() | st.integers(0, 10**6)),
        result=draw(st.none() | st.sampled_from(GAME_ENDS)),
    )


event_strategy = st.sampled_from(sorted(EVENT_TYPES.values(), key=lambda c: c.__name__)).flatmap(
    record_strategy)
host_messages = st.one_of(
    st.builds(Welcome, st.none() | seats, tokens, codes,
              st.lists(short_text, max_size=10).map(tuple), name_text, st.booleans(), seats),
    st.builds(Refused, st.sampled_from(sorted(REFUSED_REASONS)), short_text),
    st.builds(Events, st.lists(event_strategy, max_size=5).map(tuple)),
    tables(),
    st.builds(Error, words, st.dictionaries(st.from_regex(r"[a-z_]{1,10}", fullmatch=True),
                                            st.integers(-10**12, 10**12) | short_text,
                                            max_size=5)),
    st.builds(Waiting, st.lists(seats, unique=True).map(tuple)),
    st.builds(Pong, st.integers(0, 2**31)),
    st.builds(Bye, words),
)


@settings(max_examples=300, deadline=None)
@given(message=client_messages)
def test_generated_client_messages_round_trip(message):
    assert parse_client(to_payload(message)) == message


@settings(max_examples=300, deadline=None)
@given(message=host_messages)
def test_generated_host_messages_round_trip(message):
    assert to_payload(message) == reference(message)
    assert_same(parse_host(to_payload(message)), message)


# ----------------------------------------------------------------------
# Refusals


def hello(**changes: Any) -> bytes:
    fields = {"type": "hello", "name": "Ann", "code": "123456", "game_version": "1.0",
              "token": None, **changes}
    return payload(**fields)


def deep(levels: int) -> bytes:
    inner: Any = 1
    for _ in range(levels - 1):
        inner = [inner]
    return payload(type="ping", n=1, extra=inner)


BAD_CLIENT = [
    (b"", "empty"),
    (b"\xff\xfe", "not_json"),
    (b"\xef\xbb\xbf" + payload(type="leave"), "not_json"),  # a BOM
    (b"{", "not_json"),
    (b"{}{}", "not_json"),
    (b"{'v': 1}", "not_json"),
    (b'{"v":1,"type":"ping","n":NaN}', "not_json"),
    (b'{"v":1,"type":"ping","n":Infinity}', "not_json"),
    (b'{"v":1,"type":"ping","n":1,"n":2}', "not_json"),
    (b'{"v":1,"type":"ping","n":' + b"9" * 5000 + b"}", "not_json"),
    (b"[1]", "not_object"),
    (b'"hello"', "not_object"),
    (b"null", "not_object"),
    (b"7", "not_object"),
    (json.dumps({"type": "leave"}).encode(), "wrong_version"),
    (json.dumps({"v": 2, "type": "leave"}).encode(), "wrong_version"),
    (json.dumps({"v": True, "type": "leave"}).encode(), "wrong_version"),
    (json.dumps({"v": 1.0, "type": "leave"}).encode(), "wrong_version"),
    (json.dumps({"v": "1", "type": "leave"}).encode(), "wrong_version"),
    (payload(), "unknown_type"),
    (payload(type="shout"), "unknown_type"),
    (payload(type=5), "unknown_type"),
    (payload(type="Leave"), "unknown_type"),
    (payload(type="welcome", seat=0), "unknown_type"),  # a host message
    (payload(type="leave", why="bored"), "bad_field"),
    (payload(type="next_hand", seat=3), "bad_field"),  # no acting for another seat
    (hello(name="x" * 101), "bad_field"),  # (shorter bad names: the room's bad_name)
    (hello(name=["Ann"]), "bad_field"),
    (hello(name=None), "bad_field"),
    (hello(code="12345"), "bad_field"),
    (hello(code="1234567"), "bad_field"),
    (hello(code=123456), "bad_field"),
    (hello(code="\uff11\uff12\uff13\uff14\uff15\uff16"), "bad_field"),  # full-width digits
    (hello(code="12345\n"), "bad_field"),
    (hello(game_version="x" * 21), "bad_field"),
    (hello(token="0123456789ABCDEF" * 2), "bad_field"),
    (hello(token="abc"), "bad_field"),
    (hello(token=12), "bad_field"),
    (payload(type="hello", name="Ann", game_version="1"), "bad_field"),  # no code
    (payload(type="act", kind="jump"), "bad_field"),
    (payload(type="act", kind="FOLD"), "bad_field"),
    (payload(type="act"), "bad_field"),
    (payload(type="act", kind="bet", amount=-1), "bad_field"),
    (payload(type="act", kind="bet", amount=10**9 + 1), "bad_field"),
    (payload(type="act", kind="bet", amount=True), "bad_field"),
    (payload(type="act", kind="bet", amount=1.5), "bad_field"),
    (payload(type="act", kind="bet", amount="100"), "bad_field"),
    (payload(type="act", kind="bet", amount=None), "bad_field"),
    (payload(type="ping", n=-1), "bad_field"),
    (payload(type="ping", n=2**31 + 1), "bad_field"),
    (payload(type="ping"), "bad_field"),
    (deep(MAX_DEPTH + 1), "too_large"),
    (b"[" * 100000, "too_large"),
    (b"[" * 5000, "too_large"),
    (b"[" * 500 + b"]" * 500, "too_large"),
    (b'{"a":' * 3000 + b"1" + b"}" * 3000, "too_large"),
    (b" " * (MAX_FRAME + 1), "too_large"),
]


@pytest.mark.parametrize(("body", "reason"), BAD_CLIENT,
                         ids=[str(i) for i in range(len(BAD_CLIENT))])
def test_bad_client_payloads_are_refused_with_a_reason(body, reason):
    with pytest.raises(MalformedMessage) as info:
        parse_client(body)
    assert info.value.reason == reason
    assert len(str(info.value)) < 200


def test_nesting_up_to_the_limit_is_not_refused_for_depth():
    with pytest.raises(MalformedMessage) as info:
        parse_client(deep(MAX_DEPTH - 1))
    assert info.value.reason == "bad_field"  # the extra key, not the depth


def nesting(value: Any) -> int:
    """How many arrays and objects nest in ``value`` (the reference, recursive)."""
    if isinstance(value, dict | list):
        children = value.values() if isinstance(value, dict) else value
        return 1 + max((nesting(child) for child in children), default=0)
    return 0


TRICKY_TEXT = st.text(alphabet='[]{}"\\ab\n', max_size=6)
NESTED = st.recursive(st.integers(0, 9) | TRICKY_TEXT,
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(TRICKY_TEXT, inner, max_size=3), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(NESTED)
def test_depth_is_refused_by_the_games_own_limit_and_brackets_in_strings_do_not_count(extra):
    with pytest.raises(MalformedMessage) as info:
        parse_client(payload(type="ping", n=1, extra=extra))
    deeper = 1 + nesting(extra) > MAX_DEPTH  # the message's own object is a level
    assert info.value.reason == ("too_large" if deeper else "bad_field")


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 100, 999, 5000, MAX_FRAME // 2])
def test_deep_payloads_are_too_large_on_every_python(levels):
    """Whether json's own recursion limit is hit first (3.11) or never (3.13),
    unclosed, closed and object nesting past the limit all give one reason."""
    for body in (b"[" * levels, b"[" * levels + b"]" * levels,
                 b'{"a":' * (levels // 5) + b"1" + b"}" * (levels // 5)):
        if len(body) <= MAX_FRAME and body.count(b"[") + body.count(b"{") > MAX_DEPTH:
            with pytest.raises(MalformedMessage) as info:
                parse_client(body)
            assert info.value.reason == "too_large", body[:20]


def welcome(**changes: Any) -> bytes:
    fields = {"type": "welcome", "seat": 0, "token": TOKEN, "code": "123456",
              "names": ["Ann", "Bob"], "variant": "tournament", "spectator": False,
              "host_seat": 0, **changes}
    return payload(**fields)


def table(**changes: Any) -> bytes:
    data = json.loads(to_payload(table_for(None)))
    data.update(changes)
    return json.dumps(data).encode()


def events(*items: Any) -> bytes:
    return payload(type="events", events=list(items))


HAND_STARTED = to_wire(HandStarted((0, 1), (100, 100), 1, (1, 2), (0, 0)))

BAD_HOST = [
    (payload(type="hello", name="Ann", code="123456", game_version="1"), "unknown_type"),
    (welcome(seat=10), "bad_field"),
    (welcome(seat=-1), "bad_field"),
    (welcome(host_seat=None), "bad_field"),
    (welcome(token="nope"), "bad_field"),
    (welcome(names=["x" * 21]), "bad_field"),
    (welcome(names=["Ann"] * 11), "bad_field"),
    (welcome(names="Ann,Bob"), "bad_field"),
    (welcome(spectator=0), "bad_field"),
    (welcome(variant=""), "bad_field"),
    (payload(type="refused", reason="because"), "bad_field"),
    (payload(type="refused", reason="room_full", detail=7), "bad_field"),
    (events(HAND_STARTED, {"event": "Teleport"}), "bad_field"),
    (events({**HAND_STARTED, "seats": [0]}), "bad_field"),
    (events({**HAND_STARTED, "secret": 1}), "bad_field"),
    (events(*[HAND_STARTED] * (MAX_EVENTS + 1)), "bad_field"),
    (payload(type="events", events={"0": HAND_STARTED}), "bad_field"),
    (table(names=["Ann", "Bob"]), "bad_field"),
    (table(kinds=["human", "robot", "computer"]), "bad_field"),
    (table(places=[None, 0, None]), "bad_field"),
    (table(chips=[1500, -1, 3000]), "bad_field"),
    (table(waiting_for=[3]), "bad_field"),
    (table(waiting_for=[0, 0]), "bad_field"),
    (table(connected=[1, 0, 1]), "bad_field"),
    (table(view={"seat": 0}), "bad_field"),
    (table(hands_until_next_level="soon"), "bad_field"),
    (table(next_level_in="soon"), "bad_field"),
    (table(next_level_in=-1), "bad_field"),
    (table(next_level_in=1.5), "bad_field"),
    (table(next_level_in=True), "bad_field"),
    (table(result="won"), "bad_field"),
    (table(result=1), "bad_field"),
    (payload(type="error", reason="Not Your Turn", data={}), "bad_field"),
    (payload(type="error", reason="x", data={"a": 1.5}), "bad_field"),
    (payload(type="error", reason="x", data={"a": [1]}), "bad_field"),
    (payload(type="error", reason="x", data={"a": None}), "bad_field"),
    (payload(type="error", reason="x", data={"a": "y" * 65}), "bad_field"),
    (payload(type="error", reason="x", data={"bad key": 1}), "bad_field"),
    (payload(type="error", reason="x", data={f"k{i}": i for i in range(17)}), "bad_field"),
    (payload(type="waiting", seats=[0, 11]), "bad_field"),
    (payload(type="pong", n="1"), "bad_field"),
    (payload(type="bye", reason=""), "bad_field"),
]


@pytest.mark.parametrize(("body", "reason"), BAD_HOST, ids=[str(i) for i in range(len(BAD_HOST))])
def test_bad_host_payloads_are_refused_with_a_reason(body, reason):
    with pytest.raises(MalformedMessage) as info:
        parse_host(body)
    assert info.value.reason == reason


def test_refusals_say_where():
    with pytest.raises(MalformedMessage) as info:
        parse_host(table(chips=[1500, "x", 3000]))
    assert info.value.detail == "chips[1]: not an int"
    with pytest.raises(MalformedMessage) as info:
        parse_client(payload(type="act", kind="bet", amount=True))
    assert info.value.detail == "amount: not an int"
    with pytest.raises(MalformedMessage) as info:
        parse_client(payload(type="leave", extra=1))
    assert info.value.detail == "extra: unexpected"


# ----------------------------------------------------------------------
# Only MalformedMessage, whatever arrives

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=40)

TYPES = ["hello", "act", "next_hand", "new_game", "leave", "ping", "welcome", "refused",
         "events", "table", "error", "waiting", "pong", "bye", "away", "back", "play_for",
         "remove", "start_without", "news"]
FIELDS = ["name", "code", "game_version", "token", "kind", "amount", "n", "seat", "names",
          "variant", "spectator", "host_seat", "reason", "detail", "events", "view", "chips",
          "places", "kinds", "connected", "hands_played", "level", "blinds", "ante",
          "hands_until_next_level", "game_over", "started", "waiting_for", "data", "seats",
          "hand", "decision", "watchers", "stand_ins", "what", "next_level_in"]
near_messages = st.builds(
    lambda kind, fields: {"v": 1, "type": kind, **fields},
    st.sampled_from(TYPES),
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=8))


def refuses_cleanly(parse: Any, body: bytes) -> None:
    try:
        parse(body)
    except MalformedMessage as exc:
        assert exc.reason in MALFORMED_REASONS


@settings(max_examples=500, deadline=None)
@given(body=st.binary(max_size=200))
def test_arbitrary_bytes_only_ever_raise_malformed(body):
    refuses_cleanly(parse_client, body)
    refuses_cleanly(parse_host, body)


@settings(max_examples=500, deadline=None)
@given(value=json_values | near_messages)
def test_arbitrary_json_only_ever_raises_malformed(value):
    body = json.dumps(value).encode()
    refuses_cleanly(parse_client, body)
    refuses_cleanly(parse_host, body)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_damaged_real_payloads_only_ever_raise_malformed(data):
    message = data.draw(st.sampled_from(client_examples() + host_examples()[:4]
                                        + [table_for(real_view())]))
    body = bytearray(to_payload(message))
    for _ in range(data.draw(st.integers(1, 4))):
        body[data.draw(st.integers(0, len(body) - 1))] = data.draw(st.integers(0, 255))
    refuses_cleanly(parse_client, bytes(body))
    refuses_cleanly(parse_host, bytes(body))


# ----------------------------------------------------------------------
# Framing


def stream() -> tuple[bytes, list[bytes]]:
    messages = [*client_examples(), Events(tuple(all_events()[:40])), Pong(3)]
    bodies = [to_payload(m) for m in messages]
    return b"".join(frame(b) for b in bodies), bodies


def test_frames_split_at_every_byte_boundary_decode_the_same():
    data, bodies = stream()
    for cut in range(len(data) + 1):
        decoder = FrameDecoder()
        assert decoder.feed(data[:cut]) + decoder.feed(data[cut:]) == bodies
        assert decoder.buffered == 0


def test_frames_fed_one_byte_at_a_time_decode_the_same():
    data, bodies = stream()
    decoder = FrameDecoder()
    out: list[bytes] = []
    for i in range(len(data)):
        out += decoder.feed(data[i:i + 1])
    assert out == bodies


@settings(max_examples=200, deadline=None)
@given(cuts=st.lists(st.integers(0, 10**6), max_size=20))
def test_frames_in_any_chunks_decode_the_same(cuts):
    data, bodies = stream()
    points = sorted({c % (len(data) + 1) for c in cuts} | {0, len(data)})
    decoder = FrameDecoder()
    out: list[bytes] = []
    for a, b in itertools.pairwise(points):
        out += decoder.feed(data[a:b])
    assert out == bodies
    assert [parse_client(b) for b in bodies[:len(client_examples())]] == client_examples()


def test_an_oversized_length_is_refused_before_its_body_arrives():
    decoder = FrameDecoder()
    header = (MAX_FRAME + 1).to_bytes(4, "big")
    assert decoder.feed(header[:3]) == []
    with pytest.raises(FrameTooLarge) as info:
        decoder.feed(header[3:])
    assert info.value.reason == "too_large" and info.value.size == MAX_FRAME + 1
    assert isinstance(info.value, MalformedMessage)
    assert decoder.buffered == 0
    with pytest.raises(FrameTooLarge):  # the stream stays refused
        decoder.feed(frame(to_payload(Leave())))


def test_a_frame_of_exactly_the_limit_is_accepted():
    body = b" " * MAX_FRAME
    assert FrameDecoder().feed(frame(body)) == [body]
    with pytest.raises(FrameTooLarge):
        FrameDecoder().feed(frame(body + b" ")[:4])


def test_a_zero_length_frame_is_malformed():
    decoder = FrameDecoder()
    assert decoder.feed(frame(to_payload(Leave()))) == [to_payload(Leave())]
    with pytest.raises(MalformedMessage) as info:
        decoder.feed(b"\x00\x00\x00\x00")
    assert info.value.reason == "empty"
    with pytest.raises(MalformedMessage):
        decoder.feed(frame(to_payload(Leave())))


@settings(max_examples=300, deadline=None)
@given(chunks=st.lists(st.binary(max_size=64), max_size=10))
def test_arbitrary_bytes_to_the_frame_decoder_only_raise_malformed(chunks):
    decoder = FrameDecoder()
    try:
        for chunk in chunks:
            for body in decoder.feed(chunk):
                assert 0 < len(body) <= MAX_FRAME
                refuses_cleanly(parse_client, body)
    except MalformedMessage as exc:
        assert exc.reason in {"too_large", "empty"}


def test_encode_refuses_a_message_too_large_for_a_frame():
    big = HandStarted(tuple(range(10)), (10**12,) * 10, 9, (10**12,) * 10, (10**12,) * 10)
    view = dataclasses.replace(real_view(), history=(big,) * 1000)
    message = table_for(view)
    assert len(to_payload(message)) > MAX_FRAME
    with pytest.raises(ValueError, match="does not fit"):
        encode(message)


# ----------------------------------------------------------------------
# The sizes real play produces


def test_real_tables_fit_easily_in_a_frame():
    biggest = max(len(to_payload(table_for(v))) for v in all_views()[::25])
    assert biggest < MAX_FRAME // 4


def test_a_real_session_can_be_played_through_the_protocol():
    """A human seat plays a few hands acting only through parsed Act messages;
    every event it hears travels censored for it, and the engine's refusals
    travel as Error messages."""
    session = Session(shipped_variant("heads_up"), [("Ann", HumanController()),
                                                    ("Bot", AlwaysRaiseMax())],
                      rng=random.Random(3), clock=lambda: 0.0)
    heard: list[object] = []
    session.subscribe(lambda e: heard.extend(
        parse_host(to_payload(Events((censor(e, 0),)))).events))  # type: ignore[union-attr]
    errors: list[Error] = []
    session.start()
    for _ in range(5):
        if session.game_over:
            break
        session.next_hand()
        while session.waiting_for == 0:
            try:  # facing a raise: checking is refused by the engine
                session.submit(0, Action.check())
            except IllegalAction as exc:
                errors.append(error_from(exc))
            if session.waiting_for != 0:
                break
            view = session.view(0)
            legal = {a.kind for a in view.legal_actions}
            kind = ActionKind.CHECK if ActionKind.CHECK in legal else ActionKind.CALL
            sent = parse_client(to_payload(Act(kind)))
            assert isinstance(sent, Act)
            session.submit(0, Action(sent.kind, sent.amount))
    dealt = [e for e in heard if isinstance(e, HoleCardsDealt)]
    assert {len(e.cards) for e in dealt if e.seat == 0} == {2}
    assert {len(e.cards) for e in dealt if e.seat == 1} == {0}
    assert errors and {e.reason for e in errors} == {"check_facing_bet"}
    for error in errors:
        assert parse_host(to_payload(error)) == error
        assert set(error.data) <= {"to_call", "bettor"}


@pytest.mark.parametrize("played", [["Mara"], ["x" * 100, "Ada", "Bo"], "Mara", [1, 2, 3]])
def test_a_table_whose_players_are_not_one_a_seat_is_malformed(played):
    body = json.loads(to_payload(table_for(real_view())))
    assert "played" not in body  # (not sent when every seat is named by its player)
    with pytest.raises(MalformedMessage) as info:
        parse_host(json.dumps({**body, "played": played}).encode())
    assert info.value.detail.startswith("played")


def test_a_table_names_who_played_each_seat_of_the_ended_game():
    table = dataclasses.replace(table_for(None), game_over=True, played=("Ann", "", "Cal"))
    assert parse_host(to_payload(table)) == table
