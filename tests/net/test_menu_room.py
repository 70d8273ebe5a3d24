"""A room playing the heads-up match, whose raise sizes are fixed: a guest
that sends any other amount over the socket is refused by the host, with
the sizes allowed, and hears why in its language."""

from __future__ import annotations

import contextlib
import queue
import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.i18n.phrases import room_error
from holdem_desktop.i18n.translate import set_language
from holdem_desktop.net.client import RoomClient
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.protocol import Act, Error, Hello, NewGame, NextHand, Table, error_data
from holdem_desktop.net.room import Room

CODE = "314159"


def _until(client: RoomClient, seen: list[object], done, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        with contextlib.suppress(queue.Empty):
            seen.append(client.inbox.get(timeout=0.05))


def test_error_data_carries_the_allowed_sizes_as_text():
    assert error_data({"amount": 5, "allowed": (4, 6), "all_in": None}) == {
        "amount": 5, "allowed": "4,6"}
    assert error_data({"allowed": tuple(range(100))}) == {}  # too long to carry: left out


def test_the_host_refuses_an_off_menu_raise_from_a_guest_over_a_socket():
    room = Room(shipped_variant("heads_up"), CODE, size=2, game_version=__version__,
                rng=random.Random(5), clock=time.monotonic)
    server = RoomServer(room, "127.0.0.1", 0, rate=10_000.0, burst=10_000.0)
    port = server.start()
    client = RoomClient("127.0.0.1", port, pin=server.fingerprint)
    seen: list[object] = []
    try:
        client.connect()
        client.send(Hello("Mara", CODE, __version__))
        client.send(NewGame())
        client.send(NextHand())

        def my_turn() -> Table | None:
            tables = [m for m in seen if isinstance(m, Table) and m.view is not None]
            for t in reversed(tables):
                v = t.view
                if v.to_act == v.seat and not v.over and any(
                        a.kind is ActionKind.RAISE for a in v.legal_actions):
                    return t
            return None

        # The computer may act first, or end the hand: deal until it is our turn to raise.
        end = time.monotonic() + 20
        while my_turn() is None and time.monotonic() < end:
            _until(client, seen, lambda: my_turn() is not None, 1.0)
            if my_turn() is None:
                client.send(NextHand())
        table = my_turn()
        assert table is not None, seen[-3:]
        raise_offer = next(a for a in table.view.legal_actions if a.kind is ActionKind.RAISE)
        assert raise_offer.amounts  # the guest's view says which sizes there are
        off = raise_offer.amounts[0] + 1
        assert off not in raise_offer.amounts
        before = len(room.session.hand.actions)
        client.send(Act(ActionKind.RAISE, off, table.hand, table.decision))  # this decision
        _until(client, seen, lambda: any(isinstance(m, Error) for m in seen))
        error = next(m for m in seen if isinstance(m, Error))
        assert error.reason == "amount_not_in_menu"
        assert error.data["amount"] == off
        assert error.data["allowed"] == ",".join(str(a) for a in raise_offer.amounts)
        assert len(room.session.hand.actions) == before  # nothing was played
        set_language("en")
        said = room_error(error.reason, error.data)
        assert said.startswith(f"{off} is not one of this game's sizes; you can choose ")
        for size in raise_offer.amounts:
            assert str(size) in said
        assert "all-in for" in said
        # An amount on the menu is played.
        client.send(Act(ActionKind.RAISE, raise_offer.amounts[-1], table.hand,
                        table.decision))  # refused, so the same decision is still open
        _until(client, seen, lambda: len(room.session.hand.actions) > before)
        assert room.session.hand.actions[before][1].amount == raise_offer.amounts[-1]
    finally:
        client.close()
        server.stop()
