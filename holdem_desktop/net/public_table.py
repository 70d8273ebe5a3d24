"""What a public table of a server's lobby does beyond a room (a part of
:class:`~.room.Room`, kept apart so that the room's own rules read alone).

A public table belongs to the server: nobody hosts it.  A game starts as
soon as a person is there to play it, the computers taking the other
seats; between hands, people waiting for a seat take the seats computers
play (with their chips), and anyone seated may start the next game.  Those
who came to watch are never seated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem_desktop.session import HumanController

if TYPE_CHECKING:
    from holdem_desktop.engine.variant import Variant
    from holdem_desktop.session import Session

    from .room import Member

__all__ = ["Listing", "PublicTable"]


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

        @property
        def running(self) -> bool: ...

        def _new_game(self, member: Member | None) -> None: ...

        def _at_barrier(self) -> bool: ...

        def _seat(self, member: Member, seat: int | None) -> None: ...

        def _welcome(self, member: Member, table: bool = True) -> None: ...

        def _broadcast_table(self) -> None: ...

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
