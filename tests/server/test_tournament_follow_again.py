"""A new lobby connection follows a running tournament by its token (issue
35): Mara registers from the Tournaments page of the real Desktop and is
taken to her table at the start; the game is then started again (its
memory of the registration gone, the token kept on disk), opens the
Tournaments page and registers again: the server answers ``registered``
(not ``closed``) with her seat, and the Desktop takes her back to the same
seat."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import tournament_watch  # noqa: E402
from holdem_desktop.net.protocol import Error  # noqa: E402
from holdem_desktop.net.tournament_messages import TournamentEntry, Tournaments  # noqa: E402
from holdem_desktop.net.tournament_tables import TournamentSeat  # noqa: E402
from holdem_desktop.server import tournament_play  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from holdem_desktop.ui.tournaments import TournamentsPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import wait_for  # noqa: E402
from .test_server import next_message, online  # noqa: E402
from .test_tournament_page import tournaments_page  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402
from .test_tournament_seat import SIX_NOW, Held  # noqa: E402


def seated(desktop, make_server, tmp_path, monkeypatch, **settings):
    """Mara registered by keys and seated at the start (no hand dealt yet):
    (served, the tables' play, the tournament, her table, her seat); other
    ``settings`` of the server's too."""
    monkeypatch.setattr(tournament_play, "ARRIVAL", 120.0)
    monkeypatch.setattr(tournament_watch, "TOKENS", {})
    served, desk, key, t = tournament_served(make_server, tmp_path, 1, SIX_NOW, **settings)
    held = desk.plays[key] = Held(t, desk.desk.variants["tournament"])  # no hand is dealt
    held.keep_pace = desk.pace  # (as the server's own play has it)
    app, page = tournaments_page(desktop, served)
    wait_for(app, [], lambda: bool(page.listed()), 30.0)
    page.focus.id = f"tournament:{key}"
    keys(app, "return")
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen) and desktop.remote is not None
             and desktop.remote.seat is not None, 60.0)
    return served, held, t, desktop.remote.tournament_table, desktop.remote.seat


def test_the_game_started_again_follows_its_running_tournament(
        desktop, make_server, tmp_path, monkeypatch):
    served, held, _t, table, seat = seated(desktop, make_server, tmp_path, monkeypatch)
    key = held.key

    # someone else's connection asking for her registration is not followed
    other = online(served)
    other.connect()
    try:
        other.send(TournamentEntry(key, "Mara", True, "0" * 32))
        refused = next_message(other, (Error,))
        assert refused.data == {"reason": "not_yours"}, refused
    finally:
        other.close()

    # the game started again: nothing in memory, the token on disk
    desktop.close_room()
    monkeypatch.setattr(tournament_watch, "TOKENS", {})
    heard = len(said(desktop))
    app, page = tournaments_page(desktop, served)
    assert isinstance(page, TournamentsPage)
    wait_for(app, [], lambda: bool(page.listed()), 30.0)
    page.focus.id = f"tournament:{key}"
    keys(app, "return")  # registers again: followed, and taken back to the seat
    wait_for(app, [], lambda: isinstance(app.screen, TableScreen) and desktop.remote is not None
             and desktop.remote.seat is not None, 60.0)
    assert (desktop.remote.tournament_table, desktop.remote.seat) == (table, seat)
    again = said(desktop)[heard:]
    assert not any("closed" in s.lower() for s in again), again
    assert any(s.endswith(f"You sit at table {table}, seat {seat + 1}.") for s in again), again


def test_a_running_tournament_answers_registered_with_the_seat(make_server, tmp_path,
                                                               monkeypatch):
    monkeypatch.setattr(tournament_play, "ARRIVAL", 120.0)
    served, desk, key, t = tournament_served(make_server, tmp_path, offer=SIX_NOW)
    desk.plays[key] = Held(t, desk.desk.variants["tournament"])
    token = "ab" * 16
    first = online(served)
    first.connect()
    try:
        first.send(TournamentEntry(key, "Ann", True, token))  # computers fill it: it starts
        assert isinstance(next_message(first, (Tournaments,)), Tournaments)
        seated = next_message(first, (TournamentSeat,))
    finally:
        first.close()
    second = online(served)
    second.connect()
    try:
        second.send(TournamentEntry(key, "Ann", True, token))
        answer = next_message(second, (Error,))
        assert answer.data == {"reason": "registered"}, answer
        again = next_message(second, (TournamentSeat,))
        assert again == seated
    finally:
        second.close()
