"""A room the server's lobby leaves alone at its ticks (``Room.quiet``,
issue 38): whenever it says it is quiet, a tick -- however late -- changes
nothing in it and sends nothing; and the lobby still ticks every room that
is not (a person gone is played for after the absence, as before)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.protocol import (
    Act,
    Away,
    Back,
    Chat,
    Create,
    Hello,
    Leave,
    NewGame,
    NextHand,
    StartWithout,
    Welcome,
)
from holdem_desktop.net.room import ABSENCE, FORGET, Room
from holdem_desktop.server.lobby import Lobby
from tests.clock import Clock
from tests.net.conftest import CORE_CODE

NAMES = {"h": "Mara", "a": "Ada", "p": "Pia"}
LATE = (0.5, 7.0, 61.0, ABSENCE + 1, FORGET + 1, 7200.0)
"""How long after the last tick the quiet room is ticked again, in turn."""


def _fingerprint(room: Room) -> tuple[Any, ...]:
    """Everything a tick could change in ``room``."""
    s = room.session
    hand = s.hand if s is not None else None
    return (
        tuple((m.name, m.seat, m.conn, m.gone_since, m.left, m.replaced, len(m.pending),
               tuple(m.news.held), m.news.waiting, m.timeouts, m.sat_out)
              for m in room.members),
        tuple(sorted(room.ready)), room._last_waiting, room._all_away_told, room._wait_told,
        room.hand_serial, room.decision, room.turn_since, room.barrier_since, len(room._wrong),
        s is not None and s.game_over, id(hand), len(hand.actions) if hand is not None else 0,
        tuple(type(seat.controller).__name__ for seat in s.seats) if s is not None else (),
        len(room.outbox),
    )


class _Life:
    """Three people living a room at random: acting, pressing Next hand,
    stepping away and back, losing the connection and coming back with
    their token, leaving (and coming back), chatting; a stranger with the
    wrong code; the
    host starting without those awaited; the clock moving on a little or a
    lot, and the room ticked as the lobby ticks it."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        variant = shipped_variant(self.rng.choice(["tournament", "fixed_limit", "pot_limit"]))
        self.clock = Clock()
        self.room = Room(variant, CORE_CODE, size=4, game_version="1",
                         rng=random.Random(seed), clock=self.clock)
        self.conns: dict[str, str] = {}
        """Each person's connection now (absent: gone)."""
        self.tokens: dict[str, str] = {}
        self.serial = 0
        for who in ("h", "a", "p"):
            self.come(who)
        self.room.receive(self.conns["h"], NewGame())
        self.room.take()

    def come(self, who: str) -> None:
        self.serial += 1
        conn = f"{who}{self.serial}"
        self.room.connect(conn, "127.0.0.2")
        self.room.receive(conn, Hello(NAMES[who], CORE_CODE, "1", self.tokens.get(who)))
        for to, message in self.room.outbox:
            if to == conn and isinstance(message, Welcome):
                self.tokens[who] = message.token
                self.conns[who] = conn

    def step(self) -> None:
        room, rng = self.room, self.rng
        s = room.session
        assert s is not None
        here = [w for w in NAMES if w in self.conns]
        roll = rng.random()
        seat_of = {m.seat: m for m in room.members if m.seat is not None}
        turn = seat_of.get(s.waiting_for) if s.waiting_for is not None else None
        turn_conn = turn.conn if turn is not None else None
        if s.game_over and "h" in self.conns and roll < 0.5:
            room.receive(self.conns["h"], NewGame())
        elif turn_conn is not None and roll < 0.6:
            legal = s.view(s.waiting_for).legal_actions
            action = rng.choice(legal)
            amount = 0 if action.kind in (ActionKind.CHECK, ActionKind.FOLD) else rng.choice(
                (action.min_amount, action.max_amount))
            room.receive(turn_conn, Act(action.kind, amount, *room.decision))
        elif (s.hand is None or s.hand.over) and here and roll < 0.6:
            room.receive(self.conns[rng.choice(here)], NextHand())
        elif roll < 0.65 and here:
            room.receive(self.conns[rng.choice(here)], Away() if rng.random() < 0.5 else Back())
        elif roll < 0.66 and here:
            who = rng.choice(here)
            room.disconnect(self.conns.pop(who))
        elif roll < 0.76 and len(here) < 3:
            self.come(rng.choice([w for w in NAMES if w not in self.conns]))
        elif roll < 0.762 and here:
            who = rng.choice(here)
            room.receive(self.conns[who], Leave())
            room.disconnect(self.conns.pop(who))
        elif roll < 0.78 and here:
            room.receive(self.conns[rng.choice(here)], Chat(text="nice hand"))
        elif roll < 0.785:
            self.serial += 1
            room.connect(f"x{self.serial}", f"127.0.2.{rng.randrange(1, 4)}")
            room.receive(f"x{self.serial}", Hello("Eve", "000000", "1", None))
        elif roll < 0.80 and "h" in self.conns:
            room.receive(self.conns["h"], StartWithout())
        else:
            self.clock.now += rng.choice((0.3, 2.0, 20.0, ABSENCE + 1, FORGET + 1))
            if not room.quiet():
                room.tick()
        room.take()


def test_a_quiet_room_is_left_as_it_is_by_a_tick_however_late() -> None:
    quiet = busy = 0
    for seed in range(16):
        life = _Life(seed)
        room = life.room
        for _ in range(500):
            life.step()
            if not room.quiet():
                busy += 1
                continue
            quiet += 1
            before = _fingerprint(room)
            now = life.clock.now
            for late in LATE:
                life.clock.now = now + late
                room.tick()
                assert room.take() == [], (seed, late)
                assert _fingerprint(room) == before, (seed, late)
            life.clock.now = now
    # (both kinds of moment were met, often: the property is not empty)
    assert quiet >= 1500 and busy >= 1500, (quiet, busy)


def test_a_tick_can_change_a_room_that_is_not_quiet() -> None:
    """Each thing that makes a room not quiet is something a late tick
    acts on: a gone person played for, a list of those awaited not yet
    told, a wrong code's address to forget."""
    life = _Life(1)
    room = life.room
    s = room.session
    assert s is not None and s.hand is None
    room.receive(life.conns["h"], NextHand())
    room.take()
    assert room.quiet()  # at the barrier, those awaited told
    for who in "ap":
        room.receive(life.conns[who], NextHand())
    room.take()
    assert s.hand is not None and not s.hand.over
    assert room.quiet()  # everyone here, the hand waiting on a person
    waiting = next(m for m in room.members if m.seat == s.waiting_for)
    room.disconnect(waiting.conn or "")
    room.take()
    assert not room.quiet()
    life.clock.now += ABSENCE + 1
    room.tick()
    assert waiting.replaced  # the computer plays for them, as before

    wrong = Room(shipped_variant("tournament"), CORE_CODE, size=2, game_version="1",
                 clock=life.clock)
    wrong.connect("x", "127.0.2.9")
    wrong.receive("x", Hello("Eve", "000000", "1", None))
    wrong.take()
    assert len(wrong._wrong) == 1 and not wrong.quiet()
    life.clock.now += 3600
    wrong.tick()
    assert len(wrong._wrong) == 0 and wrong.quiet()


def test_the_lobby_ticks_only_the_rooms_that_are_not_quiet(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    clock = Clock()
    lobby = Lobby(__version__, clock=clock)
    ticked: list[str] = []
    real = Room.tick

    def counted(room: Room) -> None:
        ticked.append(room.code)
        real(room)

    monkeypatch.setattr(Room, "tick", counted)
    lobby.connect("c1", "127.0.0.1")
    lobby.receive("c1", Create("Mara", __version__, "tournament", 2, "easy"))
    out = lobby.take()
    code = next(m.code for c, m in out if isinstance(m, Welcome))
    room = lobby.rooms[code]
    lobby.receive("c1", NewGame())
    s = room.session
    assert s is not None
    mara = room.members[0]
    for _ in range(20):  # (until a hand waits on Mara: a computer may fold first)
        if s.hand is not None and not s.hand.over and s.waiting_for == mara.seat:
            break
        lobby.receive("c1", NextHand())
    lobby.take()
    assert s.hand is not None and s.waiting_for == mara.seat and room.quiet()
    lobby.tick()
    assert ticked == []  # nothing its tick would do
    lobby.disconnect("c1")
    lobby.take()
    assert not room.quiet()
    clock.now += ABSENCE + 1
    lobby.tick()
    assert ticked == [code]
    assert mara.replaced  # played for, at the tick, as before
