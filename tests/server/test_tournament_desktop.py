"""A tournament's news said by the real Desktop (dummy video driver, the
recording speaker) over a real server on loopback (issue 35 item 3): the
person registered from the lobby is taken to her table at the start and
steps away there (her seat sits out); the news follow her to the table,
those of the other tables before she got there too (kept by the server
from the seat to her hello, said by the Desktop before where she sits): the
players left from the first one out, a table broken, her moves with where
the new table's button is, the final table, her place and the ranking.
The test registers through the lobby page's own connection."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net.tournament_messages import TournamentEntry  # noqa: E402
from holdem_desktop.server.tournament_play import TablePlay  # noqa: E402
from holdem_desktop.ui.lobby import LobbyPage  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402

SEED = 2
"""The server's draw, decks and computers (the computers' tables play at
their own pace beside hers: which table breaks is not fixed by it)."""


def test_the_desktop_says_the_move_and_the_end(desktop, make_server, tmp_path):
    served, desk, key, t = tournament_served(make_server, tmp_path, SEED)
    desk.plays[key] = TablePlay(t, desk.desk.variants["tournament"], rng=random.Random(SEED))
    app = lobby_by_keys(desktop, served)
    page = app.screen
    assert isinstance(page, LobbyPage)
    page.feed.client.send(TournamentEntry(key, "Ann"))  # type: ignore[attr-defined]
    # taken to her table at the start (test_tournament_seat.py), she steps
    # away at once: her seat sits out, and the news follow her there
    wait_for(app, [], lambda: desktop.remote is not None and desktop.remote.seat is not None,
             30.0)
    desktop.remote.away()

    def seen() -> object:  # (when the end did not come: what was said, what the server holds)
        play = desk.plays.get(key)
        return (said(desktop)[-12:], play and (play.hands, play.tournament.state, {
            n: (r.waiting(), r.paced(), sorted(r.ready),
                [(m.name, m.seat, m.conn, m.replaced, m.sat_out) for m in r.members])
            for n, r in play.rooms.items()}))

    wait_for(app, [], lambda: any("Places: " in s for s in said(desktop)), 60.0, seen)
    # (sentence by sentence: the news kept on her way are said with where she sits)
    heard = [x for s in said(desktop) for x in re.split(r"(?<=[.!]) (?=[A-Z0-9])", s)]
    # Two tables of six come to one: one of them is broken, told once, hers
    # or the other (the computers' tables play at their own pace: which one
    # breaks is a race); broken under her, she hears where she moves after it
    told = [s for s in heard if re.fullmatch(r"(Your table, table \d,|Table \d) is broken\.", s)]
    assert len(told) == 1, heard  # (never twice: not the news kept on her way as well)
    broken = told[0]
    moved = [s for s in heard if s.startswith("You move to table ")]
    for move in moved:
        assert re.fullmatch(r"You move to table \d, seat [1-6], (you have the button|the "
                            r"button is \w+ seats? to your (right|left))\.", move), moved
    if broken.startswith("Your table"):
        assert moved and heard.index(broken) < heard.index(moved[-1])
    assert any(re.fullmatch(r"The final table: \d players left\.", s) for s in heard), heard
    # (the players left said as they go: on the way to a table, the last count only)
    assert any(re.fullmatch(r"\d+ players? left of 12\.", s) for s in heard), heard
    last = max(i for i, s in enumerate(heard) if s.startswith("Places: "))
    end = heard[last - 1:last + 1]  # (Ann sits out: she is out before the end)
    # her place said at once; then again by the page that opens for it: the
    # bust-out dialog once the felt has shown that hand
    # (test_tournament_end_desktop.py), or, when the end came first (out in
    # the last hands, a busy machine), the final ranking, under its title
    finished = [i for i, s in enumerate(heard) if re.fullmatch(r"You finished \w+ of 12\.", s)]
    assert len(finished) in (1, 2), [heard[i - 1:i + 2] for i in finished]
    if len(finished) == 2:
        again = finished[1]
        assert heard[again] == heard[finished[0]], [heard[i - 1:i + 2] for i in finished]
        assert heard[again + 1].startswith("Keep watching this table") \
            or heard[again - 1].startswith("Final ranking"), heard[again - 1:again + 2]
    assert finished[0] < last - 1
    assert re.fullmatch(r"Computer \d+ wins the tournament\.", end[0]), end
    assert re.match(r"Places: 1, Computer \d+; 2, ", end[1]), end
    assert "computer:" not in " ".join(heard)  # a computer's id said as a name
