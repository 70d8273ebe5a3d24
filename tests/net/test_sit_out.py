"""Sitting out after repeated timeouts, in the room core on a clock of the
test's own (no sockets): two timeouts in a row sit a person out (told to
them and the table), their seat then checks or folds at once without the
clock, any decision of their own starts the count again, dropping the
connection and coming back keeps both the count and the sit-out, Back
brings them back; after K hands sat out (or when only people sat out are
left to deal for) the seat goes to a computer and a newcomer takes it; a
restart (the server's save) keeps the sit-out and the count."""

from __future__ import annotations

import json

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import ActionTaken
from holdem_desktop.net.protocol import Back, Bye, News, NextHand
from holdem_desktop.net.room import Room
from holdem_desktop.net.sit_out import SIT_OUT_AFTER, CheckFold, SitOutRule
from holdem_desktop.server.store import room_data, room_from_data

from .test_public_room import NORMAL, news, public, to_act
from .test_room import act, join, last_table, to


def run_out(room: Room, seat: int) -> list:
    """Deal on until ``seat`` must act, then let its whole time run out."""
    to_act(room, seat)
    room.test_clock.now += room._time_left(seat) + 0.1  # type: ignore[attr-defined]
    room.tick()
    return room.take()


def member(room: Room, name: str):
    return next(m for m in room.members if m.name == name)


def play_on(room: Room, hands: int) -> None:
    """Those not sat out check or call until ``hands`` more hands are dealt."""
    target = room.hand_serial + hands
    for _ in range(hands * 40):
        s = room.session
        assert s is not None
        if room.hand_serial >= target and s.hand is not None and s.hand.over:
            return
        if s.hand is None or s.hand.over:
            for m in room.members:
                if m.conn is not None and m.seat is not None and not m.replaced:
                    room.receive(m.conn, NextHand())
            continue
        other = next(m for m in room.members if m.seat == s.waiting_for)
        assert other.conn is not None and other.sat_out is None
        kinds = {a.kind for a in s.view(other.seat).legal_actions}
        act(room, other.conn, ActionKind.CHECK if ActionKind.CHECK in kinds
            else ActionKind.CALL)
    raise AssertionError("the hands were never played")


def test_two_timeouts_in_a_row_sit_out_and_the_seat_checks_or_folds_at_once():
    assert SIT_OUT_AFTER == 2
    room = public()
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    room.receive("a", NextHand())
    out = run_out(room, 0)
    assert member(room, "Ann").timeouts == 1 and member(room, "Ann").sat_out is None
    assert not [n for n in news(out, "b") if n.what == "sat_out"]
    to_act(room, 0)  # her own decision: the count starts again
    act(room, "a", ActionKind.FOLD)
    assert member(room, "Ann").timeouts == 0
    run_out(room, 0)
    out = run_out(room, 0)  # the second in a row
    ann = member(room, "Ann")
    assert ann.sat_out is not None and ann.replaced
    assert News("sat_out", ("Ann",)) in news(out, "a")
    assert News("sat_out", ("Ann",)) in news(out, "b")
    assert last_table(out, "b").kinds[0] == "computer"  # the Room zone offers Back
    # her seat never waits: hands go on, and it only checks or folds
    s = room.session
    assert s is not None and isinstance(s.seats[0].controller, CheckFold)
    moves: list[ActionKind] = []
    s.subscribe(lambda e: moves.append(e.kind) if isinstance(e, ActionTaken)
                and e.seat == 0 else None)
    play_on(room, 3)
    assert moves and set(moves) <= {ActionKind.CHECK, ActionKind.FOLD}, moves
    assert room._time_left(0) > 0 and room._clocked_seat() != 0
    # Back: she plays her seat again
    room.receive("a", Back())
    out = room.take()
    assert ann.sat_out is None and not ann.replaced and ann.timeouts == 0
    assert News("back", ("Ann",)) in news(out, "b")


def test_dropping_the_connection_neither_resets_the_count_nor_ends_the_sit_out():
    room = public()
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    room.receive("a", NextHand())
    run_out(room, 0)
    token = member(room, "Ann").token
    room.disconnect("a")  # she drops and comes back with her token
    join(room, "a2", "Ann", token=token)
    assert member(room, "Ann").timeouts == 1
    out = run_out(room, 0)
    ann = member(room, "Ann")
    assert ann.sat_out is not None, news(out, "b")  # the second timeout in a row
    room.disconnect("a2")  # and again: still sat out, however often she returns
    out = join(room, "a3", "Ann", token=token)
    assert ann.sat_out is not None and ann.replaced and ann.conn == "a3"
    assert last_table(out, "a3").kinds[0] == "computer"
    s = room.session
    assert s is not None and isinstance(s.seats[0].controller, CheckFold)


def test_after_k_hands_sat_out_the_seat_goes_to_a_computer_and_a_newcomer_takes_it():
    room = public()
    room.sit_out_rule = SitOutRule(after=2, hands=3)
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    room.receive("a", NextHand())
    run_out(room, 0)
    run_out(room, 0)
    ann = member(room, "Ann")
    assert ann.sat_out is not None
    sat = room.hand_serial
    play_on(room, 2)
    assert ann.conn == "a"  # not yet
    room.take()
    out: list = []
    for _ in range(3):
        play_on(room, 1)
        out += room.take()
        if ann.conn is None:
            break
    # she sat out the rest of her hand and then 3 whole ones: the seat went
    # before the next was dealt (the one just played, without her)
    assert room.hand_serial - 1 - sat == 3
    assert Bye("sat_out") in to(out, "a") and ann.conn is None and ann.left
    assert News("sat_out_seat", ("Ann",)) in news(out, "b")
    s = room.session
    assert s is not None and not isinstance(s.seats[0].controller, CheckFold)
    # a newcomer takes her seat between hands
    join(room, "c", "Cy")
    play_on(room, 1)
    assert member(room, "Cy").seat == 0 and s.seats[0].name == "Cy"


def test_alone_and_sat_out_the_seat_goes_after_the_base_time_and_the_game_ends():
    room = public()
    join(room, "a", "Ann")
    room.receive("a", NextHand())
    run_out(room, 0)
    run_out(room, 0)
    s = room.session
    assert s is not None and member(room, "Ann").sat_out is not None
    while s.hand is not None and not s.hand.over:
        room.tick()
    room.take()
    room.test_clock.now += NORMAL.base  # type: ignore[attr-defined]
    room.tick()
    out = room.take()
    assert Bye("sat_out") in to(out, "a")
    assert s.game_over and not room.running


def test_a_restart_keeps_the_sit_out_and_the_count_of_timeouts():
    """The server's save (server/store.py) holds both: a sat-out seat still
    checks or folds at once after a restart (not a computer's play), and a
    person one timeout short of sitting out is still one short."""
    room = public()
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    join(room, "c", "Cy")
    room.receive("a", NextHand())
    room.receive("b", NextHand())
    run_out(room, 0)
    run_out(room, 0)  # Ann sits out
    run_out(room, 1)  # Bo's first timeout
    ann, bo = member(room, "Ann"), member(room, "Bo")
    assert ann.sat_out is not None and bo.timeouts == 1 and bo.sat_out is None
    again = room_from_data(json.loads(json.dumps(room_data(room))), clock=room.test_clock,
                           game_version="1")
    ann2, bo2 = member(again, "Ann"), member(again, "Bo")
    assert (ann2.sat_out, ann2.timeouts, ann2.replaced) == (ann.sat_out, ann.timeouts, True)
    assert (bo2.sat_out, bo2.timeouts) == (None, 1)
    s = again.session
    assert s is not None and isinstance(s.seats[0].controller, CheckFold)
    assert not isinstance(s.seats[1].controller, CheckFold)
    # Ann comes back with her token: still sat out, as after a dropped connection
    again.test_clock = room.test_clock  # type: ignore[attr-defined]
    join(again, "a2", "Ann", token=ann.token)
    assert ann2.sat_out is not None and ann2.conn == "a2"
    assert isinstance(s.seats[0].controller, CheckFold)
    # and a save made before sit-outs were saved still reads: nobody sat out
    old = room_data(room)
    for m in old["members"]:
        del m["timeouts"], m["sat_out"]
    plain = room_from_data(old, clock=room.test_clock, game_version="1")
    assert all(m.sat_out is None and m.timeouts == 0 for m in plain.members)


def test_a_person_gone_on_their_turn_at_a_public_table_is_timed_not_replaced():
    """In a friends' room (no clock) the computer takes over a seat whose
    person has been gone on their turn for ABSENCE seconds; at a public
    table the clock decides for them instead, and its timeouts count: two
    in a row sit them out (checks or folds), never a computer playing
    their chips."""
    room = public()
    join(room, "a", "Ann")
    join(room, "b", "Bo")
    room.receive("a", NextHand())
    to_act(room, 0)
    room.disconnect("a")
    room.test_clock.now += room.absence + 0.1  # type: ignore[attr-defined]
    room.tick()
    ann = member(room, "Ann")
    assert not ann.replaced and room._time_left(0) > 0  # the clock has not run out yet
    out = room.take()
    assert not [n for n in news(out, "b") if n.what == "computer_plays"]
    room.test_clock.now += room._time_left(0) + 0.1  # type: ignore[attr-defined]
    room.tick()
    assert ann.timeouts == 1 and ann.sat_out is None
    run_out(room, 0)
    assert ann.sat_out is not None and ann.replaced
    s = room.session
    assert s is not None and isinstance(s.seats[0].controller, CheckFold)
