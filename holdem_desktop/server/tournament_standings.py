"""A tournament's standings as the lobby answers them (issue 35 item 3; no I/O).

``tournament_standings`` with a tournament's id is answered
:class:`~holdem_desktop.net.standings_messages.TournamentStandings`: the
players left of the entrants, the average stack, the blind level now and
the next one and when; and, for the name the asking connection registered
there (:class:`~.tournament_news.Followers`), its stack and rank by chips,
or its place once out.  Refused ``error`` ``tournament`` with the reason:
``none`` (no tournaments here), ``no_tournament`` (no such id),
``not_running`` (not started, or cancelled)."""

from __future__ import annotations

import math

from holdem_desktop.net.protocol import Error
from holdem_desktop.net.standings_messages import AskStandings, TournamentStandings
from holdem_desktop.tournament.core import OVER, RUNNING

from .tournament_news import Followers
from .tournaments import TournamentDesk

__all__ = ["standings_answer"]


def standings_answer(desk: TournamentDesk | None, followers: Followers | None, conn: str,
                     ask: AskStandings) -> TournamentStandings | Error:
    """What the lobby says to ``conn``'s ``ask``."""
    if desk is None:
        return Error("tournament", {"reason": "none"})
    entry = desk.entries.get(ask.id)
    if entry is None:
        return Error("tournament", {"reason": "no_tournament"})
    desk.tick()  # the blinds and the start as of now
    t = entry.tournament
    if t.state not in (RUNNING, OVER):
        return Error("tournament", {"reason": "not_running"})
    s = t.standings()
    schedule = t.structure.schedule
    now = schedule.level(s.level)
    later = schedule.level(s.level + 1) if s.next_level_in is not None else None
    mine = ""
    if followers is not None:
        mine = next((name for (key, name), c in followers.conns.items()
                     if key == ask.id and c == conn), "")
    chips = rank = place = 0
    shared = False
    if mine in t.chips:
        me = t.player(mine)
        if me.place is None:
            chips = me.chips
            rank = 1 + sum(1 for p in t.where if t.chips[p] > me.chips)
        else:
            place = me.place
            shared = sum(1 for p in s.players if p.place == place) > 1
    return TournamentStandings(
        ask.id, t.state, s.entrants, s.players_left, s.average_stack, s.level + 1,
        tuple(now.blinds[:2]), now.ante,
        () if later is None else tuple(later.blinds[:2]), 0 if later is None else later.ante,
        None if s.next_level_in is None else math.ceil(s.next_level_in),
        mine if mine in t.chips else "", chips, rank, place, shared)
