"""The lobby's answers about tournaments (no I/O): the list, and a
registration or its withdrawal (see :mod:`~holdem_desktop.net.tournament_messages`)."""

from __future__ import annotations

from holdem_desktop.net.names import clean_name, name_problem
from holdem_desktop.net.protocol import Error
from holdem_desktop.net.tournament_messages import (
    MAX_TOURNAMENTS,
    TournamentEntry,
    TournamentList,
    Tournaments,
)
from holdem_desktop.tournament import TournamentError

from .tournaments import TournamentDesk

__all__ = ["answer", "listed"]


def listed(desk: TournamentDesk) -> Tournaments:
    """Every tournament of ``desk`` as the lobby lists them."""
    return Tournaments(tuple(desk.listing()[:MAX_TOURNAMENTS]))


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
