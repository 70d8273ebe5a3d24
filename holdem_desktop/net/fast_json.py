"""A message's JSON written by orjson, where it is installed (issue 38).

:func:`~.protocol.to_text` writes a message exactly as ``json.dumps`` writes
its :func:`~.wire.to_wire` data, in compact ASCII: a field at a time in
Python, each event's text kept.  A table after every action is most of what
a server writes, and most of its encoding: about 31 µs a table there,
6.6 µs with orjson (in C) from the same objects, measured on the tables of
a room's 400 hands (docs/performance.md).

:func:`fast_text` writes the same data: an object with ``v``, ``type`` and
each field, every value as :func:`~.wire.to_wire` makes it (a record an
object, an event with its ``"event"`` name first, a named tuple an object,
an enum its value, a card its number).  orjson writes a record itself,
from its instance's dictionary: the engine's and the session's events name
themselves there first (:func:`~holdem_desktop.engine.events.event_record`),
and no record that travels has a field that orjson would leave out (one
starting with ``_``) or a value kept beside its fields
(``tests/net/test_fast_json.py`` checks every type a message can hold).
Only a named tuple is made in Python, by a compiled function.  Only the
text differs: characters
past ASCII are written as UTF-8 rather than escaped, and so a reader's
``json.loads`` gets equal data.  Without orjson, and for anything orjson
refuses (a lone surrogate in a string, a number past 64 bits, a key that is
not text), it is :func:`~.protocol.to_text` itself, which writes the first
two and refuses the third as before.

:func:`fast_dumps` does the same for plain JSON data: the server's saves of
its rooms, written after every action (``server/store.py``).

orjson is the server's (``pip install ".[server]"``): the game and the LAN
host write with :func:`~.protocol.to_text`, on every system.
"""

from __future__ import annotations

import dataclasses
import json
import keyword
from collections.abc import Callable
from typing import Any

from .protocol import PROTOCOL_VERSION, QUIET, ClientMessage, HostMessage, to_text

try:  # (optional: the server's extra)
    import orjson
except ImportError:  # pragma: no cover - the game's own install, Windows' CI
    orjson = None  # type: ignore[assignment]

__all__ = ["ORJSON", "fast_dumps", "fast_text"]

ORJSON = orjson is not None
"""Whether the messages are written by orjson."""

_PLAIN: dict[type[Any], Callable[[Any], dict[str, Any]]] = {}
"""Each record type's maker of its data (one level: orjson writes the values)."""
_BUILDERS: dict[type[Any], Callable[[Any], dict[str, Any]]] = {}
"""Each message type's maker of its data (:func:`_builder`)."""


def fast_text(message: ClientMessage | HostMessage) -> str:
    """The JSON text of ``message``: :func:`~.protocol.to_text`'s data, by
    orjson when installed (see the module's docstring).  Raises ``TypeError``
    as :func:`~.protocol.to_text` does, for a value of no supported type."""
    if orjson is None:
        return to_text(message)
    cls = type(message)
    build = _BUILDERS.get(cls)
    if build is None:
        build = _BUILDERS[cls] = _builder(cls)
    try:
        return orjson.dumps(build(message), default=_plain).decode()
    except TypeError:  # (orjson.JSONEncodeError is one) as to_text writes or refuses it
        return to_text(message)


def _builder(cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
    """The maker of a ``cls`` message's data: ``v``, ``type``, its fields in
    order, then each of its :data:`~.protocol.QUIET` fields that says
    something (as :func:`~.protocol.to_text` writes them), compiled into one
    function as :func:`_maker` is (issue 38: a field at a time, then the
    quiet ones taken out again, was a tenth of a message's encoding)."""
    quiet = QUIET.get(cls, {})
    names = [f.name for f in dataclasses.fields(cls)]
    if "v" in names or "type" in names:  # (to_text refuses it; so it is asked)
        def refuse(message: Any) -> dict[str, Any]:
            raise TypeError("a message field may not be called v or type")
        return refuse
    items = [f"'v': {PROTOCOL_VERSION!r}", f"'type': {cls.TYPE!r}"]
    items += [f"{name!r}: {_get(name)}" for name in names if name not in quiet]
    lines = ["def build(message):", f"    data = {{{', '.join(items)}}}"]
    for k, name in enumerate(quiet):
        lines += [f"    value = {_get(name, 'message')}",
                  f"    if value != defaults[{k}]:",
                  f"        data[{name!r}] = value"]
    lines.append("    return data")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), {"defaults": tuple(quiet.values())}, namespace)  # the text above
    build: Callable[[Any], dict[str, Any]] = namespace["build"]
    return build


def _get(name: str, obj: str = "message") -> str:
    """The expression that reads field ``name`` of ``obj``."""
    return (f"{obj}.{name}" if name.isidentifier() and not keyword.iskeyword(name)
            else f"getattr({obj}, {name!r})")


def fast_dumps(data: Any) -> str:
    """``json.dumps(data, separators=(",", ":"))``'s data, by orjson when
    installed: plain JSON data (dicts with text keys, lists, tuples, text,
    numbers, None), as the server's saves of rooms are (issue 38: a third of
    the time to write one).  The text differs only as :func:`fast_text`'s
    does (characters past ASCII in UTF-8) and in how a number is spelled
    (``0.00001`` for ``1e-05``: the same float read back); for anything
    orjson refuses it is ``json.dumps``'s text, which writes or refuses it
    as before.  A float that is not finite is the one value orjson writes
    differently (``null``; json ``NaN``, which is not JSON): save data has
    none."""
    if orjson is not None:
        try:
            return orjson.dumps(data, option=_PLAIN_ONLY).decode()
        except TypeError:  # (orjson.JSONEncodeError is one)
            pass
    return json.dumps(data, separators=(",", ":"))


_PLAIN_ONLY = (orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
               if orjson is not None else 0)
"""orjson writes a dataclass and a date by itself, json refuses them: so does
:func:`fast_dumps`."""


def _plain(obj: Any) -> dict[str, Any]:
    """(orjson's call for a value it does not write itself: a named tuple,
    :class:`~holdem_desktop.engine.actions.LegalAction`.)  Its data, one
    level deep; ``TypeError`` for anything :func:`~.wire.to_wire` refuses
    (orjson then raises, and :func:`fast_text` asks ``to_text``)."""
    make = _PLAIN.get(type(obj))
    if make is None:
        make = _PLAIN[type(obj)] = _maker(type(obj))
    return make(obj)


def _maker(cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
    """The data maker of ``cls``, a named tuple: one dict display, compiled
    (as the text encoders of :mod:`.wire` are)."""
    names: tuple[str, ...] | None = getattr(cls, "_fields", None)
    if not issubclass(cls, tuple) or names is None:
        def refuse(obj: Any) -> dict[str, Any]:
            raise TypeError(f"cannot encode {type(obj).__name__}")
        return refuse
    items = [f"{name!r}: {_get(name, 'obj')}" for name in names]
    namespace: dict[str, Any] = {}
    exec(f"def make(obj):\n    return {{{', '.join(items)}}}\n", {}, namespace)  # the text above
    make: Callable[[Any], dict[str, Any]] = namespace["make"]
    return make
