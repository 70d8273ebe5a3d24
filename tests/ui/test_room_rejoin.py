"""Coming back to a LAN room during a hand, through the real Desktop (the
recording speaker) and by keys (issue 31, item 2): after Leave and a join by
the code, or from a new window after the game was closed (the token on
disk), the player hears "Back at the table.", where the hand stands (its
number, their cards, the board, the pot, this betting round) and whose turn
it is ("Your turn: …" when it is theirs); the others hear "Ada is back.",
and, while the hand waits for someone who is not connected, that it does."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from holdem_desktop import __version__
from holdem_desktop.app import Desktop
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.events import ActionTaken, StreetDealt
from holdem_desktop.i18n.names import amount, cards_names
from holdem_desktop.net.protocol import Hello, NextHand
from holdem_desktop.net.room import Room
from holdem_desktop.speech import RecordingSpeaker
from holdem_desktop.ui.app import App
from holdem_desktop.ui.table import TableScreen
from tests.driving import typed
from tests.net.test_host import Player
from tests.ui.test_rooms import at, heard, host, keys  # noqa: F401  (host: a fixture)


def said(desktop: Desktop) -> list[str]:
    return [text for text, _ in desktop.speech.speaker.calls]


def wait(desktops: list[Desktop], done: Callable[[], object], players: tuple[Player, ...] = (),
         seconds: float = 10.0) -> bool:
    """Let the rooms' messages in (each window polls, each scripted friend
    reads) until ``done``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        for d in desktops:
            d.poll()
        for p in players:
            p.pump()
        time.sleep(0.01)
    return bool(done())


def window(desktop: Desktop) -> App:
    """``desktop``'s window on its start screen, run as the game runs it."""
    return App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush,
               poll=desktop.poll, moves=desktop.take_moves)


def join_by_keys(app: App, code: str | None = None, address: str | None = None,
                 name: str | None = None) -> None:
    """From the start screen: Rooms, Join room, each field (its remembered
    text selected: what is typed replaces it) typed or left as it is, Join."""
    keys(app, "tab", "tab", "return")  # Rooms
    keys(app, "tab", "return")  # Join room
    assert app.screen.title == "Join room" and app.screen.focused().id == "code"
    for text in (code, address, name):
        if text is not None:
            typed(app, text)
        keys(app, "tab")
    assert app.screen.focused().id == "join"
    keys(app, "return")
    assert isinstance(app.screen, TableScreen), app.screen.status


def check_or_call(desktop: Desktop, seat: int) -> None:
    """``desktop``'s player checks, or calls (through the room, as a key does)."""
    view = desktop.remote.table.view
    desktop.remote.submit(seat, Action.check() if view.to_call == 0 else Action.call())


def dealt(host: Desktop, *others: Desktop) -> None:  # noqa: F811
    """A new game, everyone ready: the first hand is being played."""
    room = host.server.room
    host.remote.new_game()
    assert wait([host, *others], lambda: all(d.remote.running for d in (host, *others)))
    for d in (host, *others):
        d.remote.next_hand()
    assert wait([host, *others], lambda: room.session.hand is not None
                and not room.session.hand.over
                and all(d.remote.waiting_for is not None for d in (host, *others)))


def until_turn_of(host: Desktop, seat: int, players: dict[int, Desktop],  # noqa: F811
                  others: tuple[Player, ...] = ()) -> None:
    """The players of ``players`` (by seat) check or call until the hand
    waits for ``seat``."""
    room = host.server.room
    session = room.session
    desktops = list(players.values())
    for _ in range(20):
        if session.waiting_for == seat:
            return
        to_act, decision = session.waiting_for, room.decision
        assert to_act in players, (to_act, seat)
        d = players[to_act]
        assert wait(desktops, lambda d=d, k=to_act: d.remote.waiting_for == k
                    and d.remote.my_turn, others)
        check_or_call(d, to_act)
        assert wait(desktops, lambda now=decision: room.decision != now, others)
    assert session.waiting_for == seat


def where_it_stands(desktop: Desktop, seat: int) -> str:
    """What "Back at the table." says of the hand as ``desktop``'s table has it."""
    t = desktop.remote.table
    view = t.view
    board = (f"Board: {cards_names(view.board)}." if view.board
             else "No cards on the board yet.")
    return (f"Back at the table. Hand {t.hands_played + 1}. Your cards: "
            f"{cards_names(view.hole)}. {board} Pot: {amount(view.pot)}. ")


@contextmanager
def ada_at_maras_table(host: Desktop, tmp_path: Path) -> Iterator[tuple[Room, Desktop, App]]:  # noqa: F811
    """Mara's room of two; Ada joins it by keys from a window of her own and
    the first hand is dealt (her room closed after)."""
    page = host.create_room("tournament", 2, "easy", "Mara")
    ada = Desktop(rng=random.Random(8), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    app = window(ada)
    try:
        join_by_keys(app, code=page.room.code, address=at(host), name="Ada")
        dealt(host, ada)
        yield host.server.room, ada, app
    finally:
        ada.close_room()


def test_leave_then_join_again_by_code_tells_the_hand_and_whose_turn(host, tmp_path):  # noqa: F811
    with ada_at_maras_table(host, tmp_path) as (room, ada, app):
        until_turn_of(host, 0, {0: host, 1: ada})  # Mara's turn: nobody plays for Ada
        table = app.screen
        table.focus.id = "room:leave"
        keys(app, "return", "tab", "return")  # Leave room, then Leave the room in its dialog
        assert app.screen.title == "Hold'em Desktop" and ada.remote is None
        assert wait([host], lambda: "Ada left; the computer plays in their place."
                    in heard(host))
        start, host_start = len(said(ada)), len(said(host))
        join_by_keys(app)  # the form remembers the code, the address and the name
        assert app.screen.seat == 1 and room.session.waiting_for == 0
        back = said(ada)[start:]
        # One announcement: the hand as it stands, then whose turn it is; not
        # the table's title, nor who is in the room, nor "you are back" too.
        told = [s for s in back if s.startswith("Back at the table.")]
        assert len(told) == 1, back
        assert told[0].startswith(where_it_stands(ada, 1)), told
        assert told[0].endswith(f"You have {amount(ada.remote.chips(1))} chips. Mara to act."), \
            told
        assert not any(s.startswith(("Table.", "In the room:")) for s in back), back
        assert wait([host, ada], lambda: "Ada is back." in said(host)[host_start:])
        assert "You are back: you play your seat again." not in said(ada)[start:]
        assert not any("waits for" in s for s in said(host)[host_start:])  # Ada is here
        # Mara plays on: Ada's turn is said, and her own key plays it.
        mark = len(said(ada))
        until_turn_of(host, 1, {0: host, 1: ada})
        assert wait([ada], lambda: any(re.search(r"(^| )Your turn: ", s)
                                       for s in said(ada)[mark:])), said(ada)[mark:]
        acted = len(room.session.hand.actions)
        keys(app, "c")
        assert wait([host, ada], lambda: len(room.session.hand.actions) > acted)
        assert room.session.hand.actions[acted][0] == 1  # hers, not the computer's


def test_a_new_window_after_the_game_was_closed_hears_its_turn(host, tmp_path):  # noqa: F811
    page = host.create_room("tournament", 2, "easy", "Mara")
    room = host.server.room
    first = Desktop(rng=random.Random(8), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    join_by_keys(window(first), code=page.room.code, address=at(host), name="Ada")
    dealt(host, first)
    until_turn_of(host, 0, {0: host, 1: first})
    first.close()  # the game is closed mid-hand (no Leave): the process is gone
    assert wait([host], lambda: room.members[1].conn is None
                and "Ada lost the connection." in heard(host))
    mark = len(said(host))
    until_turn_of(host, 1, {0: host})  # Mara plays on until the hand waits for Ada
    waits = "The game waits for Ada, who is not connected."
    assert wait([host], lambda: any(waits in s for s in said(host)[mark:])), said(host)[mark:]
    told = " ".join(said(host)[mark:])
    assert told.index("Ada to act.") < told.index(waits)  # her turn, then that it waits
    assert told.count(waits) == 1
    # A new window, the same player's data folder: the token on disk gives her seat.
    again = Desktop(rng=random.Random(9), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    app = window(again)
    try:
        host_start = len(said(host))
        join_by_keys(app)  # the form remembers the code, the address and the name
        assert app.screen.seat == 1 and room.session.waiting_for == 1
        back = [s for s in said(again) if s.startswith("Back at the table.")]
        assert len(back) == 1, said(again)
        view = again.remote.table.view
        turn = (f"Your turn: {amount(view.to_call)} to call." if view.to_call
                else "Your turn: you can check.")
        assert back[0].startswith(where_it_stands(again, 1)), back
        assert back[0].endswith(f"You have {amount(again.remote.chips(1))} chips. {turn}"), back
        if any(a[0] == 0 for a in room.session.hand.actions):  # what Mara did this round
            assert " This betting round: Mara " in back[0], back
        assert again.speech.last_announcement() == back[0]  # what Repeat says
        assert wait([host, again], lambda: "Ada is back." in said(host)[host_start:])
        acted = len(room.session.hand.actions)
        keys(app, "c")  # her decision is hers: her own key plays it
        assert wait([host, again], lambda: len(room.session.hand.actions) > acted)
        assert room.session.hand.actions[acted][0] == 1
    finally:
        again.close_room()


class Silent(Player):
    """A friend who presses Next hand and then never acts (nor answers)."""

    def _play(self, t) -> None:
        if t.started and not t.game_over and self.seat in t.waiting_for \
                and self.pressed_for != t.hands_played:
            self.pressed_for = t.hands_played
            self.client.send(NextHand())


def test_a_player_back_hears_that_the_game_waits_for_someone_gone(host, tmp_path):  # noqa: F811
    page = host.create_room("tournament", 3, "easy", "Mara")
    code = page.room.code
    room = host.server.room
    ada = Desktop(rng=random.Random(8), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    join_by_keys(window(ada), code=code, address=at(host), name="Ada")
    bo = Silent("Bo", host.server, 3, first=Hello("Bo", code, __version__))
    assert wait([host, ada], lambda: bo.seat == 2, (bo,))
    host.remote.new_game()
    assert wait([host, ada], lambda: host.remote.running and ada.remote.running, (bo,))
    host.remote.next_hand()
    ada.remote.next_hand()
    assert wait([host, ada], lambda: room.session.hand is not None
                and not room.session.hand.over, (bo,))
    until_turn_of(host, 2, {0: host, 1: ada}, (bo,))
    marks = len(said(host)), len(said(ada))
    bo.client.close()  # Bo's game closes on his turn
    waits = "The game waits for Bo, who is not connected."
    assert wait([host, ada], lambda: any(waits in s for s in said(host)[marks[0]:])
                and any(waits in s for s in said(ada)[marks[1]:]))
    assert not any("Bo lost the connection." in s for s in said(host)[marks[0]:])
    ada.close()  # and then Ada's, who comes back in a new window
    assert wait([host], lambda: room.members[1].conn is None)
    again = Desktop(rng=random.Random(9), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    app = window(again)
    try:
        join_by_keys(app)
        assert wait([again], lambda: any(s.startswith("Back at the table.")
                                         for s in said(again)))
        back = next(s for s in said(again) if s.startswith("Back at the table."))
        assert back.startswith(where_it_stands(again, 1)), back
        assert back.endswith(f"Bo to act. {waits}"), back
    finally:
        again.close_room()



def first_to_act_after_the_flop(host: Desktop, ada: Desktop) -> None:  # noqa: F811
    """Play on (both check or call, Next hand between hands) until the hand
    waits for Ada with a flop, turn or river dealt and nobody has moved in
    this betting round yet."""
    room = host.server.room
    players = {0: host, 1: ada}
    for _ in range(60):
        session = room.session
        if session.hand is None or session.hand.over:
            for d in players.values():
                d.remote.next_hand()
            assert wait([host, ada], lambda s=session: s.hand is not None and not s.hand.over)
            continue
        seat = session.waiting_for
        assert wait([host, ada], lambda s=seat: players[s].remote.waiting_for == s
                    and players[s].remote.my_turn)
        history = ada.remote.table.view.history
        dealt_at = max((k for k, e in enumerate(history) if isinstance(e, StreetDealt)),
                       default=None)
        if seat == 1 and dealt_at is not None and not any(
                isinstance(e, ActionTaken) for e in history[dealt_at + 1:]):
            return
        decision = room.decision
        check_or_call(players[seat], seat)
        assert wait([host, ada], lambda now=decision: room.decision != now)
    raise AssertionError("no street where Ada acts first in 60 decisions")


def test_a_move_the_computer_made_for_you_is_said_as_its_own_when_you_are_back(
        host, tmp_path):  # noqa: F811
    """Issue 31 item 5 on the return path: while Ada was gone the computer
    played her seat; back at the table, this betting round tells its move as
    the computer's ("The computer checks for you."), never as hers."""
    with ada_at_maras_table(host, tmp_path) as (room, ada, app):
        first_to_act_after_the_flop(host, ada)
        acted = len(room.session.hand.actions)
        app.screen.focus.id = "room:leave"
        keys(app, "return", "tab", "return")  # Leave room, then Leave the room in its dialog
        assert ada.remote is None
        # the computer moves for her at once (first to act: it checks or bets), Mara to act
        assert wait([host], lambda: len(room.session.hand.actions) > acted
                    and room.session.waiting_for == 0)
        seat, move = room.session.hand.actions[acted]
        assert seat == 1 and room.stand_ins == [acted]
        start = len(said(ada))
        join_by_keys(app)
        back = [s for s in said(ada)[start:] if s.startswith("Back at the table.")]
        assert len(back) == 1, said(ada)[start:]
        words = ({ActionKind.CHECK: "The computer checks for you."}.get(move.kind)
                 or f"The computer bets {amount(move.amount)} for you.")
        assert f" This betting round: {words} " in back[0], back
        assert not re.search(r"\bYou (check|bet)\b", back[0]), back
        assert back[0].endswith("Mara to act."), back
        # her own move, once she is back, is hers again
        until_turn_of(host, 1, {0: host, 1: ada})
        assert wait([host, ada], lambda: ada.remote.my_turn)  # her window knows it too
        mark = len(said(ada))
        keys(app, "c")
        assert wait([host, ada], lambda: any(s.startswith(("You check.", "You call "))
                                             for s in said(ada)[mark:])), said(ada)[mark:]
        assert room.stand_ins == [acted]  # hers is not the computer's
