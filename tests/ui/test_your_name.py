"""One name for you on the screen (issue 33, 10): where the table shows
names (your seat's box, the title line, the winning hand on the felt, the
hand review's table) it shows your own name, as the others' and as any
poker client does; "You" stays in the first-person sentences (the Move log,
what is said), as before.  With no name set, the start screen's field, the
seat and the title line all say the same default name."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.new_game import NewGamePage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import window  # noqa: E402
from tests.ui.tables import table  # noqa: E402


def _names_shown(screen: TableScreen) -> list[str]:
    """Every place the table's picture names a player, as painted."""
    surface = pygame.Surface((1366, 768))
    screen.draw(surface)
    painted = [row for row, _size in screen.renderer.title_rows]
    return [*(p.name for p in screen.plates()), *painted, *screen.winner_lines()]


def test_the_table_shows_your_name_and_says_you_in_sentences():
    for seed in range(3, 40):  # a showdown you took part in
        screen, clock = table(4, "showdown", seed=seed)
        if 0 in {p.seat for p in screen.session.view(0).players if not p.folded}:
            break
    clock.now += 60  # the felt caught up
    shown = _names_shown(screen)
    assert screen.plates()[0].name == "Mara" and screen.plates()[0].me
    assert screen.title_parts()[0].startswith("Mara ")
    assert not any(text == "You" or text.startswith(("You ", "You:")) for text in shown), shown
    assert any(text.startswith("Mara: ") for text in screen.winner_lines()) or \
        not any(p.winner for p in screen.plates() if p.seat == 0)
    log = screen.renderer.painted_log
    assert any(line.startswith("You ") for line in log)  # "You call 20.", first person
    assert not any(line.startswith("Mara ") for line in log)


def test_with_no_name_set_every_place_says_the_same_default(player_home):
    desktop = Desktop(rng=random.Random(2), speaker=RecordingSpeaker())
    assert not desktop.settings.player_name
    form = NewGamePage(desktop, desktop.speech.say).form
    assert form is not None
    shown_in_the_field = form.values["name"]
    session = desktop.start_variant("tournament")
    assert not isinstance(session, str)
    app = window(desktop, session)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    default = session.seats[0].name
    assert default == shown_in_the_field == "Player"
    assert screen.plates()[0].name == default
    assert screen.title_parts()[0].startswith(default + " ")
