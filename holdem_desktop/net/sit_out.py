"""Sitting out after repeated timeouts (a public table's rule; a part of
:class:`~.room.Room` kept apart, as :mod:`.public_table` is).

A public table's clock checks or folds for a person whose time runs out
(:mod:`.public_table`).  A person whose time ran out
:attr:`SitOutRule.after` times in a row (the server's ``sit_out_after``,
:data:`SIT_OUT_AFTER` by default: commercial rooms sit you out after two or
three) is *sat out*: the room's existing "away" state (the Room zone offers
Back, the next hand does not wait for them), but their seat is played by
:class:`CheckFold` -- a check when it is free, else a fold, at once, never
waiting the clock -- not by a computer player: nobody's chips (nor a
ranked table's rating) are played by the computer for a person who is not
there.  Their blinds are still posted, as the deal goes round the same
for everyone; a fold each hand costs at most the blinds.  Everyone is told
("sat_out"), they first.

They are back by Back (the "I'm back" of the Room zone, as from Away),
which also starts their count of timeouts again, as does any decision of
their own.  Coming back over a new connection (their token) is not
"back": a sat-out person stays sat out, and their count of timeouts in a
row is kept, so dropping the connection and returning never dodges the
rule.

A person sat out for :attr:`SitOutRule.hands` hands (``sit_out_hands``,
:data:`SIT_OUT_HANDS`) -- or as soon as the next hand would be dealt for
nobody but people sat out, for the base time of the clock -- leaves the
seat to a computer player: their connection is closed with the reason
``sat_out`` (their window says why), everyone is told ("sat_out_seat"),
and the seat is the next newcomer's between hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.views import SeatView

from .protocol import Bye

if TYPE_CHECKING:
    from collections.abc import Callable

    from holdem_desktop.session import Session

    from .protocol import HostMessage
    from .room import Member

__all__ = ["SIT_OUT", "SIT_OUT_AFTER", "SIT_OUT_HANDS", "CheckFold", "SitOut", "SitOutRule"]

SIT_OUT_AFTER = 2
"""Timeouts in a row after which a person sits out."""
SIT_OUT_HANDS = 10
"""Hands a person may sit out before their seat goes to a computer player."""


@dataclass(frozen=True)
class SitOutRule:
    """When a public table sits a person out, and lets their seat go (0: never)."""

    after: int = SIT_OUT_AFTER
    hands: int = SIT_OUT_HANDS
    """(0: the seat is never let go, not even when only people sat out are
    left: the table then waits, dealing nothing, until one is back.)"""


SIT_OUT = SitOutRule()
"""The rule unless a server's settings say otherwise."""


class CheckFold:
    """A sat-out person's seat: checks when it may, else folds, at once."""

    def decide(self, view: SeatView) -> Action | None:
        """Check, or fold when a check is not allowed."""
        kinds = {a.kind for a in view.legal_actions}
        return Action(ActionKind.CHECK if ActionKind.CHECK in kinds else ActionKind.FOLD)


class SitOut:
    """A public table's sitting out (mixed into :class:`~.room.Room`)."""

    if TYPE_CHECKING:
        public: bool
        session: Session | None
        members: list[Member]
        hand_serial: int
        strength: str
        rng: random.Random
        clock: Callable[[], float]
        _conns: dict[str, Member]
        _addresses: dict[str, str]

        def _news(self, what: str, names: tuple[str, ...],
                  exclude: Member | None = None) -> None: ...

        def _send(self, conn: str, message: HostMessage) -> None: ...

        def _after_change(self) -> None: ...

        def _humans_in_game(self) -> list[Member]: ...

    sit_out_rule: SitOutRule = SIT_OUT
    """The rule (a server's settings may change it)."""

    def _timed_out(self, member: Member) -> None:
        """``member``'s time ran out (the game played for them): once too
        often in a row, they sit out."""
        member.timeouts += 1
        after = self.sit_out_rule.after
        if after and member.timeouts >= after and member.sat_out is None:
            self._sit_out(member)

    def _sit_out(self, member: Member) -> None:
        s = self.session
        if s is None or member.seat is None:
            return
        member.sat_out = self.hand_serial
        member.replaced = True
        s.seats[member.seat].controller = CheckFold()
        self._news("sat_out", (member.name,))
        self._after_change()  # (their turn, come round again, is played at once)

    def _keep_sat_out(self) -> None:
        """(A new game.)  Those sat out stay so."""
        s = self.session
        for m in self.members:
            if s is not None and m.sat_out is not None and m.seat is not None:
                m.replaced = True
                s.seats[m.seat].controller = CheckFold()

    def _let_go_sat_out(self, idle: bool = False) -> bool:
        """(Between hands.)  Those sat out for the rule's hands -- or, with
        ``idle``, everyone in the game when all are sat out -- leave their
        seat to a computer player; returns whether anyone did (never with
        the rule's hands 0)."""
        s = self.session
        hands = self.sit_out_rule.hands
        if s is None or not self.public or not hands:
            return False
        playing = self._humans_in_game()
        nobody_else = idle and bool(playing) and all(m.sat_out is not None for m in playing)
        gone = [m for m in playing if m.sat_out is not None and m.seat is not None and (
            nobody_else or self.hand_serial - m.sat_out >= hands)]
        for m in gone:
            assert m.seat is not None
            s.seats[m.seat].controller = create_player(self.strength,
                                                       random.Random(self.rng.random()))
            m.sat_out, m.timeouts, m.left = None, 0, True
            m.gone_since = self.clock()
            if m.conn is not None:
                self._send(m.conn, Bye("sat_out"))
                self._conns.pop(m.conn, None)
                self._addresses.pop(m.conn, None)
                m.conn = None
            self._news("sat_out_seat", (m.name,))
        return bool(gone)
