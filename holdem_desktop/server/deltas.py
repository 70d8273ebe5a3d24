"""A room's saves between two whole ones: what changed, as one short line.

A room is saved after every action.  Within a hand most actions change
nothing of the room but the hand's list of actions (and the clocks: how
long the game has run, how long a mute has left).  Writing the whole room
each time (its members, the rules, the deck, the generator's state...) cost
the server a fifth of its CPU (issue 38); a *delta* line says instead::

    {"delta":1,"from":7,"actions":[[3,{...}],[4,{...}]],"times":{...}}

the actions that follow the first ``from`` of the hand, and the clocks'
values now.  When the room's own part of its save changed too (the Next
hand presses, a member coming or going, a mute, a tournament's table's
part), the delta carries the keys of that part that changed, with their
values, as ``"room"``; when the game's part but its hand did (the chips,
the places and the hands played, at the end of a hand), its keys that
changed as ``"game"`` (never the hand, the generator's state or a clock)::

    {"delta":1,"from":9,"actions":[],"times":{...},"room":{...},"game":{...}}

Each is tens or hundreds of bytes where the whole save is ten kilobytes
(most of it the rules, the deck and the generator's 625 numbers), and is
made from what the store builds anyway to tell whether anything changed.  The
room's file is then a whole save followed by the deltas written since, one
a line; the room is the last whole save with each delta after it applied in
order.  A whole save is written again for a new hand (a new deck and a
shuffled generator), a new game, a change of who plays a seat or of the
rules, at a room's first save in each run of the server and when its file
is compacted.

Reading: the last whole line is the base; the deltas after it are applied
while each is whole, reads as a delta and follows the one before (its
``from`` is the count of actions so far).  The first that does not is
refused with a note (a line cut short by a SIGKILL mid-write is the
common case) and so is everything after it: the room is the last good
state.  Whether the actions are legal is the game's to check on restore
(:func:`holdem_desktop.server.store.room_from_data` replays them); the
store then keeps the longest prefix of deltas that restores.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from holdem_desktop.net.fast_json import fast_dumps

__all__ = ["DELTA", "GAME_KEYS", "ROOM_KEYS", "Base", "line", "merged", "read_log"]

DELTA = 1
"""The delta lines' format."""
_HEAD = b'{"delta":'
_ENCODE = fast_dumps


@dataclass
class Base:
    """(The loop's, per room.) What the room's file holds up to its last line."""

    session: object
    hand: object
    variant: object
    """The session, its hand and its variant at the last whole save (their identity)."""
    actions: int
    """The hand's actions written so far (in the whole save and the deltas after it)."""
    part: dict[str, Any]
    """The room's own part of the whole save, less the clocks (``store._light``)."""
    game: dict[str, Any]
    """The game's part of it less the hand, the generator and the clocks."""
    plans: object
    """Who sat where (the save holds a mark for it, not the seats)."""


def line(start: int, actions: list[Any], times: dict[str, Any],
         room: dict[str, Any] | None = None, game: dict[str, Any] | None = None) -> str:
    """The delta of ``actions`` after the first ``start``, the clocks now,
    and the room's part and the game's part when they changed (see the
    module's docstring)."""
    data: dict[str, Any] = {"delta": DELTA, "from": start, "actions": actions, "times": times}
    if room is not None:
        data["room"] = room
    if game is not None:
        data["game"] = game
    return _ENCODE(data)


def is_delta(text: str | bytes) -> bool:
    head = _HEAD if isinstance(text, bytes) else _HEAD.decode()
    return text.startswith(head)  # type: ignore[arg-type]


def read_log(data: bytes) -> tuple[Any, list[dict[str, Any]], str]:
    """A room's file as (its last whole save, the good deltas after it, a
    note of what was refused: "" when nothing).  Raises ``ValueError`` when
    the file holds no whole save."""
    lines = data.split(b"\n")
    base_at, base = -1, None
    for k in range(len(lines) - 1, -1, -1):
        text = lines[k].strip()
        if not text or is_delta(text):
            continue
        try:
            found = json.loads(text)
        except ValueError:  # cut short (or not JSON at all): the one before
            continue
        if isinstance(found, dict):
            base_at, base = k, found
            break
    if base is None:
        raise ValueError("no whole save in the file")
    good: list[dict[str, Any]] = []
    count = _actions(base)
    for k in range(base_at + 1, len(lines)):
        text = lines[k].strip()
        if not text:
            continue
        problem = _refusal(text, count)
        if problem:
            return base, good, f"line {k + 1} refused ({problem}), the room as the line before"
        delta = json.loads(text)
        good.append(delta)
        count += len(delta["actions"])
    return base, good, ""


def _actions(base: Any) -> int:
    try:
        return len(base["game"]["session"]["hand"]["actions"])
    except (KeyError, TypeError):
        return -1  # no hand: no delta can follow


def _refusal(text: bytes, count: int) -> str:
    """Why this line is not a delta following ``count`` actions ("" when it is)."""
    try:
        delta = json.loads(text)
    except ValueError:
        return "cut short or not JSON"
    if not isinstance(delta, dict) or delta.get("delta") != DELTA:
        return "not a delta after a whole save"
    actions, times = delta.get("actions"), delta.get("times")
    if not isinstance(actions, list) or not isinstance(times, dict) \
            or set(times) != {"barrier_age", "minutes_played", "muted_for"}:
        return "malformed"
    room, game = delta.get("room", {}), delta.get("game", {})
    if not isinstance(room, dict) or not isinstance(game, dict) \
            or not ROOM_KEYS.isdisjoint(room) or not GAME_KEYS.isdisjoint(game):
        return "malformed"
    if delta.get("from") != count:
        return f"follows {delta.get('from')!r} actions, not {count}"
    return ""


ROOM_KEYS = frozenset({"format", "game", "barrier_age"})
"""What a delta's room part never holds: the format, the game and the clock
are the save's own or the delta's other parts."""
GAME_KEYS = frozenset({"hand", "rng", "minutes_played"})
"""What a delta's game part never holds: the hand (the base's, with the
actions), the generator's state (the base's: only a new hand shuffles) and
the clock (the delta's times)."""


def merged(base: Any, deltas: list[dict[str, Any]]) -> Any:
    """The room's data: ``base`` (left as it is) with ``deltas`` applied;
    raises ``ValueError`` when they do not fit it."""
    if not deltas:
        return base
    data = dict(base)
    game = data["game"] = dict(base["game"])
    session = game["session"] = dict(game["session"])
    hand = session["hand"] = dict(session["hand"])
    hand["actions"] = list(hand["actions"])
    for delta in deltas:
        hand["actions"].extend(delta["actions"])
        data.update(delta.get("room", ()))  # (the keys keep their place in the save's order)
        if "game" in delta:
            session = game["session"] = {**session, **delta["game"]}
    chat = data["chat"] = [dict(c) for c in data["chat"]]
    times = deltas[-1]["times"]
    if not isinstance(times["muted_for"], list) or len(times["muted_for"]) != len(chat):
        raise ValueError("a delta's mutes do not match the room's")
    data["barrier_age"] = times["barrier_age"]
    session["minutes_played"] = times["minutes_played"]
    for c, left in zip(chat, times["muted_for"], strict=True):
        c["muted_for"] = left
    return data
