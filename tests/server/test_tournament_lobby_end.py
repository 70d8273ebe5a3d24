"""A tournament's end heard on the lobby's connection, on the real Desktop
(dummy video driver, the recording speaker) over a real server on loopback:
Ann (a guest, or signed in) registers from the Lobby, is taken to her table
and puts every chip in against aces (a stacked deck: out in her first hand,
never the tournament's last); out, she chooses Back to Tournaments in the
dialog (a new lobby connection), which follows her registration again from
there by itself (the server's "already registered", not said). The rest of
the tournament's news come to that connection: every sentence of them is
queued behind the one before (none cuts another off: "X wins the
tournament." is heard before "Places: …"), as are the count and the rest
the page says of itself; signed in, her new rating comes after the news of
the end: kept for the Lobby's first line, and said once, queued after those
news."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.i18n.accounts import rating  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from holdem_desktop.ui.tournaments import TournamentsPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_accounts_desktop import PASSWORD, on_server_loop, sign_in_by_keys  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_rating_told_desktop import TOLD  # noqa: E402
from .test_tournament_desktop import SEED  # noqa: E402
from .test_tournament_end_desktop import Paused, until_out  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402

FOLLOWED = "That name is already registered for Twelve."


def back_in_the_lobby(desktop, make_server, tmp_path, account: bool):
    """Ann (signed in when ``account``, else a guest) out, back on the Tournaments page,
    which follows her registration again by itself: (app, served, the index
    in the speaker's calls where the lobby's news begin)."""
    served, desk, key, t = tournament_served(make_server, tmp_path, SEED)
    play = Paused(t, desk.desk.variants["tournament"], rng=random.Random(SEED))
    desk.plays[key] = play
    desktop.settings = desktop.settings.updated(player_name="Ann")  # (the name a guest's
    app = lobby_by_keys(desktop, served)  # page registers: her account's, signed in)
    app.moves = desktop.take_moves  # (as the program's window: app/play.py)
    if account:
        sign_in_by_keys(app, "Ann", PASSWORD, "create")
        assert app.screen.notice() == "Signed in as Ann."
    assert app.screen.feed.tournaments.enter(key, "Ann", True)
    wait_for(app, [], lambda: desktop.remote is not None and desktop.remote.seat is not None,
             30.0)
    remote = desktop.remote
    out_or_over = until_out(app, remote)
    wait_for(app, [], out_or_over, 120.0)
    assert isinstance(app.screen, Dialog), app.screen  # (out in her first hand: AnnLoses)
    keys(app, "tab")
    assert said(desktop)[-1] == "Back to Tournaments, button"
    keys(app, "return")
    wait_for(app, [], lambda: isinstance(app.screen, TournamentsPage) and app.screen.listed(),
             10.0, seen=lambda: (app.screen, said(desktop)[-4:]))
    play.go = True
    return app, served, len(said(desktop))


def test_the_news_of_the_end_in_the_lobby_are_queued_sentence_by_sentence(
        desktop, make_server, tmp_path):
    app, _served, mark = back_in_the_lobby(desktop, make_server, tmp_path, account=False)
    wait_for(app, [], lambda: any(s.startswith("Places: ") for s in said(desktop)[mark:]),
             180.0, seen=lambda: said(desktop)[-6:])
    calls = desktop.speech.speaker.calls[mark:]
    heard = [s for s, _ in calls]
    (k,) = [k for k, s in enumerate(heard) if s.startswith("Places: ")]
    assert heard[k - 1].endswith(" wins the tournament."), heard[k - 1:k + 1]
    # every sentence heard since, the news and the page's own, queued
    # behind the one before: nothing cut off (no key was pressed)
    assert [c for c in calls if c[1]] == [], calls


def test_the_new_rating_heard_in_the_lobby_is_said_after_the_end_and_kept(
        desktop, make_server, tmp_path):
    pytest.importorskip("openskill")
    app, served, mark = back_in_the_lobby(desktop, make_server, tmp_path, account=True)
    wait_for(app, [], lambda: any(s.startswith("Places: ") for s in said(desktop)[mark:]),
             180.0, seen=lambda: said(desktop)[-6:])
    wait_for(app, [], lambda: any(TOLD.fullmatch(s) for s in said(desktop)[mark:]), 10.0,
             seen=lambda: said(desktop)[-6:])  # (told after the news of the end)
    calls = desktop.speech.speaker.calls[mark:]
    heard = [s for s, _ in calls]
    (k,) = [k for k, s in enumerate(heard) if TOLD.search(s)]  # said once
    ends = [j for j, s in enumerate(heard) if s.startswith("Places: ")]
    assert ends and ends[-1] < k, heard  # after the news of the end
    assert calls[k][1] is False  # queued: it never cuts them off
    mine = on_server_loop(served, lambda: served.server.accounts.rating("Ann"))
    change = mine.results[0].change
    words = ("up " if change > 0 else "down " if change < 0 else "") + rating(abs(change))
    assert heard[k] == (f"Your rating: {rating(mine.rating)}, {words}." if change
                        else f"Your rating: {rating(mine.rating)}, unchanged."), heard[k]
    # kept for the Lobby under the Tournaments page: its first line says it
    keys(app, "escape")
    assert isinstance(app.screen, LobbyPage)
    assert app.screen.notice() == f"Signed in as Ann, rating {rating(mine.rating)}."


def test_back_on_the_tournaments_page_the_end_comes_without_a_key(desktop, make_server,
                                                                  tmp_path):
    """Back to Tournaments follows her registration from the new connection
    by itself, without a word: the end is heard there with no key pressed
    (it used to wait for Enter on the tournament's row)."""
    app, _served, mark = back_in_the_lobby(desktop, make_server, tmp_path, account=False)
    wait_for(app, [], lambda: any(s.startswith("Places: ") for s in said(desktop)[mark:]),
             180.0, seen=lambda: said(desktop)[-6:])
    heard = said(desktop)[mark:]
    (k,) = [k for k, s in enumerate(heard) if s.startswith("Places: ")]
    assert heard[k - 1].endswith(" wins the tournament."), heard[k - 1:k + 1]
    assert FOLLOWED not in said(desktop)  # the following itself is not said
