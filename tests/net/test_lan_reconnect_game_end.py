"""The game's last hand ends while Mara is away from her LAN room: her link
is down (her desktop comes back by itself), or she closed the game and
joins again with her seat's token.  Back at the table she hears, sees and
finds in the Move log the game's end as a player who stayed did -- the
hand's end, then who it put out, then the game's result -- once: a second
return, or a player who stayed connected, hears it no more.  (She heard
"Back at the table." and nothing of the end, and the table showed no
result.)"""

from __future__ import annotations

import random
import tempfile
from dataclasses import replace
from pathlib import Path

import pygame

from holdem_desktop import __version__
from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.variant import EndCondition, shipped_variant
from holdem_desktop.net.protocol import Act, Hello, NewGame, NextHand, Table
from holdem_desktop.session import GameOver
from holdem_desktop.ui.app import App
from holdem_desktop.ui.table import TableScreen
from tests.driving import keys
from tests.server.conftest import desktop, said, settle  # noqa: F401  (desktop: a fixture)
from tests.server.test_reconnect import back_at_table

from .conftest import ROOM_CODE, lan_client
from .test_lan_reconnect import proxies
from .test_lan_reconnect_ended import Folder, back, cut_while_ada_ends_the_hand, this_hand
from .test_lan_reconnect_log import until

ONE_HAND = replace(shipped_variant("tournament"), end=EndCondition(hands=1))
"""The game ends after its first hand (chips rank the players)."""

SHOTS = Path(tempfile.gettempdir()) / "holdem-shots"
"""Where the table's pictures are left to look at."""

WON = "You win the game! Places: 1, you; 2, Ada."
"""What Mara hears of the game's end (Ada folds to her: she has more chips)."""


def one_hand(served):
    return lambda **options: served(**options, variant=ONE_HAND)


def ends(lines: list[str]) -> list[str]:
    return [s for s in lines if "Places:" in s]


def ended_as_if_stayed(desktop, table: TableScreen, app: App, room,  # noqa: F811
                       name: str) -> None:
    """The game's end as the player who stayed has it: the hand that ended,
    then the result, in the Move log; the result by the board, in Game
    state (key i), and on the table's buttons (New game is Ada's)."""
    lines = this_hand(table.log)
    assert lines[-1] == WON, lines
    assert lines[-2].startswith("You win the pot of "), lines  # (Ada folded)
    assert ends(table.log) == [WON]
    assert table.result == room.session.result == GameOver("hands", table.result.places)
    buttons = {c.id: c for c in table.controls() if c.id.startswith("button:")}
    assert buttons["button:fold"].reason == "You can't fold: the hand is over."
    game = buttons["button:next_hand"]  # (the hand over: not "press Next hand")
    assert (game.label, game.enabled, game.reason) == (
        "New game", False, "The player who created the room starts the next game.")
    start = len(said(desktop))
    keys(app, "i")
    state = " ".join(said(desktop)[start:])
    assert state == f"{WON} The player who created the room starts the next game.", state
    felt = table._picture()  # (a key caught it up) the last hand: her cards, who won what
    assert felt is not None and felt.over and len(felt.hole) == 2, felt
    app.frame()
    shot = SHOTS / f"{name}.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(shot))  # (to look at)


def test_the_game_that_ended_while_the_link_was_down_ends_for_mara_once(
        desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        c = cut_while_ada_ends_the_hand(desktop, one_hand(served), make, deal=False)
        app, table, room = c.app, c.table, c.room
        assert until(app, lambda: room.session.result is not None, (c.ada,))
        c.proxy.restore()
        back(app, desktop, c.start)
        settle(app, [c.ada], 0.3)
        # said after "Back at the table.", once
        assert said(desktop)[c.start:] == ["Connection lost, reconnecting…",
                                           f"Back at the table. {WON}"]
        ended_as_if_stayed(desktop, table, app, room, "game-end-back")
        assert desktop.remote.game_over and not desktop.remote.running
        # a second drop and return, after the end: "Back at the table." alone
        start = len(said(desktop))
        c.proxy.cut()
        assert until(app, lambda: "Connection lost, reconnecting…" in said(desktop)[start:])
        c.proxy.restore()
        back(app, desktop, start)
        settle(app, [c.ada], 0.3)
        assert said(desktop)[start:] == ["Connection lost, reconnecting…", "Back at the table."]
        assert ends(table.log) == [WON]
    finally:
        for p in made:
            p.close()


def seated(desktop, server, ada: Folder, address: str):  # noqa: F811
    """Mara joins the room at ``address`` (through a proxy the test may cut,
    or straight), both sit, and Ada starts the game: (the table, its window,
    Mara's remote table)."""
    table = desktop.join_room(ROOM_CODE, address, "Mara")
    assert isinstance(table, TableScreen), table
    app = App(table, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    remote = desktop.remote
    assert until(app, lambda: ada.seat is not None and remote.seat is not None, (ada,))
    ada.deal = True
    ada.client.send(NewGame())
    assert until(app, lambda: remote.running, (ada,))
    return table, app, remote


def lan(port: int, server) -> str:
    return f"holdem-lan://127.0.0.1:{port}/{ROOM_CODE}?pin={server.fingerprint}"


def test_a_player_who_stayed_hears_the_end_once(desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        server = served(size=2, variant=ONE_HAND)
        room = server.room
        ada = Folder("Ada", server.port, 1, client=lan_client(server),
                     first=Hello("Ada", ROOM_CODE, __version__))
        proxy = make(server.port)
        table, app, remote = seated(desktop, server, ada, lan(proxy.port, server))
        start = len(said(desktop))
        remote.next_hand()
        ada.fold = True
        assert until(app, lambda: ends(said(desktop)[start:]), (ada,))
        settle(app, [ada], 0.3)
        heard = said(desktop)[start:]
        assert len(ends(heard)) == 1 and ends(heard)[0].endswith(WON), heard
        ended_as_if_stayed(desktop, table, app, room, "game-end-stayed")
        # the link drops after the end: back, nothing of it again
        start = len(said(desktop))
        proxy.cut()
        assert until(app, lambda: "Connection lost, reconnecting…" in said(desktop)[start:])
        proxy.restore()
        back(app, desktop, start)
        settle(app, [ada], 0.3)
        assert said(desktop)[start:] == ["Connection lost, reconnecting…", "Back at the table."]
        assert ends(table.log) == [WON]
    finally:
        for p in made:
            p.close()


def test_mara_joins_again_with_her_token_after_the_game_ended_without_her(
        desktop, served, monkeypatch):  # noqa: F811
    from holdem_desktop.app import Desktop
    from holdem_desktop.speech import RecordingSpeaker

    server = served(size=2, variant=ONE_HAND)
    room = server.room
    ada = Folder("Ada", server.port, 1, client=lan_client(server),
                 first=Hello("Ada", ROOM_CODE, __version__))
    address = lan(server.port, server)
    table, app, remote = seated(desktop, server, ada, address)
    remote.next_hand()
    session = room.session
    assert until(app, lambda: session.hand is not None and not session.hand.over
                 and remote.table.view is not None and not remote.table.view.over, (ada,))
    ada.deal = False
    mara = remote.seat
    if session.waiting_for == mara:  # Mara raises: Ada faces a bet (she folds to it)
        assert until(app, lambda: remote.my_turn)
        decision = room.decision
        remote.submit(mara, Action.raise_to(60))
        assert until(app, lambda now=decision: room.decision != now
                     and remote.decision == room.decision)
    assert session.waiting_for == ada.seat
    desktop.close_room()  # Mara closes the game during its last hand
    assert until(app, lambda: all(m.conn is None for m in room.members if m.seat == mara))
    ada.fold = True
    ada.pump()
    ada._play(ada.table)  # (her turn came with the last table she has)
    assert until(app, lambda: session.result is not None, (ada,))
    # a new window, on the same folders: the seat's token kept
    again = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    again.settings = again.settings.updated(player_name="Mara", players=2, strength="easy")
    try:
        table = again.join_room(ROOM_CODE, address, "Mara")
        assert isinstance(table, TableScreen), table
        assert again.remote.seat == mara
        app = App(table, keymap=again.keymap, after_input=again.flush, poll=again.poll)
        again.flush()  # (as after the key that joined)
        settle(app, [ada], 0.3)
        assert said(again) == [f"Back at the table. {WON}"], said(again)
        ended_as_if_stayed(again, table, app, room, "game-end-token")
    finally:
        again.close_room()


class Caller(Folder):
    """Ada: calls on her turn, only when told to."""

    call = False

    def _play(self, t: Table) -> None:
        view = t.view
        if view is not None and not view.over and view.to_act == self.seat and self.call:
            moment = (t.hands_played, len(view.history))
            if moment != self.acted_at:
                self.acted_at = moment
                self.client.send(Act(Action.call().kind, 0, t.hand, t.decision))
        elif self.deal and t.started and not t.game_over and self.seat in t.waiting_for \
                and self.pressed_for != t.hands_played:
            self.pressed_for = t.hands_played
            self.client.send(NextHand())


def test_who_the_last_hand_put_out_then_the_result(desktop, served):  # noqa: F811
    """Mara goes all-in, her link falls, Ada calls: the board runs out and one
    of them has every chip.  Back, Mara hears who is out, then the result."""
    made, make = proxies()
    try:
        server = served(size=2, seed=12)  # (the game ends when one holds every chip:
        # this deck gives the pot to one of them)
        room = server.room
        ada = Caller("Ada", server.port, 1, client=lan_client(server),
                     first=Hello("Ada", ROOM_CODE, __version__))
        proxy = make(server.port)
        ada.call = True  # she limps, or calls the big blind
        table, app, remote = seated(desktop, server, ada, lan(proxy.port, server))
        remote.next_hand()
        assert until(app, lambda: remote.my_turn, (ada,))
        ada.deal = ada.call = False
        session, mara = room.session, remote.seat
        decision = room.decision
        remote.submit(mara, Action.all_in())
        assert until(app, lambda: room.decision != decision and session.waiting_for == ada.seat,
                     (ada,))
        start = len(said(desktop))
        proxy.cut()
        assert until(app, lambda: "Connection lost, reconnecting…" in said(desktop)[start:])
        assert until(app, lambda: all(m.conn is None for m in room.members if m.seat == mara))
        ada.call = True
        ada.pump()
        ada._play(ada.table)
        assert until(app, lambda: session.result is not None, (ada,))
        result = session.result
        assert result.places[mara] == (mara, 2)  # (this deck: Mara loses, and is out)
        proxy.restore()

        def framed() -> bool:  # (the window's loop turns all the time: a player
            app.run(max_events=1)  # out hears the table's words as the voice takes them)
            return bool(back_at_table(said(desktop)[start:])) and desktop.outputs.said(remote)
        assert until(app, framed, (ada,), 30), said(desktop)[start:]
        settle(app, [ada], 0.3)
        out = "You are out in place 2."
        over = "Game over: Ada wins. You finished second of 2. Places: 1, Ada; 2, you."
        heard = said(desktop)[start:]  # (her all-in's own words may come after the mark)
        lost = heard.index("Connection lost, reconnecting…")
        assert heard[lost:] == ["Connection lost, reconnecting…",
                                f"Back at the table. {out} {over}"], heard
        assert not ends(heard[:lost]), heard
        lines = this_hand(table.log)  # the hand's end, who is out, the result
        assert lines[-3:] == ["Ada wins the pot of 3,000 with pair of sixes.", out, over], lines
        assert table.result == result
    finally:
        for p in made:
            p.close()
