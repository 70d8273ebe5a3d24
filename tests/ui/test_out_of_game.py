"""After you are out of a game on this computer (issue 33, 10): once the felt
has shown the hand that knocked you out, a dialog offers "Watch to the end"
(the others' hands dealt by themselves, each once the felt has rested on the
last for WATCH_PAUSE) or "Go to the places" (the rest played at once, in
silence, and the places said).  Said as it opens, keys as every dialog,
through the real window and the recording speaker."""

from __future__ import annotations

import random

import pygame

from holdem_desktop.app import Desktop
from holdem_desktop.speech import RecordingSpeaker
from holdem_desktop.ui.app import App
from holdem_desktop.ui.dialog import Dialog
from holdem_desktop.ui.out_of_game import WATCH_PAUSE
from holdem_desktop.ui.table import TableScreen
from tests.desktop import wait_for
from tests.driving import keys, window
from tests.ui.tables import Clock


def heard(desktop: Desktop) -> list[str]:
    return [s.text for s in desktop.speech.history]


def knocked_out(seed: int = 5) -> tuple[Desktop, App, TableScreen]:
    """Mara goes all-in every hand against four computers until she is out
    (the felt at its natural pace); the window as it is then."""
    desktop = Desktop(rng=random.Random(seed), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 5, "easy", "Mara")
    app = window(desktop, session)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    for _ in range(400):
        if session.seats[0].place is not None:
            break
        screen.guard_until = 0.0  # (keys here are not typed ahead of what is said)
        if session.hand is not None and not session.hand.over and session.waiting_for == 0:
            keys(app, "a", "a")
        else:
            keys(app, "n")
    assert session.seats[0].place is not None and not session.game_over
    return desktop, app, screen


def offered(app: App, screen: TableScreen) -> Dialog:
    """The offer, asked once the felt has shown the hand (not before)."""
    if screen.pacer.pending:  # the felt still plays the hand that put you out: no offer yet
        app.run(max_events=1)
        assert app.screen is screen
        screen.any_input()  # the felt catches up (as any key makes it)
    # then the chips that move in real time land, and the dialog opens
    assert wait_for(lambda: app.run(max_events=1) or isinstance(app.screen, Dialog), 10)
    dialog = app.screen
    assert isinstance(dialog, Dialog)
    return dialog


def test_the_offer_comes_with_the_felt_and_watching_deals_at_its_pace(player_home):
    desktop, app, screen = knocked_out()
    dialog = offered(app, screen)
    said = heard(desktop)[-1]
    assert said.startswith("You are out. Watch the others play to the end")
    assert said.endswith("Watch to the end, button")  # the safe answer has the focus
    assert [c.label for c in dialog.controls()] == ["Watch to the end", "Go to the places"]
    assert not any("Watch" in m for m in screen.messages)  # said, not written under the box
    surface = pygame.Surface((1024, 640))
    dialog.draw(surface)
    assert surface.get_rect().contains(dialog.rects["dialog"])
    clock = Clock()  # the pause measured on a clock the test moves
    screen.out_of_game.clock = clock
    keys(app, "return")  # Watch to the end
    assert app.screen is screen
    assert heard(desktop)[-1].startswith("Watching to the end:")
    desktop.change_settings(desktop.settings.updated(motion_pace="off"))
    s = screen.session
    screen.motion.finish()  # the felt at rest; from now on it moves on the test's clock
    screen.motion.clock = clock
    rest_since: float | None = None
    deals = 0
    for _ in range(40_000):
        if s.game_over:
            break
        played, spoken = s.hands_played, len(desktop.speech.history)
        at_rest = not screen.pacer.pending and not screen.motion.active(clock.now)
        rest_since = (rest_since if rest_since is not None else clock.now) if at_rest else None
        app.run(max_events=1)
        if s.hands_played != played:  # dealt: once the felt has rested for the pause
            assert rest_since is not None
            # (to the test's step of 0.1 s either way)
            assert abs(clock.now - rest_since - WATCH_PAUSE) <= 0.1 + 1e-6
            assert any("Hand " in t for t in heard(desktop)[spoken:])  # and said
            rest_since, deals = None, deals + 1
        clock.now += 0.1
    assert deals >= 1
    assert s.game_over and isinstance(app.screen, TableScreen)
    clock.now += 10 * WATCH_PAUSE
    played = s.hands_played
    app.run(max_events=1)
    assert s.hands_played == played  # the game over: nothing more is dealt


def test_go_to_the_places_plays_the_rest_in_silence_and_says_the_places(player_home):
    desktop, app, screen = knocked_out(seed=7)
    offered(app, screen)
    keys(app, "tab", "return")  # Go to the places
    s = screen.session
    assert s.game_over and app.screen is screen
    after = heard(desktop)
    answer = next(k for k in range(len(after) - 1, -1, -1) if "Go to the places" in after[k])
    words = after[answer + 1:]
    assert len(words) == 1 and words[0].startswith("Game over:") and "Places: " in words[0]
    assert not screen.pacer.pending  # the felt shows the end at once
    store = desktop.hand_store()
    assert store is not None  # every hand played out is kept for Hand review
    assert store.query("SELECT count(*) FROM hands")[0][0] == s.hands_played
    screen.guard_until = 0.0
    keys(app, "n", "n")  # a new game with the same players: out of it, asked again
    assert not s.game_over and screen.out_of_game.state == "playing"


def test_escape_watches(player_home):
    desktop, app, screen = knocked_out(seed=9)
    offered(app, screen)
    keys(app, "escape")
    assert app.screen is screen and screen.out_of_game.state == "watching"
    assert heard(desktop)[-1].startswith("Watching to the end:")
