"""A public table's rules, fed message by message on a clock of the test's
own (no sockets): no host, a game as soon as a person comes, newcomers in
computers' seats between hands, watchers never seated; and its turn clock:
a warning once near the end, the game checking or folding for the player
when time runs out (told to everyone), the bank spent past the base time
and refilled each hand, a reconnection giving no time back, a player who
never presses Next hand not holding the table; a private room has no clock."""

from __future__ import annotations

import random

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.protocol import Hello, NewGame, News, NextHand, Table, Welcome
from holdem_desktop.net.public_table import SPEED_TIMES, WARNING
from holdem_desktop.net.room import Room
from tests.clock import Clock
from tests.net.conftest import CORE_CODE as CODE

from .test_room import act, join, last_table, to

NORMAL = SPEED_TIMES["normal"]


def public(speed: str = "normal") -> Room:
    clock = Clock()
    room = Room(shipped_variant("session"), CODE, size=3, game_version="1",
                rng=random.Random(7), clock=clock, public=True, speed=speed)
    room.test_clock = clock  # type: ignore[attr-defined]
    return room


def news(out, conn: str) -> list[News]:
    return [m for m in to(out, conn) if isinstance(m, News)]


def to_act(room: Room, seat: int, limit: int = 40) -> None:
    """Deal and play (the others check or call) until ``seat`` must act."""
    for _ in range(limit):
        s = room.session
        assert s is not None
        if s.hand is not None and not s.hand.over and s.waiting_for == seat:
            room.take()
            return
        if s.hand is None or s.hand.over:
            for m in room.members:
                if m.conn is not None and m.seat is not None:
                    room.receive(m.conn, NextHand())
            continue
        other = next(m for m in room.members if m.seat == s.waiting_for)
        assert other.conn is not None
        kinds = {a.kind for a in s.view(other.seat).legal_actions}
        act(room, other.conn, ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.CALL)
    raise AssertionError("the seat never had to act")


def test_a_public_table_has_no_host_starts_at_once_and_seats_newcomers_between_hands():
    room = public()
    out = join(room, "a", "Ann")
    assert room.host is None and room.running  # the game started with her
    welcome = to(out, "a")[0]
    assert isinstance(welcome, Welcome) and welcome.public and welcome.seat == 0
    assert last_table(out, "a").kinds == ("human", "computer", "computer")
    room.receive("a", NextHand())
    s = room.session
    assert s is not None and s.hand is not None and not s.hand.over
    room.take()
    out = join(room, "b", "Bo")  # during a hand: no seat yet
    assert isinstance(to(out, "b")[0], Welcome) and to(out, "b")[0].seat is None
    room.connect("w", "127.0.0.9")
    room.watch_only.add("w")
    room.receive("w", Hello("Wes", CODE, "1"))
    room.take()
    while not s.hand.over:  # Ann folds, the computers finish the hand
        if s.waiting_for == 0:
            act(room, "a", ActionKind.FOLD)
        room.tick()
    room.tick()  # between hands: Bo takes a computer's seat, with its chips
    out = room.take()
    bo = next(m for m in room.members if m.name == "Bo")
    assert bo.seat in (1, 2) and s.seats[bo.seat].name == "Bo"
    assert Welcome in {type(m) for m in to(out, "b")}
    assert last_table(out, "a").kinds[bo.seat] == "human"
    assert next(m for m in room.members if m.name == "Wes").seat is None  # watchers never
    # no host: anyone seated may start the next game, a watcher may not
    room.receive("w", NewGame())
    assert [m.reason for m in to(room.take(), "w") if hasattr(m, "reason")] == ["not_host"]


def test_time_runs_out_the_game_checks_or_folds_and_everyone_is_told():
    room = public()
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    room.receive("a", NextHand())
    to_act(room, 0)
    clock = room.test_clock  # type: ignore[attr-defined]
    bank = NORMAL.bank + NORMAL.refill  # the first hand's refill too
    assert room.banks[0] == bank
    table = last_table([("a", room._table(room.members[0]))], "a")
    assert table.clock == int(NORMAL.base + bank) and table.bank == int(bank)
    clock.now += NORMAL.base + 0.5  # the base time spent: her time bank runs, she hears
    room.tick()
    out = room.take()
    assert news(out, "a") == [News("time_bank", ("Ann",))]  # to her alone, once
    assert not news(out, "b")
    room.tick()
    assert not news(room.take(), "a")
    clock.now += bank - WARNING
    room.tick()
    out = room.take()
    assert news(out, "a") == [News("clock_warning", ("Ann",))]  # to her alone
    assert not news(out, "b")
    room.tick()
    assert not news(room.take(), "a")  # once a decision
    # she drops and comes back with her token: no time given back
    token = room.members[0].token
    room.disconnect("a")
    room.take()
    join(room, "a2", "Ann", token=token)
    decision = room.decision
    clock.now += WARNING
    room.tick()
    out = room.take()
    s = room.session
    assert s is not None
    said = {n.what for n in news(out, "b")}
    assert said & {"timed_out_check", "timed_out_fold"}, out
    assert [n.names for n in news(out, "a2") if n.what.startswith("timed_out")] == [("Ann",)]
    assert room.banks[0] == 0.0
    assert room.decision != decision  # her decision was made for her: the hand went on


def test_the_bank_pays_past_the_base_and_refills_each_hand_up_to_its_cap():
    room = public()
    join(room, "a", "Ann")
    room.receive("a", NextHand())
    to_act(room, 0)
    clock = room.test_clock  # type: ignore[attr-defined]
    bank = room.banks[0]
    clock.now += NORMAL.base + 20
    act(room, "a", ActionKind.FOLD)
    assert room.banks[0] == bank - 20
    s = room.session
    assert s is not None
    while s.hand is not None and not s.hand.over:
        room.tick()
    room.receive("a", NextHand())
    assert room.banks[0] == bank - 20 + NORMAL.refill
    for _ in range(40):  # many hands: never past the cap
        room._refill_clock()
    assert room.banks[0] == NORMAL.cap


def test_nobody_holds_a_public_table_between_hands_and_a_private_room_has_no_clock():
    room = public()
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    room.receive("a", NextHand())  # Bo never presses Next hand
    s = room.session
    assert s is not None and s.hand is None
    room.test_clock.now += NORMAL.base  # type: ignore[attr-defined]
    room.tick()
    assert s.hand is not None  # dealt all the same: Bo's own clock runs now
    private = Room(shipped_variant("session"), CODE, size=3, game_version="1",
                   rng=random.Random(7), clock=Clock())
    join(private, "h", "Mara")
    private.receive("h", NewGame())
    private.receive("h", NextHand())
    table = last_table(private.take(), "h")
    assert isinstance(table, Table) and table.clock is None and table.bank is None
    assert private.timed is None
