"""The Lobby's focused table, at a busy table: what is said of it as the
server's list follows the table (at most once a second).  Hands are played
there and people come to watch it and go; neither is news of the row the
player is on (the line has no pot or hand counter; the watchers come and
go by the second at a popular table), and none is said.  A seat taken is
news: the line is said once again, with its seats."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop import __version__  # noqa: E402
from holdem_desktop.net.lobby_messages import JoinTable, PlayNow  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.net.test_host import Player, run_until  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_server import online  # noqa: E402

ROW = "Session, blinds 10/20, normal speed: "
WATCHERS = ("Eve", "Fay", "Gus", "Hal")


def rows_said(desktop, since: int) -> list[str]:
    return [s for s in said(desktop)[since:] if s.startswith(ROW)]


def test_watchers_and_hands_are_not_news_of_the_focused_row_a_seat_taken_is(desktop,
                                                                              served):
    ann = Player("Ann", served.port, 1, client=online(served), first=PlayNow("Ann", __version__))
    others = [ann]
    try:
        run_until([ann], lambda: ann.table is not None and ann.table.started, 10)
        app = lobby_by_keys(desktop, served)
        page = app.screen
        wait_for(app, others, lambda: "1 public table." in said(desktop))
        page.focus.id = "play_now"
        keys(app, "tab")  # on Ann's table
        assert said(desktop)[-1] == (ROW + "5 of 6 seats free, 1 person, 5 computers, 1 of 1")
        before, hands, seen = len(said(desktop)), ann.table.hands_played, len(ann.tables)

        def listed(watchers: int) -> bool:
            return bool(page.tables()) and page.tables()[0].watchers == watchers

        # people come to watch, one after another, and go; hands go on meanwhile
        for k, name in enumerate(WATCHERS, 2):
            eve = Player(name, served.port, k, client=online(served),
                         first=JoinTable(name, __version__, ann.code, watch=True))
            others.append(eve)
            wait_for(app, others, lambda: listed(1), seen=lambda: page.tables())
            eve.client.close()
            others.remove(eve)
            wait_for(app, others, lambda: listed(0), seen=lambda: page.tables())
        # the table played on: a hand ended (or, on a machine so busy that Ann's
        # clock ran out and the table was left without a person, its game ended
        # and a new one began: counted from 0 again)
        assert any(t.hands_played != hands for t in ann.tables[seen:]), ann.tables[seen:]
        assert rows_said(desktop, before) == [], said(desktop)[before:]
        # Bo takes a seat: the seats changed, the row is said again (once)
        bo = Player("Bo", served.port, 9, client=online(served),
                    first=PlayNow("Bo", __version__))
        others.append(bo)
        wait_for(app, others, lambda: rows_said(desktop, before),
                 seen=lambda: said(desktop)[before:])
        assert rows_said(desktop, before) == [
            ROW + "4 of 6 seats free, 2 people, 4 computers, 1 of 1"], said(desktop)[before:]
    finally:
        for p in others:
            p.client.close()
