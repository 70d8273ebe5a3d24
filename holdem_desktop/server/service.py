"""The server's network side: WebSocket over TLS (the ``websockets``
library) on one asyncio loop, in front of the :class:`~.lobby.Lobby`.

One port answers three things:

- ``GET /health``: JSON with ``rooms``, ``people``, ``connections``,
  ``hands_per_second`` (over the last minute), ``uptime`` and ``version``
  (and ``tournament_hands`` with ``--tournaments``: hands dealt at their tables;
  ``gc_passes`` and ``gc_longest_ms`` from ``serve``: :mod:`.collector`);
- a WebSocket upgrade on ``/``: a connection to the lobby.  Each WebSocket
  message holds one protocol payload (the JSON a LAN frame carries, without
  its length: WebSocket does the framing), at most
  :data:`~holdem_desktop.net.protocol.MAX_FRAME` bytes;
- the table as a web page (``GET /``, its files, and its WebSocket on
  ``/web``: :mod:`.web_files`, :mod:`.web`);
- anything else: bytes that are not TLS fail the TLS handshake and are
  dropped; a request that is not HTTP, or not an upgrade, is answered with
  an HTTP error and closed.  Nobody else notices.

The limits, per connection and per address (docs/server.md): connections
open at once per address (counted from accept on, before the TLS
handshake, until the socket is closed: :class:`~holdem_desktop.net.limits.Listener`)
and in all; a hello (or create) within ``hello_deadline``; at most ``rate``
messages a second (a burst of ``burst``); ``max_bad`` unreadable messages;
a message over the size limit closes the connection; so does saying
nothing for ``idle`` seconds, or leaving :data:`MAX_QUEUED` messages unread
(each connection has its own queue and sender, so one slow reader never
holds up the others).  Three drops for abuse in a minute bar the address
for a minute.  Each event is one line of the server log: time, address,
room, event.  The address is
the peer's, or, for a connection from a trusted reverse proxy, the client
its header names (:mod:`.proxies`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import itertools
import json
import logging
import secrets
import socket
import ssl
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from holdem_desktop import __version__
from holdem_desktop.engine.hand_classes import tables
from holdem_desktop.net.compact import Shortener
from holdem_desktop.net.fast_json import fast_text
from holdem_desktop.net.limits import (
    CLOSE_DEADLINE,
    PENALTY_DROPS,
    PENALTY_TIME,
    AddressWindow,
    HostLog,
    TokenBucket,
    listener,
)
from holdem_desktop.net.lobby_messages import TableInfo
from holdem_desktop.net.protocol import (
    ACCOUNT_ASKS,
    MAX_FRAME,
    Bye,
    ClientMessage,
    Create,
    Error,
    Hello,
    HostMessage,
    JoinTable,
    MalformedMessage,
    PlayNow,
    Refused,
    parse_client,
    to_text,
)
from holdem_desktop.net.sit_out import SitOutRule
from holdem_desktop.net.standings_messages import AskStandings
from holdem_desktop.net.tournament_messages import (
    MAX_TOURNAMENTS,
    TournamentEntry,
    TournamentInfo,
)
from holdem_desktop.net.tournament_tables import TournamentTables
from holdem_desktop.net.wire import WireError, decode, to_json

from . import web_files
from .account_desk import AccountDesk
from .cluster import Directory, Peer, process_id
from .collector import Collector
from .config import ServerConfig, clocks
from .fast_loop import fast_ws_available, run_server, small_tls_reads
from .lobby import Lobby, LobbyLimits
from .peer_links import AWAY, PeerLinks, open_link
from .proxies import Proxies
from .sending import BATCH, Connection, send_texts, takes_now, write_now
from .silence import Silence
from .tables import SLICE
from .tournament_news import Followers
from .tournament_ratings import rater
from .tournament_service import DeskFile
from .web import serve_page
from .web_chat import PageChats

__all__ = ["MAX_QUEUED", "GameServer", "run_server"]

MAX_QUEUED = 512
"""Messages waiting for one slow connection before it is dropped (``unread``)."""
MAX_BAD = 10
"""Unreadable messages one connection may send before it is dropped."""
TICK = 0.5
"""Seconds between the rooms' clock ticks."""
PLAY_SLICE = 0.004
"""Seconds of the loop the tournaments' computer tables take at a time (a
hand begun is played on: about 5 ms), the people's messages in between."""
PLAY_YIELD = 5
"""Turns of the loop given to the rest between two slices (a person's message
takes several: its bytes read, the message handled, the answers saved and
written in the turn after: :meth:`GameServer._deliver_soon`)."""
PLAY_IDLE = 0.05
"""Seconds before the tournaments' tables are looked at again when every
one of them waited (a person's own table is dealt in their own turn)."""
SHARE_EVERY = 1.0
"""Seconds between two readings of the other processes' public tables."""
HANDSHAKE_ROOM = 64
"""Sockets past ``max_connections`` let in to be told "Server full" (HTTP 503)."""
ADDRESS_ROOM = 4
"""Sockets past ``max_per_address`` let in from one address to be answered
(HTTP 429 "Too many connections", ``/health``) rather than cut at accept."""
WINDOWS_CONNECTIONS = 384
"""``max_connections`` at most on Windows: its selector loop waits with
``select()``, which takes 512 sockets, and the server's own (listening,
Redis, the handshakes of :data:`HANDSHAKE_ROOM`) come on top."""
_QUIET = logging.getLogger("holdem_desktop.server.websockets")
_QUIET.addHandler(logging.NullHandler())
_QUIET.propagate = False  # handshake failures are counted and logged by us, once


@dataclass
class _Conn:
    ws: ServerConnection
    address: str
    queue: deque[HostMessage | str | asyncio.Future[None]] = field(default_factory=deque)
    """What to send, in order; a text is another process's message passed on as
    it came (:mod:`.peer_links`); a future is a save to wait for before what follows."""
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    gate: asyncio.Future[None] | None = None
    shorten: Shortener = field(default_factory=Shortener)
    """Each table without the history its previous one carried (:mod:`..net.compact`)."""
    idle: bool = False
    """The sender waits for messages, having sent all before (what comes
    may then be written at once: :func:`.sending.write_now`)."""


class GameServer(AccountDesk):
    """Rooms for players anywhere: run it with :meth:`run` (the process's
    loop) or :meth:`start` (a background thread, for tests and benches)."""

    def __init__(self, config: ServerConfig, *, store: Any = None) -> None:
        if sys.platform == "win32" and config.max_connections > WINDOWS_CONNECTIONS:
            config = dataclasses.replace(config, max_connections=WINDOWS_CONNECTIONS)
        self.config = config
        self.lobby = Lobby(__version__, clock=time.monotonic, limits=LobbyLimits(
            max_rooms=config.max_rooms, creations=config.room_creations,
            max_watchers=config.max_watchers, idle_room=config.idle_room,
            max_public=config.max_public, idle_public=config.idle_public,
            speeds=clocks(config),
            sit_out=SitOutRule(config.sit_out_after, config.sit_out_hands)))
        self.store = store
        """Where rooms are saved after every action (None: nowhere)."""
        self.tournaments = (DeskFile(config.tournaments, config.data, self.lobby,
                                     speed=config.tournament_clock,
                                     pace=config.tournament_pace,
                                     prefix=process_id(config.data)[:6] if config.redis else "")
                            if config.tournaments is not None else None)
        """The tournaments offered (``--tournaments``), saved in the data folder."""
        self.lobby.desk = self.tournaments.desk if self.tournaments is not None else None
        self.lobby.followers = Followers(self.lobby.desk) if self.lobby.desk is not None else None
        self.log = HostLog(config.log_folder / "server.log", rate=50.0, burst=500.0)
        self.stats: Counter[str] = Counter()
        """connections, messages, refusals and drops by reason."""
        self.page_chats = PageChats()
        """The chat each web page's player had, for their page back (server/web_chat.py)."""
        self.lobby.on_said = self.page_chats.said  # (and the lines said while it was away)
        self.collector: Collector | None = None
        """The cycle collector's full passes, paced by this server's clock
        while it serves (set by the ``serve`` command: a process of its own)."""
        self.port = config.port
        self.ssl: ssl.SSLContext | None = None
        self.started = time.monotonic()
        self._conns: dict[str, _Conn] = {}
        self._texts: dict[int, tuple[HostMessage, str]] = {}
        """Messages encoded since the last delivery, by identity: one list of
        tables sent to 500 followers of the lobby, or one room's events sent
        to each of its members, is encoded once."""
        self._delivery_due = False
        """A delivery is asked for the next turn of the loop (:meth:`_deliver_soon`)."""
        self._per_address: Counter[str] = Counter()
        """WebSocket connections open now, by the player's address."""
        self._open: Counter[str] = Counter()
        """Sockets open now by the peer's address, from accept on (in their
        TLS handshake and HTTP upgrade too): see :meth:`_admit_socket`."""
        self._sockets = 0
        self._proxies = Proxies(config.trusted_proxies, config.proxy_header)
        self._peers: set[str] = set()
        """Addresses from which a process of this server has proved itself
        (its relayed players are counted by their own addresses)."""
        self._real: dict[int, str] = {}
        """Connections through a trusted proxy or a peer process: the address
        of the player behind it."""
        self._from_peer: set[int] = set()
        """Connections a peer process sent on (never sent on again)."""
        self._links: dict[str, PeerLinks] = {}
        """Lobby connections' links to the processes running tournaments they
        asked about (:mod:`.peer_links`)."""
        self._barred = AddressWindow(PENALTY_DROPS, PENALTY_TIME)
        self._ids = itertools.count(1)
        self._hands: deque[tuple[float, int]] = deque([(time.monotonic(), 0)])
        self._beaten = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._logged_at: dict[str, float] = {}
        self.directory: Directory | None = None
        """The room directory shared with other processes (``--redis``): set
        before :meth:`run`, which joins it."""
        self.cert_pem = ""
        """This process's certificate (PEM), published for its peers to pin."""
        self._beating: asyncio.Task[None] | None = None
        self._sharing: asyncio.Task[None] | None = None
        self._shared_at = 0.0
        self._published: tuple[list[TableInfo], float] = ([], 0.0)
        """This process's public tables as last published, and when."""
        self._tournaments_published: tuple[tuple[TournamentInfo, ...], float] = ((), 0.0)
        """This process's tournaments as last published, and when."""
        self._claimed: set[str] = set()
        """Its tournaments' tables whose codes this process claimed in the directory."""
        self._eager: set[str] = set()
        """Codes of those claimed as they opened (:meth:`_claim_tables`; once:
        one another process holds is tried again every second, as any)."""
        self._chores: set[asyncio.Task[None]] = set()
        """Directory calls under way (a room's code given back)."""
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="room saves")
        self._batch: list[tuple[list[tuple[str, str]], list[str]]] | None = None
        """Saves not yet begun by the writer: they join one batch (one wake-up)."""
        self._batch_done: asyncio.Future[None] | None = None
        self._batch_lock = threading.Lock()
        """One thread replaces and deletes the rooms' files, in order, off the loop."""
        self._pending: Counter[str] = Counter()
        """Rooms with a save (or their deletion) handed to the writer thread and
        not done yet: their next saves follow it there, in order."""
        self._open_accounts()
        if self.tournaments is not None:  # a tournament over rates its accounts
            rate = rater(self.accounts, self._event, self._tournament_rated)
            self.tournaments.on_over = rate  # (the news of the end tell each change)
            if self.lobby.followers is not None:
                self.lobby.followers.rate = rate

    # ------------------------------------------------------------------
    # Running

    async def run(self, ready: Callable[[int], None] | None = None) -> None:
        """Serve until :meth:`stop`; ``ready`` hears the port once listening."""
        tables()  # the evaluator's tables, built now rather than at a showdown
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(self._loop_error)
        self._stopping = asyncio.Event()
        # Every accepted socket counts against its address until it is closed
        # (net/limits.py's Listener: no path gets round it, the TLS goodbye
        # included), and is closed within CLOSE_DEADLINE of the WebSocket's
        # and then TLS's goodbye (websockets waits 10 s, asyncio's TLS 30 s).
        small_tls_reads()  # 32 kB a connection, not asyncio's 256 kB
        tls_goodbye: dict[str, Any] = (  # (only a TLS server may be given it)
            {"ssl_shutdown_timeout": CLOSE_DEADLINE} if self.ssl is not None else {})
        sock = listener(self.config.bind, self.config.port, self._admit_socket)
        close_all: Callable[[], None] | None = None
        if self.config.picows and fast_ws_available():
            from .fast_ws import serve_fast
            server: Any
            server, close_all = await serve_fast(self._request, self._handle, sock, self.ssl,
                                                 CLOSE_DEADLINE)
        else:
            server = await serve(
                self._handle, sock=sock,
                ssl=self.ssl, process_request=self._request, max_size=MAX_FRAME, max_queue=16,
                write_limit=1 << 16, ping_interval=20, ping_timeout=20, open_timeout=10,
                close_timeout=CLOSE_DEADLINE, compression=None, server_header=None,
                logger=_QUIET, create_connection=Connection, **tls_goodbye)
        self.port = server.sockets[0].getsockname()[1]
        tickers: list[asyncio.Task[None]] = []
        try:
            if self.directory is not None:
                await self._attach(self.directory)
            if self.collector is not None:
                self.collector.start()
            if ready is not None:
                ready(self.port)
            tickers = [asyncio.create_task(self._ticker()), asyncio.create_task(self._lists())]
            if self.tournaments is not None:
                tickers.append(asyncio.create_task(self._tournament_play(self.tournaments)))
            await self._stopping.wait()
        finally:
            if self.collector is not None:
                self.collector.stop()
            for ticker in tickers:
                ticker.cancel()
            if close_all is not None:
                server.close()
                close_all()
            else:
                server.close(close_connections=True)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 5)
            self._writer.shutdown(wait=True)  # every save begun is finished
            self._close_accounts()
            if self.tournaments is not None:  # (before its tables' rooms, as always; whole)
                self.tournaments.save(whole=True)
            self._save(now=True)
            if self.store is not None:
                self.store.compact()  # one save a file, for whoever reads them next
            if self.directory is not None:
                if self._chores:
                    await asyncio.wait(self._chores, timeout=self.directory.timeout * 2)
                await self.directory.leave()

    def start(self, timeout: float = 10.0) -> int:
        """Serve on a background thread; returns the port."""
        def ready(port: int) -> None:
            self._ready.set()

        def main() -> None:
            try:
                run_server(self.run(ready), self.config.uvloop)
            except BaseException as exc:  # reported to start(), never raised in the thread
                self._failure = exc
                self._ready.set()

        self._thread = threading.Thread(target=main, name="game server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the server did not start")
        if self._failure is not None:
            raise self._failure
        return self.port

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection and stop serving."""
        loop, stopping = self._loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stopping.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def stop_soon(self) -> None:
        """Stop serving (on the server's own loop: a signal handler)."""
        if self._stopping is not None:
            self._stopping.set()

    def call(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` on the server's loop (tests: to look at the lobby safely)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(fn)

    async def _attach(self, directory: Directory) -> None:
        """Join the shared directory: say where this process is reached and
        with which certificate, claim the rooms restored from their saves
        (closing those another process holds now), and give back the codes
        of rooms closed from then on.  Raises
        :class:`~.cluster.DirectoryError` when Redis cannot be reached."""
        if not directory.address:
            host = (self.config.bind if self.config.bind not in ("0.0.0.0", "::")
                    else socket.getfqdn())
            directory.address = self.config.advertise or f"{host}:{self.port}"
        directory.cert = self.cert_pem if self.ssl is not None else ""
        await directory.open()
        lost = await directory.restored(list(self.lobby.rooms))
        for code in lost:
            self.lobby.close_room(code, "moved")
        self._claimed = self.lobby.kept - set(lost)  # (a tournament's tables, restored)
        self.lobby.release = self._release
        await self._beat()

    async def _beat(self) -> None:
        if self.directory is None:
            return
        try:
            await self.directory.beat(len(self.lobby.rooms), self.lobby.people)
        except Exception as exc:  # Redis away: the rooms here play on
            self._redis_trouble(exc)

    async def _share_tables(self) -> None:
        """(With ``--redis``.)  Publish this process's public tables when they
        changed (and every heartbeat), and read the other processes': the
        lobby lists them all, and Play now and a join reach them."""
        assert self.directory is not None
        mine = self.lobby.tables.here()
        now = time.monotonic()
        try:
            if mine != self._published[0] or now - self._published[1] >= self.directory.heartbeat:
                await self.directory.publish_tables(to_json(tuple(mine)), SHARE_EVERY)
                self._published = (mine, now)
            found: dict[str, TableInfo] = {}
            for text in (await self.directory.public_tables()).values():
                with contextlib.suppress(ValueError, WireError):  # a peer's is checked too
                    tables = decode(json.loads(text), tuple[TableInfo, ...], "tables",
                                    max_items=100_000)
                    found.update((t.code, t) for t in tables)
            self.lobby.tables.elsewhere = found
        except Exception as exc:  # Redis away: the lobby lists this process's tables
            self._redis_trouble(exc)
        try:
            await self._share_tournaments(now)
        except Exception as exc:  # Redis away: the lobby lists this process's tournaments
            self._redis_trouble(exc)

    async def _share_tournaments(self, now: float) -> None:
        """(With ``--redis``.)  Publish this process's tournaments' lobby
        lines when they changed (and every heartbeat), read the other
        processes', and claim the codes of its tournaments' tables in the
        directory (a hello to one reaches it from any process)."""
        assert self.directory is not None
        desk = self.lobby.desk
        mine = tuple(desk.listing()) if desk is not None else ()
        if mine != self._tournaments_published[0] or (
                now - self._tournaments_published[1] >= self.directory.heartbeat):
            await self.directory.publish_tournaments(to_json(mine), SHARE_EVERY)
            self._tournaments_published = (mine, now)
        found: dict[str, tuple[str, TournamentInfo]] = {}
        own = desk.entries if desk is not None else {}
        for pid, text in (await self.directory.tournaments()).items():
            with contextlib.suppress(ValueError, WireError):  # a peer's is checked too
                lines = decode(json.loads(text), tuple[TournamentInfo, ...], "tournaments",
                               max_items=MAX_TOURNAMENTS)
                found.update((t.id, (pid, t)) for t in lines if t.id not in own)
        self.lobby.tournaments_elsewhere = found
        self._claimed &= self.lobby.kept
        self._eager &= self.lobby.kept
        for code in sorted(self.lobby.kept - self._claimed):
            if code in self.lobby.rooms and await self.directory.claim(code):
                self._claimed.add(code)

    def _redis_trouble(self, exc: BaseException) -> None:
        """Count a failed directory call; log it once per reason a minute."""
        reason = f"redis_{type(exc).__name__}"
        self.stats[reason] += 1
        now = time.monotonic()
        if now - self._logged_at.get(reason, -60.0) >= 60.0:
            self._logged_at[reason] = now
            self._event("", "", reason)

    def _release(self, code: str) -> None:
        """(The lobby.)  Give back the code of a room closed, off the loop's way."""
        directory = self.directory
        if directory is None:
            return

        async def release() -> None:
            try:
                await directory.release(code)
            except Exception as exc:  # its entry is dropped by lookups once stale
                self._redis_trouble(exc)

        self._chore(release())

    def _chore(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` off the way of the loop's caller (waited for at the stop)."""
        task = asyncio.get_running_loop().create_task(work)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def _reserve(self) -> str | None:
        """A new room's code, claimed in the directory (None: Redis away)."""
        assert self.directory is not None
        for tries in (1, 2):
            try:
                for _attempt in range(20):
                    code = f"{secrets.randbelow(10**6):06d}"
                    if code not in self.lobby.rooms and await self.directory.claim(code):
                        return code
                return None
            except Exception as exc:
                # A loop busy with a crowd arriving can outlast one call's bound
                # while Redis answered in time: a timeout is tried once more.
                if tries == 2 or "Timeout" not in type(exc).__name__:
                    self._redis_trouble(exc)
                    return None
        return None

    # ------------------------------------------------------------------
    # What the server tells

    def health(self) -> dict[str, Any]:
        """The numbers ``GET /health`` answers."""
        now = time.monotonic()
        then, before = self._hands[0]
        rate = (self.lobby.hands_dealt - before) / max(now - then, 1.0)  # over a minute at most
        return {"status": "ok", "version": __version__, "rooms": len(self.lobby.rooms),
                "people": self.lobby.people, "connections": len(self._conns),
                "hands": self.lobby.hands_dealt, "hands_per_second": round(rate, 3),
                "uptime": round(now - self.started, 1)} | (
                    {} if self.tournaments is None
                    else {"tournament_hands": self.tournaments.hands}) | (
                    {} if self.collector is None
                    else {"gc_passes": self.collector.passes,
                          "gc_longest_ms": round(self.collector.longest * 1000.0, 1),
                          "gc_young_passes": self.collector.young_passes,
                          "gc_freed": self.collector.freed,
                          "gc_young_longest_ms": round(self.collector.longest_young * 1000.0,
                                                       1)})

    def _event(self, address: str, room: str, event: str) -> None:
        """One line of the server log (never a name, a card or a token)."""
        self.log.write(address, f"{room or '-'}  {event}")

    def _drop(self, address: str, reason: str, *, abuse: bool = False) -> None:
        self.stats[reason] += 1
        self._event(address, "", reason)
        if abuse:
            self._barred.note(address, time.monotonic())

    def _close_banned(self, conn: str, address: str) -> None:
        """Close ``conn``: the settings file now bans its address or account."""
        self._drop(address, "banned")
        self._queue(conn, Bye("banned"))

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's own reports (a TLS handshake that failed, accept() out
        of file descriptors): counted, and logged once per reason a minute."""
        message = str(context.get("message", ""))
        reason = ("tls_failed" if "SSL" in message or "handshake" in message
                  else "accept_error" if "accept" in message else "loop_error")
        self.stats[reason] += 1
        now = time.monotonic()
        if now - self._logged_at.get(reason, -60.0) >= 60.0:
            self._logged_at[reason] = now
            self._event("", "", reason)

    # ------------------------------------------------------------------
    # HTTP: /health, and who may open a WebSocket

    def _admit_socket(self, peer: str) -> Callable[[], None] | None:
        """(On the loop, at accept.)  Whether a connection from ``peer`` may
        begin its TLS handshake: at most :data:`ADDRESS_ROOM` more than
        ``max_per_address`` sockets from one address (those are answered
        HTTP 429 if they get that far), and :data:`HANDSHAKE_ROOM` more than
        ``max_connections`` in all.
        Trusted proxies and this server's other processes carry many
        players: they are held to the total only, and each player behind
        them to ``max_per_address`` by their own address (:meth:`_request`).
        Returns what to call when the socket closes (None: closed at once)."""
        exempt = peer in self._peers or self._proxies.trusted(peer)
        if self._sockets >= self.config.max_connections + HANDSHAKE_ROOM:
            self._drop(peer, "crowded")
            return None
        if not exempt and self._open[peer] >= self.config.max_per_address + ADDRESS_ROOM:
            self._drop(peer, "busy")
            return None
        self._open[peer] += 1
        self._sockets += 1
        released = False

        def release() -> None:
            nonlocal released
            if released:
                return
            released = True
            self._sockets -= 1
            self._open[peer] -= 1
            if self._open[peer] <= 0:
                del self._open[peer]

        return release

    def _address(self, connection: ServerConnection) -> str:
        """The player's address: the peer's, or the one a trusted proxy or a
        peer process said is behind it."""
        return self._real.get(id(connection)) or _address(connection)

    def _request(self, connection: ServerConnection, request: Request) -> Response | None:
        peer = _address(connection)
        proof = request.headers.get("X-Holdem-Peer")
        if proof is not None:  # a join another process of this server sent on
            client = request.headers.get("X-Holdem-Client", "")
            if self.directory is None or not secrets.compare_digest(
                    proof.encode(), self.directory.secret.encode()) or not _is_ip(client):
                self._drop(peer, "bad_peer", abuse=True)
                return connection.respond(HTTPStatus.FORBIDDEN, "Forbidden\n")
            self._peers.add(peer)
            self._real[id(connection)] = client
            self._from_peer.add(id(connection))
        elif self._proxies.trusted(peer):  # the header is read from a trusted proxy only
            self._real[id(connection)] = self._proxies.client(peer, request.headers)
        address = self._address(connection)
        path = request.path.partition("?")[0]
        if path == "/health":
            self.stats["health"] += 1
            return _json(connection, HTTPStatus.OK, self.health())
        page = web_files.page_response(request, path)  # the table as a web page
        if page is not None:
            self.stats["page"] += 1
            return page
        origin = request.headers.get("Origin")
        if (origin is not None and origin not in self.config.origins
                and not web_files.own_origin(request, origin)):
            self._drop(address, "origin")
            return connection.respond(HTTPStatus.FORBIDDEN, "Origin not allowed\n")
        if path not in ("/", web_files.SOCKET_PATH):
            self.stats["not_found"] += 1
            return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")
        if self._barred.full(address, time.monotonic()):
            self._drop(address, "rate_limited")
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "Rate limited\n")
        if self._banned(address):
            self._drop(address, "banned")
            return connection.respond(HTTPStatus.FORBIDDEN, "Banned\n")
        relayed = id(connection) in self._real
        if (self._per_address[address] >= self.config.max_per_address if relayed
                else self._open[peer] > self.config.max_per_address):  # this one counted
            self._drop(address, "busy")
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "Too many connections\n")
        if len(self._conns) >= self.config.max_connections:
            self._drop(address, "crowded")
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "Server full\n")
        return None

    # ------------------------------------------------------------------
    # WebSocket connections

    async def _handle(self, ws: ServerConnection) -> None:
        try:
            if ws.request is not None and ws.request.path.partition("?")[0] == \
                    web_files.SOCKET_PATH:
                await serve_page(self, ws)  # a web page's player (server/web.py)
            else:
                await self._serve(ws)
        finally:
            self._real.pop(id(ws), None)
            self._from_peer.discard(id(ws))

    async def _serve(self, ws: ServerConnection) -> None:
        address = self._address(ws)
        if (self._per_address[address] >= self.config.max_per_address
                or len(self._conns) >= self.config.max_connections):  # raced past the check
            self._drop(address, "busy")
            with contextlib.suppress(Exception):
                await ws.send(to_text(Refused("busy")))
            return
        conn, sender = self._opened(ws, address)
        bucket = TokenBucket(self.config.rate, self.config.burst, time.monotonic)
        bad = 0
        came = time.monotonic()

        def deadline(since: float) -> tuple[float, str]:
            """When a wait for ``conn``'s next message that began at
            ``since`` ends, and why: ``idle`` seconds of silence, or the
            hello's deadline while it is in no room, list, tournament or
            link."""
            if (not self.lobby.room_of(conn) and not self.lobby.tables.following(conn)
                    and not self.lobby.awaits_tournament(conn) and not self._links.get(conn)
                    and came + self.config.hello_deadline < since + self.config.idle):
                return came + self.config.hello_deadline, "hello_timeout"
            return since + self.config.idle, "idle"

        silence = Silence(deadline)
        try:
            while conn in self._conns:
                try:
                    data = await silence.wait(ws.recv())
                except TimeoutError:
                    self._drop(address, silence.why)
                    self._queue(conn, Bye(silence.why))
                    break
                except ConnectionClosed as exc:
                    if exc.sent is not None and exc.sent.code == 1009:  # over max_size
                        self._drop(address, "too_large", abuse=True)
                    break
                if not bucket.take():
                    self._drop(address, "flooding", abuse=True)
                    self._queue(conn, Bye("flooding"))
                    break
                payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
                try:
                    message = parse_client(payload)
                except MalformedMessage as exc:
                    bad += 1
                    self.stats["malformed"] += 1
                    self._queue(conn, Error("malformed", {"reason": exc.reason}))
                    if bad > MAX_BAD:
                        self._drop(address, "abuse", abuse=True)
                        self._queue(conn, Bye("abuse"))
                        break
                    continue
                self.stats["messages"] += 1
                if links := self._links.get(conn):  # (the player is there: so are its links)
                    await links.keep_alive(self.config.idle / 3)
                if not self.lobby.room_of(conn):  # accounts, and the names they reserve
                    if isinstance(message, ACCOUNT_ASKS):
                        await self._account(conn, address, message)
                        continue
                    if refused := self._name_refused(conn, message):
                        self._drop(address, f"refused {refused}")
                        self._queue(conn, Refused("bad_name", refused))
                        self._queue(conn, Bye("bad_name"))
                        break
                    if pid := self._runs_elsewhere(conn, ws, message, address):
                        await self._ask_elsewhere(conn, pid, message, address)
                        continue
                if await self._take_in(conn, ws, message, payload, address, bucket,
                                       self._carried(conn)):
                    break
        finally:
            silence.close()
            await self._closed(conn, address, sender)

    async def _take_in(self, conn: str, ws: ServerConnection, message: ClientMessage,
                       payload: bytes, address: str, bucket: TokenBucket,
                       carried: tuple[str, ...], path: str = "/") -> bool:
        """A message of ``conn`` (a game's, or a web page's at ``path``) into
        the lobby here, or its connection sent on to the process holding its
        room (relayed to its end: every page and game takes this one path).
        Returns True when the connection ends (relayed, or refused busy)."""
        target = await self._elsewhere(conn, ws, message, address)
        if target is not None:
            self.lobby.tables.forget(conn)  # (in a room elsewhere: no lists from here)
            if (links := self._links.pop(conn, None)) is not None:
                await links.close()  # (all of it goes there now: the news of a seat too)
        if target is not None and (target is _AWAY or not await self._relay(
                ws, payload, target, address, bucket, carried, path)):
            self._drop(address, "directory_away" if target is _AWAY else "peer_away")
            self._queue(conn, Refused("busy"))
            self._queue(conn, Bye("busy"))
            return True
        if target is not None:
            return True
        if (isinstance(message, Create | PlayNow) and self.directory is not None
                and not self.lobby.room_of(conn)):
            reserved = await self._reserve()
            if reserved is None:
                self._drop(address, "directory_away")
                self._queue(conn, Refused("busy"))
                self._queue(conn, Bye("busy"))
                return True
            self.lobby.reserved = reserved
        self.lobby.receive(conn, message)
        self._account_seated(conn)
        if self.lobby.reserved:  # refused before it was used
            self._release(self.lobby.reserved)
            self.lobby.reserved = ""
        self._deliver_soon()
        return False

    def _opened(self, ws: Any, address: str, prefix: str = "c"
                ) -> tuple[str, asyncio.Task[None]]:
        """A connection (a game's, or ``ws`` standing for a web page's) joins
        the lobby, with a sender of its own; returns its name and sender."""
        conn = f"{prefix}{next(self._ids)}"
        state = _Conn(ws, address)
        self._conns[conn] = state
        self._per_address[address] += 1
        self.stats["connections"] += 1
        self.lobby.connect(conn, address)
        return conn, asyncio.create_task(self._sender(conn, state))

    async def _closed(self, conn: str, address: str, sender: asyncio.Task[None]) -> None:
        """A connection (a game's or a web page's) has ended: out of the
        lobby, its last messages sent."""
        self._conns.pop(conn, None)
        if (links := self._links.pop(conn, None)) is not None:
            self._chore(links.close())
        self._per_address[address] -= 1
        if self._per_address[address] <= 0:
            del self._per_address[address]
        self.lobby.disconnect(conn)
        self._account_gone(conn)
        self._deliver()
        with contextlib.suppress(Exception):  # a Bye queued last goes out first
            await asyncio.wait_for(sender, 2.0)
        sender.cancel()

    async def _elsewhere(self, conn: str, ws: ServerConnection, message: object, address: str
                         ) -> Peer | None:
        """The process this connection's first message belongs to, when it
        is another (None: here; :data:`_AWAY`: the directory did not answer)."""
        if (self.directory is None or self.lobby.room_of(conn) or id(ws) in self._from_peer
                or not isinstance(message, (Hello, Create, JoinTable, PlayNow))):
            return None
        try:
            if isinstance(message, Hello | JoinTable):
                if (message.code in self.lobby.rooms or self.lobby.rate_limited(address)
                        or (isinstance(message, JoinTable)
                            and message.code not in self.lobby.tables.elsewhere)):
                    return None  # (a code no public table has is refused here)
                return await self.directory.where(message.code)
            if isinstance(message, PlayNow):
                return await self._play_elsewhere(message)
            return await self.directory.least_loaded(len(self.lobby.rooms))
        except Exception as exc:  # Redis away: the rooms here play on, this one waits
            self._redis_trouble(exc)
            return _AWAY

    def _runs_elsewhere(self, conn: str, ws: ServerConnection, message: object, address: str
                        ) -> str:
        """The id of the process running the tournament ``message`` (a
        lobby's request about one) names, when it is another ("": here,
        where its own are answered and an unknown one is ``no_tournament``).
        A tournament asked about there before is asked there again after its
        process left the directory (it is away: it may come back)."""
        if (self.directory is None or id(ws) in self._from_peer  # (never sent on twice)
                or not isinstance(message, TOURNAMENT_ASKS)
                or (self.lobby.desk is not None and message.id in self.lobby.desk.entries)
                or self.lobby.rate_limited(address)):
            return ""
        found = self.lobby.tournaments_elsewhere.get(message.id)
        if found is not None:
            return found[0]
        links = self._links.get(conn)
        return links.where.get(message.id, "") if links is not None else ""

    async def _ask_elsewhere(self, conn: str, pid: str, message: ClientMessage,
                             address: str) -> None:
        """Send ``conn``'s tournament request to the process ``pid`` runs it
        on, over the connection's link there (:mod:`.peer_links`); its answer
        and whatever else that process says on the link come to ``conn``'s
        queue.  The connection stays here: its next request may be about a
        tournament of this process or of a third."""
        assert isinstance(message, TOURNAMENT_ASKS)
        links = self._links.get(conn)
        if links is None:
            async def opener(peer_id: str, carried: tuple[str, ...]) -> Any:
                return await self._open_peer(peer_id, address, carried)

            links = self._links[conn] = PeerLinks(
                opener, lambda text: self._queue(conn, text),
                lambda reason: self._drop(address, reason))
        links.where[message.id] = pid
        self.stats["asked_elsewhere"] += 1
        account = self._signed.get(conn)
        answer = await links.ask(pid, message, account[1] if account is not None else None)
        if answer is AWAY:
            self._drop(address, "peer_away")
            self._queue(conn, AWAY)

    async def _open_peer(self, pid: str, address: str, carried: tuple[str, ...]) -> Any:
        """A link to the process ``pid`` for the player at ``address`` (None:
        it is gone from the directory, or cannot be reached now)."""
        assert self.directory is not None
        try:
            target = await self.directory.peer(pid)
        except Exception as exc:  # Redis away: this request waits
            self._redis_trouble(exc)
            return None
        if target is None:
            self._drop(address, "peer_gone")
            return None
        self.stats["linked"] += 1
        peer, why = await open_link(target, secret=self.directory.secret, client=address,
                                    tls=self.ssl is not None, carried=carried)
        if peer is None:
            self._drop(address, why)
        return peer

    async def _play_elsewhere(self, play: PlayNow) -> Peer | None:
        """Where Play now seats a player when no table here has a free seat:
        the process of a public table elsewhere that has one (None: here,
        where a new table opens)."""
        assert self.directory is not None
        if self.lobby.best_table(play.variant, play.speed, play.name) is not None:
            return None
        for table in self.lobby.tables.listed(play.variant, play.speed,
                                              self.lobby.tables.elsewhere.values()).tables:
            if table.free and table.code not in self.lobby.rooms:
                return await self.directory.where(table.code)
        return None

    async def _relay(self, ws: ServerConnection, first: bytes, target: Peer, address: str,
                     bucket: TokenBucket, carried: tuple[str, ...] = (), path: str = "/"
                     ) -> bool:
        """Send this connection on to the process ``target``: what the player
        says goes there (still within this connection's limits), what it
        answers comes back, until either side closes.  The link is TLS
        pinned to the certificate ``target`` published in the directory, so
        the shared secret is never sent to anyone else.  Returns False when
        the link could not be opened (the player is refused ``busy``)."""
        assert self.directory is not None
        self.stats["relayed"] += 1
        peer, why = await open_link(target, secret=self.directory.secret, client=address,
                                    tls=self.ssl is not None, carried=carried, path=path)
        if peer is None:
            self._drop("", why)
            return False
        try:
            await peer.send(first.decode("utf-8"))

            async def back() -> None:
                async for data in peer:
                    await ws.send(data)

            answers = asyncio.create_task(back())
            try:
                while not answers.done():
                    recv = asyncio.create_task(ws.recv())
                    await asyncio.wait({recv, answers}, timeout=self.config.idle,
                                       return_when=asyncio.FIRST_COMPLETED)
                    if not recv.done():
                        recv.cancel()
                        break
                    data = recv.result()
                    if not bucket.take():
                        self._drop(address, "flooding", abuse=True)
                        break
                    await peer.send(data)
            finally:
                answers.cancel()
        except (ConnectionClosed, OSError, TimeoutError, asyncio.CancelledError):
            pass
        except Exception:  # the player's game reconnects
            self._drop("", "relay_failed")
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(peer.close(), 5)
        return True

    def _queue(self, conn: str, message: HostMessage | str) -> None:
        """Queue ``message`` for ``conn`` (after its own connection ended, too:
        the sender sends what is queued, then closes); a text is another
        process's message, passed on as it came (:mod:`.peer_links`)."""
        state = self._conns.get(conn)
        if state is None:
            return
        state.queue.append(message)
        state.ready.set()
        if len(state.queue) > MAX_QUEUED:
            self._drop(state.address, "unread")
            state.queue.clear()
            self._conns.pop(conn, None)
            state.ws.transport.abort()

    async def _sender(self, conn: str, state: _Conn) -> None:
        """Send ``conn`` its messages in order, as fast as it reads them."""
        try:
            while True:
                if not state.queue:
                    if conn not in self._conns:
                        return
                    state.ready.clear()
                    state.idle = True
                    try:
                        await state.ready.wait()
                    finally:
                        state.idle = False
                    continue
                message = state.queue.popleft()
                if isinstance(message, asyncio.Future):
                    with contextlib.suppress(Exception):
                        await message  # the save of what follows is on disk
                    continue
                texts = [self._out(state, message)]  # and those behind it: one write
                while (not isinstance(message, Bye) and state.queue and len(texts) < BATCH
                       and not isinstance(following := state.queue[0], asyncio.Future)):
                    state.queue.popleft()
                    message = following
                    texts.append(self._out(state, message))
                await send_texts(state.ws, texts)
                if isinstance(message, Bye):
                    self._conns.pop(conn, None)
                    await state.ws.close(1000, message.reason)
                    return
        except ConnectionClosed:
            return

    def _out(self, state: _Conn, message: HostMessage | str) -> str:
        return message if isinstance(message, str) else self._text(state.shorten(message))

    def _text(self, message: HostMessage) -> str:
        """``message``'s text, encoded once for every connection it goes to
        (by orjson where it is installed: :mod:`~holdem_desktop.net.fast_json`)."""
        known = self._texts.get(id(message))
        if known is not None and known[0] is message:
            return known[1]
        text = fast_text(message)
        self._texts[id(message)] = (message, text)  # (kept: its id is not reused meanwhile)
        return text

    def _deliver(self) -> None:
        """Save what moved, then hand out what the lobby said (each message
        leaves only once the save of what it tells is on disk), and write
        the log lines."""
        self._texts.clear()  # those encoded before were sent by now, or are encoded again
        rated = self._rate_games()
        out = self.lobby.take() + rated  # (a rating after the game's end it follows)
        if self.tournaments is not None:  # (first: its tables' saves never run ahead of it)
            self.tournaments.save_moved()
        gate: asyncio.Future[Any] | None = self._save()
        claimed = self._claim_tables()
        if claimed is not None:  # (a seat is told once its table is reached from any process)
            gate = claimed if gate is None else asyncio.gather(gate, claimed,
                                                               return_exceptions=True)
        if gate is None and out:
            out = self._write_now(out)
        for conn, message in out:
            state = self._conns.get(conn)
            if state is None:
                continue
            if gate is not None and state.gate is not gate:
                state.gate = gate
                state.queue.append(gate)
            self._queue(conn, message)
        for address, room, event in self.lobby.log:
            self._event(address, room, event)
        self.lobby.log.clear()

    def _deliver_soon(self) -> None:
        """Deliver at the next turn of the loop, once for every message taken
        in during this one (issue 38).  The people's messages read in one turn
        are each handled by their connection's task in the next, one after
        another: their rooms' work runs back to back, then one delivery saves
        every room that moved and writes every answer.  Delivering after each
        message instead ran the rooms' work, the saves, the encoding and TLS
        in turn for every message, each of them cold (docs/performance.md, "The
        rooms' work costs twice as much a message in the server"): about 5 %
        more CPU a hand at 450 rooms.  Nothing leaves before its save, as
        before; the answers wait one turn of the loop more."""
        if self._loop is None:  # (not serving)
            self._deliver()
        elif not self._delivery_due:
            self._delivery_due = True
            self._loop.call_soon(self._deliver_due)

    def _deliver_due(self) -> None:
        self._delivery_due = False
        try:
            self._deliver()
        except Exception as exc:  # the rooms play on (as at the ticks)
            self._event("", "", f"deliver_error {type(exc).__name__}")

    def _write_now(self, out: list[tuple[str, HostMessage]]) -> list[tuple[str, HostMessage]]:
        """Write at once, in one write each, the messages of the connections
        whose senders wait with nothing left to send (nothing is waited for
        on disk: the saves were appended here); returns the rest, in order,
        for the senders (a goodbye closes its connection: always the
        sender's; so do more than BATCH messages, which the sender writes
        BATCH at a time, the queue's limit on unread ones applying)."""
        mine: dict[str, list[HostMessage]] = {}
        for conn, message in out:
            mine.setdefault(conn, []).append(message)
        written: set[str] = set()
        for conn, messages in mine.items():
            state = self._conns.get(conn)
            if (state is not None and state.idle and not state.queue and len(messages) <= BATCH
                    and takes_now(state.ws) and not any(isinstance(m, Bye) for m in messages)):
                write_now(state.ws, [self._out(state, m) for m in messages])
                written.add(conn)
        return [(c, m) for c, m in out if c not in written] if written else out

    def _claim_tables(self) -> asyncio.Future[None] | None:
        """(With ``--redis``.)  Claim in the directory the codes of the
        tournaments' tables made since the last look, at once (a hello naming
        one then reaches it from any process); what tells them waits for it."""
        if self.directory is None or self._loop is None:
            return None
        new = sorted(c for c in self.lobby.kept - self._claimed - self._eager
                     if c in self.lobby.rooms)
        if not new:
            return None
        self._eager.update(new)
        directory = self.directory

        async def claim() -> None:
            try:
                for code in new:
                    if await directory.claim(code):
                        self._claimed.add(code)
            except Exception as exc:  # claimed at the next sharing of the tournaments
                self._redis_trouble(exc)

        task = self._loop.create_task(claim())
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)
        return task

    def _save(self, now: bool = False) -> asyncio.Future[None] | None:
        """Write the rooms that moved (and delete those closed), in order.  A
        save appended to its room's file (most: a few tens of microseconds)
        is written here, on the loop; a file to replace (a room's first save,
        a compaction) or to delete goes to the writer thread, and so do the
        next saves of that room until it is done; the future tells when.
        (Handing every save to the thread cost far more than the write: the
        thread needs the GIL back after each system call, and a busy loop
        lets it go only every switch interval, 5 ms.)  The snapshot is taken
        here, on the loop, so it is exactly this moment's."""
        if self.store is None or not (self.lobby.changed or self.lobby.closed):
            self.lobby.changed.clear()
            self.lobby.closed.clear()
            return None
        gone = sorted(self.lobby.closed)
        snapshots = [(code, text) for code in sorted(self.lobby.changed)
                     if (room := self.lobby.rooms.get(code)) is not None  # (a delta: appended)
                     and (text := self.store.line(room, not self._pending[code])) is not None]
        self.lobby.changed.clear()
        self.lobby.closed.clear()
        if now or self._loop is None:
            self.store.apply(snapshots, gone)
            return None
        here, there = [], []
        for code, text in snapshots:
            if not self._pending[code] and self.store.appendable(code, text):
                here.append((code, text))
            else:
                there.append((code, text))
        if here:
            self.store.apply(here, [])
        if not there and not gone:
            return None
        codes = [code for code, _ in there] + gone
        self._pending.update(codes)
        with self._batch_lock:
            if self._batch is not None and self._batch_done is not None:
                self._batch.append((there, gone))  # the writer has not begun it yet
            else:
                self._batch = [(there, gone)]
                self._batch_done = self._loop.run_in_executor(self._writer, self._write_batch)
            done = self._batch_done
        done.add_done_callback(lambda _: self._written(codes))
        return done

    def _written(self, codes: list[str]) -> None:
        """(On the loop.) The writer is done with these rooms' saves."""
        self._pending.subtract(codes)
        for code in codes:
            if self._pending[code] <= 0:
                del self._pending[code]

    def _write_batch(self) -> None:
        """(On the writer thread.) Write every save gathered since the last
        batch: of a room saved several times meanwhile, the last save alone
        (after deleting its file, if it was closed and its code taken again)."""
        with self._batch_lock:
            batch, self._batch = self._batch or [], None
        assert self.store is not None
        last: dict[str, tuple[bool, str | None]] = {}  # code -> (deleted first, the save)
        for snapshots, gone in batch:
            for code in gone:
                last[code] = (True, None)
            for code, text in snapshots:
                last[code] = (last.get(code, (False, None))[0], text)
        self.store.apply([(code, text) for code, (_, text) in last.items() if text is not None],
                         [code for code, (deleted, _) in last.items() if deleted])

    async def _lists(self) -> None:
        """The lobby's followers' lists, a share every :data:`~.tables.SLICE`
        (not all in one turn of the loop, which would hold up the rooms)."""
        while True:
            await asyncio.sleep(SLICE)
            if self.lobby.tables.followers:
                try:
                    self.lobby.outbox.extend(self.lobby.tables.updates())
                    self._deliver()
                except Exception as exc:  # the rooms play on
                    self._event("", "", f"tick_error {type(exc).__name__}")

    async def _tournament_play(self, desk: DeskFile) -> None:
        """The tournaments' computer tables, :data:`PLAY_SLICE` at a time,
        handing the loop back between slices (a 1,000-entrant tournament
        has a hundred tables to deal: in one turn of the loop, the people's
        actions waited a quarter of a second behind them)."""
        while True:
            played = 0
            try:
                played = desk.play(time.perf_counter() + PLAY_SLICE)
                self._deliver()
            except Exception as exc:  # the rooms play on
                self._event("", "", f"tick_error {type(exc).__name__}")
            if not played:
                await asyncio.sleep(PLAY_IDLE)
            for _turn in range(PLAY_YIELD):  # a message read, handled, written: turns
                await asyncio.sleep(0)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                self.lobby.tick()
                self._reread_bans(self._close_banned)
                if self.tournaments is not None:
                    self.tournaments.tick(hands=0)  # (dealt in slices: _tournament_play)
                self._deliver()
            except Exception as exc:  # a room's fault must not stop every room's clock
                self._event("", "", f"tick_error {type(exc).__name__}")
            now = time.monotonic()
            if (self.directory is not None and now - self._beaten >= self.directory.heartbeat
                    and (self._beating is None or self._beating.done())):
                self._beaten = now
                self._beating = asyncio.create_task(self._beat())  # never waited for here
            if (self.directory is not None and now - self._shared_at >= SHARE_EVERY
                    and (self._sharing is None or self._sharing.done())):
                self._shared_at = now
                self._sharing = asyncio.create_task(self._share_tables())
            self._hands.append((now, self.lobby.hands_dealt))
            if self.collector is not None:
                self.collector.tick()
            while len(self._hands) > 2 and now - self._hands[1][0] >= 60.0:
                self._hands.popleft()


TOURNAMENT_ASKS = (TournamentEntry, TournamentTables, AskStandings)
"""The lobby's requests about one tournament: for one another process runs,
the request is sent on there over the connection's link (:mod:`.peer_links`)."""


_AWAY = Peer("")
"""What :meth:`GameServer._elsewhere` answers when the directory did not."""


def _address(connection: ServerConnection) -> str:
    peer = connection.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _json(connection: ServerConnection, status: HTTPStatus, data: dict[str, Any]) -> Response:
    body = json.dumps(data, sort_keys=True).encode("ascii")
    response = connection.respond(status, "")
    headers = Headers([(k, v) for k, v in response.headers.raw_items()
                       if k.lower() not in ("content-type", "content-length")])
    headers["Content-Type"] = "application/json"
    headers["Content-Length"] = str(len(body))
    headers["Cache-Control"] = "no-store"
    return Response(status.value, status.phrase, headers, body)
