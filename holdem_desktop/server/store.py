"""Every room's game on disk, saved after every action, so that a server
killed outright (SIGKILL, a power cut of the process) starts again with its
rooms at the same decision, with the same cards, and their members come
back with their tokens.

One file per room, ``<code>.json`` in the store's folder: the room (code,
seats, rules, members with their tokens, who is host, the next-hand
presses, the chat's mutes) and its game in the desktop's autosave form
(:func:`holdem_desktop.saves.game_data`).  Each is written whole to a
temporary file and moved into place, so a reader sees the old file or the
new one, never half of one.  The files are not flushed to the disk itself
each time: a killed process loses nothing (the system writes them), a
crashed machine may lose the last few actions.  A file that cannot be read
is set aside (``.bad``) and reported, never fatal.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import secrets
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from holdem_desktop.engine.variant import VariantError, dump_variant
from holdem_desktop.net.room import Ban, Member, Room
from holdem_desktop.saves import SaveError, SeatPlan, _variant, game_data, game_from_data

__all__ = ["FORMAT", "RoomStore", "room_data", "room_from_data"]

FORMAT = 1


class RoomStore:
    """The rooms' files in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.saves = 0
        self.failures = 0

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def save(self, room: Room) -> None:
        """Write ``room`` as it is now (a failure is counted, never raised)."""
        text = self.snapshot(room)
        if text is not None:
            self.write(room.code, text)

    def snapshot(self, room: Room) -> str | None:
        """``room`` as the text of its file (None, and counted, when it cannot be)."""
        try:
            return json.dumps(room_data(room), separators=(",", ":"))
        except (ValueError, TypeError):
            self.failures += 1
            return None

    def write(self, code: str, text: str) -> None:
        """Put the file of room ``code`` in place, whole (a failure is counted)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{code}.", dir=self.folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(tmp, self.path(code))
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError:
            self.failures += 1
            return
        self.saves += 1

    def apply(self, snapshots: list[tuple[str, str]], gone: list[str]) -> None:
        """Write these rooms' files and delete those of the rooms gone, in order
        (the server does it on a thread of its own, off its loop)."""
        for code in gone:
            self.delete(code)
        for code, text in snapshots:
            self.write(code, text)

    def delete(self, code: str) -> None:
        """The room ``code`` closed: its file goes."""
        with contextlib.suppress(OSError):
            self.path(code).unlink(missing_ok=True)

    def load_all(self, clock: Callable[[], float], game_version: str
                 ) -> Iterator[tuple[Room | None, str]]:
        """Each saved room, rebuilt (or None and the problem, its file set aside)."""
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob("[0-9]*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                room = room_from_data(data, clock=clock, game_version=game_version)
            except (OSError, ValueError, KeyError, TypeError, SaveError, VariantError) as exc:
                with contextlib.suppress(OSError):
                    path.replace(path.with_suffix(".bad"))
                yield None, f"{path.stem}: {str(exc)[:80]}"
                continue
            yield room, ""


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
    return {"name": m.name, "token": m.token, "key": m.key, "seat": m.seat, "left": m.left,
            "replaced": m.replaced, "address": m.address, "since": m.since}


def _member_from(m: Any, now: float) -> Member:
    """A member as saved: away (their connection went with the old process)."""
    seat = m["seat"]
    return Member(name=str(m["name"]), token=str(m["token"]), key=str(m["key"]),
                  seat=None if seat is None else int(seat), conn=None, gone_since=now,
                  left=bool(m["left"]), replaced=bool(m["replaced"]),
                  address=str(m.get("address", "")), since=int(m.get("since", 0)))


def room_data(room: Room) -> dict[str, Any]:
    """``room`` as JSON-ready data."""
    now = room.clock()
    return {
        "format": FORMAT,
        "code": room.code,
        "size": room.size,
        "strength": room.strength,
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
        "chat": [{"key": key, "by_host": g.by_host, "mutes": g.mutes,
                  "muted_for": max(0.0, g.muted_until - now)}
                 for key, g in room.chat.guards.items() if g.by_host or g.mutes],
        "game": None if room.session is None else game_data(room.session, _plans(room)),
    }


def game_data_variant(room: Room) -> dict[str, Any]:
    """The rules of ``room`` (kept even before its first game)."""
    return {"key": room.variant.key, "rules": dump_variant(room.variant)}


def room_from_data(data: Any, *, clock: Callable[[], float], game_version: str) -> Room:
    """The room of :func:`room_data`'s data: its members are all away (they
    come back with their tokens); raises ``ValueError``, ``KeyError``,
    ``TypeError`` or :class:`SaveError` for data that does not make one."""
    if data["format"] != FORMAT:
        raise ValueError("unknown room format")
    variant = _variant({"variant": data["variant"]["key"], "rules": data["variant"]["rules"]})
    room = Room(variant, str(data["code"]), size=int(data["size"]),
                strength=str(data["strength"]), game_version=game_version, clock=clock,
                rng=random.Random(secrets.randbits(64)))
    now = clock()
    room.members = [_member_from(m, now) for m in data["members"]]
    room.bans = [Ban(str(b["name"]), str(b["key"]), str(b["token"]), str(b["address"]),
                     None if b["member"] is None else _member_from(b["member"], now),
                     int(b["game"])) for b in data.get("bans", [])]
    room.games = int(data.get("games", 0))
    room._people_seats = {int(k) for k in data.get("people_seats", [])}
    for g in data.get("chat", []):  # mutes: the host's, and those for flooding
        guard = room.chat.guard(str(g["key"]))
        guard.by_host = bool(g["by_host"])
        guard.mutes = int(g["mutes"])
        if float(g["muted_for"]) > 0:
            guard.muted_until = now + float(g["muted_for"])
    if data["host"] is not None:
        room.host = room.members[int(data["host"])]
    room.hand_serial = int(data["hand_serial"])
    room.ready = {int(k) for k in data["ready"]}
    if data["barrier_age"] is not None:
        room.barrier_since = now - float(data["barrier_age"])
    if data["game"] is not None:
        session = game_from_data(data["game"], clock=clock)[0]
        if session.variant.key != variant.key or session.n != room.size:
            raise ValueError("the game does not fit the room")
        session.subscribe(room._listen)  # the room hears its game again, as when it began it
        room.session = session
        room.turn_since = now
    return room
