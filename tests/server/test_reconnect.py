"""The link falls mid-hand and comes back: the desktop says "Connection
lost, reconnecting…", tries again with its resume token, and "Back at the
table" finds it at the same decision with the same cards."""

from __future__ import annotations

import re
import time

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Hello
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.ui.app import App
from holdem_desktop.ui.table import TableScreen
from tests.driving import keys
from tests.net.test_host import Player

from .conftest import said, settle
from .proxy import Proxy


@pytest.fixture
def proxy(served):
    p = Proxy(served.port)
    yield p
    p.close()


def heard_since(d, start: int) -> list[str]:
    return said(d)[start:]


def back_at_table(heard: list[str]) -> list[str]:
    """The announcements of the player back at the table: "Back at the
    table." and where the game stands, then whose turn it is."""
    return [s for s in heard if s.startswith("Back at the table.")]


def until_our_turn(app: App, remote: RemoteTable, others: list[Player]) -> None:
    """Play until it is this desktop's turn, mid-hand: a hand won or lost
    before it (everyone folded to the big blind) waits for Next hand, which
    is pressed again."""
    end = time.monotonic() + 30
    pressed_for = 0
    while time.monotonic() < end and remote.waiting_for != remote.seat:
        settle(app, others, 0.05)
        now = remote.table
        if now is not None and remote.seat in now.waiting_for \
                and pressed_for != now.hands_played:
            pressed_for = now.hands_played
            keys(app, "n")
    assert remote.waiting_for == remote.seat, "never this desktop's turn"


def test_the_link_is_cut_mid_hand_and_restored_back_at_the_same_decision(
        desktop, served, proxy):
    desktop.trust_certificate(f"127.0.0.1:{proxy.port}", served.fingerprint)
    table = desktop.create_online_room(f"127.0.0.1:{proxy.port}", "tournament", 3, "easy",
                                       "Mara")
    assert isinstance(table, TableScreen)
    app = App(table, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    remote = desktop.remote
    friend = Player("Ada", served.port, 1, client=OnlineClient(
        "127.0.0.1", served.port, pin=served.fingerprint),
        first=Hello("Ada", remote.code, __version__))
    settle(app, [friend])
    keys(app, "n")  # New game
    settle(app, [friend])
    keys(app, "n")  # ready
    until_our_turn(app, remote, [friend])
    before = remote.table
    assert before is not None and before.view is not None and len(before.view.hole) == 2
    start = len(said(desktop))
    proxy.cut()
    end = time.monotonic() + 15
    while time.monotonic() < end and "Connection lost, reconnecting…" not in heard_since(
            desktop, start):
        settle(app, [friend], 0.05)
    assert "Connection lost, reconnecting…" in heard_since(desktop, start)
    settle(app, [friend], 2.0)  # a few tries meet a link still down
    assert remote.resuming and remote.closed is None
    proxy.restore()
    restored = time.monotonic()
    end = restored + 30
    while time.monotonic() < end and not back_at_table(heard_since(desktop, start)):
        settle(app, [friend], 0.02)
    back_after = time.monotonic() - restored
    assert back_at_table(heard_since(desktop, start)), heard_since(desktop, start)
    settle(app, [friend], 0.3)
    heard = heard_since(desktop, start)
    assert "You are back: you play your seat again." not in heard, heard  # said once, not twice
    after = remote.table
    assert after is not None and after.view is not None
    # where the hand stands, and the decision said again: it is ours
    back = back_at_table(heard)
    assert len(back) == 1, heard
    assert back[0].startswith(f"Back at the table. Hand {after.hands_played + 1}. Your cards: "), \
        back
    assert f" Pot: {after.view.pot:,}. " in back[0], back
    assert re.search(r" Your turn: [^.]*\.$", back[0]), back
    assert (after.hand, after.decision) == (before.hand, before.decision)
    assert after.view.hole == before.view.hole and after.view.board == before.view.board
    assert remote.waiting_for == remote.seat and remote.seat == desktop.remote.seat
    # the decision is still ours to make, and the game goes on from it
    keys(app, "c")
    settle(app, [friend], 0.5)
    assert remote.table is not None
    assert (remote.table.hand, remote.table.decision) != (before.hand, before.decision)
    assert "Ada" in str(friend.table.names)
    print(f"reconnect: link restored -> 'Back at the table' said in {back_after * 1000:.0f} ms")
    friend.client.close()


def test_a_room_that_forgot_the_token_ends_the_tries_with_the_reason(desktop, served, proxy):
    desktop.trust_certificate(f"127.0.0.1:{proxy.port}", served.fingerprint)
    table = desktop.create_online_room(f"127.0.0.1:{proxy.port}", "heads_up", 2, "easy", "Mara")
    assert isinstance(table, TableScreen)
    app = App(table, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    remote = desktop.remote
    start = len(said(desktop))
    proxy.cut()
    code = remote.code
    served.server.call(lambda: served.server.lobby.close_room(code, "host_closed"))
    proxy.restore()
    end = time.monotonic() + 20
    while time.monotonic() < end and remote.closed is None:
        settle(app, [], 0.05)
    assert remote.closed == "wrong_code"
    # said, and the window is back on the Rooms page (issue 22's room-closed path)
    assert any(s.startswith("No room with that code answers at this address.")
               for s in heard_since(desktop, start)), heard_since(desktop, start)
