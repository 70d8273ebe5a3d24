"""The phone's page of one given a seat after the game ended (Zoe, in the
seat of Ada, who won it and went) reads of that game what a listener
reads, its players named: it said "You won 20. You finished in place 1."
and listed Ada's chips as Zoe's.  The page of one who played it (Mara)
names Ada the winner, not Zoe.  The room core's tables, read by the
page's own words (server/web_view.py), no sockets."""

from __future__ import annotations

from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.protocol import Leave, Table, Welcome
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.net.room import GRACE
from holdem_desktop.server import web_view
from holdem_desktop.ui.action_panel import ActionPanel
from tests.net.conftest import CORE_CODE as CODE
from tests.net.test_room import join, to
from tests.net.test_room_game_end_result import ended_room


def page_of(out: list, conn: str, welcome: Welcome) -> RemoteTable:
    """The page's table, fed what the room sent ``conn``."""
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)  # type: ignore[arg-type]
    for message in to(out, conn):
        if isinstance(message, Table):
            remote.handle(message)
    return remote


def test_a_page_given_the_winners_seat_after_the_end_reads_it_as_a_listener():
    room = ended_room()
    room._broadcast_table()
    mara = page_of(room.take(), "h",
                   Welcome(0, "0" * 32, CODE, ("Mara", "Ada", ""), "tournament", True, 0))
    result = mara.game_end()[-1]  # (the game's end as Mara's page had it)
    room.receive("a", Leave())  # Ada, who won, goes; her seat is free once the grace is over
    room.take()
    room.test_clock.now += GRACE + 1  # type: ignore[attr-defined]
    room.tick()
    room.take()
    out = join(room, "z", "Zoe")
    welcome = next(m for m in to(out, "z") if isinstance(m, Welcome))
    assert welcome.seat == 1
    zoe = page_of(out, "z", welcome)
    for message in to(out, "h"):
        if isinstance(message, Table):
            mara.handle(message)
    said = web_view.read_state(zoe, ActionPanel(zoe, 1))  # type: ignore[arg-type]
    assert "You " not in said and "Zoe" not in said, said
    assert said.startswith("Nobody is to act. No cards on the board yet. Ada won 20. "
                           "Ada, place 1. Luca, place 2. Mara, place 3. "), said
    shown = web_view.table_view(zoe, ActionPanel(zoe, 1), _Log())  # type: ignore[arg-type]
    assert shown["players"][0].startswith("Ada, place 1"), shown["players"]
    assert not any(line.startswith(("You", "Zoe")) for line in shown["chips"]), shown["chips"]
    said = web_view.read_state(mara, ActionPanel(mara, 0), result)  # type: ignore[arg-type]
    assert said.startswith("Game over: Ada wins. You finished third of 3. "
                           "Places: 1, Ada; 2, Luca; 3, you."), said
    assert "Zoe" not in said, said


class _Log:
    """A Move log with nothing in it (the page's view shows its last lines)."""

    lines: tuple[str, ...] = ()
