"""A LAN room's link falls as a server's does: the desktop says "Connection
lost, reconnecting…", takes its seat back with its token over TLS, pinned
to the same certificate, and hears "Back at the table.", where the hand
stands and its turn, at the decision it left.  A host that closes the room
says so, and nobody then tries again."""

from __future__ import annotations

import re
import time

from holdem_desktop import __version__
from holdem_desktop.net.protocol import Hello, NewGame
from holdem_desktop.ui.app import App
from holdem_desktop.ui.table import TableScreen
from tests.driving import keys
from tests.server.conftest import desktop, said, settle  # noqa: F401  (desktop: a fixture)
from tests.server.proxy import Proxy
from tests.server.test_reconnect import back_at_table, until_our_turn

from .conftest import ROOM_CODE, lan_client
from .test_host import Player


def join_through(desktop, served, proxy_of):  # noqa: F811
    """Ada's room on loopback (she is its host); Mara's window joins it by the
    invitation line, through a proxy the test cuts and restores."""
    server = served(size=3)
    ada = Player("Ada", server.port, 1, client=lan_client(server),
                 first=Hello("Ada", ROOM_CODE, __version__))
    proxy = proxy_of(server.port)
    table = desktop.join_room(
        ROOM_CODE, f"holdem-lan://127.0.0.1:{proxy.port}/{ROOM_CODE}?pin={server.fingerprint}",
        "Mara")
    assert isinstance(table, TableScreen), table
    app = App(table, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    settle(app, [ada])
    return server, ada, proxy, app


def proxies():
    made: list[Proxy] = []

    def make(port: int) -> Proxy:
        made.append(Proxy(port))
        return made[-1]
    return made, make


def test_a_lan_link_cut_mid_hand_comes_back_at_the_same_decision(desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        server, ada, proxy, app = join_through(desktop, served, make)
        remote = desktop.remote
        ada.client.send(NewGame())  # Ada, the room's host, starts the game
        settle(app, [ada])
        keys(app, "n")  # ready
        until_our_turn(app, remote, [ada])
        before = remote.table
        assert before is not None and before.view is not None
        start = len(said(desktop))
        proxy.cut()
        end = time.monotonic() + 15
        while time.monotonic() < end and "Connection lost, reconnecting…" not in said(
                desktop)[start:]:
            settle(app, [ada], 0.05)
        assert "Connection lost, reconnecting…" in said(desktop)[start:]
        proxy.restore()
        end = time.monotonic() + 30
        while time.monotonic() < end and not back_at_table(said(desktop)[start:]):
            settle(app, [ada], 0.05)
        assert back_at_table(said(desktop)[start:]), said(desktop)[start:]
        # where the hand stands, then the decision said again: it is Mara's
        assert re.search(r"^Back at the table\. Hand \d+\. Your cards: .* Pot: [\d,]+\. .*"
                         r"Your turn: [^.]*\.$", back_at_table(said(desktop)[start:])[0])
        after = remote.table
        assert after is not None and after.view is not None
        assert (after.hand, after.decision) == (before.hand, before.decision)
        assert after.view.hole == before.view.hole
        assert remote.client.certificate is not None
        assert remote.client.certificate.fingerprint == server.fingerprint
        keys(app, "c")  # the decision is still ours, and the game goes on from it
        settle(app, [ada], 0.5)
        assert remote.table is not None
        assert (remote.table.hand, remote.table.decision) != (before.hand, before.decision)
        ada.client.close()
    finally:
        for p in made:
            p.close()


def test_a_host_that_closes_the_room_is_not_waited_for(desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        server, ada, _proxy, app = join_through(desktop, served, make)
        remote = desktop.remote
        start = len(said(desktop))
        server.stop()  # the host's window closes the room
        end = time.monotonic() + 15
        while time.monotonic() < end and remote.closed is None:
            settle(app, [ada], 0.05)
        assert remote.closed == "host_closed"
        assert "Connection lost, reconnecting…" not in said(desktop)[start:]
        assert not remote.resuming
    finally:
        for p in made:
            p.close()
