"""The room's rules, fed message by message (no sockets)."""

from __future__ import annotations

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import HoleCardsDealt
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.protocol import (
    Act,
    Away,
    Back,
    Bye,
    Error,
    Events,
    Hello,
    Leave,
    LetBack,
    NewGame,
    News,
    NextHand,
    Ping,
    Refused,
    Remove,
    Table,
    Waiting,
    Welcome,
)
from holdem_desktop.net.room import Room
from holdem_desktop.session import TurnStarted
from tests.net.conftest import CORE_CODE as CODE


def join(room: Room, conn: str, name: str, *, code: str = CODE, address: str = "127.0.0.2",
         token: str | None = None) -> list:
    room.connect(conn, address)  # (a label: the room itself opens no socket)
    room.receive(conn, Hello(name, code, "1", token))
    return room.take()


def to(out, conn):
    return [m for c, m in out if c == conn]


def last_table(out, conn) -> Table:
    return [m for m in to(out, conn) if isinstance(m, Table)][-1]


def act(room: Room, conn: str, kind: ActionKind, amount: int = 0) -> None:
    """``conn`` answers the decision awaited now."""
    room.receive(conn, Act(kind, amount, *room.decision))


def start(room: Room) -> list:
    """Mara (the host) and Ada join, a game starts, both deal the first hand."""
    join(room, "h", "Mara")
    join(room, "a", "Ada")
    room.receive("h", NewGame())
    room.receive("h", NextHand())
    room.receive("a", NextHand())
    return room.take()


def test_joining_takes_seats_and_the_host_fills_the_rest_with_computers(room):
    out = join(room, "h", "Mara")
    welcome = to(out, "h")[0]
    assert isinstance(welcome, Welcome) and welcome.seat == 0 and not welcome.spectator
    assert len(welcome.token) == 32
    out = join(room, "a", "Ada")
    assert to(out, "a")[0].seat == 1
    assert isinstance(to(out, "h")[-1], Table)  # the others see the newcomer
    room.receive("a", NewGame())
    assert to(room.take(), "a") == [Error("not_host", {})]
    room.receive("h", NewGame())
    out = room.take()
    table = last_table(out, "h")
    assert table.kinds == ("human", "human", "computer") and table.started
    assert table.waiting_for == (0, 1) and table.view is None  # Next hand deals the first
    room.receive("h", NewGame())
    assert to(room.take(), "h") == [Error("game_running", {})]


def test_wrong_codes_are_refused_and_rate_limited_per_address(room):
    for k in range(5):
        out = join(room, f"x{k}", "Eve", code="000000", address="127.0.0.9")
        assert to(out, f"x{k}") == [Refused("wrong_code", ""), Bye("wrong_code")]
    out = join(room, "x5", "Eve", address="127.0.0.9")  # even the right code now
    assert to(out, "x5")[0] == Refused("rate_limited", "")
    assert isinstance(to(join(room, "y", "Ada", address="127.0.0.3"), "y")[0], Welcome)
    room.test_clock.now += 61
    assert isinstance(to(join(room, "x6", "Eve", address="127.0.0.9"), "x6")[0], Welcome)


def test_version_full_room_names_and_spectators(room):
    room.connect("v", "127.0.0.4")
    room.receive("v", Hello("Old", CODE, "0.9"))
    assert to(room.take(), "v")[0] == Refused("wrong_version", "1")
    join(room, "h", "Mara")
    assert to(join(room, "m", "mara"), "m")[0] == Refused("name_taken", "")
    join(room, "a", "Ada")
    join(room, "b", "Bruno")
    full = to(join(room, "c", "Chiara"), "c")[0]  # the seats are taken: Chiara listens
    assert isinstance(full, Welcome) and full.seat is None and full.spectator
    room.receive("h", NewGame())
    room.take()
    room.receive("b", Leave())
    room.take()
    out = join(room, "d", "Dario")  # a game is running: Dario listens until the next
    welcome = to(out, "d")[0]
    assert welcome.spectator and welcome.seat is None


def test_each_member_sees_only_their_own_hole_cards(room):
    out = start(room)
    for conn, seat in (("h", 0), ("a", 1)):
        dealt = [e for m in to(out, conn) if isinstance(m, Events) for e in m.events
                 if isinstance(e, HoleCardsDealt)]
        assert len(dealt) == 3
        for e in dealt:
            assert bool(e.cards) == (e.seat == seat)
        table = last_table(out, conn)
        assert table.view is not None and table.view.seat == seat and len(table.view.hole) == 2


def test_acting_out_of_turn_or_illegally_is_answered_to_the_sender_alone(room):
    start(room)
    s = room.session
    seat = s.waiting_for
    assert seat in (0, 1)
    me, other = ("h", "a") if seat == 0 else ("a", "h")
    before = len(s.hand.actions)
    act(room, other, ActionKind.CHECK)
    out = room.take()
    assert out == [(other, Error("not_your_turn", {}))]
    view = s.view(seat)
    kind = ActionKind.CHECK if view.to_call else ActionKind.CALL
    act(room, me, kind)
    out = room.take()
    assert len(out) == 1 and out[0][0] == me and isinstance(out[0][1], Error)
    assert out[0][1].reason in ("check_facing_bet", "nothing_to_call")
    assert len(s.hand.actions) == before
    act(room, me, ActionKind.FOLD if view.to_call else ActionKind.CHECK)
    assert len(s.hand.actions) > before


def play_out(room: Room) -> None:
    """The two people check or call until the hand is over."""
    s = room.session
    for _ in range(50):
        if s.hand.over:
            return
        seat = s.waiting_for
        conn = "h" if seat == 0 else "a"
        view = s.view(seat)
        act(room, conn, ActionKind.CALL if view.to_call else ActionKind.CHECK)
        room.take()


def test_the_next_hand_waits_for_everyone_and_says_for_whom(room):
    start(room)
    play_out(room)
    s = room.session
    played = s.hands_played
    room.receive("h", NextHand())
    out = room.take()
    assert Waiting((1,)) in to(out, "h") and s.hands_played == played and s.hand.over
    room.receive("h", NextHand())  # again: who is still awaited
    assert to(room.take(), "h") == [Waiting((1,))]
    room.receive("a", NextHand())
    room.take()
    assert not s.hand.over or s.hands_played == played + 1


def test_a_barrier_change_sends_the_list_not_a_table_with_the_whole_hand(room):
    start(room)
    play_out(room)
    room.receive("h", NextHand())
    out = room.take()
    # Ada has not pressed: she gets the list to keep her window current, unsaid
    assert to(out, "a") == [Waiting((1,), say=False)]
    assert to(out, "h") == [Waiting((1,))]  # said by the one who pressed
    assert not any(isinstance(m, Table) for _c, m in out)  # no history resent per press


def test_away_on_your_turn_for_a_minute_the_computer_plays_then_you_come_back(room):
    start(room)
    s = room.session
    seat = s.waiting_for
    conn = "h" if seat == 0 else "a"
    name = "Mara" if seat == 0 else "Ada"
    welcome_token = room.members[seat].token
    actions = len(s.hand.actions)
    room.disconnect(conn)
    room.take()
    room.test_clock.now += 30
    room.tick()
    assert len(s.hand.actions) == actions  # not yet
    room.test_clock.now += 31
    room.tick()
    assert len(s.hand.actions) > actions or s.hand.over  # the computer acted for them
    assert room.members[seat].replaced
    assert to(join(room, "w", name, token="0" * 32), "w")[0] == Refused("bad_token", "")
    out = join(room, "back", name, token=welcome_token)
    welcome = to(out, "back")[0]
    assert isinstance(welcome, Welcome) and welcome.seat == seat
    table = to(out, "back")[1]
    assert isinstance(table, Table) and table.view is not None and table.view.seat == seat
    assert not room.members[seat].replaced  # their seat is theirs again


def test_when_no_person_is_left_the_computers_win(room):
    start(room)
    room.receive("a", Leave())
    out = room.take()
    assert to(out, "a") == [Bye("left")]
    assert room.members[1].replaced
    room.receive("h", Leave())
    room.take()
    s = room.session
    assert s.game_over and s.result.reason == "no_humans"
    assert all(p in range(1, 4) for _seat, p in s.result.places)


def test_a_window_keeps_an_unsaid_waiting_list_without_speaking_it():
    from holdem_desktop.net.protocol import Welcome
    from holdem_desktop.net.remote import RemoteTable

    welcome = Welcome(0, "0" * 32, CODE, ("Mara", "Ada"), "tournament", False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)
    remote.handle(Table(view=None, names=("Mara", "Ada"), chips=(1500, 1500),
                        places=(None, None), kinds=("human", "human"),
                        connected=(True, True), hands_played=1, level=0, blinds=(10, 20),
                        ante=0, hands_until_next_level=9, game_over=False, started=True,
                        waiting_for=()))
    heard = []
    remote.subscribe(heard.append)
    remote.handle(Waiting((1,), say=False))
    assert heard == [] and remote.awaited() == (1,)  # known (Read state), not said
    remote.handle(Waiting((1,)))
    assert len(heard) == 1 and heard[0].seats == (1,)


def test_between_games_a_newcomer_in_a_computers_seat_is_named_at_once(room):
    start(room)  # Mara, Ada and a computer player in seat 2
    play_out(room)
    computer = room.session.seats[2].name
    room.session.end("hands")  # the game is over; the next one is not started yet
    room.take()
    out = join(room, "b", "Bo")
    welcome = next(m for m in to(out, "b") if isinstance(m, Welcome))
    assert welcome.seat == 2  # the computer's seat, free between games
    assert last_table(out, "b").names == ("Mara", "Ada", "Bo") and computer != "Bo"


# ----------------------------------------------------------------------
# Issue 22, in the room core (the internet server reuses it): the sockets'
# side is tests/net/test_room_trust.py.


def test_a_seat_given_between_games_comes_with_the_view_everyone_may_see(room):
    start(room)
    s = room.session
    play_out(room)
    s.end("hands")
    room.take()
    out = join(room, "b", "Bo")  # the computer's seat
    assert next(m for m in to(out, "b") if isinstance(m, Welcome)).seat == 2
    table = last_table(out, "b")
    # the view everyone may see: no hole cards, only what a showdown showed
    assert table.view == s.view(None) and table.view.seat is None and not table.view.hole
    mara = last_table(join(room, "h2", "Mara", token=room.members[0].token), "h2")
    assert mara.view is not None and mara.view.seat == 0 and mara.view.hole  # her own hand


def test_pressed_then_away_is_not_ready_and_all_away_deals_nothing_once_said(room):
    start(room)
    play_out(room)
    s = room.session
    played = s.hands_played
    room.receive("h", NextHand())
    room.receive("h", Away())
    room.receive("a", Away())
    out = room.take()
    news = News("all_away", ("Mara", "Ada"))
    assert news in to(out, "h") and news in to(out, "a")
    for _ in range(3):
        room.test_clock.now += 30
        room.tick()
    assert news not in [m for _c, m in room.take()]  # said once
    assert s.hands_played == played and s.hand.over  # nobody is dealt a hand
    room.receive("a", Back())
    room.receive("a", NextHand())
    room.take()
    assert s.hands_played == played + 1 or not s.hand.over


def test_remove_keeps_out_by_token_name_and_address_until_let_back(room):
    join(room, "h", "Mara", address="127.0.0.1")
    join(room, "a", "Ada", address="127.0.0.2")
    token = room.members[1].token
    room.receive("h", Remove("Ada"))
    assert to(room.take(), "a") == [Bye("removed")]
    for conn, name, address, tok in (("1", "Ada", "127.0.0.2", token),
                                     ("2", "Zoe", "127.0.0.2", None),
                                     ("3", "ada", "127.0.0.3", None),
                                     ("4", "Yan", "127.0.0.4", token)):
        assert to(join(room, conn, name, address=address, token=tok), conn)[0] == \
            Refused("removed", "")
    assert [m.name for m in room.members] == ["Mara"]
    assert last_table(join(room, "b", "Bo", address="127.0.0.5"), "h").removed == ("Ada",)
    room.receive("b", LetBack("Ada"))
    assert to(room.take(), "b") == [Error("not_host", {})]
    room.receive("h", LetBack("Ada"))
    out = room.take()
    assert News("let_back", ("Ada",)) in to(out, "h") and last_table(out, "h").removed == ()
    assert isinstance(to(join(room, "5", "Ada", address="127.0.0.2"), "5")[0], Welcome)


def test_the_host_computer_is_never_kept_out_by_address(room):
    join(room, "h", "Mara", address="127.0.0.1")
    join(room, "a", "Ada", address="127.0.0.1")  # on the host's computer
    room.receive("h", Remove("Ada"))
    room.take()
    assert isinstance(to(join(room, "b", "Bo", address="127.0.0.1"), "b")[0], Welcome)
    assert to(join(room, "c", "Ada", address="127.0.0.1"), "c")[0] == Refused("removed", "")


def _call_or_check(room: Room, conn: str, seat: int) -> None:
    hand = room.session.hand
    act(room, conn, ActionKind.CHECK if hand.to_call(seat) == 0 else ActionKind.CALL)


def _news(out, conn: str) -> list[News]:
    return [m for m in to(out, conn) if isinstance(m, News)]


def test_whom_the_game_waits_for_is_told_when_they_are_not_connected(room):
    """Issue 31.2: the others hear that the game waits for someone who is not
    connected, once per decision: instead of "lost" when they go on their
    turn, and after the events that give the turn to someone already gone."""
    start(room)
    s = room.session
    while s.waiting_for == 0:  # Mara calls or checks until it is Ada's turn
        _call_or_check(room, "h", 0)
    assert s.waiting_for == 1
    room.take()
    room.disconnect("a")  # Ada's game closes on her turn
    out = room.take()
    assert _news(out, "h") == [News("turn_waits", ("Ada",))]  # not "Ada lost the connection"
    room.test_clock.now += 5
    room.tick()
    room.receive("h", Ping(1))
    assert _news(room.take(), "h") == []  # told once for this decision
    out = join(room, "a2", "Ada", token=room.members[1].token)
    assert _news(out, "h") == [News("back", ("Ada",))]
    room.test_clock.now += 5
    room.disconnect("a2")  # gone again at the same decision: told again, not silence
    assert _news(room.take(), "h") == [News("turn_waits", ("Ada",))]
    room.test_clock.now += 5
    out = join(room, "a2", "Ada", token=room.members[1].token)
    assert _news(out, "h") == [News("back", ("Ada",))]
    _call_or_check(room, "a2", 1)
    room.take()
    while s.waiting_for == 1:  # until it is Mara's turn again
        _call_or_check(room, "a2", 1)
    assert s.waiting_for == 0
    room.test_clock.now += 5
    room.disconnect("a2")  # gone, not on her turn
    assert _news(room.take(), "h") == [News("lost", ("Ada",))]
    while s.waiting_for == 0:
        _call_or_check(room, "h", 0)
        out = room.take()
    assert s.waiting_for == 1  # the turn comes to Ada, who is not here
    mine = to(out, "h")
    turn = max(k for k, m in enumerate(mine) if isinstance(m, Events) and any(
        isinstance(e, TurnStarted) and e.seat == 1 for e in m.events))
    told = [k for k, m in enumerate(mine) if m == News("turn_waits", ("Ada",))]
    assert len(told) == 1 and told[0] > turn, mine  # after "Ada to act."
    assert not room.members[1].replaced  # the computer waits the absence time
