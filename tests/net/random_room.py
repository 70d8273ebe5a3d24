"""A room core played at random by three people (and computers), no sockets:
every message it sends, for the tests of what a table carries (issue 38)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.protocol import Act, Away, Back, Hello, HostMessage, NewGame, NextHand
from holdem_desktop.net.room import Room
from tests.clock import Clock
from tests.net.conftest import CORE_CODE

PEOPLE = {0: "h", 1: "a", 2: "p"}


def played(seed: int, steps: int = 400, size: int = 4) -> Iterator[tuple[str, HostMessage]]:
    """The messages a room of ``size`` seats sends while its three people
    (connections ``h``, ``a``, ``p``; the fourth seat a computer's, and a
    watcher ``w``) play ``steps``
    random moves: a random legal action on their turn, Next hand, now and
    then Away and Back, a new game when one ends."""
    rng = random.Random(seed)
    variant = shipped_variant(rng.choice(["tournament", "fixed_limit", "pot_limit"]))
    room = Room(variant, CORE_CODE, size=size, game_version="1", rng=random.Random(seed),
                clock=Clock())
    for conn, name in (("h", "Mara"), ("a", "Ada"), ("p", "Pia"), ("w", "Wes")):
        if conn == "w":
            room.receive("h", NewGame())  # (the fourth seat is a computer's)
        room.connect(conn, "127.0.0.2")
        room.receive(conn, Hello(name, CORE_CODE, "1", None))
    yield from room.take()
    for _ in range(steps):
        s = room.session
        assert s is not None
        if s.game_over:
            room.receive("h", NewGame())
        elif s.hand is None or s.hand.over:
            for conn in "hap":
                room.receive(conn, NextHand())
        elif s.waiting_for in PEOPLE and rng.random() < 0.95:
            conn = PEOPLE[s.waiting_for]
            legal = s.view(s.waiting_for).legal_actions
            action = rng.choice(legal)
            amount = rng.choice((action.min_amount, action.max_amount))
            if action.kind in (ActionKind.CHECK, ActionKind.FOLD):
                amount = 0
            room.receive(conn, Act(action.kind, amount, *room.decision))
        else:
            conn = rng.choice("hap")
            room.receive(conn, Away() if rng.random() < 0.5 else Back())
        yield from room.take()

