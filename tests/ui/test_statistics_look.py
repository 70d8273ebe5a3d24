"""The Statistics page as it is seen and first heard: with no game played it
says so, by ear and on the picture, instead of a chart's heading over an
empty chart; and its figures grow with the window as every page's words do."""

from __future__ import annotations

import pytest

from holdem_desktop.ui.app import App
from holdem_desktop.ui.help_pages import KeysPage
from holdem_desktop.ui.statistics import StatisticsPage
from tests.driving import keys
from tests.ui.test_statistics_by_ear import stored

pygame = pytest.importorskip("pygame")

NO_GAMES = ("No games yet. Play a game, and your figures and the chart of your chips "
            "show here.")


def statistics(desktop, size: tuple[int, int] = (1280, 800)) -> App:
    app = App(desktop.menu(), size, keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "statistics"
    keys(app, "return")
    assert isinstance(app.screen, StatisticsPage)
    app.frame()
    return app


def longest_run(surface: pygame.Surface, x: int, top: int, bottom: int,
                color: tuple[int, int, int]) -> int:
    """The longest run of ``color`` down the column ``x`` (an axis is one)."""
    best = run = 0
    for y in range(top, bottom):
        run = run + 1 if surface.get_at((x, y))[:3] == color else 0
        best = max(best, run)
    return best


def test_no_game_played_is_said_and_shown_without_an_empty_chart(desktop):
    app = statistics(desktop)
    page = app.screen
    assert desktop.speech.history[-1].text == "Statistics. " + NO_GAMES
    controls = page.controls()
    assert not any(c.role.name == "HEADING" for c in controls), controls  # no heading over nothing
    assert [c.id for c in controls][-2:] == ["export", "close"]
    keys(app, "tab")
    assert desktop.speech.history[-1].text.startswith("Export to CSV, button")
    # the picture: no chart axes, the words "No games yet" where the chart would be
    surface = app.surface
    w, h = surface.get_size()
    left = round(w * 0.56)
    chart = pygame.Rect(left + 10, round(h * 0.12), w - left - 30, round(h * 0.6))
    dim = page.renderer.palette.dim
    for x in range(chart.x, chart.centerx):  # where the vertical axis was drawn
        assert longest_run(surface, x, chart.y, chart.bottom, dim) < 40, x
    words = page.renderer.drawn["no_games"]
    assert chart.contains(words) and words.w > chart.w // 4


def test_the_figures_grow_with_the_window_as_every_pages_words_do(desktop):
    stored(desktop, [("Tournament", "easy")])
    size = (1920, 1080)
    app = statistics(desktop, size)
    figure = app.screen.renderer.drawn["text:all:0"]
    keys(app, "f1")  # the list of keys: a page of lines of text at the same size
    assert isinstance(app.screen, KeysPage)
    app.frame()
    line = next(r for k, r in app.screen.renderer.drawn.items() if k.startswith("text:"))
    assert figure.h == line.h, (figure, line)
    small = statistics(desktop).screen.renderer.drawn["text:all:0"]
    assert figure.h > small.h * 1.2


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_charts_words_grow_with_the_window_as_the_figures_do(desktop, size):
    stored(desktop, [("Tournament", "easy")])
    app = statistics(desktop, size)
    drawn = app.screen.renderer.drawn
    figure = drawn["text:all:0"]  # "Hands played: 3.", a line of the figures beside it
    area = app.surface.get_rect()
    chart = pygame.Rect(round(area.w * 0.56) + 10, round(area.h * 0.12),
                        area.w - round(area.w * 0.56) - 30, round(area.h * 0.6))
    # the axes' words (the highest and lowest chips, the hands) and the chart's
    # heading as large as a line of the figures; all within the chart
    for key in ("chart:high", "chart:low", "chart:hands"):
        assert drawn[key].h >= figure.h, (key, drawn[key], figure)
        assert chart.contains(drawn[key]), key
    assert drawn["chart:title"].h >= figure.h and chart.contains(drawn["chart:title"])
    assert drawn["chart:hands"].top > drawn["chart:low"].top  # under the axis
