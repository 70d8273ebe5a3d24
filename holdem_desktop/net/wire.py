"""The engine's value types as JSON-ready data, and back again, strictly.

:func:`to_wire` turns a view, an event, a pot, a hand value … into plain
JSON data (dicts, lists, strings, ints, bools, None); :func:`from_wire`
rebuilds the object from such data and trusts nothing: every key, type,
range and size is checked, driven by the classes' own type hints, and any
problem raises :class:`WireError` naming the place (``"players[2].stack:
not an int"``).  Decoding gives objects equal to the ones encoded.

The encoding:

* ``int``, ``str``, ``bool``, ``None`` are themselves; a :class:`Card` is its
  int (0..51); an ``IntEnum`` its int value, a ``StrEnum`` its string value.
* a tuple is a list; a :class:`LegalAction` (a named tuple) and a dataclass
  are objects keyed by field name, with every field present and no other key.
* an event (engine or session) is an object with ``"event": "ClassName"``
  and its fields.

:func:`censor` gives an event as one seat may see it.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import keyword
import re
import types
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, TypeVar, Union, cast, get_args, get_origin, get_type_hints

from holdem_desktop.engine import events as _engine_events
from holdem_desktop.engine.cards import ALL_CARDS, Card
from holdem_desktop.engine.evaluator import HandValue, describe_strength, evaluate
from holdem_desktop.engine.events import Event, HoleCardsDealt
from holdem_desktop.engine.hand import Pot
from holdem_desktop.engine.variant import RaiseStep
from holdem_desktop.engine.views import PlayerView, SeatView, hidden_cards
from holdem_desktop.session import events as _session_events

__all__ = [
    "ENGINE_EVENTS",
    "EVENT_TYPES",
    "MAX_HISTORY",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_STR",
    "SAME_LENGTH",
    "SESSION_EVENTS",
    "WireError",
    "censor",
    "decode",
    "from_wire",
    "to_json",
    "to_wire",
]

T = TypeVar("T")

MAX_ITEMS = 64
"""Most items in a decoded tuple or dict (except a view's history)."""
MAX_HISTORY = 1024
"""Most events in a :class:`SeatView`'s history (a frame's size bounds it anyway)."""
MAX_INT = 10**12
"""Largest magnitude of a decoded int."""
MAX_STR = 100
"""Longest decoded string, in characters."""

_NONE = type(None)
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")


class WireError(ValueError):
    """Data that does not decode: ``reason`` is a short fixed phrase
    (``"not an int"``, ``"missing"``, ``"unknown event"`` …) and ``path``
    the place in the data (``"players[2].stack"``; ``""`` for the top)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}" if path else reason)
        self.path = path
        self.reason = reason


def _events_of(module: types.ModuleType) -> dict[str, type[Any]]:
    found: dict[str, type[Any]] = {}
    for name in module.__all__:
        obj = getattr(module, name)
        if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj is not Event:
            found[name] = obj
    return found


ENGINE_EVENTS: Mapping[str, type[Event]] = types.MappingProxyType(_events_of(_engine_events))
"""Every engine event class by name (the hand's log)."""
SESSION_EVENTS: Mapping[str, type[Any]] = types.MappingProxyType(_events_of(_session_events))
"""Every session event class by name (the game over many hands)."""
EVENT_TYPES: Mapping[str, type[Any]] = types.MappingProxyType({**ENGINE_EVENTS,
                                                                **SESSION_EVENTS})
"""Every event class that travels, engine and session, by name."""
if len(EVENT_TYPES) != len(ENGINE_EVENTS) + len(SESSION_EVENTS):  # pragma: no cover
    raise RuntimeError("an engine event and a session event have the same name")

SAME_LENGTH: Mapping[type[Any], tuple[str, ...]] = types.MappingProxyType({
    _engine_events.HandStarted: ("seats", "stacks", "blinds", "antes"),
    _engine_events.HandEnded: ("seats", "stacks"),
    _engine_events.PotAwarded: ("winners", "shares"),
    _session_events.GameStarted: ("seats", "names", "stacks"),
})
"""Fields of one class that run in parallel and must have the same length."""

_FIELD_LIMITS: dict[tuple[type[Any], str], int] = {(SeatView, "history"): MAX_HISTORY}


def censor(event: T, seat: int | None) -> T:
    """``event`` as ``seat`` may see it (None: a spectator): another seat's
    :class:`HoleCardsDealt` loses its cards; every other event is unchanged."""
    if isinstance(event, HoleCardsDealt) and event.seat != seat:
        return cast(T, hidden_cards(event.seat))
    return event


# ----------------------------------------------------------------------
# Encoding


def _event_name(cls: type[Any]) -> str | None:
    name = cls.__name__
    return name if EVENT_TYPES.get(name) is cls else None


def to_wire(obj: object) -> Any:
    """``obj`` as plain JSON data (see the module docstring for the encoding).

    Raises ``TypeError`` for a value of no supported type.
    """
    if obj is None or type(obj) in (bool, str):
        return obj
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, int):  # Card included
        return int(obj)
    names = getattr(obj, "_fields", None)
    if isinstance(obj, tuple) and names is not None:  # a named tuple (LegalAction)
        return {name: to_wire(value) for name, value in zip(names, obj, strict=True)}
    if isinstance(obj, tuple | list):
        return [to_wire(item) for item in obj]
    if isinstance(obj, dict):
        if not all(type(k) is str for k in obj):
            raise TypeError("only str keys travel")
        return {k: to_wire(v) for k, v in obj.items()}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        data: dict[str, Any] = {}
        name = _event_name(type(obj))
        if name is not None:
            data["event"] = name
        for f in dataclasses.fields(obj):
            data[f.name] = to_wire(getattr(obj, f.name))
        return data
    raise TypeError(f"cannot encode {type(obj).__name__}")


# The same, straight to JSON text (what every message sent is made of)

_ascii: Callable[[str], str] = json.encoder.encode_basestring_ascii
_TEXT: dict[type[Any], Callable[[Any], str]] = {
    type(None): lambda obj: "null",
    bool: lambda obj: "true" if obj else "false",
    str: _ascii,
    int: int.__repr__,
}
"""The text encoder of each type met so far (see :func:`_text_encoder`)."""
_EVENT_TEXT: dict[int, tuple[object, str]] = {}
"""id(event) -> (the event, its text): the events of a hand are encoded once,
not again in every view that carries them.  The entry holds the event, so
its id cannot be reused while the entry lives, and an event is immutable."""
_KEPT: frozenset[type[Any]] = frozenset({PlayerView, Pot})
"""Records kept like events though not events: the players and pots of one
state of a hand are shared by every view of it, and by the next state's
where they did not change (:func:`~holdem_desktop.engine.views.seat_view`),
so each is written once (issue 38)."""
EVENT_TEXT_LIMIT = 20_000
"""Events whose text is kept at most (then all are forgotten at once): a
few times those of the hands being played in a server's rooms."""


def to_json(obj: object) -> str:
    """The JSON text of :func:`to_wire` ``(obj)``, exactly as
    ``json.dumps(to_wire(obj), separators=(",", ":"), ensure_ascii=True)``
    writes it, made several times faster: each type's encoder is built once,
    and each event's text is kept (a view repeats its whole hand's history).

    Raises ``TypeError`` for a value of no supported type, as :func:`to_wire`.
    """
    encode = _TEXT.get(type(obj))
    if encode is None:
        encode = _text_encoder(type(obj))
    return encode(obj)


def _text_encoder(cls: type[Any]) -> Callable[[Any], str]:
    """The encoder of ``cls``'s values, following :func:`to_wire`'s rules in
    its order (an enum before an int, a named tuple before a tuple)."""
    encode: Callable[[Any], str]
    if issubclass(cls, Enum):
        members: dict[object, str] = {}

        def encode(obj: Any) -> str:
            text = members.get(obj)
            if text is None:  # an enum's value travels as json.dumps writes it
                text = members[obj] = json.dumps(obj.value, separators=(",", ":"),
                                                 ensure_ascii=True, allow_nan=False)
            return text
    elif issubclass(cls, int):  # Card included
        encode = int.__repr__
    elif issubclass(cls, tuple) and (names := getattr(cls, "_fields", None)) is not None:
        encode = _record_encoder([(name, name) for name in names])
    elif issubclass(cls, tuple | list):
        def encode(obj: Any) -> str:  # (an int, the most common item, without a call)
            return "[" + ",".join([str(x) if type(x) is int else to_json(x) for x in obj]) + "]"
    elif issubclass(cls, dict):
        def encode(obj: Any) -> str:
            if not all(type(k) is str for k in obj):
                raise TypeError("only str keys travel")
            return "{" + ",".join([_ascii(k) + ":" + to_json(v) for k, v in obj.items()]) + "}"
    elif dataclasses.is_dataclass(cls):
        keys: dict[str, str | None] = {}  # key -> field (None: the event's name), in order
        name = _event_name(cls)
        if name is not None:
            keys["event"] = None
        for f in dataclasses.fields(cls):
            keys[f.name] = f.name
        plain = _record_encoder(list(keys.items()), name)
        frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        encode = _remembered(plain) if (name is not None or cls in _KEPT) and frozen else plain
    else:
        def encode(obj: Any) -> str:
            raise TypeError(f"cannot encode {type(obj).__name__}")
    _TEXT[cls] = encode
    return encode


def _record_encoder(keys: list[tuple[str, str | None]], constant: str | None = None
                    ) -> Callable[[Any], str]:
    """An object's encoder: each key's value is the attribute it names (None:
    ``constant``, the event's name).  Written as Python and compiled, as
    :mod:`dataclasses` makes ``__init__``: one expression, an int written
    without a call."""
    pieces = []
    for k, (key, attribute) in enumerate(keys):
        head = ("{" if k == 0 else ",") + _ascii(key) + ":"
        if attribute is None:
            pieces.append(repr(head + _ascii(constant or "")))
            continue
        get = (f"obj.{attribute}" if attribute.isidentifier() and not keyword.iskeyword(attribute)
               else f"getattr(obj, {attribute!r})")
        pieces.append(f"{head!r} + (str(v) if type(v := {get}) is int else to_json(v))")
    body = " + ".join(pieces) if pieces else "'{'"
    namespace: dict[str, Any] = {}
    exec(f"def encode(obj):\n    return {body} + '}}'\n",  # the text made above
         {"to_json": to_json}, namespace)
    encode: Callable[[Any], str] = namespace["encode"]
    return encode


def _remembered(plain: Callable[[Any], str]) -> Callable[[Any], str]:
    """``plain``, each event's text kept (:data:`_EVENT_TEXT`)."""
    def encode(obj: Any) -> str:
        found = _EVENT_TEXT.get(id(obj))
        if found is not None and found[0] is obj:
            return found[1]
        text = plain(obj)
        if len(_EVENT_TEXT) >= EVENT_TEXT_LIMIT:
            _EVENT_TEXT.clear()
        _EVENT_TEXT[id(obj)] = (obj, text)
        return text
    return encode


# ----------------------------------------------------------------------
# Decoding


def from_wire(data: Any, cls: type[T], path: str = "") -> T:
    """Rebuild an object of ``cls`` (a view, event, pot, enum …) from
    :func:`to_wire` data; raises :class:`WireError` for anything else."""
    return cast(T, decode(data, cls, path))


def decode(data: Any, hint: Any, path: str = "", *, max_items: int = MAX_ITEMS) -> Any:
    """Decode ``data`` as the type hint ``hint``: a class :func:`from_wire`
    takes, ``int``, ``str``, ``bool``, ``None``, ``X | Y``, ``tuple[X, ...]``,
    ``tuple[X, Y]``, ``dict[str, X]``, :class:`Event` (any engine event) or
    ``object`` (any event of :data:`EVENT_TYPES`).  ``max_items`` bounds the
    outermost tuple or dict.  Raises :class:`WireError`.
    """
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        return _decode_union(data, get_args(hint), path)
    if origin is tuple:
        return _decode_tuple(data, get_args(hint), path, max_items)
    if origin is dict:
        return _decode_dict(data, get_args(hint)[1], path, max_items)
    if hint is _NONE or hint is None:
        if data is not None:
            raise WireError(path, "not null")
        return None
    if hint is object:
        return _decode_event(data, EVENT_TYPES, path)
    if hint is Event:
        return _decode_event(data, ENGINE_EVENTS, path)
    if not isinstance(hint, type):
        raise TypeError(f"unsupported type hint {hint!r}")
    decoder = _SCALARS.get(hint)
    if decoder is not None:
        return decoder(data, path)
    if issubclass(hint, Enum):
        return _decode_enum(data, hint, path)
    if dataclasses.is_dataclass(hint) or (issubclass(hint, tuple) and hasattr(hint, "_fields")):
        return _decode_record(data, hint, path, _event_name(hint))
    raise TypeError(f"unsupported type {hint.__name__}")


def _decode_int(data: Any, path: str) -> int:
    if type(data) is not int:
        raise WireError(path, "not an int")
    if not -MAX_INT <= data <= MAX_INT:
        raise WireError(path, "out of range")
    return data


def _decode_bool(data: Any, path: str) -> bool:
    if type(data) is not bool:
        raise WireError(path, "not a bool")
    return data


def _decode_str(data: Any, path: str) -> str:
    if type(data) is not str:
        raise WireError(path, "not a string")
    if len(data) > MAX_STR:
        raise WireError(path, "too long")
    if not data.isprintable():
        raise WireError(path, "not printable")
    return data


def _decode_card(data: Any, path: str) -> Card:
    if type(data) is not int or not 0 <= data <= 51:
        raise WireError(path, "not a card")
    return ALL_CARDS[data]


_SCALARS: dict[type[Any], Callable[[Any, str], Any]] = {
    bool: _decode_bool, int: _decode_int, str: _decode_str, Card: _decode_card,
}


@functools.cache
def _enum_values(cls: type[Enum]) -> dict[object, Enum]:
    return {member.value: member for member in cls}


def _decode_enum(data: Any, cls: type[Enum], path: str) -> Enum:
    values = _enum_values(cls)
    kind = type(next(iter(values)))  # int for IntEnum, str for StrEnum
    if type(data) is not kind or data not in values:
        article = "an" if cls.__name__[0] in "AEIOU" else "a"
        raise WireError(path, f"not {article} {cls.__name__}")
    return values[data]


def _decode_union(data: Any, members: tuple[Any, ...], path: str) -> Any:
    if data is None and _NONE in members:
        return None
    choices = [m for m in members if m is not _NONE]
    if len(choices) == 1:
        return decode(data, choices[0], path)
    for member in choices:
        try:
            return decode(data, member, path)
        except WireError:
            pass
    names = " or ".join(getattr(m, "__name__", "?") for m in choices)
    raise WireError(path, f"not {names}")


def _decode_tuple(data: Any, args: tuple[Any, ...], path: str, max_items: int) -> Any:
    if type(data) is not list:
        raise WireError(path, "not a list")
    if len(args) == 2 and args[1] is Ellipsis:
        if len(data) > max_items:
            raise WireError(path, "too many items")
        items = tuple(decode(item, args[0], f"{path}[{i}]") for i, item in enumerate(data))
        if args[0] is Card and len(set(items)) != len(items):
            raise WireError(path, "card repeated")
        return items
    if len(data) != len(args):
        raise WireError(path, f"not {len(args)} items")
    return tuple(decode(item, hint, f"{path}[{i}]")
                 for i, (item, hint) in enumerate(zip(data, args, strict=True)))


def _key_path(path: str, key: object) -> str:
    shown = key if isinstance(key, str) and _KEY.fullmatch(key) else "?"
    return f"{path}.{shown}" if path else str(shown)


def _decode_dict(data: Any, value_hint: Any, path: str, max_items: int) -> dict[str, Any]:
    if type(data) is not dict:
        raise WireError(path, "not an object")
    if len(data) > max_items:
        raise WireError(path, "too many items")
    out: dict[str, Any] = {}
    for key, value in data.items():
        if type(key) is not str or not _KEY.fullmatch(key):
            raise WireError(_key_path(path, key), "bad key")
        out[key] = decode(value, value_hint, _key_path(path, key))
    return out


_RECORD_FIELDS: dict[type[Any], tuple[tuple[str, Any], ...]] = {}


def _fields_of(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    """(name, hint) of each field a record is built from, in order (cached)."""
    found = _RECORD_FIELDS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        if dataclasses.is_dataclass(cls):
            names = [f.name for f in dataclasses.fields(cls) if f.init]
        else:
            names = list(cls._fields)
        found = tuple((name, hints[name]) for name in names)
        _RECORD_FIELDS[cls] = found
    return found


def _decode_event(data: Any, registry: Mapping[str, type[Any]], path: str) -> Any:
    if type(data) is not dict:
        raise WireError(path, "not an object")
    name = data.get("event")
    cls = registry.get(name) if type(name) is str else None
    if cls is None:
        raise WireError(_key_path(path, "event"), "unknown event")
    return _decode_record(data, cls, path, name)


def _decode_record(data: Any, cls: type[Any], path: str, tag: str | None) -> Any:
    """A dataclass or named tuple from an object with exactly its fields
    (and ``"event"`` equal to ``tag`` for an event)."""
    if type(data) is not dict:
        raise WireError(path, "not an object")
    fields = _fields_of(cls)
    if tag is not None and data.get("event") != tag:
        raise WireError(_key_path(path, "event"), f"not {tag}")
    known = {name for name, _ in fields}
    for key in data:
        if key not in known and not (tag is not None and key == "event"):
            raise WireError(_key_path(path, key), "unexpected")
    values: dict[str, Any] = {}
    for name, hint in fields:
        where = _key_path(path, name)
        if name not in data:
            raise WireError(where, "missing")
        limit = _FIELD_LIMITS.get((cls, name), MAX_ITEMS)
        values[name] = decode(data[name], hint, where, max_items=limit)
    for name in SAME_LENGTH.get(cls, ())[1:]:
        first = SAME_LENGTH[cls][0]
        if len(values[name]) != len(values[first]):
            raise WireError(_key_path(path, name), f"not as long as {first}")
    try:
        obj = cls(**values)
    except (TypeError, ValueError):  # a class that checks its own values
        raise WireError(path, f"not a valid {cls.__name__}") from None
    check = _CHECKS.get(cls)
    if check is not None:
        check(obj, path)
    return obj


def _check_hand_value(value: HandValue, path: str) -> None:
    if not 1 <= value.strength <= 7462:
        raise WireError(_key_path(path, "strength"), "out of range")
    if len(value.cards) != 5:
        raise WireError(_key_path(path, "cards"), "not 5 cards")
    if evaluate(value.cards) != value.strength:
        raise WireError(_key_path(path, "strength"), "not the cards' strength")
    if (value.category, value.ranks) != describe_strength(value.strength):
        raise WireError(_key_path(path, "ranks"), "not the strength's description")


def _check_seat_view(view: SeatView, path: str) -> None:
    steps = {step.value for step in RaiseStep}
    for i, step in enumerate(view.raise_menu):
        if step not in steps:
            raise WireError(f"{_key_path(path, 'raise_menu')}[{i}]", "not a RaiseStep")


_CHECKS: dict[type[Any], Callable[[Any, str], None]] = {
    HandValue: _check_hand_value, SeatView: _check_seat_view,
}

