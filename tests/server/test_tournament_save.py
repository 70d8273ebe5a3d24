"""The tournaments' save as a log (server/tournament_save.py): a whole desk,
then a line appended for what each turn changed, compacted now and then.
Read back after every save it is the desk; a save of the version before (one
JSON document) is read as it was; and a kill at each moment the log opens --
right after a delta is appended (the tables' rooms saved after it), in the
middle of a compaction (the new file written, not yet moved into place), a
delta cut short -- loses and doubles no chip, and every table that was in a
hand comes back at the same decision."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from holdem_desktop.server import tournament_save
from holdem_desktop.server.tournament_save import read_desk
from holdem_desktop.server.tournament_service import DeskFile

from .test_tournament_play import TWELVE
from .test_tournament_restart import Served, here, played_to_its_places


def _without_clock(data: Any) -> Any:
    """``data`` with each tournament's blind clock left out (the seconds
    played, read at two moments)."""
    data = json.loads(json.dumps(data))
    for entry in data["entries"]:
        entry["tournament"].pop("elapsed")
    return data


def test_the_log_read_back_is_the_desk_after_every_save(tmp_path, monkeypatch):
    monkeypatch.setattr(tournament_save, "COMPACT_BYTES", 20_000)  # (compacted on the way)
    monkeypatch.setattr(tournament_save, "WHOLES", 0)
    offers = tmp_path / "offers.toml"
    offers.write_text(TWELVE, encoding="utf-8")
    desk = DeskFile(offers, tmp_path / "data")
    path = tmp_path / "data" / "tournaments.json"
    (key,) = desk.desk.entries
    desk.desk.register(key, "Ana")
    desk.save()
    t = desk.desk.tournament(key)
    ticks = 0
    while ticks == 0 or t.state == "running":
        desk.tick(hands=3)
        ticks += 1
        assert _without_clock(read_desk(path)) == _without_clock(desk.data()), ticks
        assert ticks < 3000
    assert desk.log.deltas > 50 and desk.log.snapshots > 3  # (compacted on the way)
    assert path.read_bytes().count(b"\n") >= 1
    desk.save(whole=True)  # (the server stops: one line)
    assert path.read_bytes().count(b"\n") == 1
    back = DeskFile(offers, tmp_path / "data")
    assert back.desk.tournament(key).places == t.places


def test_a_save_of_the_version_before_is_read_and_a_line_cut_short_is_not(tmp_path):
    offers = tmp_path / "offers.toml"
    offers.write_text(TWELVE, encoding="utf-8")
    desk = DeskFile(offers, tmp_path / "data")
    path = tmp_path / "data" / "tournaments.json"
    (key,) = desk.desk.entries
    desk.desk.register(key, "Ana")
    desk.tick(hands=5)
    t = desk.desk.tournament(key)
    assert t.state == "running"
    # the version before wrote one JSON document, no line break
    path.write_text(json.dumps(desk.data()), encoding="utf-8")
    old = DeskFile(offers, tmp_path / "data")
    assert old.desk.tournament(key).chips == t.chips
    # (every table still standing: which ones are left after five hands is the deal's)
    assert {n: table.hands for n, table in old.desk.tournament(key).tables.items()} == \
        {n: table.hands for n, table in t.tables.items()} != {}
    old.tick(hands=6)  # (its first save: whole; deltas after it)
    old.tick(hands=6)
    assert old.log.deltas >= 1
    before = _without_clock(old.data())
    old.tick(hands=6)
    assert _without_clock(old.data()) != before  # (a hand or more moved on)
    text = path.read_bytes()
    last = text.rstrip(b"\n").rsplit(b"\n", 1)[1]
    assert last.startswith(b'{"delta":')
    path.write_bytes(text[:-len(last) // 2])  # killed in the middle of its write
    again = DeskFile(offers, tmp_path / "data")
    assert _without_clock(again.data()) == before
    back = again.desk.tournament(key)
    assert sum(back.chips[p] for p in back.where) == 12 * 1500


class Killed(BaseException):
    """The process killed at this point (nothing after it is written)."""


def _decisions(served: Served, key: str) -> dict[int, tuple[object, ...]]:
    """Each table in a hand: its deal, the actions so far, who is to act, the stacks."""
    out = {}
    play = served.desk.plays.get(key)
    for number, room in (play.rooms if play is not None else {}).items():
        s = room.tsession
        if s.hand is not None and not s.hand.over:
            out[number] = (s.deal_now, [(k, a.to_json()) for k, a in s.hand.actions],
                           s.hand.to_act, tuple(s.hand.stacks))
    return out


@pytest.mark.parametrize("moment", ["after a delta", "in a compaction", "a delta cut short"])
def test_a_kill_at_each_moment_of_the_log_loses_no_chip_and_keeps_each_decision(
        tmp_path, monkeypatch, moment):
    (tmp_path / "offers.toml").write_text(TWELVE, encoding="utf-8")
    now = [1000.0]
    first = Served(tmp_path, now)
    first.hands = 1  # (a hand a turn: the tournament lasts, a table in a hand and another moving)
    (key,) = first.desk.desk.entries
    first.desk.desk.register(key, "Ana")
    t = first.desk.desk.tournament(key)
    first.turn()
    assert t.state == "running"
    here(first.desk.plays[key].rooms.values())  # (her turns wait for her, or her clock)
    for _turn in range(40):  # (until a hand is in progress at her table, awaiting her)
        now[0] += 30.0
        first.turn()
        if _decisions(first, key):
            break
    log = first.desk.log
    real_replace, real_append = os.replace, log._append
    before: dict[int, object] = {}
    saved: dict[int, tuple[object, ...]] = {}

    def moved() -> bool:
        """Whether this turn moved a table's hand on while one is in a hand
        (a kill now has something to lose and a decision to keep)."""
        return bool(saved) and any((table.hands, table.playing) != before.get(n)
                                   for n, table in t.tables.items())

    def replace(*args: Any) -> None:  # the new whole file written, not yet in place
        if moved():
            raise Killed
        real_replace(*args)

    def append(line: bytes) -> None:  # half the line written
        if not moved():
            return real_append(line)
        with log.path.open("ab") as f:
            f.write(line[:len(line) // 2])
        raise Killed

    if moment == "in a compaction":
        monkeypatch.setattr(tournament_save.os, "replace", replace)
    elif moment == "a delta cut short":
        monkeypatch.setattr(log, "_append", append)
    for _turn in range(60):  # until a turn moves a computers' table's hand on
        before = {n: (table.hands, table.playing) for n, table in t.tables.items()}
        saved = _decisions(first, key)  # (what the rooms' files say now)
        now[0] += 10.0  # (a computers' table deals; her clock may run out: a new hand)
        deltas = log.deltas
        if moment == "in a compaction":
            log._limit = 0  # (this save is whole: the file compacted)
        try:
            first.turn()  # the tournament's save, then the tables' rooms'
        except Killed:
            break
        if moment == "after a delta":
            saved = _decisions(first, key)
            if moved():
                assert log.deltas == deltas + 1  # (a delta, the rooms after it: killed now)
                break
    else:
        pytest.fail("no turn moved a table's hand on while one was in a hand")
    monkeypatch.undo()
    if moment == "in a compaction":
        assert (tmp_path / "data" / "tournaments.json.new").exists()
    assert saved, "no table in a hand at the kill"
    total = 12 * t.structure.starting_stack

    again = Served(tmp_path, now)  # started again on what the files hold
    t = again.desk.desk.tournament(key)
    assert again.problems == []
    assert sum(t.chips[p] for p in t.where) == total  # (those in a hand: as dealt)
    assert _decisions(again, key) == saved  # each table in a hand: the same decision
    played_to_its_places(again, t, total, now)
