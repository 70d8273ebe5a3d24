"""All-in asks once more however it is pressed: the A key, a click on the
button, Enter on it; the second press (by any of them) goes all-in."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.actions import ActionKind  # noqa: E402
from holdem_desktop.engine.events import ActionTaken  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.ui.tables import table  # noqa: E402


def _my_all_ins(screen) -> int:
    view = screen.session.view(0)
    return sum(1 for e in view.history if isinstance(e, ActionTaken) and e.seat == 0
               and (e.kind is ActionKind.ALL_IN or e.all_in))


def _click(app: App, control_id: str) -> None:
    rect = app.screen.rects[control_id]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    app.run(max_events=1)


@pytest.fixture
def app(player_home):
    screen, _clock = table(3, "mid")
    assert screen.session.waiting_for == 0
    window = App(screen, (1280, 800))
    window.frame()
    return window


def test_one_click_asks_and_the_second_goes_all_in(app):
    _click(app, "button:all_in")
    assert _my_all_ins(app.screen) == 0 and app.screen.session.waiting_for == 0
    assert app.screen.messages[-1].startswith("Press All-in again to go all-in, ")
    app.frame()
    _click(app, "button:all_in")
    assert _my_all_ins(app.screen) == 1


def test_enter_twice_on_the_button_goes_all_in(app):
    app.screen.focus.id = "button:all_in"
    keys(app, "return")
    assert _my_all_ins(app.screen) == 0
    keys(app, "return")
    assert _my_all_ins(app.screen) == 1


def test_the_key_and_the_button_are_one_question(app):
    keys(app, "a")
    assert _my_all_ins(app.screen) == 0
    app.frame()
    _click(app, "button:all_in")  # the click answers the key's question
    assert _my_all_ins(app.screen) == 1


def test_another_button_in_between_cancels_the_question(app):
    _click(app, "button:all_in")
    app.frame()
    keys(app, "tab")
    _click(app, "button:all_in")
    assert _my_all_ins(app.screen) == 0  # asked again, not taken


def test_the_whole_stack_chosen_names_the_bet_button_all_in(app):
    """Before: the All-in preset (or the stack typed) made the button "Raise
    to 1,500", on the felt and by ear, as if it were any raise; it is the
    whole stack, and the button says so (SPEC §5: Call, Bet and Raise carry
    their amount in their name), while the smaller amounts do not."""
    from holdem_desktop.ui.action_bar import AMOUNT_BOX
    from tests.driving import typed

    screen = app.screen
    me = screen.session.view(0).me
    stack = me.stack + me.bet
    verb = "Raise to" if screen.session.view(0).to_call else "Bet"
    said = screen.messages  # what was said, as the Game state zone shows it
    screen.focus.id = "preset:all_in"
    keys(app, "space")
    assert said[-1] == f"{verb} {stack:,}, all-in"
    app.frame()  # on the felt
    assert screen.renderer.painted["button:bet_raise"] == f"{verb} {stack:,}, all-in"
    keys(app, "down")  # one step down: a raise like any other
    assert said[-1].startswith(verb) and not said[-1].endswith("all-in"), said[-1]
    screen.focus.id = AMOUNT_BOX  # the stack typed is the same choice
    typed(app, str(stack))
    keys(app, "return")
    label = next(c.label for c in screen.table_controls() if c.id == "button:bet_raise")
    assert label == f"{verb} {stack:,}, all-in"
    app.frame()
    assert screen.renderer.painted["button:bet_raise"] == label
