"""A server's lobby as the desktop follows it: one connection in no room,
asking for the public tables (filtered by variant and speed) and hearing
the list again whenever it changes (at most once a second: the server
coalesces).  Joining a table, watching one or Play now open the room's own
connection (:meth:`~.rooms.Rooms.play_now`, :meth:`~.rooms.Rooms.join_public`);
the lobby's is then closed."""

from __future__ import annotations

import queue
from collections.abc import Callable

from holdem_desktop.net.client import Closed
from holdem_desktop.net.lobby_messages import LobbyList, Tables
from holdem_desktop.net.online import OnlineClient

__all__ = ["LobbyWatch"]


class LobbyWatch:
    """The lobby of the server ``server`` over ``client`` (open, its
    certificate checked): :attr:`tables` is the last list heard."""

    def __init__(self, server: str, client: OnlineClient, wake: Callable[[], None]) -> None:
        self.server = server
        self.client = client
        self.tables: Tables | None = None
        """The last list the server sent (None: none yet)."""
        self.closed = ""
        """Why the server closed the lobby ("" while it is open)."""
        self.variant = ""
        self.speed = ""
        client.on_message = wake
        client.send(LobbyList())

    def filter(self, variant: str, speed: str) -> None:
        """List only the tables of ``variant`` and ``speed`` ("": any)."""
        self.variant, self.speed = variant, speed
        self.client.send(LobbyList(variant, speed))

    def poll(self) -> bool:
        """Read what arrived; True when the list changed (or the lobby closed)."""
        changed = False
        while True:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return changed
            if isinstance(message, Tables) and message != self.tables:
                self.tables = message
                changed = True
            elif isinstance(message, Closed) and not self.closed:
                self.closed = message.reason or "lost"
                changed = True

    def close(self) -> None:
        """Leave the lobby (the connection closes)."""
        self.client.close(timeout=1)
