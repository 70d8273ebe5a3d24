"""The hand review, by ear: a scripted hand stored, opened from the start
screen (Hand review, its game, its hand), stepped with Right and Left,
street by street with Down and Up, the state read at a step, the winning
hand and kickers at the end — every line as the recording speaker heard
it; and "replay the last hand" in one key at the table."""

from __future__ import annotations

import random

import pygame

from holdem_desktop.app import Desktop
from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.phh import PhhHand, loads_all
from holdem_desktop.engine.replay import to_phh
from holdem_desktop.speech import RecordingSpeaker
from holdem_desktop.store import GameInfo
from holdem_desktop.ui.app import App
from holdem_desktop.ui.review import ReplayPage
from tests.driving import keys, window
from tests.engine.hand_helpers import stacked_deck


def scripted() -> PhhHand:
    """Ana (small blind), Bruno (big blind) and Mara (the button, "you")."""
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["QsQh", "7c2d", "AhKh"], "Kd 9s 4c Js 3h"))
    for seat, action in [(2, Action.raise_to(60)), (0, Action.call()), (1, Action.fold()),
                         (0, Action.check()), (2, Action.bet(80)), (0, Action.call()),
                         (0, Action.bet(200)), (2, Action.call()),
                         (0, Action.check()), (2, Action.check())]:
        hand.apply(seat, action)
    assert hand.over
    return to_phh(hand, players=["Ana", "Bruno", "Mara"], hand_number=7, table="Tournament")


STEPS = [
    "Hand 7. Ana posts the small blind, 10. Bruno posts the big blind, 20. "
    "You have ace of hearts and king of hearts.",
    "You raise to 60.",
    "Ana calls 50.",
    "Bruno folds.",
    "Flop: king of diamonds, nine of spades and four of clubs. Pot 140. Ana checks.",
    "You bet 80.",
    "Ana calls 80.",
    "Turn: jack of spades. Pot 300. Ana bets 200.",
    "You call 200.",
    "River: three of hearts. Pot 700. Ana checks.",
    "You check.",
    "Ana shows queen of spades and queen of hearts: pair of queens. "
    "You show ace of hearts and king of hearts: pair of kings. "
    "You win the pot of 700 with pair of kings.",  # kings beat queens: no kicker decides
]


def heard(desktop: Desktop) -> list[str]:
    return [s.text for s in desktop.speech.history]


def test_the_review_steps_through_a_scripted_hand_and_says_each_line(player_home, monkeypatch):
    monkeypatch.setattr("holdem_desktop.ui.review.documents", lambda: player_home)
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    store = desktop.hand_store()
    assert store is not None
    store.add_hand(None, GameInfo("local", "Tournament", "Mara", "normal", 3), 7, scripted(),
                   2, ["normal", "normal", "human"])
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "review"
    keys(app, "return")
    assert heard(desktop)[-1].startswith("Hand review. Tournament, ")
    assert "1 hand, won 360" in heard(desktop)[-1]
    keys(app, "return")  # the game's hands
    assert heard(desktop)[-1] == ("Hands. Hand 7: ace of hearts and king of hearts, won 360, "
                                  "button")
    app.screen.focus.id = "export"  # the game as PHH, in the documents folder
    keys(app, "return")
    exported = player_home / "holdem-game-1.phhs"
    assert heard(desktop)[-1] == f"The game's hands were written to {exported}."
    assert [h for _n, h in loads_all(exported.read_text())] == [scripted()]
    app.screen.focus.id = "hand:1"
    keys(app, "return")  # the hand
    page = app.screen
    assert isinstance(page, ReplayPage)
    assert heard(desktop)[-1].endswith(STEPS[0])
    assert "Step 1 of 12" in heard(desktop)[-1]
    for line in STEPS[1:]:
        keys(app, "right")
        assert heard(desktop)[-1] == line
    keys(app, "right")
    assert heard(desktop)[-1] == "The end of the hand."
    keys(app, "up")  # back to the river's start, then the turn's
    assert heard(desktop)[-1] == STEPS[9]
    keys(app, "up")
    assert heard(desktop)[-1] == STEPS[7]
    keys(app, "left")
    assert heard(desktop)[-1] == STEPS[6]
    keys(app, "i")  # the whole state at this step
    state = heard(desktop)[-1]
    assert state.startswith("Step 7 of 12. Your cards: ace of hearts and king of hearts. "
                            "Board: king of diamonds, nine of spades and four of clubs. "
                            "Pot 300.")
    assert "Bruno: folded." in state and "queen" not in state  # Ana's cards: not yet shown
    keys(app, "down", "down")
    assert heard(desktop)[-1] == STEPS[9]
    keys(app, "escape")
    assert not isinstance(app.screen, ReplayPage)


def test_replay_the_last_hand_in_one_key_at_the_table(player_home):
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    keys(app, "z")
    assert heard(desktop)[-1] == "No hand has been played yet."
    for _ in range(40):
        if session.hand.over:
            break
        keys(app, "c")
    keys(app, "z")
    page = app.screen
    assert isinstance(page, ReplayPage)
    assert heard(desktop)[-1].startswith("Hand review: Step 1 of ")
    assert "Hand 1." in heard(desktop)[-1] and "You have " in heard(desktop)[-1]
    keys(app, "right")
    assert heard(desktop)[-1] == page.steps[1].line
    surface = pygame.display.get_surface()
    page.draw(surface)  # the table drawing at this step
    keys(app, "escape")
    assert app.screen.title == "Table"
