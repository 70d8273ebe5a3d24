"""Pacing for the eye: the felt shows each computer's action in turn, an
all-in run-out street by street, the winning five lit before the chips
slide; any key catches up at once; the player's own moves and the spoken
game are never held back."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.actions import Action, ActionKind  # noqa: E402
from holdem_desktop.engine.events import (  # noqa: E402
    ActionTaken,
    HandStarted,
    PotAwarded,
    StreetDealt,
)
from holdem_desktop.engine.hand import Hand, HandConfig  # noqa: E402
from holdem_desktop.engine.views import seat_view  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.ui.action_panel import Command  # noqa: E402
from holdem_desktop.ui.draw import TableRenderer  # noqa: E402
from holdem_desktop.ui.pacing import PACES, Pacer, picture  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402
from tests.ui.tables import table  # noqa: E402
from tests.ui.test_table_look import overlaps  # noqa: E402

NATURAL = PACES["natural"]


class Clock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def _run_out() -> Hand:
    """You (seat 0) shove, Ada (seat 1) calls: the board is dealt at once."""
    cfg = HandConfig(stacks=(500, 500), blinds=(0, 10), min_bet=10, chip_unit=10, seats=(0, 1))
    hand = Hand(cfg, stacked_deck(["AsAd", "KcQh"], "2c 7d 9h 3s Jd"))
    hand.apply(0, Action.all_in())
    hand.apply(1, Action.call())
    assert hand.over
    return hand


def _paced(hand: Hand, me: int = 0) -> tuple[Pacer, Clock, list[object]]:
    clock, shown = Clock(), []
    pacer = Pacer(clock, me, lambda: "natural", shown.append)
    for e in hand.events:
        pacer.add(e)
    return pacer, clock, shown


def test_a_run_out_is_shown_street_by_street_then_the_winning_five_then_the_pot():
    hand = _run_out()
    pacer, clock, shown = _paced(hand)
    view = seat_view(hand, 0)
    times: dict[str, float] = {}
    for _ in range(1500):  # 10 ms steps, bounded
        if not pacer.pending:
            break
        clock.now += 0.01
        pacer.tick()
        for e in shown:
            key = (f"street {int(e.street)}" if isinstance(e, StreetDealt) else
                   "pot" if isinstance(e, PotAwarded) else None)
            if key and key not in times:
                times[key] = clock.now
                pic = picture(view, pacer.shown) if pacer.pending else view
                if key == "street 1":
                    assert len(pic.board) == 3
        if "street 3" in times and "pot" not in times:  # the river is out, the pot waits
            assert set(pacer.lit(view)) == set(next(
                e for e in hand.events if isinstance(e, PotAwarded)).value.cards)
    assert not pacer.pending
    assert times["street 1"] < times["street 2"] < times["street 3"] < times["pot"]
    assert times["street 2"] - times["street 1"] >= NATURAL.street - 0.02
    assert times["pot"] - times["street 3"] >= NATURAL.lit - 0.02
    assert len(pacer.lit(view)) == 5  # still lit once the pot has gone


def test_the_picture_holds_the_stacks_until_the_pot_is_shown_going():
    hand = _run_out()
    pacer, clock, _shown = _paced(hand)
    view = seat_view(hand, 0)
    pic = picture(view, pacer.shown)
    assert pic.board == () and not pic.over
    # your shove is shown at once; Ada's call, the board and the pot wait
    assert {p.seat: p.stack for p in pic.players} == {0: 0, 1: 490}
    assert pic.pot == 510 and pic.player(0).all_in
    clock.now += 60
    pacer.tick()  # long after: everything has been shown
    assert not pacer.pending
    pacer.skip()
    assert picture(view, pacer.shown) is view


def test_a_key_catches_up_at_once():
    hand = _run_out()
    pacer, _clock, shown = _paced(hand)
    assert pacer.pending
    assert pacer.skip()
    assert not pacer.pending and len(shown) == len(hand.events)
    assert pacer.shown == len(hand.events)


def test_the_player_s_own_action_is_never_held_back():
    clock, shown = Clock(), []
    pacer = Pacer(clock, 0, lambda: "natural", shown.append)
    pacer.add(HandStarted((1, 0), (500, 500), 0, (10, 20), (0, 0)))
    mine = ActionTaken(0, ActionKind.CALL, 20, 10, False, 0)
    pacer.add(mine)
    assert shown[-1] == mine and not pacer.pending
    theirs = ActionTaken(1, ActionKind.CALL, 20, 10, False, 0)
    pacer.add(theirs)
    assert pacer.pending  # a computer's move waits its turn to be seen


def test_off_shows_everything_at_once():
    hand = _run_out()
    clock, shown = Clock(), []
    pacer = Pacer(clock, 0, lambda: "off", shown.append)
    for e in hand.events:
        pacer.add(e)
    assert not pacer.pending and len(shown) == len(hand.events)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("n", [3, 6, 10])
def test_each_computer_action_shows_in_turn_and_nothing_overlaps_on_the_way(n, size):
    renderer = TableRenderer(assets_dir() / "cards" / "classic")
    screen, clock = table(n, "mid", renderer)
    screen.pacer.pace = lambda: "natural"
    clock.now = 100.0
    surface = pygame.Surface(size)
    screen.draw(surface)
    before = len(screen.session.view(0).history)
    for _ in range(30):  # your move, until the computers after you have acted
        if not screen.panel.activate(Command.CHECK_CALL).done:
            break
        if len(screen.session.view(0).history) > before + 1:
            break
    real = screen.session.view(0)
    others = [e for e in real.history[before:] if isinstance(e, ActionTaken) and e.seat != 0]
    if not others:
        pytest.skip("the seeded computers had nothing left to do")  # pragma: no cover
    assert screen.pacer.pending and screen.animating(clock.now)
    seen: list[int] = []
    for step in range(600):  # 20 ms frames, bounded
        clock.now += 0.02
        screen.draw(surface)
        d = dict(screen.renderer.drawn)
        moving = [k for k in d if k.startswith(("award:", "bet:"))]
        fixed = [k for k in d if k.startswith(("seat:", "cards:", "board"))]
        assert [(a, b) for a in moving for b in fixed
                if a != b and d[a].colliderect(d[b])] == [], step
        seen.append(screen.pacer.shown)
        if not screen.pacer.pending and not screen.motion.active(clock.now):
            break
    assert not screen.pacer.pending
    assert sorted(seen) == seen  # only ever forward
    assert len(set(seen)) >= len(others)  # each computer's move had a frame of its own
    screen.draw(surface)
    assert overlaps(dict(screen.renderer.drawn)) == []


def test_any_key_skips_the_picture_to_the_end(player_home):
    screen, clock = table(6, "mid")
    screen.pacer.pace = lambda: "natural"
    clock.now = 100.0
    for _ in range(10):
        if not screen.panel.activate(Command.CHECK_CALL).done or screen.pacer.pending:
            break
    if not screen.pacer.pending:
        pytest.skip("no computer move left to pace")  # pragma: no cover
    screen.any_input()
    assert not screen.pacer.pending and not screen.animating(clock.now)
    assert screen._picture() == screen._view()


def test_the_move_log_is_written_at_once_and_shown_with_the_felt(player_home):
    # The Move log's lines are there at once for the keys that read it and
    # for the save; the side panel shows them as the felt shows their events.
    screen, clock = table(6, "mid")
    screen.pacer.pace = lambda: "natural"
    clock.now = 100.0
    lines = len(screen.log)
    for _ in range(10):
        if not screen.panel.activate(Command.CHECK_CALL).done or screen.pacer.pending:
            break
    if not screen.pacer.pending:
        pytest.skip("no computer move left to pace")  # pragma: no cover
    assert len(screen.log) > lines + 1
    surface = pygame.Surface((1280, 800))
    screen.draw(surface)
    drawn = screen._drawn_log(screen._behind(screen._view()))
    assert len(drawn) < len(screen.log) and screen.log[:len(drawn)] == drawn
    assert screen.renderer.painted_log[-1] == drawn[-1]
    clock.now += 60
    screen.draw(surface)
    assert screen.renderer.painted_log[-1] == screen.log[-1]


def test_the_seat_that_acted_lights_up_a_moment():
    from holdem_desktop.ui.motion import ACTED, Motion

    clock = Clock()
    motion = Motion(clock)
    motion.on_event(ActionTaken(3, ActionKind.CALL, 20, 20, False, 0))
    clock.now += ACTED / 2
    assert motion.progress("acted:3") is not None and motion.active()
    clock.now += ACTED
    assert motion.progress("acted:3") is None


def test_a_hand_whose_start_was_not_seen_is_shown_as_it_is():
    # A window that joins mid-hand (a room) paces nothing of that hand.
    hand = _run_out()
    clock, shown = Clock(), []
    pacer = Pacer(clock, 0, lambda: "natural", shown.append)
    for e in hand.events[1:]:  # its HandStarted went by before the window
        pacer.add(e)
    view = seat_view(hand, 0)
    # nothing waits: the felt, the Move log and the buttons show it as it is
    assert not pacer.pending and not pacer.paces(view) and len(shown) == len(hand.events) - 1
    full, _clock, _shown = _paced(hand)
    assert full.paces(view)
