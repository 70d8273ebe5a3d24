"""The rating told late -- with a rated tournament that ended while the
player was away, at their next sign-in -- is the Lobby's first line from
then on ("Signed in as Ada, rating 5.9."), as a rating told at a game's end
is; it stayed "Signed in as Ada." (or the rating heard before).  A rating
heard later than that tournament (My rating after another rated game) is
newer: the late news never puts the older one back.  The real Desktop
(dummy video driver, the recording speaker, keys) over a real server on
loopback, its ratings made by the server's own accounts store."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.i18n.accounts import rating  # noqa: E402
from holdem_desktop.net.account_messages import Missed, Register, SignedIn  # noqa: E402
from holdem_desktop.server.accounts import Seat  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_accounts import account  # noqa: E402
from .test_accounts_desktop import PASSWORD, on_server_loop, sign_in_by_keys  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402


def tournament_away(served, game: str, title: str) -> Missed:
    """A rated tournament Ada finished second of 3 in, ended while she was
    away: rated by the server's store, its end kept for her as the server
    keeps it (her rating just after it, and its change)."""
    accounts = served.server.accounts

    def rate() -> Missed:
        change = accounts.rate(game, [Seat(None, 1), Seat("Ada", 2), Seat(None, 3)])["Ada"]
        missed = Missed(title, 2, 3, False, accounts.rating("Ada").rating, change)
        accounts.keep_missed("Ada", missed)
        return missed

    got = on_server_loop(served, rate)
    assert isinstance(got, Missed)
    return got


def reopen(app, desktop, served):
    """Close the Lobby and open it again; what it says as it opens."""
    app.screen.focus.id = "close"
    keys(app, "return")
    before = len(said(desktop))
    app = lobby_by_keys(desktop, served)
    assert isinstance(app.screen, LobbyPage)
    return app, said(desktop)[before:]


def test_the_rating_told_at_sign_in_is_the_lobbys_first_line(desktop, served):
    assert isinstance(account(served, Register("Ada", PASSWORD)), SignedIn)
    missed = tournament_away(served, "t/1", "Twelve")
    app = lobby_by_keys(desktop, served)
    lobby = app.screen
    assert isinstance(lobby, LobbyPage)
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    sign_in_by_keys(app, "Ada", PASSWORD, "sign_in")
    assert app.screen is lobby
    wait_for(app, [], lambda: any("tournament Twelve ended" in s for s in said(desktop)),
             seen=lambda: said(desktop)[-4:])
    line = f"Signed in as Ada, rating {rating(missed.rating)}."
    assert lobby.notice() == line, lobby.notice()
    app, heard = reopen(app, desktop, served)
    assert any(s.startswith("Lobby. ") and f" {line} " in s for s in heard), heard


def test_a_rating_heard_after_that_tournament_is_not_put_back(desktop, served):
    assert isinstance(account(served, Register("Ada", PASSWORD)), SignedIn)
    app = lobby_by_keys(desktop, served)
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    sign_in_by_keys(app, "Ada", PASSWORD, "sign_in")
    server = served.server  # the sign-in's while_away answered (nothing then) before it ends
    wait_for(app, [], lambda: on_server_loop(served, lambda: any(
        server._signed.get(conn, ("",))[0] == "Ada" for conn in server._asked_away)))
    missed = tournament_away(served, "t/1", "Twelve")  # (while she is in the Lobby)
    on_server_loop(served, lambda: served.server.accounts.rate(  # a game after it
        "t/2", [Seat("Ada", 1), Seat(None, 2)]))
    app.screen.focus.id = "my_rating"  # heard now: newer than the tournament's
    keys(app, "return")
    keys(app, "escape")
    now = on_server_loop(served, lambda: served.server.accounts.rating("Ada"))
    assert now.rating != missed.rating
    assert not any("tournament Twelve ended" in s for s in said(desktop))
    app, _heard = reopen(app, desktop, served)  # the tournament's end told now, late
    wait_for(app, [], lambda: any("tournament Twelve ended" in s for s in said(desktop)),
             seen=lambda: said(desktop)[-4:])
    assert app.screen.notice() == f"Signed in as Ada, rating {rating(now.rating)}."
