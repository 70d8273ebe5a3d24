"""A LAN room's link falls mid-hand and the other player moves meanwhile:
back at the table over the new connection, the Move log holds this hand's
moves as if the player had been there all along, the ones made while the
link was down too (they never came over it), each once, in the same words."""

from __future__ import annotations

import time

from holdem_desktop import __version__
from holdem_desktop.engine.actions import Action
from holdem_desktop.net.protocol import Hello, NewGame
from holdem_desktop.server.web_view import hand_so_far
from holdem_desktop.ui.app import App
from holdem_desktop.ui.move_log import MoveLog
from holdem_desktop.ui.table import TableScreen
from tests.server.conftest import desktop, said, settle  # noqa: F401  (desktop: a fixture)
from tests.server.test_reconnect import back_at_table

from .conftest import ROOM_CODE, lan_client
from .test_host import Player
from .test_lan_reconnect import proxies


def until(app: App, done, others: tuple[Player, ...] = (), seconds: float = 20.0) -> bool:
    """Let messages cross (the window polls, ``others`` pump) until ``done``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        settle(app, list(others), 0.02)
    return bool(done())


def this_hand(lines: list[str]) -> list[str]:
    start = max(k for k, line in enumerate(lines) if line.startswith("Hand "))
    return lines[start:]


def test_moves_made_while_the_link_was_down_are_in_the_move_log(desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        server = served(size=2)
        room = server.room
        ada = Player("Ada", server.port, 1, client=lan_client(server),
                     first=Hello("Ada", ROOM_CODE, __version__))
        proxy = make(server.port)
        table = desktop.join_room(ROOM_CODE, f"holdem-lan://127.0.0.1:{proxy.port}/"
                                  f"{ROOM_CODE}?pin={server.fingerprint}", "Mara")
        assert isinstance(table, TableScreen), table
        app = App(table, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
        remote = desktop.remote
        assert until(app, lambda: ada.seat is not None and remote.seat is not None, (ada,))
        ada.client.send(NewGame())  # Ada, the room's host, starts the game
        assert until(app, lambda: remote.running, (ada,))
        mara = remote.seat
        # Mara checks or calls, Ada (pumped) plays, until a move of Mara's
        # leaves the hand waiting for Ada: her move then comes while the link is down.
        for _ in range(40):
            session = room.session
            if session.hand is None or session.hand.over:
                remote.next_hand()
                assert until(app, lambda s=session: s.hand is not None and not s.hand.over
                             and remote.table.view is not None
                             and not remote.table.view.over, (ada,))
                continue
            if session.waiting_for != mara:
                decision = room.decision
                assert until(app, lambda now=decision: room.decision != now, (ada,))
                continue
            assert until(app, lambda: remote.my_turn)
            decision = room.decision
            view = remote.table.view
            remote.submit(mara, Action.check() if view.to_call == 0 else Action.call())
            assert until(app, lambda now=decision: room.decision != now
                         and remote.decision == room.decision)  # (Ada not pumped)
            if not session.hand.over and session.waiting_for == ada.seat:
                break
        else:
            raise AssertionError("never Ada's turn after a move of Mara's")
        before = this_hand(table.log)
        waiting = room.decision
        start = len(said(desktop))
        proxy.cut()
        assert until(app, lambda: "Connection lost, reconnecting…" in said(desktop)[start:])
        assert until(app, lambda: room.decision != waiting, (ada,))  # Ada moves meanwhile
        proxy.restore()
        assert until(app, lambda: back_at_table(said(desktop)[start:]), (), 30)
        assert app.screen is table and desktop.remote is remote
        # what a log there all along holds of this hand
        whole = MoveLog(table._name, mara)
        for event in hand_so_far(remote):  # (the web page's, written from the room's table)
            whole.add(event)
        assert whole.lines[:len(before)] == before and len(whole.lines) > len(before)
        assert this_hand(table.log) == whole.lines, (before, table.log)
        assert table.move_log.lines[-len(whole.lines):] == whole.lines
    finally:
        for p in made:
            p.close()
