"""Ten seats that breathe (issue 33, item 4), measured on the drawn frame at
2, 6 and 10 seats and at 1024×640, 1366×768 and 1920×1080: nothing of one
seat covers another's box, cards or bet; opponents' card backs are small and
yours large; each bet lies in front of its own seat on the way to the pot,
nearer it than any other seat; chips are drawn as stacks; the title line's
words are never smaller than the table's body text."""

from __future__ import annotations

import itertools
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.layout import BODY, TableLayout  # noqa: E402
from holdem_desktop.ui.seats import stack_size  # noqa: E402
from tools.table_shots import screen as table_with_bets  # noqa: E402

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]


def _drawn(n: int, size: tuple[int, int], later: bool = False):
    pygame.display.init()
    screen = table_with_bets(n, 5, later)
    screen.any_input()  # the deal's cards in place
    screen.motion.finish()
    surface = pygame.Surface(size)
    screen.draw(surface)
    return screen, surface


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 6, 10])
@pytest.mark.parametrize("later", [False, True])
def test_boxes_cards_and_bets_never_overlap_and_each_bet_is_its_seats(n, size, later):
    screen, _surface = _drawn(n, size, later)
    d = screen.renderer.drawn
    things = {k: r for k, r in d.items() if k.startswith(("seat:", "cards:", "bet:", "dealer",
                                                          "board", "pot", "street"))}
    assert [(a, b) for a, b in itertools.combinations(things, 2)
            if things[a].colliderect(things[b])] == []
    layout = TableLayout(*size)
    felt = pygame.Rect(layout.felt.x, layout.felt.y, layout.felt.w, layout.felt.h)
    assert all(felt.contains(r) for r in things.values())
    seats = {int(k[5:]): r for k, r in d.items() if k.startswith("seat:")}
    bets = {int(k[4:]): r for k, r in d.items() if k.startswith("bet:")}
    if not later:
        assert len(bets) >= 2  # the blinds at least
    centre = d["board"].center

    def gap(box: pygame.Rect, q: tuple[int, int]) -> float:
        dx = max(box.x - q[0], 0, q[0] - box.right)
        dy = max(box.y - q[1], 0, q[1] - box.bottom)
        return (dx * dx + dy * dy) ** 0.5

    for seat, bet in bets.items():
        q = bet.center
        nearest = min(seats, key=lambda k: gap(seats[k], q))
        assert nearest == seat, (seat, q)
        # in front of the seat: nearer the pot than the seat's box is
        box = seats[seat].center
        assert (q[0] - centre[0]) ** 2 + (q[1] - centre[1]) ** 2 < \
            (box[0] - centre[0]) ** 2 + (box[1] - centre[1]) ** 2


@pytest.mark.parametrize("size", SIZES)
def test_opponents_cards_are_small_and_yours_large(size):
    screen, _surface = _drawn(10, size)
    d = screen.renderer.drawn
    mine = d["cards:0"]
    theirs = [r for k, r in d.items() if k.startswith("cards:") and k != "cards:0"]
    assert len(theirs) >= 5
    assert all(r.w <= mine.w * 0.7 and r.h <= mine.h * 0.7 for r in theirs)


def test_chips_are_drawn_as_stacks_that_grow_with_the_amount():
    assert [stack_size(c) for c in (5, 20, 180, 1500, 25000, 10 ** 7)] == [1, 2, 3, 4, 5, 5]
    screen, surface = _drawn(10, (1366, 768))
    gold = screen.renderer.palette.gold
    bets = {int(k[4:]): r for k, r in screen.renderer.drawn.items() if k.startswith("bet:")}
    view = screen._view()
    heights = {}
    for seat, rect in bets.items():
        column = rect.x + rect.h // 2  # through the stack's middle
        rows = [y for y in range(rect.y, rect.bottom)
                if tuple(surface.get_at((column, y)))[:3] == gold]
        heights[seat] = max(rows) - min(rows) + 1
    by_bet = sorted(bets, key=lambda k: view.player(k).bet)
    small, large = by_bet[0], by_bet[-1]
    assert stack_size(view.player(large).bet) > stack_size(view.player(small).bet)
    assert heights[large] > heights[small]


@pytest.mark.parametrize("size", SIZES)
def test_the_title_line_is_never_smaller_than_the_body_text(size):
    screen, surface = _drawn(10, size)
    r = screen.renderer
    text = r.palette.text

    def glyph_height(area: pygame.Rect) -> int:
        """The tallest run of rows holding text-coloured pixels in ``area``."""
        rows = [y for y in range(area.y, area.bottom)
                if any(min(c - 12 <= v for c, v in zip(text, surface.get_at((x, y))[:3],
                                                       strict=False))
                       for x in range(area.x, area.right, 1))]
        runs, run, last = [], 0, None
        for y in rows:
            run = run + 1 if last is not None and y == last + 1 else 1
            last = y
            runs.append(run)
        return max(runs, default=0)

    title = r.rects["heading:players"]
    assert len(r.title_rows) in (1, 2) and all(t in " ·".join(
        row for row, _size in r.title_rows) for t in screen.title_parts())
    if len(r.title_rows) == 2:  # the first of its two rows
        title = pygame.Rect(title.x, title.y, title.w, title.h // 2)
    body = r.rects["state:0"]
    assert glyph_height(title) >= glyph_height(body) > 0
    # and the size it was drawn at is the body's (as the Game state asks it) or more
    scale = TableLayout(*size).scale
    assert all(drawn >= round(BODY * scale) for _row, drawn in r.title_rows)
    assert title.bottom <= TableLayout(*size).title.h
