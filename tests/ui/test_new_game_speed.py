"""New game's "Blinds go up" by keys, in the real window: its list in order
(every so many hands, fewest first, then every so many minutes), the game's
own speed chosen as the page opens, and the speed started with remembered at
the next launch, as the players and the strength are; a stored speed the
game cannot use is the game's own again, and said once."""

from __future__ import annotations

import json
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.settings import settings_path  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.menus import NewGamePage, StartPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402

HANDS = ["every 5 hands", "every 10 hands", "every 15 hands", "every 20 hands",
         "every 30 hands"]
MINUTES = ["every 5 minutes", "every 10 minutes", "every 15 minutes", "every 20 minutes",
           "every 30 minutes", "every 60 minutes"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    pygame.display.init()
    yield tmp_path
    pygame.display.quit()


def keys(app: App, *names: str) -> None:
    for name in names:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             mod=0))
        app.run(max_events=1)


def launch(home) -> tuple[Desktop, App]:
    """The game as started anew (settings read from the file), on New game's
    "Blinds go up" (the tournament's form: Game, Players, Starting stack,
    Blinds go up)."""
    desktop = Desktop(rng=random.Random(5), speaker=RecordingSpeaker(), data=home)
    app = App(StartPage(desktop, desktop.say), keymap=desktop.keymap)
    keys(app, "return")  # New game
    assert isinstance(app.screen, NewGamePage)
    keys(app, "tab", "tab", "tab")
    assert app.screen.focus.id == "speed"
    return desktop, app


def said(app: App) -> str:
    return app.screen.status


def test_blinds_go_up_steps_in_order_and_opens_on_the_games_own(home):
    _desktop, app = launch(home)
    page = app.screen
    assert page.form.values["speed"] == (10, None)  # the tournament's own
    n = len(HANDS) + len(MINUTES)
    heard = []
    for _ in range(n + 2):  # bounded: Up stops at the first item
        keys(app, "up")
        heard.append(said(app))
        if "already the end" in heard[-1]:
            break
    assert heard == ["every 5 hands, 1 of 11", "every 5 hands, already the end, 1 of 11"]
    heard = []
    for _ in range(n + 2):  # Down, to the last
        keys(app, "down")
        heard.append(said(app))
        if "already the end" in heard[-1]:
            break
    expected = [f"{label}, {k} of {n}" for k, label in enumerate(HANDS + MINUTES, 1)][1:]
    assert heard == [*expected, f"every 60 minutes, already the end, {n} of {n}"]


def test_the_blind_speed_started_with_is_chosen_at_the_next_launch(home):
    _desktop, app = launch(home)
    for _ in range(7):  # every 20 minutes, Down from every 10 hands
        keys(app, "down")
    assert said(app) == "every 20 minutes, 9 of 11"
    app.screen.focus.id = "start"
    keys(app, "return")
    assert isinstance(app.screen, TableScreen)
    schedule = app.screen.session.variant.schedule
    assert (schedule.hands_per_level, schedule.minutes_per_level) == (None, 20)
    stored = json.loads(settings_path().read_text(encoding="utf-8"))
    assert stored["blind_speed"] == "minutes:20"
    # the next launch: the form opens on every 20 minutes
    _again, app = launch(home)
    assert app.screen.form.values["speed"] == (None, 20)
    keys(app, "down")
    assert said(app) == "every 30 minutes, 10 of 11"
    # another game (Fixed limit, every 10 hands) opens on its own speed, as its stack
    app.screen.focus.id = "variant"
    while app.screen.form.values["variant"] != "fixed_limit":
        keys(app, "up")  # bounded: the game list ends (and it is listed before the tournament)
        assert "already the end" not in said(app)
    assert app.screen.form.values["speed"] == (10, None)
    keys(app, "tab", "tab", "tab")
    keys(app, "down")
    assert said(app) == "every 15 hands, 3 of 11"


@pytest.mark.parametrize("stored", ["minutes:7", "hands:3", "fast", "hands:0", 20,
                                    "minutes:20,hands:x"])
def test_a_stored_speed_the_game_cannot_use_is_its_own_again(home, stored):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"players": 3, "blind_speed": stored}), encoding="utf-8")
    desktop, app = launch(home)
    assert app.screen.form.values["speed"] == (10, None)  # the tournament's own
    assert app.screen.form.values["players"] == 3  # the rest of the file still read
    if stored in ("fast", 20, "hands:0", "minutes:20,hands:x"):  # not a speed at all: said
        assert desktop.notices == [f"Some settings in {path} had values the game does not "
                                   "know and are back to their defaults: Blinds go up."]
