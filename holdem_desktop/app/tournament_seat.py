"""A Desktop player takes their tournament seat (issue 35): the server tells
the connection they registered from where they sit
(``tournament_seat``: the table's number, its room code, their token); the
Desktop then says hello there with the token on a connection of its own and
opens the table like a public table's (the same screen, keys, speech,
sounds and turn alert; the lobby's connection is then closed, and the
tournament's news follows the player to the table's connection).

At the table the connection goes on as the server moves it: a move between
tables is a new ``welcome`` on it (the remote table starts afresh at the new
table, :class:`~holdem_desktop.net.remote.RemoteTable`), then the new
``tournament_seat`` and the news ``moved``, said in the tournament's words;
a dropped connection comes back with the token, which reaches the table the
player sits at now, even after a move made while they were away.  Until they
sit down, and while they are away, the server plays their seat sitting out
(checks, else folds, posting the blinds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from holdem_desktop import __version__
from holdem_desktop.i18n import tournament as words
from holdem_desktop.net.protocol import Hello
from holdem_desktop.net.tournament_tables import TournamentSeat
from holdem_desktop.ui.online import CertificateQuestion
from holdem_desktop.ui.tournament_news import news_said

from .lobby import _server_only

if TYPE_CHECKING:
    from holdem_desktop.net.remote import RemoteTable
    from holdem_desktop.net.tournament_messages import TournamentNews

    from .rooms import Rooms

__all__ = ["take_seat"]


def take_seat(rooms: Rooms, server: str, seat: TournamentSeat, tournament: str | None,
              ended: Callable[[RemoteTable], Callable[[TournamentNews], None]] | None = None
              ) -> RemoteTable | str | CertificateQuestion:
    """Sit at the table ``seat`` names on ``server`` (of the tournament named
    ``tournament``, "" when unknown); its start is said once (None: it was
    said already), with the table and the seat, instead of the table screen's title (the caller
    opens the screen quietly).  ``ended`` makes what hears the news at the
    table after they are said (:mod:`.tournament_end`: the bust-out dialog,
    the final ranking)."""
    where = _server_only(rooms, server)
    if isinstance(where, str):
        return where
    rooms.watching = False
    got = rooms.online_table(
        where, lambda key: Hello(seat.name, seat.code, __version__, seat.token), seat.name)
    if isinstance(got, str | CertificateQuestion):
        return got
    got.tournament_table, got.is_host, got.newcomer = seat.table, False, True

    def kept(news: object) -> None:  # (the seat's token kept under the table's code
        # now: after a move, joining either code by hand comes back to the seat)
        rooms.tokens.put(where.server + "#" + got.code, seat.name, got.token)
        if after is not None:
            after(news)  # type: ignore[arg-type]

    def told(news: TournamentNews) -> None:  # the tournament's news, said with the table's:
        rooms.outputs.flush(got)  # after what its hand said so far (the end that made it)
        for sentence in news_said(news, seat.name):  # (the table may wait for a Next hand)
            rooms.outputs.news(got, sentence, news.what)  # (watching: in turn, with the hands)
        if news.what == "out":  # (they only watch from now on: test_tournament_watching_desktop)
            rooms.outputs.release(got, out=True)
        kept(news)

    after = ended(got) if ended is not None else None
    got.on_tournament = told
    where_sat = words.your_table(seat.table, got.seat) if got.seat is not None else ""
    start = "" if tournament is None else words.tournament_started(tournament) if tournament \
        else words.yours_started()
    # The news that came with the welcome happened on the way here (a move
    # while away, a table broken): said before where you sit, in the past.
    # Of the counts of players left on the way, the last is said: the others
    # are no longer true ("17 left of 18. 16 left of 18. ... 10 left of 18.").
    early, got.early_news[:] = list(got.early_news), []
    counts = [k for k, news in enumerate(early) if news.what == "left"]
    before = [s for k, news in enumerate(early) if news.what != "left" or k == counts[-1]
              for s in news_said(news, seat.name, past=True)]
    rooms.outputs.announce(" ".join(filter(None, (start, *before, where_sat))))
    for news in early:
        kept(news)
    return got
