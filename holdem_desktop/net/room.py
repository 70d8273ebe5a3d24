"""A room: the host's authoritative table for people on the LAN (SPEC §4).

No I/O here: the server hands the room each parsed message with the
connection it came from (:meth:`Room.receive`), tells it when a connection
opens or closes, and calls :meth:`Room.tick` now and then; the room answers
by filling :attr:`Room.outbox` with ``(connection, message)`` pairs.  So
every rule is tested by feeding it messages, without a socket.

- Each member is a person with a name and a resume token.  Before a game
  they take the free seats; during a game newcomers listen as spectators
  until the next game.  "New game" (the host only, between games) fills
  the free seats with computer players.
- Each member receives only what their seat may see: the events censored
  for that seat and that seat's own view.  A member acts only for their
  own seat and only on their turn; anything else is answered, to them
  alone, with the reason.
- The next hand is dealt when every person still in the game has pressed
  Next hand; pressing again says who is still awaited.
- A person away (disconnected) for ``absence`` seconds when it is their
  turn is played by the computer, with their own chips, until they come
  back with their token; one who leaves is played by the computer at once.
  With no person left in the game, the game ends and the computers win.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from holdem_desktop.ai.character import random_characters
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, IllegalAction
from holdem_desktop.engine.events import HandEnded
from holdem_desktop.engine.variant import Variant
from holdem_desktop.session import Controller, GameOver, HumanController, Session

from .protocol import (
    Act,
    Bye,
    ClientMessage,
    Error,
    Events,
    Hello,
    HostMessage,
    Leave,
    NewGame,
    NextHand,
    Ping,
    Pong,
    Refused,
    Table,
    VariantRules,
    Waiting,
    Welcome,
    error_data,
)
from .wire import censor

__all__ = ["ABSENCE", "MAX_EVENTS", "Member", "Room"]

ABSENCE = 60.0
"""Seconds a person may be away on their turn before the computer plays for them."""
MAX_EVENTS = 256
"""Events in one message at most (the protocol's limit)."""
WRONG_CODES = 5
"""Wrong room codes allowed per address per minute (10^6 codes cannot be walked)."""


@dataclass
class Member:
    """A person in the room."""

    name: str
    token: str
    seat: int | None = None
    """Their seat (None: listening, until the next game)."""
    conn: str | None = None
    """The connection they speak through now (None: away)."""
    away_since: float | None = None
    left: bool = False
    replaced: bool = False
    """The computer is playing their seat (away too long, or left)."""
    pending: list[object] = field(default_factory=list)
    """Events not yet sent to them."""


class Room:
    """One room on the host."""

    def __init__(self, variant: Variant, code: str, *, size: int, strength: str = "normal",
                 game_version: str = "", rng: random.Random | None = None,
                 clock: Callable[[], float], absence: float = ABSENCE) -> None:
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
        self.members: list[Member] = []
        self.host: Member | None = None
        """The first member, who created the room; only they start a game."""
        self.session: Session | None = None
        self.kinds: list[str] = ["empty"] * size
        self.names: list[str] = [""] * size
        self.ready: set[int] = set()
        self.turn_since: float | None = None
        self.outbox: list[tuple[str, HostMessage]] = []
        self._conns: dict[str, Member] = {}
        self._wrong: dict[str, list[float]] = {}
        self._addresses: dict[str, str] = {}

    # ------------------------------------------------------------------
    # Connections

    def connect(self, conn: str, address: str = "") -> None:
        """A connection opened (from ``address``); it says hello next."""
        self._addresses[conn] = address

    def disconnect(self, conn: str) -> None:
        """A connection closed: its member is away (the seat is kept)."""
        self._addresses.pop(conn, None)
        member = self._conns.pop(conn, None)
        if member is None:
            return
        member.conn = None
        member.away_since = self.clock()
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
        recent = [t for t in self._wrong.get(address, []) if now - t < 60.0]
        self._wrong[address] = recent
        if len(recent) >= WRONG_CODES:
            self._refuse(conn, "rate_limited")
            return
        if hello.code != self.code:
            recent.append(now)
            self._refuse(conn, "wrong_code")
            return
        if hello.game_version != self.game_version:
            self._refuse(conn, "wrong_version", self.game_version)
            return
        same = next((m for m in self.members if m.name.casefold() == hello.name.casefold()
                     and not m.left), None)
        if same is not None:
            if hello.token is None or not secrets.compare_digest(hello.token, same.token):
                self._refuse(conn, "name_taken" if hello.token is None else "bad_token")
                return
            if same.conn is not None:  # the old connection is stale: this one takes over
                self._conns.pop(same.conn, None)
                self._send(same.conn, Bye("replaced"))
            self._bind(conn, same)
            self._come_back(same)
            self._welcome(same)
            return
        playing = self.session is not None and not self.session.game_over
        humans = [m for m in self.members if not m.left and m.seat is not None]
        if not playing and len(humans) >= self.size:
            self._refuse(conn, "room_full")
            return
        member = Member(hello.name, secrets.token_hex(16))
        if not playing:
            member.seat = self._free_seat()
            self.kinds[member.seat] = "human"
            self.names[member.seat] = member.name
        self.members.append(member)
        if self.host is None:
            self.host = member
        self._bind(conn, member)
        self._welcome(member)
        self._broadcast_table()

    def _bind(self, conn: str, member: Member) -> None:
        member.conn = conn
        member.away_since = None
        self._conns[conn] = member

    def _free_seat(self) -> int:
        taken = {m.seat for m in self.members if not m.left and m.seat is not None}
        return next(k for k in range(self.size) if k not in taken)

    def _welcome(self, member: Member) -> None:
        assert member.conn is not None
        host_seat = self.host.seat if self.host is not None and self.host.seat is not None else 0
        self._send(member.conn, Welcome(member.seat, member.token, self.code,
                                        tuple(self.names), self.variant.key,
                                        member.seat is None, host_seat, self._rules))
        member.pending.clear()  # the Table message brings them up to date
        self._send(member.conn, self._table(member))

    # ------------------------------------------------------------------
    # Playing

    def _new_game(self, member: Member) -> None:
        if member is not self.host:
            self._error(member, "not_host")
            return
        if self.session is not None and not self.session.game_over:
            self._error(member, "game_running")
            return
        for m in self.members:  # listeners take the seats computers had
            if m.seat is None and not m.left:
                free = [k for k in range(self.size) if self.kinds[k] != "human"]
                if free:
                    m.seat = free[0]
                    self.kinds[m.seat] = "human"
                    self.names[m.seat] = m.name
        seated = {m.seat: m for m in self.members if m.seat is not None and not m.left}
        characters = iter(random_characters(self.rng, self.size))
        players: list[tuple[str, Controller]] = []
        for k in range(self.size):
            if k in seated:
                players.append((seated[k].name, HumanController()))
                seated[k].replaced = False
            else:
                c = next(characters)
                self.kinds[k], self.names[k] = "computer", c.name
                players.append((c.name, create_player(self.strength,
                                                      random.Random(self.rng.random()), c)))
        self.session = Session(self.variant, players, rng=random.Random(self.rng.random()),
                               clock=self.clock)
        self.session.subscribe(self._listen)
        self.session.start()
        self.ready.clear()
        self._deal_if_ready()

    def _act(self, member: Member, act: Act) -> None:
        s = self.session
        if s is None or s.hand is None or s.hand.over or member.seat is None:
            self._error(member, "hand_over")
            return
        if s.waiting_for != member.seat:
            self._error(member, "not_your_turn")
            return
        try:
            s.submit(member.seat, Action(act.kind, act.amount))
        except IllegalAction as exc:
            self._error(member, exc.reason, error_data(exc.data))
            return
        self.turn_since = self.clock()

    def _next_hand(self, member: Member) -> None:
        s = self.session
        if s is None or s.game_over:
            self._error(member, "no_game")
            return
        if s.hand is not None and not s.hand.over:
            self._error(member, "hand_running")
            return
        if member.seat is None or member.seat not in self._awaited_or_ready():
            self._error(member, "not_playing")
            return
        if member.seat in self.ready:  # again: who are we waiting for?
            self._send(member.conn or "", Waiting(tuple(sorted(self._awaited()))))
            return
        self.ready.add(member.seat)
        self._deal_if_ready()

    def _awaited_or_ready(self) -> set[int]:
        return self._awaited() | self.ready

    def _awaited(self) -> set[int]:
        """People still in the game, here and playing for themselves, who have
        not pressed Next hand."""
        s = self.session
        if s is None:
            return set()
        return {m.seat for m in self.members
                if m.seat is not None and not m.left and not m.replaced and m.conn is not None
                and s.seats[m.seat].place is None and m.seat not in self.ready}

    def _deal_if_ready(self) -> None:
        s = self.session
        if s is None or s.game_over or (s.hand is not None and not s.hand.over):
            return
        if self._awaited():
            self._broadcast_waiting()
            return
        if not self._humans_in_game():
            s.end("no_humans")
            return
        self.ready.clear()
        self.turn_since = self.clock()
        s.next_hand()

    def _humans_in_game(self) -> list[Member]:
        s = self.session
        assert s is not None
        return [m for m in self.members if m.seat is not None and not m.left
                and s.seats[m.seat].place is None]

    def _leave(self, member: Member) -> None:
        member.left = True
        if member.conn is not None:
            self._send(member.conn, Bye("left"))
            self._conns.pop(member.conn, None)
            member.conn = None
        if self.session is not None and member.seat is not None and not self.session.game_over:
            self._replace(member)
            self.kinds[member.seat] = "computer"
        elif member.seat is not None:
            self.kinds[member.seat] = "empty"
        self._after_change()

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
        if member.replaced and s is not None and member.seat is not None and not member.left:
            s.seats[member.seat].controller = HumanController()
            member.replaced = False

    def _after_change(self) -> None:
        """After someone left or was replaced: play on, end, or deal."""
        s = self.session
        if s is None or s.game_over:
            return
        if s.hand is not None and not s.hand.over:
            s.run()  # a replaced seat to act plays at once
        if s.hand is None or s.hand.over:
            if not self._humans_in_game():
                s.end("no_humans")
                return
            self._deal_if_ready()

    def tick(self) -> None:
        """Now and then: the computer takes over a seat whose person has been
        away on their turn for :data:`ABSENCE` seconds."""
        s = self.session
        if s is None or s.game_over:
            return
        seat = s.waiting_for
        if seat is not None:
            member = next((m for m in self.members if m.seat == seat and not m.left), None)
            if member is not None and member.conn is None and member.away_since is not None:
                since = max(member.away_since, self.turn_since or member.away_since)
                if self.clock() - since >= self.absence:
                    self._replace(member)
                    self._after_change()
        elif s.hand is not None and s.hand.over:
            self._deal_if_ready()  # an away player is no longer awaited
        self._flush()

    def _error(self, member: Member, reason: str, data: dict[str, int | str] | None = None
               ) -> None:
        if member.conn is not None:
            self._send(member.conn, Error(reason, data or {}))

    # ------------------------------------------------------------------
    # Telling everyone

    def _listen(self, event: object) -> None:
        for m in self.members:
            if not m.left:
                m.pending.append(censor(event, m.seat))
        if isinstance(event, HandEnded | GameOver):
            self.ready.clear()  # a new round of Next hand presses

    def _flush(self) -> None:
        """Send each member what happened since, then the state as they see it."""
        for m in self.members:
            if m.left or m.conn is None:
                m.pending.clear()  # away: the whole view comes when they are back
                continue
            if m.pending:
                for k in range(0, len(m.pending), MAX_EVENTS):
                    self._send(m.conn, Events(tuple(m.pending[k:k + MAX_EVENTS])))
                m.pending.clear()
                self._send(m.conn, self._table(m))

    def _broadcast_table(self) -> None:
        for m in self.members:
            if m.conn is not None and not m.left:
                self._send(m.conn, self._table(m))

    def _broadcast_waiting(self) -> None:
        waiting = tuple(sorted(self._awaited()))
        for m in self.members:
            if m.conn is not None and not m.left and m.seat in self.ready:
                self._send(m.conn, Waiting(waiting))

    def _table(self, member: Member) -> Table:
        s = self.session
        connected = tuple(any(m.seat == k and m.conn is not None and not m.left
                              for m in self.members) for k in range(self.size))
        if s is None:
            return Table(None, tuple(self.names), (0,) * self.size, (None,) * self.size,
                         tuple(self.kinds), connected, 0, 0, (), 0, None, False, False, ())
        view = None
        if s.hand is not None:  # those out of the hand (or listening) see what all see
            view = s.view(member.seat if member.seat in s.hand.seats else None)
        level = s.blind_level()
        return Table(view, tuple(st.name for st in s.seats),
                     tuple(s.chips(k) for k in range(s.n)),
                     tuple(st.place for st in s.seats), tuple(self.kinds), connected,
                     s.hands_played, s.level, level.blinds, level.ante,
                     s.hands_until_next_level(), s.game_over, True,
                     tuple(sorted(self._awaited())) if s.hand is None or s.hand.over else ())



def _rules_of(variant: Variant) -> VariantRules | None:
    """The rules to send (None when they are too large to travel: guests then
    fall back on the shipped variant of that key)."""
    try:
        return VariantRules.of(variant)
    except ValueError:
        return None
