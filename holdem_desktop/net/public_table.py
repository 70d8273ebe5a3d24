"""What a public table of a server's lobby does beyond a room (a part of
:class:`~.room.Room`, kept apart so that the room's own rules read alone).

A public table belongs to the server: nobody hosts it.  A game starts as
soon as a person is there to play it, the computers taking the other
seats; between hands, people waiting for a seat take the seats computers
play (with their chips), and anyone seated may start the next game.  Those
who came to watch are never seated.

A public table has a turn clock (strangers cannot wait on each other
forever; a private room and a LAN room have none): each decision has its
speed's base time, then draws on the player's time bank, which refills a
little at every hand up to a cap (:data:`SPEED_TIMES`; generous, because
listening takes longer than looking).  The player is warned once, 10
seconds before the end, and told once when the base time is spent and the
time bank starts; when it runs out the game checks for them (or folds
when a check is not allowed) and everyone is told.  Each of those comes
after the events that gave them the turn (flushed first: a clock of a few
seconds warns in the very tick that deals).  The clock counts from
the decision's start whatever happens to the connection: coming back
after a drop gives no time back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem_desktop.engine.actions import Action, ActionKind, IllegalAction
from holdem_desktop.session import HumanController

from .protocol import News

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from holdem_desktop.engine.variant import Variant
    from holdem_desktop.session import Session

    from .room import Member

__all__ = ["SPEED_TIMES", "WARNING", "Listing", "PublicTable", "Speed"]


@dataclass(frozen=True)
class Speed:
    """A public table's clock: ``base`` seconds a decision, then the time
    bank (``bank`` at the start of a game, ``refill`` more at each hand, at
    most ``cap``)."""

    base: float
    bank: float
    refill: float
    cap: float


SPEED_TIMES = {"normal": Speed(30.0, 60.0, 5.0, 120.0),
               "relaxed": Speed(60.0, 120.0, 10.0, 240.0)}
"""The clock of each speed a public table is listed with."""
WARNING = 10.0
"""Seconds before the end when the player is warned (once a decision)."""


@dataclass(frozen=True)
class Listing:
    """A public table as the lobby lists it (see
    :class:`~.lobby_messages.TableInfo`)."""

    blinds: tuple[int, ...]
    people: int
    computers: int
    watchers: int
    running: bool


class PublicTable:
    """A room's public-table rules (mixed into :class:`~.room.Room`)."""

    if TYPE_CHECKING:
        public: bool
        size: int
        variant: Variant
        session: Session | None
        members: list[Member]
        _people_seats: set[int]
        speed: str
        clock: Callable[[], float]
        turn_since: float | None
        banks: dict[int, float]
        barrier_since: float | None
        ready: set[int]

        def _awaited(self) -> set[int]: ...

        def _deal_if_ready(self, presser: Member | None = None) -> None: ...

        @property
        def decision(self) -> tuple[int, int]: ...

        def _at(self, seat: int) -> Member | None: ...

        def _news(self, what: str, names: tuple[str, ...],
                  exclude: Member | None = None) -> None: ...

        def _tell(self, member: Member, news: News) -> None: ...

        @property
        def running(self) -> bool: ...

        def _new_game(self, member: Member | None) -> None: ...

        def _at_barrier(self) -> bool: ...

        def _seat(self, member: Member, seat: int | None) -> None: ...

        def _welcome(self, member: Member, table: bool = True) -> None: ...

        def _broadcast_table(self) -> None: ...

        def _flush(self) -> None: ...

        def _let_go_sat_out(self, idle: bool = False) -> bool: ...

        def _timed_out(self, member: Member) -> None: ...

        def _keep_sat_out(self) -> None: ...

    def _public_turn(self) -> None:
        """(A public table.)  Someone came: with no game running, one starts
        now, the computers in the other seats; at the next-hand barrier,
        those waiting take the computers' seats."""
        if not self.public or not any(m.conn is not None and not m.watching
                                      for m in self.members):
            return
        if not self.running:
            self._new_game(None)
        elif self._at_barrier():
            self._seat_waiting()

    def _seat_waiting(self) -> None:
        """(Between hands.)  People here without a seat (not watchers) take
        the seats computers play -- one nobody holds, or one whose person
        left -- with the seat's chips; each is told by a second welcome."""
        s = self.session
        if s is None:
            return
        self._let_go_sat_out()
        held = {m.seat: m for m in self.members if m.seat is not None}
        free = [k for k, seat in enumerate(s.seats)
                if seat.place is None and (k not in held or held[k].left)]
        seated = False
        for m in self.members:
            if not free:
                break
            if m.conn is None or m.seat is not None or m.watching:
                continue
            k = free.pop(0)
            gone = held.get(k)
            if gone is not None:
                gone.seat = None  # they left: the seat is the newcomer's now
            s.seats[k].controller = HumanController()
            s.seats[k].name = m.name
            if self.timed is not None:
                self.banks[k] = self.timed.bank  # a bank of their own
            self._seat(m, k)
            self._people_seats.add(k)
            self._welcome(m, table=False)  # their window becomes a player's
            seated = True
        if seated:
            self._broadcast_table()

    def listing(self) -> Listing:
        """What the lobby says of this table now."""
        s = self.session
        people = sum(1 for m in self.members if m.seat is not None and not m.left)
        watchers = sum(1 for m in self.members if m.seat is None and m.conn is not None)
        blinds = (s.blind_level().blinds if s is not None
                  else self.variant.schedule.levels[0].blinds)
        return Listing(tuple(blinds), people, self.size - people if s is not None else 0,
                       watchers, self.running)

    # ------------------------------------------------------------------
    # The turn clock

    _warned: tuple[int, int] | None = None
    """The decision whose player was warned that time runs out."""
    _banked: tuple[int, int] | None = None
    """The decision whose player was told that their time bank started."""

    speeds: Mapping[str, Speed] = SPEED_TIMES
    """The clock of each speed (a server's settings may change them)."""

    @property
    def timed(self) -> Speed | None:
        """This table's clock (None: no clock, as in every private room)."""
        return self.speeds.get(self.speed) if self.public else None

    def _reset_clock(self) -> None:
        """A new game: every seat's bank as the speed starts it."""
        speed = self.timed
        self.banks = {k: speed.bank for k in range(self.size)} if speed is not None else {}
        self._warned = self._banked = None
        self._keep_sat_out()

    def _refill_clock(self) -> None:
        """A new hand: each bank grows a little, up to its cap."""
        speed = self.timed
        if speed is not None:
            self.banks = {k: min(speed.cap, bank + speed.refill)
                          for k, bank in self.banks.items()}

    def _time_left(self, seat: int) -> float:
        """Seconds ``seat`` has left for the decision awaited now."""
        speed = self.timed
        if speed is None:
            return float("inf")
        used = self.clock() - (self.turn_since if self.turn_since is not None else self.clock())
        return speed.base + self.banks.get(seat, 0.0) - used

    def _spend_clock(self, seat: int) -> None:
        """``seat`` decided: the time past the base comes out of its bank."""
        speed = self.timed
        if speed is not None and self.turn_since is not None:
            over = self.clock() - self.turn_since - speed.base
            if over > 0:
                self.banks[seat] = max(0.0, self.banks.get(seat, 0.0) - over)

    def _clocked_seat(self) -> int | None:
        """The seat whose person's decision the clock is timing now (None:
        no clock, no hand, or a computer's turn)."""
        s = self.session
        if self.timed is None or s is None or s.game_over or s.hand is None or s.hand.over:
            return None
        seat = s.waiting_for
        member = self._at(seat) if seat is not None else None
        return seat if member is not None and not member.replaced else None

    def _run_clock(self) -> None:
        """(Each tick.)  Warn the player whose time is nearly out (once a
        decision); when it is out, check for them (fold when a check is not
        allowed) and tell everyone.  Between hands nobody holds the table
        either: past the base time, those who did not press Next hand are
        dealt in all the same (their own clock then runs)."""
        speed = self.timed
        if (speed is not None and self._at_barrier() and self.barrier_since is not None
                and self.clock() - self.barrier_since >= speed.base):
            awaited = self._awaited()
            if awaited:
                self.ready |= awaited
                self._deal_if_ready()
            elif self._let_go_sat_out(idle=True):  # nobody else to play for
                self._deal_if_ready()
        seat = self._clocked_seat()
        s = self.session
        if seat is None or s is None:
            return
        member = self._at(seat)
        assert member is not None
        left = self._time_left(seat)
        if 0 < left <= self.banks.get(seat, 0.0) and left >= 1 and self._banked != self.decision:
            self._banked = self.decision  # the base time is spent: the bank runs
            self._flush()  # (after the events that gave the turn)
            self._tell(member, News("time_bank", (member.name,)))
        if 0 < left <= WARNING and self._warned != self.decision:
            self._warned = self.decision
            self._flush()
            self._tell(member, News("clock_warning", (member.name,)))
        if left > 0:
            return
        self.banks[seat] = 0.0
        try:
            s.submit(seat, Action(ActionKind.CHECK))
            what = "timed_out_check"
        except IllegalAction:
            s.submit(seat, Action(ActionKind.FOLD))
            what = "timed_out_fold"
        self.turn_since = self.clock()
        self._news(what, (member.name,))
        self._timed_out(member)

    def _clock_fields(self, member: Member) -> tuple[int | None, int | None]:
        """(seconds left for the decision awaited now, ``member``'s bank),
        as a :class:`~.protocol.Table` carries them."""
        if self.timed is None:
            return None, None
        seat = self._clocked_seat()
        left = None if seat is None else max(0, int(self._time_left(seat) + 0.999))
        bank = None if member.seat is None else int(self.banks.get(member.seat, 0.0))
        return left, bank
