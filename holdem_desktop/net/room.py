"""A room: the host's authoritative table for people on the LAN (SPEC §4).

No I/O here: the server hands the room each parsed message with the
connection it came from (:meth:`Room.receive`), tells it when a connection
opens or closes, and calls :meth:`Room.tick` now and then; the room answers
by filling :attr:`Room.outbox` with ``(connection, message)`` pairs.  So
every rule is tested by feeding it messages, without a socket.

- Each member is a person with a name and a resume token.  Before a game
  they take the free seats; during a game (or when the seats are taken)
  newcomers listen as watchers.  "New game" (the host only, between games)
  seats the people connected now (watchers too, and tells them their
  seat) and fills the free seats with computer players.  Seats, watchers
  and memory are bounded: those gone lose their seat after ``grace`` and
  are forgotten after ``forget`` seconds.
- Each member receives only what their seat may see: the events censored
  for that seat and that seat's own view -- of the hands dealt while the
  seat was theirs (a seat taken between games shows nothing private of an
  earlier hand).  A member acts only for their own seat and only on their
  turn; anything else is answered, to them alone, with the reason.
- The next hand is dealt when every person still in the game has pressed
  Next hand; pressing again says who is still awaited.  Only those here
  and playing for themselves count: with everyone away nothing is dealt,
  and everyone is told why.
- A member the host removes is kept out (token, name, address) until the
  host lets them back.
- A person away (disconnected) for ``absence`` seconds when it is their
  turn is played by the computer, with their own chips, until they come
  back with their token; one who leaves (or presses Away, or whose seat
  the host hands over) is played by the computer at once.  With no person
  left in the game, the game ends and the computers win.
- Every action names the decision it answers; any other is ``stale_action``.
- What happens to people (joins, leaves, returns, lost connections, the
  computer taking a seat) is told to everyone at once as :class:`News`,
  no faster than a screen reader can say it (held and folded beyond that).
- Members talk (:class:`Chat`, relayed as :class:`Said`) under the rules of
  :mod:`.chat`: length, printable text, a rate per member with escalation,
  no repeats; the host may mute a member for everyone.  Refused lines are
  counted in :attr:`Room.chat_refused` by reason and length, never kept.
"""

from __future__ import annotations

import functools
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from holdem_desktop.ai.character import NAMES, random_characters
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, IllegalAction
from holdem_desktop.engine.events import ActionTaken, HandEnded, HandStarted
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.variant import Variant
from holdem_desktop.engine.views import SeatView, seat_view
from holdem_desktop.session import (
    BlindsUp,
    Controller,
    GameOver,
    GameStarted,
    HandStarting,
    HumanController,
    Session,
)

from .chat import NewsGate, RoomChat, clean_line
from .limits import AddressWindow
from .names import clean_name, name_problem, skeleton
from .protocol import (
    GAME_ENDS,
    Act,
    Away,
    Back,
    Bye,
    Chat,
    ClientMessage,
    Error,
    Events,
    Hello,
    HostMessage,
    Leave,
    LetBack,
    MuteMember,
    NewGame,
    News,
    NextHand,
    Ping,
    PlayFor,
    Pong,
    Refused,
    Remove,
    Said,
    StartWithout,
    Table,
    VariantRules,
    Waiting,
    Welcome,
    error_data,
)
from .public_table import PublicTable
from .seat_names import rename_computers_like
from .sit_out import SitOut
from .wire import censor

__all__ = ["ABSENCE", "BARRIER_WAIT", "FORGET", "GRACE", "MAX_BANS", "MAX_EVENTS",
           "MAX_WATCHERS", "Ban", "Member", "Room"]


@functools.lru_cache(maxsize=len(NAMES))
def _name_skeleton(name: str) -> str:
    """:func:`skeleton` of a computer's name (each new game asks it of them
    all: made once, not again for every game of every room)."""
    return skeleton(name)


ABSENCE = 60.0
"""Seconds a person may be away on their turn before the computer plays for them."""
GRACE = 120.0
"""Seconds a member gone between games (left, or connection closed) keeps a seat."""
FORGET = 600.0
"""Seconds after which a member gone (and not in a running game) is forgotten:
their token no longer gives anything back, their name is free."""
MAX_WATCHERS = 10
"""Members without a seat at most (the next newcomer is refused ``room_full``)."""
BARRIER_WAIT = 10.0
"""Seconds after a hand ends before the host may start the next one without
the players still awaited."""
MAX_EVENTS = 256
"""Events in one message at most (the protocol's limit)."""
WRONG_CODES = 5
"""Wrong room codes allowed per address per minute (10^6 codes cannot be walked)."""
WRONG_WINDOW = 60.0
"""The window of :data:`WRONG_CODES`, in seconds; older entries are pruned."""
MAX_BANS = 64
"""Members kept out at most (the oldest ban is lifted to make room for a new one)."""
WRONG_ADDRESSES = 4096
"""Addresses the wrong-code table keeps at most (the oldest go first)."""


@dataclass
class Member:
    """A person in the room."""

    name: str
    token: str
    key: str = ""
    """The name's skeleton: look-alike names share it."""
    seat: int | None = None
    """Their seat (None: listening, until the next game)."""
    conn: str | None = None
    """The connection they speak through now (None: gone)."""
    gone_since: float | None = None
    """When their connection closed or they left (None: here)."""
    left: bool = False
    """They chose Leave room (rather than losing the connection)."""
    replaced: bool = False
    """The computer is playing their seat (away, left, or handed over)."""
    pending: list[object] = field(default_factory=list)
    """Events not yet sent to them."""
    address: str = ""
    """The address they last spoke from (kept out with them if removed)."""
    news: NewsGate = field(default_factory=NewsGate)
    """The news on its way to them (no faster than they can hear it)."""
    since: int = 0
    """The first hand (by :attr:`Room.hand_serial`) whose private view their
    seat may give them: a seat taken between games shows nothing of the
    hands dealt before it was theirs."""
    watching: bool = False
    """They came to a public table only to watch: never given a seat."""
    timeouts: int = 0
    """Times in a row a public table's clock ran out on them (see :mod:`.sit_out`)."""
    sat_out: int | None = None
    """The hand (:attr:`Room.hand_serial`) they were sat out in (None: not sat out)."""
    missed: bool = False
    """A hand of theirs ended while their link was down: their first table
    back carries it, if another hand was dealt since (see :attr:`Room.last_hand`)."""
    ended: tuple[int, int | None] | None = None
    """The game (by :attr:`Room.games`) that ended while they were a member,
    and the seat they held then (None: they watched): while they hold that
    seat still, their tables carry its result (``Table.result``).  A
    newcomer after the end, or one given another seat since, is no player
    of that game: its result is not theirs to hear."""


@dataclass
class Ban:
    """A member the host removed, kept out for the room's life (until let back)."""

    name: str
    key: str
    token: str
    address: str
    member: Member | None = None
    """Who they were, with the seat of the game running when they were
    removed (None: they held none): let back during that game, their old
    token gives them that seat again."""
    game: int = 0
    """:attr:`Room.games` when they were removed."""


class Room(PublicTable, SitOut):
    """One room on the host (or a public table of a server: :mod:`.public_table`)."""

    def __init__(self, variant: Variant, code: str, *, size: int, strength: str = "normal",
                 game_version: str = "", rng: random.Random | None = None,
                 clock: Callable[[], float], absence: float = ABSENCE, grace: float = GRACE,
                 forget: float = FORGET, max_watchers: int = MAX_WATCHERS,
                 barrier_wait: float = BARRIER_WAIT, public: bool = False,
                 speed: str = "normal") -> None:
        if not 2 <= size <= min(6, variant.max_players) or size < variant.min_players:
            raise ValueError(f"a room of {size} players cannot play {variant.name}")
        self.variant = variant
        self._rules = _rules_of(variant)
        """The rules sent to every guest, so they play and explain this very game."""
        self.code = code
        self.size = size
        self.strength = strength
        self.game_version = game_version
        self.rng = rng or random.Random(secrets.randbits(64))
        self.clock = clock
        self.absence = absence
        self.grace = grace
        self.forget = forget
        self.max_watchers = max_watchers
        self.barrier_wait = barrier_wait
        self.public = public
        """A public table of a server's lobby: it has no host (the server
        starts its games) and people take the computers' seats between hands."""
        self.speed = speed
        """How long it gives each decision (a public table's, listed)."""
        self.watch_only: set[str] = set()
        """Connections whose hello comes only to watch (a lobby's Watch)."""
        self.banks: dict[int, float] = {}
        """Each seat's time bank (a public table's clock: :mod:`.public_table`)."""
        self.members: list[Member] = []
        self.host: Member | None = None
        """The first member, who created the room; only they start a game."""
        self.session: Session | None = None
        self.ready: set[int] = set()
        self.turn_since: float | None = None
        self.barrier_since: float | None = None
        """When the next-hand barrier began (the hand ended, or the game started)."""
        self.hand_serial = 0
        """Hands dealt in this room, all games together: the first half of a decision's id."""
        self.outbox: list[tuple[str, HostMessage]] = []
        self._conns: dict[str, Member] = {}
        self._wrong = AddressWindow(WRONG_CODES, WRONG_WINDOW, WRONG_ADDRESSES)
        self._addresses: dict[str, str] = {}
        self._last_waiting: tuple[int, ...] | None = None
        self.bans: list[Ban] = []
        """Members the host removed: their address, token and name are refused
        ``removed`` until the host lets them back."""
        self._all_away_told = False
        """Whether everyone was told the barrier waits because all are away."""
        self._wait_told: tuple[int, int] | None = None
        """The decision for which everyone was told the game waits for a
        person not connected (see :meth:`_tell_wait`)."""
        self._people_seats: set[int] = set()
        """The seats people took at the last New game."""
        self.games = 0
        """Games started in this room."""
        self.stand_ins: list[int] = []
        """This hand's moves (by their order in it, from 0) that the computer
        made for a person's seat (they were away, gone or handed over): a
        person back at the table hears them as the computer's, not as theirs."""
        self.blinds_up = False
        """The blinds went up as this hand was dealt ("Blinds go up to …"
        came just before it): one back at the table finds that line too."""
        self._rising = False
        self.last_hand: Hand | None = None
        """The last hand that ended (this game's), its serial and its moves the
        computer made for a person: one whose link was down when it ended gets
        it with their first table back, once another hand was dealt (kept in
        memory only: after a server restart the Desktop says it ended away)."""
        self.last_serial = 0
        self.last_stand_ins: tuple[int, ...] = ()
        self.chat = RoomChat()
        """Who may talk, and how fast (see :mod:`.chat`)."""
        self.chat_refused: list[tuple[str, str, int]] = []
        """Lines refused since the server last looked: (connection, reason,
        length); the text itself is never kept."""
        self.on_said: Callable[[Said], None] = lambda said: None
        """Each line relayed (the server keeps it for a web page away:
        server/web_chat.py); the room itself keeps none."""

    # ------------------------------------------------------------------
    # Who is where

    @property
    def running(self) -> bool:
        """Whether a game is being played."""
        return self.session is not None and not self.session.game_over

    @property
    def kinds(self) -> list[str]:
        """What each seat holds: ``human``, ``computer`` or ``empty``."""
        holders = {m.seat: m for m in self.members if m.seat is not None}
        if self.session is None:
            return ["human" if k in holders else "empty" for k in range(self.size)]
        return ["human" if k in holders and not holders[k].replaced else "computer"
                for k in range(self.size)]

    @property
    def names(self) -> list[str]:
        """Each seat's name ("" for an empty one).  Between games a person who
        took a computer's seat is named already, not the computer of the last
        game."""
        holders = {m.seat: m.name for m in self.members if m.seat is not None}
        if self.session is not None:
            between = self.session.game_over
            return [holders[k] if between and k in holders else st.name
                    for k, st in enumerate(self.session.seats)]
        return [holders.get(k, "") for k in range(self.size)]

    def _at(self, seat: int) -> Member | None:
        return next((m for m in self.members if m.seat == seat), None)

    def name_taken(self, name: str) -> bool:
        """Whether a newcomer's hello with ``name`` would be refused for the
        name: a member, or a seat a person left to the computer, is called
        alike (a hello's own comparison, by the names' skeletons)."""
        key = skeleton(clean_name(name))
        return any(m.key == key for m in self.members) or self._seat_named(key)

    def _named(self, name: str) -> Member | None:
        wanted = clean_name(name).casefold()
        return next((m for m in self.members if m.name.casefold() == wanted), None)

    # ------------------------------------------------------------------
    # Connections

    def connect(self, conn: str, address: str = "") -> None:
        """A connection opened (from ``address``); it says hello next."""
        self._addresses[conn] = address

    def joined(self, conn: str) -> bool:
        """Whether ``conn`` belongs to a member (it said a welcomed hello)."""
        return conn in self._conns

    def disconnect(self, conn: str) -> None:
        """A connection closed: its member is gone (the seat is kept for now)."""
        self._addresses.pop(conn, None)
        self.watch_only.discard(conn)
        member = self._conns.pop(conn, None)
        if member is None:
            return
        member.conn = None
        member.gone_since = self.clock()
        if self._absent_to_act() is member:
            self._wait_told = None  # the wait for them is told now, below, not "lost"
        else:
            self._news("lost", (member.name,))
        if self.session is None or self.session.game_over:
            self._broadcast_table()  # between games: who is here changed, everyone sees it
        self._flush()

    def _send(self, conn: str, message: HostMessage) -> None:
        self.outbox.append((conn, message))

    def take(self) -> list[tuple[str, HostMessage]]:
        """The messages to send, in order (and forget them)."""
        out, self.outbox = self.outbox, []
        return out

    # ------------------------------------------------------------------
    # Messages

    def receive(self, conn: str, message: ClientMessage) -> None:
        """One parsed message from ``conn``."""
        member = self._conns.get(conn)
        if isinstance(message, Hello):
            self._hello(conn, message)
        elif isinstance(message, Ping):
            self._send(conn, Pong(message.n))
        elif member is None:
            self._send(conn, Error("not_joined", {}))
        elif isinstance(message, Act):
            self._act(member, message)
        elif isinstance(message, NextHand):
            self._next_hand(member)
        elif isinstance(message, NewGame):
            self._new_game(member)
        elif isinstance(message, Leave):
            self._leave(member)
        elif isinstance(message, Away):
            self._away(member)
        elif isinstance(message, Back):
            self._back(member)
        elif isinstance(message, PlayFor):
            self._play_for(member, message.seat)
        elif isinstance(message, Remove):
            self._remove(member, message.name)
        elif isinstance(message, LetBack):
            self._let_back(member, message.name)
        elif isinstance(message, StartWithout):
            self._start_without(member)
        elif isinstance(message, Chat):
            self._chat(member, message)
        elif isinstance(message, MuteMember):
            self._mute(member, message.name, message.on)
        self._flush()

    def _refuse(self, conn: str, reason: str, detail: str = "") -> None:
        self._send(conn, Refused(reason, detail))
        self._send(conn, Bye(reason))

    def _hello(self, conn: str, hello: Hello) -> None:
        if conn in self._conns:
            self._send(conn, Error("already_joined", {}))
            return
        address = self._addresses.get(conn, "")
        now = self.clock()
        if self._wrong.full(address, now):
            self._refuse(conn, "rate_limited")
            return
        if hello.code != self.code:
            self._wrong.note(address, now)
            self._refuse(conn, "wrong_code")
            return
        if hello.game_version != self.game_version:
            self._refuse(conn, "wrong_version", self.game_version)
            return
        problem = name_problem(hello.name)
        if problem is not None:
            self._refuse(conn, "bad_name", problem)
            return
        name = clean_name(hello.name)
        key = skeleton(name)
        same = next((m for m in self.members if m.key == key), None)
        if self._kept_out(address, key, hello.token, same):
            self._refuse(conn, "removed")
            return
        if same is None and self._seat_named(key):
            self._refuse(conn, "name_taken")  # a computer plays under that name now
            return
        if same is not None:
            if same.name.casefold() != name.casefold():
                self._refuse(conn, "bad_name", "looks_like_another")
                return
            if hello.token is None or not secrets.compare_digest(hello.token, same.token):
                self._refuse(conn, "name_taken" if hello.token is None else "bad_token")
                return
            self._return(conn, same)
            return
        if not self._make_room_for_one():
            self._refuse(conn, "room_full")
            return
        held = {m.seat for m in self.members if m.seat is not None}
        for old, new in rename_computers_like(  # never two seats called alike
                self.session, key, self._people_seats | held,
                (m.key for m in self.members), self.rng):
            self._news("renamed", (old, new))
        member = Member(name, secrets.token_hex(16), key, watching=conn in self.watch_only)
        if not self.running and not member.watching:
            self._seat(member, self._free_seat())
        self.members.append(member)
        if self.host is None and not self.public:
            self.host = member
        self._bind(conn, member)
        self._news("joined", (member.name,), exclude=member)
        self._welcome(member)
        self._broadcast_table()
        self._public_turn()

    def _seat_named(self, key: str) -> bool:
        """Whether a seat of the running game that a person took at New game,
        and that no member holds now (they were removed or forgotten: the
        computer plays it under their name), is called by a name like
        ``key``: a newcomer never shares a name with it."""
        if not self.running:
            return False
        held = {m.seat for m in self.members if m.seat is not None}
        names = self.names
        return any(skeleton(names[k]) == key for k in self._people_seats - held)

    def _make_room_for_one(self) -> bool:
        """Whether a newcomer fits (a seat, or a watcher's place); forgets the
        member gone longest when that makes the place."""
        if not self.running and self._free_seat() is not None:
            return True
        watchers = [m for m in self.members if m.seat is None]
        if len(watchers) < self.max_watchers:
            return True
        gone = sorted((m for m in watchers if m.conn is None and m is not self.host),
                      key=lambda m: m.gone_since or 0.0)
        if not gone:
            return False
        self.members.remove(gone[0])
        return True

    def _return(self, conn: str, member: Member) -> None:
        """``member`` (their token checked) is here again: seat, view and all."""
        was_gone = member.conn is None
        if member.conn is not None:  # the old connection is stale: this one takes over
            member.missed = True  # (what it was sent may never have arrived: the end too)
            self._conns.pop(member.conn, None)
            self._send(member.conn, Bye("replaced"))
        self._bind(conn, member)
        member.left = False
        if member.seat is None and not self.running and not member.watching:
            self._seat(member, self._free_seat())
        self._come_back(member)
        self._welcome(member)
        if was_gone:
            self._news("back", (member.name,))
        self._broadcast_table()
        self._public_turn()

    def _bind(self, conn: str, member: Member) -> None:
        member.conn = conn
        member.gone_since = None
        member.address = self._addresses.get(conn, member.address)
        self._conns[conn] = member

    def _seat(self, member: Member, seat: int | None) -> None:
        """Give ``member`` ``seat`` (between games): the seat's view of any hand
        dealt before now is not theirs to see (another person's, or a
        computer's, unshown cards)."""
        member.seat = seat
        member.since = self.hand_serial + 1

    def _kept_out(self, address: str, key: str, token: str | None,
                  same: Member | None) -> bool:
        """Whether a hello is from someone the host removed: their token, their
        name (or one like it), or their address -- unless it carries the valid
        token of a member still in the room (a friend on the same computer)."""
        if not self.bans:
            return False
        if same is not None and token is not None \
                and secrets.compare_digest(token, same.token):
            return False
        return any((token is not None and secrets.compare_digest(token, ban.token))
                   or ban.key == key or (ban.address != "" and ban.address == address)
                   for ban in self.bans)

    def _free_seat(self) -> int | None:
        taken = {m.seat for m in self.members if m.seat is not None}
        return next((k for k in range(self.size) if k not in taken), None)

    def _welcome(self, member: Member, table: bool = True) -> None:
        assert member.conn is not None
        host_seat = self.host.seat if self.host is not None and self.host.seat is not None else 0
        self._send(member.conn, Welcome(member.seat, member.token, self.code,
                                        tuple(self.names), self.variant.key,
                                        member.seat is None, host_seat, self._rules,
                                        self.public))
        if table:
            member.pending.clear()  # the Table message brings them up to date
            self._send(member.conn, self._table(member))

    # ------------------------------------------------------------------
    # Playing

    def _new_game(self, member: Member | None) -> None:
        """Start a game: asked by ``member`` (the host; at a public table,
        any player), or by the server (None) at a public table."""
        if member is not None and member is not self.host and not (
                self.public and not member.watching):
            self._error(member, "not_host")
            return
        if self.running:
            if member is not None:
                self._error(member, "game_running")
            return
        for m in self.members:  # only the people here are seated
            m.replaced = m.left = False
            if m.conn is None:
                m.seat = None
        newly: list[Member] = []
        for m in self.members:  # listeners take the free seats, first come first
            if m.conn is not None and m.seat is None and not m.watching:
                self._seat(m, self._free_seat())
                if m.seat is None:
                    break
                newly.append(m)
        seated = {m.seat: m for m in self.members if m.seat is not None}
        self._people_seats = set(seated)
        self.games += 1
        people = {m.key for m in self.members}  # no computer is named like a person here
        characters = iter(random_characters(self.rng, self.size, tuple(
            name for name in NAMES if _name_skeleton(name) in people)))
        players: list[tuple[str, Controller]] = []
        for k in range(self.size):
            if k in seated:
                players.append((seated[k].name, HumanController()))
            else:
                c = next(characters)
                players.append((c.name, create_player(self.strength,
                                                      random.Random(self.rng.random()), c)))
        self.session = Session(self.variant, players, rng=random.Random(self.rng.random()),
                               clock=self.clock)
        self.session.subscribe(self._listen)
        self._reset_clock()
        for m in newly:  # their window becomes a player's at once
            self._welcome(m, table=False)
        self.session.start()
        self.ready.clear()
        self.barrier_since = self.clock()
        self._last_waiting = None
        self._deal_if_ready()

    @property
    def decision(self) -> tuple[int, int]:
        """The id of the decision awaited now: (hand, actions so far)."""
        s = self.session
        hand = s.hand if s is not None else None
        return self.hand_serial, len(hand.actions) if hand is not None else 0

    def _act(self, member: Member, act: Act) -> None:
        s = self.session
        if s is None or s.hand is None or s.hand.over or member.seat is None:
            self._error(member, "hand_over")
            return
        hand, decision = self.decision
        if (act.hand, act.decision) != (hand, decision):
            self._error(member, "stale_action", {"hand": hand, "decision": decision})
            return
        if s.waiting_for != member.seat:
            self._error(member, "not_your_turn")
            return
        try:
            s.submit(member.seat, Action(act.kind, act.amount))
        except IllegalAction as exc:
            self._error(member, exc.reason, error_data(exc.data))
            return
        self._spend_clock(member.seat)
        self.turn_since = self.clock()
        member.timeouts = 0  # they decided: their count of timeouts starts again

    def _at_barrier(self) -> bool:
        s = self.session
        return s is not None and not s.game_over and (s.hand is None or s.hand.over)

    def _next_hand(self, member: Member) -> None:
        s = self.session
        if s is None or s.game_over:
            self._error(member, "no_game")
            return
        if s.hand is not None and not s.hand.over:
            self._error(member, "hand_running")
            return
        if member.replaced and self._in_game(member):
            self._error(member, "away")
            return
        if member.seat is None or member.seat not in self._awaited_or_ready():
            self._error(member, "not_playing")
            return
        if member.seat in self.ready:  # again: who are we waiting for?
            self._answer_waiting(member, tuple(sorted(self._awaited())))
            return
        self.ready.add(member.seat)
        self._deal_if_ready(member)

    def _awaited_or_ready(self) -> set[int]:
        return self._awaited() | self.ready

    def _awaited(self) -> set[int]:
        """People still in the game, here and playing for themselves, who have
        not pressed Next hand."""
        s = self.session
        if s is None:
            return set()
        return {m.seat for m in self.members
                if m.seat is not None and not m.replaced and m.conn is not None
                and s.seats[m.seat].place is None and m.seat not in self.ready}

    def _deal_if_ready(self, presser: Member | None = None) -> None:
        """Deal when nobody is awaited; else say who is, once: to everyone
        ready when the list changed, to ``presser`` alone when it did not."""
        s = self.session
        if not self._at_barrier():
            return
        assert s is not None
        if self.public:
            self._seat_waiting()
        awaited = tuple(sorted(self._awaited()))
        if awaited:
            self._all_away_told = False  # someone is here again: a new wait is told anew
            if awaited != self._last_waiting:
                self._last_waiting = awaited
                self._broadcast_waiting(awaited, presser)
            elif presser is not None:
                self._answer_waiting(presser, awaited)
            return
        if not self._humans_in_game():
            s.end("no_humans")
            return
        if not self._ready_here():
            # Everyone here stepped away (or is gone): no hand is dealt for
            # nobody; everyone is told why, once, and the next hand waits until
            # someone is back and presses Next hand.
            away = tuple(m.name for m in self._humans_in_game() if m.conn is not None
                         and m.replaced)[:10]
            if away and not self._all_away_told:
                self._all_away_told = True
                self._news("all_away", away)
            return
        self._all_away_told = False
        for m in self.members:
            m.news.forget_waiting()  # a list held back is not said over the new hand
        self.ready.clear()
        self._last_waiting = None
        self.turn_since = self.clock()
        self.hand_serial += 1
        self._refill_clock()
        s.next_hand()

    def _ready_here(self) -> list[Member]:
        """Those who pressed Next hand and are here, playing for themselves
        (one who pressed and then chose Away, or lost the connection, no
        longer counts: the computer never plays a hand for nobody)."""
        return [m for m in self.members if m.seat is not None and m.seat in self.ready
                and m.conn is not None and not m.replaced]

    def _humans_in_game(self) -> list[Member]:
        s = self.session
        assert s is not None
        return [m for m in self.members if m.seat is not None and not m.left
                and s.seats[m.seat].place is None]

    def _in_game(self, member: Member) -> bool:
        """Whether ``member`` holds a seat of the running game, still playing."""
        s = self.session
        return (s is not None and not s.game_over and member.seat is not None
                and s.seats[member.seat].place is None)

    def _leave(self, member: Member) -> None:
        member.left = True
        if member.conn is not None:
            self._send(member.conn, Bye("left"))
            self._conns.pop(member.conn, None)
            self._addresses.pop(member.conn, None)
            member.conn = None
        member.gone_since = self.clock()
        if self._in_game(member):
            self._replace(member)
            self._news("left_seat", (member.name,))
        else:
            self._news("left", (member.name,))
        self._after_change()

    def _away(self, member: Member) -> None:
        if not self._in_game(member) or member.replaced:
            self._error(member, "not_playing" if not self._in_game(member) else "already_away")
            return
        self._replace(member)
        self._news("away", (member.name,))
        self._after_change()

    def _back(self, member: Member) -> None:
        if not self._in_game(member) or not member.replaced:
            self._error(member, "not_playing" if not self._in_game(member) else "not_away")
            return
        member.sat_out, member.timeouts = None, 0
        self._come_back(member)
        self._news("back", (member.name,))
        self._after_change()

    def _play_for(self, member: Member, seat: int) -> None:
        if member is not self.host:
            self._error(member, "not_host")
            return
        target = self._at(seat) if seat < self.size else None
        if target is None or not self._in_game(target) or target is member:
            self._error(member, "no_player")
            return
        if target.replaced:
            self._error(member, "already_away")
            return
        self._replace(target)
        self._news("play_for", (target.name,))
        self._after_change()

    def _remove(self, member: Member, name: str) -> None:
        if member is not self.host:
            self._error(member, "not_host")
            return
        target = self._named(name)
        if target is None or target is member:
            self._error(member, "no_member")
            return
        if target.conn is not None:
            self._send(target.conn, Bye("removed"))
            self._conns.pop(target.conn, None)
            self._addresses.pop(target.conn, None)
            target.conn = None
        playing = self._in_game(target)
        if playing:
            self._replace(target)
        self.members.remove(target)  # their token gives nothing back now
        # Kept out for the room's life: their token, their name, and their
        # address (not the host's own: that would keep out the host's computer).
        host_address = self.host.address if self.host is not None else ""
        address = target.address if target.address != host_address else ""
        self.bans = [b for b in self.bans if b.key != target.key][-(MAX_BANS - 1):]
        self.bans.append(Ban(target.name, target.key, target.token, address,
                             target if playing else None, self.games))
        self._news("removed", (target.name,))
        self._after_change()
        self._broadcast_table()

    def _let_back(self, member: Member, name: str) -> None:
        """(The host.) The member removed as ``name`` may join again."""
        if member is not self.host:
            self._error(member, "not_host")
            return
        key = skeleton(name)
        ban = next((b for b in self.bans if b.key == key), None)
        if ban is None:
            self._error(member, "not_removed")
            return
        self.bans.remove(ban)
        old = ban.member
        if old is not None and ban.game == self.games and self.running \
                and old.seat is not None and self._at(old.seat) is None \
                and not any(m.key == old.key for m in self.members):
            # The same game still runs: the seat the computer plays under their
            # name waits for them, and their old token gives it back.
            old.gone_since = self.clock()
            self.members.append(old)
        self._tell(member, News("let_back", (ban.name,)))
        self._broadcast_table()

    def _start_without(self, member: Member) -> None:
        if member is not self.host:
            self._error(member, "not_host")
            return
        if not self._at_barrier():
            self._error(member, "hand_running" if self.running else "no_game")
            return
        waited = self.clock() - (self.barrier_since or self.clock())
        if waited < self.barrier_wait:
            self._error(member, "too_soon", {"seconds": int(self.barrier_wait - waited + 0.999)})
            return
        others = [m for m in self.members if m.seat in self._awaited() and m is not member]
        if not others:
            self._error(member, "nobody_awaited")
            return
        if member.seat is not None and member.seat in self._awaited():
            self.ready.add(member.seat)  # the host starts it: the host is ready
        for m in others:
            self._replace(m)
        self._news("started_without", tuple(m.name for m in others))
        self._last_waiting = None
        self._deal_if_ready()

    def _replace(self, member: Member) -> None:
        """The computer plays ``member``'s seat, with their chips."""
        s = self.session
        if s is None or member.seat is None or member.replaced:
            return
        member.replaced = True
        s.seats[member.seat].controller = create_player(
            self.strength, random.Random(self.rng.random()))

    def _come_back(self, member: Member) -> None:
        """``member`` is here again: their seat is theirs."""
        s = self.session
        if member.sat_out is not None:
            return  # sat out: only Back (not a new connection) brings them back
        if member.replaced and s is not None and member.seat is not None:
            s.seats[member.seat].controller = HumanController()
            member.replaced = False

    def _after_change(self) -> None:
        """After someone left or was replaced: play on, end, or deal."""
        s = self.session
        if s is None or s.game_over:  # between games: who is here changed, everyone sees it
            self._broadcast_table()
            return
        if s.hand is not None and not s.hand.over:
            s.run()  # a replaced seat to act plays at once
        if s.hand is None or s.hand.over:
            if not self._humans_in_game():
                s.end("no_humans")
                return
            self._deal_if_ready()
            if self._at_barrier():
                self._broadcast_table()  # who plays which seat changed: everyone sees it

    def tick(self) -> None:
        """Now and then: the computer takes over a seat whose person has been
        away on their turn for :data:`ABSENCE` seconds (in a room with no
        clock: at a public table the clock decides for them, a timeout that
        counts towards sitting out, and no computer plays a person's chips);
        members gone too long lose their seat (between games) and then are
        forgotten."""
        now = self.clock()
        self._tidy(now)
        s = self.session
        self._run_clock()
        if s is not None and not s.game_over:
            seat = s.waiting_for
            if seat is not None:
                member = self._at(seat)
                if member is not None and member.conn is None and member.gone_since is not None \
                        and not member.replaced and self.timed is None:
                    since = max(member.gone_since, self.turn_since or member.gone_since)
                    if now - since >= self.absence:
                        self._replace(member)
                        self._news("computer_plays", (member.name,))
                        self._after_change()
            elif s.hand is None or s.hand.over:
                self._deal_if_ready()  # one gone is no longer awaited
        self._release_news()
        self._flush()

    def quiet(self) -> bool:
        """Whether :meth:`tick` would do nothing now, however long after the
        last one (a server's lobby then leaves the room alone: a private
        room's people at the table, the game waiting on one of them, is
        most rooms most of the time; issue 38).  True only when none of
        what the tick looks at can have come due: a private room (no clock,
        nobody waiting for a seat), everyone here connected (nobody gone to
        lose a seat, be forgotten or be played for), no news held back,
        nothing unsent, no wrong-code address to forget, and between hands
        the list of those awaited already told (the tick's own test before
        it deals, which also forgets that everyone was told all are away)."""
        if self.public or self.outbox or len(self._wrong):
            return False
        for m in self.members:
            if (m.conn is None or m.gone_since is not None or m.pending or m.news.held
                    or m.news.waiting is not None):
                return False
        s = self.session
        if s is None or s.game_over or (s.hand is not None and not s.hand.over):
            return True
        awaited = tuple(sorted(self._awaited()))
        return bool(awaited) and awaited == self._last_waiting and not self._all_away_told

    def _tidy(self, now: float) -> None:
        """Seats and memory back from those gone: between games a member gone
        for :data:`GRACE` seconds loses the seat, and one gone for
        :data:`FORGET` (and not in a running game) is forgotten."""
        self._wrong.prune(now)
        changed = False
        for m in list(self.members):
            if m.gone_since is None or m is self.host:
                continue
            gone = now - m.gone_since
            if self.running and m.seat is not None:
                continue  # their seat is played for them until the game ends
            if gone >= self.forget:
                self.members.remove(m)
                changed = True
            elif gone >= self.grace and m.seat is not None and not self.running:
                m.seat = None
                changed = True
        if changed:
            self._broadcast_table()

    def _error(self, member: Member, reason: str, data: dict[str, int | str] | None = None
               ) -> None:
        if member.conn is not None:
            self._send(member.conn, Error(reason, data or {}))

    # ------------------------------------------------------------------
    # Telling everyone

    def _listen(self, event: object) -> None:
        if isinstance(event, BlindsUp):
            self._rising = True
        elif isinstance(event, HandStarting):
            self.blinds_up, self._rising = self._rising, False
        elif isinstance(event, GameStarted):
            self.last_hand, self._rising = None, False
        elif isinstance(event, HandEnded):
            self._hand_ended()
        if isinstance(event, HandStarted):
            self.stand_ins = []
        elif isinstance(event, ActionTaken) and self.session is not None \
                and self.session.hand is not None \
                and any(m.seat == event.seat and m.replaced for m in self.members):
            self.stand_ins.append(len(self.session.hand.actions) - 1)
        if isinstance(event, GameOver):
            for m in self.members:  # the people of this game, each at their seat now
                m.ended = (self.games, m.seat)
        for m in self.members:
            if m.conn is not None:
                m.pending.append(censor(event, m.seat))
        if isinstance(event, HandEnded | GameOver):
            self.ready.clear()  # a new round of Next hand presses
            self._last_waiting = None
            self.barrier_since = self.clock()

    def _hand_ended(self) -> None:
        """The hand is kept for those whose link is down now (see :attr:`last_hand`)."""
        hand = self.session.hand if self.session is not None else None
        if hand is None:
            return
        self.last_hand, self.last_serial = hand, self.hand_serial
        self.last_stand_ins = tuple(self.stand_ins)
        for m in self.members:
            if m.conn is None and m.seat in hand.seats and m.since <= self.hand_serial:
                m.missed = True

    def _ended_for(self, member: Member) -> tuple[SeatView | None, tuple[int, ...]]:
        """The hand that ended while ``member``'s link was down, as their seat
        saw it, if another hand was dealt since (asked once, by their first
        table back); else nothing."""
        if not member.missed:
            return None, ()
        member.missed = False
        last, s = self.last_hand, self.session
        if last is None or s is None or s.hand is last or member.seat not in last.seats \
                or member.since > self.last_serial:
            return None, ()
        return seat_view(last, member.seat), self.last_stand_ins

    def _news(self, what: str, names: tuple[str, ...], exclude: Member | None = None) -> None:
        """Tell everyone here (but ``exclude``) what happened to whom."""
        message = News(what, names)
        for m in self.members:
            if m is not exclude:
                self._tell(m, message)

    def _tell(self, member: Member, news: News) -> None:
        """News to ``member`` (if here), no faster than their news gate lets
        through (the rest is held and folded): every piece of news, whoever
        or whatever it comes from."""
        if member.conn is not None:
            for message in member.news.offer(news, self.clock()):
                self._send(member.conn, message)

    def _release_news(self) -> None:
        """News (and a list of those awaited) held back, folded, to those
        whose gate lets it through now."""
        now = self.clock()
        for m in self.members:
            if m.conn is None:
                m.news.held.clear()
                m.news.forget_waiting()
            elif m.news.held or m.news.waiting is not None:
                for message in m.news.release(now):
                    self._send(m.conn, message)

    # ------------------------------------------------------------------
    # Chat

    def _chat(self, member: Member, chat: Chat) -> None:
        """A line of ``member``'s: relayed to everyone here (the sender too,
        as its receipt), or refused to the sender alone with the reason."""
        verdict = self.chat.line(member.key, chat.text, chat.phrase, self.clock(),
                                 secret=member.token)
        if not verdict.ok:
            if member.conn is not None:
                self.chat_refused.append((member.conn, verdict.reason, verdict.length))
                del self.chat_refused[:-1000]  # a server that never looks keeps the newest
            self._error(member, verdict.reason, verdict.data)
            if verdict.tell_host and self.host is not None and self.host is not member:
                self._tell(self.host, News("chat_flood", (member.name,)))
            return
        said = Said(member.name, clean_line(chat.text), chat.phrase)
        for m in self.members:
            if m.conn is not None:
                self._send(m.conn, said)
        self.on_said(said)

    def _mute(self, member: Member, name: str, on: bool) -> None:
        """(The host.) ``name``'s lines are (``on``) or are no longer held back
        for everyone."""
        if member is not self.host:
            self._error(member, "not_host")
            return
        target = self._named(name)
        if target is None or target is member:
            self._error(member, "no_member")
            return
        guard = self.chat.guard(target.key)
        if guard.by_host == on:
            self._error(member, "already_muted" if on else "not_muted")
            return
        guard.by_host = on
        self._news("muted" if on else "unmuted", (target.name,))

    def _flush(self) -> None:
        """Send each member what happened since, then the state as they see it."""
        common: tuple[Any, ...] = ()
        for m in self.members:
            if m.conn is None:
                m.pending.clear()  # gone: the whole view comes when they are back
                continue
            if m.pending:
                for k in range(0, len(m.pending), MAX_EVENTS):
                    self._send(m.conn, Events.built(tuple(m.pending[k:k + MAX_EVENTS])))
                m.pending.clear()
                common = common or self._common()
                self._send(m.conn, self._table(m, common))
        self._tell_wait()

    def _absent_to_act(self) -> Member | None:
        """The person whose turn the hand waits for, when they are not
        connected (and the computer does not play their seat yet)."""
        s = self.session
        seat = s.waiting_for if s is not None and not s.game_over else None
        member = self._at(seat) if seat is not None else None
        return member if member is not None and member.conn is None \
            and not member.replaced else None

    def _tell_wait(self) -> None:
        """Everyone here hears once per decision that the game waits for a
        person who is not connected (after the events that gave them the turn,
        or as they went): not a silence nobody can explain."""
        member = self._absent_to_act()
        if member is not None and self._wait_told != self.decision:
            self._wait_told = self.decision
            self._news("turn_waits", (member.name,))

    def _broadcast_table(self) -> None:
        common: tuple[Any, ...] = ()
        for m in self.members:
            if m.conn is not None:
                common = common or self._common()
                self._send(m.conn, self._table(m, common))

    def _broadcast_waiting(self, waiting: tuple[int, ...], presser: Member | None = None
                           ) -> None:
        """The new list to everyone (a few bytes, not a table with the whole
        hand's history for each press), said by those who pressed: at once to
        ``presser`` (the answer to their key), through the news gate to the
        others (one person pressing Away and Back must not make them say it
        20 times a second)."""
        now = self.clock()
        for m in self.members:
            if m.conn is None:
                continue
            if m is presser:
                self._answer_waiting(m, waiting)
            elif m.seat in self.ready:
                for message in m.news.offer_waiting(Waiting(waiting), now):
                    self._send(m.conn, message)
            else:
                self._send(m.conn, Waiting(waiting, say=False))

    def _answer_waiting(self, presser: Member, waiting: tuple[int, ...]) -> None:
        """Who is awaited, to ``presser`` at once (the answer to their own
        press of Next hand, a second press too), and remembered by their news
        gate as the list they heard: it never says that list again on its
        own, only a change."""
        if presser.conn is not None:
            message = Waiting(waiting)
            presser.news.said_waiting(message)
            self._send(presser.conn, message)

    def _common(self) -> tuple[Any, ...]:
        """What every member's table holds alike (for :meth:`_table`), worked
        out once for all the tables sent together (issue 38): the seats'
        names, chips, places, kinds and connections, the level, the waiting
        list, the decision, the watchers."""
        s = self.session
        seated = {m.seat for m in self.members if m.seat is not None and m.conn is not None}
        connected = tuple(k in seated for k in range(self.size))
        watchers = tuple(m.name for m in self.members if m.seat is None and m.conn is not None)
        if s is None:
            return (None, tuple(self.names), (0,) * self.size, (None,) * self.size,
                    tuple(self.kinds), connected, 0, 0, (), 0, None, False, False, (), 0, 0,
                    watchers)
        level = s.blind_level()
        hand, decision = self.decision
        return (s, tuple(self.names), tuple(s.chips(k) for k in range(s.n)),
                tuple(st.place for st in s.seats), tuple(self.kinds), connected,
                s.hands_played, s.level, level.blinds, level.ante, s.hands_until_next_level(),
                s.game_over, True,
                tuple(sorted(self._awaited())) if s.hand is None or s.hand.over else (),
                hand, decision, watchers)

    def _table(self, member: Member, common: tuple[Any, ...] = ()) -> Table:
        """``member``'s table (``common``: :meth:`_common`, if worked out)."""
        s, *alike = common or self._common()
        if s is None:
            return Table.built(None, *alike, self._removed_for(member))
        view = None
        if s.hand is not None:  # those out of the hand (or listening) see what all see,
            # and so does one whose seat became theirs after this hand was dealt
            own = member.seat in s.hand.seats and member.since <= self.hand_serial
            view = s.view(member.seat if own else None)
        left, bank = self._clock_fields(member)
        ended, ended_ins = self._ended_for(member) if member.missed else (None, ())
        return Table.built(view, *alike, self._removed_for(member),
                           tuple(self.stand_ins) if view is not None else (), left, bank, 0,
                           self._blinds_up_for(member) and view is not None, ended, ended_ins,
                           self._next_level_in(), self._result_for(member), self._played(alike[0]))

    def _played(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """Once the game is over, who played each seat in it, when a seat is
        held by another now (``names``): the game's result names its players,
        not one given the seat after its end (empty: none is)."""
        s = self.session
        if s is None or not s.game_over:
            return ()
        played = tuple(st.name for st in s.seats)
        return () if played == names else played

    def _result_for(self, member: Member) -> str | None:
        """Why the game ended, for one who was in the room when it ended and
        holds the seat they held then (or watches still, as then): never
        for a newcomer, nor in a seat another held in that game (they would
        hear its result as theirs: "You win the game!")."""
        result = self.session.result if self.session is not None else None
        if result is None or result.reason not in GAME_ENDS \
                or member.ended != (self.games, member.seat):
            return None
        return result.reason

    def _blinds_up_for(self, member: Member) -> bool:
        """Whether ``member`` heard the blinds go up as this hand was dealt."""
        return self.blinds_up

    def _next_level_in(self) -> int | None:
        """Seconds until a clock raises the blinds (None: none does here;
        a tournament's table has one)."""
        return None

    def _removed_for(self, member: Member) -> tuple[str, ...]:
        """The names kept out, for the host's eyes only."""
        return tuple(b.name for b in self.bans) if member is self.host else ()




def _rules_of(variant: Variant) -> VariantRules | None:
    """The rules to send (None when they are too large to travel: guests then
    fall back on the shipped variant of that key)."""
    try:
        return VariantRules.of(variant)
    except ValueError:
        return None
