"""Many rooms behind one door: the server's rules, with no I/O.

The service hands the lobby each parsed message with the connection it came
from, and tells it when connections open and close; the lobby answers in
:attr:`Lobby.outbox` as a room does.  A connection that is in no room yet
may only:

- ``create`` a room (:class:`~holdem_desktop.net.protocol.Create`): it is
  made with a fresh code and the sender joins it as its host;
- ``hello`` a room by its code: the hello is handed to that room, which
  judges it exactly as on the LAN (name, token, version, room full);
- ``ping``;
- ask for the public tables, Play now, or join or watch a listed table
  (:mod:`~holdem_desktop.net.lobby_messages`; :meth:`Lobby.play_now`).

Everything else is the room's own business: one room core
(:class:`~holdem_desktop.net.room.Room`) and one message set for the LAN
and the internet.  The lobby adds what only a server with many rooms
needs, every one a limit per address or for all:

- wrong codes: :data:`~holdem_desktop.net.room.WRONG_CODES` a minute per
  address, counted across all the rooms (a code is checked against every
  room at once here); past it even a right code is refused
  ``rate_limited``, as on the LAN;
- rooms created: ``creations`` per address per hour (``rate_limited``),
  and ``max_rooms`` on the server (``server_full``);
- members per room: the room's seats and ``max_watchers``;
- a room nobody is connected to for ``idle_room`` seconds is closed.

What happened is noted in :attr:`Lobby.log` as (address, room, event) for
the server log: never a name, a card or a token.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from holdem_desktop.ai.players import LEVELS
from holdem_desktop.engine.variant import Variant, VariantError, shipped_variant
from holdem_desktop.net.limits import AddressWindow
from holdem_desktop.net.lobby_messages import GAMES, SPEEDS, JoinTable, LobbyList, PlayNow
from holdem_desktop.net.names import clean_name
from holdem_desktop.net.protocol import (
    Bye,
    ClientMessage,
    Create,
    Error,
    Hello,
    HostMessage,
    Ping,
    Pong,
    Refused,
    Said,
)
from holdem_desktop.net.public_table import Speed
from holdem_desktop.net.room import MAX_WATCHERS, WRONG_CODES, WRONG_WINDOW, Room
from holdem_desktop.net.sit_out import SIT_OUT, SitOutRule
from holdem_desktop.net.standings_messages import AskStandings
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentInfo, TournamentList
from holdem_desktop.net.tournament_tables import TournamentTables

from .tables import PublicTables
from .tournament_lobby import answer as tournament_answer
from .tournament_news import Followers
from .tournament_owners import Owners
from .tournament_standings import standings_answer
from .tournament_tables import rooms_of, seat_of
from .tournaments import TournamentDesk

__all__ = ["IDLE_PUBLIC", "IDLE_ROOM", "MAX_PUBLIC", "MAX_ROOMS", "PUBLIC_VARIANTS",
           "ROOM_CREATIONS", "Lobby", "LobbyLimits"]

MAX_ROOMS = 1000
"""Rooms one server process holds at most."""
ROOM_CREATIONS = 10
"""Rooms one address may create an hour."""
IDLE_ROOM = 1800.0
"""Seconds a room with nobody connected lives on (then it is closed)."""
MAX_PUBLIC = 200
"""Public tables one server process opens at most."""
IDLE_PUBLIC = 120.0
"""Seconds a public table with nobody connected lives on: longer than a
player's game tries to reconnect (90 s), far shorter than a private room."""
PUBLIC_VARIANTS = GAMES
"""The games a public table may play (the first is Play now's by default)."""
PUBLIC_SEATS = 6
"""Seats at a public table (fewer when its variant seats fewer)."""


@dataclass(frozen=True)
class LobbyLimits:
    """The lobby's limits (the server's configuration fills them)."""

    max_rooms: int = MAX_ROOMS
    creations: int = ROOM_CREATIONS
    creation_window: float = 3600.0
    wrong_codes: int = WRONG_CODES
    wrong_window: float = WRONG_WINDOW
    max_watchers: int = MAX_WATCHERS
    idle_room: float = IDLE_ROOM
    max_public: int = MAX_PUBLIC
    idle_public: float = IDLE_PUBLIC
    speeds: Mapping[str, Speed] | None = None
    """The public tables' clocks (None: the game's, ``SPEED_TIMES``)."""
    sit_out: SitOutRule = SIT_OUT
    """When a public table sits a person out (net/sit_out.py)."""


class Lobby:
    """The rooms of one server."""

    def __init__(self, game_version: str, *, clock: Callable[[], float],
                 limits: LobbyLimits | None = None, rng: random.Random | None = None) -> None:
        self.game_version = game_version
        self.clock = clock
        self.limits = limits or LobbyLimits()
        self.rng = rng or random.Random(secrets.randbits(64))
        self.rooms: dict[str, Room] = {}
        self.outbox: list[tuple[str, HostMessage]] = []
        self.log: list[tuple[str, str, str]] = []
        """(address, room code or "", event) to write in the server log."""
        self.changed: set[str] = set()
        """Rooms whose game may have moved since the service last saved them."""
        self.closed: set[str] = set()
        """Rooms closed since the service last looked (their saves go)."""
        self.hands_dealt = 0
        """Hands dealt in all the rooms since the server started."""
        self._serials: dict[str, int] = {}
        self._room_of: dict[str, str] = {}
        """Connection -> the code of the room it was handed to."""
        self._addresses: dict[str, str] = {}
        self._empty_since: dict[str, float] = {}
        self.claim: Callable[[str], bool] = lambda code: True
        """Takes a new room's code in the shared directory (False: another
        process has it); several processes share one (``--redis``)."""
        self.release: Callable[[str], None] = lambda code: None
        """Gives back the code of a room closed (or never made)."""
        self.reserved = ""
        """A code the service claimed in the shared directory for the next
        room made (then the lobby claims nothing itself)."""
        self._wrong = AddressWindow(self.limits.wrong_codes, self.limits.wrong_window)
        self._created = AddressWindow(self.limits.creations, self.limits.creation_window)
        self.tables = PublicTables(self.rooms, clock)
        """The public tables listed, and who follows the list."""
        self.desk: TournamentDesk | None = None
        """The tournaments this process offers (None: none)."""
        self.followers: Followers | None = None
        """Who hears the news of each (with a desk)."""
        self.owners = Owners()
        """Whose each registration is (server/tournament_owners.py)."""
        self.kept: set[str] = set()
        """Rooms a tournament holds (its tables): saved as any room, never
        closed for idleness; the tournament closes them (server/tournament_play.py)."""
        self.tournaments_elsewhere: dict[str, tuple[str, TournamentInfo]] = {}
        """The tournaments of the other processes sharing Redis: id ->
        (the id of the process running it, its lobby line), listed after
        this process's own (server/service.py reads them)."""
        self.on_said: Callable[[str, Said], None] = lambda code, said: None
        """Each chat line a room relayed, by the room's code (the server keeps
        it for a web page away: server/web_chat.py)."""
        self.seats: dict[str, str] = {}
        """A tournament's person's token -> the code of their table now: their
        hello reaches it whatever code it names (after a move, a restart)."""

    # ------------------------------------------------------------------

    @property
    def people(self) -> int:
        """Members connected now, in all the rooms."""
        return sum(1 for conn, code in self._room_of.items()
                   if code in self.rooms and self.rooms[code].joined(conn))

    def room_of(self, conn: str) -> str:
        """The code of the room ``conn`` is in ("" for none)."""
        code = self._room_of.get(conn, "")
        return code if code in self.rooms and self.rooms[code].joined(conn) else ""

    def add(self, room: Room) -> None:
        """Hold ``room`` (a restored one, or one just made)."""
        self.rooms[room.code] = room
        code = room.code

        def said(line: Said) -> None:  # (the lobby's on_said as it is then)
            self.on_said(code, line)

        room.on_said = said
        if room.public and self.limits.speeds is not None:
            room.speeds = self.limits.speeds
        room.sit_out_rule = self.limits.sit_out
        self._serials[room.code] = room.hand_serial
        self._empty_since.setdefault(room.code, self.clock())

    def rate_limited(self, address: str) -> bool:
        """Whether ``address`` has sent too many wrong codes lately."""
        return self._wrong.full(address, self.clock())

    def connect(self, conn: str, address: str) -> None:
        """A connection opened from ``address``."""
        self._addresses[conn] = address

    def disconnect(self, conn: str) -> None:
        """A connection closed."""
        address = self._addresses.pop(conn, "")
        self.tables.forget(conn)
        if self.followers is not None:
            self.followers.forget(conn)
        code = self._room_of.pop(conn, None)
        room = self.rooms.get(code) if code is not None else None
        if room is not None and code is not None:
            if room.joined(conn):
                self.log.append((address, code, "lost"))
            room.disconnect(conn)
            self._after(code, room)

    def receive(self, conn: str, message: ClientMessage) -> None:
        """One parsed message from ``conn``."""
        code = self._room_of.get(conn)
        room = self.rooms.get(code) if code is not None else None
        if room is not None and code is not None and isinstance(
                message, Create | LobbyList | PlayNow | JoinTable):
            self._send(conn, Error("already_joined", {}))  # one room per connection
        elif room is not None and code is not None:
            joined = room.joined(conn)
            room.receive(conn, message)
            if not isinstance(message, Ping):
                self.changed.add(code)
            if not joined and room.joined(conn):
                self.log.append((self._addresses.get(conn, ""), code, "joined"))
            self._after(code, room)
        elif isinstance(message, Ping):
            self._send(conn, Pong(message.n))
        elif isinstance(message, Hello):
            self._hello(conn, message)
        elif isinstance(message, Create):
            self._create(conn, message)
        elif isinstance(message, LobbyList | PlayNow | JoinTable):
            self._lobby(conn, message)
        elif isinstance(message, TournamentTables):  # (server/tournament_tables.py)
            self._send(conn, rooms_of(self.desk, self.rooms, message) if self.tables.allowed(conn)
                       else Error("too_fast", {}))
        elif isinstance(message, TournamentList | TournamentEntry):  # (server/tournaments.py)
            self._send(conn, tournament_answer(
                self.desk, message, conn, self.owners,
                [info for _, info in self.tournaments_elsewhere.values()])
                if self.tables.allowed(conn) else Error("too_fast", {}))
            if self.followers is not None and isinstance(message, TournamentEntry):
                self.followers.entry(conn, message, self.owners)
                self._seat_again(conn, message)
        elif isinstance(message, AskStandings):  # (server/tournament_standings.py)
            self._send(conn, standings_answer(self.desk, self.followers, conn, message)
                       if self.tables.allowed(conn) else Error("too_fast", {}))
        else:
            self._send(conn, Error("not_joined", {}))

    def _seat_again(self, conn: str, message: TournamentEntry) -> None:
        """A running tournament's person followed again from ``conn`` (a new
        lobby connection): told where they sit now (nothing once they are out)."""
        name = clean_name(message.name)
        if (self.followers is None or not message.register
                or self.followers.conns.get((message.id, name)) != conn):
            return
        seat = seat_of(self.rooms, message.id, name)
        if seat is not None:
            self._send(conn, seat)

    def tick(self) -> None:
        """Now and then: every room's clock (absence, grace) but those a tick
        would leave as they are (:meth:`.Room.quiet`), and rooms idle too long
        closed."""
        now = self.clock()
        self._wrong.prune(now)
        self._created.prune(now)
        for code, room in list(self.rooms.items()):
            if not room.quiet():  # (most rooms: a tick would do nothing there)
                decision = room.decision
                room.tick()
                if room.outbox or room.decision != decision:
                    self.changed.add(code)
            self._after(code, room)
            since = self._empty_since.get(code)
            idle = self.limits.idle_public if room.public else self.limits.idle_room
            if since is not None and now - since >= idle:
                self.close_room(code, "idle_room")
        self.outbox.extend(self.tables.updates())

    def close_room(self, code: str, why: str) -> None:
        """Close the room ``code``: whoever is still connected is told ``why``."""
        room = self.rooms.pop(code, None)
        if room is None:
            return
        for conn, where in list(self._room_of.items()):
            if where == code:
                self._send(conn, Bye(why))
                del self._room_of[conn]
        self._serials.pop(code, None)
        self._empty_since.pop(code, None)
        self.changed.discard(code)
        self.closed.add(code)
        self.release(code)
        self.log.append(("", code, f"closed {why}"))

    def take(self) -> list[tuple[str, HostMessage]]:
        """The messages to send, in order (and forget them)."""
        out, self.outbox = self.outbox, []
        return out + (self.followers.take() if self.followers is not None else [])

    # ------------------------------------------------------------------

    def _send(self, conn: str, message: HostMessage) -> None:
        self.outbox.append((conn, message))

    def _refuse(self, conn: str, reason: str, detail: str = "") -> None:
        self.log.append((self._addresses.get(conn, ""), "", f"refused {reason}"))
        self._send(conn, Refused(reason, detail))
        self._send(conn, Bye(reason))

    def _after(self, code: str, room: Room) -> None:
        """Pass on what ``room`` said; count its hands; note when it empties."""
        self.outbox.extend(room.take())
        serial = room.hand_serial
        self.hands_dealt += max(0, serial - self._serials.get(code, serial))
        self._serials[code] = serial
        if any(m.conn is not None for m in room.members) or code in self.kept:
            self._empty_since.pop(code, None)
        else:
            self._empty_since.setdefault(code, self.clock())

    def awaits_tournament(self, conn: str) -> bool:
        """Whether ``conn`` is a person's, registered for a tournament (it
        waits in no room for its start, its table, its news)."""
        return self.followers is not None and self.followers.conns.holds(conn)

    def place(self, conn: str, code: str) -> None:
        """``conn`` is in the room ``code`` now ("": in none): a tournament
        moved its person (the rooms themselves were told)."""
        if code:
            self.tables.forget(conn)
            self._room_of[conn] = code
        else:
            self._room_of.pop(conn, None)

    def _hello(self, conn: str, hello: Hello, *, public: bool = False) -> None:
        """Hand ``hello`` to its room (``public``: only if it is a public
        table, else ``no_table``; a code of neither counts as a wrong one)."""
        address = self._addresses.get(conn, "")
        now = self.clock()
        if self._wrong.full(address, now):
            self._refuse(conn, "rate_limited")
            return
        if hello.token is not None and hello.token in self.seats and not public:
            hello = replace(hello, code=self.seats[hello.token])  # a tournament's seat
        room = self.rooms.get(hello.code)
        if room is None or (public and not room.public):
            self._wrong.note(address, now)
            self._refuse(conn, "no_table" if public else "wrong_code")
            return
        self.tables.forget(conn)
        self._room_of[conn] = hello.code
        room.connect(conn, address)
        self.receive(conn, hello)

    # ------------------------------------------------------------------
    # The lobby: public tables

    def _lobby(self, conn: str, message: LobbyList | PlayNow | JoinTable) -> None:
        """A lobby request from ``conn`` (in no room): at most a few a second."""
        if not self.tables.allowed(conn):
            self._send(conn, Error("too_fast", {}))
            self.log.append((self._addresses.get(conn, ""), "", "lobby_too_fast"))
            return
        if isinstance(message, LobbyList):
            self._send(conn, self.tables.ask(conn, message))
        elif isinstance(message, JoinTable):
            if message.watch:
                room = self.rooms.get(message.code)
                if room is not None and room.public:
                    room.watch_only.add(conn)
            self._hello(conn, Hello(message.name, message.code, message.game_version,
                                    message.token), public=True)
        else:
            self.play_now(conn, message)

    def best_table(self, variant: str, speed: str, name: str = "") -> Room | None:
        """The public table here where Play now seats a player: one with a
        seat a computer or nobody holds, of that variant and speed when
        asked, the one with the most people first; never one where someone
        already has ``name`` (the player themself, who left that table with
        the computer playing their seat: their name would be refused)."""
        found = [room for room in self.rooms.values()
                 if room.public and (not variant or room.variant.key == variant)
                 and (not speed or room.speed == speed)
                 and (seen := room.listing()).people < room.size
                 and seen.watchers < room.max_watchers
                 and not (name and room.name_taken(name))]
        return max(found, key=lambda room: (room.listing().people, room.code), default=None)

    def play_now(self, conn: str, play: PlayNow) -> None:
        """Seat ``conn`` at once: at a public table with a free seat, or at a
        new one (counted as a room created by its address)."""
        if play.game_version != self.game_version:
            self._refuse(conn, "wrong_version", self.game_version)
            return
        if play.variant and play.variant not in PUBLIC_VARIANTS:
            self._refuse(conn, "bad_rules", "variant")
            return
        room = self.best_table(play.variant, play.speed, play.name)
        if room is not None:
            self.tables.forget(conn)
            self._room_of[conn] = room.code
            room.connect(conn, self._addresses.get(conn, ""))
            self.receive(conn, Hello(play.name, room.code, play.game_version))
            return
        address = self._addresses.get(conn, "")
        now = self.clock()
        if self._created.full(address, now):
            self._refuse(conn, "rate_limited")
            return
        if (len(self.rooms) >= self.limits.max_rooms
                or sum(1 for r in self.rooms.values() if r.public) >= self.limits.max_public):
            self._refuse(conn, "server_full")
            return
        variant = shipped_variant(play.variant or PUBLIC_VARIANTS[0])
        code = self._new_code()
        room = Room(variant, code, size=min(PUBLIC_SEATS, variant.max_players),
                    strength="normal", game_version=self.game_version, clock=self.clock,
                    rng=random.Random(self.rng.getrandbits(64)),
                    max_watchers=self.limits.max_watchers, public=True,
                    speed=play.speed or SPEEDS[0])
        if self.limits.speeds is not None:
            room.speeds = self.limits.speeds  # (before its first game starts)
        room.connect(conn, address)
        room.receive(conn, Hello(play.name, code, play.game_version))
        if not room.joined(conn):  # a name that cannot be used: no table is opened
            room.disconnect(conn)
            self.outbox.extend(room.take())
            self.release(code)
            return
        self._created.note(address, now)
        self.tables.forget(conn)
        self._room_of[conn] = code
        self.add(room)
        self.changed.add(code)
        self.log.append((address, code, "created public"))
        self._after(code, room)

    def _create(self, conn: str, create: Create) -> None:
        address = self._addresses.get(conn, "")
        now = self.clock()
        if self._created.full(address, now):
            self._refuse(conn, "rate_limited")
            return
        if len(self.rooms) >= self.limits.max_rooms:
            self._refuse(conn, "server_full")
            return
        if create.game_version != self.game_version:
            self._refuse(conn, "wrong_version", self.game_version)
            return
        if create.strength not in LEVELS:
            self._refuse(conn, "bad_rules", "strength")
            return
        code = ""
        try:
            variant: Variant = (create.rules.variant() if create.rules is not None
                                else shipped_variant(create.variant))
            code = self._new_code()
            room = Room(variant, code, size=create.size, strength=create.strength,
                        game_version=self.game_version, clock=self.clock,
                        rng=random.Random(self.rng.getrandbits(64)),
                        max_watchers=self.limits.max_watchers)
        except (KeyError, ValueError, VariantError):
            if code:
                self.release(code)
            self._refuse(conn, "bad_rules", "variant")
            return
        room.connect(conn, address)
        room.receive(conn, Hello(create.name, code, create.game_version))
        if not room.joined(conn):  # e.g. a name that cannot be used: no room is made
            room.disconnect(conn)
            self.outbox.extend(room.take())
            self.release(code)
            return
        self._created.note(address, now)
        self._room_of[conn] = code
        self.add(room)
        self.changed.add(code)
        self.log.append((address, code, "created"))
        self._after(code, room)

    def new_code(self) -> str:
        """A room code no room here has (for a room the server opens itself)."""
        return self._new_code()

    def _new_code(self) -> str:
        """A room code no room here has (the reserved one, if any)."""
        if self.reserved:
            code, self.reserved = self.reserved, ""
            return code
        for _attempt in range(1000):
            code = f"{secrets.randbelow(10**6):06d}"  # unguessable from others
            if code not in self.rooms and self.claim(code):
                return code
        raise ValueError("no free room code")  # cannot happen below 10^6 rooms
