"""Within a hand a room's save is a delta of the hand's actions and the
clocks; any other change of the room -- a member coming, leaving, away or
back, a seat played by someone else, a mute, a ban, a sit-out, the chips,
the seats' places, a setting -- is written at once, in a delta that carries
the changed keys of the room's own part or the game's (``RoomStore.line``
tells them without building the room's whole data), or whole when who
plays a seat changed: the file reads as the room after every line and a
killed server comes back with it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from holdem_desktop import __version__
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.net.protocol import (
    Away,
    Back,
    Hello,
    Leave,
    LetBack,
    MuteMember,
    NextHand,
    PlayFor,
    Remove,
)
from holdem_desktop.net.room import Ban, Member, Room
from holdem_desktop.server import deltas
from holdem_desktop.server.store import RoomStore, last_save
from tests.clock import Clock
from tests.net.test_public_room import public
from tests.net.test_room import act, join
from tests.net.test_sit_out import member
from tests.server.test_store import CODE, new_room, played, reference, same_decision


def loaded(folder: Path) -> Room:
    rooms = list(RoomStore(folder).load_all(Clock(), __version__))
    assert len(rooms) == 1 and rooms[0][0] is not None, rooms
    return rooms[0][0]


def in_hand(room: Room) -> bool:
    s = room.session
    return s is not None and s.hand is not None and not s.hand.over


def saved(store: RoomStore, room: Room) -> str:
    """The room's next line, written; the file then reads as exactly the room.
    The line's kind: ``whole``, ``delta`` (actions and clocks), or
    ``change`` (a delta carrying changed keys of the room's or game's part)."""
    text = store.line(room)
    assert text is not None
    store.write(room.code, text)
    assert last_save(store.path(room.code)) == json.loads(reference(room))
    if not deltas.is_delta(text):
        return "whole"
    line = json.loads(text)
    return "change" if "room" in line or "game" in line else "delta"


def mid_hand(store: RoomStore, room: Room, steps: int = 400) -> None:
    """Play on (each step saved) until the room's last line is a delta in a
    hand still going on."""
    for r in played(room, steps):
        if saved(store, r) == "delta" and in_hand(r):
            return
    raise AssertionError("no delta within a hand")


MESSAGES: list[tuple[str, str, object]] = [
    ("Cleo comes in and listens", "c", Hello("Cleo", CODE, __version__)),
    ("the host mutes Ada", "a", MuteMember("Ada")),
    ("Ada steps away: a computer plays her seat", "b", Away()),
    ("Ada is back", "b", Back()),
    ("the host has the computer play Ada's seat", "a", PlayFor(1)),
    ("Ada is back again", "b", Back()),
    ("the host removes Cleo", "a", Remove("Cleo")),
    ("the host lets Cleo back", "a", LetBack("Cleo")),
    ("Ada leaves the room", "b", Leave()),
]


def test_each_change_of_who_is_here_or_who_plays_mid_hand_is_written_at_once(tmp_path):
    """Each message that changes the room but not (only) the hand, sent mid-hand:
    its line carries the change, the file reads as the room after it, and a
    server killed just then comes back with it at the same decision."""
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    room.connect("c", "127.0.0.3")
    for what, conn, message in MESSAGES:
        mid_hand(store, room)
        before = json.loads(reference(room))
        room.receive(conn, message)
        room.take()
        after = json.loads(reference(room))
        assert after["members"] != before["members"] or after["chat"] != before["chat"] \
            or after["bans"] != before["bans"], what
        assert saved(store, room) in ("whole", "change"), what
        back = loaded(tmp_path)
        same_decision(back, room)
        assert [(m.name, m.seat, m.left, m.replaced) for m in back.members] == \
            [(m.name, m.seat, m.left, m.replaced) for m in room.members], what
    assert store.failures == 0


def test_a_sit_out_mid_hand_is_written_at_once_and_kept_after_a_restart(tmp_path):
    """A public table's clock runs out twice in a row on Ann, mid-hand: the
    count of timeouts and then the sit-out (her seat checks or folds) are
    each written at once, never as a mere delta of the clock's moves."""
    store = RoomStore(tmp_path)
    room = public()
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    room.receive("a", NextHand())
    kinds: list[str] = []
    for _ in range(200):
        s = room.session
        assert s is not None
        if member(room, "Ann").sat_out is not None:
            break
        if not in_hand(room):
            for conn in ("a", "b"):
                room.receive(conn, NextHand())
        elif s.waiting_for == member(room, "Ann").seat:  # her time runs out
            timeouts = member(room, "Ann").timeouts
            room.test_clock.now += room._time_left(s.waiting_for) + 0.1  # type: ignore
            room.tick()
            assert member(room, "Ann").timeouts == timeouts + 1
            kinds.append(saved(store, room))
            assert kinds[-1] in ("whole", "change")
        else:
            kinds.append(saved(store, room))
            kinds_ = {a.kind for a in s.view(s.waiting_for).legal_actions}
            act(room, "b", ActionKind.CHECK if ActionKind.CHECK in kinds_ else ActionKind.CALL)
        room.take()
        kinds.append(saved(store, room))
    ann = member(room, "Ann")
    assert ann.sat_out is not None and "delta" in kinds
    back = loaded(tmp_path)
    same_decision(back, room)
    assert member(back, "Ann").sat_out == ann.sat_out and member(back, "Ann").timeouts \
        == ann.timeouts


def _member(room: Room) -> Member:
    return room.members[1]


def _seat(room: Room):
    assert room.session is not None
    return room.session.seats[2]


CHANGES: dict[str, Callable[[Room], None]] = {
    # the room's own part
    "strength": lambda r: setattr(r, "strength", "hard"),
    "public": lambda r: setattr(r, "public", True),
    "speed": lambda r: setattr(r, "speed", "fast"),
    "banks": lambda r: r.banks.__setitem__(1, 12.5),
    "hand_serial": lambda r: setattr(r, "hand_serial", r.hand_serial + 1),
    "ready": lambda r: r.ready.add(4),
    "host": lambda r: setattr(r, "host", r.members[1]),
    "games": lambda r: setattr(r, "games", r.games + 1),
    "people_seats": lambda r: r._people_seats.add(5),
    "stand_ins": lambda r: r.stand_ins.append(0),
    "blinds_up": lambda r: setattr(r, "blinds_up", not r.blinds_up),
    "bans": lambda r: r.bans.append(Ban("Zed", "zed", "t" * 32, "127.0.0.9")),
    "chat mute": lambda r: setattr(r.chat.guard(_member(r).key), "by_host", True),
    "chat flood": lambda r: setattr(r.chat.guard(_member(r).key), "mutes", 1),
    "a member more": lambda r: r.members.append(Member("Dee", "d" * 32, "dee")),
    # each field of a member
    "name": lambda r: setattr(_member(r), "name", "Adah"),
    "token": lambda r: setattr(_member(r), "token", "x" * 32),
    "key": lambda r: setattr(_member(r), "key", "adah"),
    "seat": lambda r: setattr(_member(r), "seat", None),
    "left": lambda r: setattr(_member(r), "left", True),
    "replaced": lambda r: setattr(_member(r), "replaced", True),
    "address": lambda r: setattr(_member(r), "address", "127.0.0.2"),
    "since": lambda r: setattr(_member(r), "since", _member(r).since + 1),
    "watching": lambda r: setattr(_member(r), "watching", True),
    "timeouts": lambda r: setattr(_member(r), "timeouts", 1),
    "sat_out": lambda r: setattr(_member(r), "sat_out", r.hand_serial),
    # the game's part
    "seat's name": lambda r: setattr(_seat(r), "name", "Bot"),
    "seat's chips": lambda r: setattr(_seat(r), "chips", _seat(r).chips + 1),
    "seat's place": lambda r: setattr(_seat(r), "place", 6),
    "seat's controller": lambda r: setattr(_seat(r), "controller",
                                           create_player("hard", random.Random(1))),
    "button": lambda r: setattr(r.session, "button", (r.session.button + 1) % 6),
    "level": lambda r: setattr(r.session, "level", r.session.level + 1),
    "hands_played": lambda r: setattr(r.session, "hands_played", r.session.hands_played + 1),
    "game": lambda r: setattr(r.session, "game", r.session.game + 1),
    "hand_counted": lambda r: setattr(r.session, "_hand_counted", r.session.hand),
}


WHOLE = {"seat's controller", "strength", "seat", "replaced"}
"""Who plays a seat (a person, or a computer of the room's strength): the
save holds the seats' plans in its whole lines only."""


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_any_change_but_the_actions_mid_hand_is_written_at_once(tmp_path, change):
    """Whatever part of the room's save changes within a hand (made here by
    hand, as any code of the room may), the next line carries it: a delta
    with the changed keys (the file then reads as exactly the room, and a
    server killed then comes back with it), or the room whole when who
    plays a seat changed."""
    store = RoomStore(tmp_path)
    room = new_room(Clock())
    mid_hand(store, room)
    CHANGES[change](room)
    assert saved(store, room) == ("whole" if change in WHOLE else "change")
    assert saved(store, room) == "delta"  # (and the next, nothing else changed, a delta)
    same_decision(loaded(tmp_path), room)
    assert store.failures == 0
