"""Links between the processes of one server sharing Redis (``--redis``):
how one process reaches another, and the tournament requests a lobby
connection sends on to the process running the tournament.

:func:`open_link` opens a WebSocket to a peer process: TLS pinned to the
certificate the peer published in the directory (its leaf alone, whatever
authority signed it: a process that is not the one the directory names is
refused before it hears the shared secret), the secret in ``X-Holdem-Peer``,
the player's address in ``X-Holdem-Client`` (the peer counts its limits by
it), then the player's session (:meth:`~.account_desk.AccountDesk._carried`).
A game's connection for a room held elsewhere goes over one whole
(:meth:`~.service.GameServer._relay`); a lobby connection's tournament
requests go over :class:`PeerLinks`, one request at a time.

:class:`PeerLinks` are one lobby connection's links, one per peer process,
opened on the first request about one of its tournaments and kept until the
connection closes.  A request goes over the link and the connection reads
nothing more until its answer is back (at most :data:`LINK_WAIT` seconds):
the answers come in the order of the requests, whichever process answered
each (the Desktop matches them by their order).  Whatever else the peer
says on the link (the news, the seat at the start) is queued for the
connection as it comes, in its order, through the connection's own sender
and limits.  The session (signed in or out since) is told the peer before a
request, and the links are kept alive while the player is
(:meth:`PeerLinks.keep_alive`); the answers to those are the link's own,
never the player's.  A link that dies is opened again on the next request,
with the registrations made over it sent again (their answers the link's
own): the person is followed there again, as a Desktop reconnecting is; one
that carried registrations is opened again by itself too, soon and then
every :data:`AGAIN` seconds, so a person waiting for a start hears it (not
one the peer closed with a goodbye: idle, say, or following nothing).
What the peer says that cannot be read, or an answer nothing waits for, is
never passed on (counted ``peer_malformed``, ``peer_unasked``).  When the
peer cannot be reached, or does not answer in time, the request is answered
:data:`AWAY` (``error`` ``tournament`` ``away``)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from holdem_desktop.net.account_messages import SignedIn, SignedOut, SignOut, UseSession
from holdem_desktop.net.protocol import (
    MAX_FRAME,
    Bye,
    Error,
    MalformedMessage,
    Ping,
    Pong,
    Refused,
    parse_host,
    to_text,
)
from holdem_desktop.net.standings_messages import TournamentStandings
from holdem_desktop.net.tournament_messages import TournamentEntry, Tournaments
from holdem_desktop.net.tournament_tables import TournamentRooms

from .certs import fingerprint
from .cluster import Peer

__all__ = ["AWAY", "LINK_WAIT", "PeerLinks", "open_link"]

AGAIN = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
"""Seconds before each try to open again a link that carried registrations
and died (a peer restarted, say), the last repeated while the connection
lives: the person is followed there again, and hears the start."""
KEPT = 100
"""Registrations kept per link to be sent again (the rest are not)."""
LINK_WAIT = 8.0
"""Seconds a request sent on may take, the link opened if need be and the
answer back; past them the player is answered :data:`AWAY`."""
AWAY = Error("tournament", {"reason": "away"})
"""The answer to a request whose process cannot be reached (or did not answer in time)."""
ANSWERS = (Tournaments, Error, TournamentRooms, TournamentStandings, SignedIn, SignedOut, Pong)
"""What a peer sends on a link in answer to a message (one each, in order);
anything else it sends (the news, a seat) is its own."""
ENDS = (Bye, Refused)
"""What a peer sends on a link as it closes it."""


def pin(connection: Any) -> str:
    """The fingerprint of the certificate the peer at ``connection`` presented."""
    obj = connection.transport.get_extra_info("ssl_object")
    der = obj.getpeercert(binary_form=True) if obj is not None else None
    return fingerprint(der) if der else ""


def pin_of(pem: str) -> str:
    return fingerprint(ssl.PEM_cert_to_DER_cert(pem))


async def open_link(target: Peer, *, secret: str, client: str, tls: bool,
                    carried: tuple[str, ...] = (), path: str = "/"
                    ) -> tuple[ClientConnection | None, str]:
    """A WebSocket to the process ``target`` on behalf of the player at
    ``client``, ``carried`` sent first; or None and why not (the reason
    for the server's log: ``peer_unpinned``, ``peer_refused``, ``relay_failed``)."""
    context: ssl.SSLContext | None = None
    if tls:
        if not target.cert:
            return None, "peer_unpinned"
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False  # the pin names the peer, not its address
        context.verify_mode = ssl.CERT_REQUIRED
        context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN  # its leaf alone is trusted
        try:
            context.load_verify_locations(cadata=target.cert)
        except (ssl.SSLError, ValueError):
            return None, "peer_unpinned"
    url = f"{'wss' if context else 'ws'}://{target.address}{path}"  # (a page's: /web)
    try:
        peer = await connect(url, ssl=context, max_size=MAX_FRAME, compression=None,
                             open_timeout=10, additional_headers={
                                 "X-Holdem-Peer": secret, "X-Holdem-Client": client})
    except ssl.SSLCertVerificationError:
        return None, "peer_refused"  # another certificate than the one published
    except Exception:  # a peer that is gone or refuses
        return None, "relay_failed"
    try:
        if context is not None and pin(peer) != pin_of(target.cert):
            reason = "peer_refused"  # cannot happen after the check; never trusted
        else:
            reason = ""
            for text in carried:  # (the player's session: signed in there too)
                await peer.send(text)
    except Exception:
        reason = "relay_failed"
    if reason:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(peer.close(), 5)
        return None, reason
    return peer, ""


@dataclass
class _Link:
    """One open link to a peer process."""

    ws: ClientConnection
    session: str | None
    """The session token the peer was told (None: a guest)."""
    silent: int = 0
    """Answers still to come to messages of the link's own (not passed on)."""
    answer: asyncio.Future[object] | None = None
    """The request waiting for its answer (resolved with it; None: the link ended)."""
    used: float = field(default_factory=time.monotonic)
    """When the link last sent something."""
    reader: asyncio.Task[None] | None = None


class PeerLinks:
    """One lobby connection's links to the other processes, by process id.

    ``opener`` opens a link to a process (None: it cannot be reached),
    ``deliver`` queues a text for the connection (what the peer said, as
    it said it), ``drop`` counts and logs a reason."""

    def __init__(self, opener: Callable[[str, tuple[str, ...]],
                                        Awaitable[ClientConnection | None]],
                 deliver: Callable[[str], None], drop: Callable[[str], None]) -> None:
        self._opener = opener
        self._deliver = deliver
        self._drop = drop
        self._links: dict[str, _Link] = {}
        self.where: dict[str, str] = {}
        """Tournament id -> the process a request about it went to (asked
        there again after it left the directory: it is away, not gone)."""
        self._entries: dict[str, dict[tuple[str, str], str]] = {}
        """Process id -> the registrations made over its link (tournament id,
        name -> the request), sent again when a new link opens there."""
        self._session: str | None = None
        """The player's session as last heard (a link opened again carries it)."""
        self._opening = asyncio.Lock()
        self._again: dict[str, asyncio.Task[None]] = {}
        """Links opened again by themselves (see :data:`AGAIN`), by process id."""
        self._closed = False

    def __bool__(self) -> bool:
        """Whether the connection waits on a tournament elsewhere: a link is
        open, or registrations were made over one (it is opened again)."""
        return any(kept for kept in self._entries.values()) or any(
            not link.ws.close_code and link.reader is not None and not link.reader.done()
            for link in self._links.values())

    async def ask(self, pid: str, message: object, session: str | None) -> object:
        """Send ``message`` (a tournament request) to process ``pid`` and
        return its answer, already queued for the connection (or
        :data:`AWAY`, not queued: the process could not be reached)."""
        try:
            async with asyncio.timeout(LINK_WAIT):
                return await self._ask(pid, message, session)
        except TimeoutError:
            self._drop("peer_slow")
            self._close(pid)
            return AWAY

    async def _ask(self, pid: str, message: object, session: str | None) -> object:
        self._session = session
        for _attempt in (1, 2):  # a link found dead as it is used: opened again once
            async with self._opening:
                link = self._links.get(pid)
                if link is None or link.reader is None or link.reader.done():
                    link = await self._open(pid, session)
            if link is None:
                return AWAY
            try:
                await self._tell_session(link, session)
                future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
                link.answer = future
                await link.ws.send(to_text(message))  # type: ignore[arg-type]
                link.used = time.monotonic()
            except (ConnectionClosed, OSError):
                self._close(pid)
                continue
            answer = await future
            if answer is None:  # the link ended before the answer (it may have been done)
                self._drop("peer_lost")
                return AWAY
            self._noted(pid, message, answer)
            return answer
        return AWAY

    def _noted(self, pid: str, message: object, answer: object) -> None:
        """A registration answered: kept to be sent again on a new link."""
        if not isinstance(message, TournamentEntry):
            return
        kept = self._entries.setdefault(pid, {})
        key = (message.id, message.name)
        if message.register and (isinstance(answer, Tournaments) or answer == Error(
                "tournament", {"reason": "registered"})) and (
                    key in kept or len(kept) < KEPT):
            kept[key] = to_text(message)
        elif not message.register and isinstance(answer, Tournaments):
            kept.pop(key, None)

    async def _open(self, pid: str, session: str | None) -> _Link | None:
        self._close(pid)
        carried = (to_text(UseSession(session)),) if session is not None else ()
        again = tuple(self._entries.get(pid, {}).values())
        ws = await self._opener(pid, carried + again)
        if ws is None:
            return None
        link = _Link(ws, session, silent=len(carried) + len(again))
        link.reader = asyncio.create_task(self._read(pid, link))
        self._links[pid] = link
        return link

    async def _tell_session(self, link: _Link, session: str | None) -> None:
        """The player signed in or out since the link last heard."""
        if session == link.session:
            return
        said = UseSession(session) if session is not None else SignOut(link.session or "")
        link.session = session
        link.silent += 1
        await link.ws.send(to_text(said))

    async def keep_alive(self, quiet: float) -> None:
        """The player is there: each link that said nothing for ``quiet``
        seconds says a ping (the peer closes a link silent too long)."""
        now = time.monotonic()
        for pid, link in list(self._links.items()):
            if now - link.used < quiet or link.reader is None or link.reader.done():
                continue
            link.used = now
            link.silent += 1
            try:
                async with asyncio.timeout(LINK_WAIT):
                    await link.ws.send(to_text(Ping(0)))
            except (ConnectionClosed, OSError, TimeoutError):
                self._close(pid)

    async def _read(self, pid: str, link: _Link) -> None:
        """What the peer says on ``link``: answers to the request waiting
        (or to the link's own messages: dropped), the rest passed on."""
        meant = False
        try:
            async for data in link.ws:
                text = data if isinstance(data, str) else data.decode("utf-8", "replace")
                try:
                    message = parse_host(text.encode("utf-8"))
                except MalformedMessage:  # (a peer's is checked too: never passed on)
                    self._drop("peer_malformed")
                    continue
                if isinstance(message, ENDS):
                    meant = True  # (the peer's choice: idle, or nothing followed; not again)
                    break
                if isinstance(message, ANSWERS):
                    if link.silent:
                        link.silent -= 1
                        continue
                    future, link.answer = link.answer, None
                    if future is None or future.done():
                        self._drop("peer_unasked")  # (never out of order to the player)
                        continue
                    self._deliver(text)
                    future.set_result(message)
                    continue
                self._deliver(text)
        except (ConnectionClosed, OSError):
            pass
        except asyncio.CancelledError:
            meant = True  # (closed here: not opened again by itself)
            raise
        finally:
            if link.answer is not None and not link.answer.done():
                link.answer.set_result(None)
            if self._links.get(pid) is link:
                del self._links[pid]
            if not meant and not self._closed and self._entries.get(pid) \
                    and pid not in self._again:
                self._again[pid] = asyncio.create_task(self._open_again(pid))
            with contextlib.suppress(Exception):
                await asyncio.wait_for(link.ws.close(), 5)

    async def _open_again(self, pid: str) -> None:
        """Open again the link to ``pid`` that died with registrations on it."""
        try:
            for k in itertools.count():
                await asyncio.sleep(AGAIN[min(k, len(AGAIN) - 1)])
                async with self._opening:
                    if pid in self._links or not self._entries.get(pid):
                        return
                    try:
                        async with asyncio.timeout(LINK_WAIT):
                            if await self._open(pid, self._session) is not None:
                                return
                    except TimeoutError:
                        self._close(pid)
        finally:
            if self._again.get(pid) is asyncio.current_task():
                del self._again[pid]

    def _close(self, pid: str) -> None:
        link = self._links.pop(pid, None)
        if link is not None and link.reader is not None:
            link.reader.cancel()

    async def close(self) -> None:
        """The connection closed (or went over whole to another process):
        every link closes (the peers keep its people's news for their return)."""
        self._closed = True
        for task in self._again.values():
            task.cancel()
        links = list(self._links.values())
        self._links.clear()
        for link in links:
            if link.reader is not None:
                link.reader.cancel()
        for link in links:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(link.ws.close(), 5)
