"""The rooms' saves (``server/store.py``): each save is exactly the room's
JSON, appended to its file as a line; the last whole line is the room, a
line cut short is never read, and the file is compacted to one line."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.fast_json import fast_dumps
from holdem_desktop.net.protocol import Act, Away, Hello, NewGame, NextHand, Table
from holdem_desktop.net.room import Room
from holdem_desktop.server.config import ServerConfig
from holdem_desktop.server.service import GameServer
from holdem_desktop.server.store import COMPACT_BYTES, RoomStore, last_save, room_data
from tests.clock import Clock

CODE = "271828"


def new_room(clock: Clock, seed: int = 5, names: tuple[str, str] = ("Mara", "Ada")) -> Room:
    """Six seats: Mara (the host) and Ada, four computer players."""
    room = Room(shipped_variant("tournament"), CODE, size=6, strength="easy",
                game_version=__version__, clock=clock, rng=random.Random(seed))
    for conn, name in zip(("a", "b"), names, strict=True):
        room.connect(conn, "127.0.0.1")
        room.receive(conn, Hello(name, CODE, __version__))
    return room


def played(room: Room, steps: int) -> Iterator[Room]:
    """The room after each step of two people checking or calling, pressing
    Next hand, and the host starting a new game when one ends (as
    ``bench/server.py``'s clients do)."""
    clock = room.clock
    assert isinstance(clock, Clock)
    room.receive("a", NewGame())
    for _ in range(steps):
        todo = []
        for conn, m in room.take():
            if not isinstance(m, Table):
                continue
            seat = next(x.seat for x in room.members if x.conn == conn)
            view = m.view
            if view is not None and not view.over and view.to_act == seat:
                kinds = {a.kind for a in view.legal_actions}
                kind = "check" if "check" in kinds else "call" if "call" in kinds else "fold"
                todo.append((conn, Act(ActionKind(kind), 0, m.hand, m.decision)))
            elif m.started and not m.game_over and seat in m.waiting_for:
                todo.append((conn, NextHand()))
            elif m.game_over and m.started and conn == "a":
                todo.append((conn, NewGame()))
        for conn, message in todo:
            room.receive(conn, message)
        clock.now += 1.0
        room.tick()
        yield room


def reference(room: Room) -> str:
    """The save as it was written before saves took shortcuts (by the
    store's writer: orjson where installed, the same data as json's)."""
    text = fast_dumps(room_data(room))
    assert json.loads(text) == json.loads(json.dumps(room_data(room)))
    return text


def restored(folder: Path) -> Room:
    rooms = list(RoomStore(folder).load_all(Clock(), __version__))
    assert len(rooms) == 1 and rooms[0][0] is not None, rooms
    return rooms[0][0]


def same_decision(a: Room, b: Room) -> None:
    """The same hand at the same decision, with the same cards and chips."""
    assert a.decision == b.decision and a.stand_ins == b.stand_ins
    sa, sb = a.session, b.session
    assert sa is not None and sb is not None
    assert [sa.chips(k) for k in range(sa.n)] == [sb.chips(k) for k in range(sb.n)]
    assert (sa.hand is None) == (sb.hand is None)
    if sa.hand is not None and sb.hand is not None:
        assert sa.hand.deck == sb.hand.deck and sa.hand.hole == sb.hand.hole
        assert sa.hand.to_act == sb.hand.to_act
    assert sa.rng.getstate() == sb.rng.getstate()


def test_each_save_is_exactly_the_rooms_json_through_games_and_shuffles(tmp_path):
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    assert store.snapshot(room) == reference(room)  # no game yet
    hands, games, overs = set(), set(), 0
    for r in played(room, 1500):
        assert store.snapshot(r) == reference(r)
        hands.add(r.hand_serial)
        games.add(r.games)
        overs += r.session is not None and r.session.game_over
    assert len(hands) > 20 and len(games) >= 2 and overs, (len(hands), games, overs)
    assert store.failures == 0


def test_saves_are_appended_one_a_line_and_the_last_whole_line_is_the_room(tmp_path):
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    texts = []
    for r in played(room, 12):
        text = store.snapshot(r)
        assert text is not None
        store.write(r.code, text)
        texts.append(text)
    data = store.path(CODE).read_bytes()
    assert data == "".join(t + "\n" for t in texts).encode()  # byte for byte, Windows too
    lines = data.decode().splitlines()
    assert lines == texts  # one line a save, in order: appended, not rewritten
    assert last_save(store.path(CODE)) == json.loads(texts[-1])
    same_decision(restored(tmp_path), room)


def test_a_save_cut_short_is_never_read_and_the_next_run_starts_the_file_afresh(tmp_path):
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    steps = played(room, 40)
    for r in steps:
        store.write(r.code, store.snapshot(r) or "")
        if r.session is not None and r.session.hand is not None and r.decision[1] > 2:
            break
    saved = restored(tmp_path)
    same_decision(saved, room)
    r = next(steps)  # the next action, its save cut short by SIGKILL mid-write
    text = store.snapshot(r)
    assert text is not None
    with store.path(CODE).open("a", encoding="utf-8") as f:
        f.write(text[: len(text) // 2])
    back = restored(tmp_path)  # the save before: never the broken line, never .bad
    same_decision(back, saved)
    assert not list(tmp_path.glob("*.bad"))
    again = RoomStore(tmp_path)  # the server's next run saves the restored room
    again.write(back.code, again.snapshot(back) or "")
    lines = again.path(CODE).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["hand_serial"] == back.hand_serial
    same_decision(restored(tmp_path), back)


def test_a_file_is_compacted_to_its_last_save_when_it_grows_and_when_the_server_stops(
        tmp_path):
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    largest, last = 0, ""
    for r in played(room, 300):
        last = store.snapshot(r) or ""
        store.write(r.code, last)
        largest = max(largest, store.path(CODE).stat().st_size)
    assert COMPACT_BYTES - len(last) - 1 < largest <= COMPACT_BYTES  # it grew, then was cut
    assert last_save(store.path(CODE)) == json.loads(last)
    store.compact()
    assert json.loads(store.path(CODE).read_text(encoding="utf-8")) == json.loads(last)
    assert store.failures == 0 and not list(tmp_path.glob(".*"))  # no temporary file left


def test_names_past_ascii_are_saved_in_utf8_their_bytes_counted_and_restored(tmp_path):
    """orjson writes "Zoë" as UTF-8, not as an escape: the store counts each
    save's bytes, not its characters, to tell whether it still fits in the
    file (appended) or replaces it (compacted), and the room comes back."""
    store = RoomStore(tmp_path)
    room = new_room(Clock(), names=("Zoë", "Łukasz"))
    path = store.path(CODE)
    appended = replaced = 0
    for r in played(room, 300):
        text = store.line(r)
        assert text is not None
        size = len((text + "\n").encode("utf-8"))
        before = path.stat().st_size if path.exists() else 0
        fits = store.appendable(CODE, text)
        store.write(CODE, text)
        after = path.stat().st_size
        assert after == (before + size if fits else size) <= COMPACT_BYTES
        appended, replaced = appended + fits, replaced + (not fits)
    assert appended > 100 and replaced >= 2  # (the first save, and a compaction at least)
    saved = path.read_bytes()
    assert "Zoë".encode() in saved or b"Zo\\u00eb" in saved  # (without orjson)
    back = restored(tmp_path)
    same_decision(back, room)
    assert [m.name for m in back.members] == ["Zoë", "Łukasz"]
    assert store.failures == 0
    # a save that fits by its characters but not by its bytes replaces the file
    text = fast_dumps({"chat": "Zoë " * 50})
    other = RoomStore(tmp_path / "other")
    other.write("314159", "x" * (COMPACT_BYTES - len(text) - 2))  # the first: the file's start
    assert other.appendable("314159", text) == text.isascii()
    other.write("314159", text)
    assert (other.path("314159").read_bytes() == (text + "\n").encode()) != text.isascii()


def test_a_file_written_whole_by_the_previous_version_is_restored(tmp_path):
    room = new_room(Clock())
    for _ in played(room, 8):
        pass
    (tmp_path / f"{CODE}.json").write_text(reference(room), encoding="utf-8")  # no newline
    same_decision(restored(tmp_path), room)


def test_the_moves_the_computer_made_for_someone_away_are_kept_with_the_room(tmp_path):
    """A person back after a restart hears the computer's moves for them as
    its own, as before it (the room's stand_ins survive the save)."""
    room = new_room(Clock())
    for r in played(room, 40):
        if r.session is not None and r.session.hand is not None and not r.session.hand.over:
            if not r.members[1].replaced:
                r.receive("b", Away())  # Ada steps away: the computer plays her seat
            elif r.stand_ins:
                break
    assert room.stand_ins and room.members[1].replaced
    store = RoomStore(tmp_path)
    store.save(room)
    back = restored(tmp_path)
    same_decision(back, room)
    assert all(back.session.hand.actions[k][0] == 1 for k in back.stand_ins)


def test_a_room_saved_several_times_in_one_batch_is_written_once(tmp_path):
    store = RoomStore(tmp_path / "rooms")
    server = GameServer(ServerConfig(data=tmp_path), store=store)
    room = new_room(Clock())
    texts = [store.snapshot(r) or "" for r in played(room, 3)]
    server._batch = [([(CODE, texts[0])], []), ([(CODE, texts[1])], []),
                     ([("654321", texts[0])], [])]
    server._write_batch()
    assert store.saves == 2
    assert store.path(CODE).read_text(encoding="utf-8") == texts[1] + "\n"
    # closed, and its code taken again by a new room: the old file goes first
    server._batch = [([(CODE, texts[0])], []), ([], [CODE]), ([(CODE, texts[2])], [])]
    server._write_batch()
    assert store.path(CODE).read_text(encoding="utf-8") == texts[2] + "\n"
    server._batch = [([(CODE, texts[0])], []), ([], [CODE])]
    server._write_batch()
    assert not store.path(CODE).exists()


def test_appends_are_written_at_once_and_a_room_waiting_for_the_writer_follows_it(tmp_path):
    store = RoomStore(tmp_path / "rooms")
    server = GameServer(ServerConfig(data=tmp_path), store=store)
    room = new_room(Clock())
    server.lobby.add(room)
    steps = played(room, 40)

    async def saves() -> list[bool]:
        server._loop = asyncio.get_running_loop()
        gates = []
        for _ in range(4):
            next(steps)
            server.lobby.changed.add(CODE)
            gates.append(server._save())
            if len(gates) == 2 and gates[1] is not None:
                await gates[1]  # (the first is not awaited: the second follows it)
        return [gate is not None for gate in gates]

    try:
        waited = asyncio.run(saves())
    finally:
        server._writer.shutdown(wait=True)
    # the first save replaces the file (the writer's), the second, made while the
    # writer had the room, follows it there; later ones are appended at once
    assert waited == [True, True, False, False]
    lines = store.path(CODE).read_text(encoding="utf-8").splitlines()
    # (4 lines, or 3 when the writer took the first two saves in one batch: the last alone)
    # (the later ones are deltas, the hand's actions since: the file reads as the room)
    assert len(lines) in (3, 4) and last_save(store.path(CODE)) == json.loads(reference(room))
    same_decision(restored(tmp_path / "rooms"), room)
