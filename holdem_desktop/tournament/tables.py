"""One table of a tournament: who sits where, and where the blinds go next.

The big blind moves on by one player every hand (a dead button): the next
big blind is the first player clockwise after the seat of the last one, the
small blind is the last big blind if they are still at the table, the button
the player before the small blind.  So a player who joins a table posts the
big blind when it reaches their seat, never the small blind before it, and
nobody posts the big blind twice in one round of the table or is passed by
it.  A player moved in is seated where the big blind reaches them soonest:
the next hand's big blind when that seat is free, the position they left."""

from __future__ import annotations

from dataclasses import dataclass

from .structure import Deal

__all__ = ["Table"]


@dataclass
class Table:
    """A table's seats (a player's id, or None when empty) and the last big blind."""

    number: int
    seats: list[str | None]
    last_big_seat: int
    last_big_player: str | None
    hands: int = 0
    playing: Deal | None = None
    """The hand being played, None between hands (a player seated during a
    hand is dealt in from the next)."""

    @property
    def size(self) -> int:
        """Seats at the table."""
        return len(self.seats)

    @property
    def count(self) -> int:
        """Players seated."""
        return len(self.seats) - self.seats.count(None)

    def players(self) -> tuple[str, ...]:
        """The players in seat order."""
        return tuple(p for p in self.seats if p is not None)

    def seat_of(self, player: str) -> int:
        """The seat of ``player`` (who must sit here)."""
        return self.seats.index(player)

    def clockwise(self, seat: int) -> list[int]:
        """Every seat after ``seat`` clockwise, ending with ``seat`` itself."""
        return [(seat + k) % self.size for k in range(1, self.size + 1)]

    def big_blind_order(self) -> list[str]:
        """The players in the order the big blind reaches them, the next one first."""
        return [p for p in (self.seats[s] for s in self.clockwise(self.last_big_seat))
                if p is not None]

    def next_big_blind(self) -> int:
        """The seat of the next hand's big blind (the table has a player)."""
        for seat in self.clockwise(self.last_big_seat):
            if self.seats[seat] is not None:
                return seat
        raise AssertionError("an empty table has no big blind")  # pragma: no cover

    def hands_to_big_blind(self, seat: int) -> int:
        """How many hands until the big blind reaches ``seat``, an empty seat
        being taken now (1: the next hand)."""
        ahead = 0
        for s in self.clockwise(self.last_big_seat):
            if s == seat:
                return ahead + 1
            if self.seats[s] is not None:
                ahead += 1
        raise AssertionError(f"no seat {seat}")  # pragma: no cover

    def seat_for(self, wait: int = 1) -> tuple[int, int]:
        """(hands to the big blind, seat): the empty seat where a player moved
        in waits for the big blind as near as can be to ``wait`` hands, the
        wait they had at the table left (1: they were the next big blind);
        the sooner, then the lower seat, on a tie."""
        return min(((self.hands_to_big_blind(s), s)
                    for s, p in enumerate(self.seats) if p is None),
                   key=lambda hs: (abs(hs[0] - wait), hs))

    def layout(self) -> tuple[int, int | None, int]:
        """(button, small blind or None, big blind) of the next hand."""
        big = self.next_big_blind()
        small: int | None = self.last_big_seat
        if small == big or self.seats[self.last_big_seat] != self.last_big_player:
            small = None
        if self.count == 2:  # heads-up the button posts the small blind
            return (small if small is not None else self._before(big)), small, big
        return self._before(small if small is not None else big), small, big

    def _before(self, seat: int) -> int:
        for s in reversed(self.clockwise(seat)[:-1]):
            if self.seats[s] is not None:
                return s
        raise AssertionError("nobody else at the table")  # pragma: no cover
