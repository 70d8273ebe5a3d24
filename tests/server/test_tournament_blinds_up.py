"""The blinds going up are told at a tournament's table (found playing a
sit-and-go by ear): the tournament's clock raises its shared level, and the
first hand dealt at the new level comes after "Blinds go up to 20 and 40."
as at a public table (the Desktop says it, then the hand without its blinds
again), not only as "Hand 16. You deal. Blinds 20 and 40.".  In process,
through the lobby's messages: Ann steps away (her seat checks or folds) and
the test's clock passes the turbo level's five minutes between two hands."""

from __future__ import annotations

import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Away, Events, Hello
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name
from holdem_desktop.session.events import BlindsUp, HandStarting


def told(lobby: Lobby, conn: str) -> list[object]:
    """The events sent to ``conn`` since the last look."""
    return [e for c, m in lobby.take() if c == conn and isinstance(m, Events) for e in m.events]


def test_the_first_hand_of_a_new_level_is_told_as_the_blinds_going_up():
    now = [1_000.0]
    desk = TournamentDesk([Offer("x", "tournament", 2, 3, "turbo")], shipped_variants(),
                          clock=lambda: now[0])
    (key,) = desk.entries
    t = desk.tournament(key)
    desk.register(key, "Ann")
    t.register(computer_name(1))  # (as the desk fills a sit-and-go: it starts)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(3), key=key)
    lobby = Lobby(__version__, clock=time.monotonic)
    play.attach(lobby)
    play.play(0)
    number, _seat = t.where["Ann"]
    room = play.rooms[number]
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", room.code, __version__, play.token("Ann")))
    lobby.receive("ann", Away())  # (her seat checks or folds at once)
    assert play.play(1) == 1
    first = told(lobby, "ann")
    starts = [e for e in first if isinstance(e, HandStarting)]
    assert starts and starts[-1].blinds == (10, 20), first
    assert not any(isinstance(e, BlindsUp) for e in first), first
    now[0] += 5 * 60 + 1  # the turbo level's five minutes
    assert play.play(1) == 1
    second = told(lobby, "ann")
    ups = [k for k, e in enumerate(second) if isinstance(e, BlindsUp)]
    starts = [k for k, e in enumerate(second) if isinstance(e, HandStarting)]
    assert len(ups) == 1 and starts and ups[0] < starts[0], second
    assert second[ups[0]] == BlindsUp(1, (20, 40), 0), second[ups[0]]
    assert second[starts[0]].blinds == (20, 40)
    assert play.play(1) == 1  # the next hand at that level: not told again
    assert not any(isinstance(e, BlindsUp) for e in told(lobby, "ann"))
