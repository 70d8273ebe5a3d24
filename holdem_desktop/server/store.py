"""Every room's game on disk, saved after every action, so that a server
killed outright (SIGKILL, a power cut of the process) starts again with its
rooms at the same decision, with the same cards, and their members come
back with their tokens.

One file per room, ``<code>.json`` in the store's folder: the room (code,
seats, rules, members with their tokens, who is host, the next-hand
presses, the chat's mutes) and its game in the desktop's autosave form
(:func:`holdem_desktop.saves.game_data`), as one line of JSON.

A room is saved after every action, a few hundred times a second on a busy
server, so a save is cheap:

- it is *appended* to the room's file as a new line, one ``write``: no new
  file and no rename each time (on ext4 a rename over a file costs ten
  times the write and starts the disk writing).  The file holds the room's
  last saves, one a line; the last whole save, with the deltas after it
  (below), is the room now.  A line cut short (the process killed in the
  middle of its write, a full disk) is never read: the line before it is
  the room.
- the file is *compacted* -- replaced by the room as one whole line, written to a
  temporary file and moved into place -- at a room's first save in each
  run of the server (so a line cut short before a restart is gone before
  anything follows it), once it holds :data:`COMPACT_BYTES`, and when the
  server stops: a stopped server leaves one JSON document per room.
- what seldom changes is not worked out again: the rules' text is kept per
  variant, who sits where per room until a new game, the JSON of the
  game's random generator (two thirds of a save, 625 numbers) per room
  until the cards are shuffled again (and the text of its 624 numbers while
  they stay, about ten shuffles: only the index moves), and the hand's
  JSON, extended with each action.
- within a hand, a save is a *delta* (:mod:`.deltas`): the hand's actions
  since the room's last line and the clocks, and the keys of the room's
  own part and of the game's that changed (:meth:`RoomStore.line`, which
  tells them from those parts, built as the save builds them, without
  building the rest); the room is the last whole save with the deltas
  after it applied.  Compaction writes that room whole.

The files are not flushed to the disk itself each time: a killed process
loses nothing (the system writes them), a crashed machine may lose the last
few actions.  A file that cannot be read is set aside (``.bad``) and
reported, never fatal.
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.snapshot import hand_to_json
from holdem_desktop.engine.variant import VariantError
from holdem_desktop.net.fast_json import fast_dumps
from holdem_desktop.net.room import Ban, Member, Room
from holdem_desktop.saves import (
    SaveError,
    SeatPlan,
    _rules_text,
    _variant,
    game_data,
    game_from_data,
    plans_data,
)
from holdem_desktop.server import deltas
from holdem_desktop.session import Session
from holdem_desktop.tournament import TournamentError

from .tournament_room import TournamentRoom

__all__ = ["COMPACT_BYTES", "FORMAT", "RoomStore", "append_line", "last_save", "room_data",
           "room_from_data"]

FORMAT = 1
COMPACT_BYTES = 256 * 1024
"""A room's file is compacted to its last save once it holds this many bytes."""
_BINARY = getattr(os, "O_BINARY", 0)


def append_line(path: str | os.PathLike[str], line: bytes) -> None:
    """Append ``line`` to the file at ``path`` in one write (raises OSError,
    a full disk's short write included: the line is then cut short)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | _BINARY)
    try:
        written = os.write(fd, line)
    finally:
        os.close(fd)
    if written != len(line):
        raise OSError("short write")
"""Windows' C library opens a file as text unless told, and os.write then
writes each LF as CR LF (measured under Wine): a save is bytes, as written."""
_RNG, _SEATS = "\x00rng", "\x00seats"
"""Stand in a save's data for the parts whose JSON is kept (see :meth:`RoomStore.snapshot`)."""
_RNG_JSON, _SEATS_JSON = fast_dumps(_RNG), fast_dumps(_SEATS)


class RoomStore:
    """The rooms' files in ``folder``.

    :meth:`snapshot` runs on the server's loop (it reads the rooms);
    :meth:`apply`, :meth:`write` and :meth:`delete` on the loop for a save
    appended, on the writer thread for the others, never both at once for
    one room (the server sees to it), and each room's in order.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.saves = 0
        self.failures = 0
        self._rng: dict[str, tuple[object, str, object, Session, Hand | None]] = {}
        """(The loop's.) Room code -> (ids of its game and hand, the generator's
        state's JSON, that state packed, the game and hand themselves, so that
        their ids are not reused while the entry lives): only a shuffle, which
        makes a new hand, changes the state."""
        self._hands: dict[str, tuple[Hand, dict[str, Any]]] = {}
        """(The loop's.) Room code -> its hand now and its :func:`hand_to_json`."""
        self._seats: dict[str, tuple[tuple[SeatPlan, ...], str]] = {}
        """(The loop's.) Room code -> who sits where, and its JSON."""
        self._sizes: dict[str, int] = {}
        """(The writer's.) Room code -> the bytes in its file, written in this run."""
        self._plans: dict[str, tuple[object, tuple[SeatPlan, ...]]] = {}
        """(The loop's.) Room code -> who plays its seats, and :func:`_plans`."""
        self._paths: dict[str, str] = {}
        """Room code -> its file's path as text (:meth:`_path_text`)."""
        self._words: dict[str, tuple[bytes, str]] = {}
        """(The loop's.) Room code -> its generator's 624 numbers packed, and
        their text (:meth:`_state_text`)."""
        self._base: dict[str, deltas.Base] = {}
        """(The loop's.) Room code -> what its file holds, for the next delta (:meth:`line`)."""

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def _path_text(self, code: str) -> str:
        """:meth:`path` as text, kept (a ``Path`` costs a third of an append)."""
        if len(self._paths) >= 4096:
            self._paths.clear()
        text = self._paths[code] = os.fspath(self.path(code))
        return text

    def save(self, room: Room) -> None:
        """Write ``room`` as it is now (a failure is counted, never raised)."""
        text = self.snapshot(room)
        if text is not None:
            self.write(room.code, text)

    def snapshot(self, room: Room) -> str | None:
        """``room`` as the text of its save (None, and counted, when it cannot
        be): exactly ``_dumps(room_data(room))``
        (:func:`~holdem_desktop.net.fast_json.fast_dumps`), made from what the
        last save kept while it still holds."""
        try:
            if room.session is None:
                return _dumps(room_data(room))
            return self._text(room, *self._marked(room))
        except (ValueError, TypeError):
            self.failures += 1
            return None

    def _marked(self, room: Room) -> tuple[tuple[SeatPlan, ...], dict[str, Any]]:
        """Who sits where, and the room's save data with marks for the seats
        and the generator's state (the room has a game)."""
        s = room.session
        assert s is not None
        plans = self._plans_of(room)
        session = s.to_json(with_rng=False, hand_data=self._hand_json(room.code, s.hand))
        session["rng"] = _RNG  # the last key, as in Session.to_json()
        return plans, room_data(room, session, _SEATS)

    def _text(self, room: Room, plans: tuple[SeatPlan, ...], data: dict[str, Any]) -> str:
        """The text of :meth:`_marked`'s data, the marks replaced."""
        s = room.session
        assert s is not None
        seats = self._seats.get(room.code)
        if seats is None or seats[0] != plans:  # (temperaments: floats, slow to write)
            seats = self._seats[room.code] = (plans, _dumps(plans_data(plans)))
        text = _dumps(data)
        if text.count(_RNG_JSON) != 1 or text.count(_SEATS_JSON) != 1:
            return _dumps(room_data(room))  # a mark is not alone: no shortcut
        text = text.replace(_RNG_JSON, self._rng_json(room.code, s))  # numbers alone
        return text.replace(_SEATS_JSON, seats[1])

    def line(self, room: Room, delta: bool = True) -> str | None:
        """The next line of ``room``'s file (None, and counted, when it cannot
        be made): a delta (:mod:`.deltas`) when the hand's actions, the
        clocks, the room's own part or the game's part but its hand moved
        since its last line, ``delta`` allows it (the room is not the
        writer's) and it would be appended; else :meth:`snapshot`.

        Whether only those moved is told without building the room's whole
        data: the game, the hand and the variant are the same objects as at
        the last whole line (the hand's saved part but its actions is made
        once per hand: :meth:`_hand_json`; the rules are the variant's; the
        generator's state is only saved whole, with each new hand), and who
        plays each seat is as it was.  The room's own part
        (:func:`_room_part`) and the game's (:meth:`Session.to_json` but the
        hand), built as the save builds them, are compared with the last
        line's: the delta carries each that differs (the Next hand presses,
        the chips at a hand's end), and the room is still the file's last
        whole line with the deltas applied."""
        s = room.session
        if s is None or s.hand is None:
            self._base.pop(room.code, None)
            return self.snapshot(room)
        hand = s.hand
        try:
            base = self._base.get(room.code)
            light = None
            if (delta and base is not None and base.hand is hand and base.session is s
                    and base.variant is s.variant and len(hand.actions) >= base.actions):
                light = part, session, times = _light(room, s)
                room_moved = _moved(part, base.part, deltas.ROOM_KEYS)
                game_moved = _moved(session, base.game, deltas.GAME_KEYS)
                if (room_moved is not None and game_moved is not None
                        and self._plans_of(room) == base.plans):
                    text = deltas.line(
                        base.actions,
                        [[seat, action.to_json()] for seat, action in hand.actions[base.actions:]],
                        times, room_moved or None, game_moved or None)
                    if self.appendable(room.code, text):
                        base.actions = len(hand.actions)
                        base.part, base.game = part, session
                        return text
            plans, data = self._marked(room)
            text = self._text(room, plans, data)
            # (the same moment: only the clocks differ)
            part, session, _ = light if light is not None else _light(room, s)
        except (ValueError, TypeError):
            self._base.pop(room.code, None)
            self.failures += 1
            return None
        self._base[room.code] = deltas.Base(s, hand, s.variant, len(hand.actions), part,
                                            session, plans)
        return text

    def _plans_of(self, room: Room) -> tuple[SeatPlan, ...]:
        """:func:`_plans` of ``room``, kept while its people and its seats'
        players are the same."""
        s = room.session
        assert s is not None
        key = (room.strength, tuple(m.seat for m in room.members if not m.replaced),
               tuple(seat.controller for seat in s.seats))
        found = self._plans.get(room.code)
        if found is None or found[0] != key:
            found = self._plans[room.code] = (key, tuple(_plans(room)))
        return found[1]

    def _hand_json(self, code: str, hand: Hand | None) -> dict[str, Any] | None:
        """:func:`hand_to_json` of room ``code``'s hand, kept and extended with
        each action (an engine's hand only ever adds actions)."""
        if hand is None:
            self._hands.pop(code, None)
            return None
        found = self._hands.get(code)
        if found is None or found[0] is not hand or len(found[1]["actions"]) > len(hand.actions):
            found = self._hands[code] = (hand, hand_to_json(hand))
        actions = found[1]["actions"]
        for seat, action in hand.actions[len(actions):]:
            actions.append([seat, action.to_json()])
        return found[1]

    def _rng_json(self, code: str, session: Session) -> str:
        """The JSON of the generator's state of room ``code``'s game (kept
        until it changes: only a shuffle changes it)."""
        found = self._rng.get(code)
        if (found is not None and session.hand is not None
                and found[0] == (id(session), id(session.hand))):
            return found[1]  # the same hand of the same game: not shuffled since
        try:
            state = session.rng.getstate()
        except NotImplementedError:  # SystemRandom
            return "null"
        try:  # 625 numbers of 32 bits: compared packed, 2.5 kB a room
            key: object = (state[0], array("I", state[1]).tobytes(), state[2])
        except (TypeError, OverflowError, IndexError):
            key = state
        same = found is not None and found[2] == key
        text = found[1] if found is not None and same else self._state_text(code, state)
        self._rng[code] = ((id(session), id(session.hand)), text, key, session, session.hand)
        return text

    def _state_text(self, code: str, state: Any) -> str:
        """``_dumps(state)``: the text of a generator's state as
        :meth:`Session.rng_data` makes it (json writes a tuple as a list).
        A Mersenne Twister's (a version, 624 numbers and an index, the
        Gaussian's next) keeps its 624 numbers for about ten shuffles, only
        the index moving: their text (75 µs to write) is kept by room while
        they stay."""
        try:
            words, index = state[1][:624], state[1][624]
            if not (type(state) is tuple and len(state) == 3 and type(state[1]) is tuple
                    and len(state[1]) == 625 and type(index) is int):
                raise TypeError
            packed = array("I", words).tobytes()
        except (TypeError, OverflowError, IndexError):
            return _dumps(state)
        found = self._words.get(code)
        if found is None or found[0] != packed:
            found = self._words[code] = (packed, _dumps(words)[:-1])
        return f"[{_dumps(state[0])},{found[1]},{index}],{_dumps(state[2])}]"

    def appendable(self, code: str, text: str) -> bool:
        """Whether ``text``, a save of room ``code``, would be appended to its
        file, rather than replace it (its bytes counted: a name past ASCII is
        written in UTF-8)."""
        size = self._sizes.get(code)
        length = len(text) if text.isascii() else len(text.encode("utf-8"))
        return size is not None and size + length + 1 <= COMPACT_BYTES

    def write(self, code: str, text: str) -> None:
        """Save room ``code`` as ``text`` (one line of JSON): appended to its
        file, or the file replaced by it (see the module's docstring); a
        failure is counted."""
        line = (text + "\n").encode("utf-8")
        size = self._sizes.get(code)
        if size is not None and size + len(line) <= COMPACT_BYTES:
            try:
                self._append(code, line)
            except OSError:
                pass  # the file is replaced whole instead
            else:
                self._sizes[code] = size + len(line)
                self.saves += 1
                return
        self._sizes.pop(code, None)
        if deltas.is_delta(text):  # nothing to follow: the next line is a whole save
            self._base.pop(code, None)
            self.failures += 1
            return
        try:
            self._replace(code, line)
        except OSError:
            self._base.pop(code, None)
            self.failures += 1
            return
        self._sizes[code] = len(line)
        self.saves += 1

    def _append(self, code: str, line: bytes) -> None:
        append_line(self._paths.get(code) or self._path_text(code), line)  # (written this run)

    def _replace(self, code: str, data: bytes) -> None:
        """The file of room ``code`` holds ``data`` alone, put in place whole."""
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / f".{code}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _BINARY, 0o600)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
            finally:
                os.close(fd)
            os.replace(tmp, self.path(code))
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    def apply(self, snapshots: list[tuple[str, str]], gone: list[str]) -> None:
        """Write these rooms' saves and delete those of the rooms gone, in order
        (the server does it on a thread of its own, off its loop)."""
        for code in gone:
            self.delete(code)
        for code, text in snapshots:
            self.write(code, text)

    def delete(self, code: str) -> None:
        """The room ``code`` closed: its file goes."""
        self._sizes.pop(code, None)
        self._base.pop(code, None)
        self._hands.pop(code, None)
        self._plans.pop(code, None)
        self._rng.pop(code, None)
        self._words.pop(code, None)
        self._seats.pop(code, None)
        with contextlib.suppress(OSError):
            self.path(code).unlink(missing_ok=True)

    def compact(self) -> None:
        """Leave each room's file with its last save alone, the deltas after it
        applied (the server stops)."""
        for code in list(self._sizes):
            try:
                data = self.path(code).read_bytes()
                base, good, _ = deltas.read_log(data)
                line = (_dumps(deltas.merged(base, good)) + "\n").encode("utf-8")
                if data.count(b"\n") > 1 or not data.endswith(b"\n"):
                    self._replace(code, line)
                    self._sizes[code] = len(line)
            except (OSError, ValueError, KeyError, TypeError):
                self.failures += 1
            self._base.pop(code, None)

    def load_all(self, clock: Callable[[], float], game_version: str
                 ) -> Iterator[tuple[Room | None, str]]:
        """Each saved room, rebuilt (or None and the problem, its file set aside)."""
        if not self.folder.is_dir():
            return
        for path in self.folder.glob(".*.tmp"):  # a compaction the process did not finish
            with contextlib.suppress(OSError):
                path.unlink()
        for path in sorted(self.folder.glob("[0-9]*.json")):
            try:
                base, good, note = deltas.read_log(path.read_bytes())
                while True:
                    try:
                        room = room_from_data(deltas.merged(base, good), clock=clock,
                                              game_version=game_version)
                        break
                    except _BAD_SAVE as exc:
                        if not good:
                            raise
                        note = f"a delta refused ({str(exc)[:60]}), the room as the line before"
                        good.pop()
            except (OSError, *_BAD_SAVE) as exc:
                with contextlib.suppress(OSError):
                    path.replace(path.with_suffix(".bad"))
                yield None, f"{path.stem}: {str(exc)[:80]}"
                continue
            yield room, f"{path.stem}: {note}" if note else ""


_BAD_SAVE = (ValueError, KeyError, TypeError, SaveError, VariantError, TournamentError)
"""What a save that does not make a room raises."""


def last_save(path: Path) -> Any:
    """The room saved last in the file at ``path`` (its last whole save, the
    good deltas after it applied); raises ``OSError``, or ``ValueError`` when
    it holds none."""
    base, good, _ = deltas.read_log(path.read_bytes())
    return deltas.merged(base, good)


def _plans(room: Room) -> list[SeatPlan]:
    """Who plays each seat: a person (``human``) or a computer of the room's
    level, with its temperament."""
    s = room.session
    assert s is not None
    people = {m.seat for m in room.members if m.seat is not None and not m.replaced}
    plans = []
    for k, seat in enumerate(s.seats):
        character = getattr(seat.controller, "character", None)
        plans.append(SeatPlan("human") if k in people else SeatPlan(room.strength, character))
    return plans


def _member(m: Member) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": m.name, "token": m.token, "key": m.key, "seat": m.seat, "left": m.left,
        "replaced": m.replaced, "address": m.address, "since": m.since,
        "watching": m.watching, "timeouts": m.timeouts, "sat_out": m.sat_out}
    if m.ended is not None:  # (the game that ended with them in the room: its result theirs)
        data["ended"] = list(m.ended)
    return data


def _member_from(m: Any, now: float) -> Member:
    """A member as saved: away (their connection went with the old process)."""
    seat, sat_out = m["seat"], m.get("sat_out")
    return Member(name=str(m["name"]), token=str(m["token"]), key=str(m["key"]),
                  seat=None if seat is None else int(seat), conn=None, gone_since=now,
                  left=bool(m["left"]), replaced=bool(m["replaced"]),
                  address=str(m.get("address", "")), since=int(m.get("since", 0)),
                  watching=bool(m.get("watching", False)),
                  timeouts=int(m.get("timeouts", 0)),
                  sat_out=None if sat_out is None else int(sat_out),
                  ended=_ended_from(m.get("ended")))


def _ended_from(ended: Any) -> tuple[int, int | None] | None:
    """A member's :attr:`~holdem_desktop.net.room.Member.ended` as saved
    (None: no game ended with them in the room, or a save from before it was kept)."""
    if ended is None:
        return None
    game, seat = ended
    return int(game), None if seat is None else int(seat)


_dumps = fast_dumps
"""A save's JSON: ``json.dumps``'s data, by orjson where installed."""


def room_data(room: Room, session_data: dict[str, Any] | None = None,
              seats_data: Any = None) -> dict[str, Any]:
    """``room`` as JSON-ready data (``session_data`` and ``seats_data``:
    what :func:`~holdem_desktop.saves.game_data` takes, when the caller has it)."""
    data = _room_part(room, room.clock())
    data["game"] = None if room.session is None else game_data(
        room.session, _plans(room) if seats_data is None else [],
        session_data=session_data, seats_data=seats_data)
    if isinstance(room, TournamentRoom):  # a tournament's table: whose, and its deal
        data["tournament"] = room.saved_part()
    return data


def _room_part(room: Room, now: float) -> dict[str, Any]:
    """:func:`room_data` but the game and a tournament's part, in its order."""
    return {
        "format": FORMAT,
        "code": room.code,
        "size": room.size,
        "strength": room.strength,
        "public": room.public,
        "speed": room.speed,
        "banks": {str(k): round(v, 3) for k, v in sorted(room.banks.items())},
        "variant": game_data_variant(room),
        "hand_serial": room.hand_serial,
        "ready": sorted(room.ready),
        "barrier_age": None if room.barrier_since is None else now - room.barrier_since,
        "host": None if room.host is None else room.members.index(room.host),
        "members": [_member(m) for m in room.members],
        "bans": [{"name": b.name, "key": b.key, "token": b.token, "address": b.address,
                  "member": None if b.member is None else _member(b.member), "game": b.game}
                 for b in room.bans],
        "games": room.games,
        "people_seats": sorted(room._people_seats),
        "stand_ins": list(room.stand_ins),  # (fresh: the store compares it with the last)
        "blinds_up": room.blinds_up,
        "chat": [{"key": key, "by_host": g.by_host, "mutes": g.mutes,
                  "muted_for": max(0.0, g.muted_until - now)}
                 for key, g in room.chat.guards.items() if g.by_host or g.mutes],
    }


def _moved(now: dict[str, Any], before: dict[str, Any], never: frozenset[str]
           ) -> dict[str, Any] | None:
    """The keys of ``now`` whose values differ from ``before``'s, with their
    values now (empty: none); None when the two do not have the same keys,
    or when one that moved is one of ``never``, which a delta does not carry
    (a whole line then)."""
    if now == before:
        return {}
    if now.keys() != before.keys():
        return None
    moved = {k: v for k, v in now.items() if v != before[k]}
    return None if not never.isdisjoint(moved) else moved


_HAND: dict[str, Any] = {"hand": "kept by the store"}
"""Stands for the hand's data in :func:`_light` (any dict that is not empty)."""


def _light(room: Room, session: Session) -> tuple[dict[str, Any], dict[str, Any],
                                                  dict[str, Any]]:
    """What a delta line depends on, built as :func:`room_data` builds it:
    (the room's part and a tournament's, the game's part, each but its
    clocks; the clocks, as a delta holds them).  The game's part leaves out
    the hand (:data:`_HAND` in its place) and the generator's state."""
    part = _room_part(room, room.clock())
    times = {"barrier_age": part.pop("barrier_age"),
             "muted_for": [c.pop("muted_for") for c in part["chat"]]}
    if isinstance(room, TournamentRoom):
        part["tournament"] = room.saved_part()
    game = session.to_json(with_rng=False, hand_data=_HAND)
    times["minutes_played"] = game.pop("minutes_played")
    return part, game, times


def game_data_variant(room: Room) -> dict[str, Any]:
    """The rules of ``room`` (kept even before its first game)."""
    return {"key": room.variant.key, "rules": _rules(room.variant)}


_rules = _rules_text


def room_from_data(data: Any, *, clock: Callable[[], float], game_version: str) -> Room:
    """The room of :func:`room_data`'s data: its members are all away (they
    come back with their tokens); raises ``ValueError``, ``KeyError``,
    ``TypeError`` or :class:`SaveError` for data that does not make one."""
    if data["format"] != FORMAT:
        raise ValueError("unknown room format")
    variant = _variant({"variant": data["variant"]["key"], "rules": data["variant"]["rules"]})
    part = data.get("tournament")
    room: Room
    if part is not None:  # a tournament's table (its owner adopts it: tournament_play.py)
        room = TournamentRoom(variant, str(data["code"]), str(part["id"]), int(part["table"]),
                              int(data["size"]), game_version=game_version, clock=clock,
                              rng=random.Random(secrets.randbits(64)))
        room.strength = str(data["strength"])
    else:
        room = Room(variant, str(data["code"]), size=int(data["size"]),
                    strength=str(data["strength"]), game_version=game_version, clock=clock,
                    rng=random.Random(secrets.randbits(64)),
                    public=bool(data.get("public", False)),
                    speed=str(data.get("speed", "normal")))
    now = clock()
    room.members = [_member_from(m, now) for m in data["members"]]
    room.bans = [Ban(str(b["name"]), str(b["key"]), str(b["token"]), str(b["address"]),
                     None if b["member"] is None else _member_from(b["member"], now),
                     int(b["game"])) for b in data.get("bans", [])]
    room.games = int(data.get("games", 0))
    room._people_seats = {int(k) for k in data.get("people_seats", [])}
    room.stand_ins = sorted({int(k) for k in data.get("stand_ins", [])})
    room.blinds_up = bool(data.get("blinds_up", False))
    for g in data.get("chat", []):  # mutes: the host's, and those for flooding
        guard = room.chat.guard(str(g["key"]))
        guard.by_host = bool(g["by_host"])
        guard.mutes = int(g["mutes"])
        if float(g["muted_for"]) > 0:
            guard.muted_until = now + float(g["muted_for"])
    if data["host"] is not None:
        room.host = room.members[int(data["host"])]
    room.banks = {int(k): float(v) for k, v in data.get("banks", {}).items()}
    room.hand_serial = int(data["hand_serial"])
    room.ready = {int(k) for k in data["ready"]}
    if data["barrier_age"] is not None:
        room.barrier_since = now - float(data["barrier_age"])
    if data["game"] is not None:
        session = game_from_data(data["game"], clock=clock)[0]
        if session.variant.key != variant.key or session.n != room.size:
            raise ValueError("the game does not fit the room")
        if isinstance(room, TournamentRoom):
            room.restore(session, part)
        else:
            session.subscribe(room._listen)  # the room hears its game again, as it began it
            room.session = session
        room.turn_since = now
        room._keep_sat_out()  # a seat sat out checks or folds as before, not a computer's
    return room
