"""Accounts and ratings through the real Desktop (dummy video driver, the
recording speaker) over a real server on loopback, by keys from the Lobby:
Create account (the password echoed as stars, never said, never kept),
Play now under the account's name, My rating and the Leaderboard read as
lists, a wrong password said, Sign out revoking the session."""

from __future__ import annotations

import json
import os
import threading

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net.account_messages import Register, SignedIn, UseSession  # noqa: E402
from holdem_desktop.net.protocol import Error  # noqa: E402
from holdem_desktop.server.accounts import Seat  # noqa: E402
from holdem_desktop.ui.account_pages import (  # noqa: E402
    LeaderboardPage,
    MyRatingPage,
    SignInPage,
)
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, typed  # noqa: E402

from .conftest import said  # noqa: E402
from .test_accounts import account  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402

PASSWORD = "blue whale 42"


def on_server_loop(served, fn) -> object:
    """Run ``fn`` on the server's loop (its store is the loop's) and return its result."""
    done, out = threading.Event(), []
    served.server.call(lambda: (out.append(fn()), done.set()))
    assert done.wait(10)
    return out[0]


def sign_in_by_keys(app, name: str, password: str, button: str) -> None:
    app.screen.focus.id = "sign_in"
    keys(app, "return")
    assert isinstance(app.screen, SignInPage)
    app.screen.focus.id = "name"
    keys(app, "backspace")  # the name offered is selected: one key empties it
    typed(app, name)
    keys(app, "tab")
    assert app.screen.focused().id == "password"
    typed(app, password)
    assert app.screen.form.values["password"] == password
    app.screen.focus.id = button
    keys(app, "return")


def test_an_account_by_keys_from_the_lobby_plays_under_its_name_and_is_rated(desktop, served):
    server = f"127.0.0.1:{served.port}"
    app = lobby_by_keys(desktop, served)
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    lobby = app.screen
    assert [c.label for c in lobby.controls() if c.zone == "account"] == [
        "Sign in or create account", "Leaderboard", "My rating"]
    before = len(said(desktop))
    sign_in_by_keys(app, "Mara Lee", PASSWORD, "create")
    heard = said(desktop)[before:]
    assert heard.count("star") == len(PASSWORD)  # each character typed, as a star
    assert heard[-1] == f"Signed in as Mara Lee on {server}.", heard[-3:]
    assert not any(PASSWORD in line or "whale" in line for line in said(desktop))
    assert app.screen is lobby and "sign_out" in [c.id for c in lobby.controls()]
    # the session is kept for the server, never the password
    kept = (desktop.rooms.data / "accounts.json").read_text()
    assert PASSWORD not in kept and json.loads(kept)[server]["name"] == "Mara Lee"
    token = json.loads(kept)[server]["token"]
    # My rating before any game; then a ranked game is rated on the server
    app.screen.focus.id = "my_rating"
    keys(app, "return")
    assert isinstance(app.screen, MyRatingPage)
    assert said(desktop)[-2:] == ["Asking the server…", (
        "My rating. Mara Lee: no ranked game yet. A game at a public table, played to its "
        "end, is ranked., heading")], said(desktop)[-2:]
    keys(app, "escape")
    on_server_loop(served, lambda: served.server.accounts.rate(
        "test/1", [Seat("Mara Lee", 1), Seat(None, 2)]))
    app.screen.focus.id = "my_rating"
    keys(app, "return")
    mine = on_server_loop(served, lambda: served.server.accounts.rating("Mara Lee"))
    rating = f"{mine.rating // 10}.{mine.rating % 10}"
    assert said(desktop)[-1] == (f"My rating. Mara Lee: rating {rating}, 1 ranked game, "
                                 "number 1 on the leaderboard., heading"), said(desktop)[-1]
    keys(app, "tab")
    assert said(desktop)[-1] == "Latest ranked games, newest first: place, rating's change"
    keys(app, "tab")
    assert said(desktop)[-1] == f"Place 1 of 2, rating +{rating}, 1 of 1", said(desktop)[-1]
    keys(app, "escape")
    app.screen.focus.id = "leaderboard"
    keys(app, "return")
    assert isinstance(app.screen, LeaderboardPage)
    assert said(desktop)[-1] == f"Leaderboard. 1 player rated on {server}., heading"
    keys(app, "tab")
    assert said(desktop)[-1] == "Place, name, rating, ranked games"
    keys(app, "tab")
    assert said(desktop)[-1] == f"1. Mara Lee: rating {rating}, 1 game, 1 of 1"
    keys(app, "escape")
    # Play now sits under the account's name, on a connection signed in
    app.screen.focus.id = "play_now"
    keys(app, "return")
    assert isinstance(app.screen, TableScreen)
    remote = desktop.remote
    assert remote is not None and remote.client.account == "Mara Lee"
    wait_for(app, [], lambda: remote.table is not None and remote.table.started)
    assert remote.table.names[remote.seat] == "Mara Lee"
    desktop.close_room()
    assert account(served, UseSession(token)) == SignedIn("Mara Lee", token)


def test_a_wrong_password_is_said_and_sign_out_revokes_the_session(desktop, served):
    assert isinstance(account(served, Register("Ada", PASSWORD)), SignedIn)
    app = lobby_by_keys(desktop, served)
    lobby = app.screen
    assert isinstance(lobby, LobbyPage)
    sign_in_by_keys(app, "Ada", "not her password", "sign_in")
    # (the server never says whether the name has an account: a newcomer
    # who pressed Enter, Sign in, hears what to do instead)
    assert said(desktop)[-1] == ("Wrong name or password. No account on this server yet? "
                                 "Choose Create account."), said(desktop)[-1]
    page = app.screen
    assert isinstance(page, SignInPage) and page.form.values["password"] == ""
    page.focus.id = "password"
    keys(app, "up")
    assert said(desktop)[-1] == "Password: empty"
    typed(app, PASSWORD)
    keys(app, "backspace")
    assert said(desktop)[-1] == "star erased"
    typed(app, PASSWORD[-1])
    keys(app, "up")  # reads the field: its length, never the text
    assert said(desktop)[-1] == f"Password: {len(PASSWORD)} characters"
    page.focus.id = "sign_in"
    keys(app, "return")
    assert app.screen is lobby and said(desktop)[-1] == (
        f"Signed in as Ada on 127.0.0.1:{served.port}.")
    token = desktop.rooms.sessions.get(f"127.0.0.1:{served.port}").token
    app.screen.focus.id = "sign_out"
    keys(app, "return")
    assert said(desktop)[-1] == "Signed out. You play as a guest on this server now."
    assert account(served, UseSession(token)) == Error("bad_session", {})
    assert "sign_in" in [c.id for c in lobby.controls()]
    app.screen.focus.id = "my_rating"
    keys(app, "return")
    assert said(desktop)[-1] == "Sign in first: only an account has a rating."


def test_the_password_field_says_and_shows_its_rule_before_anything_is_typed(desktop, served):
    """The lengths a password may have are said as the field is reached,
    and drawn with its label, before a wrong one is refused."""
    app = lobby_by_keys(desktop, served)
    app.screen.focus.id = "sign_in"
    keys(app, "return")
    assert isinstance(app.screen, SignInPage)
    app.screen.focus.id = "name"
    keys(app, "tab")
    assert said(desktop)[-1] == "Password, 8 to 100 characters, password field, empty"
    typed(app, "abc")
    app.screen.focus.id = "name"
    keys(app, "tab")
    assert said(desktop)[-1] == ("Password, 8 to 100 characters, password field, 3 characters, "
                                 "selected"), said(desktop)[-1]
    shown = {c.id: c.label for c in app.screen.controls()}
    assert shown["password"] == "Password, 8 to 100 characters"


def test_the_pages_ask_for_the_lengths_the_server_takes():
    from holdem_desktop.net import account_messages, names
    from holdem_desktop.ui import account_pages

    assert account_pages.PASSWORD_LENGTH == account_messages.PASSWORD_LENGTH
    assert account_pages.NAME_LENGTH == names.NAME_LENGTH


def test_a_name_or_password_the_server_refuses_says_why_and_how_to_fix_it(desktop, served):
    """Create account with a name of mixed alphabets (a Cyrillic "а" in
    "Mаra") is refused by the server: said in words that say what to change,
    never its code word ("bad_name"); a password of spaces alone is long
    enough, so the lengths are not the reason said."""
    app = lobby_by_keys(desktop, served)
    sign_in_by_keys(app, "M\u0430ra", PASSWORD, "create")
    assert said(desktop)[-2:] == ["Creating your account…", "That name mixes letters of "
                                  "different alphabets: choose another."], said(desktop)[-3:]
    page = app.screen
    assert isinstance(page, SignInPage)
    page.focus.id = "name"
    keys(app, "backspace")
    typed(app, "Mara")
    page.focus.id = "password"
    typed(app, " " * 10)
    page.focus.id = "create"
    keys(app, "return")
    assert said(desktop)[-1] == ("A password cannot be spaces alone: type letters, digits "
                                 "or signs too."), said(desktop)[-3:]
    assert desktop.account_name(f"127.0.0.1:{served.port}") == ""
