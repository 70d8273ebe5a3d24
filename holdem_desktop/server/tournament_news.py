"""Who hears a tournament's news, and what (issue 35 item 3; no I/O).

A person hears the news of a tournament on the connection they registered
from, or asked to register from again (``tournament_entry`` with the name
already registered, after a reconnection): their own moves, their table
broken and the others, the players left after each player out, the final
table, their own place, and at the end the ranking
(:class:`~holdem_desktop.net.tournament_messages.TournamentNews`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from holdem_desktop.net.names import clean_name
from holdem_desktop.net.tournament_messages import MAX_RANKED, TournamentEntry, TournamentNews
from holdem_desktop.tournament import (
    FinalTable,
    PlayerMoved,
    PlayerOut,
    TableBroken,
    TournamentOver,
)

from .follow_index import FollowIndex
from .tournament_owners import Owners
from .tournaments import TournamentDesk

__all__ = ["AROUND", "RANKED", "Followers", "rows_for"]

RANKED = 10
"""Places the ranking at the end names, whatever the field's size."""
AROUND = 2
"""Rows either side of a person's own in a big field's ranking."""
MISSED = 20
"""News kept for a person between two connections (beyond it, the older
counts of players left give way: the newest count is kept)."""


def rows_for(ranking: Sequence[tuple[str, int]], name: str) -> list[tuple[str, int]]:
    """The rows of ``ranking`` (name, place; best first) ``name`` is sent at
    the end: every one in a field of up to :data:`MAX_RANKED`, else the
    first :data:`RANKED`, then their own with :data:`AROUND` either side."""
    if len(ranking) <= MAX_RANKED:
        return list(ranking)
    mine = next((k for k, (who, _p) in enumerate(ranking) if who == name), None)
    keep = set(range(RANKED))
    if mine is not None:
        keep |= set(range(max(0, mine - AROUND), min(len(ranking), mine + AROUND + 1)))
    return [ranking[k] for k in sorted(keep)]


class Followers:
    """The connections following each tournament's people."""

    def __init__(self, desk: TournamentDesk) -> None:
        self.desk = desk
        self.conns = FollowIndex()
        """(tournament id, name) -> connection (indexed by connection)."""
        self.outbox: list[tuple[str, TournamentNews]] = []
        self.rate: Callable[[str, tuple[tuple[str, int], ...]], dict[str, int]] | None = None
        """Rates a tournament over (tournament id, ranking): each account's
        change in tenths (server/tournament_ratings.py; None: no accounts)."""
        self._left: dict[str, int] = {}
        """The players left last told, by tournament (several out at once: told once)."""
        self.missed: dict[tuple[str, str], list[TournamentNews]] = {}
        """(tournament id, name) -> the news of a person on their way, kept
        until they are followed again: whose connection closed (a dropped
        link coming back), or who was told a table they are not at yet (the
        Desktop leaves the lobby's connection for the table's: what the other
        tables did before its hello there is told again at the table)."""
        desk.listeners.append(self.heard)

    def entry(self, conn: str, message: TournamentEntry, owners: Owners | None = None) -> None:
        """After ``message`` was answered: a name registered there is followed
        from ``conn`` (when ``conn`` owns it now); a registration taken back
        no longer is."""
        entry = self.desk.entries.get(message.id)
        name = clean_name(message.name)
        if owners is not None and owners.holder(message.id, name) not in (conn, None):
            return
        if entry is not None and message.register and name in entry.tournament.registered:
            self.follow(message.id, name, conn)
        elif not message.register and self.conns.get((message.id, name)) == conn:
            del self.conns[(message.id, name)]

    def follow(self, key: str, name: str, conn: str) -> None:
        """``name``'s news of tournament ``key`` go to ``conn`` from now on,
        those kept on their way first (unless ``conn`` had them already)."""
        before = self.conns.get((key, name))
        self.conns[(key, name)] = conn
        kept = self.missed.pop((key, name), ())
        if before != conn:
            self.outbox += [(conn, n) for n in kept]

    def seated(self, key: str, name: str) -> None:
        """``name`` was told a table of tournament ``key`` they are not at
        yet: their news still go where they went, and are kept to be told
        again at their hello there from another connection (see
        :attr:`missed`; a client that stays in the lobby hears them once)."""
        self.missed.setdefault((key, name), [])

    def forget(self, conn: str) -> None:
        """``conn`` closed: its people's news are kept until they are back."""
        for key in self.conns.keys_of(conn):
            del self.conns[key]
            self.missed.setdefault(key, [])

    def _keep(self, key: tuple[str, str], news: TournamentNews) -> None:
        """``news`` kept for a person away (see :attr:`missed`)."""
        kept = self.missed[key]
        kept.append(news)
        if len(kept) > MISSED:
            lefts = [k for k, n in enumerate(kept) if n.what == "left"]
            del kept[lefts[0] if len(lefts) > 1 else 0]

    def take(self) -> list[tuple[str, TournamentNews]]:
        """The news to send, in order (and forget them)."""
        out, self.outbox = self.outbox, []
        return out

    def heard(self, key: str, event: object) -> None:
        """Tournament ``key``'s ``event`` made news for those it concerns."""
        following: dict[str, str | None] = {
            name: conn for (k, name), conn in self.conns.items() if k == key}
        following.update({name: None for (k, name) in self.missed if k == key
                          and name not in following})  # (on their way: kept)
        if not following:
            return
        t = self.desk.tournament(key)
        entrants = len(t.registered)
        news: list[TournamentNews] = []
        if isinstance(event, PlayerMoved) and event.player in following:
            news.append(TournamentNews(key, event.player, "moved", event.to_table,
                                       event.to_seat, event.button,
                                       t.structure.seats_per_table))
        elif isinstance(event, TableBroken):
            news += [TournamentNews(key, name, "broken", event.table,
                                    yours=name in event.players) for name in following]
        elif isinstance(event, PlayerOut):
            if self._left.get(key) != len(t.where):
                self._left[key] = len(t.where)
                news += [TournamentNews(key, name, "left", left=len(t.where), entrants=entrants)
                         for name in following if name != event.player]
            if event.player in following:
                news.append(TournamentNews(key, event.player, "out", place=event.place,
                                           entrants=entrants, shared=event.shared))
        elif isinstance(event, FinalTable):
            news += [TournamentNews(key, name, "final_table", event.table,
                                    left=len(event.players)) for name in following]
        elif isinstance(event, TournamentOver):
            changes = self.rate(key, event.ranking) if self.rate is not None else {}
            counts = Counter(p for _, p in event.ranking)
            for name in following:
                rows = rows_for(event.ranking, name)
                rated = tuple(n for n, _ in rows if n in changes)
                place = t.places.get(name, 0)
                news.append(TournamentNews(
                    key, name, "over", place=place, entrants=entrants,
                    shared=counts[place] > 1,  # (out in one hand with as many chips)
                    ranking=tuple(n for n, _ in rows), places=tuple(p for _, p in rows),
                    rated=rated, changes=tuple(changes[n] for n in rated)))
        for n in news:
            conn = following[n.name]
            if conn is not None:
                self.outbox.append((conn, n))
            if (key, n.name) in self.missed:
                self._keep((key, n.name), n)
