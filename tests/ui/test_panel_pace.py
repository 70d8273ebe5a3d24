"""The side panel follows the felt (issue 33 items 1 and 6): the Move log,
the Game state and the action buttons say nothing the felt has not shown
yet, frame by frame, in an all-in run-out and in normal play; speech and
the keys read the game as it is at once; one seat at most wears the "to
act" frame.  Measured in the frames the real window draws (the words the
renderer painted, the colours of its pixels), on a clock the test moves."""

from __future__ import annotations

import os
import random
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.actions import Action, ActionKind  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.keymap import Key  # noqa: E402
from holdem_desktop.ui.page import Page  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.clock import Clock  # noqa: E402
from tests.driving import keys, window  # noqa: E402

STREETS = {"Flop: ": 3, "Turn: ": 4, "River: ": 5}
"""How the Move log starts a street's line, and the board cards it needs."""


class Caller:
    """Calls whatever it faces (an all-in too), checks otherwise."""

    def decide(self, view):
        kinds = {a.kind for a in view.legal_actions}
        if ActionKind.CALL in kinds:
            return Action.call()
        return Action.check() if ActionKind.CHECK in kinds else Action.fold()


class Folder:
    """Folds to any bet, checks otherwise."""

    def decide(self, view):
        kinds = {a.kind for a in view.legal_actions}
        return Action.check() if ActionKind.CHECK in kinds else Action.fold()


def _table(seed: int, players: int, controller=None) -> tuple[Desktop, App, Clock]:
    """A game on the real Desktop in the real window at the natural pace
    (the default), the computers played by ``controller`` when given, the
    felt on a clock the test moves."""
    desktop = Desktop(rng=random.Random(seed), speaker=RecordingSpeaker())
    assert desktop.settings.motion_pace == "natural"
    session = desktop.new_game("tournament", players, "normal", "Mara")
    if controller is not None:
        for seat in session.seats[1:]:
            seat.controller = controller()
    app = window(desktop, session)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    screen.any_input()  # the first deal shown: from here on the test's clock runs the felt
    clock = Clock(time.monotonic() + 1000.0)
    screen.pacer.clock = screen.motion.clock = clock
    app.frame()
    return desktop, app, clock


def _frame(app: App, clock: Clock, step: float) -> dict:
    """Move the clock on and draw a frame through the window; what it shows."""
    clock.now += step
    app.dirty = True
    app.frame()
    screen = app.screen
    r = screen.renderer
    palette = r.palette

    def enabled(control: str) -> bool | None:
        rect = r.rects.get(control)
        if rect is None:
            return None
        colour = tuple(app.surface.get_at((rect.x + 4, rect.centery)))[:3]
        assert colour in (palette.button, palette.button_off), colour
        return colour == palette.button

    def ringed(control: str) -> bool:
        rect = r.rects.get(control)
        return rect is not None and tuple(app.surface.get_at((rect.x - 3, rect.centery)))[
            :3] == palette.focus

    framed = [int(k[5:]) for k, box in r.drawn.items() if k.startswith("seat:")
              and tuple(app.surface.get_at((box.x + 1, box.centery)))[:3] == palette.seat_turn]
    board = sum(1 for k in range(5) if f"board:{k}" in r.rects)
    return {
        "t": clock.now, "board": board,
        "landed": board == 5 and screen.motion.progress("board:4") is None,
        "log": list(r.painted_log),
        "state": [text for k, text in r.painted.items() if k.startswith("state:")],
        "buttons": {k[7:]: text for k, text in r.painted.items() if k.startswith("button:")},
        "check_call": enabled("button:check_call"), "next_hand": enabled("button:next_hand"),
        "framed": framed, "turns": list(r.turns),
        "ring": [k for k in ("check_call", "next_hand") if ringed("button:" + k)],
    }


def _run(app: App, clock: Clock, step: float = 0.05, limit: int = 400) -> list[dict]:
    """Frames every ``step`` seconds until the felt has shown everything and
    stopped moving (bounded)."""
    frames = []
    screen = app.screen
    for _ in range(limit):
        frames.append(_frame(app, clock, step))
        if not screen.pacer.pending and not screen.motion.active(clock.now):
            frames.append(_frame(app, clock, step))  # at rest
            return frames
    raise AssertionError("the felt never caught up")


def _street_shown(frame: dict) -> None:
    """No Move log line for a street whose cards the felt has not drawn (of
    the hand on the felt: the lines after the last "Hand 4. …" line)."""
    log = frame["log"]
    starts = [k for k, line in enumerate(log) if line.startswith("Hand ")]
    for line in log[starts[-1] if starts else 0:]:
        for start, cards in STREETS.items():
            if line.startswith(start):
                assert frame["board"] >= cards, (frame["t"], line, frame["board"])


def _all_in(seed: int):
    desktop, app, clock = _table(seed, 2, Caller)
    session = app.screen.session
    assert session.waiting_for == 0
    keys(app, "a", "a")
    assert session.hand.over and len(session.view(0).board) == 5
    return desktop, app, clock


@pytest.mark.parametrize("seed", [5, 8])
def test_an_all_in_run_out_is_read_at_the_felt_s_pace(player_home, seed):
    desktop, app, clock = _all_in(seed)
    screen = app.screen
    try:
        # The game is over at once: speech has said all of it, the true Move
        # log (the keys, the save) has all of it; the picture has none of it.
        pots = [line for line in screen.move_log.lines if " the pot of " in line]
        assert pots, screen.move_log.lines[-6:]
        heard = [s.text for s in desktop.speech.history if s.kind == "game"][-1]
        assert " the pot of " in heard and "River: " in heard
        assert screen.pacer.pending
        # the keys' focus is on Next hand at once (what Enter does now) ...
        assert screen.focus.id == "button:next_hand"
        frames = _run(app, clock)
        landed_at = next(f["t"] for f in frames if f["landed"])
        first = {start: next((f["t"] for f in frames if any(line.startswith(start)
                                                             for line in f["log"])), None)
                 for start in STREETS}
        won_at = next(f["t"] for f in frames if pots[-1] in f["log"])
        for f in frames:
            _street_shown(f)
            if not f["landed"]:  # the hand is not over on the felt
                assert not any(p in f["log"] for p in pots), f["t"]
                assert not any(" the pot of " in line for line in f["state"]), f["state"]
                assert f["buttons"]["next_hand"] == "Next hand" and not f["next_hand"]
                assert not f["check_call"]
                assert f["ring"] == ["check_call"]  # ... the ring goes there with the felt
            assert len(f["turns"]) <= 1 and len(f["framed"]) <= 1
        start = frames[0]["t"] - 0.05
        assert frames[0]["board"] == 0 and not any(
            line.startswith(tuple(STREETS)) for line in frames[0]["log"])
        # each street's line comes with its cards, at the felt's pace; the win after the river
        assert None not in first.values()
        assert first["Flop: "] < first["Turn: "] < first["River: "] <= landed_at <= won_at
        assert first["Flop: "] - start >= 0.8  # the natural pace: a call, then the flop
        end = frames[-1]
        assert all(p in end["log"] for p in pots) and end["next_hand"]
        assert end["ring"] == ["next_hand"]
        assert end["buttons"]["next_hand"] == ("New game" if screen.session.game_over
                                               else "Next hand")
    finally:
        desktop.close()


def test_keys_read_the_game_as_it_is_in_the_middle_of_a_run_out(player_home):
    desktop, app, clock = _all_in(5)
    screen = app.screen
    try:
        _frame(app, clock, 0.3)  # the felt has hardly begun
        assert screen.pacer.pending and len(screen._picture().board) < 5
        board = screen.session.view(0).board
        keys(app, "t")
        assert desktop.speech.speaker.calls[-1][0].startswith("Board: ")
        assert desktop.speech.speaker.calls[-1][0] == screen.inform(Key.BOARD)
        assert len(board) == 5 and not screen.pacer.pending  # and the felt caught up with it
        keys(app, "i")  # the whole state, as it is: the hand (here the game) is over
        said = desktop.speech.speaker.calls[-1][0]
        assert said == screen.read_state()
        assert "Game over" in said or " won " in said or "Split pot" in said, said
        f = _frame(app, clock, 0.05)
        assert f["board"] == 5 and f["next_hand"]
    finally:
        desktop.close()


def test_in_normal_play_the_buttons_and_state_never_run_ahead_of_the_felt(player_home):
    desktop, app, clock = _table(11, 6)
    screen = app.screen
    session = screen.session
    try:
        seen_turn_on_a_new_street = held = 0
        hands = session.hands_played
        for _ in range(80):  # keys, each followed by the frames until the felt catches up
            if session.hands_played >= hands + 4 or session.game_over:
                break
            before = len(session.view(0).board) if session.hand is not None else 0
            keys(app, "n" if session.hand.over else "c")
            real = session.view(0)
            told = screen.messages[-1]  # what the key set off, said at once
            frames = _run(app, clock)
            if screen._said_at == len(screen.log) and told == screen.announcements[-1]:
                # the Game state writes it once the felt has shown it all, not before
                assert frames[-1]["state"][-1].startswith(told[:40])
                held += any(not any(line.startswith(told[:40]) for line in f["state"])
                            for f in frames)  # it waited for the felt a while
                for f in frames:
                    if any(line.startswith(told[:40]) for line in f["state"]):
                        assert f["board"] == len(real.board), f
            for f in frames:
                _street_shown(f)
                assert len(f["turns"]) <= 1 and len(f["framed"]) <= 1, f
                mine = f["check_call"] or any(line.startswith("Your turn") for line in
                                              f["state"])
                if mine:  # a decision is shown only on the street the felt has drawn
                    assert f["board"] == len(real.board) and real.to_act == 0, f
                    seen_turn_on_a_new_street += len(real.board) > before
        assert session.hands_played >= hands + 2
        assert seen_turn_on_a_new_street, "no turn of the player's on a street dealt meanwhile"
        assert held, "no announcement waited for the felt"
    finally:
        desktop.close()


def test_one_seat_at_most_wears_the_turn_frame_when_the_last_actor_folds(player_home):
    """Computers that fold to any bet: the seat that folded just before your
    turn (or the hand's end) never keeps the frame."""
    desktop, app, clock = _table(3, 4, Folder)
    screen = app.screen
    session = screen.session
    try:
        folded_then_you = 0
        for _ in range(40):
            if session.hands_played >= 6 or session.game_over:
                break
            keys(app, "n" if session.hand.over else "c")
            frames = _run(app, clock)
            for f in frames:
                assert len(f["framed"]) <= 1 and f["framed"] == f["turns"], f
            rest = frames[-1]
            real = session.view(0)
            if real.over:
                assert rest["framed"] == []
            else:
                assert rest["framed"] == [real.to_act]
            actions = [e for e in real.history if type(e).__name__ == "ActionTaken"]
            if not real.over and actions and actions[-1].kind is ActionKind.FOLD \
                    and real.to_act == 0:
                folded_then_you += 1
                assert rest["framed"] == [0]
        assert folded_then_you, "no hand where a fold came just before your turn"
    finally:
        desktop.close()


def test_the_window_draws_once_more_when_the_motion_stops(player_home):
    class Moving(Page):
        def __init__(self) -> None:
            super().__init__(lambda text: None)
            self.moving = True
            self.draws = 0

        def animating(self, now: float) -> bool:
            return self.moving

        def draw(self, surface) -> None:
            self.draws += 1

    page = Moving()
    app = App(page)
    app.frame()
    app.frame()
    assert page.draws == 2  # while it moves, every frame
    page.moving = False
    app.frame()
    assert page.draws == 3  # the frame at rest (a lit seat goes dark, a card lands)
    app.frame()
    assert page.draws == 3  # and then nothing: idle costs nothing
