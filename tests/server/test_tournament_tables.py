"""A running tournament's tables are rooms of the server's kind (issue 35 item
2), over the in-process server with real connections: two people register
for a sit-and-go of six at two tables of three (computers fill it), are
told their table and its code, say hello there and play real actions on
the turn clock; a watcher lists the tables and follows one; Bo drops and
comes back to his seat with his token; a table breaks when three are left
and its person is moved with their connection to the other table's room,
where they play on; the tournament reaches its places and both hear the
ranking.  Attacks: a watcher acting, a stranger with a seated person's name,
a wrong token, the tables of a tournament that does not exist, a malformed
request — each refused to its sender alone."""

from __future__ import annotations

import queue
import random
import time
from typing import Any

from holdem_desktop import __version__
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.net.client import Closed
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import (
    Act,
    Back,
    Error,
    Events,
    Hello,
    NextHand,
    Refused,
    Table,
    Welcome,
)
from holdem_desktop.net.tournament_messages import (
    TournamentEntry,
    TournamentList,
    TournamentNews,
    Tournaments,
)
from holdem_desktop.net.tournament_tables import TournamentRooms, TournamentSeat, TournamentTables
from holdem_desktop.server.tournaments import Offer, TournamentDesk, computer_name

from .test_server import next_message, online

SIX = '''
[[tournament]]
name = "Six at two tables"
variant = "tournament"
players = 6
seats_per_table = 3
speed = "turbo"
'''


class Person:
    """A registered person's client: hello at the table they are told, Next
    hand when awaited, and an action on each of their turns (``style``:
    ``tight`` puts every chip in with queens or better or ace-king, else
    checks or folds; ``all_in`` puts every chip in), and Back when the
    table shows their seat sat out."""

    def __init__(self, client: OnlineClient, name: str) -> None:
        self.client, self.name = client, name
        self.style = "tight"
        self.seat_told: list[TournamentSeat] = []
        self.welcome: Welcome | None = None
        self.table: Table | None = None
        self.news: list[TournamentNews] = []
        self.errors: list[Error] = []
        self.acted: list[tuple[str, int, int]] = []
        """(The table's code, the hand, the decision) of each action made:
        each table numbers its own hands, and a person moved away and back
        meets numbers they acted on at the other table."""
        self.actions_at: dict[str, int] = {}
        """Actions made at each table's code (the one it was welcomed at: a
        table from the old room may still come after the seat at the new
        one was told)."""
        self.code = ""
        self.closed = False
        self.events = 0
        self.refusals: list[Refused] = []
        self._pressed: tuple[str, int] = ("", -1)
        self._back: tuple[str, int] = ("", -1)

    def pump(self, seconds: float = 0.05) -> None:
        end = time.monotonic() + seconds
        while True:
            try:
                message = self.client.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                return
            self.handle(message)

    def handle(self, m: Any) -> None:
        if isinstance(m, TournamentSeat):
            self.seat_told.append(m)
            self.code = m.code
            self.client.send(Hello(self.name, m.code, __version__, m.token))
        elif isinstance(m, Welcome):
            self.welcome = m
        elif isinstance(m, Table):
            self.table = m
            self._play(m)
        elif isinstance(m, TournamentNews):
            self.news.append(m)
        elif isinstance(m, Error):
            self.errors.append(m)
        elif isinstance(m, Events):
            self.events += 1
        elif isinstance(m, Refused):
            self.refusals.append(m)
        elif isinstance(m, Closed):
            self.closed = True

    def _play(self, t: Table) -> None:
        seat = self.welcome.seat if self.welcome is not None else None
        if seat is None or self.welcome is None:
            return
        here = self.welcome.code
        if t.kinds[seat] == "computer" and self._back != (here, t.hand):
            # sat out (the clock ran out on a busy machine, again and again):
            # a person at the table takes the seat back, as the game offers
            self._back = (here, t.hand)
            self.client.send(Back())
        if seat in t.waiting_for and self._pressed != (here, t.hand):
            self._pressed = (here, t.hand)
            self.client.send(NextHand())
        view = t.view
        if (view is None or view.over or view.to_act != seat
                or (here, t.hand, t.decision) in self.acted):
            return
        legal = {a.kind: a for a in view.legal_actions}
        ranks = [card // 4 for card in view.hole]  # (0: a two, 12: an ace)
        strong = self.style == "all_in" or (len(set(ranks)) == 1 and ranks[0] >= 10) or min(
            ranks) >= 11
        if strong and (ActionKind.ALL_IN in legal or ActionKind.RAISE in legal
                                       or ActionKind.BET in legal):
            kind = next(k for k in (ActionKind.ALL_IN, ActionKind.RAISE, ActionKind.BET)
                        if k in legal)
            act = Act(kind, legal[kind].max_amount, t.hand, t.decision)
        elif strong and ActionKind.CALL in legal:
            act = Act(ActionKind.CALL, 0, t.hand, t.decision)
        else:
            kind = ActionKind.CHECK if ActionKind.CHECK in legal else ActionKind.FOLD
            act = Act(kind, 0, t.hand, t.decision)
        self.acted.append((here, t.hand, t.decision))
        self.actions_at[here] = self.actions_at.get(here, 0) + 1  # (where it was welcomed)
        self.client.send(act)

    @property
    def over(self) -> bool:
        return any(n.what == "over" for n in self.news)


def until(people: list[Person], done, seconds: float, what: str, seen=lambda: "") -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"not {what} within {seconds} s: {seen()}"
        for p in people:
            p.pump(0.02)


def same_table(names: list[str]) -> int:
    """A draw that seats the first two at the same table, where the big blind
    reaches them first: the computers' table, playing at once, is down to
    one player before theirs has dealt many hands, and then it is given the
    next big blind of theirs."""
    for seed in range(1000):
        desk = TournamentDesk([Offer("x", "tournament", 6, 3)], shipped_variants(),
                              clock=time.time)
        (key,) = desk.entries
        t = desk.tournament(key)
        t.rng = random.Random(seed)
        for name in names:
            t.register(name)
        (table,) = [t.tables[n] for n in t.tables if names[0] in t.tables[n].seats]
        if table.big_blind_order()[:2] in (names[:2], names[1::-1]):
            return seed
    raise AssertionError("no such draw")  # pragma: no cover


def test_people_play_their_tables_as_rooms_to_the_places(make_server, tmp_path):
    """(Ann and Bo sit together, the computers' table plays fast: when it is
    down to one, the people's table gives it its next big blind between
    hands, Ann or Bo when it comes then; the cards and the clock decide.
    Up to five sit-and-gos are played for a move.)"""
    offers = tmp_path / "six.toml"
    offers.write_text(SIX, encoding="utf-8")
    served = make_server(tournaments=offers, clock_normal=(10.0, 10.0, 1.0, 20.0))
    checked = moved = False
    for _attempt in range(5):
        checked, was_moved = sit_and_go(served, check=not checked)
        moved = moved or was_moved
        if moved and checked:
            return
    raise AssertionError(f"in five sit-and-gos: checked {checked}, moved {moved}")


def registering(served: Any) -> str:
    client = online(served)
    client.connect()
    try:
        client.send(TournamentList())
        got = next_message(client, (Tournaments,))
        assert isinstance(got, Tournaments)
        return next(t.id for t in got.tournaments if t.state == "registering")
    finally:
        client.close()


def sit_and_go(served: Any, check: bool) -> tuple[bool, bool]:
    """Ann and Bo play one sit-and-go of six to its end; whether the watcher,
    the attacks and Bo's return were checked (``check``, when both are still
    in by then), and whether one of them was moved (and played on at the
    new table)."""
    desk = served.server.tournaments
    key = registering(served)
    ann, bo = (Person(online(served), n) for n in ("Ann", "Bo"))
    people = [ann, bo]
    for p in people:
        p.client.connect()
        p.client.send(TournamentEntry(key, p.name))
        assert isinstance(next_message(p.client, (Tournaments,)), Tournaments)
    names = ["Ann", "Bo"] + [computer_name(k) for k in range(1, 5)]

    def fill() -> None:  # (on the server's loop) four computers take the seats left
        entry = desk.desk.entries[key]
        entry.tournament.rng = random.Random(same_table(names))
        for k in range(1, 5):
            entry.tournament.register(computer_name(k))
        entry.computers = 4

    served.server.call(fill)

    def seen() -> object:  # (what the server holds, when a wait fails)
        play = desk.plays.get(key)
        if play is None:
            return [(p.name, [n.what for n in p.news], p.seat_told, p.closed, p.refusals,
                     p.errors[-3:]) for p in people]
        return (play.hands, play.tournament.where, {
            n: (r.waiting(), r.ready, [(m.name, m.seat, m.conn, m.replaced) for m in r.members])
            for n, r in play.rooms.items()}, [
            (p.name, p.table and (p.table.waiting_for, p.table.hand, p.table.decision),
             p.welcome and (p.welcome.seat, p.welcome.code), [m.code for m in p.seat_told],
             p.errors[-3:], p.refusals) for p in people])

    def settled(p: Person) -> bool:  # (welcomed where last told: a move may come at once)
        return (p.welcome is not None and p.table is not None and bool(p.seat_told)
                and p.welcome.code == p.seat_told[-1].code)

    def out(p: Person) -> bool:
        return any(n.what in ("out", "over") for n in p.news)

    until(people, lambda: all(settled(p) or out(p) for p in people), 30.0, "seated", seen)
    assert ann.seat_told[0].table == bo.seat_told[0].table  # the draw sat them together
    for p in people:
        assert p.welcome is not None
        if not out(p):
            assert p.welcome.seat is not None and not p.welcome.spectator
            assert p.welcome.names[p.welcome.seat] == p.name
    until(people, lambda: all(p.acted or out(p) for p in people), 60.0, "acting", seen)
    checked = check and not any(out(p) for p in people)
    if checked:
        attacks_watcher_and_return(served, key, people)

    def moved() -> Person | None:
        # (a seat told again with the same code, as after Bo's return, is no move)
        return next((p for p in people if len({m.code for m in p.seat_told}) > 1
                     and p.actions_at.get(p.seat_told[-1].code, 0) > 0), None)

    until(people, lambda: moved() is not None or all(out(p) for p in people) or any(
        n.what == "final_table" for n in ann.news), 240.0, "a move", seen)
    mover = moved()
    if mover is not None:
        # (out at once after the move, its later seat is never welcomed: no table to settle at)
        until(people, lambda: settled(mover) or out(mover), 30.0, "the mover settled", seen)
        until(people, lambda: any(n.what == "moved" for n in mover.news), 30.0,
              "the mover told of the move", seen)
        assert mover.welcome is not None
        if not out(mover):  # (once out, a welcome back seats them nowhere: seat None)
            assert mover.welcome.seat is not None and not mover.welcome.spectator, (
                mover.welcome, seen())
            assert mover.welcome.names[mover.welcome.seat] == mover.name, (
                mover.welcome, seen())
    for p in people:
        p.style = "all_in"  # to the end, quickly
    until(people, lambda: all(p.over for p in people), 240.0, "the end", seen)
    ranking = {p.name: p.news[-1] for p in people}
    assert ranking["Ann"].ranking == ranking["Bo"].ranking
    over = ranking["Ann"]
    assert sorted(over.ranking) == sorted(names) and over.entrants == 6
    assert list(over.places) == list(range(1, 7)) or (
        over.places[0] == 1 and list(over.places) == sorted(over.places))
    for p in people:
        assert over.places[over.ranking.index(p.name)] == p.news[-1].place
        p.client.close()
    return checked, mover is not None


def attacks_watcher_and_return(served: Any, key: str, people: list[Person]) -> None:
    """A watcher follows a table; attacks refused to their senders alone; Bo
    drops and comes back to his seat with his token."""
    ann, bo = people
    wat = online(served)
    wat.connect()
    try:
        wat.send(TournamentTables("t999"))
        assert next_message(wat, (Error,)) == Error("tournament", {"reason": "no_tournament"})
        wat.send_bytes(b'{"v":1,"type":"tournament_tables","id":"bad id!"}')
        bad = next_message(wat, (Error,))
        assert isinstance(bad, Error) and bad.reason == "malformed"
        wat.send(TournamentTables(key))
        rooms = next_message(wat, (TournamentRooms,))
        assert isinstance(rooms, TournamentRooms)
        assert {p.code for p in people} <= {r.code for r in rooms.tables}
        assert len(rooms.tables) <= 2 and all(1 <= r.players <= 3 for r in rooms.tables)
    finally:
        wat.close()
    # the watcher follows Ann's table and acts there; the table may break
    # meanwhile (Ann moved, the watcher told Bye): then again at her new one
    if not any(watcher_acts(served, people) for _attempt in range(3)):
        raise AssertionError("Ann's table closed under the watcher three times")

    # a stranger may not take Ann's seat: no token, or a wrong one (asked
    # again at her table's code now when it closed meanwhile, or when she was
    # moved from it: the thief, let in there, finds nobody called Ann seated;
    # once she is out there is no seat of hers to take)
    for token, reason in ((None, "name_taken"), ("0" * 32, "bad_token")):
        got: object = None
        for _attempt in range(3):
            if any(n.what in ("out", "over") for n in ann.news):
                break
            thief = online(served)
            thief.connect()
            asked = ann.code
            try:
                thief.send(Hello("Ann", asked, __version__, token))
                got = next_message(thief, (Refused, Welcome))
            finally:
                thief.close()
            moved = isinstance(got, Welcome) and "Ann" not in got.names
            if got != Refused("wrong_code") and not moved:
                break
            for p in people:
                p.pump(0.2)
        if any(n.what in ("out", "over") for n in ann.news):
            break
        assert isinstance(got, Refused) and got.reason == reason, (got, asked, ann.code)

    # Bo drops, and comes back to his seat on a new connection with his token
    out = any(n.what == "out" for n in bo.news)
    seat, token, code = bo.welcome.seat, bo.seat_told[-1].token, bo.code  # type: ignore[union-attr]
    bo.client.close()
    again = online(served)
    again.connect()
    bo.client, bo.welcome, bo.table = again, None, None
    again.send(Hello("Bo", code, __version__, token))
    until(people, lambda: bo.welcome is not None and bo.table is not None, 30.0, "Bo back")
    assert bo.welcome is not None and not bo.refusals
    if not out and bo.welcome.seat is None:  # out while away (his seat played for him
        # by the clock, a blind put him all in, he lost): the news kept for him says so
        until(people, lambda: any(n.what == "out" for n in bo.news), 30.0, "Bo told he is out")
        out = True
    if not out:  # (out before he dropped: he is back watching)
        assert bo.welcome.seat == seat and not bo.welcome.spectator
        acted = len(bo.acted)
        until(people, lambda: len(bo.acted) > acted or any(n.what == "out" for n in bo.news),
              60.0, "Bo playing again")


def watcher_acts(served: Any, people: list[Person]) -> bool:
    """A watcher follows Ann's table and acts there: refused, alone (True);
    False when the table closed under them first (a break), once Ann is
    told where she sits now."""
    ann = people[0]
    wat = online(served)
    wat.connect()
    watcher, code = Person(wat, "Wat"), ann.code
    try:
        wat.send(Hello("Wat", code, __version__))
        until([*people, watcher], lambda: watcher.events > 0 or watcher.closed
              or bool(watcher.refusals), 60.0, "watching")
        if not watcher.closed and not watcher.refusals:
            assert watcher.welcome is not None and watcher.welcome.seat is None
            assert watcher.welcome.spectator
            wat.send(Act(ActionKind.ALL_IN, 0, 1, 0))
            until([*people, watcher], lambda: bool(watcher.errors) or watcher.closed, 30.0,
                  "refused", lambda: (watcher.closed, watcher.refusals, ann.code))
            if watcher.errors:
                assert watcher.errors[0].reason in ("hand_over", "stale_action")
                return True
        assert {r.reason for r in watcher.refusals} <= {"wrong_code"}, watcher.refusals
    finally:
        wat.close()
    until(people, lambda: ann.code != code or any(n.what in ("out", "over") for n in ann.news),
          30.0, "Ann told her new table (or out)")
    return False
