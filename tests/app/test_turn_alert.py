"""The turn alert through the real Desktop: the player's turn while the
window is not in front asks the system for attention (the taskbar or dock),
once a turn; with the window in front, never; and a real window under the
dummy driver, which cannot flash, is asked without any harm."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop, alert  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from tests.driving import keys, window  # noqa: E402


def turns_of_the_player(desktop: Desktop, app, session, hands: int) -> int:
    """Play ``hands`` hands by keys (call or check); the player's turns counted."""
    turns = 0
    for _ in range(hands):
        keys(app, "n")
        for _ in range(12):
            hand = session.hand
            if hand is None or hand.over or hand.to_act != 0:
                break
            turns += 1
            keys(app, "c")
    return turns


def test_a_turn_away_from_the_window_asks_for_attention_once(player_home, monkeypatch):
    asked: list[bool] = []
    front = [False]
    monkeypatch.setattr(alert, "window_focused", lambda: front[0])
    monkeypatch.setattr(alert, "ask_attention", lambda: asked.append(True) or True)
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    turns = turns_of_the_player(desktop, app, session, 4)
    assert turns >= 2
    assert len(asked) == turns + (1 if session.hand is not None and not session.hand.over
                                  and session.hand.to_act == 0 else 0)
    # in front again: the turns go by without a request
    front[0] = True
    before = len(asked)
    assert turns_of_the_player(desktop, app, session, 3) >= 1
    assert len(asked) == before


def test_the_request_is_harmless_where_the_system_cannot_flash(player_home):
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    assert alert.ask_attention() is False  # the dummy driver has no taskbar
    pygame.display.quit()
    assert alert.ask_attention() is False  # no window at all


def test_a_turn_away_from_the_window_plays_the_attention_cue_not_the_chime(player_home,
                                                                            monkeypatch):
    front = [False]
    monkeypatch.setattr(alert, "window_focused", lambda: front[0])
    monkeypatch.setattr(alert, "ask_attention", lambda: True)
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    requested = desktop.bank.requested
    turns = turns_of_the_player(desktop, app, session, 4)
    assert turns >= 2 and requested.count("attention") >= turns
    assert "your_turn" not in requested
    front[0] = True  # in front again: the usual chime, never the call
    calls = requested.count("attention")
    assert turns_of_the_player(desktop, app, session, 3) >= 1
    assert "your_turn" in requested and requested.count("attention") == calls
