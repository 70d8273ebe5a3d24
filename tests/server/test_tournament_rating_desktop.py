"""A rated tournament's end on the real Desktop (dummy video driver, the
recording speaker) over a real server on loopback: Ann signs in by keys
from the Lobby, registers, is taken to her table and puts every chip in
against aces (a stacked deck: out in her first hand); she keeps watching;
the final ranking replaces the table and is said as it opens, then her new
rating, once, queued behind it (never cutting it off); back on the server's
pages, the Lobby's first line says it."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.i18n.accounts import rating  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from holdem_desktop.ui.tournament_end import RankingPage  # noqa: E402
from holdem_desktop.ui.tournaments import TournamentsPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_accounts_desktop import PASSWORD, on_server_loop, sign_in_by_keys  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_rating_told_desktop import TOLD  # noqa: E402
from .test_tournament_desktop import SEED  # noqa: E402
from .test_tournament_end_desktop import Paused, until_out  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402


def test_the_new_rating_is_said_after_the_final_ranking_and_kept_for_the_lobby(
        desktop, make_server, tmp_path):
    pytest.importorskip("openskill")
    served, desk, key, t = tournament_served(make_server, tmp_path, SEED)
    play = Paused(t, desk.desk.variants["tournament"], rng=random.Random(SEED))
    desk.plays[key] = play
    app = lobby_by_keys(desktop, served)
    app.moves = desktop.take_moves  # (as the program's window: app/play.py)
    sign_in_by_keys(app, "Ann", PASSWORD, "create")
    lobby = app.screen
    assert isinstance(lobby, LobbyPage) and lobby.notice() == "Signed in as Ann."
    assert lobby.feed.tournaments.enter(key, "Ann", True)  # (signed in first: her name)
    wait_for(app, [], lambda: desktop.remote is not None and desktop.remote.seat is not None,
             30.0)
    remote = desktop.remote
    assert remote.client.account == "Ann"
    out_or_over = until_out(app, remote)
    wait_for(app, [], out_or_over, 120.0)
    assert isinstance(app.screen, Dialog), app.screen  # (out in her first hand: AnnLoses)
    keys(app, "escape")  # keeps watching, to the end
    assert isinstance(app.screen, TableScreen)
    play.go = True
    wait_for(app, [], lambda: isinstance(app.screen, RankingPage)
             and any(TOLD.fullmatch(s) for s in said(desktop)), 180.0,
             seen=lambda: (app.screen, said(desktop)[-6:]))
    heard = said(desktop)
    calls = desktop.speech.speaker.calls
    (k,) = [k for k, s in enumerate(heard) if TOLD.search(s)]  # said once
    opened = [j for j, s in enumerate(heard) if s.startswith("Final ranking — Twelve.")]
    assert opened and opened[-1] < k, heard[-4:]  # after the final ranking is said
    assert calls[k][1] is False  # queued behind it: it never cuts the ranking off
    mine = on_server_loop(served, lambda: served.server.accounts.rating("Ann"))
    change = mine.results[0].change
    assert mine.results[0].players == 12
    words = ("up " if change > 0 else "down " if change < 0 else "") + rating(abs(change))
    assert heard[k] == (f"Your rating: {rating(mine.rating)}, {words}." if change
                        else f"Your rating: {rating(mine.rating)}, unchanged."), heard[k]
    page = app.screen
    assert re.search(r"Ann \(you\)", " ".join(c.label for c in page.controls()))
    # back to the server's pages: the Lobby under the Tournaments page keeps it
    keys(app, "return")
    wait_for(app, [], lambda: isinstance(app.screen, TournamentsPage),
             seen=lambda: (app.screen, said(desktop)[-4:]))
    (under,) = [p for p in app.stack if isinstance(p, LobbyPage)]
    assert under.notice() == f"Signed in as Ann, rating {rating(mine.rating)}."
