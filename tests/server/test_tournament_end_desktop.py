"""A tournament's end on the real Desktop (issue 35): the bust-out dialog
and the final ranking page, over a real server on loopback (dummy video
driver, the recording speaker, key events). Ann registers from the lobby,
is taken to her table and puts every chip in at each turn, with 7 and 2
against aces (a stacked deck): out in her first hand, long before the end.
Her place is said at once; once the felt has shown that hand, a dialog says
it again and offers Keep watching or Back to Tournaments; she keeps
watching (by Escape), as a watcher of her table, and of another when hers
is broken, to the end; then the final ranking replaces the table: titled
with the tournament's name, her place of how many, every entrant's row,
said as it opens; Enter takes her to the server's Tournaments page on a new
lobby connection. Screenshots of both at two window sizes go to
``../shots-tend2``."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net.tournament_messages import TournamentEntry  # noqa: E402
from holdem_desktop.server.tournament_play import TablePlay  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.draw import set_text_scale  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from holdem_desktop.ui.tournament_end import RankingPage  # noqa: E402
from holdem_desktop.ui.tournaments import TournamentsPage  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, my_turn, wait_for  # noqa: E402
from .test_tournament_desktop import SEED  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402

SHOTS = Path(__file__).resolve().parents[3] / "shots-tend2"
SIZES = ((1366, 768), (1024, 640))


ANN_LOSES = (["AhAd"], "7c2d", "Ks Qd 9h 4c 3s",
             ["8c5d", "6h2c", "Jc2h", "Td5h", "6d2s", "Th5c", "8h5s", "Jd6c", "Tc6s"])
"""Each hand Ann is dealt in: the player after her has aces (a computer
always puts every chip in with them: ai/easy.py), she has 7 and 2 and the
board gives her nothing; the others have hands they fold to a raise."""


class AnnLoses(random.Random):
    """A table's shuffle that stacks the deck of each hand Ann is dealt in
    (:data:`ANN_LOSES`): all in at her first turn, she is called and out in
    her first hand, eleven players left (:class:`Paused` deals no other
    table meanwhile): never in the tournament's last (her all-ins at a table
    she was moved to used to carry her there about one run in five, as her
    keys met her turns)."""

    def __init__(self, session, seed: float) -> None:
        super().__init__(seed)
        self.session = session

    def shuffle(self, deck) -> None:  # type: ignore[override]
        super().shuffle(deck)
        deal = self.session.deal_now
        players = [p for _, p, _ in deal.seats] if deal is not None else []
        if "Ann" not in players:
            return
        seats = [s for s, _, _ in deal.seats]
        at = seats.index(deal.button)  # playing order: from the seat after the button
        order = [deal.player(s) for s in seats[at + 1:] + seats[:at + 1]]
        first = order.index("Ann")
        aces, hers, board, others = ANN_LOSES
        holes = dict(zip(order[first + 1:] + order[:first], aces + others, strict=False))
        holes["Ann"] = hers
        deck[:] = stacked_deck([holes[p] for p in order], board)


class Paused(TablePlay):
    """Until Ann is out only her table deals, and once she is out none,
    until the test lets them (:attr:`go`): the computers would otherwise
    play the rest of the tournament before the Desktop could show her hand.
    She loses every hand she plays (:class:`AnnLoses`)."""

    go = False

    def _open(self) -> None:
        super()._open()
        for room in self.rooms.values():
            if not isinstance(room.tsession.rng, AnnLoses):
                room.tsession.rng = AnnLoses(room.tsession, self.rng.random())

    def play(self, budget: int = 50, until=None, only=None) -> int:
        if "Ann" in self.tournament.places and not self.go:
            if self.lobby is not None:
                self._flush()
            return 0
        where = self.tournament.where.get("Ann")
        if not self.go and where is not None and where[0] in self.rooms:
            # until she is out her table alone deals (when she is ready), the
            # others wait (their own turns too): she is out with the field
            # still large, whenever her keys meet her turns
            mine = self.rooms[where[0]]
            return 0 if only not in (None, mine) else super().play(1, until, mine)
        # (one hand a turn until she is out)
        return super().play(budget if self.go else 1, until, only)


def shoot(page, name: str) -> None:
    """``page`` drawn at each of :data:`SIZES`, saved as PNGs."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in SIZES:
        surface = pygame.Surface((w, h))
        set_text_scale((w, h))
        page.draw(surface)
        pygame.image.save(surface, str(SHOTS / f"{name}_{w}x{h}.png"))


def until_out(app, remote) -> Callable[[], bool]:
    """What :func:`wait_for` turns until Ann (``remote``) is out (the
    bust-out dialog) or the tournament is over (the final ranking: a test
    that sees it has failed, see :class:`AnnLoses`): she presses Next hand
    when the table waits for her and puts every chip in at each turn of
    hers (each once)."""
    acted: list[object] = []

    def out_or_over() -> bool:
        t = remote.table
        if t is not None and remote.seat is not None and remote.seat in t.waiting_for \
                and ("n", remote.code, t.hand) not in acted \
                and isinstance(app.screen, TableScreen):
            acted.append(("n", remote.code, t.hand))
            keys(app, "n")
        if my_turn(remote) and (remote.code, remote.table.hand, remote.table.decision) \
                not in acted and isinstance(app.screen, TableScreen):
            acted.append((remote.code, remote.table.hand, remote.table.decision))
            keys(app, "a")
            if my_turn(remote):
                keys(app, "c")
        return isinstance(app.screen, Dialog | RankingPage)

    return out_or_over


def test_out_keep_watching_then_the_final_ranking(desktop, make_server, tmp_path):
    served, desk, key, t = tournament_served(make_server, tmp_path, SEED)
    play = Paused(t, desk.desk.variants["tournament"], rng=random.Random(SEED))
    desk.plays[key] = play
    app = lobby_by_keys(desktop, served)
    app.moves = desktop.take_moves  # (as the program's window: app/play.py)
    app.screen.feed.client.send(TournamentEntry(key, "Ann"))  # type: ignore[attr-defined]
    wait_for(app, [], lambda: desktop.remote is not None and desktop.remote.seat is not None,
             30.0)
    remote = desktop.remote

    # -- out: the place said at once, then the dialog once the felt has shown it
    out_or_over = until_out(app, remote)
    wait_for(app, [], out_or_over, 120.0)
    assert isinstance(app.screen, Dialog), app.screen  # (out in her first hand: AnnLoses)
    dialog = app.screen
    # (her place alone, or shared with one knocked out in the same hand: seen once, busy)
    places = [s for s in said(desktop)
              if re.fullmatch(r"You (finished [\w ]+|share [\w ]+ place) of 12\.", s)]
    assert len(places) == 1, (dialog.question, said(desktop)[-6:])  # (which dialog, if not)
    (place,) = places
    assert place == "You finished in place 12 of 12.", place  # (her first hand: AnnLoses)
    assert dialog.question == place
    assert [c.label for c in dialog.controls()] == ["Keep watching", "Back to Tournaments"]
    assert said(desktop)[-1].startswith(place), said(desktop)[-1]  # said as it opens
    assert said(desktop)[-1].endswith("Keep watching, button"), said(desktop)[-1]
    shoot(dialog, "bust_out")
    keys(app, "tab")  # the focus stays in the dialog
    assert said(desktop)[-1] == "Back to Tournaments, button"
    keys(app, "tab")
    assert said(desktop)[-1] == "Keep watching, button"
    keys(app, "escape")  # keeps watching
    assert isinstance(app.screen, TableScreen)
    assert remote.closed is None
    play.go = True

    # -- to the end as a watcher: the final ranking replaces the table
    wait_for(app, [], lambda: isinstance(app.screen, RankingPage), 180.0)
    page = app.screen
    assert page.title == "Final ranking — Twelve"
    assert page.subtitle == place
    rows = [c.label for c in page.controls() if c.id.startswith("row:")]
    assert len(rows) == 12, rows  # a small field: everyone
    assert rows[0].startswith("1. Computer ")
    assert any(r.endswith("Ann (you)") for r in rows), rows
    assert page.controls()[0].label == "Place, player"  # (guests: not rated)
    heard = said(desktop)
    opened = [k for k, s in enumerate(heard) if s.startswith("Final ranking — Twelve.")]
    assert opened and place in heard[opened[-1]], [heard[k] for k in opened]
    # the places are read once: by the news of the end, just before the page
    assert "Places:" not in heard[opened[-1]], heard[opened[-1]]
    news = [k for k, s in enumerate(heard) if "Places: 1, Computer " in s]
    assert news and news[-1] < opened[-1], heard[-6:]
    assert page.focused().label.endswith("Ann (you)")  # her own row first
    assert not any("Rooms page" in s for s in said(desktop)), said(desktop)[-5:]
    shoot(page, "final_ranking")

    # -- Enter: the server's Tournaments page, on a new lobby connection
    keys(app, "return")
    wait_for(app, [], lambda: isinstance(app.screen, TournamentsPage), 10.0)
    assert [type(p).__name__ for p in app.stack] == ["StartPage", "LobbyPage",
                                                     "TournamentsPage"]
    assert any(s.startswith("Tournaments. ") for s in said(desktop)[-3:]), said(desktop)[-3:]
