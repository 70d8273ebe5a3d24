"""Games on this computer are never lost: the autosave follows every action,
and a game closed mid-hand continues at the same decision with the same
cards, saying where it stands."""

from __future__ import annotations

import json
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.i18n import cards_names  # noqa: E402
from holdem_desktop.saves import autosave_path  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.driving import keys, window  # noqa: E402


@pytest.fixture
def home(player_home):
    return player_home


def saved(home) -> dict:
    return json.loads(autosave_path().read_text(encoding="utf-8"))


def mid_hand(seed: int) -> tuple[Desktop, App]:
    """A 4-player game where the player has acted and must act again."""
    desktop = Desktop(rng=random.Random(seed), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = window(desktop, session)
    for _ in range(40):
        keys(app, "n")
        for _ in range(3):
            hand = session.hand
            if hand.over or hand.to_act != 0:
                break
            keys(app, "c")
            if not hand.over and hand.to_act == 0 and any(s == 0 for s, _a in hand.actions):
                return desktop, app
    raise AssertionError("no hand reached a second decision of the player")


def test_the_autosave_follows_every_action(home):
    _desktop, app = mid_hand(3)
    session = app.screen.session
    data = saved(home)["session"]
    assert data["hand"]["deck"] == [int(c) for c in session.hand.deck]
    assert len(data["hand"]["actions"]) == len(session.hand.actions)
    assert data["hands_played"] == session.hands_played
    keys(app, "c")  # one more action: saved again
    assert len(saved(home)["session"]["hand"]["actions"]) == len(session.hand.actions)


def test_a_game_closed_mid_hand_goes_on_at_the_same_decision(home):
    desktop, app = mid_hand(11)
    before = app.screen.session
    hole = before.view(0).hole
    actions = list(before.hand.actions)
    desktop.close()  # the window closes mid-hand

    again = Desktop(speaker=RecordingSpeaker())
    session = again.continue_game()
    assert not isinstance(session, str)
    assert session.hands_played == before.hands_played and not session.hand.over
    assert list(session.hand.actions) == actions  # no re-deal: the very same hand
    assert session.view(0).hole == hole and session.hand.to_act == 0
    said = [s.text for s in again.speech.history]
    view = session.view(0)
    board = (f"Board: {cards_names(view.board)}." if view.board
             else "No cards on the board yet.")
    assert said[0].startswith(f"Welcome back. Hand {before.hands_played + 1}. Your cards: "
                              f"{cards_names(hole)}. {board} Pot: {view.pot:,}. ")
    assert said[0].endswith(f"You have {before.chips(0):,} chips.")
    street = [k for k, e in enumerate(view.history) if type(e).__name__ == "StreetDealt"]
    moved = [e for e in view.history[(street[-1] if street else -1) + 1:]
             if type(e).__name__ == "ActionTaken"]
    assert ("This betting round: " in said[0]) == bool(moved)  # this round's moves, if any
    assert said[-1].startswith("Your turn")
    heard = list(app.screen.announcements)
    log = list(app.screen.log)
    app = window(again, session)
    # Repeat, the history keys and the Move log have what was there before.
    assert app.screen.announcements[:len(heard)] == heard
    assert app.screen.announcements[len(heard):] == [said[0], said[-1]]
    assert app.screen.log[:len(log)] == log
    keys(app, "e")
    assert again.speech.history[-1].text == said[-1]
    keys(app, "[", "[")
    assert again.speech.history[-1].text == heard[-1]
    keys(app, "c")  # the first key acts on that hand
    assert len(session.hand.actions) > len(actions)
    assert list(session.hand.actions[:len(actions)]) == actions


def test_continue_between_hands_and_after_the_end_says_where_it_stands(home):
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "normal", "Mara")
    app = window(desktop, session)
    keys(app, "n")
    for _ in range(20):
        if session.hand.over:
            break
        keys(app, "f" if session.hand.to_act == 0 else "c")
    assert session.hand.over
    desktop.close()
    again = Desktop(speaker=RecordingSpeaker())
    assert not isinstance(again.continue_game(), str)
    assert again.speech.history[0].text == (
        f"Welcome back. 1 hand played. You have {session.chips(0):,} chips. "
        "Press Next hand to deal.")
