"""Back at a room's table, the Move log rebuilt for the hand says what was
said live, in the same words and places: a move the computer made for the
player while they were away is the computer's ("The computer checks for
you."), never theirs ("You check."), as speech said it; and "Blinds go up
to …", said just before the hand when the level rose, stays before it."""

from __future__ import annotations

import re

from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.i18n.names import amount
from holdem_desktop.ui.table import TableScreen
from tests.ui.test_room_rejoin import (
    ada_at_maras_table,
    first_to_act_after_the_flop,
    join_by_keys,
    keys,
    said,
    until_turn_of,
    wait,
)
from tests.ui.test_room_rejoin_log import this_hand
from tests.ui.test_rooms import host  # noqa: F401  (a fixture)

MINE = re.compile(r"^You (check|call|bet|raise|fold|go all-in)\b")


def computers(move: Action) -> str:
    """The words of the computer's move for the player (it checks or bets first)."""
    return ({ActionKind.CHECK: "The computer checks for you."}.get(move.kind)
            or f"The computer bets {amount(move.amount)} for you.")


def leave_and_join_again(app) -> TableScreen:
    """Leave room (confirmed), then the same seat again by its token."""
    app.screen.focus.id = "room:leave"
    keys(app, "return", "tab", "return")
    join_by_keys(app)
    assert isinstance(app.screen, TableScreen)
    return app.screen


def test_a_move_the_computer_made_for_you_is_its_own_in_the_rebuilt_log(
        host, tmp_path):  # noqa: F811
    with ada_at_maras_table(host, tmp_path) as (room, ada, app):
        first_to_act_after_the_flop(host, ada)
        acted = len(room.session.hand.actions)
        before = this_hand(app.screen.log, ada.remote.hands_played + 1)
        app.screen.focus.id = "room:leave"
        keys(app, "return", "tab", "return")
        assert ada.remote is None
        assert wait([host], lambda: len(room.session.hand.actions) > acted
                    and room.session.waiting_for == 0)  # the computer moved for her
        seat, move = room.session.hand.actions[acted]
        assert seat == 1 and room.stand_ins == [acted]
        join_by_keys(app)
        log = this_hand(app.screen.log, ada.remote.hands_played + 1)
        assert log[:len(before)] == before, (before, log)
        missed = log[len(before):]
        assert missed and missed[0] == computers(move), log  # as "Back at the table" said it
        assert not any(MINE.match(line) for line in missed), log
        assert app.screen.move_log.lines[-len(log):] == log


def test_a_move_the_computer_makes_while_you_are_away_is_logged_as_said(
        host, tmp_path):  # noqa: F811
    """Away with the window open: speech says the computer's move for you as
    its own, and so does the Move log, live and once back after a drop."""
    with ada_at_maras_table(host, tmp_path) as (room, ada, app):
        first_to_act_after_the_flop(host, ada)
        acted = len(room.session.hand.actions)
        mark = len(said(ada))
        ada.remote.away()  # the computer plays her seat at once (her turn)
        assert wait([host, ada], lambda: len(room.session.hand.actions) > acted
                    and "The computer " in " ".join(said(ada)[mark:]))
        seat, move = room.session.hand.actions[acted]
        assert seat == 1 and room.stand_ins == [acted]
        assert computers(move) in " ".join(said(ada)[mark:])  # said as the computer's
        table = app.screen
        assert wait([host, ada], lambda: computers(move) in table.log), table.log
        number = ada.remote.hands_played + 1
        live = this_hand(table.log, number)
        assert live[-1] == computers(move), live[-4:]  # (not "You check.")
        # the same window takes the hand up again (as after a dropped link, once its
        # table is back): unchanged.  The events that wrote the line can be read before
        # the table that follows them (Python 3.13, a busy machine): wait for that table.
        remote = ada.remote
        assert wait([host, ada], lambda: remote.decision == room.decision
                    and list(remote.table.stand_ins) == room.stand_ins), remote.table
        table.take_up_hand()
        assert this_hand(table.log, number) == live


def fold_hands_until(host, ada, room, hands: int) -> None:  # noqa: F811
    """Each hand's first player folds, both press Next hand, until ``hands``
    hands are played and the next is dealt (the blinds go up with it)."""
    players = {0: host, 1: ada}
    for _ in range(4 * hands):
        session = room.session
        if session.hands_played >= hands and session.hand is not None \
                and not session.hand.over:
            return
        if session.hand is None or session.hand.over:
            for d in players.values():
                d.remote.next_hand()
            assert wait([host, ada], lambda s=session, n=session.hands_played:
                        s.hands_played == n and s.hand is not None and not s.hand.over
                        and all(d.remote.waiting_for is not None for d in players.values()))
            continue
        seat, decision = session.waiting_for, room.decision
        d = players[seat]
        assert wait([host, ada], lambda d=d, k=seat: d.remote.waiting_for == k
                    and d.remote.my_turn)
        d.remote.submit(seat, Action.fold())
        assert wait([host, ada], lambda now=decision: room.decision != now)
    raise AssertionError(f"{hands} hands not played")


def test_blinds_go_up_stays_before_the_hand_in_the_rebuilt_log(host, tmp_path):  # noqa: F811
    with ada_at_maras_table(host, tmp_path) as (room, ada, app):
        fold_hands_until(host, ada, room, 10)  # hand 11: the second level, 20 and 40
        up = "Blinds go up to 20 and 40."
        assert wait([host, ada], lambda: up in app.screen.log), app.screen.log[-6:]
        live = app.screen.log
        start = max(k for k, line in enumerate(live) if line.startswith("Hand 11. "))
        assert live[start - 1] == up, live[start - 3:]
        until_turn_of(host, 0, {0: host, 1: ada})  # Mara to act: nobody moves for Ada
        assert wait([host, ada], lambda: ada.remote.waiting_for == 0)  # (her window too)
        before = app.screen.log[start - 1:]
        again = leave_and_join_again(app)
        assert again.log == before, (before, again.log)
        assert again.move_log.lines == before
