"""The action buttons: fixed order, amounts from the engine, the amount
scale, and a reason for every refusal."""

from __future__ import annotations

import random

import pytest

from holdem_desktop.ai.baselines import AlwaysCall
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.session import HumanController, Session
from holdem_desktop.ui.action_panel import ActionPanel, Command
from holdem_desktop.ui.reasons import REASONS


def table(seed=3, bots=2):
    players = [("You", HumanController())] + [(f"Bot {i}", AlwaysCall())
                                               for i in range(1, bots + 1)]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(seed),
                clock=lambda: 0.0)
    s.start()
    return s


def labels(panel):
    return [(b.label, b.enabled) for b in panel.buttons()]


def test_buttons_never_move_and_carry_their_amounts():
    s = table()
    panel = ActionPanel(s, 0)
    assert [b.command for b in panel.buttons()] == list(Command)
    assert labels(panel)[-1] == ("Next hand", True)
    s.next_hand()
    assert s.waiting_for == 0
    got = dict((b.command, (b.label, b.enabled)) for b in panel.buttons())
    view = s.view(0)
    call = next(a for a in view.legal_actions if a.kind.value == "call").min_amount
    assert got[Command.CHECK_CALL] == (f"Call {call}", True)
    assert got[Command.BET_RAISE][0].startswith("Raise to ")
    assert got[Command.NEXT_HAND] == ("Next hand", False)
    assert [b.command for b in panel.buttons()] == list(Command)


def test_the_turn_starts_at_half_pot_and_steps_along_the_scale():
    s = table()
    s.next_hand()
    panel = ActionPanel(s, 0)
    # Three players, blinds 10/20, first to act facing 20: pot after call 50.
    assert panel.buttons()[2].label == "Raise to 50"  # half pot: 20 + 25 -> 50
    assert panel.activate(Command.DECREASE).message == "Raise to 40"
    out = panel.activate(Command.DECREASE)
    assert not out.done and out.message == "This is already the smallest amount."
    steps = [panel.activate(Command.INCREASE).message for _ in range(3)]
    assert steps == ["Raise to 50", "Raise to 60", "Raise to 70"]
    assert panel.activate(Command.INCREASE).message == "Raise to 120"
    assert not panel.activate(Command.INCREASE).done


def test_inactive_buttons_say_why():
    s = table()
    panel = ActionPanel(s, 0)
    out = panel.activate(Command.FOLD)
    assert not out.done and out.message == "No hand is being played yet: press Next hand."
    s.next_hand()
    out = panel.activate(Command.NEXT_HAND)
    assert not out.done and out.message == "The hand is still being played."
    check = next(b for b in panel.buttons() if b.command is Command.CHECK_CALL)
    assert check.label.startswith("Call")
    panel.activate(Command.CHECK_CALL)  # call; the bots call too: the flop, our turn
    while s.waiting_for == 0 and s.view(0).to_call > 0:
        panel.activate(Command.CHECK_CALL)
    if s.waiting_for == 0:
        out = panel.activate(Command.FOLD)
        assert not out.done
        assert out.message == "You can't fold: nobody has bet; you can check for free."


def test_acting_through_the_panel_plays_the_hand_to_the_end():
    s = table(seed=8)
    panel = ActionPanel(s, 0)
    panel.activate(Command.NEXT_HAND)
    guard = 0
    while not s.hand.over and guard < 50:
        assert panel.activate(Command.CHECK_CALL).done
        guard += 1
    assert s.hand.over
    assert panel.activate(Command.NEXT_HAND).done and s.hands_played == 1


def test_every_engine_reason_has_a_sentence():
    import re
    from pathlib import Path

    engine = Path(__file__).resolve().parents[2] / "holdem_desktop" / "engine" / "hand.py"
    text = engine.read_text()
    reasons = set(re.findall(r'IllegalAction\("([a-z_]+)"', text))
    reasons |= set(re.findall(r'return "([a-z_]+)"', text))
    assert reasons and reasons <= set(REASONS), reasons - set(REASONS)


@pytest.mark.parametrize("command", [Command.BET_RAISE, Command.ALL_IN, Command.CHECK_CALL])
def test_actions_between_hands_are_refused_with_a_reason(command):
    s = table()
    panel = ActionPanel(s, 0)
    panel.activate(Command.NEXT_HAND)
    while not s.hand.over:
        panel.activate(Command.FOLD if s.view(0).to_call else Command.CHECK_CALL)
    out = panel.activate(command)
    assert not out.done and "the hand is over" in out.message
