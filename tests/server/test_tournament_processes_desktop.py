"""The real Desktop (dummy video driver, the recording speaker, key events)
on the Tournaments page of process B, two processes sharing a real
``redis-server`` and each running a tournament of its own (issue 35 item 2):
on its one lobby connection it registers for B's, takes it back, registers
for A's (over B's link to A), and when A's starts it is taken to its seat
at A's table through B, the start said once; the lobby's list stays B's
(its own first)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import RedisServer, needs_redis, said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_tournament_page import entered, row, tournaments_page  # noqa: E402

pytestmark = needs_redis

AT_A = '''
[[tournament]]
name = "Two at A"
variant = "tournament"
players = 2
seats_per_table = 3
speed = "turbo"
'''
AT_B = '''
[[tournament]]
name = "Three at B"
variant = "tournament"
players = 3
seats_per_table = 3
speed = "turbo"
'''


def test_the_desktop_at_b_registers_for_both_and_sits_at_a(desktop, make_server, tmp_path,
                                                           redis_server: RedisServer):
    (tmp_path / "a.toml").write_text(AT_A, encoding="utf-8")
    (tmp_path / "b.toml").write_text(AT_B, encoding="utf-8")
    settings = {"redis": redis_server.url, "heartbeat": 0.5}
    a = make_server(tournaments=tmp_path / "a.toml", **settings)
    b = make_server(tournaments=tmp_path / "b.toml", **settings)
    [at_a] = a.server.tournaments.desk.entries
    [at_b] = b.server.tournaments.desk.entries
    app, page = tournaments_page(desktop, b)
    wait_for(app, [], lambda: [c.id for c in page.controls()][1:3] == [
        f"tournament:{at_b}", f"tournament:{at_a}"], 20.0)  # B's own first, then A's
    # (each answer is said at once; the page's own news, a count of the
    # list, may be queued after it: the answer is looked for since the key)
    page.focus.id = f"tournament:{at_b}"
    mark = len(said(desktop))
    keys(app, "return")
    wait_for(app, [], lambda: (
        "You are registered for Three at B as Mara. Enter again takes it back."
        in said(desktop)[mark:]), seen=lambda: said(desktop)[mark:])
    page.focus.id = f"tournament:{at_a}"
    mark = len(said(desktop))
    keys(app, "return")  # over B's link to A
    wait_for(app, [], lambda: (
        "You are registered for Two at A as Mara. Enter again takes it back."
        in said(desktop)[mark:]), seen=lambda: said(desktop)[mark:])
    assert a.server.tournaments.desk.tournament(at_a).registered == ["Mara"]
    page.focus.id = f"tournament:{at_b}"
    mark = len(said(desktop))
    keys(app, "return")  # still at B: B's own is B's to take back
    wait_for(app, [], lambda: "Your registration for Three at B is taken back."
             in said(desktop)[mark:], seen=lambda: said(desktop)[mark:])
    assert b.server.tournaments.desk.tournament(at_b).registered == []
    wait_for(app, [], lambda: "you are registered" in row(page, at_a))  # (the list, B's)
    entered(a, at_a, "Bo")  # A's is full: it starts, and the seat comes over the link
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen), 30.0)
    wait_for(app, [], lambda: "You sit at table 1, seat " in " ".join(said(desktop)))
    assert len([s for s in said(desktop) if s.startswith("Two at A has started.")]) == 1
    remote = desktop.remote
    assert remote is not None and remote.seat is not None
    assert remote.code in a.server.lobby.rooms  # A's table, reached through B
    assert not [s for s in said(desktop) if "no longer offered" in s or "refused" in s]
