"""The engine's values on the wire: real views and events from seeded sessions
come back equal, every event type travels, bad data is refused with a path,
and censor hides exactly what views.py hides."""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import functools
import inspect
import json
import random
import types
from collections.abc import Callable
from enum import Enum
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.ai.baselines import AlwaysCall, AlwaysRaiseMax, RandomPolicy
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine import events as engine_events
from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.cards import ALL_CARDS, Card, Rank, parse_cards
from holdem_desktop.engine.evaluator import HandValue, evaluate_hand
from holdem_desktop.engine.events import (
    CardsShown,
    Event,
    HandEnded,
    HoleCardsDealt,
    PotAwarded,
    Street,
)
from holdem_desktop.engine.hand import Hand, HandConfig, Pot
from holdem_desktop.engine.hand_classes import HandCategory
from holdem_desktop.engine.variant import (
    AFTER_LAST_DOUBLE,
    BettingStructure,
    BlindLevel,
    BlindSchedule,
    RaiseStep,
    shipped_variant,
)
from holdem_desktop.engine.views import PlayerView, SeatView
from holdem_desktop.net import wire
from holdem_desktop.net.wire import (
    ENGINE_EVENTS,
    EVENT_TYPES,
    MAX_INT,
    MAX_ITEMS,
    SAME_LENGTH,
    SESSION_EVENTS,
    WireError,
    censor,
    from_wire,
    to_json,
    to_wire,
)
from holdem_desktop.session import HumanController, Session
from holdem_desktop.session import events as session_events

# ----------------------------------------------------------------------
# Real data: seeded sessions of several variants


@dataclasses.dataclass
class Played:
    """What a few seeded sessions produced."""

    variant: str
    events: list[object]
    views: list[SeatView]
    hands: list[tuple[list[object], dict[int | None, SeatView]]]
    """Per finished hand: its engine events and every seat's final view."""


class OpenThenCall:
    """Raises to 300 when it can before the flop, then calls or checks: with
    a short stack all-in beside it, the betting goes on past a side pot."""

    def decide(self, view: SeatView) -> Action:
        kinds = {a.kind for a in view.legal_actions}
        me = view.me
        assert me is not None
        if view.street == 0 and ActionKind.RAISE in kinds and me.bet + view.to_call < 300:
            return Action.raise_to(300)
        return AlwaysCall().decide(view)


def play(variant_key: str, players: list[tuple[str, Any]], seed: int, hands: int,
         schedule: BlindSchedule | None = None, chips: dict[int, int] | None = None
         ) -> Played:
    """Play up to ``hands`` hands (a human seat answers like AlwaysCall) and
    record every event, every seat's view after every event, and each hand
    (``chips``: some seats' chips at the start, for side pots)."""
    variant = shipped_variant(variant_key)
    if schedule is not None:
        variant = dataclasses.replace(variant, schedule=schedule)
    session = Session(variant, players, rng=random.Random(seed), clock=lambda: 0.0)
    played = Played(variant_key, [], [], [])
    hand_events: list[object] = []

    def listen(event: object) -> None:
        played.events.append(event)
        if isinstance(event, Event):
            hand_events.append(event)
        if session.hand is not None:
            for seat in [*range(session.n), None]:
                played.views.append(session.view(seat))
        if isinstance(event, HandEnded):
            final = {seat: session.view(seat) for seat in [*range(session.n), None]}
            played.hands.append((list(hand_events), final))
            hand_events.clear()

    session.subscribe(listen)
    session.start()
    for seat, count in (chips or {}).items():
        session.seats[seat].chips = count
    for _ in range(hands):
        if session.game_over:
            break
        session.next_hand()
        while session.waiting_for is not None:  # the human seat
            seat = session.waiting_for
            session.submit(seat, AlwaysCall().decide(session.view(seat)))
    return played


@functools.cache
def samples() -> tuple[Played, ...]:
    """Sessions over five variants: showdowns, side pots (gathered, with the
    betting going on), antes, blinds going up, players out, games over, a
    human's turns, fixed-limit and heads-up."""
    antes = BlindSchedule((BlindLevel((10, 20), 5), BlindLevel((20, 40), 10)),
                          hands_per_level=3, after_last=AFTER_LAST_DOUBLE)
    tournament = [("Ann", HumanController()), ("Raiser", AlwaysRaiseMax()),
                  ("Caller", AlwaysCall()),
                  *((f"Bot {i}", create_player("normal", random.Random(i))) for i in range(3))]
    return (
        play("tournament", tournament, seed=13, hands=40, schedule=antes),
        play("fixed_limit", [(f"F{i}", create_player("normal", random.Random(10 + i)))
                             for i in range(3)] + [("Rnd", RandomPolicy(random.Random(3)))],
             seed=3, hands=12),
        play("heads_up", [("H0", create_player("normal", random.Random(20))),
                          ("H1", RandomPolicy(random.Random(21)))], seed=5, hands=12),
        play("pot_limit", [(f"P{i}", create_player("normal", random.Random(30 + i)))
                           for i in range(3)] + [("Max", AlwaysRaiseMax())], seed=11, hands=8),
        play("session", [(f"S{i}", RandomPolicy(random.Random(40 + i))) for i in range(3)],
             seed=13, hands=6),
        play("tournament", [("Short", AlwaysRaiseMax()), ("Open", OpenThenCall()),
                            ("Call", AlwaysCall()), ("Ann", HumanController())],
             seed=7, hands=1, chips={0: 100}),  # a side pot, the betting going on after it
    )


def all_events() -> list[object]:
    return [e for p in samples() for e in p.events]


def all_views() -> list[SeatView]:
    return [v for p in samples() for v in p.views]


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def assert_same(back: object, original: object) -> None:
    """Equal, and equal in every detail: HandValue compares by strength
    alone and a Card equals its int, so compare the reprs too."""
    assert back == original
    assert repr(back) == repr(original)


# ----------------------------------------------------------------------
# Round trips of real data


def test_every_event_dataclass_is_registered():
    def dataclasses_of(module: types.ModuleType) -> set[str]:
        return {name for name, obj in inspect.getmembers(module, inspect.isclass)
                if dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__
                and obj is not Event}

    assert set(ENGINE_EVENTS) == dataclasses_of(engine_events)
    assert set(SESSION_EVENTS) == dataclasses_of(session_events)
    assert set(EVENT_TYPES) == set(ENGINE_EVENTS) | set(SESSION_EVENTS)


def test_the_sessions_produce_every_event_type_and_the_hard_cases():
    seen = {type(e).__name__ for e in all_events()}
    # A room's barrier (not a session) says who the next hand waits for; only
    # a tournament's table posts a dead small blind.
    assert seen | {"WaitingForPlayers", "DeadBlindPosted"} == set(EVENT_TYPES)
    waiting = session_events.WaitingForPlayers((0, 3))
    assert from_wire(to_wire(waiting), object) == waiting
    dead = Hand(HandConfig(stacks=(100, 100, 5), blinds=(20, 0, 0),
                           dead_blinds=(0, 0, 10)), list(range(52))).events[2]
    assert dead == engine_events.DeadBlindPosted(2, 5, True)
    assert_same(from_wire(to_wire(dead), object), dead)
    views = all_views()
    assert any(len(v.pots) > 1 for v in views), "no side pot in a view"
    assert any(isinstance(e, PotAwarded) and e.index > 0 for e in all_events())
    assert any(isinstance(e, CardsShown) and e.value is not None for v in views
               for e in v.history)
    assert any(v.legal_actions for v in views)
    assert {v.betting for v in views} == set(BettingStructure)
    assert any(v.seat is None for v in views)
    assert {p.variant for p in samples()} >= {"fixed_limit", "heads_up"}


def test_real_events_round_trip_through_json():
    for event in all_events():
        data = through_json(to_wire(event))
        assert data["event"] == type(event).__name__
        assert_same(from_wire(data, type(event)), event)
        assert_same(from_wire(data, object), event)
        if isinstance(event, Event):
            assert_same(from_wire(data, Event), event)


def test_real_views_round_trip_through_json():
    for view in all_views():
        back = from_wire(through_json(to_wire(view)), SeatView)
        assert_same(back, view)
        if view.seat is not None:
            assert back.me == view.me


def test_parts_of_views_round_trip_on_their_own():
    view = next(v for v in all_views() if len(v.pots) > 1 and v.legal_actions)
    for pot in view.pots:
        assert_same(from_wire(through_json(to_wire(pot)), Pot), pot)
    for player in view.players:
        assert_same(from_wire(through_json(to_wire(player)), PlayerView), player)
    for legal in view.legal_actions:
        data = through_json(to_wire(legal))
        assert data == {"kind": legal.kind.value, "min_amount": legal.min_amount,
                        "max_amount": legal.max_amount, "amounts": list(legal.amounts)}
        assert_same(from_wire(data, LegalAction), legal)


def test_hand_values_keep_their_description():
    for text in ("AhKhQhJhTh", "5c4d3h2sAs", "KcKdKh2s2c", "9c9d4h4s2c", "Ac9c7c5c2c"):
        value = evaluate_hand(parse_cards(text))
        data = through_json(to_wire(value))
        assert data["cards"] == [int(c) for c in value.cards]
        back = from_wire(data, HandValue)
        assert_same(back, value)
        assert back.category is value.category and back.ranks == value.ranks
        assert all(type(c) is Card for c in back.cards)
        assert all(type(r) is Rank for r in back.ranks)


@pytest.mark.parametrize("enum", [Street, ActionKind, BettingStructure, HandCategory, Rank])
def test_enums_round_trip(enum):
    for member in enum:
        data = through_json(to_wire(member))
        assert data == member.value and type(data) is type(member.value)
        assert from_wire(data, enum) is member


def test_to_wire_refuses_what_it_cannot_encode():
    for value in (object(), 1.5, {1: 2}, {"a": object()}, b"bytes"):
        with pytest.raises(TypeError):
            to_wire(value)


# ----------------------------------------------------------------------
# to_json: the same data, written straight as text


def dumped(obj: object) -> str:
    """What :func:`to_json` must write: :func:`to_wire`'s data, compact ASCII JSON."""
    return json.dumps(to_wire(obj), separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def test_to_json_writes_exactly_what_json_dumps_writes_of_to_wire():
    real: list[object] = [*all_events(), *all_views()]
    real += [censor(e, seat) for e in all_events() for seat in (None, 0, 1)]
    for obj in real:
        assert to_json(obj) == dumped(obj)
        assert to_json(obj) == dumped(obj)  # again: an event's text as kept
    view = next(v for v in all_views() if v.legal_actions and len(v.pots) > 1)
    values: list[object] = [
        None, True, False, 0, -7, 10**12, "Zoë \"K\" \\ \n \u2028 \U0001f0a1", "",
        ALL_CARDS[0], ALL_CARDS[51], Street.FLOP, ActionKind.CALL, HandCategory.FLUSH,
        *BettingStructure, (), [], (1, (2, [3])), {}, {"a": [1, None], "é": True},
        view.legal_actions[0], view.pots, view.players, evaluate_hand(parse_cards("AhKhQhJhTh")),
    ]
    for value in values:
        assert to_json(value) == dumped(value), value


def test_to_json_refuses_what_to_wire_refuses():
    for value in (object(), 1.5, {1: 2}, {"a": object()}, b"bytes", [1, 2.5], (None, {3: 4})):
        with pytest.raises(TypeError):
            to_json(value)


def test_each_event_gets_its_own_text_as_ids_are_reused_and_the_kept_texts_forgotten(
        monkeypatch):
    monkeypatch.setattr(wire, "EVENT_TEXT_LIMIT", 7)
    rng = random.Random(3)
    for _ in range(2000):  # each dropped at once: its id is soon another's
        event = engine_events.ActionTaken(rng.randrange(10), rng.choice(list(ActionKind)),
                                          rng.randrange(10**6), rng.randrange(10**6),
                                          rng.random() < 0.5, rng.choice(list(Street)))
        assert to_json(event) == dumped(event)
    assert len(wire._EVENT_TEXT) <= 7


# ----------------------------------------------------------------------
# Every event type from generated values (type-hint driven strategies)


def strategy_for(hint: Any, owner: type | None = None, name: str = "") -> st.SearchStrategy[Any]:
    """Valid values of a type hint, as the engine would build them."""
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return st.one_of(*(strategy_for(a) for a in get_args(hint)))
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is Card:
                return st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=7).map(tuple)
            if (owner, name) == (SeatView, "raise_menu"):
                return st.lists(st.sampled_from([s.value for s in RaiseStep]),
                                max_size=4).map(tuple)
            return st.lists(strategy_for(args[0]), max_size=3).map(tuple)
        return st.tuples(*(strategy_for(a) for a in args))
    if hint is type(None):
        return st.none()
    if hint is bool:
        return st.booleans()
    if hint is Card:
        return st.sampled_from(ALL_CARDS)
    if hint is int:
        return st.integers(-MAX_INT, MAX_INT)
    if hint is str:
        return st.text(max_size=20).filter(str.isprintable)
    if hint is HandValue:
        return (st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=7, unique=True)
                .map(evaluate_hand))
    if hint is Event:
        return st.sampled_from(sorted(ENGINE_EVENTS.values(), key=lambda c: c.__name__)).flatmap(
            record_strategy)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return st.sampled_from(list(hint))
    return record_strategy(hint)


def record_strategy(cls: type) -> st.SearchStrategy[Any]:
    """A dataclass or named tuple, with parallel fields (SAME_LENGTH) kept parallel."""
    hints = get_type_hints(cls)
    names = ([f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls)
             else list(cls._fields))
    group = SAME_LENGTH.get(cls, ())

    @st.composite
    def build(draw: Callable[..., Any]) -> Any:
        size = draw(st.integers(0, 4))
        values = {}
        for name in names:
            if name in group:
                item = get_args(hints[name])[0]
                values[name] = tuple(draw(st.lists(strategy_for(item), min_size=size,
                                                   max_size=size)))
            else:
                values[name] = draw(strategy_for(hints[name], cls, name))
        return cls(**values)

    return build()


EVENT_CLASSES = sorted(EVENT_TYPES.values(), key=lambda c: c.__name__)


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_event_type_round_trips(cls, data):
    event = data.draw(record_strategy(cls))
    assert to_json(event) == dumped(event)
    encoded = through_json(to_wire(event))
    assert_same(from_wire(encoded, cls), event)
    assert_same(from_wire(encoded, object), event)


@settings(max_examples=60, deadline=None)
@given(view=record_strategy(SeatView))
def test_generated_views_round_trip(view):
    assert to_json(view) == dumped(view)
    assert_same(from_wire(through_json(to_wire(view)), SeatView), view)


# ----------------------------------------------------------------------
# Strict decoding


@functools.cache
def _sample_view_data() -> dict[str, Any]:
    view = next(v for v in all_views()
                if len(v.players) >= 3 and v.legal_actions and len(v.hole) == 2)
    return through_json(to_wire(view))


def sample_view_data() -> dict[str, Any]:
    """A fresh copy of a real view's wire data (three players or more, on its turn)."""
    return copy.deepcopy(_sample_view_data())


def _set(path: list[Any], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value
    return change


def _delete(path: list[Any]) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]
    return change


def _shown_value(data: dict[str, Any]) -> None:
    value = to_wire(evaluate_hand(parse_cards("AhKhQhJhTh")))
    data["history"].append({"event": "CardsShown", "seat": 0, "cards": [0, 1], "value": value})


def _with_value(change: Callable[[Any], None]) -> Callable[[Any], None]:
    def both(data: Any) -> None:
        _shown_value(data)
        change(data["history"][-1]["value"])
    return both


BAD_VIEWS = [
    (_set(["players", 2, "stack"], "10"), "players[2].stack: not an int"),
    (_set(["players", 2, "stack"], True), "players[2].stack: not an int"),
    (_set(["players", 2, "stack"], 1.0), "players[2].stack: not an int"),
    (_set(["players", 2, "stack"], MAX_INT + 1), "players[2].stack: out of range"),
    (_set(["players", 2, "folded"], 0), "players[2].folded: not a bool"),
    (_set(["players", 2], [1, 2]), "players[2]: not an object"),
    (_set(["hole", 0], 52), "hole[0]: not a card"),
    (_set(["hole", 1], -1), "hole[1]: not a card"),
    (_set(["hole", 1], "Ah"), "hole[1]: not a card"),
    (_set(["hole"], [3, 3]), "hole: card repeated"),
    (_set(["hole"], {"0": 3}), "hole: not a list"),
    (_delete(["pot"]), "pot: missing"),
    (_set(["surprise"], 1), "surprise: unexpected"),
    (_set(["a key with spaces"], 1), "?: unexpected"),
    (_set(["street"], 9), "street: not a Street"),
    (_set(["street"], "0"), "street: not a Street"),
    (_set(["street"], True), "street: not a Street"),
    (_set(["betting"], "no_limit"), "betting: not a BettingStructure"),
    (_set(["seat"], "1"), "seat: not an int"),
    (_set(["to_act"], []), "to_act: not an int"),
    (_set(["raise_cap"], None), None),  # fine: None is allowed
    (_set(["raise_menu"], ["huge"]), "raise_menu[0]: not a RaiseStep"),
    (_set(["raise_menu"], [5]), "raise_menu[0]: not a string"),
    (_set(["legal_actions", 0, "kind"], "jump"), "legal_actions[0].kind: not an ActionKind"),
    (_delete(["legal_actions", 0, "max_amount"]), "legal_actions[0].max_amount: missing"),
    (_set(["pots"], [{"amount": 1, "eligible": []}] * (MAX_ITEMS + 1)), "pots: too many items"),
    (_set(["history", 0, "event"], "Nope"), "history[0].event: unknown event"),
    (_set(["history", 0, "event"], "GameOver"), "history[0].event: unknown event"),
    (_set(["history", 0, "event"], 3), "history[0].event: unknown event"),
    (_delete(["history", 0, "event"]), "history[0].event: unknown event"),
    (_set(["history", 0, "stacks"], [1]), "history[0].stacks: not as long as seats"),
    (_set(["history", 0, "button"], None), "history[0].button: not an int"),
    (_with_value(_set(["strength"], 7463)), "history[-1].value.strength: out of range"),
    (_with_value(_set(["strength"], 100)), "history[-1].value.strength: not the cards' strength"),
    (_with_value(_set(["category"], 1)), "history[-1].value.ranks: not the strength's description"),
    (_with_value(_set(["ranks"], [11])), "history[-1].value.ranks: not the strength's description"),
    (_with_value(_set(["category"], 9)), "history[-1].value.category: not a HandCategory"),
    (_with_value(_set(["cards"], [48, 44, 40, 36])), "history[-1].value.cards: not 5 cards"),
]


@pytest.mark.parametrize(("change", "expected"), BAD_VIEWS)
def test_bad_views_are_refused_with_a_path(change, expected):
    data = sample_view_data()
    change(data)
    if expected is None:
        from_wire(data, SeatView)
        return
    if "[-1]" in expected:
        expected = expected.replace("[-1]", f"[{len(data['history']) - 1}]")
    with pytest.raises(WireError) as info:
        from_wire(data, SeatView)
    assert str(info.value) == expected
    assert info.value.path + ": " + info.value.reason == expected


def test_a_string_must_be_short_and_printable():
    base = to_wire(session_events.GameStarted(1, (0, 1), ("Ann", "Bob"), (10, 10), 0))
    for bad, reason in (("x" * 101, "too long"), ("a\nb", "not printable"),
                        ("\x00", "not printable"), ("\ud800", "not printable"),
                        (None, "not a string")):
        data = {**base, "names": ["Ann", bad]}
        with pytest.raises(WireError) as info:
            from_wire(data, object)
        assert (info.value.path, info.value.reason) == ("names[1]", reason)


def test_the_top_level_must_be_an_object_of_the_right_kind():
    for data in (None, [], "SeatView", 1):
        with pytest.raises(WireError) as info:
            from_wire(data, SeatView)
        assert str(info.value) == "not an object"
    ended = to_wire(HandEnded((0, 1), (5, 5), False))
    with pytest.raises(WireError, match="event: not HandStarted"):
        from_wire(ended, engine_events.HandStarted)
    with pytest.raises(WireError, match="unknown event"):
        from_wire({"event": "__class__"}, object)


@settings(max_examples=300, deadline=None)
@given(data=st.recursive(st.none() | st.booleans() | st.integers() | st.floats()
                         | st.text(max_size=10),
                         lambda children: st.lists(children, max_size=4)
                         | st.dictionaries(st.sampled_from(["event", "seat", "cards", "hole",
                                                            "value", "x"]), children,
                                           max_size=4),
                         max_leaves=20),
       hint=st.sampled_from([SeatView, PlayerView, Pot, LegalAction, HandValue, Street,
                             object, Event, *EVENT_CLASSES]))
def test_arbitrary_data_only_ever_raises_wire_error(data, hint):
    with contextlib.suppress(WireError):
        from_wire(data, hint)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_mutated_real_data_only_ever_raises_wire_error(data):
    """Replace one value anywhere inside a real view with something else."""
    view = sample_view_data()
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            spots.append((node, key))
            if isinstance(value, dict | list):
                walk(value)

    walk(view)
    node, key = data.draw(st.sampled_from(spots))
    node[key] = data.draw(st.none() | st.booleans() | st.integers() | st.text(max_size=5)
                          | st.lists(st.integers(), max_size=3) | st.just({}))
    with contextlib.suppress(WireError):
        from_wire(view, SeatView)


# ----------------------------------------------------------------------
# Censoring


def test_censor_hides_other_seats_hole_cards_and_keeps_the_own():
    dealt = [e for e in all_events() if isinstance(e, HoleCardsDealt)]
    assert dealt
    for event in dealt:
        assert censor(event, event.seat) is event
        for seat in (None, event.seat + 1, event.seat - 1):
            hidden = censor(event, seat)
            assert hidden == HoleCardsDealt(event.seat, ())
            assert hidden.private_to == event.seat
    others = [e for e in all_events() if not isinstance(e, HoleCardsDealt)]
    for event in others:
        for seat in (None, 0, 1):
            assert censor(event, seat) is event


def test_censor_agrees_with_the_engines_views():
    """A finished hand's events censored for a seat are that seat's history."""
    checked = 0
    for played in samples():
        for hand_events, final_views in played.hands:
            for seat, view in final_views.items():
                if view.seat is None and seat is not None:
                    continue  # an eliminated seat watches as a spectator
                assert tuple(censor(e, seat) for e in hand_events) == view.history
                checked += 1
    assert checked > 50


def test_censored_events_show_no_foreign_hole_cards_on_the_wire():
    for event in all_events():
        if isinstance(event, HoleCardsDealt):
            assert to_wire(censor(event, None))["cards"] == []
