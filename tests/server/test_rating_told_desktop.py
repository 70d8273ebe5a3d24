"""A rated public game's end through the real Desktop (dummy video driver,
the recording speaker) over a real server on loopback: signed in by keys
from the Lobby, Play now, every chip in until the game is over; the new
rating and its change are said after the game's end and its places, and
the Lobby's first line says it on the way back."""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.i18n.accounts import rating  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_accounts_desktop import PASSWORD, on_server_loop, sign_in_by_keys  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, my_turn, wait_for  # noqa: E402

TOLD = re.compile(r"Your rating: -?\d+\.\d, (up|down) \d+\.\d\.|Your rating: -?\d+\.\d, "
                  r"unchanged\.")


def test_the_new_rating_is_said_after_the_game_s_end_and_kept_for_the_lobby(desktop, served):
    app = lobby_by_keys(desktop, served)
    app.moves = desktop.take_moves  # (as the program's window: app/play.py)
    sign_in_by_keys(app, "Mara Lee", PASSWORD, "create")
    lobby = app.screen
    assert isinstance(lobby, LobbyPage)
    assert lobby.notice() == "Signed in as Mara Lee."  # (no rating heard yet)
    lobby.form.values["game"] = "heads_up"  # ten hands at most, against a computer
    lobby.focus.id = "play_now"
    keys(app, "return")
    assert isinstance(app.screen, TableScreen)
    remote = desktop.remote
    assert remote is not None and remote.client.account == "Mara Lee"
    acted: list[object] = []

    def told() -> bool:
        t = remote.table
        if t is not None and remote.seat is not None and remote.seat in t.waiting_for \
                and not t.game_over and ("n", t.hand) not in acted:
            acted.append(("n", t.hand))
            keys(app, "n")
        if my_turn(remote) and (remote.table.hand, remote.table.decision) not in acted:
            acted.append((remote.table.hand, remote.table.decision))
            app.screen.guard_until = 0.0
            keys(app, "a")
            if my_turn(remote):
                keys(app, "c")
        return any(TOLD.fullmatch(s) for s in said(desktop))

    wait_for(app, [], told, 120.0, seen=lambda: said(desktop)[-6:])
    heard = said(desktop)
    k = next(k for k, s in enumerate(heard) if TOLD.fullmatch(s))
    # said once, on its own, after the game's end and its places
    assert sum(bool(TOLD.search(s)) for s in heard) == 1, heard[k - 3:]
    end = [j for j, s in enumerate(heard[:k]) if "You win the game!" in s
           or "You finished" in s or "No person is left playing" in s]
    assert end, heard[-6:]
    mine = on_server_loop(served, lambda: served.server.accounts.rating("Mara Lee"))
    change = mine.results[0].change
    words = ("up " if change > 0 else "down " if change < 0 else "") + rating(abs(change))
    assert heard[k] == (f"Your rating: {rating(mine.rating)}, {words}." if change
                        else f"Your rating: {rating(mine.rating)}, unchanged."), heard[k]
    # back to the Lobby: its first line says the account and its rating
    keys(app, "escape")
    before = len(said(desktop))
    keys(app, "tab", "return")  # Leave the room: back to the Lobby it was chosen in
    wait_for(app, [], lambda: isinstance(app.screen, LobbyPage),
             seen=lambda: (app.screen, said(desktop)[before:]))
    assert (f"Lobby. Signed in as Mara Lee, rating {rating(mine.rating)}. Play now, button"
            in said(desktop)[before:]), said(desktop)[before:]
