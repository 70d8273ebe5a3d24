"""Events of a hand rebuilt at a room's table (a new connection, a new
window): what the Move log and the hand's record take up, beside the
session's and the engine's own events.  No session emits them and they
never travel: the Desktop makes them from the room's table."""

from __future__ import annotations

from dataclasses import dataclass

from holdem_desktop.engine.events import ActionTaken

__all__ = ["EndedAway", "StoodIn"]


@dataclass(frozen=True)
class StoodIn:
    """A move the computer made for a person's seat while they were away, as
    a hand rebuilt at a room's table holds it (the room's ``stand_ins``): the
    Move log says it as the computer's ("The computer checks for you."), as
    speech said it then.  Never emitted by a session: live, the table knows
    the computer plays the seat."""

    move: ActionTaken


@dataclass(frozen=True)
class EndedAway:
    """Hand ``number``, under way when this window's link fell, ended while it
    was down, and the room no longer holds it (another hand came since, or the
    server started again): all that is known is ``won``, the chips the seat
    ``seat`` won (negative: lost) in it, when its chips after it are known
    (None: not known)."""

    number: int
    seat: int | None
    won: int | None
