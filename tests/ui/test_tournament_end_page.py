"""The final ranking page of a tournament (issue 35) drawn from what the
server sends: a small field whole (places shared: no gap), a big one's
first ten then your row among its neighbours, the gaps said, rating
changes in their column, Enter and Escape going back."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.server.tournament_news import rows_for  # noqa: E402
from holdem_desktop.ui.keymap import Key  # noqa: E402
from holdem_desktop.ui.page import Pop  # noqa: E402
from holdem_desktop.ui.tournament_end import RankingPage, ranking_of  # noqa: E402


def labels(page: RankingPage) -> list[str]:
    return [c.label for c in page.controls()]


def test_a_big_field_shows_the_first_ten_then_your_row_and_its_neighbours():
    ranking = [(f"P{k}", k) for k in range(1, 1001)]
    rows = rows_for(ranking, "P37")
    assert [p for _n, p in rows] == [*range(1, 11), 35, 36, 37, 38, 39]
    page = RankingPage(ranking_of("Big", "P37", 37, 1000, False, [n for n, _ in rows],
                                  [p for _, p in rows], ["P1", "P37"], [153, -21]),
                       lambda: Pop(), lambda text: None)
    shown = labels(page)
    assert page.title == "Final ranking — Big"
    assert page.subtitle == "You finished in place 37 of 1,000."
    assert shown[0] == "Place, player, rating change"
    assert shown[1] == "1. P1, rating +15.3"
    assert shown[11] == "Places 11 to 34 are not shown."
    assert "37. P37 (you), rating -2.1" in shown
    assert shown[-2] == "Places 40 to 1,000 are not shown."
    assert shown[-1] == "Back to Tournaments"
    assert page.focused().label == "37. P37 (you), rating -2.1"
    assert "Places: 1, P1; 2, P2;" in page.arrival()
    assert page.press(Key.ACTIVATE) == Pop()
    assert page.press(Key.CLOSE) == Pop()


def test_a_small_field_is_whole_and_a_shared_place_leaves_no_gap():
    names = ["A", "B", "C", "D"]
    assert rows_for([(n, p) for n, p in zip(names, (1, 2, 3, 3), strict=True)], "D") == \
        [("A", 1), ("B", 2), ("C", 3), ("D", 3)]
    page = RankingPage(ranking_of("Four", "A", 1, 4, False, names, [1, 2, 3, 3], [], []),
                       lambda: None, lambda text: None)
    assert labels(page) == ["Place, player", "1. A (you)", "2. B", "3. C", "3. D",
                            "Back to Tournaments"]
    assert page.subtitle == "You win the tournament!"


def test_the_places_said_name_yours_beyond_ten_and_how_many_were_not_read():
    # 24 players: the first ten places are read, then hers (17th), and how
    # many were left unread, as the page opens and in the end's news
    from types import SimpleNamespace

    from holdem_desktop.ui.tournament_news import news_said

    ranking = [(f"P{k}", k) for k in range(1, 25)]
    rows = rows_for(ranking, "P17")
    page = RankingPage(ranking_of("Sunday", "P17", 17, 24, False, [n for n, _ in rows],
                                  [p for _, p in rows], [], []), lambda: Pop(), lambda t: None)
    ten = "; ".join(f"{k}, P{k}" for k in range(1, 11))
    said = page.arrival()
    assert f"Places: {ten}; 17, you. 13 more players are not read out." in said, said
    news = SimpleNamespace(what="over", ranking=tuple(n for n, _ in rows),
                           places=tuple(p for _, p in rows), place=17, entrants=24)
    assert news_said(news, "P17")[-1] == (
        f"Places: {ten}; 17, you. 13 more players are not read out.")
    # a field read whole says nothing more; one of 11 says the last one
    assert news_said(SimpleNamespace(what="over", ranking=("A", "B"), places=(1, 2), place=2,
                                     entrants=2), "B")[-1] == "Places: 1, A; 2, you."
    eleven = tuple(f"P{k}" for k in range(1, 12))
    assert news_said(SimpleNamespace(what="over", ranking=eleven, places=tuple(range(1, 12)),
                                     place=1, entrants=11), "P1")[-1].endswith(
        "10, P10. 1 more player is not read out.")
