"""A page's description (the words under its title) said as it opens, after
the title and before the focused control, where it tells the player what
they need: which server Sign in, the Lobby and Tournaments are on (and
their own keys), what Play online's form is for; as a screen reader reads
a dialog's static text.  A tagline (the start screen's) and a menu's
explanation (Rooms) are seen, not said; nor is a description heard again
when the player comes back to its page (it was said as it opened)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.account_pages import SignInPage  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from holdem_desktop.ui.tournaments import TournamentsPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_play_online import play_online  # noqa: E402


def arrival(desktop, title: str) -> str:
    """The last sentence said that begins with the page's ``title``."""
    heard = [s for s in said(desktop) if s.startswith(f"{title}. ")]
    assert heard, said(desktop)[-5:]
    return heard[-1]


def test_play_online_says_what_its_form_is_for_rooms_does_not(desktop):
    play_online(desktop)
    rooms = arrival(desktop, "Rooms")
    assert rooms == "Rooms. Create room, button", rooms  # a menu: its buttons say it
    assert not any("by ear or by eye" in s for s in said(desktop))  # the start's tagline
    heard = arrival(desktop, "Play online")
    assert heard == (
        "Play online. Friends anywhere join your room on a server by its code. Paste the "
        "invitation a friend sent, or type the server's address. Server address or "
        "invitation, edit; Type to fill it."), heard  # then the field focused


def test_sign_in_says_its_server_then_the_field_and_the_lobby_is_not_said_again(desktop,
                                                                               served):
    server = f"127.0.0.1:{served.port}"
    app = lobby_by_keys(desktop, served)
    lobby = app.screen
    heard = arrival(desktop, "Lobby")
    assert heard.startswith(f"Lobby. Public tables on {server}. Enter joins a table, "
                            "W watches it. Game"), heard
    wait_for(app, [], lambda: lobby.feed.tables is not None)
    lobby.focus.id = "sign_in"
    keys(app, "return")
    assert isinstance(app.screen, SignInPage)
    heard = said(desktop)[-1]
    assert heard == (f"Sign in. An account keeps your name on {server} for you alone and "
                     "gives you a rating at its public tables. The game keeps a session, "
                     "never your password. Your name, edit, Mara, selected; Type to fill "
                     "it."), heard  # then the field focused
    keys(app, "escape")  # back where it was: the Lobby's description was heard as it opened
    assert app.screen is lobby
    assert said(desktop)[-1] == "Lobby. Sign in or create account, button", said(desktop)[-1]


def test_tournaments_say_their_server_and_the_key_for_the_standings(desktop, served):
    server = f"127.0.0.1:{served.port}"
    app = lobby_by_keys(desktop, served)
    app.screen.focus.id = "tournaments"
    keys(app, "return")
    assert isinstance(app.screen, TournamentsPage)
    heard = said(desktop)[-1]
    assert heard.startswith(f"Tournaments. On {server}. Enter registers or takes it back, S "
                            "says the standings. "), heard
    assert heard.endswith("says the standings. " + app.screen.focused().spoken()), heard
    keys(app, "escape")
    assert isinstance(app.screen, LobbyPage)
    assert "Public tables on" not in said(desktop)[-1], said(desktop)[-1]
