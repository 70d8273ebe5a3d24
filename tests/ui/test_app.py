"""Driving the real window headless with key events and the mouse."""

from __future__ import annotations

import json
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ai.players import create_player  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.session import HumanController, Session  # noqa: E402
from holdem_desktop.ui.app import App, TableScreen  # noqa: E402
from holdem_desktop.ui.draw import TableRenderer  # noqa: E402


def press(*names: str) -> None:
    for name in names:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name),
                                             mod=0))


@pytest.fixture
def app():
    pygame.display.init()
    players = [("Mara", HumanController())] + [
        (n, create_player("normal", random.Random(i))) for i, n in enumerate(("Ada", "Bruno",
                                                                               "Chiara"))]
    session = Session(shipped_variant("tournament"), players, rng=random.Random(5),
                      clock=lambda: 0.0)
    session.start()
    screen = TableScreen(session, 0, TableRenderer(assets_dir() / "cards" / "classic"))
    yield App(screen)
    pygame.display.quit()


def test_keyboard_only_plays_a_hand_to_the_end(app):
    s = app.screen.session
    press("n")
    app.run(max_events=1)
    assert s.hand is not None and s.hands_played == 0
    for _ in range(40):
        if s.hand.over:
            break
        # Check if possible, else call: C does both.
        press("c")
        app.run(max_events=1)
    assert s.hand.over and s.hands_played == 1
    assert any("posts the big blind" in line for line in app.screen.log)
    press("n")
    app.run(max_events=1)
    assert s.hands_played == 1 and not s.hand.over


def test_information_keys_never_act_and_all_in_asks_first(app):
    s = app.screen.session
    press("n")
    app.run(max_events=1)
    before = (len(s.hand.actions), s.hands_played)
    press("p", "o", "y", "w", "i", "f1", "1")
    app.run(max_events=7)
    assert (len(s.hand.actions), s.hands_played) == before
    assert app.screen.messages[-7].startswith("Pot: ")
    if s.waiting_for == 0:
        press("a")
        app.run(max_events=1)
        assert app.screen.messages[-1] == "Press A again to go all-in."
        assert len(s.hand.actions) == before[0]


def test_tab_moves_the_focus_ring_and_the_mouse_clicks_buttons(app, tmp_path):
    s = app.screen.session
    press("n")
    app.run(max_events=1)
    start = app.screen.focus
    press("tab")
    app.run(max_events=1)
    assert app.screen.focus == (start + 1) % 7
    pygame.image.save(app.surface, str(tmp_path / "frame.png"))
    ring = app.screen.renderer.palette.focus
    rect = app.screen.renderer.button_rects[app.screen.focus].inflate(6, 6)
    assert app.surface.get_at((rect.x + 1, rect.centery))[:3] == ring
    # Click Fold (if facing a bet) or Check with the mouse.
    if s.waiting_for == 0:
        target = 0 if s.view(0).to_call else 1
        pos = app.screen.renderer.button_rects[target].center
        acted = len(s.hand.actions)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        app.run(max_events=1)
        assert len(s.hand.actions) > acted


def test_the_start_command_opens_the_window_and_autosaves(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from holdem_desktop.__main__ import play

    pygame.display.init()
    press("n")
    for _ in range(30):
        press("c")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert play(max_events=200) == 0
    saved = tmp_path / "data" / "holdem-desktop" / "autosave.json"
    settings = tmp_path / "config" / "holdem-desktop" / "settings.json"
    assert settings.exists()
    if saved.exists():  # a hand finished: it was autosaved and written as PHH
        assert json.loads(saved.read_text())["format"] == 1
        assert list((tmp_path / "data" / "holdem-desktop" / "hands").glob("*.phhs"))
    pygame.display.quit()


def test_zone_headings_are_reachable_by_key_and_ringed(app):
    s = app.screen.session
    press("n")
    app.run(max_events=1)
    seen = []
    for _ in range(6):
        press("h")
        app.run(max_events=1)
        seen.append(app.screen.messages[-1].split(",")[0])
    assert seen == ["Game state", "Players", "Move log", "Table", "Your hand", "Actions"]
    press("h", "h", "h", "h")  # back to the Table zone
    app.run(max_events=4)
    assert app.screen.zone == "table"
    ring = app.screen.renderer.palette.focus
    rect = app.screen.renderer.zone_rects["table"].inflate(12, 10)
    assert app.surface.get_at((rect.x + 1, rect.centery))[:3] == ring
    acted = len(s.hand.actions)
    press("return")  # on a zone, Enter says it again and never acts
    app.run(max_events=1)
    assert len(s.hand.actions) == acted and app.screen.messages[-1].startswith("Table")
    press("tab")
    app.run(max_events=1)
    assert app.screen.zone is None
