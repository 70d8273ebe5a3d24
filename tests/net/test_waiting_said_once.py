"""Each change of who the next hand waits for is said once (a by-ear
sweep heard "You are back: you play your seat again. Waiting for Ann and
Bo. Waiting for Ann and Bo. Waiting for Bo."), in the room core on a clock
of the test's own: Zed, sat out, presses Next hand (Back, then Next hand)
and hears who is awaited; Ann steps away and back at once, while Zed's
news gate is spent (his timeout, his sitting out, his return, her Away):
the list held for him is the one he last heard, and it is not said again.
A second press of his still asks, and is answered."""

from __future__ import annotations

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.net.chat import NewsGate
from holdem_desktop.net.protocol import Away, Back, News, NextHand, Waiting

from .test_public_room import public
from .test_room import act, join
from .test_sit_out import member, run_out


def said_to(out, conn: str) -> list:
    """What ``conn``'s window says: news and the lists said (not the silent ones)."""
    return [m for c, m in out if c == conn
            and (isinstance(m, News) or (isinstance(m, Waiting) and m.say))]


def test_back_by_next_hand_then_a_list_that_changed_and_came_back_is_said_once():
    room = public()
    join(room, "z", "Zed")
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    zed = member(room, "Zed")
    assert zed.seat == 0
    run_out(room, 0)
    run_out(room, 0)  # the second in a row: he sits out
    assert zed.sat_out is not None and zed.replaced
    s = room.session
    assert s is not None
    while s.hand is not None and not s.hand.over:  # Ann and Bo play the hand out
        other = next(m for m in room.members if m.seat == s.waiting_for)
        assert other.conn is not None
        kinds = {a.kind for a in s.view(other.seat).legal_actions}
        act(room, other.conn, ActionKind.CHECK if ActionKind.CHECK in kinds
            else ActionKind.CALL)
    room.take()
    heard: list = []
    room.receive("z", Back())  # Next hand while sat out: back, and ready
    room.receive("z", NextHand())
    heard += said_to(room.take(), "z")
    assert heard == [News("back", ("Zed",)), Waiting((1, 2))], heard
    room.receive("a", Away())  # Ann away and back at once: Bo alone awaited, then both
    room.receive("a", Back())
    clock = room.test_clock  # type: ignore[attr-defined]
    for _ in range(8):  # the server's ticks, half a second apart (the gate refills)
        clock.now += 0.5
        room.tick()
        heard += said_to(room.take(), "z")
    lists = [m.seats for m in heard if isinstance(m, Waiting)]
    assert lists == [(1, 2)], heard  # nothing changed for him: said once
    room.receive("a", NextHand())  # Ann is ready: a change, said
    clock.now += 0.5
    room.tick()
    heard += said_to(room.take(), "z")
    lists = [m.seats for m in heard if isinstance(m, Waiting)]
    assert lists == [(1, 2), (2,)], heard
    room.receive("z", NextHand())  # his second press asks again: answered, at once
    assert said_to(room.take(), "z") == [Waiting((2,))]


def test_the_gate_never_says_again_the_list_it_said_last():
    gate = NewsGate()
    gate.said_waiting(Waiting((1, 2)))  # the presser's answer, sent at once
    for _ in range(4):
        assert gate.offer(News("away", ("Eve",)), 0.0)  # the bucket is spent
    assert gate.offer_waiting(Waiting((2,)), 0.0) == []  # held...
    assert gate.offer_waiting(Waiting((1, 2)), 0.0) == []  # ...and back as it was
    assert gate.waiting is None  # nothing to say: the list is the one said last
    assert gate.release(9.0) == []
    assert gate.offer_waiting(Waiting((2,)), 9.0) == [Waiting((2,))]  # a change: said
    gate.forget_waiting()  # a hand was dealt: the next wait is told anew
    assert gate.offer_waiting(Waiting((2,)), 9.0) == [Waiting((2,))]
