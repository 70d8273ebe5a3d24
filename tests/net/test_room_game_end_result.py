"""A game's result (``Table.result``) goes to the people who were in the
room when it ended, each at the seat they held then (a watcher as a
watcher), and to nobody else: a newcomer given a seat after the end -- a
computer's, or one a person of that game held -- never gets it, or their
window says that seat's result as theirs ("You win the game!").  The room
core, fed message by message (no sockets)."""

from __future__ import annotations

import random
from dataclasses import replace

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import EndCondition, shipped_variant
from holdem_desktop.net.protocol import Leave, NewGame, NextHand, Table
from holdem_desktop.net.room import GRACE, Room
from tests.clock import Clock
from tests.net.conftest import CORE_CODE as CODE

from .test_room import act, join, last_table

ONE_HAND = replace(shipped_variant("tournament"), end=EndCondition(hands=1))
"""The game ends after its first hand (chips rank the players)."""


def ended_room() -> Room:
    """Mara (the host) and Ada play a game of one hand beside a computer;
    Wes came during it, and watches.  The game is over."""
    clock = Clock()
    room = Room(ONE_HAND, CODE, size=3, game_version="1", rng=random.Random(7), clock=clock)
    room.test_clock = clock  # type: ignore[attr-defined]
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    room.receive("h", NewGame())
    room.receive("h", NextHand())
    room.receive("a", NextHand())
    assert to_seat(join(room, "w", "Wes"), "w").seat is None  # (a watcher: the game runs)
    s = room.session
    assert s is not None
    for _move in range(10):
        if s.game_over:
            break
        act(room, {0: "h", 1: "a"}[s.waiting_for], ActionKind.FOLD)
    assert s.game_over and s.result is not None and s.result.reason == "hands"
    room.take()
    return room


def to_seat(out, conn):
    return next(m for c, m in out if c == conn and not isinstance(m, Table))


def test_the_players_and_the_watcher_of_the_game_get_its_result():
    room = ended_room()
    room._broadcast_table()  # (everyone's table again)
    out = room.take()
    for conn in ("h", "a", "w"):
        assert last_table(out, conn).result == "hands", conn


def test_a_newcomer_in_a_computers_seat_does_not_get_the_result_as_theirs():
    room = ended_room()
    out = join(room, "z", "Zoe")
    assert to_seat(out, "z").seat == 2  # the computer's seat, placed in the game
    table = last_table(out, "z")
    assert table.game_over and table.places[2] is not None
    assert table.result is None
    assert last_table(out, "h").result == "hands"  # (the players keep theirs)


def test_a_newcomer_in_a_seat_a_person_held_does_not_get_its_result():
    room = ended_room()
    mara = room.members[0]
    room.receive("a", Leave())  # Ada goes; her seat is free once the grace is over
    room.take()
    room.test_clock.now += GRACE + 1  # type: ignore[attr-defined]
    room.tick()
    room.take()
    out = join(room, "z", "Zoe")
    assert to_seat(out, "z").seat == 1  # Ada's seat, who won the game
    assert room.session is not None and room.session.result is not None
    assert dict(room.session.result.places)[1] == 1
    assert last_table(out, "z").result is None
    assert last_table(out, "h").result == "hands"
    # Ada back with her token: another seat now (Zoe holds hers): not her result there
    ada = next(m for m in room.members if m.name == "Ada")
    out = join(room, "a2", "Ada", token=ada.token)
    assert ada.seat not in (None, 1) and last_table(out, "a2").result is None
    assert mara.seat == 0 and last_table(out, "h").result == "hands"


def test_a_watcher_given_a_seat_after_the_end_does_not_get_that_seats_result():
    room = ended_room()
    wes = next(m for m in room.members if m.name == "Wes")
    room.receive("w", Leave())
    room.take()
    out = join(room, "w2", "Wes", token=wes.token)  # back with his token: a free seat now
    assert wes.seat == 2
    assert last_table(out, "w2").result is None


def test_the_tables_name_who_played_a_seat_given_to_another_after_the_end():
    room = ended_room()
    room._broadcast_table()
    assert last_table(room.take(), "h").played == ()  # (every seat its player's: not sent)
    room.receive("a", Leave())  # Ada, who won, goes; Zoe is given her seat
    room.take()
    room.test_clock.now += GRACE + 1  # type: ignore[attr-defined]
    room.tick()
    room.take()
    out = join(room, "z", "Zoe")
    for conn in ("h", "z", "w"):
        table = last_table(out, conn)
        assert table.names[1] == "Zoe" and table.played[:2] == ("Mara", "Ada"), conn
    room.receive("h", NewGame())  # the next game: Zoe plays the seat, and is named so
    assert last_table(room.take(), "h").played == ()
