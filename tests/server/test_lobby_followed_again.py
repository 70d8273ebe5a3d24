"""A registration the Lobby follows again after a reconnection, refused by
the server because it is gone: the player hears why (after what is being
said), sees it on the status line, and the ✓ leaves the tournament's line.
Before, the ✓ was dropped without a word.  The real Desktop (dummy video
driver, the recording speaker, key events) over a real server on loopback
whose state changes while the Lobby's link is down."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import tournament_watch  # noqa: E402
from holdem_desktop.net.protocol import Error  # noqa: E402
from holdem_desktop.net.tournament_messages import TournamentEntry, Tournaments  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_lobby_reconnecting import LOST, held_back, registered  # noqa: E402
from .test_missed_results_desktop import _Link, drop  # noqa: E402
from .test_server import next_message, online  # noqa: E402
from .test_tournament_page import entered  # noqa: E402

GONE = "Your registration for Pair is gone: it started without you."


def taken_back(served, key: str, name: str, token: str) -> None:
    """``name``'s registration taken back from another connection showing its
    token (the same player, on another window or computer)."""
    client = online(served)
    client.connect()
    try:
        client.send(TournamentEntry(key, name, False, token))
        assert isinstance(next_message(client, (Tournaments,)), Tournaments)
    finally:
        client.close()


def test_a_registration_gone_while_reconnecting_is_said_by_name(
        desktop, make_server, tmp_path, monkeypatch):
    """Mara registered for the Pair from her Lobby; its link drops.  Meanwhile
    her registration is taken back elsewhere, and Bo and Cy fill the Pair: it
    starts without her.  Back on the Lobby page, once connected again, she
    hears why her registration is gone, naming the Pair, after the words
    of the reconnection (queued, never cutting them off)."""
    app, page, served, key = registered(desktop, make_server, tmp_path, monkeypatch)
    assert f"tournament:{key}" in [c.id for c in page.controls()]
    assert page.watch.mine == {key: "Mara"}
    gate = held_back(page)
    before = len(said(desktop))
    drop(page)
    wait_for(app, [], lambda: LOST in said(desktop)[before:],
             seen=lambda: said(desktop)[before:])
    ((_where, _key, _name), token), = tournament_watch.TOKENS.items()
    taken_back(served, key, "Mara", token)
    entered(served, key, "Bo")
    entered(served, key, "Cy")  # full: the Pair starts without Mara
    page.focus.id = "close"
    keys(app, "return")  # back on the Lobby page
    lobby = app.screen
    assert isinstance(lobby, LobbyPage)
    heard = len(said(desktop))
    gate.set()
    wait_for(app, [], lambda: GONE in said(desktop)[heard:], 30.0,
             seen=lambda: said(desktop)[heard:])
    calls = desktop.speech.speaker.calls[heard:]
    assert [t for t, _i in calls].count(GONE) == 1
    assert dict(calls)[GONE] is False  # queued after what is being said
    back = f"Connected to 127.0.0.1:{served.port} again."
    texts = [t for t, _i in calls]
    assert back in texts and texts.index(back) < texts.index(GONE)
    assert lobby.status == GONE  # on the status line
    assert key not in page.watch.mine  # the ✓ gone from its line, as told
    assert page.watch.followed == set()


def test_each_refusal_of_a_registration_followed_again_says_why():
    """The other refusals of a registration followed again: the tournament no
    longer offered, the name registered again from elsewhere, a server that
    cannot reach it; a tournament followed after being knocked out that
    ended meanwhile.  Each told once, naming it; ``registered`` (still
    there) and ``too_fast`` say nothing."""
    from holdem_desktop.app.lobby import LobbyWatch
    from holdem_desktop.net.client import Closed
    from holdem_desktop.net.tournament_messages import TournamentInfo

    link, later = _Link(), _Link()
    watch = LobbyWatch("127.0.0.1:1", link, lambda: None, reopen=lambda: later,
                       backoff=(30.0,))
    t = watch.tournaments
    infos = tuple(TournamentInfo(k, n, "tournament", 1500, "turbo", 5, 3, 1, 2, None, s)
                  for k, n, s in (("t1", "Pair", "registering"), ("t2", "Nine", "registering"),
                                  ("t3", "Ten", "registering"), ("t4", "Duo", "running"),
                                  ("t5", "Solo", "registering")))
    t.listed = Tournaments(infos)
    t.mine.update({"t1": "Mara", "t2": "Mara", "t3": "Mara", "t4": "Mara", "t5": "Mara"})
    link.inbox.put(Closed("lost"))
    watch.poll()
    watch._back(later)
    watch.told.clear()
    t._bucket.tokens = 10.0  # (each followed again at once)
    for reason in ("no_tournament", "not_yours", "away", "closed", "registered"):
        later.inbox.put(Error("tournament", {"reason": reason}))
    for _ in range(5):
        t.pump()
        watch.poll()
    assert watch.told == [
        "Your registration for Pair is gone: the tournament is no longer offered on this "
        "server.",
        "Your registration for Nine is gone: that name was registered again from another "
        "computer.",
        "Ten cannot be reached just now: the server running it does not answer. Try again "
        "in a moment.",
        "Duo has ended.",
    ]
    assert t.mine == {"t5": "Mara"}
