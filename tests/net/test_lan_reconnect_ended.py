"""A LAN room's link falls on the other player's turn and the hand ends
while it is down (Ada folds): back at the table, the Move log holds that
hand to its end as if Mara had been there all along (who won what), and the
hand is stored for Z and the Hand review, once -- whether the room is still
at that hand's end, or Ada has dealt the next one meanwhile (the room then
sends the hand that ended with the first table back).  A room that no
longer has it (a server started again) says plainly that it ended while
Mara was away, and what she won."""

from __future__ import annotations

import re
from types import SimpleNamespace

from holdem_desktop import __version__
from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.events import HandEnded, HandStarted
from holdem_desktop.i18n.names import amount
from holdem_desktop.net.protocol import Act, Hello, NewGame, NextHand, Table
from holdem_desktop.net.remote import RemoteTable
from holdem_desktop.ui.app import App
from holdem_desktop.ui.move_log import MoveLog
from holdem_desktop.ui.table import TableScreen
from tests.server.conftest import desktop, said, settle  # noqa: F401  (desktop: a fixture)
from tests.server.test_reconnect import back_at_table

from .conftest import ROOM_CODE, lan_client
from .test_host import Player
from .test_lan_reconnect import proxies
from .test_lan_reconnect_log import this_hand, until


class Folder(Player):
    """Ada: folds on her turn, and presses Next hand, only when told to."""

    fold = deal = False

    def _play(self, t: Table) -> None:
        view = t.view
        if view is not None and not view.over and view.to_act == self.seat:
            moment = (t.hands_played, len(view.history))
            if self.fold and moment != self.acted_at:
                self.acted_at = moment
                self.client.send(Act(Action.fold().kind, 0, t.hand, t.decision))
        elif self.deal and t.started and not t.game_over and self.seat in t.waiting_for \
                and self.pressed_for != t.hands_played:
            self.pressed_for = t.hands_played
            self.client.send(NextHand())


def stored(desktop) -> list[int]:  # noqa: F811
    store = desktop.hands.store
    return [n for (n,) in store.query("SELECT number FROM hands ORDER BY id")] if store else []


def cut_while_ada_ends_the_hand(desktop, served, make, deal: bool):  # noqa: F811
    """Mara raises, the link falls, Ada folds (and, if ``deal``, presses Next
    hand: the next one is dealt without Mara, who is not connected)."""
    server = served(size=2)
    room = server.room
    ada = Folder("Ada", server.port, 1, client=lan_client(server),
                 first=Hello("Ada", ROOM_CODE, __version__))
    proxy = make(server.port)
    table = desktop.join_room(ROOM_CODE, f"holdem-lan://127.0.0.1:{proxy.port}/"
                              f"{ROOM_CODE}?pin={server.fingerprint}", "Mara")
    assert isinstance(table, TableScreen), table
    app = App(table, keymap=desktop.keymap, after_input=desktop.flush, poll=desktop.poll)
    remote: RemoteTable = desktop.remote
    assert until(app, lambda: ada.seat is not None and remote.seat is not None, (ada,))
    ada.deal = True  # both ready for the first hand
    ada.client.send(NewGame())
    assert until(app, lambda: remote.running, (ada,))
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
    number = session.hands_played + 1
    before = this_hand(table.log)
    start = len(said(desktop))
    proxy.cut()
    assert until(app, lambda: "Connection lost, reconnecting…" in said(desktop)[start:])
    assert until(app, lambda: all(m.conn is None for m in room.members if m.seat == mara))
    ada.fold, ada.deal = True, deal
    ada.pump()
    ada._play(ada.table)  # (her turn came with the last table she has)
    assert until(app, lambda: session.hands_played == number, (ada,))  # she folds
    if deal:
        assert until(app, lambda: session.hand is not None and not session.hand.over
                     and session.hands_played == number, (ada,))  # the next hand, without Mara
    return SimpleNamespace(room=room, ada=ada, proxy=proxy, app=app, table=table,
                           number=number, before=before, start=start)


def back(app, desktop, start) -> None:  # noqa: F811
    assert until(app, lambda: back_at_table(said(desktop)[start:]), (), 30)


def ended_hand(lines: list[str], number: int) -> list[str]:
    """The lines of hand ``number``, up to the next hand's start."""
    first = lines.index(next(s for s in lines if s.startswith(f"Hand {number}. ")))
    after = [k for k in range(first + 1, len(lines)) if re.match(r"Hand \d+\. ", lines[k])]
    return lines[first:after[0] if after else len(lines)]


def whole_log(remote: RemoteTable, mara: int, hands: list[list[object]]) -> list[str]:
    log = MoveLog(lambda k: remote.seats[k].name, mara)
    for hand in hands:
        for event in hand:
            log.add(event)
    return log.lines


def test_a_hand_that_ended_while_the_link_was_down_is_completed_and_stored(
        desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        c = cut_while_ada_ends_the_hand(desktop, served, make, deal=False)
        app, table, number, before = c.app, c.table, c.number, c.before
        c.proxy.restore()
        back(app, desktop, c.start)
        remote = desktop.remote
        assert remote.table.view.over and remote.hands_played == number
        lines = this_hand(table.log)
        assert lines[:len(before)] == before and len(lines) > len(before)
        assert lines == whole_log(remote, remote.seat, [remote.hand_so_far()])
        assert lines[-1].startswith("You win "), lines  # (Ada folded: Mara takes the pot)
        assert until(app, lambda: number in stored(desktop))
        assert stored(desktop).count(number) == 1
    finally:
        for p in made:
            p.close()


def test_the_room_sends_the_hand_that_ended_when_another_was_dealt_since(
        desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        c = cut_while_ada_ends_the_hand(desktop, served, make, deal=True)
        app, table, number, before = c.app, c.table, c.number, c.before
        remote = desktop.remote
        tables: list[Table] = []  # the table the player came back to
        remote.back_listeners.insert(0, lambda: tables.append(remote.table))
        c.proxy.restore()
        back(app, desktop, c.start)
        old = ended_hand(table.log, number)
        assert old[:len(before)] == before and old[-1].startswith("You win "), old
        assert not any("ended while you were away" in s for s in table.log)
        assert until(app, lambda: number in stored(desktop))
        assert stored(desktop).count(number) == 1
        # the room sent that hand with the first table back: the log wrote it from there
        assert len(tables) == 1
        remote.table, now = tables[0], remote.table
        try:
            ended, this = remote.hands_so_far()  # the hand that ended, then this one
        finally:
            remote.table = now
        assert any(isinstance(e, HandEnded) for e in ended)
        assert not any(isinstance(e, HandEnded) for e in this)
        assert old == whole_log(remote, remote.seat, [ended])
        whole = whole_log(remote, remote.seat, [this])
        assert ended_hand(table.log, number + 1)[:len(whole)] == whole
    finally:
        for p in made:
            p.close()


def test_a_room_that_no_longer_has_the_hand_says_it_ended_while_away(
        desktop, served):  # noqa: F811
    made, make = proxies()
    try:
        c = cut_while_ada_ends_the_hand(desktop, served, make, deal=True)
        app, table, number, before = c.app, c.table, c.number, c.before
        room = c.room
        room.last_hand = None  # as after the server started again: only this hand is known
        started = next(e for e in room.session.hand.events if isinstance(e, HandStarted))
        chips = dict(zip(started.seats, started.stacks, strict=True))  # after hand ``number``
        c.proxy.restore()
        back(app, desktop, c.start)
        remote = desktop.remote
        old = ended_hand(table.log, number)
        assert old[:len(before)] == before
        won = chips[remote.seat] - 1500  # the first hand: everyone began with 1,500
        assert won > 0  # (Ada folded)
        assert old[len(before):] == [
            f"Hand {number} ended while you were away: you won {amount(won)}."], old
        new = this_hand(table.log)
        assert new[0].startswith(f"Hand {number + 1}. ")
        settle(app, [], 0.2)
        assert number not in stored(desktop)  # its record never came: nothing half stored
        assert remote.table.ended is None
    finally:
        for p in made:
            p.close()
