"""A room's saves within a hand are deltas (``server/deltas.py``): after
every line the file reads as exactly the room, a killed server comes back
at the same decision, and a delta that is cut short, out of order or
illegal is refused with a note, the room kept as the line before it."""

from __future__ import annotations

import json
from pathlib import Path

from holdem_desktop import __version__
from holdem_desktop.engine.hand import Hand
from holdem_desktop.net.protocol import Away, Back, NextHand
from holdem_desktop.net.room import Room
from holdem_desktop.server import deltas
from holdem_desktop.server.store import RoomStore, last_save
from tests.clock import Clock
from tests.server.test_store import CODE, new_room, played, reference, same_decision


def loaded(folder: Path) -> tuple[Room, str]:
    """The one room restored from ``folder``, and the store's note."""
    rooms = list(RoomStore(folder).load_all(Clock(), __version__))
    assert len(rooms) == 1 and rooms[0][0] is not None, rooms
    return rooms[0][0], rooms[0][1]


def hand_of(room: Room) -> Hand:
    assert room.session is not None and room.session.hand is not None
    return room.session.hand


def kinds(path: Path) -> list[str]:
    return ["delta" if deltas.is_delta(t) else "whole"
            for t in path.read_text(encoding="utf-8").splitlines()]


def mid_hand(store: RoomStore, steps: int = 200, deltas_at_least: int = 3) -> Room:
    """Play until the room's file ends with at least ``deltas_at_least`` deltas
    in a hand still going on; the room."""
    room = new_room(Clock())
    for r in played(room, steps):
        store.write(r.code, store.line(r) or "")
        if (r.session is not None and r.session.hand is not None and not r.session.hand.over
                and kinds(store.path(CODE))[-deltas_at_least:] == ["delta"] * deltas_at_least):
            return r
    raise AssertionError("no hand with deltas")


def test_after_every_line_the_file_reads_as_exactly_the_room(tmp_path):
    """Through hands, games, a player away (the computer plays for her, the
    room notes its moves) and back: the whole saves and the deltas after
    them read as the room's save data, and within hands most lines are deltas."""
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    seen: list[str] = []
    restores, stood_in = 0, False
    for step, r in enumerate(played(room, 600)):
        if step % 50 == 10:
            r.receive("b", Away())
        elif step % 50 == 30:
            r.receive("b", Back())
        text = store.line(r)
        assert text is not None
        store.write(r.code, text)
        seen.append("whole" if not deltas.is_delta(text) else
                    "change" if {"room", "game"} & set(json.loads(text)) else "delta")
        stood_in = stood_in or bool(r.stand_ins)
        assert last_save(store.path(CODE)) == json.loads(reference(r)), step
        if step % 37 == 0:  # killed here: back at the same decision
            back, note = loaded(tmp_path)
            same_decision(back, r)
            assert note == ""
            restores += 1
    assert stood_in and restores > 10
    assert seen.count("delta") > seen.count("whole"), seen.count("whole")
    # the presses of Next hand and the chips at a hand's end: deltas that carry them
    assert seen.count("change") > seen.count("whole") / 2, (seen.count("change"),
                                                            seen.count("whole"))
    assert store.failures == 0


def test_a_change_a_delta_carries_is_in_the_room_after_a_restart(tmp_path):
    """A hand ends: the chips and the hands played move with the last
    action's delta; the Next hand presses follow, one a line, each a delta
    carrying who is ready, and the room comes back with them."""
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    carried: dict[str, set[str]] = {"room": set(), "game": set()}
    restored = 0

    def save(r: Room) -> None:
        nonlocal restored
        text = store.line(r)
        assert text is not None
        store.write(r.code, text)
        if deltas.is_delta(text):
            line = json.loads(text)
            for part in carried:
                carried[part] |= set(line.get(part, ()))
                if part in line:
                    assert line[part], "a part that did not move is left out"
            if "room" in line and "ready" in line["room"]:
                back, note = loaded(tmp_path)
                assert note == "" and back.ready == r.ready and back.ready
                same_decision(back, r)
                restored += 1

    for r in played(room, 300):
        save(r)
        s = r.session
        if s is not None and s.hand is not None and s.hand.over and not s.game_over \
                and not r.ready:
            r.receive("a", NextHand())  # Mara first; Ada presses at the next step
            save(r)
    assert "ready" in carried["room"] and restored > 3, (carried, restored)
    assert {"hands_played", "hand_counted"} <= carried["game"], carried
    assert not carried["room"] & deltas.ROOM_KEYS and not carried["game"] & deltas.GAME_KEYS


def test_a_delta_whose_parts_are_malformed_is_refused(tmp_path):
    """A delta's room or game part that is not an object, or holds what a
    delta never carries (the game inside the room's part, the hand or the
    generator inside the game's), is refused like one cut short."""
    store = RoomStore(tmp_path)
    mid_hand(store, deltas_at_least=2)
    path = store.path(CODE)
    lines = path.read_text(encoding="utf-8").splitlines()
    kept = json.loads(lines[-1])["from"]
    for part, bad in (("room", []), ("room", {"game": None}), ("game", {"hand": None}),
                      ("game", {"rng": [1]}), ("game", "chips")):
        last = json.loads(lines[-1])
        last[part] = bad
        path.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n", encoding="utf-8")
        back, note = loaded(tmp_path)
        assert "refused (malformed)" in note, (part, bad, note)
        assert len(hand_of(back).actions) == kept


def test_a_delta_cut_short_is_refused_with_a_note_and_the_room_is_the_line_before(tmp_path):
    store = RoomStore(tmp_path)
    room = mid_hand(store)
    before = loaded(tmp_path)[0]
    same_decision(before, room)
    path = store.path(CODE)
    text = path.read_text(encoding="utf-8")
    last = text.splitlines()[-1]
    path.write_text(text[: len(text) - len(last) // 2 - 1], encoding="utf-8")  # SIGKILL mid-write
    back, note = loaded(tmp_path)
    assert "refused (cut short or not JSON)" in note, note
    cut = len(json.loads(last)["actions"])
    assert hand_of(back).actions == hand_of(before).actions[:-cut]
    assert not list(tmp_path.glob("*.bad"))


def test_a_delta_out_of_order_is_refused_and_so_is_everything_after_it(tmp_path):
    store = RoomStore(tmp_path)
    mid_hand(store, deltas_at_least=3)
    path = store.path(CODE)
    lines = path.read_text(encoding="utf-8").splitlines()
    good = [json.loads(t) for t in lines[-3:]]
    lines[-2] = lines[-2].replace(f'"from":{good[1]["from"]}', f'"from":{good[1]["from"] + 1}')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    back, note = loaded(tmp_path)
    assert f"line {len(lines) - 1} refused (follows" in note, note
    assert len(hand_of(back).actions) == good[0]["from"] + len(good[0]["actions"])


def test_a_delta_the_game_refuses_leaves_the_room_at_the_last_good_line(tmp_path):
    store = RoomStore(tmp_path)
    mid_hand(store, deltas_at_least=2)
    path = store.path(CODE)
    lines = path.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    kept = last["from"]
    last["actions"] = [[last["actions"][0][0], {"kind": "raise", "amount": 10 ** 9}]]
    lines[-1] = json.dumps(last, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    back, note = loaded(tmp_path)
    assert "a delta refused" in note, note
    assert len(hand_of(back).actions) == kept
    assert not list(tmp_path.glob("*.bad"))


def test_a_delta_is_never_written_where_no_whole_save_is(tmp_path):
    """A delta that cannot be appended (no file written in this run, or a full
    one) is not written as the file: counted as a failure, and the next
    line is the whole room."""
    store = RoomStore(tmp_path)
    room = mid_hand(store)
    path_text = store.path(CODE).read_text(encoding="utf-8")
    other = RoomStore(tmp_path)  # the next run, before its first whole save
    other._base = store._base
    line = store.line(room)
    assert line is not None and deltas.is_delta(line)
    other.write(CODE, line)
    assert other.failures == 1 and store.path(CODE).read_text(encoding="utf-8") == path_text
    assert CODE not in other._base
    again = other.line(room)
    assert again is not None and not deltas.is_delta(again)


def test_compaction_merges_the_deltas_into_one_whole_save(tmp_path):
    store = RoomStore(tmp_path)
    room = mid_hand(store)
    store.compact()
    lines = store.path(CODE).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and json.loads(lines[0]) == json.loads(reference(room))
    same_decision(loaded(tmp_path)[0], room)
    assert store.line(room) is not None and store.failures == 0
