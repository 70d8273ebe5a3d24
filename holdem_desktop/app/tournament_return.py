"""Back to a running tournament after the game started again (issue 35).

The registrations made from this computer are kept with their tokens in
``rooms.json`` (:mod:`.tournament_watch`).  As the game opens,
:class:`RunningCheck` asks each of their servers, on a thread of its own
(the window never waits for a server that does not answer), for its list of
tournaments: one that is still running is offered at once ("You have a
running tournament…", Enter goes back to the seat: the Lobby of that server
registers again with the kept token, the server answers ``registered`` with
the seat, and the Desktop sits there, as the Tournaments page does).  A
tournament that has ended meanwhile, a server that does not answer or whose
certificate was never trusted: nothing is offered.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from holdem_desktop.i18n.translate import _

from .room_files import RoomTokens

if TYPE_CHECKING:
    from holdem_desktop.net.online import OnlineClient
    from holdem_desktop.net.tournament_messages import Tournaments

    from .desktop import Desktop
    from .rooms import Rooms

__all__ = ["ANSWER_WITHIN", "Running", "RunningCheck", "look_for_running", "offer", "polled",
           "saved_registrations"]

ANSWER_WITHIN = 10.0
"""Seconds a server has to send its list of tournaments."""
MARK = "#tournament:"


@dataclass(frozen=True)
class Running:
    """A tournament still running where this computer registered ``name``."""

    server: str
    id: str
    title: str
    """The tournament's name, as the server lists it."""
    name: str


def saved_registrations(tokens: RoomTokens) -> dict[str, dict[str, str]]:
    """Server -> {tournament id: the name registered (folded to lower case,
    as kept)}, the newest registration of each server last."""
    found: dict[str, dict[str, str]] = {}
    for key in tokens.tokens:
        where, _slash, name = key.rpartition("/")
        server, mark, tournament = where.partition(MARK)
        if mark and server and tournament and name:
            found.setdefault(server, {})[tournament] = name
    return found


class RunningCheck:
    """The saved registrations' servers asked whether each tournament still
    runs (:meth:`start`: on a thread); :attr:`found` once one is.  ``names``
    says the names this player may have registered under on a server (the
    account's, the player's): the server is asked with the name as it was
    typed, the tokens keep it folded."""

    def __init__(self, rooms: Rooms, names: Callable[[str], tuple[str, ...]],
                 wake: Callable[[], None] = lambda: None) -> None:
        self.rooms = rooms
        self.names = names
        self.wake = wake
        self.found: Running | None = None
        self.done = threading.Event()
        self._saved = saved_registrations(rooms.tokens)
        self._servers = {server: self._client(server) for server in reversed(self._saved)}

    def _client(self, server: str) -> OnlineClient | None:
        """A connection (not yet open) to ``server`` whose certificate this
        computer trusts (None: never trusted, or not a server's address)."""
        from holdem_desktop.net.online import OnlineClient

        where = self.rooms.where(server)
        if isinstance(where, str) or where.lan:
            return None
        pin = self.rooms.book.pin(where.server) or where.pin
        return OnlineClient(where.host, where.port, pin=pin)

    def start(self) -> None:
        """Ask, on a thread (nothing to ask: done at once)."""
        if not any(self._servers.values()):
            self.done.set()
            return
        threading.Thread(target=self._ask, name="running-tournaments", daemon=True).start()

    def _ask(self) -> None:
        try:
            for server, client in self._servers.items():
                if client is None:
                    continue
                found = self._running(server, client)
                if found is not None:
                    self.found = found
                    with contextlib.suppress(Exception):  # (the window closed meanwhile)
                        self.wake()
                    return
        finally:
            self.done.set()

    def _running(self, server: str, client: OnlineClient) -> Running | None:
        from holdem_desktop.net.tournament_messages import TournamentList, Tournaments

        try:
            client.connect(ANSWER_WITHIN)
        except Exception:  # (not answering, a certificate changed: nothing offered)
            return None
        try:
            client.send(TournamentList())
            end = time.monotonic() + ANSWER_WITHIN
            while (left := end - time.monotonic()) > 0:
                try:
                    message = client.inbox.get(timeout=left)
                except queue.Empty:
                    return None
                if isinstance(message, Tournaments):
                    return self._first_running(server, message)
            return None
        finally:
            with contextlib.suppress(Exception):
                client.close(timeout=1)

    def _first_running(self, server: str, listed: Tournaments) -> Running | None:
        saved = self._saved.get(server, {})
        for info in listed.tournaments:
            folded = saved.get(info.id)
            if folded is None or info.state != "running":
                continue
            name = next((n for n in self.names(server) if n.casefold() == folded), "")
            if name:
                return Running(server, info.id, info.name, name)
        return None


def look_for_running(desktop: Desktop) -> RunningCheck | None:
    """As the game opens: the servers of the registrations kept in
    ``rooms.json`` asked (None: none kept; the network modules and the rooms
    are then not loaded, for the launch time)."""
    try:
        kept = (desktop.data / "rooms.json").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if MARK not in kept:
        return None
    import pygame

    kind = pygame.event.custom_type()

    def wake() -> None:  # found: the window's loop wakes and offers it
        pygame.event.post(pygame.event.Event(kind))

    def names(server: str) -> tuple[str, ...]:
        return (desktop.account_name(server), desktop.settings.player_name)

    check = RunningCheck(desktop.rooms, names, wake)
    check.start()
    return check


def offer(desktop: Desktop, found: Running) -> bool:
    """``found`` offered, on the start screen (a player who went on to a
    game is left to it): "You have a running tournament…", Enter goes back
    to the seat.  True when offered."""
    from holdem_desktop.ui.dialog import CONFIRM, Dialog
    from holdem_desktop.ui.lobby import LobbyDesktop, back_to_tournament
    from holdem_desktop.ui.menus import StartPage
    from holdem_desktop.ui.page import Push

    screen = desktop.screen
    if not isinstance(screen, StartPage):
        return False
    where = found.server.split("?")[0]
    dialog = Dialog(screen, _("You have a running tournament: {tournament}, on {server}. "
                              "Go back to your seat?").format(tournament=found.title,
                                                              server=where),
                    _("Back to my seat"),
                    lambda: back_to_tournament(cast("LobbyDesktop", desktop), found.server,
                                               found.id, found.name, desktop.say),
                    cancel=_("Not now"), say=desktop.say)
    dialog.focus.id = CONFIRM  # Enter goes back: nothing is lost by it
    desktop.moves.append(Push(dialog))
    return True


def polled(desktop: Desktop) -> Callable[[], bool]:
    """The window's poll: the desktop's, and once :attr:`Desktop.running`
    found a tournament, its offer (once)."""

    def poll() -> bool:
        check = desktop.running
        if check is not None and check.found is not None:
            desktop.running = None
            return offer(desktop, check.found)
        return desktop.poll()

    return poll
