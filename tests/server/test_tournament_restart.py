"""A tournament's tables kept across a restart at the same decision (issue 35
item 2): a real ``serve`` process offering a sit-and-go of six at one table
(computers fill it) is killed with SIGKILL while Ann is to act; started again
on the same data folder, her client comes back with her token and is asked
the same decision with the same hole cards, stacks, button and blinds.  She
folds; killed again while the table waits between hands for her Next hand,
it comes back between hands at the same hand, and deals the next one when she
presses it.  The chips are the tournament's starting chips throughout.  A
table's save that cannot be read is set aside (``.bad``), said in the log,
and the tournament deals that table's hand again from its own save."""

from __future__ import annotations

import queue
import time
from pathlib import Path
from typing import Any

import pytest

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.net.client import Closed
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Act, Hello, NextHand, Table, Welcome
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentList, Tournaments
from holdem_desktop.net.tournament_tables import TournamentSeat
from holdem_desktop.server.lobby import Lobby
from holdem_desktop.server.store import RoomStore
from holdem_desktop.server.tournament_play import HANDS_PER_TICK
from holdem_desktop.server.tournament_room import TournamentRoom
from holdem_desktop.server.tournament_save import read_desk
from holdem_desktop.server.tournament_service import DeskFile
from holdem_desktop.session import HumanController

from .process import ServeProcess
from .test_server import next_message
from .test_tournament_play import TWELVE, complete

ONE_TABLE = '''
[[tournament]]
name = "Six at one table"
variant = "tournament"
players = 6
seats_per_table = 6
speed = "normal"
computers_after = 0
'''

STACK = 1500
"""The starting stack of the shipped ``tournament`` variant (checked below)."""


@pytest.fixture
def served(tmp_path):
    """Start ``serve`` on ``tmp_path/data`` offering :data:`ONE_TABLE` (all
    stopped after); the turn clock long enough for a busy machine."""
    started: list[ServeProcess] = []
    (tmp_path / "offers.toml").write_text(ONE_TABLE, encoding="utf-8")
    (tmp_path / "server.toml").write_text(
        f"clock_normal = [120, 60, 1, 120]\ndata = '{tmp_path / 'data'}'\n", encoding="utf-8")

    def start() -> ServeProcess:
        p = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--insecure", "--config",
                         str(tmp_path / "server.toml"), "--tournaments",
                         str(tmp_path / "offers.toml"))
        started.append(p)
        p.wait_ready()
        return p

    yield start
    for p in started:
        p.stop()


class Ann:
    """Ann's client: it registers, takes her seat when told, presses Next
    hand when asked (while :attr:`press`) and acts only when the test says."""

    def __init__(self, port: int) -> None:
        self.client = OnlineClient("127.0.0.1", port, tls=False)
        self.client.connect()
        self.welcome: Welcome | None = None
        self.table: Table | None = None
        self.seat: TournamentSeat | None = None
        self.press = True
        self.closed = False
        self._pressed = -1

    def pump(self, seconds: float = 0.05) -> None:
        end = time.monotonic() + seconds
        while True:
            try:
                m = self.client.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                return
            if isinstance(m, TournamentSeat):
                self.seat = m
                self.client.send(Hello("Ann", m.code, __version__, m.token))
            elif isinstance(m, Welcome):
                self.welcome = m
            elif isinstance(m, Table):
                self.table = m
                if (self.press and self.welcome is not None
                        and self.welcome.seat in m.waiting_for and self._pressed != m.hand):
                    self._pressed = m.hand  # (once a hand: everyone may fold to her)
                    self.client.send(NextHand())
            elif isinstance(m, Closed):
                self.closed = True

    def until(self, done, seconds: float, what: str) -> None:
        end = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < end, f"not {what} within {seconds} s: {self.table}"
            assert not self.closed, "closed"
            self.pump(0.02)

    def to_act(self) -> bool:
        t, w = self.table, self.welcome
        return (t is not None and w is not None and t.view is not None and not t.view.over
                and t.view.to_act == w.seat and bool(t.view.legal_actions))

    def between(self) -> bool:
        t, w = self.table, self.welcome
        return (t is not None and w is not None and t.view is not None and t.view.over
                and w.seat in t.waiting_for)


def registered(port: int) -> Ann:
    """Ann registered for the sit-and-go (computers fill it at once), at her
    table with a decision to make."""
    ann = Ann(port)
    ann.client.send(TournamentList())
    listed = next_message(ann.client, (Tournaments,))
    assert isinstance(listed, Tournaments)
    (entry,) = listed.tournaments
    ann.client.send(TournamentEntry(entry.id, "Ann"))
    ann.until(lambda: ann.to_act(), 60, "asked to act")
    return ann


def back(port: int, ann: Ann) -> Ann:
    """Ann's client again after a restart: hello with her token at her table's code."""
    assert ann.seat is not None
    again = Ann(port)
    again.press = False
    again.client.send(Hello("Ann", ann.seat.code, __version__, ann.seat.token))
    again.seat = ann.seat
    again.until(lambda: again.welcome is not None and again.table is not None, 30, "welcomed")
    return again


def played_to_its_places(again: Served, t: Any, total: int, now: list[float]) -> None:
    """Turn after turn, 30 s apart, to the tournament's end: its chips
    conserved at every turn, its places complete (Ana's among them)."""
    turns = 0
    while t.state == "running":
        now[0] += 30.0
        again.turn()
        turns += 1
        assert sum(t.chips[p] for p in t.where) == total
        assert turns < 3000, "the tournament does not progress"
    assert complete(t.places) and "Ana" in t.places


def on_table(t: Table) -> int:
    """The chips at ``t``: stacks and what is in the pot."""
    assert t.view is not None
    return sum(t.chips) + (t.view.pot if not t.view.over else 0)


def tournament_chips(data: Path) -> int:
    saved = read_desk(data / "tournaments.json")
    (t,) = [e["tournament"] for e in saved["entries"] if e["tournament"]["state"] == "running"]
    assert t["structure"]["starting_stack"] == STACK
    return sum(t["chips"][p] for p in t["where"])


def test_a_tournament_table_killed_comes_back_at_the_same_decision_then_between_hands(
        served, tmp_path):
    serve = served()
    ann = registered(serve.port)
    before = ann.table
    assert before is not None and before.view is not None and ann.welcome is not None
    serve.kill()

    serve = served()
    again = back(serve.port, ann)
    now = again.table
    assert now is not None and now.view is not None and again.welcome is not None
    assert again.welcome.seat == ann.welcome.seat and again.welcome.code == ann.welcome.code
    assert (now.hand, now.decision) == (before.hand, before.decision)
    assert now.view.hole == before.view.hole and len(now.view.hole) == 2
    assert now.view.to_act == again.welcome.seat and not now.view.over
    assert now.chips == before.chips and now.view.pot == before.view.pot
    assert now.view.button == before.view.button
    assert now.view.legal_actions == before.view.legal_actions
    assert on_table(now) == 6 * STACK

    # she checks or folds at each of her decisions until the hand ends (a
    # check as the big blind everyone called does not end it: seen once here),
    # and the table waits for her Next hand
    acted: set[int] = set()

    def over() -> bool:
        t = again.table
        if again.between() or t is None or t.view is None:
            return again.between()
        if again.to_act() and t.decision not in acted:
            acted.add(t.decision)
            legal = {a.kind for a in t.view.legal_actions}
            kind = ActionKind.CHECK if ActionKind.CHECK in legal else ActionKind.FOLD
            again.client.send(Act(kind, 0, t.hand, t.decision))
        return False
    again.until(over, 60, "between hands")
    assert now.decision in acted
    waiting = again.table
    assert waiting is not None
    assert sum(waiting.chips) == 6 * STACK
    serve.kill()

    serve = served()
    third = back(serve.port, again)
    assert third.table is not None and third.table.view is not None
    assert third.table.hand == waiting.hand and third.table.view.over
    assert third.welcome is not None and third.welcome.seat in third.table.waiting_for
    assert third.table.chips == waiting.chips
    third.client.send(NextHand())
    third.until(lambda: third.table is not None and third.table.hand == waiting.hand + 1,
                60, "the next hand dealt")
    serve.stop()
    assert tournament_chips(tmp_path / "data") == 6 * STACK
    for client in (ann, again, third):
        client.client.close()


def test_a_table_save_that_cannot_be_read_is_set_aside_and_its_hand_dealt_again(
        served, tmp_path):
    serve = served()
    ann = registered(serve.port)
    before = ann.table
    assert before is not None and ann.seat is not None
    serve.kill()
    rooms = tmp_path / "data" / "rooms"
    (rooms / f"{ann.seat.code}.json").write_text("{not json", encoding="utf-8")

    serve = served()
    assert (rooms / f"{ann.seat.code}.bad").exists()
    log = (tmp_path / "data" / "log" / "server.log").read_text(encoding="utf-8")
    assert f"restore_failed {ann.seat.code}" in log
    again = back(serve.port, ann)
    assert again.welcome is not None and ann.welcome is not None
    assert again.welcome.seat == ann.welcome.seat  # (a new room: the same seat)
    assert again.table is not None and again.table.view is None  # nothing dealt yet here
    # the tournament's save had this hand in progress: dealt again from its
    # layout (the stacks it was dealt with) once she is ready
    again.client.send(NextHand())
    again.until(lambda: again.table is not None and again.table.view is not None, 60,
                "the hand dealt again")
    now = again.table
    assert now is not None and now.view is not None and before.view is not None
    assert now.view.button == before.view.button and now.blinds == before.blinds
    assert on_table(now) == 6 * STACK
    serve.stop()
    assert tournament_chips(tmp_path / "data") == 6 * STACK
    ann.client.close()
    again.client.close()


class Served:
    """The server's saving as the service does it, in-process, on a clock
    the test moves: the tournament first (``save_moved``), then each room
    that moved (server/store.py), unless told to stop after the first."""

    def __init__(self, folder: Path, now: list[float]) -> None:
        self.lobby = Lobby(__version__, clock=lambda: now[0])
        self.desk = DeskFile(folder / "offers.toml", folder / "data", self.lobby)
        self.store = RoomStore(folder / "data" / "rooms")
        self.problems: list[str] = []
        self.hands = HANDS_PER_TICK
        """The most hands a turn deals at the computers' tables."""
        for room, problem in self.store.load_all(self.lobby.clock, __version__):
            if isinstance(room, TournamentRoom):
                assert self.desk.adopt(room)
            elif problem:
                self.problems.append(problem)
        self.desk.open_tables()

    def turn(self, rooms: bool = True) -> None:
        self.lobby.tick()
        self.desk.tick(self.hands)
        self.desk.save_moved()
        if rooms:
            for code in sorted(self.lobby.closed):
                self.store.delete(code)
            for code in sorted(self.lobby.changed):
                room = self.lobby.rooms.get(code)
                text = self.store.line(room, False) if room is not None else None
                if text is not None:
                    self.store.write(code, text)
            self.lobby.changed.clear()
            self.lobby.closed.clear()


def here(rooms) -> None:
    """Ana plays her own seat (as if connected): her turns wait for her clock."""
    for room in rooms:
        for m in room.members:
            if m.name == "Ana" and m.seat is not None:
                m.replaced = False
                room.tsession.seats[m.seat].controller = HumanController()


@pytest.mark.parametrize(("rooms_saved", "wait", "expected"), [
    (True, 30.0, "mid-hand"), (False, 200.0, "new")])
def test_a_kill_between_the_two_saves_loses_and_doubles_no_chip(tmp_path, rooms_saved, wait,
                                                                expected):
    """Killed after both saves, or after the tournament's alone (its tables'
    saves one turn behind: Ana's clock ran out, her hand was reported): started
    again, her table comes back mid-hand, or new (its hand dealt again from
    the tournament's save); the chips are the starting chips
    at every turn and the places are complete."""
    (tmp_path / "offers.toml").write_text(TWELVE, encoding="utf-8")
    now = [1000.0]
    first = Served(tmp_path, now)
    (key,) = first.desk.desk.entries
    first.desk.desk.register(key, "Ana")
    t = first.desk.desk.tournament(key)
    first.turn()
    assert t.state == "running"
    here(first.desk.plays[key].rooms.values())  # (her turns wait for her, or her clock)
    for _turn in range(40):
        now[0] += 30.0
        first.turn()
        if any(room.tsession.hand is not None and not room.tsession.hand.over
               for room in first.desk.plays[key].rooms.values()):
            break  # (a hand in progress at her table)
    assert t.state == "running"
    before = {n: (table.hands, table.playing) for n, table in t.tables.items()}
    for _turn in range(20):  # (killed after a turn that moved a table's hand on)
        now[0] += wait
        first.turn(rooms=rooms_saved)  # (rooms not saved: nothing more written)
        if rooms_saved or any((table.hands, table.playing) != before.get(n)
                              for n, table in t.tables.items()):
            break
    total = 12 * t.structure.starting_stack

    again = Served(tmp_path, now)
    t = again.desk.desk.tournament(key)
    assert again.problems == []
    rooms = again.desk.plays[key].rooms
    assert set(rooms) == set(t.tables)
    for number, room in rooms.items():
        s, table = room.tsession, t.tables[number]
        if table.playing is not None and s.hand is not None and not s.hand.over:
            assert s.deal_now == table.playing  # the hand in progress, as it was
            assert sum(s.hand.stacks) + s.hand.pot_total == sum(
                c for _, _, c in table.playing.seats)
    kinds = {number: "mid-hand" if room.tsession.hand is not None
             and not room.tsession.hand.over else "between" if room.hand_serial else "new"
             for number, room in rooms.items()}
    assert expected in kinds.values(), kinds
    played_to_its_places(again, t, total, now)
