"""The lobby's rules, fed message by message with a clock the test moves:
rooms made and found by code, the limits, idle rooms closed, and the same
room core answering as on the LAN."""

from __future__ import annotations

from holdem_desktop.net.protocol import (
    Bye,
    Create,
    Error,
    Hello,
    NewGame,
    News,
    Ping,
    Pong,
    Refused,
    Welcome,
)
from holdem_desktop.server.lobby import Lobby, LobbyLimits
from tests.clock import Clock

V = "9.9"


def lobby(clock: Clock | None = None, **limits) -> Lobby:
    return Lobby(V, clock=clock or Clock(), limits=LobbyLimits(**limits))


def create(lb: Lobby, conn: str, name: str = "Mara", address: str = "127.0.0.1") -> Welcome:
    lb.connect(conn, address)
    lb.receive(conn, Create(name, V, "tournament", 3, "easy"))
    welcome = next(m for c, m in lb.take() if c == conn and isinstance(m, Welcome))
    return welcome


def test_a_room_is_made_joined_by_code_and_plays_as_on_the_lan():
    lb = lobby()
    made = create(lb, "a")
    assert made.seat == 0 and made.host_seat == 0 and made.code in lb.rooms
    lb.connect("b", "127.0.0.2")
    lb.receive("b", Hello("Ada", made.code, V))
    out = lb.take()
    assert any(c == "b" and isinstance(m, Welcome) and m.seat == 1 for c, m in out)
    assert ("a", News("joined", ("Ada",))) in out
    assert lb.people == 2 and lb.room_of("b") == made.code
    lb.receive("a", NewGame())
    lb.receive("a", Create("Mara", V, "tournament", 3, "easy"))  # one room per connection
    assert ("a", Error("already_joined", {})) in lb.take()
    assert made.code in lb.changed and len(lb.rooms) == 1
    assert [e for _a, _r, e in lb.log] == ["created", "joined"]


def test_before_a_room_only_ping_hello_and_create_are_answered():
    lb = lobby()
    lb.connect("x", "127.0.0.9")
    lb.receive("x", Ping(4))
    lb.receive("x", NewGame())
    assert lb.take() == [("x", Pong(4)), ("x", Error("not_joined", {}))]


def test_wrong_codes_count_across_rooms_and_bar_even_the_right_code():
    lb = lobby()
    made = create(lb, "a")
    wrong = "000000" if made.code != "000000" else "000001"
    for k in range(5):
        lb.connect(f"g{k}", "127.9.9.9")
        lb.receive(f"g{k}", Hello("Bo", wrong, V))
    assert lb.take()[-2:] == [("g4", Refused("wrong_code")), ("g4", Bye("wrong_code"))]
    lb.connect("g5", "127.9.9.9")
    lb.receive("g5", Hello("Bo", made.code, V))
    assert lb.take()[0] == ("g5", Refused("rate_limited"))
    lb.connect("h", "127.9.9.8")  # another address is not barred
    lb.receive("h", Hello("Bo", made.code, V))
    assert any(isinstance(m, Welcome) for _c, m in lb.take())


def test_creations_per_address_and_the_room_cap():
    lb = lobby(creations=2, max_rooms=3)
    create(lb, "a")
    create(lb, "b")
    lb.connect("c", "127.0.0.1")
    lb.receive("c", Create("Mara", V, "tournament", 3, "easy"))
    assert lb.take()[0] == ("c", Refused("rate_limited"))
    create(lb, "d", address="127.0.0.2")
    lb.connect("e", "127.0.0.3")
    lb.receive("e", Create("Ada", V, "tournament", 3, "easy"))
    assert lb.take()[0] == ("e", Refused("server_full"))
    assert len(lb.rooms) == 3


def test_a_code_taken_elsewhere_is_never_handed_out_and_given_back_when_unused():
    lb = lobby()
    claimed: list[str] = []
    released: list[str] = []

    def claim(code: str) -> bool:  # the first three codes drawn are taken elsewhere
        claimed.append(code)
        return len(claimed) > 3

    lb.claim = claim
    lb.release = released.append
    made = create(lb, "a")
    assert claimed[-1] == made.code and len(claimed) == 4
    lb.connect("b", "127.0.0.2")
    lb.receive("b", Create("", V, "tournament", 3, "easy"))  # a name that cannot be used
    assert lb.take()[0][1].reason == "bad_name"
    assert released == [claimed[-1]] and len(lb.rooms) == 1


def test_a_room_nobody_is_in_is_closed_after_a_while_and_its_save_goes():
    clock = Clock()
    lb = lobby(clock, idle_room=600.0)
    made = create(lb, "a")
    lb.changed.clear()
    clock.now += 500
    lb.tick()
    assert made.code in lb.rooms  # someone is here: never idle
    lb.disconnect("a")
    clock.now += 599
    lb.tick()
    assert made.code in lb.rooms
    clock.now += 2
    lb.tick()
    assert made.code not in lb.rooms and made.code in lb.closed
    assert ("", made.code, "closed idle_room") in lb.log
