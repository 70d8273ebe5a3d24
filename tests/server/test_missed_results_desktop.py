"""What ended while the player was away, told at their next sign-in, on the
real Desktop (dummy video driver, the recording speaker) over a real server
on loopback, by keys: the server keeps two rated tournaments' ends for
Ada's account (her connection had closed before each ended).  She signs in
from the Lobby: after "Signed in as Ada", each end is said once, queued
(never cutting off what is said), and shown in the Lobby as lines of its
own, reached by Tab; the Lobby opened again says nothing more (the server
told it once).  An end kept while she is signed in is told when she opens
the Lobby again, her session shown first; the page drawn shows it."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net.account_messages import Missed, Register, SignedIn  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_accounts import account  # noqa: E402
from .test_accounts_desktop import PASSWORD, on_server_loop, sign_in_by_keys  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402

FOURTH = ("While you were away, tournament Twelve ended. You finished fourth of 12. "
          "Your rating went from 3.6 to 5.9.")
SHARED = ("While you were away, tournament Sunday six ended. You share second place of 6. "
          "Your rating went from 5.9 to 4.1.")
LATER = ("While you were away, tournament Big one ended. You finished in place 14 of 40. "
         "Your rating went from 4.1 to 3.0.")


def keep(served, missed: Missed) -> None:
    on_server_loop(served, lambda: served.server.accounts.keep_missed("Ada", missed))


def test_what_ended_while_away_is_said_once_at_the_next_sign_in(desktop, served, tmp_path):
    assert isinstance(account(served, Register("Ada", PASSWORD)), SignedIn)
    keep(served, Missed("Twelve", 4, 12, False, 59, 23))
    keep(served, Missed("Sunday six", 2, 6, True, 41, -18))
    app = lobby_by_keys(desktop, served)
    lobby = app.screen
    assert isinstance(lobby, LobbyPage)
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    assert not [s for s in said(desktop) if "While you were away" in s]  # (a guest: not asked)
    sign_in_by_keys(app, "Ada", PASSWORD, "sign_in")
    assert app.screen is lobby
    signed = len(said(desktop))
    wait_for(app, [], lambda: SHARED in said(desktop), seen=lambda: said(desktop)[-4:])
    heard = said(desktop)
    assert heard[signed - 1] == f"Signed in as Ada on 127.0.0.1:{served.port}."
    assert heard[signed:].count(FOURTH) == 1 and heard[signed:].count(SHARED) == 1
    k = heard.index(FOURTH)
    assert heard[k + 1] == SHARED  # in order, the oldest first
    calls = desktop.speech.speaker.calls
    assert calls[k][1] is False and calls[k + 1][1] is False  # queued: nothing cut off
    lines = [c for c in lobby.controls() if c.id.startswith("missed:")]
    assert [c.label for c in lines] == [FOURTH, SHARED]
    lobby.focus.id = "tournaments"
    keys(app, "tab")  # the first line after Tournaments, read like any line
    assert said(desktop)[-1] == f"{FOURTH}, text", said(desktop)[-2:]
    # the Lobby opened again: nothing more (told once)
    lobby.focus.id = "close"
    keys(app, "return")
    before = len(said(desktop))
    keep(served, Missed("Big one", 14, 40, False, 30, -11))  # (kept meanwhile)
    app = lobby_by_keys(desktop, served)
    again = app.screen
    assert isinstance(again, LobbyPage) and again is not lobby
    wait_for(app, [], lambda: LATER in said(desktop), seen=lambda: said(desktop)[-4:])
    told = [s for s in said(desktop)[before:] if "While you were away" in s]
    assert told == [LATER], told
    assert [c.label for c in again.controls() if c.id.startswith("missed:")] == [LATER]
    again.focus.id = "missed:0"
    app.frame()
    shot = pygame.display.get_surface()
    assert shot is not None
    pygame.image.save(shot, str(tmp_path / "missed.png"))


def drop(lobby) -> None:
    """The Lobby's link breaks under it (as a network that went away does):
    its socket aborted, not closed by the game."""
    client = lobby.feed.client
    client._loop.call_soon_threadsafe(client._ws.transport.abort)


def test_a_lobby_left_open_across_a_reconnect_asks_again_told_once(desktop, served):
    """Ada's Lobby stays open, signed in, while its connection drops and
    comes back: the new connection is signed in again and asks what ended
    while she was away; each end is said once, however often it reconnects."""
    assert isinstance(account(served, Register("Ada", PASSWORD)), SignedIn)
    app = lobby_by_keys(desktop, served)
    lobby = app.screen
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    sign_in_by_keys(app, "Ada", PASSWORD, "sign_in")
    assert app.screen is lobby
    wait_for(app, [], lambda: f"Signed in as Ada on 127.0.0.1:{served.port}." in said(desktop))
    keep(served, Missed("Twelve", 4, 12, False, 59, 23))  # ended while she was away
    before = len(said(desktop))
    drop(lobby)
    wait_for(app, [], lambda: FOURTH in said(desktop), seen=lambda: said(desktop)[before:])
    heard = said(desktop)[before:]
    back = f"Connected to 127.0.0.1:{served.port} again."
    assert heard.index("Connection lost, reconnecting…") < heard.index(back) \
        < heard.index(FOURTH), heard
    assert "The server closed the lobby." not in heard
    assert [c.label for c in lobby.controls() if c.id.startswith("missed:")] == [FOURTH]
    # again, twice, with another end kept each time: each said once, none again
    for result, line in ((Missed("Big one", 14, 40, False, 30, -11), LATER),
                         (Missed("Sunday six", 2, 6, True, 41, -18), SHARED)):
        before = len(said(desktop))
        keep(served, result)
        drop(lobby)
        wait_for(app, [], lambda line=line, before=before: line in said(desktop)[before:],
                 seen=lambda before=before: said(desktop)[before:])
        assert back in said(desktop)[before:]
    assert [said(desktop).count(line) for line in (FOURTH, LATER, SHARED)] == [1, 1, 1]
    assert [c.label for c in lobby.controls() if c.id.startswith("missed:")] == [
        FOURTH, LATER, SHARED]
    assert "The server closed the lobby." not in said(desktop)


class _Link:
    """A lobby connection that only keeps what is sent and what arrives."""

    def __init__(self) -> None:
        import queue

        self.inbox: queue.Queue = queue.Queue()
        self.sent: list[object] = []
        self.on_message = lambda: None

    def send(self, message: object) -> None:
        self.sent.append(message)

    def close(self, timeout: float = 1) -> None:
        pass


def test_a_result_the_server_sends_again_is_not_told_again():
    """Whatever the server answers (another of its processes, an answer
    sent again after a reconnect), a result already told is not told or
    listed twice."""
    from holdem_desktop.app.lobby import LobbyWatch
    from holdem_desktop.net.account_messages import AskWhileAway, WhileAway

    link = _Link()
    watch = LobbyWatch("127.0.0.1:1", link, lambda: None, session=lambda: "a" * 64)
    assert any(isinstance(m, AskWhileAway) for m in link.sent)
    twelve = Missed("Twelve", 4, 12, False, 59, 23)
    link.inbox.put(WhileAway((twelve,)))
    watch.poll()
    link.inbox.put(WhileAway((twelve, Missed("Big one", 14, 40, False, 30, -11))))
    watch.poll()
    assert watch.missed == [FOURTH, LATER] and watch.told == [FOURTH, LATER]


def test_a_while_away_lost_on_its_way_is_told_after_the_reconnection(desktop, served,
                                                                     monkeypatch):
    """The server sends what ended while Ada was away and her link dies
    right then (the answer never arrives): the server kept it, so the
    Lobby, connected again and signed in afresh, hears it, once; the
    Desktop acknowledges it, and a Lobby opened again is not told it again."""
    from holdem_desktop.net.account_messages import WhileAway

    assert isinstance(account(served, Register("Ada", PASSWORD)), SignedIn)
    keep(served, Missed("Twelve", 4, 12, False, 59, 23))
    server = served.server
    queue, lost = server._queue, []

    def lose_it(conn, message) -> None:  # (on the server's loop)
        if isinstance(message, WhileAway) and message.results and not lost:
            lost.append(message)
            server._conns[conn].ws.transport.abort()  # the link dies as it is sent
            return
        queue(conn, message)

    monkeypatch.setattr(server, "_queue", lose_it)
    app = lobby_by_keys(desktop, served)
    lobby = app.screen
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    before = len(said(desktop))
    sign_in_by_keys(app, "Ada", PASSWORD, "sign_in")
    back = f"Connected to 127.0.0.1:{served.port} again."
    wait_for(app, [], lambda: FOURTH in said(desktop), seen=lambda: said(desktop)[before:])
    heard = said(desktop)[before:]
    assert lost and heard.index("Connection lost, reconnecting…") < heard.index(back) \
        < heard.index(FOURTH), heard
    assert heard.count(FOURTH) == 1
    assert [c.label for c in lobby.controls() if c.id.startswith("missed:")] == [FOURTH]
    # acknowledged: the server forgets it; the Lobby opened again says nothing of it
    wait_for(app, [], lambda: on_server_loop(served, lambda: server.accounts.db.execute(
        "SELECT COUNT(*) FROM missed").fetchone()[0]) == 0)
    lobby.focus.id = "close"
    keys(app, "return")
    keep(served, Missed("Big one", 14, 40, False, 30, -11))  # (a new one, for an event)
    again = len(said(desktop))
    app = lobby_by_keys(desktop, served)
    wait_for(app, [], lambda: LATER in said(desktop)[again:],
             seen=lambda: said(desktop)[again:])
    assert FOURTH not in said(desktop)[again:]
    assert [c.label for c in app.screen.controls() if c.id.startswith("missed:")] == [LATER]


def test_an_older_game_that_never_acknowledges_is_not_told_forever(served):
    """A game of before the acknowledgement asks at each sign-in and never
    says it told: the server tells each result TELLINGS times, then never."""
    from holdem_desktop.net.account_messages import TELLINGS, AskWhileAway, UseSession, WhileAway

    from .test_server import next_message, online

    signed = account(served, Register("Ada", PASSWORD))
    assert isinstance(signed, SignedIn)
    twelve = Missed("Twelve", 4, 12, False, 59, 23)
    keep(served, twelve)
    heard = []
    for _k in range(TELLINGS + 1):
        client = online(served)
        client.connect()
        try:
            client.send(UseSession(signed.token))
            assert isinstance(next_message(client, (SignedIn,)), SignedIn)
            client.send(AskWhileAway())
            heard.append(next_message(client, (WhileAway,)).results)
        finally:
            client.close()
    assert heard == [(twelve,)] * TELLINGS + [()]
