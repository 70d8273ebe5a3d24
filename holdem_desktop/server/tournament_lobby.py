"""The lobby's answers about tournaments (no I/O): the list, and a
registration or its withdrawal (see :mod:`~holdem_desktop.net.tournament_messages`)."""

from __future__ import annotations

import math

from holdem_desktop.net.names import clean_name, name_problem
from holdem_desktop.net.protocol import Error
from holdem_desktop.net.tournament_messages import (
    MAX_TOURNAMENTS,
    TournamentEntry,
    TournamentInfo,
    TournamentList,
    Tournaments,
)
from holdem_desktop.tournament import TournamentError

from .tournaments import TournamentDesk

__all__ = ["answer", "listed"]


def listed(desk: TournamentDesk) -> Tournaments:
    """Every tournament of ``desk`` as the lobby lists them."""
    return Tournaments(tuple(
        TournamentInfo(t.id, t.name, t.variant, t.starting_stack, t.speed, t.minutes_per_level,
                       t.seats_per_table, t.registered, t.players,
                       None if t.start_at is None else math.floor(t.start_at), t.state)
        for t in desk.listing()[:MAX_TOURNAMENTS]))


def answer(desk: TournamentDesk | None, message: TournamentList | TournamentEntry
           ) -> Tournaments | Error:
    """What the lobby says to ``message``: the list (after a registration
    taken, the list with it), or ``error`` ``tournament`` with the reason."""
    if desk is None:
        return Error("tournament", {"reason": "none"})
    if isinstance(message, TournamentEntry):
        problem = name_problem(message.name)
        if problem is not None:
            return Error("tournament", {"reason": "name", "problem": problem})
        name = clean_name(message.name)
        try:
            if message.register:
                desk.register(message.id, name)
            else:
                desk.unregister(message.id, name)
        except TournamentError as refused:
            return Error("tournament", {"reason": refused.reason})
    return listed(desk)
