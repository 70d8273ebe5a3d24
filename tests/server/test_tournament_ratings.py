"""A tournament over rates the accounts among its entrants from their places
(issue 35, server/tournament_ratings.py), once, as a ranked public game:
a sit-and-go of twelve with an account among computers, played to its end
through its tables' rooms, the rating heard in the account's results."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem_desktop.server.accounts import AccountStore
from holdem_desktop.server.tournament_ratings import rate_tournament, rater
from holdem_desktop.server.tournament_service import DeskFile

from .test_tournament_play import TWELVE


def test_the_places_rate_the_accounts_once(tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    store = AccountStore(tmp_path / "accounts.sqlite")
    assert store.create("Ann", "scrypt$1$1$1$00$00")
    offers = tmp_path / "tournaments.toml"
    offers.write_text(TWELVE, encoding="utf-8")
    desk = DeskFile(offers, tmp_path / "data")
    logged: list[tuple[str, str, str]] = []
    desk.on_over = rater(store, lambda *line: logged.append(line))
    (key,) = desk.desk.entries
    desk.desk.register(key, "Ann")
    desk.desk.register(key, "Bo")  # a guest: counted, not rated
    t = desk.desk.tournament(key)
    for _tick in range(2000):
        desk.tick()
        if t.state != "running" and t.state != "registering":
            break
    assert t.state == "over"
    rating = store.rating("Ann")
    assert rating.games == 1 and logged == [("", "", "rated 1")]
    (result,) = rating.results
    assert (result.place, result.players) == (t.places["Ann"], 12)
    ranking = tuple(sorted(t.places.items(), key=lambda kv: (kv[1], kv[0])))
    assert rate_tournament(store, key, ranking) == {}  # the same tournament again: nothing
    assert store.rating("Ann").games == 1
