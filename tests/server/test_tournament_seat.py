"""A Desktop player plays their tournament (issue 35): through the real
Desktop (dummy video driver, the recording speaker, key events) over a real
server on loopback, through a proxy the test cuts.  Mara registers from the
Tournaments page by Enter; computers fill the sit-and-go of six at two
tables of three and it starts: the Desktop takes her to her table by
itself (its start, the table and the seat said, the title line naming the
table).  She does not press Next hand: the computers' table plays down to
one and she is moved to it between hands (the draw is chosen so that she is
her table's next big blind): the move is said in the tournament's words, the
new table replaces the old on the same screen with no turn of the old one
left; she is dealt there (her cards heard) and acts, the table moves on;
her link is cut and comes back to the same seat of the same table; she
plays every hand all-in to the end, and her place and the ranking are
heard."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.variant import shipped_variants  # noqa: E402
from holdem_desktop.server import tournament_play  # noqa: E402
from holdem_desktop.server.tournament_play import TablePlay  # noqa: E402
from holdem_desktop.server.tournaments import Offer, TournamentDesk  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said, settle  # noqa: E402
from .proxy import Proxy  # noqa: E402
from .test_lobby_desktop import my_turn, wait_for  # noqa: E402
from .test_tournament_page import tournaments_page  # noqa: E402
from .test_tournament_tables import SIX  # noqa: E402

SIX_NOW = SIX + "computers_after = 0\n"
SHOTS = Path(__file__).resolve().parents[3] / "look-shots" / "tdesk"


def big_blind_first(name: str) -> int:
    """A draw that makes ``name`` the next big blind of their table when the
    sit-and-go of six starts (registered first, the computers after)."""
    for seed in range(1000):
        desk = TournamentDesk([Offer("x", "tournament", 6, 3, "turbo", 0)], shipped_variants(),
                              clock=time.time)
        (key,) = desk.entries
        t = desk.tournament(key)
        t.rng = random.Random(seed)
        desk.register(key, name)
        desk.tick()
        (table,) = [tb for tb in t.tables.values() if name in tb.seats]
        if table.seats[table.next_big_blind()] == name:
            return seed
    raise AssertionError("no such draw")  # pragma: no cover


class Held(TablePlay):
    """The server's tables, opened at the start but dealing no hand until
    the test lets them (:attr:`go`): she sits before the other table plays."""

    go = False

    def play(self, budget: int = 50, until=None, only=None) -> int:
        if not self.go:
            if self.lobby is not None:
                self._open()  # the rooms, and where she sits told
                self._flush()
            return 0
        return super().play(budget, until, only)


def test_the_desktop_sits_is_moved_comes_back_and_hears_its_place(
        desktop, make_server, tmp_path, monkeypatch):
    # her table waits for her (her hello, then her Next hand) long enough for
    # the computers' table to play down to one, however busy the machine
    monkeypatch.setattr(tournament_play, "ARRIVAL", 120.0)
    offers = tmp_path / "six.toml"
    offers.write_text(SIX_NOW, encoding="utf-8")
    served = make_server(tournaments=offers, clock_normal=(120.0, 120.0, 1.0, 240.0))
    desk = served.server.tournaments
    (key,) = desk.desk.entries
    t = desk.desk.tournament(key)
    t.rng = random.Random(big_blind_first("Mara"))
    desk.plays[key] = Held(t, desk.desk.variants["tournament"])
    proxy = Proxy(served.port)
    try:
        played(desktop, served, proxy, key, desk.plays[key])
    finally:
        proxy.close()


def played(desktop, served, proxy: Proxy, key: str, held: Held) -> None:
    app, page = tournaments_page(desktop, SimpleNamespace(port=proxy.port,
                                                          fingerprint=served.fingerprint))
    wait_for(app, [], lambda: bool(page.listed()), 30.0)
    page.focus.id = f"tournament:{key}"
    keys(app, "return")  # registers: computers fill it at once, and it starts

    # -- seated: the Desktop takes her to her table by itself
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen) and desktop.remote is not None
             and desktop.remote.seat is not None, 60.0)
    remote = desktop.remote
    first, code = remote.tournament_table, remote.code
    assert first is not None
    seat = remote.seat
    sits = f"You sit at table {first}, seat {seat + 1}."
    wait_for(app, [], lambda: any(s.endswith(sits) for s in said(desktop)), 10.0)
    # the start said once: with the seat, or by the page when it came first
    assert [s for s in said(desktop) if "has started" in s] in (
        [f"Six at two tables has started. {sits}"], ["Six at two tables has started."]), \
        said(desktop)
    assert app.screen.title_parts()[0] == f"Table {first}"
    assert not remote.is_host  # (nobody hosts a tournament's table)
    held.go = True  # the tables deal: hers waits for her Next hand
    heard = len(said(desktop))

    # -- moved, without pressing Next hand: the other table played down to one
    wait_for(app, [], lambda: any(s.startswith("You move to table ") for s in said(desktop)),
             120.0)
    wait_for(app, [], lambda: remote.tournament_table != first and remote.table is not None,
             10.0)
    (move,) = [s for s in said(desktop) if s.startswith("You move to table ")]
    moved_to = remote.tournament_table
    assert re.fullmatch(rf"You move to table {moved_to}, seat {remote.seat + 1}, (you have "
                        r"the button|the button is \w+ seats? to your (right|left))\.", move)
    assert app.screen is not None and isinstance(app.screen, TableScreen)
    assert desktop.remote is remote and remote.code != code  # the same screen, a new table
    assert app.screen.title_parts()[0] == f"Table {moved_to}"
    assert remote.table.names[remote.seat] == "Mara"
    # nothing of the old table survives: the hand followed is the new table's
    assert remote.hand is None or len(remote.hand.actions) == remote.table.decision
    assert "You have a seat." not in said(desktop)  # (the move says where, once)
    # the Room zone names the new table's code, and its invitation invites there
    codes = [c.label for c in app.screen.controls() if c.id == "room:code"]
    assert codes == [f"Room code {' '.join(remote.code)}"], codes
    app.screen.focus.id = "room:invite"
    keys(app, "return")
    assert " ".join(remote.code) in said(desktop)[-1] or remote.code in said(desktop)[-1], \
        said(desktop)[-1]
    assert code not in said(desktop)[-1]

    # -- dealt at the new table: her cards heard; she acts and the table goes on
    press_next_until(app, remote, lambda: my_turn(remote), 60.0)
    dealt = " ".join(said(desktop)[heard:])
    assert re.search(r"You have \w+ of \w+ and \w+ of \w+\.", dealt), dealt
    assert "computer:" not in dealt.lower(), dealt  # (a computer's id said as "Computer 3")
    surface = pygame.Surface((1366, 768))  # her turn at the new table, as drawn
    app.screen.draw(surface)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(SHOTS / "tournament_table_1366x768.png"))
    before = (remote.table.hand, remote.table.decision)
    end = time.monotonic() + 60
    while (remote.table.hand, remote.table.decision) == before:
        assert time.monotonic() < end, (said(desktop)[-6:], remote.table.view, remote.seat)
        keys(app, "c")  # (a key pressed while the felt catches up is refused: again)
        step(app, 2.0, lambda: (remote.table.hand, remote.table.decision) != before)

    # -- the link cut and back: the same seat at the same table
    at, table_now = remote.seat, remote.tournament_table
    heard = len(said(desktop))
    held.go = False  # (away, she sits out: the computers would play it out meanwhile)
    proxy.cut()
    wait_for(app, [], lambda: "Connection lost, reconnecting…" in said(desktop)[heard:], 20.0)
    proxy.restore()
    wait_for(app, [], lambda: not remote.resuming and remote.table is not None, 60.0)
    assert remote.closed is None, remote.closed
    if remote.tournament_table == table_now:  # (not moved again meanwhile: a break)
        assert remote.seat == at
    assert remote.table.names[remote.seat] == "Mara"
    held.go = True

    # -- to the end: every hand all-in; her place, then the ranking, heard
    press_next_until(app, remote, lambda: any(s.startswith("Places: ") for s in said(desktop)),
                     240.0, all_in=True)
    heard_all = said(desktop)
    place = [s for s in heard_all if re.fullmatch(r"You finished \w+ of 6\.", s)
             or s == "You win the tournament!"]
    assert place, heard_all[-20:]
    assert re.match(r"Places: 1, ", heard_all[-1]) or any(
        s.startswith("Places: 1, ") for s in heard_all), heard_all[-5:]


def step(app, seconds: float, done) -> None:
    """Turns of the window's loop until ``done`` or ``seconds`` pass."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        settle(app, [], 0.05)
        app.run(max_events=1)


def press_next_until(app, remote, done, seconds: float, all_in: bool = False) -> None:
    """Next hand when the table waits for her, and (``all_in``) every chip in
    at each of her turns (or a call, when all-in is not offered), until
    ``done``."""
    end = time.monotonic() + seconds
    pressed, acted = None, None
    while not done():
        assert time.monotonic() < end, f"not done within {seconds} s"
        settle(app, [], 0.05)
        app.run(max_events=1)  # a turn of the window's loop
        t = remote.table
        if t is None or remote.seat is None:
            continue
        if remote.seat in t.waiting_for and pressed != (remote.code, t.hand):
            pressed = (remote.code, t.hand)
            keys(app, "n")
        elif all_in and my_turn(remote) and acted != (remote.code, t.hand, t.decision):
            acted = (remote.code, t.hand, t.decision)
            keys(app, "a")
            if my_turn(remote) and (remote.table.hand, remote.table.decision) == acted[1:]:
                keys(app, "c")
