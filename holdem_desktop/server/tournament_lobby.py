"""The lobby's answers about tournaments (no I/O): the list, and a
registration or its withdrawal (see :mod:`~holdem_desktop.net.tournament_messages`)."""

from __future__ import annotations

from collections.abc import Sequence

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
from holdem_desktop.tournament.core import RUNNING

from .tournament_owners import Owners
from .tournaments import TournamentDesk

__all__ = ["answer", "listed"]


def listed(desk: TournamentDesk | None, elsewhere: Sequence[TournamentInfo] = ()
           ) -> Tournaments:
    """Every tournament of ``desk`` as the lobby lists them, then those of
    the other processes sharing Redis (``elsewhere``)."""
    here = desk.listing() if desk is not None else []
    return Tournaments(tuple([*here, *elsewhere][:MAX_TOURNAMENTS]))


def answer(desk: TournamentDesk | None, message: TournamentList | TournamentEntry,
           conn: str = "", owners: Owners | None = None,
           elsewhere: Sequence[TournamentInfo] = ()) -> Tournaments | Error:
    """What the lobby says to ``message`` from ``conn``: the list (after a
    registration taken, the list with it), or ``error`` ``tournament`` with
    the reason; with ``owners``, only a registration's owner takes it back
    or follows it again (``not_yours``); ``elsewhere``: the other processes'
    tournaments, listed too (a request about one of them never comes here:
    the server sends it on).  A registration asked again for a
    tournament that has started is ``registered`` (not ``closed``): its
    owner follows it from ``conn`` from then on (the lobby tells the seat)."""
    if desk is None and not (isinstance(message, TournamentList) and elsewhere):
        return Error("tournament", {"reason": "none"})
    if desk is None:
        return listed(desk, elsewhere)
    if isinstance(message, TournamentEntry):
        problem = name_problem(message.name)
        if problem is not None:
            return Error("tournament", {"reason": "name", "problem": problem})
        name = clean_name(message.name)
        mine = owners is None or owners.may(message.id, name, conn, message.token)
        entry = desk.entries.get(message.id)
        if (message.register and entry is not None and entry.tournament.state == RUNNING
                and name in entry.tournament.registered):
            # a new connection following a running tournament (the desktop
            # restarted, its lobby reconnected): registered, as before the start
            if not mine:
                return Error("tournament", {"reason": "not_yours"})
            if owners is not None:
                owners.claim(message.id, name, conn, message.token)
            return Error("tournament", {"reason": "registered"})
        try:
            if message.register:
                desk.register(message.id, name)
            elif not mine:
                return Error("tournament", {"reason": "not_yours"})
            else:
                desk.unregister(message.id, name)
        except TournamentError as refused:
            if refused.reason == "registered" and not mine:
                return Error("tournament", {"reason": "not_yours"})
            if refused.reason == "registered" and owners is not None:
                owners.claim(message.id, name, conn, message.token)  # followed from here
            return Error("tournament", {"reason": refused.reason})
        if owners is not None:
            if message.register:
                owners.claim(message.id, name, conn, message.token)
            else:
                owners.drop(message.id, name)
    return listed(desk, elsewhere)
