"""Issue 28: nothing breaks a blind player's trust — the real Desktop driven
by key events, heard through the recording speaker."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui import table as table_module  # noqa: E402
from tests.clock import Clock  # noqa: E402
from tests.driving import keys, window  # noqa: E402


@pytest.fixture
def desktop(player_home):
    d = Desktop(rng=random.Random(8), speaker=RecordingSpeaker())
    yield d
    d.close()


def my_turn(app, session) -> None:
    for _ in range(40):
        if session.hand is not None and not session.hand.over and session.hand.to_act == 0:
            return
        keys(app, "n" if session.hand is None or session.hand.over else "c")
    raise AssertionError("the player's turn never came")


def game_said(desktop) -> list[str]:
    return [s.text for s in desktop.speech.history if s.kind == "game"]


# -- item 9: your own move is said at once, the rest as it happens ----------


class Watching:
    """A computer player's controller that notes what had been spoken when it
    began to think."""

    def __init__(self, inner, heard: list[str], rec: RecordingSpeaker) -> None:
        self.inner, self.heard, self.rec = inner, heard, rec

    def decide(self, view):
        self.heard.append(self.rec.calls[-1][0] if self.rec.calls else "")
        return self.inner.decide(view)


def test_your_move_is_said_before_the_computers_think_and_grows_as_one(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    rec = desktop.speech.speaker
    heard: list[str] = []
    for seat in (1, 2, 3):
        session.seats[seat].controller = Watching(session.seats[seat].controller, heard, rec)
    for _ in range(10):
        my_turn(app, session)
        before = len(game_said(desktop))
        calls = len(rec.calls)
        heard.clear()
        keys(app, "c")
        said = game_said(desktop)
        assert len(said) == before + 1  # still one announcement per own action
        move = said[-1]
        assert move.startswith(("You call", "You check"))
        if heard:  # the first computer after you began thinking once your move was spoken
            assert heard[0].startswith(("You call", "You check")), heard
            parts = [text for text, interrupt in rec.calls[calls:] if not interrupt]
            assert len(parts) > 1 and " ".join(parts) == move  # spoken as it grew
            assert app.screen.announcements[-1] == move == desktop.speech.last_announcement()
            return
    raise AssertionError("no computer ever acted after the player")


# -- item 4: type-ahead ------------------------------------------------------


@pytest.mark.type_ahead_guard
def test_quick_presses_act_only_on_the_decision_heard(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    screen = app.screen
    clock = Clock()
    screen.guard_clock = clock
    my_turn(app, session)
    clock.now += 1.0  # the player heard their turn
    hands = session.hands_played
    moves = len(game_said(desktop))
    keys(app, "c", "c", "c", "c")  # four presses within a few milliseconds
    assert len(game_said(desktop)) == moves + 1  # one action, not four streets
    assert game_said(desktop)[-1].startswith(("You call", "You check"))
    ignored = desktop.bank.requested.count("too_soon")
    if session.hand.over:
        assert session.hands_played == hands + 1
    assert ignored == 3  # each ignored press says so with its cue
    assert "error" not in desktop.bank.requested[-3:]
    # A real second press, after the announcement could be heard, acts.
    clock.now += table_module.TYPE_AHEAD_GUARD + 0.05
    keys(app, "n" if session.hand.over else "c")
    assert len(game_said(desktop)) == moves + 2
    assert desktop.bank.requested.count("too_soon") == ignored


@pytest.mark.type_ahead_guard
def test_information_keys_are_never_held_back(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    app.screen.guard_clock = Clock()
    my_turn(app, session)
    keys(app, "p")  # within the guard: information still answers at once
    assert desktop.speech.history[-1].text.startswith("Pot: ")
