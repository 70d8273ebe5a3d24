"""A tournament's end at the Desktop's table (issue 35): what the news
``out`` and ``over`` open, once the felt has shown the hand that made them.

- ``out`` (you are out before the end): your place is said at once, with
  the news; the bust-out dialog (:func:`~holdem_desktop.ui.tournament_end.bust_dialog`)
  opens once the showdown that put you out has been shown: Keep watching
  (you stay at the table as a watcher: the server keeps you there, and at
  another table when yours is broken, to the end) or Back to Tournaments.
- ``over``: the final ranking page replaces the table (at once when a
  dialog is open over it); the table's connection is closed (the room
  closes with the tournament).  Its Enter or Escape, like the dialog's Back
  to Tournaments, opens the server's lobby on a new connection, with its
  Tournaments page on top.
- ``rating`` (a signed-in player, the tournament rated: the server tells it
  after ``over``): kept at once for the Lobby's first line, and said once,
  queued behind the ranking page's arrival (said at once after it when it
  comes later; the table's connection stays open for it until it comes,
  or the player leaves the page)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from holdem_desktop.ui.lobby import LobbyPage
from holdem_desktop.ui.page import Push, Replace, Transition
from holdem_desktop.ui.table import TableScreen
from holdem_desktop.ui.tournament_end import RankingPage, bust_dialog, ranking_of
from holdem_desktop.ui.tournaments import TournamentsPage

from .accounts import rating_said
from .lobby import LobbyWatch

if TYPE_CHECKING:
    from holdem_desktop.net.account_messages import Rating
    from holdem_desktop.net.remote import RemoteTable
    from holdem_desktop.net.tournament_messages import TournamentNews
    from holdem_desktop.ui.lobby import LobbyDesktop, LobbyFeed
    from holdem_desktop.ui.tournaments import Feed

    from .desktop import Desktop

__all__ = ["TournamentEnd", "back_to_lobby", "back_to_tournaments"]


class TournamentEnd:
    """The end of the tournament named ``title`` for the player at
    ``remote``'s table on ``server`` (see the module's text)."""

    def __init__(self, desktop: Desktop, server: str, remote: RemoteTable, title: str) -> None:
        self.desktop, self.server, self.remote, self.title = desktop, server, remote, title
        self.asking = False
        """The bust-out dialog is open over the table."""
        self.entry: tuple[str, str] | None = None
        """(tournament id, name) once the player is out of it before its end."""
        self.rating: Rating | None = None
        """The player's new rating, told after ``over`` (None: not yet, or none)."""
        self.ending = False
        """The news ``over`` came: the ranking page is on its way."""
        self.ranked = False
        """The ranking page was said: a rating heard now is said at once."""

    def _table(self) -> TableScreen | None:
        table = self.desktop.screen
        return table if isinstance(table, TableScreen) \
            and table.session is self.remote else None  # type: ignore[comparison-overlap]

    def heard(self, news: TournamentNews) -> None:
        """``news`` heard at the table (and said): the dialog or the page it opens."""
        table = self._table()
        if table is None:
            return
        if news.what == "out":
            self.entry = (news.id, news.name)  # (followed again from the Tournaments page)

            def ask() -> Transition | None:
                if self.remote.closed is not None:
                    return None
                self.asking = True
                dialog = bust_dialog(table, news.place, news.entrants, news.shared,
                                     self.back, self.desktop.say)
                dialog.on_cancel = self._watching
                return Push(dialog)
            table.out_of_game.when_at_rest(ask)
        elif news.what == "over":
            # (watching: the hands held are summed up and the end said now, before the page)
            self.desktop.outputs.release(self.remote, now=True)
            self.remote.closed = "left"  # (the room closes with the tournament: no problem)
            self.ending = True
            ranking = ranking_of(self.title, news.name, news.place, news.entrants,
                                 news.shared, news.ranking, news.places, news.rated,
                                 news.changes)
            awaited = news.name in news.rated  # (its rating comes next: read before closing)

            def show() -> Transition | None:
                if self.rating is not None or not awaited:
                    self.desktop.close_room()
                page = RankingPage(ranking, self.back, self.desktop.say)
                # (the news of the end, said at the table just before, read the
                # places: the page says its title, your place and the way back)
                self.desktop.say(page.arrival(places=False))
                self.ranked = True
                if self.rating is not None:
                    self.desktop.outputs.announce(rating_said(self.rating))  # (queued)
                return Replace(page)
            if self.asking:  # (the dialog over the table: the ranking replaces both)
                table.out_of_game.at_rest = None
                made = show()
                if made is not None:
                    self.desktop.moves.append(made)
            else:  # (once the felt has shown the last hand and its words are said)
                table.out_of_game.when_at_rest(show, quiet=True)

    def rated(self, mine: Rating) -> None:
        """The player's new rating, told after ``over``: kept for the Lobby;
        said after the ranking page's arrival (at once when it was said)."""
        self.desktop.keep_rating(self.server, mine)
        if self.rating is not None:
            return
        self.rating = mine
        if self.ranked or not self.ending:
            self.desktop.outputs.announce(rating_said(mine))
        if self.ranked and self.desktop.remote is self.remote:
            self.desktop.close_room()  # (kept open for it: the room closed with the tournament)

    def _watching(self) -> None:
        self.asking = False

    def back(self) -> Transition | None:
        """Back to the server's Tournaments page."""
        self.asking = False
        return back_to_tournaments(self.desktop, self.server, self.entry)


def back_to_tournaments(desktop: Desktop, server: str,
                        entry: tuple[str, str] | None = None) -> Transition | None:
    """The server's lobby on a new connection, its Tournaments page on top
    (the start screen under them); where it cannot be reached, why is said
    on the start screen.  ``entry`` (tournament id, name): a registration
    knocked out of a tournament still running, followed from the new
    connection, so that its end and the new rating are heard there."""
    return back_to_lobby(desktop, server, tournaments=True, entry=entry)


def back_to_lobby(desktop: Desktop, server: str, tournaments: bool = False,
                  entry: tuple[str, str] | None = None) -> Transition | None:
    """The Lobby of ``server`` on a new connection (``tournaments``: with its
    Tournaments page on top), the start screen under it, as when it was
    opened from there; where it cannot be reached, why is said on the start
    screen."""
    start = desktop.menu()  # (closes the table's connection)
    start.quiet_arrival = True
    got = desktop.open_lobby(server)
    if not isinstance(got, LobbyWatch):
        if isinstance(got, str):
            desktop.say(got)
        start.quiet_arrival = False
        return Replace(start)
    if entry is not None:
        got.tournaments.follow(*entry)
    name = desktop.account_name(server) or desktop.settings.player_name
    # (the pages' protocols: what a window may know of them)
    host = cast("LobbyDesktop", desktop)
    lobby = LobbyPage(host, cast("LobbyFeed", got), name, desktop.say)
    lobby.focus.id = "play_now"  # (back from a table: the way to the next one, not a filter)
    lobby.says_subtitle = False  # (back where the table was chosen: its server was heard)
    desktop.moves.append(Push(lobby))
    if tournaments:
        lobby.quiet_arrival = True
        page = TournamentsPage(host, cast("Feed", got), name, desktop.say)
        page.says_subtitle = False
        desktop.moves.append(Push(page))
    return Replace(start)
