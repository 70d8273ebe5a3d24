"""Text fields behave as on any desktop: no caret until the field has the
focus, and the focus arriving selects the whole text, so typing replaces
"Player" instead of appending to it (Backspace erases the selection)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui import page_draw  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.menus import NewGamePage  # noqa: E402
from tests.driving import keys, typed  # noqa: E402


class _Recording:
    def __init__(self, real, seen):
        self._real, self._seen = real, seen

    def render(self, text, *args):
        self._seen.append(text)
        return self._real.render(text, *args)

    def __getattr__(self, name):
        return getattr(self._real, name)


@pytest.fixture
def page(player_home, monkeypatch):
    desktop = Desktop(speaker=RecordingSpeaker())
    app = App(NewGamePage(desktop, desktop.say), (1024, 640))
    seen: list[str] = []
    real = page_draw.font
    monkeypatch.setattr(page_draw, "font", lambda size: _Recording(real(size), seen))
    yield app, seen
    desktop.close()


def _focus_name(app: App) -> None:
    for _ in range(len(app.screen.controls()) + 1):
        if app.screen.focused().id == "name":
            return
        keys(app, "tab")
    raise AssertionError("no name field")


def test_no_caret_before_the_field_has_the_focus(page):
    app, seen = page
    seen.clear()
    app.dirty = True
    app.frame()
    assert "Player" in seen and not any(t.endswith("|") for t in seen)
    _focus_name(app)
    keys(app, "left")  # (a key that does not type: the selection stays)
    typed(app, "M")
    seen.clear()
    app.dirty = True
    app.frame()
    assert "M|" in seen  # focused, typing: the caret after the text


def test_typing_replaces_the_selected_name(page):
    app, _seen = page
    _focus_name(app)
    assert app.screen._selected == "name"
    typed(app, "Mara")
    assert app.screen.form.values["name"] == "Mara"  # not "PlayerMara"
    typed(app, "!")
    assert app.screen.form.values["name"] == "Mara!"  # then it appends, as usual


def test_backspace_erases_the_selection(page):
    app, _seen = page
    _focus_name(app)
    keys(app, "backspace")
    assert app.screen.form.values["name"] == ""
