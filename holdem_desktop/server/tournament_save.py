"""The tournaments' save (``DATA/tournaments.json``) as a log of lines, the
way rooms are saved (server/store.py), so that saving a running tournament
after every slice of its computers' tables costs what changed, not the
whole desk (issue 35: at 1,000 entrants the whole desk, some 100 kB of JSON,
written after every hand, was a fifth of the server's CPU).

The file's first line is the whole desk (:meth:`DeskFile.data
<.tournament_service.DeskFile.data>`: what the version before wrote as the
whole file); each line after it is a *delta* ``{"delta": {id: changes}}``
of the running tournaments, with what changed since the line before: the
blind clock and level, each table whose seats, blinds or hand in progress
changed (whole), the tables broken, and the chips, seats and places of
the players of those tables (seated there then or now, or dealt in its
hand then: :func:`_changes`).  The desk is the first line
with every delta after it applied (:func:`read_desk`).

- A delta is appended with one ``write`` on the server's loop, before the
  tables' rooms are saved in the same turn: a table's save is never ahead
  of its tournament's, and no message leaves before both are written.
- Whatever a delta does not say -- a tournament registered for, started,
  over or opened, a registration's owner -- is written as a whole desk:
  the file *compacted*, replaced by one whole line (written to
  ``tournaments.json.new``, then moved into place: a kill at any moment
  leaves the old file or the new one, each the same desk).  So is the
  first save of each run (a line cut short by a kill is gone before
  anything follows it), the save at a stop, and the save that would make
  the file larger than :data:`COMPACT_BYTES` (or four whole saves).
- A last line cut short (the process killed in its write, a full disk) is
  never read: the desk is as the line before it said.  A file without a
  line break is the version before's (one JSON document), read as it is.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from holdem_desktop.tournament.core import RUNNING
from holdem_desktop.tournament.saved import table_to_json

from .store import append_line
from .tournaments import TournamentDesk

__all__ = ["COMPACT_BYTES", "WHOLES", "DeskLog", "apply_delta", "read_desk"]

COMPACT_BYTES = 512 * 1024
"""The file is compacted once a delta would take it past this many bytes
(or past :data:`WHOLES` of its whole saves, when that is more)."""
WHOLES = 4


@dataclass
class _Seen:
    """What the file says of one tournament (its entry in the desk)."""

    state: str
    registered: list[str]
    first_at: float | None
    computers: int
    tables: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    owe_small: frozenset[str] = frozenset()
    rng: Any = None


class DeskLog:
    """The desk's file at ``path``: :meth:`save` appends a delta or writes
    it whole (see the module's text).  Used on the server's loop only."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.snapshots = 0
        """Whole saves written (the first, compactions, the stop)."""
        self.deltas = 0
        """Deltas appended."""
        self._size: int | None = None
        """The bytes in the file written this run (None: the next save is whole)."""
        self._limit = COMPACT_BYTES
        self._ids: tuple[str, ...] = ()
        self._count = -1
        self._owners: Any = None
        self._seen: dict[str, _Seen] = {}

    def save(self, desk: TournamentDesk, owners: Any, data: Callable[[], Any],
             whole: bool = False) -> None:
        """Write ``desk`` (with ``owners``, the registrations' owners or None)
        as it is now: a delta appended when it can say what changed, else the
        whole desk, ``data()`` (raises ``OSError``: the next save is whole)."""
        if not whole and self._size is not None:
            delta = self._delta(desk, owners)
            if delta is not None:
                if not delta:
                    return
                line = (json.dumps({"delta": delta}, separators=(",", ":")) + "\n").encode()
                if self._size + len(line) <= self._limit:
                    try:
                        self._append(line)
                    except OSError:
                        self._size = None
                        raise
                    self._size += len(line)
                    self.deltas += 1
                    return
        self._whole(desk, owners, data())

    def _whole(self, desk: TournamentDesk, owners: Any, data: Any) -> None:
        self._size = None
        line = (json.dumps(data, separators=(",", ":")) + "\n").encode()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        spare = self.path.with_suffix(".json.new")
        spare.write_bytes(line)
        os.replace(spare, self.path)
        self._size = len(line)
        self._limit = max(COMPACT_BYTES, WHOLES * len(line))
        self.snapshots += 1
        self._ids, self._count, self._owners = tuple(desk.entries), desk.count, owners
        self._seen = {}
        for key, e in desk.entries.items():
            t = e.tournament
            seen = self._seen[key] = _Seen(t.state, list(t.registered), e.first_at, e.computers)
            if t.state == RUNNING:
                seen.tables = {n: _table_key(tb) for n, tb in t.tables.items()}
                seen.owe_small, seen.rng = frozenset(t.owe_small), t.rng.getstate()

    def _append(self, line: bytes) -> None:
        append_line(self.path, line)

    def _delta(self, desk: TournamentDesk, owners: Any) -> dict[str, Any] | None:
        """What changed in the running tournaments since the file's last
        line (None: something a delta does not say changed; the file's view
        of what it does say is brought up to date: the delta must be written,
        or the next save be whole)."""
        if tuple(desk.entries) != self._ids or desk.count != self._count \
                or owners != self._owners:
            return None
        out: dict[str, Any] = {}
        for key, e in desk.entries.items():
            t, seen = e.tournament, self._seen[key]
            if (t.state != seen.state or e.first_at != seen.first_at
                    or e.computers != seen.computers or t.registered != seen.registered):
                return None
            if t.state == RUNNING:
                out[key] = _changes(t, seen)
        return out


def _table_key(table: Any) -> tuple[Any, ...]:
    """What a table's save says, to compare (its hand's deal by identity first)."""
    return (tuple(table.seats), table.last_big_seat, table.last_big_player, table.hands,
            table.playing)


def _changes(t: Any, seen: _Seen) -> dict[str, Any]:
    """Running tournament ``t``'s delta against ``seen`` (brought up to date).

    A player's chips, seat and place change only with a table's: a hand
    reported (its players' chips, those out leave their seats and are
    placed), a player moved (two tables' seats), a table broken.  So the
    players looked at are those of the tables whose seats, blinds or hand
    changed since the last line -- seated there then or now, or dealt in
    the hand then -- not the thousand of the tournament."""
    d: dict[str, Any] = {"elapsed": max(0.0, t.clock() - t.started_at), "level": t.level,
                         "final_table": t.final_table}
    players: set[str | None] = set()
    tables = []
    for number, table in t.tables.items():
        key = _table_key(table)
        before = seen.tables.get(number)
        if before != key:
            tables.append(table_to_json(table))
            seen.tables[number] = key
            players.update(table.seats)
            if before is not None:
                players.update(before[0])
                if before[4] is not None:
                    players.update(p for _, p, _ in before[4].seats)
    if tables:
        d["tables"] = tables
    if len(seen.tables) != len(t.tables):
        d["broken"] = [n for n in seen.tables if n not in t.tables]
        for n in d["broken"]:
            players.update(seen.tables.pop(n)[0])
    players.discard(None)
    if players:
        chips, where, places = t.chips, t.where, t.places
        named = sorted(p for p in players if p is not None)
        d["chips"] = {p: chips[p] for p in named if p in chips}
        d["where"] = {p: list(where[p]) for p in named if p in where}
        out = [p for p in named if p not in where]
        if out:
            d["out"] = out
        placed = {p: places[p] for p in named if p in places}
        if placed:
            d["places"] = placed
    if t.owe_small != seen.owe_small:
        d["owe_small"] = sorted(t.owe_small)
        seen.owe_small = frozenset(t.owe_small)
    state = t.rng.getstate()
    if state != seen.rng:
        d["rng"] = [state[0], list(state[1]), state[2]]
        seen.rng = state
    return d


def apply_delta(data: Any, delta: Any) -> None:
    """Apply a delta line's ``delta`` to the desk's saved ``data`` (in place;
    ``KeyError``, ``TypeError``, ``ValueError`` when it does not fit)."""
    entries = {e["id"]: e for e in data["entries"]}
    for key, d in delta.items():
        t = entries[key]["tournament"]
        t["elapsed"], t["level"], t["final_table"] = d["elapsed"], d["level"], d["final_table"]
        t["chips"].update(d.get("chips", {}))
        where = t["where"]
        for p in d.get("out", ()):
            where.pop(p, None)
        where.update(d.get("where", {}))
        t["places"].update(d.get("places", {}))
        if "owe_small" in d:
            t["owe_small"] = d["owe_small"]
        if "rng" in d:
            t["rng"] = d["rng"]
        if "tables" in d or "broken" in d:
            tables = {tb["number"]: tb for tb in t["tables"]}
            tables.update((tb["number"], tb) for tb in d.get("tables", ()))
            for n in d.get("broken", ()):
                del tables[n]
            t["tables"] = list(tables.values())


def read_desk(path: Path) -> Any:
    """The desk saved at ``path``: its first line with the deltas after it
    applied (a last line cut short left out), or the version before's one
    JSON document; raises ``OSError``, or ``ValueError`` when it is not one."""
    raw = path.read_bytes()
    if b"\n" not in raw:
        return json.loads(raw)
    first, *rest = raw.split(b"\n")
    data = json.loads(first)
    for line in rest:
        try:
            delta = json.loads(line)["delta"]
        except (ValueError, KeyError, TypeError):
            break  # cut short (the last line): the desk as the line before said
        try:
            apply_delta(data, delta)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"a delta does not fit: {exc!r}") from None
    return data
