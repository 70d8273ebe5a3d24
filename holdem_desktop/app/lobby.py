"""A server's lobby as the desktop follows it: one connection in no room,
asking for the public tables (filtered by variant and speed) and hearing
the list again whenever it changes (at most once a second: the server
coalesces).  Joining a table, watching one or Play now open the room's own
connection (:meth:`~.rooms.Rooms.play_now`, :meth:`~.rooms.Rooms.join_public`);
the lobby's is then closed.  A lobby whose connection drops opens it again
by itself (as a room does), signed in again, and asks again what ended
while the account was away.  Meanwhile what only reads (the list, a filter,
the tournaments' list and standings) waits, the newest of each kind, and is
asked once the connection is back; what does something (join, watch, Play
now, register, take a registration back) is refused at once
(:attr:`LobbyWatch.reconnecting`: the pages say why).  The tournaments
registered or followed from here are followed again, quietly (one the
server refuses is said, with why: :mod:`.tournament_watch`)."""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem_desktop import __version__
from holdem_desktop.i18n.accounts import missed_told
from holdem_desktop.i18n.translate import _
from holdem_desktop.net.account_messages import (
    AskWhileAway,
    Missed,
    Rating,
    SeenWhileAway,
    WhileAway,
)
from holdem_desktop.net.client import Closed
from holdem_desktop.net.lobby_messages import GAMES, SPEEDS, JoinTable, LobbyList, PlayNow, Tables
from holdem_desktop.net.online import BACKOFF, PATIENCE, OnlineClient
from holdem_desktop.net.tournament_messages import TournamentNews
from holdem_desktop.net.tournament_tables import TournamentSeat
from holdem_desktop.ui.online import CertificateQuestion

from .accounts import rating_said
from .online import Invitation, open_online
from .room_files import RoomTokens
from .tournament_watch import TournamentWatch

if TYPE_CHECKING:
    from holdem_desktop.net.remote import RemoteTable

    from .rooms import Rooms

__all__ = ["LobbyWatch", "join_public", "open_lobby", "play_now"]

REOPENINGS = 3
"""Times a lobby's connection is opened again within :data:`PATIENCE`
seconds at most (a server that closes it at once is not knocked on forever)."""


@dataclass(frozen=True)
class _Reopened:
    """Put in the lost connection's inbox: the lobby goes on over ``client``."""

    client: OnlineClient


class LobbyWatch:
    """The lobby of the server ``server`` over ``client`` (open, its
    certificate checked): :attr:`tables` is the last list heard."""

    def __init__(self, server: str, client: OnlineClient, wake: Callable[[], None],
                 session: Callable[[], str | None] = lambda: None,
                 keep: RoomTokens | None = None,
                 rated: Callable[[Rating], None] = lambda mine: None,
                 missed_rating: Callable[[tuple[Missed, ...]], None] = lambda told: None,
                 reopen: Callable[[], object] | None = None,
                 backoff: tuple[float, ...] = BACKOFF) -> None:
        self.server = server
        self.reopen = reopen
        """Opens a new connection to the same lobby (an :class:`OnlineClient`,
        or why not) when this one drops; None: it is not opened again."""
        self.backoff = backoff
        self._wake = wake
        self._leaving = threading.Event()
        self._retrying = False
        self._reopened: list[float] = []
        self.games = GAMES
        """The games public tables play."""
        self.speeds = SPEEDS
        """The speeds they are listed with."""
        self.client = client
        self.tables: Tables | None = None
        """The last list the server sent (None: none yet)."""
        self.closed = ""
        """Why the server closed the lobby ("" while it is open)."""
        self.variant = ""
        self.speed = ""
        self.news: list[TournamentNews] = []
        """A tournament's news heard and not yet said (this connection registered there)."""
        self.told: list[str] = []
        """What to say after those news, not yet said: the account's new
        rating, told unasked at a rated tournament's end (after its news)."""
        self.rated = rated
        """Keeps that rating for the Lobby's first line (the Desktop's)."""
        self.missed_rating = missed_rating
        """Keeps the rating told with what ended while away for that line,
        unless the one kept is newer (the Desktop's)."""
        self.seat: TournamentSeat | None = None
        """Where a tournament registered from here seats its person now, until
        the Desktop takes them there (:mod:`.tournament_seat`)."""
        self._seats: list[TournamentSeat] = []
        """The seats told here (one told again, as a registration followed
        again after a reconnection is, is not taken twice)."""
        self.tournaments = TournamentWatch(client, session=session, server=server, keep=keep,
                                           told=self.told)
        """The server's tournaments (the Tournaments page asks for them)."""
        self.missed: list[str] = []
        """The rated tournaments that ended while the account was away, as
        the server told them at this sign-in (shown while the Lobby is open)."""
        client.on_message = wake
        client.send(LobbyList())
        self.ask_missed()

    @property
    def reconnecting(self) -> bool:
        """Whether the connection dropped and is being opened again (what
        does something is refused meanwhile; what reads waits)."""
        return self._retrying

    def ask_missed(self) -> None:
        """Signed in on this server (the Lobby opened, or Sign in just now):
        ask what ended while the account was away (kept by the server until
        acknowledged; a server that does not know the question answers
        ``malformed``, which passes unheard).  While reconnecting it is
        asked once the connection is back."""
        if not self._retrying and self.tournaments.sign_in():
            self.client.send(AskWhileAway())

    def filter(self, variant: str, speed: str) -> None:
        """List only the tables of ``variant`` and ``speed`` ("": any);
        while reconnecting, asked once the connection is back."""
        self.variant, self.speed = variant, speed
        if not self._retrying:
            self.client.send(LobbyList(variant, speed))

    def poll(self) -> bool:
        """Read what arrived; True when the list changed (or the lobby closed)."""
        changed = False
        if not self._retrying and not self.closed:
            self.tournaments.pump()  # (what waited its turn)
        while True:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return changed
            if isinstance(message, Tables) and message != self.tables:
                self.tables = message
                changed = True
            elif isinstance(message, TournamentNews):
                if self.seat is not None and (message.id, message.name) == (
                        self.seat.id, self.seat.name):
                    continue  # (after its seat: told again at the table's hello, kept there)
                self.news.append(message)
                changed = True
            elif isinstance(message, TournamentSeat):
                if message not in self._seats:  # (told again when followed again: once)
                    self._seats.append(message)
                    self.seat = message
                    changed = True
            elif isinstance(message, WhileAway):  # (each result told once, whatever comes)
                lines = list(dict.fromkeys(
                    line for m in message.results if (line := missed_told(
                        m.tournament, m.place, m.players, m.shared, m.rating, m.change))
                    not in self.missed))
                self.missed += lines
                self.told += lines
                if message.results:  # the rating after the last: the Lobby's first line
                    self.missed_rating(message.results)
                    # told (said next): the server forgets them (an older one: malformed,
                    # unheard)
                    self.client.send(SeenWhileAway(message.results))
                changed = True
            elif isinstance(message, Rating):  # (unasked: a tournament followed here rated)
                self.rated(message)
                self.told.append(rating_said(message))
                changed = True
            elif self.tournaments.take(message):
                changed = True
            elif isinstance(message, _Reopened):
                self._back(message.client)
                changed = True
            elif isinstance(message, Closed) and not self.closed:
                if self._lost():
                    self.told.append(_("Connection lost, reconnecting…"))
                else:
                    self.closed = message.reason or "lost"
                    self.tournaments.gone()  # (nothing kept is sent)
                changed = True

    def _lost(self) -> bool:
        """The connection dropped: open it again, on a thread, for
        :data:`PATIENCE` seconds; False: it is not (gone for good, the tries
        ran out, or it was opened again too often lately)."""
        now = time.monotonic()
        self._reopened = [t for t in self._reopened if now - t < PATIENCE]
        if self._retrying or self.reopen is None or self._leaving.is_set() \
                or len(self._reopened) >= REOPENINGS:
            self._retrying = False
            return False
        self._retrying = True
        self.tournaments.lost()
        lost, reopen, stop = self.client, self.reopen, self._leaving

        def tell(message: object) -> None:
            lost.inbox.put(message)  # type: ignore[arg-type]
            lost.on_message()

        def run() -> None:
            end, tries = time.monotonic() + PATIENCE, 0
            while not stop.is_set() and time.monotonic() < end:
                stop.wait(self.backoff[min(tries, len(self.backoff) - 1)]
                          * random.uniform(0.75, 1.25))
                tries += 1
                got = None if stop.is_set() else reopen()
                if isinstance(got, OnlineClient):
                    tell(_Reopened(got))
                    if stop.is_set():  # (the player left meanwhile)
                        got.close(timeout=1)
                    return
                if got is not None and not isinstance(got, str):
                    break  # a certificate to ask about: not asked behind the player's back
            if not stop.is_set():
                tell(Closed("lost"))

        threading.Thread(target=run, name="lobby reconnect", daemon=True).start()
        return True

    def _back(self, client: OnlineClient) -> None:
        """The lobby over a new connection: the list asked again (as filtered,
        the newest filter asked meanwhile), signed in again and asked what
        ended while the account was away; the tournaments' requests kept
        meanwhile sent, and the registrations made or followed from here
        followed again (quietly)."""
        if self._leaving.is_set():
            client.close(timeout=1)
            return
        self._retrying = False
        self._reopened.append(time.monotonic())
        self.client = client
        client.on_message = self._wake
        client.send(LobbyList(self.variant, self.speed))
        self.tournaments.reconnected(client)
        self.told.append(_("Connected to {server} again.").format(
            server=self.server.split("?")[0]))
        self.ask_missed()
        self.tournaments.pump()

    def close(self) -> None:
        """Leave the lobby (the connection closes)."""
        self._leaving.set()
        self.client.close(timeout=1)


def _server_only(rooms: Rooms, server: str) -> Invitation | str:
    """A server's address (not a LAN room's invitation), or why not."""
    where = rooms.where(server)
    if not isinstance(where, str) and where.lan:
        return _("This is an invitation to a room on the local network, not a server's "
                 "address.")
    return where


def open_lobby(rooms: Rooms, server: str) -> OnlineClient | str | CertificateQuestion:
    """A connection to the lobby of ``server`` (its certificate checked as
    for a room), the question about an unknown certificate, or why not."""
    where = _server_only(rooms, server)
    return where if isinstance(where, str) else open_online(rooms.book, where)


def play_now(rooms: Rooms, server: str, name: str, variant: str = "", speed: str = ""
             ) -> RemoteTable | str | CertificateQuestion:
    """Sit at once at a public table of ``server`` (of that variant and speed,
    when given), or at a new one with computers."""
    where = _server_only(rooms, server)
    if isinstance(where, str):
        return where
    rooms.watching = False
    name = rooms.sessions.name(where.server, name)
    got = rooms.online_table(where, lambda key: PlayNow(name, __version__, variant, speed),
                             name)
    if not isinstance(got, str | CertificateQuestion):
        got.newcomer = True  # (Play now carries no seat's token)
    return got


def join_public(rooms: Rooms, server: str, code: str, name: str, watch: bool = False
                ) -> RemoteTable | str | CertificateQuestion:
    """Join (or ``watch``) the public table ``code`` the lobby of ``server`` listed."""
    where = _server_only(rooms, server)
    if isinstance(where, str):
        return where
    rooms.watching = watch
    name = rooms.sessions.name(where.server, name)
    sent: list[str | None] = []

    def first(key: str) -> JoinTable:
        sent.append(rooms.tokens.get(key + code, name))
        return JoinTable(name, __version__, code, watch, sent[-1])

    got = rooms.online_table(where, first, name)
    if not isinstance(got, str | CertificateQuestion):
        got.newcomer = sent == [None]  # no seat's token: a seat here is a new one
        got.watch_only = watch and got.welcome.spectator  # (Watch: never a seat here)
    return got
