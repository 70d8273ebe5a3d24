"""The Desktop's Tournaments page (issue 35 item 3) through the real Desktop
(dummy video driver, the recording speaker, key events) over a real server
on loopback with a tournaments file: the list read with its count and one
line a tournament, Enter registering (said, the line updated) and taking
it back, the list following what others do, every refusal said (full,
closed), a tournament of yours that starts said; S says the standings of a
running sit-and-go (computers fill it) with the numbers the server's
tournament has, drawn under their own heading (a screenshot at 1366x768
kept in look-shots/tpage/ and looked at)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app.tournament_watch import REFRESH  # noqa: E402
from holdem_desktop.net.tournament_messages import TournamentEntry, Tournaments  # noqa: E402
from holdem_desktop.server import tournament_service  # noqa: E402
from holdem_desktop.server.tournament_play import TablePlay  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from holdem_desktop.ui.tournaments import TournamentsPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_accounts_desktop import PASSWORD, sign_in_by_keys  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_server import next_message, online  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402

SHOTS = Path(__file__).resolve().parents[3] / "look-shots" / "tpage"

OFFERS = '''
[[tournament]]
name = "Three of us"
variant = "tournament"
players = 3
seats_per_table = 3
speed = "turbo"

[[tournament]]
name = "Pair"
variant = "tournament"
players = 2
seats_per_table = 3
start = 2099-12-24T20:00:00Z
'''


def tournaments_page(desktop, served) -> tuple[App, TournamentsPage]:
    """Lobby, then its Tournaments button (after the tables), by keys."""
    app = lobby_by_keys(desktop, served)
    app.screen.focus.id = "sign_in"
    back(app)
    assert said(desktop)[-1] == "Tournaments, button", said(desktop)[-3:]
    keys(app, "return")
    page = app.screen
    assert isinstance(page, TournamentsPage), page
    return app, page


def entered(served, key: str, name: str) -> None:
    """Someone else registers ``name`` from a connection of their own."""
    client = online(served)
    client.connect()
    try:
        client.send(TournamentEntry(key, name))
        assert isinstance(next_message(client, (Tournaments,)), Tournaments)
    finally:
        client.close()


def back(app: App) -> None:
    """Shift+Tab."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                                         mod=pygame.KMOD_SHIFT))
    app.run(max_events=1)


def row(page: TournamentsPage, key: str) -> str:
    return next(c.label for c in page.controls() if c.id == f"tournament:{key}")


def test_the_list_is_heard_entered_and_refused_by_keys(desktop, make_server, tmp_path):
    offers = tmp_path / "offers.toml"
    offers.write_text(OFFERS, encoding="utf-8")
    served = make_server(tournaments=offers)
    three, pair = served.server.tournaments.desk.entries
    app, page = tournaments_page(desktop, served)
    wait_for(app, [], lambda: "2 tournaments." in said(desktop))
    assert page.focused().id == "tournaments"  # the heading with the count, first
    keys(app, "tab")
    assert said(desktop)[-1] == (
        "Three of us: Tournament, stack 1,500, turbo blinds, 5 minutes a level, tables of 3, "
        "0 of 3 registered, starts when full, registration open, 1 of 2"), said(desktop)[-1]
    keys(app, "return")
    wait_for(app, [], lambda: said(desktop)[-1] == (
        "You are registered for Three of us as Mara. Enter again takes it back."))
    assert row(page, three).endswith("1 of 3 registered, starts when full, registration "
                                     "open; you are registered")
    entered(served, three, "Bo")  # the list follows the server (asked again every 3 s)
    wait_for(app, [], lambda: "2 of 3 registered" in row(page, three))
    keys(app, "return")  # Enter again: taken back
    wait_for(app, [], lambda: said(desktop)[-1]
             == "Your registration for Three of us is taken back.")
    assert row(page, three).endswith("1 of 3 registered, starts when full, registration open")
    # Pair is full before its start: refused, and said so
    entered(served, pair, "Bo")
    entered(served, pair, "Cy")
    keys(app, "tab")
    assert said(desktop)[-1].startswith("Pair: Tournament, stack 1,500, normal blinds, "
                                        "10 minutes a level, tables of 3, ")
    assert "starts 2099-12-2" in said(desktop)[-1]  # (in this computer's time zone)
    wait_for(app, [], lambda: "2 of 2 registered" in row(page, pair))
    keys(app, "return")
    wait_for(app, [], lambda: said(desktop)[-1] == "Pair is full.")
    # Three of us fills with Mara and Cy: it starts (said), the next one opens
    back(app)  # to Three of us
    keys(app, "return")
    wait_for(app, [], lambda: "you are registered" in row(page, three))
    entered(served, three, "Cy")
    # the Desktop takes Mara to her table (test_tournament_seat.py): its start said once
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen))
    wait_for(app, [], lambda: "You sit at table 1, seat " in " ".join(said(desktop)))
    assert len([s for s in said(desktop) if s.startswith("Three of us has started.")]) == 1
    app, page = tournaments_page(desktop, served)  # (she leaves it: her seat sits out)
    wait_for(app, [], lambda: "3 tournaments." in said(desktop)[-3:])
    assert "3 of 3 registered, starts when full, running" in row(page, three)
    page.focus.id = f"tournament:{three}"
    keys(app, "return")  # too late to take it back: followed again, back to her table
    wait_for(app, [], lambda: "That name is already registered for Three of us." in said(desktop))
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen))
    app, page = tournaments_page(desktop, served)
    wait_for(app, [], lambda: "3 tournaments." in said(desktop)[-3:])
    page.focus.id = f"tournament:{three}"
    keys(app, "s")  # its standings: the three of them at one table
    wait_for(app, [], lambda: "3 players left of 3." in said(desktop))
    assert [c.id for c in page.controls()][:4] == [
        "tournaments", f"tournament:{pair}", "tournament:t3", f"tournament:{three}"]
    back(app)  # (those open for registration are listed first)
    back(app)
    assert said(desktop)[-1].startswith("Pair: ")
    keys(app, "s")  # the standings of a tournament not started: refused, said
    wait_for(app, [], lambda: said(desktop)[-1]
             == "Pair has not started: 2 of 2 registered.")
    keys(app, "escape")
    assert app.screen.title == "Lobby"


class Paced(TablePlay):
    """The server's tables, playing only the hands the test allows."""

    allowed = 0

    def play(self, budget: int = 50, until=None, only=None) -> int:
        n = min(budget, self.allowed)
        if not n:
            return 0
        played = super().play(n, until, only)  # (none while a table waits for its people)
        self.allowed -= played
        return played


def test_the_standings_key_says_the_running_tournament_and_draws_it(desktop, make_server,
                                                                    tmp_path, monkeypatch):
    # (her seat, once she leaves, checks or folds at once: a server whose
    # tables do not keep an absent person's pace, so the 40 hands come now)
    served, desk, key, t = tournament_served(make_server, tmp_path, tournament_pace=False)
    monkeypatch.setattr(tournament_service, "TablePlay", Paced)  # the server makes its tables
    app, page = tournaments_page(desktop, served)
    wait_for(app, [], lambda: "1 tournament." in said(desktop))
    keys(app, "tab")
    keys(app, "return")  # the computers fill it at once
    wait_for(app, [], lambda: key in desk.plays)  # the server's next tick makes its tables
    paced = desk.plays[key]
    assert isinstance(paced, Paced) and paced.hands == 0
    paced.allowed = 40
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen))  # taken to her table
    app, page = tournaments_page(desktop, served)  # (she leaves it: her seat sits out)
    wait_for(app, [], lambda: bool(page.listed()))
    page.focus.id = f"tournament:{key}"
    wait_for(app, [], lambda: paced.hands == 40, 30.0)  # (counted once they are played)
    left = sorted(t.where, key=lambda p: -t.chips[p])
    keys(app, "s")
    wait_for(app, [], lambda: any(s.startswith("Next level: ") for s in said(desktop)))
    everything = said(desktop)
    heard = everything[max(i for i, s in enumerate(everything) if "left of 12." in s):]
    labels = [c.label for c in page.controls()]
    assert labels[labels.index("Standings of Twelve") + 1:][:len(heard)] == heard  # as heard
    average = 12 * 1500 // len(left)
    assert heard[0] == f"{len(left)} players left of 12.", heard
    # (this lobby's connection is a new one, which does not follow her
    # registration: the standings anyone hears, without her own line)
    assert heard[1] == f"The average stack is {average:,}.", heard
    assert heard[2] == "Level 1: blinds 10 and 20.", heard
    assert re.fullmatch(r"Next level: blinds 20 and 40 in [45] minutes?\.", heard[3]), heard
    surface = pygame.Surface((1366, 768))
    page.draw(surface)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(SHOTS / "tournaments_standings_1366x768.png"))
    last = [c.id for c in page.controls() if c.id.startswith("standing:")][-1]
    assert last in page.rects  # the standings' last line is on screen at 1366x768


def test_a_name_that_cannot_be_used_is_said_and_an_account_registers_under_its_name(
        desktop, make_server, tmp_path):
    offers = tmp_path / "offers.toml"
    offers.write_text(OFFERS, encoding="utf-8")
    served = make_server(tournaments=offers)
    three, _pair = served.server.tournaments.desk.entries
    app = lobby_by_keys(desktop, served, name="computer:1")  # a server's computer's id
    app.screen.focus.id = "sign_in"
    back(app)
    keys(app, "return")
    page = app.screen
    assert isinstance(page, TournamentsPage)
    wait_for(app, [], lambda: "2 tournaments." in said(desktop))
    keys(app, "tab")
    keys(app, "return")
    wait_for(app, [], lambda: said(desktop)[-1] == "That name cannot be used: choose another.")
    assert served.server.tournaments.desk.tournament(three).registered == []
    keys(app, "escape")  # back in the Lobby: sign in (its own connection), and the
    # lobby's connection registers the account's name, signed in first
    sign_in_by_keys(app, "Mara Lee", PASSWORD, "create")
    wait_for(app, [], lambda: said(desktop)[-1].startswith("Signed in as Mara Lee"))
    app.screen.focus.id = "sign_out"
    back(app)
    keys(app, "return")
    assert isinstance(app.screen, TournamentsPage)
    keys(app, "tab")
    keys(app, "return")
    wait_for(app, [], lambda: said(desktop)[-1] == (
        "You are registered for Three of us as Mara Lee. Enter again takes it back."),
        seen=lambda: said(desktop)[-6:])
    assert served.server.tournaments.desk.tournament(three).registered == ["Mara Lee"]


def test_a_server_without_tournaments_says_so_once(desktop, served):
    app, page = tournaments_page(desktop, served)
    wait_for(app, [], lambda: "This server offers no tournaments." in said(desktop))
    before = len(said(desktop))
    wait_for(app, [], lambda: page.watch.clock() - page.watch._asked > 2 * REFRESH, 20.0)
    assert said(desktop)[before:] == []  # not asked again, not said again
    assert page.controls()[0].label == "This server offers no tournaments."
