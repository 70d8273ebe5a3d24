"""A running tournament's tables as rooms of the server's kind (issue 35 item
2; no I/O).

Each table of the core (:class:`~holdem_desktop.tournament.Tournament`) is
a :class:`~.tournament_room.TournamentRoom` held by the lobby (its code
drawn as any room's; :attr:`~.lobby.Lobby.kept`: never closed for
idleness).  The owner here, after every message and tick of one of its
rooms and at every tick of the server:

- reports each hand over to the core (``hand_ended``), which places the
  players out and moves and breaks tables between hands;
- moves each person moved with their connection to the new table's room
  (the old room says they left, the new one welcomes them at their seat),
  closes a broken table's room (its watchers are told ``table_broken``);
  a person out stays at their table as a watcher (and a hello with their
  token later is welcomed there as a watcher's), and watches another
  table when theirs is broken;
- deals each table's next hand from the core (``deal``; a hand a restart
  could not bring back is dealt again from the same layout) once nobody there is
  awaited (Next hand, or the turn clock's base time past), playing the
  computers at once.

A table of computers and people who pressed Away plays through at once,
hand after hand (a table where a person not connected is seated waits
their turn clock, and the clock's base time between hands:
:meth:`TournamentRoom.paced`); those hands (about 5 ms each) must not keep
the people waiting, and the owner's turns are of two kinds:

- a room's own turn (after each of its messages and ticks: a person acted,
  pressed Next hand, or their clock ran out) reports that table's hand and
  deals its next one if a person is there, and deals no other table: a
  person's action is answered at once;
- :meth:`TablePlay.play` goes round every table, up to a number of hands
  or a time (``until``): the server calls it a few milliseconds at a time
  between the other work of its loop (``_tournament_play`` in
  server/service.py), and the desk's tick with a budget of hands when there
  is no loop (the tests).

Every person registered is told where they sit
(:class:`~holdem_desktop.net.tournament_tables.TournamentSeat`: the table,
its code, their token) at the start and at each move, on the connection
they registered from (or sit at).  Their token is the tournament's, the
same at every table and after a restart (made from the server's secret):
a hello with it reaches their table now, whatever code it names.

Each table's room is saved as any room is (server/store.py: after every
action, before its messages leave), with whose table it is and its hand's
deal; the tournament itself (``tournaments.json``: a line of what changed
appended, :mod:`.tournament_save`) is saved *first* whenever a hand was
dealt or reported (:attr:`TablePlay.moved`), so a table's save is never
ahead of the tournament's.  After a restart
(:meth:`TablePlay.adopt` then :meth:`_open`) a table whose save is at the
hand the tournament has in progress comes back mid-hand (the same cards,
stacks, pot, button, turn), one at the hand it reported last comes back
between hands (a hand over but not reported yet is reported); a save
behind the tournament's (killed between the two writes), or one that
could not be read, gives way to a new room under the same code, and the
hand in progress is dealt again from the layout the tournament saved
(chips as they were when it was dealt): no chip is lost or counted twice.
When the tournament is over, its rooms
close: people still there go back to the lobby (they hear the ranking as
``tournament_news``), watchers are told ``tournament_over``; the places go
to :attr:`TablePlay.on_over` (ratings)."""

from __future__ import annotations

import bisect
import functools
import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Callable

from holdem_desktop.ai.players import Player, create_player
from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.variant import Variant
from holdem_desktop.engine.views import SeatView
from holdem_desktop.net.public_table import SPEED_TIMES
from holdem_desktop.net.room import Member
from holdem_desktop.net.tournament_tables import TournamentSeat
from holdem_desktop.session import HumanController
from holdem_desktop.session.controllers import HandWatcher
from holdem_desktop.tournament import PlayerMoved, TableBroken, Tournament, TournamentOver
from holdem_desktop.tournament.core import RUNNING

from .lobby import Lobby
from .tournament_room import ARRIVAL, SitOut, TournamentRoom
from .tournaments import COMPUTER

__all__ = ["HANDS_PER_TICK", "TablePlay"]

HANDS_PER_TICK = 50
"""The most hands of computers' tables one tournament deals in one
:meth:`TablePlay.play` (without a time to stop at)."""


class _Computer:
    """A computer's seat: the player made at its first decision (so that the
    draws of a seeded tournament come in the order they always did)."""

    def __init__(self, play: TablePlay, name: str) -> None:
        self.play, self.name = play, name

    def decide(self, view: SeatView) -> Action | None:
        return self.play.computer(self.name).decide(view)

    def hand_over(self, view: SeatView) -> None:
        player = self.play.computers.get(self.name)
        if isinstance(player, HandWatcher):
            player.hand_over(view)


class TablePlay:
    """One running tournament's tables, as rooms of ``lobby`` (see the module's text)."""

    def __init__(self, tournament: Tournament, variant: Variant, *, level: str = "easy",
                 rng: random.Random | None = None, key: str = "t0", secret: bytes = b"") -> None:
        self.tournament = tournament
        self.variant = variant
        self.level = level
        self.rng = rng if rng is not None else random.SystemRandom()
        self.key = key
        self.secret = secret or secrets.token_bytes(32)
        self.computers: dict[str, Player] = {}
        self.hands = 0
        self._last = 0
        """The table that was dealt last (the next turn starts after it)."""
        self.lobby: Lobby | None = None
        self.reachable = True
        self.keep_pace = True
        """Whether a person not connected keeps their seat at a human pace
        (:attr:`TournamentRoom.keep_pace`; never in a lobby nobody reaches)."""
        self.rooms: dict[int, TournamentRoom] = {}
        self.on_over: Callable[[str, tuple[tuple[str, int], ...]], object] = lambda k, r: None
        """Told (tournament id, ranking) when it is over."""
        self._events: list[object] = []
        self._settling = False
        self.saved: dict[int, TournamentRoom] = {}
        """Tables' rooms restored from their saves, until :meth:`_open` takes them."""
        self.moved = False
        """Whether a hand was dealt or reported since the tournament's last
        save (the server saves it before the tables' rooms: see the module)."""
        self.levels: dict[str, int] = {}
        """The blind level of each player's last hand, at whichever table
        (:attr:`TournamentRoom.levels`; none after a restart)."""
        tournament.listeners.append(self._events.append)

    def attach(self, lobby: Lobby, reachable: bool = True) -> None:
        """Open the tables as rooms of ``lobby`` (not ``reachable``: a lobby
        of their own, no connection reaches them: nobody is waited for)."""
        self.lobby = lobby
        self.reachable = reachable

    def token(self, name: str) -> str:
        """``name``'s token in this tournament (the same after a restart)."""
        return hmac.new(self.secret, f"{self.key}/{name}".encode(),
                        hashlib.sha256).hexdigest()[:32]

    def computer(self, name: str) -> Player:
        """The computer player ``name`` (made at its first decision)."""
        if name not in self.computers:
            self.computers[name] = create_player(self.level,
                                                 random.Random(self.rng.randrange(2**63)))
        return self.computers[name]

    # ------------------------------------------------------------------

    def play(self, budget: int = HANDS_PER_TICK, until: float | None = None,
             only: TournamentRoom | None = None) -> int:
        """The owner's turn: hands reported, people moved, up to ``budget``
        hands dealt at the tables not waiting (from the table after the one
        dealt last), or until ``time.perf_counter()`` reads ``until``; the
        number dealt.  ``only``: that table alone, and dealt whatever the
        budget when a person plays there (:meth:`_turn`).  (Without a lobby,
        one of its own.)"""
        if self.lobby is None:
            self.attach(Lobby("", clock=time.monotonic), reachable=False)
        if self._settling:
            return 0
        self._settling = True
        try:
            return self._settle(budget, until, only)
        finally:
            self._settling = False

    def _turn(self, room: TournamentRoom) -> None:
        """``room``'s own turn (after its messages and ticks): its hand over
        reported, its next dealt if a person sits there; no other table's
        (a person's action is answered before the computers play on)."""
        if self.rooms.get(room.number) is room:
            self.play(0, only=room)

    @staticmethod
    def _has_people(room: TournamentRoom) -> bool:
        """Whether a person plays at ``room`` (seated, connected, not away):
        their own turn deals it, whatever the budget."""
        return any(m.seat is not None and m.conn is not None and not m.replaced
                   for m in room.members)

    def _deal(self, room: TournamentRoom) -> bool:
        """``room``'s next hand dealt from the core (False: alone, it waits
        for players moved in), and reported if it is over already."""
        t = self.tournament
        table = t.tables[room.number]
        deal = table.playing if table.playing is not None else t.deal(room.number)
        if deal is None:
            return False
        self._sit(room)
        room.deal(deal)
        self.moved = True
        self._changed(room)
        if room.tsession.ended is not None:
            self._report(room)
        return True

    def _settle(self, budget: int, until: float | None, only: TournamentRoom | None) -> int:
        t = self.tournament
        if only is None:
            self._open()
        played = 0
        people: set[int] = set()
        progress = True
        while t.state == RUNNING and progress:
            progress = False
            # every hand over reported; hands dealt from the table after the
            # last one dealt (a budget smaller than the tables reaches each)
            numbers = sorted(self.rooms) if only is None \
                else [only.number] if self.rooms.get(only.number) is only else []
            first = bisect.bisect_right(numbers, self._last)
            for number in numbers[first:] + numbers[:first]:
                room = self.rooms.get(number)
                if room is None or t.state != RUNNING:
                    continue
                if room.tsession.ended is not None:
                    self._report(room)
                    progress = True
                if number not in t.tables or t.state != RUNNING:
                    continue
                person = only is not None and self._has_people(room)
                if person and number in people:
                    continue  # (once a turn)
                if not person and (played >= budget or (
                        until is not None and time.perf_counter() >= until)):
                    continue
                if room.waiting():
                    continue
                if not self._deal(room):
                    continue
                if person:
                    people.add(number)
                else:
                    self._last = number
                played += 1
                progress = True
        self.hands += played
        if only is None:
            self._flush()
        elif self.lobby is not None:  # (a room's own turn: the other rooms said nothing;
            self.lobby.outbox.extend(only.take())  # a move passed the new table's on)
        if t.state != RUNNING:
            self._close_all()
        return played

    def open(self) -> None:
        """The tables' rooms, none dealt (a restart opens them at once)."""
        if self.lobby is not None:
            self._open()
            self._flush()

    def _open(self) -> None:
        """A room for each table that has none (the start, a restart: the
        table's saved room when it is at the tournament's hand)."""
        lobby = self.lobby
        assert lobby is not None
        t = self.tournament
        for number, table in t.tables.items():
            if number in self.rooms:
                continue
            saved = self.saved.pop(number, None)
            room = saved if saved is not None and self._at_hand(saved) else None
            if room is None:
                code = saved.code if saved is not None and saved.code not in lobby.rooms \
                    else lobby.new_code()
                room = TournamentRoom(self.variant, code, self.key, number, table.size,
                                      game_version=lobby.game_version, clock=lobby.clock,
                                      rng=random.Random(secrets.randbits(64)),
                                      speeds=dict(lobby.limits.speeds or SPEED_TIMES),
                                      max_watchers=lobby.limits.max_watchers)
            else:  # (its clock's banks as saved)
                room.speeds = dict(lobby.limits.speeds or SPEED_TIMES)
                room.max_watchers = lobby.limits.max_watchers
            room.tsession.rng = self.rng  # (one draw for every table, as it always was)
            room.arrival = ARRIVAL if self.reachable else 0.0
            room.keep_pace = self.keep_pace and self.reachable  # (none in a lobby of its own)
            room.opened_at = lobby.clock()
            room.after = functools.partial(self._turn, room)
            room.level_ends = self._level_ends
            room.levels = self.levels
            room.on_hello = self._hello
            lobby.add(room)
            lobby.kept.add(room.code)
            lobby.changed.add(room.code)
            self.rooms[number] = room
            self._people(room)
            for token in room.out.values():
                lobby.seats[token] = room.code
            if room is saved:
                self._players(room)
            else:
                self._sit(room)
        for saved in self.saved.values():  # (a table broken since: its save goes)
            lobby.closed.add(saved.code)
        self.saved.clear()

    def _level_ends(self, level: int) -> float | None:
        """Seconds until the blinds go up from ``level`` (None: never), on
        the tournament's clock (not the lobby's)."""
        at = self.tournament.next_level_at(level)
        return None if at is None else at - self.tournament.clock()

    def _at_hand(self, room: TournamentRoom) -> bool:
        """Whether ``room`` (restored) is at the hand its table has in
        progress, or between hands after the one its table reported last;
        a hand over and not reported is made ready to report."""
        table = self.tournament.tables[room.number]
        s = room.tsession
        deal, hand = s.deal_now, s.hand
        if deal is not None and table.playing == deal and hand is not None:
            if hand.over and s._hand_counted is not hand:
                s._end_hand(hand)
            elif hand.over:
                s.ended = dict(zip(hand.seats, hand.stacks, strict=True))
            return True
        between = hand is None or hand.over
        return (table.playing is None and between
                and (deal.hand if deal is not None else 0) == table.hands)

    def _people(self, room: TournamentRoom) -> None:
        """Every person the tournament seats at ``room``'s table has their
        member there (and nobody else a seat), reachable by their token."""
        lobby = self.lobby
        assert lobby is not None
        table = self.tournament.tables[room.number]
        people = {p: k for k, p in enumerate(table.seats)
                  if p is not None and not p.startswith(COMPUTER)}
        for m in list(room.members):
            if m.seat is not None and people.get(m.name) != m.seat:
                room.depart(m.name)  # (moved since the save: the tournament says where)
        for player, seat in people.items():
            if not any(m.name == player and m.seat == seat for m in room.members):
                room.person(player, self.token(player), seat)
            room.tokens[player] = self.token(player)
            lobby.seats[self.token(player)] = room.code
            self._tell(player, room)

    def _players(self, room: TournamentRoom) -> None:
        """Who plays each seat of a restored ``room``, its chips as saved
        (mid-hand: the stacks the hand was dealt with): its people as
        before, nobody connected yet; a person the tournament seats here
        since the save sits out this hand."""
        table = self.tournament.tables[room.number]
        s = room.tsession
        holders = {m.seat: m for m in room.members if m.seat is not None}
        for k, player in enumerate(table.seats):
            member = holders.get(k)
            st = s.seats[k]
            if player is None:
                if st.name and (s.hand is None or s.hand.over):
                    s.seat(k, None, 0, HumanController())
                continue
            if st.name != player:
                s.seat(k, player, self.tournament.chips[player], SitOut())
            elif member is not None:
                st.controller = SitOut() if member.replaced else HumanController()
            else:
                st.controller = _Computer(self, player)
        room._keep_sat_out()

    def _changed(self, room: TournamentRoom) -> None:
        """``room`` is saved at the next delivery."""
        if self.lobby is not None:
            self.lobby.changed.add(room.code)

    def _sit(self, room: TournamentRoom) -> None:
        table = self.tournament.tables[room.number]
        room.sit(table.seats, self.tournament.chips, lambda name: _Computer(self, name))

    def _report(self, room: TournamentRoom) -> None:
        """``room``'s hand over, to the core; then what it changed."""
        s = room.tsession
        deal, ended = s.deal_now, s.ended
        assert deal is not None and ended is not None
        s.ended = None
        self._events.clear()
        self.tournament.hand_ended(room.number, {deal.player(k): c for k, c in ended.items()})
        self.moved = True
        self._changed(room)
        for seat, chips in ended.items():
            if chips == 0:
                self._out(room, deal.player(seat))
        events = list(self._events)
        self._events.clear()
        for event in events:
            if isinstance(event, PlayerMoved) and not event.player.startswith(COMPUTER):
                self._move(event)
        self._seated_now({n for e in events if isinstance(e, PlayerMoved)
                          for n in (e.from_table, e.to_table)})
        for event in events:
            if isinstance(event, TableBroken):
                self._close(event.table, "table_broken")
            elif isinstance(event, TournamentOver):
                self.on_over(self.key, event.ranking)
        self._told_now(room)

    def _seated_now(self, numbers: set[int]) -> None:
        """The tables of ``numbers`` that a move left or reached, and that are
        between hands, show their seats as the core has them now (else a
        computer moved in or out showed only at their next deal: the people
        waiting there read and saw who had gone, one perhaps out already)."""
        for number in sorted(numbers):
            room = self.rooms.get(number)
            if room is None or number not in self.tournament.tables:
                continue
            s = room.tsession
            if s.ended is None and (s.hand is None or s.hand.over):
                self._sit(room)
                room.shown()

    def _told_now(self, room: TournamentRoom) -> None:
        """The end of ``room``'s hand goes out now, the news it made right
        after it (a player out, the players left): before anything dealt
        after it, whether at this table or at any other in the same turn,
        so that they are heard at the end of that hand, never inside the next."""
        lobby = self.lobby
        if lobby is None:
            return
        lobby.outbox.extend(room.take())
        if lobby.followers is not None:
            lobby.outbox.extend(lobby.followers.take())

    def _out(self, room: TournamentRoom, player: str) -> None:
        """``player`` is out: a watcher of the table from now on."""
        member = next((m for m in room.members if m.name == player and m.seat is not None),
                      None)
        room.tokens.pop(player, None)
        room.out[player] = self.token(player)  # (their hello with it: a watcher's welcome)
        assert self.lobby is not None
        self.lobby.seats[self.token(player)] = room.code
        if member is not None:
            member.seat, member.watching, member.replaced = None, True, False

    def _move(self, event: PlayerMoved) -> None:
        """A person moved: their member (and connection) to the new table's room."""
        lobby = self.lobby
        assert lobby is not None
        old, new = self.rooms.get(event.from_table), self.rooms.get(event.to_table)
        if old is None or new is None:  # pragma: no cover - every table has its room
            return
        member, address = old.depart(event.player)
        self._changed(old)
        self._changed(new)
        # What the old table said to them goes first: a welcome there (their
        # hello came in the turn that moved them) must not arrive after the
        # new table's, which the rooms' flush in table order would do.
        lobby.outbox.extend(old.take())
        # Seated at once with their stack (the new table may be in a hand:
        # they sit out of it, and are dealt in from the next).
        # (dropped: their clock as it was; away, by choice or sat out by the
        # clock: away there too, until Back)
        here = member is not None and not member.replaced and (
            member.conn is not None or new.keep_pace)
        new.tsession.seat(event.to_seat, event.player, self.tournament.chips[event.player],
                          HumanController() if here else SitOut())
        if member is None:
            member = new.person(event.player, self.token(event.player), event.to_seat)
        else:
            new.arrive(member, event.to_seat, address)
        if member.conn is not None:
            lobby.place(member.conn, new.code)
        lobby.seats[member.token] = new.code
        self._tell(event.player, new)
        lobby.outbox.extend(new.take())  # (its welcome after the seat, as it always came)

    def _tell(self, player: str, room: TournamentRoom) -> None:
        """``player`` hears where they sit (at their table, or where they registered)."""
        assert self.lobby is not None
        member = next((m for m in room.members if m.name == player and m.seat is not None),
                      None)
        followers = self.lobby.followers
        conn = member.conn if member is not None and member.conn is not None \
            else followers.conns.get((self.key, player)) if followers is not None else None
        if conn is not None:
            self.lobby.outbox.append((conn, TournamentSeat(
                self.key, player, room.number, room.code, self.token(player))))
            if followers is not None and (member is None or member.conn is None) \
                    and not self.lobby.room_of(conn):
                # told in the lobby, which the Desktop leaves for the table: the
                # news kept until they are there (one at a table reads on
                # there until it moves: not kept, or they would hear them twice)
                followers.seated(self.key, player)

    def _hello(self, conn: str, name: str) -> None:
        """``name`` is at their table on ``conn``: the news follows them there,
        and they are told which table it is (their hello may have named
        another: the one they were told of before a move)."""
        assert self.lobby is not None
        if self.lobby.followers is not None and name in self.tournament.registered:
            self.lobby.followers.follow(self.key, name, conn)
        where = self.tournament.where.get(name)
        room = self.rooms.get(where[0]) if where is not None else None
        if room is not None:
            self.lobby.outbox.extend(room.take())  # (the welcome first)
            self._tell(name, room)

    def _flush(self) -> None:
        assert self.lobby is not None
        for room in self.rooms.values():
            self.lobby.outbox.extend(room.take())

    def _close(self, number: int, why: str) -> None:
        """Table ``number``'s room closes (its people were moved or are done)."""
        lobby = self.lobby
        room = self.rooms.pop(number, None)
        if room is None or lobby is None:
            return
        lobby.outbox.extend(room.take())
        people = set(self.tournament.registered)
        if lobby.followers is not None:  # (the ranking before the watchers' bye)
            lobby.outbox.extend(lobby.followers.take())
        to = min(self.rooms.values(), key=lambda r: r.number) \
            if self.rooms and why == "table_broken" else None
        for m in list(room.members):
            if m.name in room.out and to is not None:
                self._watch_on(room, to, m)  # out, watching: to a table still playing
            elif m.conn is not None and m.name in people:
                lobby.place(m.conn, "")  # back in the lobby, where the news reaches them
        lobby.kept.discard(room.code)
        lobby.close_room(room.code, why)

    def _watch_on(self, old: TournamentRoom, new: TournamentRoom, member: Member) -> None:
        """``member``, out and watching ``old`` (broken), watches ``new`` now."""
        lobby = self.lobby
        assert lobby is not None
        old.members.remove(member)
        address = ""
        if member.conn is not None:
            old._conns.pop(member.conn, None)
            address = old._addresses.pop(member.conn, "")
            lobby.place(member.conn, new.code)
        new.watch_here(member, address)
        self._changed(new)
        lobby.seats[member.token] = new.code
        lobby.outbox.extend(new.take())

    def _close_all(self) -> None:
        assert self.lobby is not None
        for number in list(self.rooms):
            self._close(number, "tournament_over")
        for name in self.tournament.registered:
            self.lobby.seats.pop(self.token(name), None)
