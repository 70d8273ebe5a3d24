"""The final ranking drawn as a grid (issue 35): captions over the columns,
each row's cells in their columns, your row lit, a long name cut inside its
column, the notes between rows drawn as notes; the words said unchanged."""

from __future__ import annotations

import itertools
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.server.tournament_news import rows_for  # noqa: E402
from holdem_desktop.ui.draw import Palette  # noqa: E402
from holdem_desktop.ui.tournament_end import RankingPage, ranking_of  # noqa: E402

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]


@pytest.fixture(autouse=True, scope="module")
def _pygame():
    pygame.init()
    yield


def big_page() -> RankingPage:
    ranking = [(f"Player {k}" if k != 36 else "A very long name " * 8, k)
               for k in range(1, 1001)]
    rows = rows_for(ranking, "Player 37")
    return RankingPage(ranking_of("Sunday", "Player 37", 37, 1000, False,
                                  [n for n, _ in rows], [p for _, p in rows],
                                  ["Player 1", "Player 37"], [153, -21]),
                       lambda: None, lambda text: None)


@pytest.mark.parametrize("size", SIZES)
def test_the_rows_are_a_grid_under_their_captions(size):
    page = big_page()
    surface = pygame.Surface(size)
    page.draw(surface)
    cells = page.renderer.drawn_cells
    assert "row:12" in cells  # your row is in view (the focus is on it)
    assert page.focused().id == "row:12"
    for key, drawn in cells.items():
        row = page.rects[key]
        assert len(drawn) == 3, key
        assert all(row.contains(c) for c in drawn), key
        assert all(a.right < b.left for a, b in itertools.pairwise(drawn)), key  # never touching
    # columns line up from row to row: places end together, names start together
    rights = {drawn[0].right for drawn in cells.values()}
    lefts = {drawn[1].left for drawn in cells.values()}
    assert len(lefts) == 1 and max(rights) - min(rights) <= 1
    # your row lit in gold, others not
    palette = Palette()
    mine = page.rects["row:12"]
    assert surface.get_at((mine.x + 4, mine.centery))[:3] == palette.seat_won
    other = next(k for k in cells if k != "row:12")
    assert surface.get_at((page.rects[other].x + 4, page.rects[other].centery))[:3] \
        != palette.seat_won
    # the words said are the whole line, as before
    assert page.focused().label == "37. Player 37 (you), rating -2.1"
    assert page.renderer.grid.cells["row:12"] == ("37", "Player 37 (you)", "-2.1")


def test_a_long_name_is_cut_inside_its_column():
    page = big_page()
    surface = pygame.Surface((1024, 640))
    page.draw(surface)
    cells = page.renderer.drawn_cells
    long_row = next(k for k, v in page.renderer.grid.cells.items() if v[1].startswith("A very"))
    name, change = cells[long_row][1], cells[long_row][2]
    assert name.right < change.left and name.right <= page.rects[long_row].right


def test_the_captions_and_a_note_are_drawn_from_the_top():
    page = big_page()
    page.focus.id = "row:0"
    surface = pygame.Surface((1366, 768))
    page.draw(surface)
    assert page.rects["columns"].bottom <= page.rects["row:0"].top
    assert page.renderer.grid.columns == ("Place", "Player", "Rating change")
    note = page.rects["gap:10"]
    assert page.rects["row:9"].bottom <= note.top <= note.bottom <= page.rects["row:10"].top
