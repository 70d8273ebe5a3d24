"""The hand replay's own buttons (Previous action, Next action, Previous
street, Next street, Read state, Close) are drawn in the Actions zone where
the table's action bar stands, each labelled, inside the window and apart,
and a click on one acts as its key does.  Since the table's bar became a
poker client's (issue 33), it drew only its own buttons: in the replay the
zone showed an empty amount scale and nothing to click."""

from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.store import GameInfo  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.review import ReplayPage  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.store.test_review import scripted  # noqa: E402

BUTTONS = ("previous", "next", "previous_street", "next_street", "state", "close")


def opened_replay() -> tuple[App, Desktop, ReplayPage]:
    """Hand 7 of a stored game (Mara is you), opened from the start screen's
    Hand review by keys."""
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    store = desktop.hand_store()
    assert store is not None
    store.add_hand(None, GameInfo("local", "Tournament", "Mara", "normal", 3), 7, scripted(),
                   2, ["normal", "normal", "human"])
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "review"
    keys(app, "return", "return", "return")  # Hand review, the game, its hand 7
    page = app.screen
    assert isinstance(page, ReplayPage), page
    return app, desktop, page


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_replay_draws_its_buttons_and_a_click_steps(player_home, size):
    app, desktop, page = opened_replay()
    surface = pygame.Surface(size)
    page.draw(surface)
    painter = page.renderer
    rects = [page.rects.get(b) for b in BUTTONS]
    assert all(r is not None for r in rects), page.rects.keys()
    window = surface.get_rect()
    assert all(window.contains(r) for r in rects)
    assert not any(a.colliderect(b) for k, a in enumerate(rects) for b in rects[k + 1:])
    labels = [painter.painted.get(b) for b in BUTTONS]
    assert labels == ["Previous action", "Next action", "Previous street", "Next street",
                      "Read state", "Close"]
    assert "amounts" not in page.rects  # no empty amount scale in the replay
    app.run(max_events=0)  # the window's own picture (its rects are the ones clicked)
    said = len(desktop.speech.history)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=page.rects["next"].center))
    app.run(max_events=1)
    assert desktop.speech.history[said:], "a click on Next action said nothing"
    assert desktop.speech.history[-1].text == page.steps[1].line


def test_the_last_step_shows_what_was_won_as_the_table_does(player_home):
    # The sweep: the replay's last step showed "Pot 0" (the pot already
    # paid) on the felt and in Game state; the live table at that moment
    # shows who won what ("You won 700.").
    _app, _desktop, page = opened_replay()
    page.index = len(page.steps) - 1
    surface = pygame.Surface((1024, 640))
    page.draw(surface)
    painted = page.renderer.painted
    assert painted["pot"] == "You won 700."  # the words the table uses (plates.pot_results)
    assert "pot" in page.rects  # on the felt, above the board
    assert not any("Pot 0" in text for text in painted.values()), painted
    page.index = len(page.steps) - 2  # the last action ("You check."), before the end:
    page.draw(surface)  # the pot as it stands, nobody paid yet, no cards shown yet
    assert page.renderer.painted["pot"] == "Pot 700"
    v = page.view()
    assert not v.over and [(p.stack, p.shown) for p in v.players] == \
        [(660, ()), (980, ()), (660, ())]
    assert sum(p.stack for p in v.players) + v.pot == 3000
