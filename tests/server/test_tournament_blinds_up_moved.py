""""Blinds go up to …" is said to a person only when the level they play at
rises: moved by balancing to a table whose last hand was dealt at a lower
level than their own last hand, they heard it again there for a level
they had already played.  In process, through the lobby's messages, on the
test's clock: five players at two tables of three, Ann away (her seat
checks or folds at once), her table deals at the second level, then she is
moved to the other table (the move forced, as balancing makes it), which
deals its first hand at that level there."""

from __future__ import annotations

import random
import time

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.protocol import Act, Away, Events, Hello, NextHand, Table
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.tournament_play import TablePlay
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name
from holdem_desktop.session.events import BlindsUp, HandStarting
from holdem_desktop.tournament import Tournament


def heard(lobby: Lobby, conn: str) -> tuple[list[object], list[Table]]:
    """The events and the tables sent to ``conn`` since the last look."""
    sent = [m for c, m in lobby.take() if c == conn]
    return ([e for m in sent if isinstance(m, Events) for e in m.events],
            [m for m in sent if isinstance(m, Table)])


def move_at_report(t: Tournament, player: str, to: int) -> None:
    """At the next hand reported, ``player`` is moved to table ``to`` as
    balancing moves one (both tables between hands)."""
    rearrange = t._rearrange

    def forced(events: list[object]) -> None:
        rearrange(events)
        del t._rearrange  # (once)
        t._move(player, t.tables[t.where[player][0]], t.tables[to], 1, False, events)

    t._rearrange = forced  # type: ignore[method-assign]


def started(now: list[float], away: bool = True) -> tuple[Tournament, TablePlay, Lobby]:
    desk = TournamentDesk([Offer("x", "tournament", 5, 3, "turbo")], shipped_variants(),
                          clock=lambda: now[0])
    (key,) = desk.entries
    t = desk.tournament(key)
    t.rng = random.Random(5)
    desk.register(key, "Ann")
    for k in range(1, 5):
        t.register(computer_name(k))  # (as the desk fills a sit-and-go: it starts)
    play = TablePlay(t, desk.variants["tournament"], rng=random.Random(3), key=key)
    lobby = Lobby(__version__, clock=time.monotonic)
    play.attach(lobby)
    play.play(0)
    lobby.connect("ann", "127.0.0.1")
    lobby.receive("ann", Hello("Ann", play.rooms[t.where["Ann"][0]].code, __version__,
                               play.token("Ann")))
    if away:
        lobby.receive("ann", Away())
    return t, play, lobby


def test_moved_to_a_table_behind_her_level_she_does_not_hear_the_blinds_go_up_again():
    now = [1_000.0]
    t, play, lobby = started(now)
    mine = t.where["Ann"][0]
    (other,) = set(t.tables) - {mine}
    assert play.play(1, only=play.rooms[mine]) == 1  # a hand at each table, level 1
    assert play.play(1, only=play.rooms[other]) == 1
    heard(lobby, "ann")
    now[0] += 5 * 60 + 1  # the second level has begun
    move_at_report(t, "Ann", other)  # her hand over, to the table still at level 1
    assert play.play(1, only=play.rooms[mine]) == 1  # hers: told the blinds go up
    events, _tables = heard(lobby, "ann")
    assert [e for e in events if isinstance(e, BlindsUp)] == [BlindsUp(1, (20, 40), 0)]
    assert t.where["Ann"][0] == other and play.rooms[other].tsession.level == 0
    assert play.play(1, only=play.rooms[other]) == 1
    events, tables = heard(lobby, "ann")
    starts = [e for e in events if isinstance(e, HandStarting)]
    assert starts and starts[0].blinds == (20, 40), events  # she is dealt in at level 2 ...
    assert not any(isinstance(e, BlindsUp) for e in events), events  # ... as before: not said
    assert tables and not tables[-1].blinds_up  # (nor written in her Move log by a table)


def test_moved_to_a_table_ahead_of_her_level_she_hears_the_blinds_go_up():
    now = [1_000.0]
    t, play, lobby = started(now, away=False)
    mine = t.where["Ann"][0]
    (other,) = set(t.tables) - {mine}
    lobby.receive("ann", NextHand())  # (her table's own turn deals it)
    play.play(1, only=play.rooms[mine])  # hers at level 1: she is to act
    _events, tables = heard(lobby, "ann")
    table = tables[-1]
    assert table.view is not None and table.view.to_act == table.view.seat, table
    now[0] += 5 * 60 + 1
    assert play.play(1, only=play.rooms[other]) == 1  # the other table deals level 2
    move_at_report(t, "Ann", other)  # her hand over, to that table
    lobby.receive("ann", Act(ActionKind.FOLD, 0, table.hand, table.decision))
    assert t.where["Ann"][0] == other
    heard(lobby, "ann")
    lobby.receive("ann", NextHand())
    play.play(1, only=play.rooms[other])  # level 2 there, as before; but her own
    events, tables = heard(lobby, "ann")  # level rises with this hand
    ups = [k for k, e in enumerate(events) if isinstance(e, BlindsUp)]
    starts = [k for k, e in enumerate(events) if isinstance(e, HandStarting)]
    assert len(ups) == 1 and starts and ups[0] < starts[0], events
    assert events[ups[0]] == BlindsUp(1, (20, 40), 0)
    assert events[starts[0]].level == 1
    assert tables and tables[-1].blinds_up
