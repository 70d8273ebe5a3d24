"""A tournament's whole state as JSON-ready data and back, so that a server
keeps its tournaments across a restart (the listeners are not saved: the
caller subscribes again).

The blind clock is saved as the seconds played since the start and given
back on the clock the restored tournament gets: time the server was down
does not raise the blinds.  A scheduled start (``Structure.start_at``) is
kept as it was, on the caller's clock (a server gives wall-clock time)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from holdem_desktop.engine.variant import BlindLevel, BlindSchedule

from .core import Tournament
from .structure import Deal, Structure, TournamentError
from .tables import Table

__all__ = ["FORMAT", "deal_from_json", "deal_to_json", "table_to_json", "tournament_from_json",
           "tournament_to_json"]

FORMAT = 1


def _level(level: BlindLevel) -> dict[str, Any]:
    return {"blinds": list(level.blinds), "ante": level.ante}


def _level_back(data: Any) -> BlindLevel:
    return BlindLevel(tuple(int(b) for b in data["blinds"]), int(data["ante"]))


def _structure(s: Structure) -> dict[str, Any]:
    return {"players": s.players, "starting_stack": s.starting_stack,
            "seats_per_table": s.seats_per_table, "start_at": s.start_at,
            "min_players": s.min_players,
            "schedule": {"levels": [_level(lv) for lv in s.schedule.levels],
                         "minutes_per_level": s.schedule.minutes_per_level,
                         "after_last": s.schedule.after_last}}


def _structure_back(data: Any) -> Structure:
    sched = data["schedule"]
    schedule = BlindSchedule(tuple(_level_back(lv) for lv in sched["levels"]),
                             minutes_per_level=int(sched["minutes_per_level"]),
                             after_last=str(sched["after_last"]))
    start_at = data["start_at"]
    return Structure(int(data["players"]), int(data["starting_stack"]), schedule,
                     int(data["seats_per_table"]),
                     None if start_at is None else float(start_at), int(data["min_players"]))


def _deal(d: Deal) -> dict[str, Any]:
    return {"table": d.table, "hand": d.hand, "level": d.level, "blinds": _level(d.blinds),
            "button": d.button, "small_blind": d.small_blind, "big_blind": d.big_blind,
            "seats": [list(s) for s in d.seats], "dead_small": list(d.dead_small)}


def _deal_back(data: Any) -> Deal:
    small = data["small_blind"]
    return Deal(int(data["table"]), int(data["hand"]), int(data["level"]),
                _level_back(data["blinds"]), int(data["button"]),
                None if small is None else int(small), int(data["big_blind"]),
                tuple((int(s), str(p), int(c)) for s, p, c in data["seats"]),
                tuple(int(s) for s in data["dead_small"]))


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """One hand's layout as JSON-ready data (a server saves its table's with it)."""
    return _deal(deal)


def deal_from_json(data: Any) -> Deal:
    """The layout :func:`deal_to_json` saved (raises :class:`TournamentError`
    ``saved`` when the data is not one)."""
    try:
        return _deal_back(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise TournamentError("saved", str(exc)) from None


def _table(t: Table) -> dict[str, Any]:
    return {"number": t.number, "seats": list(t.seats), "last_big_seat": t.last_big_seat,
            "last_big_player": t.last_big_player, "hands": t.hands,
            "playing": None if t.playing is None else _deal(t.playing)}


def table_to_json(t: Table) -> dict[str, Any]:
    """One table as :func:`tournament_to_json` saves it (a server's save
    appends the tables that changed since its last line)."""
    return _table(t)


def _table_back(data: Any) -> Table:
    seats = [None if p is None else str(p) for p in data["seats"]]
    last = data["last_big_player"]
    playing = data["playing"]
    return Table(int(data["number"]), seats, int(data["last_big_seat"]),
                 None if last is None else str(last), int(data["hands"]),
                 None if playing is None else _deal_back(playing))


def tournament_to_json(t: Tournament) -> dict[str, Any]:
    """Everything ``t`` is, its random generator's state included."""
    state = t.rng.getstate()
    return {
        "format": FORMAT, "structure": _structure(t.structure), "state": t.state,
        "registered": list(t.registered),
        "tables": [_table(table) for table in t.tables.values()],
        "chips": dict(t.chips), "places": dict(t.places),
        "where": {p: list(w) for p, w in t.where.items()},
        "level": t.level, "elapsed": max(0.0, t.clock() - t.started_at),
        "final_table": t.final_table, "owe_small": sorted(t.owe_small),
        "rng": [state[0], list(state[1]), state[2]],
    }


def tournament_from_json(data: Any, *, clock: Callable[[], float]) -> Tournament:
    """The tournament :func:`tournament_to_json` saved, on ``clock`` (raises
    :class:`TournamentError` ``saved`` when the data is not one)."""
    try:
        if data["format"] != FORMAT:
            raise ValueError(f"format {data['format']!r}")
        rng = random.Random()
        version, inner, gauss = data["rng"]
        rng.setstate((int(version), tuple(int(x) for x in inner), gauss))
        t = Tournament(_structure_back(data["structure"]), rng=rng, clock=clock)
        if data["state"] not in ("registering", "running", "over", "cancelled"):
            raise ValueError(f"state {data['state']!r}")
        t.state = data["state"]
        t.registered = [str(p) for p in data["registered"]]
        t.tables = {table.number: table for table in map(_table_back, data["tables"])}
        t.chips = {str(p): int(c) for p, c in data["chips"].items()}
        t.places = {str(p): int(c) for p, c in data["places"].items()}
        t.where = {str(p): (int(n), int(s)) for p, (n, s) in data["where"].items()}
        t.level = int(data["level"])
        t.started_at = clock() - float(data["elapsed"])
        final = data["final_table"]
        t.final_table = None if final is None else int(final)
        t.owe_small = {str(p) for p in data["owe_small"]}
    except (KeyError, TypeError, ValueError) as exc:
        raise TournamentError("saved", str(exc)) from None
    return t
