"""One table of a running tournament as a room of the server's kind (issue
35 item 2; no I/O).

A :class:`TournamentRoom` is a :class:`~holdem_desktop.net.room.Room`: its
members get the same ``welcome``, ``table`` and ``events`` messages as at
any room and act with the same ``act`` messages, with the public tables'
turn clock (time out: a check, or a fold, said to everyone), Next hand, Away
and Back, chat.  What differs:

- the hands are the tournament core's (:class:`TournamentSession`): each
  one is the :class:`~holdem_desktop.tournament.Deal` the core lays out
  (blinds from its shared level, dead blinds as it says), and how it ended
  is kept for the core (:attr:`TournamentSession.ended`), which the table's
  owner (:mod:`.tournament_play`) reports before anything else happens;
- a person here plays on the turn clock; one who presses Away sits out
  (:class:`SitOut`: checks, or folds, at once, posting the blinds) until
  Back, and their table plays on at the computers' speed: they chose it,
  hear every hand and are back with one key;
- a person whose connection drops keeps their seat at a human pace, as a
  card room's disconnect protection does (:attr:`TournamentRoom.keep_pace`):
  their turn waits the turn clock (base time and time bank) before the
  game checks or folds for them, everyone hearing the public tables' news
  (``lost``, ``turn_waits``, ``timed_out_fold``); after
  :attr:`~holdem_desktop.net.sit_out.SitOutRule.after` time-outs in a row
  they sit out (``sat_out``: checks or folds at once), and while no person
  plays at the table for themselves, each hand there waits the clock's base
  time after the one before (:meth:`TournamentRoom.paced`; the same for a
  connected person sat out by the clock, who did not choose it), as a table of
  people does for those who do not press Next hand: a minute away costs a
  few blinds, not the stack, and the table stays between hands, where the
  core may balance or break it, all that time.  Their hello with their
  token gives them the seat back at once, sat out or not (one sat out by
  the clock while connected still presses Back, as at a public table:
  dropping the link dodges nothing).  A person who never came sits out at
  once, their table paced the same; one moved while not connected keeps
  their clock (or sits out) at the new table as at the old;
- who sits where is the core's: the seats are the table's seats, an empty
  one named "" and placed out; people are members made by the owner with
  their tournament token (they may be away: the clock and the computer
  play for them as for anyone away); nobody takes a seat by saying hello;
- a hello with a seated person's name and token takes their seat; any other
  hello watches (a watcher is never seated), within the room's watchers;
- nobody starts a game, and no hand waits for people who are not here
  beyond their turn clock and the pace above.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable
from typing import Any

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.events import HandEnded
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.variant import BlindLevel, Variant
from holdem_desktop.engine.views import SeatView
from holdem_desktop.net.names import clean_name, name_problem, skeleton
from holdem_desktop.net.protocol import ClientMessage, Error, Hello, Table
from holdem_desktop.net.public_table import Speed
from holdem_desktop.net.room import Member, Room
from holdem_desktop.session import Controller, HumanController, Session
from holdem_desktop.session.controllers import HandWatcher
from holdem_desktop.session.events import BlindsUp, GameStarted, HandStarting
from holdem_desktop.tournament import Deal
from holdem_desktop.tournament.hands import hand_config
from holdem_desktop.tournament.saved import deal_from_json, deal_to_json

__all__ = ["ARRIVAL", "SitOut", "TournamentRoom", "TournamentSession"]

ARRIVAL = 10.0
"""Seconds at most a table just opened (the start, a restart) waits for the
people seated there to come before it deals (and the turn clock's base
time, when shorter); those not come sit out."""


class SitOut:
    """A person's seat while they are away: checks when it may, else folds."""

    def decide(self, view: SeatView) -> Action:
        """Check, or fold when there is a bet to call."""
        return Action.check() if view.to_call == 0 else Action.fold()


class TournamentSession(Session):
    """A table's hands as the tournament deals them (never a game of its own)."""

    def __init__(self, variant: Variant, size: int, *, rng: random.Random,
                 clock: Callable[[], float]) -> None:
        super().__init__(variant, [("", HumanController()) for _ in range(size)], rng=rng,
                         clock=clock)
        for seat in self.seats:
            seat.place, seat.chips = size, 0  # empty until the core seats someone
        self.deal_now: Deal | None = None
        """The hand being played (or last played)."""
        self.ended: dict[int, int] | None = None
        """Each seat's chips after the hand just over, until the owner reports it."""
        self._blinds: BlindLevel = variant.schedule.level(0)

    def seat(self, seat: int, name: str | None, chips: int, controller: Controller) -> None:
        """Who sits at ``seat`` now (None: nobody)."""
        st = self.seats[seat]
        if name is None:
            st.name, st.chips, st.place = "", 0, self.n
        else:
            st.name, st.chips, st.place, st.controller = name, chips, None, controller

    def start(self) -> None:
        """Open the table (no chips are given: the core's are the seats')."""
        self.game += 1
        self._started = True
        self.started_at = self.clock()
        self.button = 0
        self._emit([GameStarted(self.game, tuple(range(self.n)),
                                tuple(st.name for st in self.seats),
                                tuple(st.chips for st in self.seats), 0)])

    def play(self, deal: Deal) -> None:
        """Deal ``deal``'s hand (the seats already hold its players) and play
        the computers until a person must act."""
        self.deal_now, self.ended = deal, None
        # the shared level went up since this table's last hand: said first,
        # as at a public table ("Blinds go up to 20 and 40.")
        up = [BlindsUp(deal.level, deal.blinds.blinds, deal.blinds.ante)] \
            if self.hands_played and deal.level > self.level else []
        self.level, self._blinds, self.button = deal.level, deal.blinds, deal.button
        deck = list(range(52))
        self.rng.shuffle(deck)
        self.hand = Hand(hand_config(deal, self.variant), deck)
        self._emit([*up, HandStarting(self.hands_played + 1, deal.button, deal.level,
                                      deal.blinds.blinds, deal.blinds.ante, None),
                    *self.hand.events])
        self.run()

    def next_hand(self) -> None:
        """(The owner deals: see :meth:`play`.)"""

    def blind_level(self, index: int | None = None) -> BlindLevel:
        """The blinds of the hand dealt last (the core's shared level)."""
        return self._blinds if index is None else super().blind_level(index)

    def hands_until_next_level(self) -> int | None:
        """Never by hands: the core's clock raises the blinds."""
        return None

    def _end_hand(self, hand: Hand) -> None:
        self._hand_counted = hand
        for s in hand.seats:
            controller = self.seats[s].controller
            if isinstance(controller, HandWatcher):
                controller.hand_over(self.view(s))
        self.hands_played += 1
        for s, chips in zip(hand.seats, hand.stacks, strict=True):
            self.seats[s].chips = chips
        self.ended = dict(zip(hand.seats, hand.stacks, strict=True))


class TournamentRoom(Room):
    """A tournament's table ``number`` as a room (see the module's text)."""

    def __init__(self, variant: Variant, code: str, tournament: str, number: int, size: int, *,
                 game_version: str, clock: Callable[[], float], rng: random.Random,
                 speeds: dict[str, Speed] | None = None, max_watchers: int = 10) -> None:
        super().__init__(variant, code, size=min(size, 6), game_version=game_version,
                         rng=rng, clock=clock, max_watchers=max_watchers)
        self.size = size  # (a tournament's table seats up to 10)
        self.tournament = tournament
        self.number = number
        if speeds is not None:
            self.speeds = speeds
        self.tokens: dict[str, str] = {}
        """The token of each person seated here (their tournament's own)."""
        self.on_hello: Callable[[str, str], None] = lambda conn, name: None
        """Told (connection, name) when a member says hello with their token."""
        self.after: Callable[[], None] = lambda: None
        """Called after each message and tick: the owner reports a hand
        over, moves people and deals."""
        self.session = TournamentSession(variant, size, rng=random.Random(rng.random()),
                                         clock=clock)
        self.session.subscribe(self._listen)
        self._reset_clock()
        self.session.start()
        self.barrier_since = clock()
        self.opened_at = clock()
        self.arrival = ARRIVAL
        """Seconds this table waits for its people when it opens (0: nobody
        can reach it, a tournament without a server's lobby)."""
        self.keep_pace = True
        """Whether a person whose connection drops keeps their seat at a human
        pace (see the module's text; False: they sit out at once and the
        table plays on at the computers' speed -- a tournament nobody can
        reach, without a server's lobby)."""
        self.ended_at: float | None = None
        """When this table's last hand ended (None: none since it opened)."""
        self.arrived: set[str] = set()
        """The people who said hello here (or came with their connection)."""
        self.out: dict[str, str] = {}
        """The token of each person out of the tournament who watches here
        (their hello with it is welcomed as a watcher's, their news follows)."""
        self._told: dict[str, tuple[str, ...]] = {}
        """The seats' names as the last table sent to each connection named them."""
        self._deal_json: tuple[Deal | None, Any] = (None, None)
        """The hand's deal and its JSON, kept for the saves (one after every action)."""
        self.levels: dict[str, int] = {}
        """The blind level of each player's last hand, at any table of the
        tournament (the owner's, shared by its tables): "Blinds go up to …"
        is said to a person when the level they play at rises, which is not
        always this table's (one moved from a table ahead or behind it)."""
        self._up_for: set[str] | None = None
        """The people told the blinds went up as this hand was dealt (None:
        as the table's level went, since a restart)."""
        self.level_ends: Callable[[int], float | None] = lambda level: None
        """Seconds until the tournament's blinds go up from a level (None:
        they no longer do): the owner's, on its tournament's clock."""

    def saved_part(self) -> dict[str, Any]:
        """What this table's save holds besides any room's (server/store.py):
        whose table it is, the tokens of the people seated and out here, and
        the deal of the hand played (or last played), by which the restart
        tells whether the tournament's own save is at the same hand."""
        deal = self.tsession.deal_now
        if self._deal_json[0] is not deal:
            self._deal_json = (deal, None if deal is None else deal_to_json(deal))
        return {"id": self.tournament, "table": self.number, "tokens": dict(self.tokens),
                "out": dict(self.out), "deal": self._deal_json[1]}

    def restore(self, session: Session, part: Any) -> None:
        """Take the game of this table's save (``session``, rebuilt as any
        room's) and :meth:`saved_part`'s data; the seats' players are the
        owner's to give (:mod:`.tournament_play`).  Raises ``ValueError``,
        ``KeyError`` or ``TypeError`` for data that does not make one."""
        s = self.tsession
        for st, old in zip(s.seats, session.seats, strict=True):
            st.name, st.chips, st.place = old.name, old.chips, old.place
        s.game, s.hands_played, s.button = session.game, session.hands_played, session.button
        s.level, s.started_at, s._started = session.level, session.started_at, session._started
        s.hand = session.hand
        if session._hand_counted is session.hand:
            s._hand_counted = s.hand
        deal = part["deal"]
        s.deal_now = None if deal is None else deal_from_json(deal)
        if s.deal_now is not None:
            s._blinds = s.deal_now.blinds
        if (s.hand is None) != (s.deal_now is None):
            raise ValueError("the hand and its deal do not match")
        self.tokens = {str(k): str(v) for k, v in part["tokens"].items()}
        self.out = {str(k): str(v) for k, v in part["out"].items()}

    @property
    def timed(self) -> Speed | None:
        """The public tables' normal clock: strangers do not wait on each other."""
        return self.speeds.get("normal")

    @property
    def names(self) -> list[str]:
        """Each seat's name: a person moved in during this table's hand is
        named at their seat already (the core seats them from the next)."""
        names = super().names
        for m in self.members:
            if m.seat is not None:
                names[m.seat] = m.name
        return names

    @property
    def kinds(self) -> list[str]:
        """``empty`` for a seat nobody holds, then as in any room."""
        kinds = super().kinds
        s = self.session
        assert s is not None
        return ["empty" if not st.name else kind for kind, st in zip(kinds, s.seats, strict=True)]

    @property
    def tsession(self) -> TournamentSession:
        """The table's session."""
        assert isinstance(self.session, TournamentSession)
        return self.session

    # ------------------------------------------------------------------
    # Who sits here (the owner's calls)

    def players(self) -> int:
        """Players seated here."""
        return sum(1 for st in self.tsession.seats if st.name)

    def person(self, name: str, token: str, seat: int) -> Member:
        """``name`` sits at ``seat`` (sitting out until their hello)."""
        member = Member(name, token, skeleton(name), seat=seat, gone_since=self.clock(),
                        replaced=True)
        member.since = self.hand_serial + 1
        self.members.append(member)
        self.tokens[name] = token
        return member

    def arrive(self, member: Member, seat: int, address: str) -> None:
        """``member`` moved in from another table, to ``seat``, with their
        connection (or without it: dropped, their seat waits their clock as it
        did).  Away there (their choice, or sat out by the clock) is away here
        too, until Back: a move never sits a person in to a table that then
        waits for them and runs their clock."""
        member.seat, member.since = seat, self.hand_serial + 1
        member.replaced = member.replaced or (member.conn is None and not self.keep_pace)
        member.pending.clear()
        self.members.append(member)
        self.tokens[member.name] = member.token
        self.arrived.add(member.name)
        if member.conn is not None:
            self._addresses[member.conn] = address
            self._bind(member.conn, member)
            self._welcome(member)
            self._news("joined", (member.name,), exclude=member)
        self._broadcast_table()

    def watch_here(self, member: Member, address: str) -> None:
        """``member``, out of the tournament, watches here now with their
        connection (their table was broken)."""
        member.seat, member.watching, member.replaced = None, True, False
        member.pending.clear()
        self.members.append(member)
        self.out[member.name] = member.token
        if member.conn is not None:
            self._addresses[member.conn] = address
            self._bind(member.conn, member)
            self._welcome(member)
        self._broadcast_table()

    def depart(self, name: str) -> tuple[Member | None, str]:
        """``name`` leaves this table (moved, or out): their member and address."""
        self.tokens.pop(name, None)
        member = next((m for m in self.members if m.name == name and m.seat is not None), None)
        if member is None:
            return None, ""
        self.members.remove(member)
        address = ""
        if member.conn is not None:
            self._conns.pop(member.conn, None)
            self._told.pop(member.conn, None)
            address = self._addresses.pop(member.conn, "")
        self._news("left", (member.name,))
        return member, address

    def sit(self, seats: list[str | None], chips: dict[str, int],
            computer: Callable[[str], Controller]) -> None:
        """The seats as the core has them now (between hands)."""
        s = self.tsession
        holders = {m.seat: m for m in self.members if m.seat is not None}
        for k, player in enumerate(seats):
            member = holders.get(k)
            if player is None:
                s.seat(k, None, 0, HumanController())
            elif member is not None and member.name == player:
                s.seat(k, player, chips[player], SitOut() if member.replaced
                       else HumanController())
            else:
                s.seat(k, player, chips[player], computer(player))

    def deal(self, deal: Deal) -> None:
        """Play ``deal`` here (the seats sat).  Seats named since the last
        table sent (a computer moved in between hands, whom the owner seats
        only now) are told first: the hand's events name them, and a person
        just arrived would hear " folds." with no name."""
        names = tuple(self.names)
        for m in self.members:
            if m.conn is not None and self._told.get(m.conn) != names:
                self._send(m.conn, self._table(m))
        for m in self.members:
            m.news.forget_waiting()
        self.ready.clear()
        self._last_waiting = None
        self.turn_since = self.clock()
        self.hand_serial += 1
        self._refill_clock()
        self.tsession.play(deal)
        self._flush()

    def waiting(self) -> bool:
        """Whether the table waits: a hand runs, people here have not pressed
        Next hand, a person seated here is not connected (:meth:`paced`), or
        (for :data:`ARRIVAL` seconds after the table opens: the start, a
        restart) people seated here have not come yet."""
        if not self._at_barrier() or self._awaited() or self.paced():
            return True
        speed = self.timed
        return (speed is not None
                and self.clock() - self.opened_at < min(self.arrival, speed.base)
                and any(m.seat is not None and m.name not in self.arrived for m in self.members))

    def paced(self) -> bool:
        """Whether the next hand waits for a person not there: one whose
        connection dropped (or who has not come) is seated here, or one sat
        out because their time ran out again and again (neither chose it, as
        one who presses Away does); nobody here plays for themselves (a
        person playing gives the table its pace: Next hand, or the clock's
        base time); and the clock's base time has not passed since the last
        hand ended.  Bounded by that time: the tournament never waits for
        ever on this table, which is between hands all the while (the core
        may balance or break it)."""
        speed = self.timed
        if not self.keep_pace or speed is None or self.ended_at is None \
                or self.clock() - self.ended_at >= speed.base:
            return False
        absent = False
        for m in self.members:
            if m.seat is None:
                continue
            if m.conn is None or m.sat_out is not None:  # (gone, or their time ran out)
                absent = True
            elif not m.replaced:
                return False
        return absent

    # ------------------------------------------------------------------
    # Room rules that differ

    def _hello(self, conn: str, hello: Hello) -> None:
        """(The lobby hands a hello here by this code, or by the token of a
        person seated here.)"""
        refusal = (("already_joined", "") if conn in self._conns
                   else ("wrong_version", self.game_version)
                   if hello.game_version != self.game_version
                   else ("bad_name", name_problem(hello.name) or "")
                   if name_problem(hello.name) is not None else None)
        if refusal is not None and refusal[0] == "already_joined":
            self._send(conn, Error("already_joined", {}))
            return
        if refusal is not None:
            self._refuse(conn, *refusal)
            return
        name = clean_name(hello.name)
        key = skeleton(name)
        same = next((m for m in self.members if m.key == key), None)
        if same is not None:
            if hello.token is None or not secrets.compare_digest(hello.token, same.token):
                self._refuse(conn, "name_taken" if hello.token is None else "bad_token")
                return
            self._return(conn, same)
            self.arrived.add(same.name)
            self.on_hello(conn, same.name)
            return
        token = self.out.get(name)
        if token is not None and hello.token is not None \
                and secrets.compare_digest(hello.token, token):
            # out, and forgotten here since: welcomed back as a watcher, news and all
            member = Member(name, token, key, watching=True)
            self.members.append(member)
            self._bind(conn, member)
            self._welcome(member)
            self._broadcast_table()
            self.on_hello(conn, name)
            return
        if any(skeleton(st.name) == key for st in self.tsession.seats if st.name):
            self._refuse(conn, "name_taken")  # a computer's seat, or a person moved out
            return
        if not self._make_room_for_one():
            self._refuse(conn, "room_full")
            return
        member = Member(name, secrets.token_hex(16), key, watching=True)
        self.members.append(member)
        self._bind(conn, member)
        self._news("joined", (member.name,), exclude=member)
        self._welcome(member)
        self._broadcast_table()

    def receive(self, conn: str, message: ClientMessage) -> None:
        """As any room, then the owner's turn."""
        super().receive(conn, message)
        self.after()

    def tick(self) -> None:
        """As any room, then the owner's turn."""
        super().tick()
        self.after()

    def quiet(self) -> bool:
        """Never: its tick is also its owner's turn (the tournament's clock
        and moves), so every tick is made."""
        return False

    def disconnect(self, conn: str) -> None:
        """A seated person's connection closed: their seat waits their turn
        clock (:attr:`keep_pace`; else it sits out at once) until back."""
        member = self._conns.get(conn)
        self._told.pop(conn, None)
        super().disconnect(conn)
        if member is not None and member.seat is not None and not member.replaced \
                and not self.keep_pace:
            self._replace(member)
            self._after_change()
            self._flush()

    def _timed_out(self, member: Member) -> None:
        """As at a public table; but one not connected who sits out for it
        is given their seat back by their hello (see the module's text)."""
        if member.conn is not None:
            super()._timed_out(member)
            return
        member.timeouts += 1
        after = self.sit_out_rule.after
        if after and member.timeouts >= after and not member.replaced:
            self._replace(member)
            self._news("sat_out", (member.name,))
            self._after_change()

    def _listen(self, event: object) -> None:
        if isinstance(event, BlindsUp):  # (told each one as the hand starts)
            self._rising = True
            return
        if isinstance(event, HandStarting):
            self._tell_rise()
        super()._listen(event)
        if isinstance(event, HandEnded):
            self.ended_at = self.clock()

    def _tell_rise(self) -> None:
        """"Blinds go up to …", just before the hand, to each person whose
        own level rises with it (their last hand's, at whichever table: a
        person moved here may have played this level already, or not yet
        the one this table played last) and to the watchers when this
        table's rises; then each player's level is this hand's."""
        deal = self.tsession.deal_now
        if deal is None:  # pragma: no cover - a hand starts from its deal
            return
        dealt = {player for _, player, _ in deal.seats}
        up = BlindsUp(deal.level, deal.blinds.blinds, deal.blinds.ante)
        self._up_for = set()
        for m in self.members:
            last = self.levels.get(m.name) if m.name in dealt else None
            if self._rising if last is None else last < deal.level:
                self._up_for.add(m.name)
                if m.conn is not None:
                    m.pending.append(up)
        for player in dealt:
            self.levels[player] = deal.level

    def _blinds_up_for(self, member: Member) -> bool:
        """Whether ``member`` was told the blinds went up with this hand."""
        if self._up_for is None:
            return self.blinds_up
        return member.name in self._up_for

    def _replace(self, member: Member) -> None:
        """``member``'s seat sits out (Away, gone): never a computer's play
        for a tournament's chips."""
        s = self.tsession
        if member.seat is None or member.replaced:
            return
        member.replaced = True
        s.seats[member.seat].controller = SitOut()

    def _new_game(self, member: Member | None) -> None:
        if member is not None:
            self._error(member, "not_host")

    def _deal_if_ready(self, presser: Member | None = None) -> None:
        """The owner deals; here only who is awaited is said."""
        if not self._at_barrier():
            return
        awaited = tuple(sorted(self._awaited()))
        if awaited and awaited != self._last_waiting:
            self._last_waiting = awaited
            self._broadcast_waiting(awaited, presser)
        elif awaited and presser is not None:
            self._answer_waiting(presser, awaited)

    def _after_change(self) -> None:
        s = self.tsession
        if s.hand is not None and not s.hand.over:
            s.run()
        else:
            self._deal_if_ready()
        self._broadcast_table()

    def shown(self) -> None:
        """The seats sat anew between hands: the table to each person here
        whose last one named others."""
        names = tuple(self.names)
        if any(m.conn is not None and self._told.get(m.conn) != names for m in self.members):
            self._broadcast_table()

    def _table(self, member: Member, common: tuple[Any, ...] = ()) -> Table:
        if member.conn is not None:
            self._told[member.conn] = tuple(self.names)
        return super()._table(member, common)

    def _next_level_in(self) -> int | None:
        """Seconds until the blinds go up from this table's level, rounded up."""
        left = self.level_ends(self.tsession.level)
        return None if left is None else max(0, math.ceil(left))

    def _tidy(self, now: float) -> None:
        """Watchers gone for ``forget`` seconds are forgotten (a seated person
        is the owner's to move or take out)."""
        self._wrong.prune(now)
        for m in list(self.members):
            if m.seat is None and m.gone_since is not None and now - m.gone_since >= self.forget:
                self.members.remove(m)

    def data(self) -> dict[str, Any]:
        """Who is here (tests)."""
        return {"seats": [st.name for st in self.tsession.seats],
                "people": sorted(m.name for m in self.members if m.seat is not None)}
