"""Rooms on the LAN: hosting one (its server and discovery beacon on
background threads), finding and joining one by code or address, the
resume tokens that give a seat back, and leaving.

A LAN room speaks TLS.  The host's certificate is made once and kept in
the player's data folder (``room_certificate/``), so a friend who trusted
it is not asked again; its fingerprint (the *pin*) is in the beacon's
answer and in the invitation line.  A joiner pins the fingerprint the
room was found with (beacon or invitation) and refuses any other
certificate with a spoken warning; one who typed a bare ``host:port`` is
shown the certificate first (the same question as online) unless they
trusted that host's certificate before.
"""

from __future__ import annotations

import queue
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from holdem_desktop import __version__
from holdem_desktop.engine.variant import Variant, shipped_variant
from holdem_desktop.i18n.phrases import back_at_table, lan_certificate_warning, room_problem
from holdem_desktop.i18n.translate import _
from holdem_desktop.net.client import Closed, RoomClient
from holdem_desktop.net.discovery import DISCOVERY_PORT, RoomBeacon, find_room
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.lobby_messages import JoinTable, PlayNow
from holdem_desktop.net.online import PATIENCE, OnlineClient, resume
from holdem_desktop.net.protocol import Create, Hello, Refused, VariantRules, Welcome
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.net.room import Room
from holdem_desktop.net.tls import CertificateProblem, HostIdentity, host_identity
from holdem_desktop.ui.online import CertificateQuestion

from .accounts import SessionBook, rated
from .hands import Hands
from .online import LAN_SCHEME, Invitation, ServerBook, open_online, parse_invitation
from .outputs import Outputs
from .room_files import ChatMutes, RoomTokens

__all__ = ["ChatMutes", "RoomTokens", "Rooms", "local_address"]


def local_address() -> str:
    """This computer's address on the LAN, as others would type it."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a UDP "connect" sends nothing: it picks a route
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


class Rooms:
    """The room this window hosts or is joined to (one at a time)."""

    bind = "0.0.0.0"
    """Where a hosted room listens (tests use loopback)."""
    search_addresses: tuple[str, ...] = ("255.255.255.255",)
    """Where a joining player asks for rooms by code."""
    discovery_port = DISCOVERY_PORT
    """The UDP port rooms are found on (tests use one of their own: two
    beacons sharing a port on one machine take each other's queries)."""

    def __init__(self, data: Path, outputs: Outputs, hands: Hands | None = None) -> None:
        self.outputs = outputs
        self.hands = hands
        """Where each room hand is stored, as this window's seat saw it."""
        self.remote: RemoteTable | None = None
        """The room this window is joined to, if any."""
        self.address = ("", 0)
        """The host and port it was joined at."""
        self.server: RoomServer | None = None
        self.beacon: RoomBeacon | None = None
        self.patience = PATIENCE
        """Seconds a dropped connection to a server is tried again."""
        self._stop_resuming = threading.Event()
        self.online: Invitation | None = None
        """Where the room is when it is on a server (None: on the LAN)."""
        self.watching = False
        """The table joined was a public one the player chose to watch (:mod:`.lobby`)."""
        self.book = ServerBook(data / "servers.json", outputs.kept)
        """The servers used and the certificates trusted."""
        self.hosts = ServerBook(data / "room_hosts.json", outputs.kept)
        """The LAN hosts whose certificate the player trusted, by address."""
        self.data = data
        self._identity: HostIdentity | None = None
        self.pin: str | None = None
        """The fingerprint of the room's certificate this window is joined to."""
        self.mutes = ChatMutes(data / "chat_mutes.json", outputs.kept)
        """The people this player muted in a room's chat (remembered by name)."""
        self.sessions = SessionBook(data / "accounts.json", outputs.kept)  # (:mod:`.accounts`)
        self.tokens = RoomTokens(data / "rooms.json", outputs.kept)
        """Resume tokens of the rooms joined, kept on disk: coming back to a
        room, even after the game was closed, gives the seat back."""

    def create(self, variant: str | Variant, players: int, strength: str, name: str
               ) -> RemoteTable | str:
        """Host a room: the server and the beacon on background threads, and
        this window joined to it over loopback like everyone else."""
        self.close()
        code = f"{secrets.randbelow(10**6):06d}"
        rules = variant if isinstance(variant, Variant) else shipped_variant(variant)
        room = Room(rules, code, size=players, strength=strength,
                    game_version=__version__, clock=time.monotonic)
        try:
            identity = self.identity()
        except OSError as exc:
            return _("The room could not be opened: {problem}").format(problem=exc)
        server = RoomServer(room, self.bind, 0, identity=identity)
        try:
            port = server.start()
        except OSError as exc:
            return _("The room could not be opened: {problem}").format(problem=exc)
        self.server = server
        try:
            self.beacon = RoomBeacon(code, port, name, pin=identity.fingerprint,
                                     port=self.discovery_port)
            self.beacon.start()
        except OSError:
            self.beacon = None  # no discovery: friends type the address
        joined = self._join("127.0.0.1", port, code, name, identity.fingerprint, "own")
        assert not isinstance(joined, CertificateQuestion)  # (its own pin: never asked)
        return joined

    def identity(self) -> HostIdentity:
        """This computer's room certificate: made the first time, then kept in
        the data folder (raises ``OSError`` when it can be neither read nor made)."""
        if self._identity is None:
            self._identity = host_identity(self.data / "room_certificate")
        return self._identity

    def join(self, code: str, address: str, name: str
             ) -> RemoteTable | str | CertificateQuestion:
        """Join the room with ``code``: found by its beacon (on the network,
        or asked at the host ``address``), at ``address`` (``host:port``), or
        where an invitation line pasted as the address says."""
        address = address.strip()
        if "://" in address or "?" in address:
            return self._invited(code, address, name)
        port = 0
        host = address
        if ":" in address:
            host, _sep, text = address.rpartition(":")
            port = int(text) if text.isdigit() and 0 < int(text) < 65536 else 0
            host = host.strip("[]")
        if not host or not port:
            found = find_room(code, addresses=(host,) if host else self.search_addresses,
                              port=self.discovery_port)
            if found is None:
                return room_problem("not_found", code)
            if found.pin is None:
                return _("Room {code} was found, but the host's game is an older version, "
                         "which does not protect the room's cards on the network. Ask the "
                         "host to update the game.").format(code=" ".join(code))
            return self._join(found.host, found.port, code, name, found.pin, "beacon")
        return self._join(host, port, code, name, self.hosts.pin(host), "trusted")

    def _invited(self, code: str, line: str, name: str) -> RemoteTable | str | CertificateQuestion:
        """Join the room an invitation line names (its code, unless typed)."""
        text = line if "://" in line else f"{LAN_SCHEME}://{line.lstrip('/')}"
        try:
            where = parse_invitation(text)
        except ValueError:
            where = None
        if where is None or not where.lan:
            if where is not None and "://" in line:
                return _("This is an invitation to a room on a server: choose Play online "
                         "on the Rooms page and paste it there.")
            return _("{text} is not a host's address or an invitation.").format(
                text=line[:60])
        return self._join(where.host, where.port, where.code or code, name, where.pin,
                          "invitation")

    def _join(self, host: str, port: int, code: str, name: str, pin: str | None,
              source: str) -> RemoteTable | str | CertificateQuestion:
        """Join at ``host``:``port``, whose certificate must be ``pin`` (found
        from ``source``: ``beacon``, ``invitation``, ``trusted`` by the
        player before, or ``own``); without a pin the player is asked."""
        if not code:
            return _("Type the room's code, or paste the whole invitation.")
        client = RoomClient(host, port, pin=pin)
        where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        try:
            client.connect()
        except CertificateProblem as problem:
            if problem.kind == "unknown":
                info = problem.info
                return CertificateQuestion(where, info.name, info.issuer, info.fingerprint,
                                           lan=True)
            return lan_certificate_warning(source, where)
        except (OSError, TimeoutError):
            return room_problem("unreachable", where)
        if source == "invitation" and pin is not None:
            self.hosts.trust(host, pin)  # the host vouched for it: no question next time
        joined = self._enter(client, Hello(name, code, __version__,
                                           self.tokens.get(code, name)), name, (host, port))
        if not isinstance(joined, str):
            self.pin = pin
            if pin is not None and source != "own":  # (the host's own link cannot drop)
                self._keep(joined, lambda: self._reopen(RoomClient(host, port, pin=pin)), name)
        return joined

    @staticmethod
    def fingerprint(remote: RemoteTable) -> str:
        """The fingerprint of the certificate ``remote``'s room showed ("": none)."""
        certificate = remote.client.certificate
        return certificate.fingerprint if certificate is not None else ""

    def trust_host(self, server: str, fingerprint: str) -> None:
        """The player trusts the LAN host at ``server`` (``host:port``) with
        the certificate ``fingerprint``: kept by the host's address, so its
        next rooms (on other ports) are joined without the question."""
        host = server.rpartition(":")[0].strip("[]") or server
        self.hosts.trust(host, fingerprint)

    def _enter(self, client: RoomClient, first: Hello | Create | PlayNow | JoinTable, name: str,
               where: tuple[str, int], *, tokens: str = "") -> RemoteTable | str:
        """Say ``first`` (a hello, or a server's create) on the open
        connection and sit at the room that welcomes it; its tokens are kept
        under ``tokens`` + code (a server's rooms under the server's name)."""
        host, port = where
        client.send(first)
        try:
            reply = client.get(timeout=10)
        except queue.Empty:
            client.close()
            return room_problem("unreachable", f"{host}:{port}")
        if not isinstance(reply, Welcome):
            client.close()
            reason = reply.reason if isinstance(reply, Refused | Closed) else "closed"
            return room_problem(reason, getattr(reply, "detail", ""))
        self.tokens.put(tokens + reply.code, name, reply.token, said=self.server is None)
        kind = pygame.event.custom_type()

        def wake() -> None:  # a message arrived: the window's loop wakes and polls
            pygame.event.post(pygame.event.Event(kind))

        client.on_message = wake
        try:
            rules = reply.game()  # the host's rules, or the shipped variant of its key
        except KeyError:
            client.close()
            return room_problem("unknown_variant", reply.variant)
        remote = RemoteTable(client, rules, reply)
        remote.on_error = lambda error: self.outputs.say(remote.error_text(error))
        # A chat line's answer ("Sent." or its refusal): after the words of the moment.
        remote.on_answer = self.outputs.reply
        # A close is said by the desktop, which takes the player to the Rooms page;
        # joins, leaves, returns, the computer taking over: said with the next
        # announcement (after the room table's first words, never cut off by them).
        remote.on_news = lambda text: self.outputs.tell(remote, text)
        remote.on_cue = self.outputs.cue  # (the time bank starting)
        # Back at the table (a new connection, or joining again with the token):
        # where the game stands, as the table's news, before whose turn it is.
        remote.on_back = lambda: self.outputs.tell(remote, back_at_table(
            remote, remote.seat, remote.running, self.outputs.options.suits,
            remote.table.stand_ins if remote.table is not None else ()))
        # Chat lines: said after the announcement of the moment, never over it.
        remote.name = name
        remote.mutes = self.mutes
        remote.on_chat = lambda line: self.outputs.chat(remote, line.spoken)
        remote.seat_listeners.append(lambda seat: self.outputs.follow(remote, seat))
        self.remote = remote
        self.address = (host, port)
        if self.hands is not None:
            self.hands.record_room(remote)
        self.outputs.attach(remote, reply.seat, room=True)
        remote.pump()
        # The table follows the welcome: whether a game runs, and (joining
        # again mid-hand) the whole hand as it stands, so the first key acts on it.
        end = time.monotonic() + 2.0
        while remote.table is None and remote.closed is None and time.monotonic() < end:
            try:
                remote.handle(client.get(timeout=max(0.0, end - time.monotonic())))
            except queue.Empty:
                break
        return remote

    # ------------------------------------------------------------------
    # On a server over the internet

    def join_online(self, server: str, code: str, name: str
                    ) -> RemoteTable | str | CertificateQuestion:
        """Join the room ``code`` (or the invitation's) on ``server``."""
        where = self.where(server)
        if isinstance(where, str):
            return where
        code = code or where.code
        if not code:
            return _("Type the room's code, or paste the whole invitation.")
        if where.lan:  # a friend's room on the local network, pasted here: joined all the same
            return self.join(code, server, name)
        return self.online_table(where, lambda key: Hello(name, code, __version__,
                                                     self.tokens.get(key + code, name)), name)

    def create_online(self, server: str, variant: str | Variant, players: int, strength: str,
                      name: str) -> RemoteTable | str | CertificateQuestion:
        """Create a room on ``server`` and sit at it as its host."""
        where = self.where(server)
        if isinstance(where, str):
            return where
        if where.lan:
            return _("This is an invitation to a room on the local network, not a server's "
                     "address.")
        rules = variant if isinstance(variant, Variant) else shipped_variant(variant)
        try:
            sent = None if isinstance(variant, str) else VariantRules.of(rules)
        except ValueError:
            return _("These rules are too large to send to a server.")
        return self.online_table(where, lambda key: Create(name, __version__, rules.key, players,
                                                      strength, sent), name)

    def where(self, server: str) -> Invitation | str:
        try:
            return parse_invitation(server)
        except ValueError:
            return _("{text} is not a server's address or an invitation.").format(
                text=server.strip()[:60] or _("Nothing"))

    def online_table(self, where: Invitation,
                     first: Callable[[str], Hello | Create | PlayNow | JoinTable], name: str
                ) -> RemoteTable | str | CertificateQuestion:
        self.close()
        got = open_online(self.book, where, session := self.sessions.token(where.server))
        if not isinstance(got, OnlineClient):
            return got
        key = where.server + "#"  # a server's codes are its own: tokens kept apart
        joined = self._enter(got, first(key), name, (where.host, where.port), tokens=key)
        if isinstance(joined, str):
            return joined
        joined.on_rating = lambda mine: rated(self, joined, where.server, mine)  # (said, kept)
        self.online = Invitation(where.host, where.port, joined.code, pin := got.pin)
        self._keep(joined, lambda: self._reopen(OnlineClient(where.host, where.port, pin=pin,
                                                             session=session)), name)
        return joined

    def _keep(self, joined: RemoteTable, reopen: Callable[[], RoomClient], name: str) -> None:
        """When ``joined``'s link drops unannounced, say so and take the seat back
        with the token on new connections from ``reopen`` for :attr:`patience` s."""
        stop = self._stop_resuming = threading.Event()

        def again() -> None:  # the link dropped: take the seat back with the token
            resume(joined.client, reopen, Hello(name, joined.code, __version__, joined.token),
                   stop, patience=self.patience)

        joined.resumer = again
        joined.on_lost = lambda: self.outputs.say(_("Connection lost, reconnecting…"))

    @staticmethod
    def _reopen(client: RoomClient) -> RoomClient:
        client.connect()
        return client

    def invitation(self, remote: RemoteTable) -> str:
        """What to send a friend so that they can join ``remote``'s room."""
        if self.online is not None:
            return _("Join my Hold'em Desktop room on a server: choose Rooms, then Play "
                     "online, paste this line and choose Join room: {line}").format(
                         line=replace(self.online, code=remote.code).line())  # (moved)
        host, port = self.address
        address = host if host != "127.0.0.1" else local_address()
        line = Invitation(address, port, remote.code, self.pin, lan=True).line()
        return _("Join my Hold'em Desktop room: choose Rooms, then Join room, and type "
                 "the code {code}. If it is not found, paste this line as the host "
                 "address: {line}").format(code=remote.code, line=line)

    def leave(self) -> None:
        """Leave the room this window is in (a host's room closes with it)."""
        if self.remote is not None:
            self.remote.leave()
        self.close()

    def close(self) -> None:
        """Close the connection, and the server and beacon when hosting."""
        remote, self.remote = self.remote, None
        self.online = None
        self.pin = None
        self._stop_resuming.set()
        if remote is not None:
            remote.client.close(timeout=1)
        beacon, self.beacon = self.beacon, None
        if beacon is not None:
            beacon.stop()
        server, self.server = self.server, None
        if server is not None:
            server.stop(timeout=2)

    def poll(self) -> bool:
        """Read what the room sent.  True when anything arrived."""
        return self.remote is not None and self.remote.pump() > 0

