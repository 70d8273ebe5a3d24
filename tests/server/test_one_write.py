"""The messages waiting together for one connection leave in one write
(issue 38): after an action, a member's events and table are two WebSocket
messages, as before, but one TLS record and one system call; the players
read every message as before and play on, on either of the server's loops.
And they leave at once: written by the server's one delivery for every
action read in a turn of the loop (``_deliver_soon``: in the next turn),
not by each member's sender woken for a turn of its own.
The writes are watched where the WebSocket connection hands them to its
transport (TLS: each write one record, then one system call)."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from typing import Any

import pytest

from holdem_desktop.server.fast_loop import fast_ws_available
from holdem_desktop.server.sending import Connection
from tests.net.test_host import Player

from .conftest import LOOPS
from .test_server import play_hands


def server_frames(data: bytes) -> list[dict] | None:
    """The WebSocket messages in ``data`` as a server writes them (unmasked
    text frames), parsed, or None for anything else (a client's)."""
    messages = []
    at = 0
    while at < len(data):
        if len(data) < at + 2 or data[at] != 0x81 or data[at + 1] & 0x80:
            return None
        length, at = data[at + 1], at + 2
        if length == 126:
            length, at = int.from_bytes(data[at:at + 2], "big"), at + 2
        elif length == 127:
            length, at = int.from_bytes(data[at:at + 8], "big"), at + 8
        messages.append(json.loads(data[at:at + length]))
        at += length
    return messages


def played_writes(served, monkeypatch, hands: int) -> list[tuple[int, list[dict], str]]:
    """Mara and Ada play ``hands`` hands through the server; every write of
    the server's, in order: its connection's transport (an id), the
    messages it held, and the coroutine of the task that wrote it (or
    ``_deliver_due`` for the loop's delivery after a turn's actions, which
    runs in no task)."""
    writes: list[tuple[int, list[dict], str]] = []
    lock = threading.Lock()
    made = Connection.connection_made

    class Watched:
        """A server connection's transport, its writes kept."""

        def __init__(self, transport: Any) -> None:
            self._transport = transport

        def write(self, data: bytes) -> None:
            found = server_frames(bytes(data))
            if found:
                task = asyncio.current_task()
                by = task.get_coro().__qualname__ if task else delivery()
                with lock:
                    writes.append((id(self), found, by))
            self._transport.write(data)

        def writelines(self, chunks: Any) -> None:  # (asyncio's loop: one write of them all)
            self.write(b"".join(bytes(c) for c in chunks))

        def __getattr__(self, name: str) -> Any:
            return getattr(self._transport, name)

    def delivery() -> str:
        """Whether the server's delivery after a turn writes: "_deliver_due" (else "")."""
        frame = sys._getframe(2)
        while frame is not None:
            if frame.f_code.co_name == "_deliver_due":
                return "_deliver_due"
            frame = frame.f_back
        return ""

    def watched(self, transport):  # every connection of the server's, its transport watched
        made(self, Watched(transport))

    monkeypatch.setattr(Connection, "connection_made", watched)
    if fast_ws_available():  # (the server's connections on picows: server/fast_ws.py)
        from holdem_desktop.server.fast_ws import Link
        connected = Link.on_ws_connected

        def link_watched(self, transport):
            connected(self, transport)
            self._under = Watched(self._under)

        monkeypatch.setattr(Link, "on_ws_connected", link_watched)
    players: list[Player] = []
    try:
        play_hands(served, players, hands)  # they read every message and play on
    finally:
        for p in players:
            p.client.close()
    with lock:
        return list(writes)


@pytest.mark.parametrize("uvloop", LOOPS)
def test_an_actions_events_and_table_leave_in_one_write_and_the_players_play_on(
        make_server, monkeypatch, uvloop):
    served = make_server(uvloop=uvloop)
    writes = [[m["type"] for m in found] for _, found, _ in played_writes(served, monkeypatch, 2)]
    together = [w for w in writes if len(w) > 1]
    # an action's events and the table after them, in one write, in order
    assert ["events", "table"] in together, writes[:20]


@pytest.mark.parametrize("uvloop", LOOPS)
def test_after_an_action_every_members_messages_leave_with_the_turns_delivery(
        make_server, monkeypatch, uvloop):
    served = make_server(uvloop=uvloop)
    writes = played_writes(served, monkeypatch, 2)
    after_actions = [(transport, task) for transport, found, task in writes
                     if [m["type"] for m in found] == ["events", "table"]]
    assert len({transport for transport, _ in after_actions}) == 2  # Mara's and Ada's
    by_sender = [task for _, task in after_actions if task.endswith("._sender")]
    # (a member's sender writes only what waits behind a save in the writer
    # thread, a room's first; or while the system has not taken all before)
    assert len(by_sender) <= len(after_actions) // 4, (len(by_sender), len(after_actions))
    # the rest by the delivery after the turn that read the action (one for
    # every action read in that turn), never by the task reading a connection
    assert all(task == "_deliver_due" for _, task in after_actions
               if not task.endswith("._sender")), after_actions


def test_more_messages_than_a_batch_are_left_to_the_sender_and_the_players_play_on(
        make_server, monkeypatch):
    from holdem_desktop.server import service
    monkeypatch.setattr(service, "BATCH", 1)  # an action's events and table: two
    served = make_server()
    writes = played_writes(served, monkeypatch, 2)
    assert writes and all(len(found) == 1 for _, found, _ in writes)  # a batch a write
    after_actions = [task for _, found, task in writes if found[0]["type"] == "table"]
    assert after_actions and all(task.endswith("._sender") for task in after_actions)
