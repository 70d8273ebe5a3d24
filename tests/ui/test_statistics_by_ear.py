"""The Statistics page as a player hears it, its stored games built as the
store's tests build them: the results against the computer levels in the
order of their strength, each part of the figures named when Tab enters
it, and the chart's words when the stack never rose above the start."""

from __future__ import annotations

import pytest

from holdem_desktop.i18n.records import chart_points
from holdem_desktop.store import GameInfo
from holdem_desktop.ui.app import App
from holdem_desktop.ui.statistics import StatisticsPage
from tests.driving import keys
from tests.store.test_review import scripted

pygame = pytest.importorskip("pygame")


def stored(desktop, games: list[tuple[str, str]]) -> None:
    """One finished game of three scripted hands for each (table, level)."""
    store = desktop.hand_store()
    for table, level in games:
        game = None
        for number in (1, 2, 3):
            game = store.add_hand(game, GameInfo("local", table, "Mara", level, 3), number,
                                  scripted(), 2, ["normal", "normal", "human"])
        store.finish_game(game, 1)


def statistics(desktop) -> App:
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "statistics"
    keys(app, "return")
    assert isinstance(app.screen, StatisticsPage)
    return app


def heard(desktop) -> str:
    return desktop.speech.history[-1].text


def tab_to(app: App, desktop, start: str) -> str:
    """Tab until a line starting with (or naming its part before) ``start``."""
    for _ in range(60):
        keys(app, "tab")
        if start in heard(desktop):
            return heard(desktop)
    raise AssertionError(f"no line with {start!r}")


def test_the_computer_levels_come_in_the_order_of_their_strength(desktop):
    stored(desktop, [("Tournament", "hard"), ("Tournament", "easy"), ("Tournament", "normal")])
    page = statistics(desktop).screen
    lines = [c.label for c in page.controls() if c.id.startswith("against:")]
    assert [line.split(":")[0] for line in lines] == [
        "Computer players, Easy", "Computer players, Normal", "Computer players, Hard"]


def test_tab_into_a_variants_figures_says_which_variant_they_are(desktop):
    stored(desktop, [("Tournament", "easy"), ("Tournament", "easy"), ("Heads-up", "easy")])
    app = statistics(desktop)
    keys(app, "tab")  # from the first heading: its first line, the heading just heard
    assert heard(desktop) == "Hands played: 9."
    said = tab_to(app, desktop, "Hands played: 6.")
    assert said == "Tournament only. Hands played: 6."
    keys(app, "tab")  # within the part: the line alone
    assert heard(desktop).startswith("Played voluntarily (VPIP)")
    said = tab_to(app, desktop, "Hands played: 3.")
    assert said == "Heads-up only. Hands played: 3."
    said = tab_to(app, desktop, "Games: ")
    assert said.startswith("Places. Games: 3;")
    # Shift+Tab back up into the part before: named again
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    app.run(max_events=1)
    assert heard(desktop) == "Heads-up only. Biggest pot won: 700."
    keys(app, "h")  # the next heading, then Down reads on: no heading said twice
    keys(app, "down")
    assert heard(desktop).startswith("Games: 3;")


def test_the_chart_never_says_a_peak_after_hand_0():
    assert chart_points([1500, 0]) == "Start 1,500. Never above the start. Busted at hand 1."
    assert chart_points([1000, 800, 900]) == (
        "Start 1,000. Never above the start. Lowest 800 after hand 1. End 900 after hand 2.")
    assert chart_points([1000, 1200, 900]) == (
        "Start 1,000. Peak 1,200 after hand 1. Lowest 900 after hand 2. "
        "End 900 after hand 2.")


def test_the_game_choice_stops_at_its_ends_as_every_combo_box_does(desktop):
    stored(desktop, [("Tournament", "easy"), ("Heads-up", "easy"), ("Tournament", "hard")])
    app = statistics(desktop)
    app.screen.focus.id = "game"
    page = app.screen
    assert page.chosen == 0  # the newest game
    keys(app, "up")  # the item before the first: none, and the choice stays
    assert page.chosen == 0
    first = page._game_text()
    assert heard(desktop) == f"{first}, already the end, 1 of 3"
    said = []
    for _ in range(6):  # bounded: Down stops at the last game
        keys(app, "down")
        said.append(heard(desktop))
        if "already the end" in said[-1]:
            break
    assert page.chosen == 2
    assert ", 2 of 3. " in said[0] and ", 3 of 3. " in said[1]  # each game, its chart
    # the end said as a form's combo box says it ("2, already the end, 1 of 5")
    assert said[2:] == [f"{page._game_text()}, already the end, 3 of 3"]
