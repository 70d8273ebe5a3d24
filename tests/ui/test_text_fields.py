"""Text fields behave as on any desktop: no caret until the field has the
focus, and the focus arriving selects the whole text, so typing replaces
"Player" instead of appending to it (Backspace erases the selection).  As a
Windows edit field with a screen reader does, the focus says the text is
selected, Backspace says what it erased, and a cursor key unselects it."""

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
    yield app, seen, desktop
    desktop.close()


def said(desktop: Desktop) -> str:
    return desktop.speech.history[-1].text


def _focus_name(app: App) -> None:
    for _ in range(len(app.screen.controls()) + 1):
        if app.screen.focused().id == "name":
            return
        keys(app, "tab")
    raise AssertionError("no name field")


def test_no_caret_before_the_field_has_the_focus(page):
    app, seen, _desktop = page
    seen.clear()
    app.dirty = True
    app.frame()
    assert "Player" in seen and not any(t.endswith("|") for t in seen)
    _focus_name(app)
    keys(app, "delete")  # (a key that does not type: the selection stays)
    typed(app, "M")
    seen.clear()
    app.dirty = True
    app.frame()
    assert "M|" in seen  # focused, typing: the caret after the text


def test_typing_replaces_the_selected_name(page):
    app, _seen, _desktop = page
    _focus_name(app)
    assert app.screen._selected == "name"
    typed(app, "Mara")
    assert app.screen.form.values["name"] == "Mara"  # not "PlayerMara"
    typed(app, "!")
    assert app.screen.form.values["name"] == "Mara!"  # then it appends, as usual


def test_backspace_erases_the_selection_and_says_what_it_erased(page):
    app, _seen, desktop = page
    _focus_name(app)
    keys(app, "backspace")
    assert app.screen.form.values["name"] == ""
    assert said(desktop) == "Player erased, empty"  # not only "empty": what went is heard
    typed(app, "A")
    assert said(desktop) == "A" and app.screen.form.values["name"] == "A"


def test_the_focus_says_the_text_is_selected(page):
    app, _seen, desktop = page
    _focus_name(app)
    assert said(desktop).startswith("Your name, edit, Player, selected")
    keys(app, "down")  # the whole text on request: still selected
    assert said(desktop) == "Your name: Player, selected"


@pytest.mark.parametrize("key", ["left", "right", "home", "end"])
def test_a_cursor_key_unselects_and_keeps_the_text(page, key):
    app, seen, desktop = page
    _focus_name(app)
    keys(app, key)
    assert said(desktop) == "Unselected, Player"
    assert app.screen.form.values["name"] == "Player" and app.screen._selected is None
    seen.clear()
    app.dirty = True
    app.frame()
    assert "Player|" in seen  # the caret after the text, no highlight
    keys(app, "backspace")  # now one character at a time
    assert said(desktop) == "r erased" and app.screen.form.values["name"] == "Playe"
    keys(app, key)  # no selection: the cursor keys say how text is edited, as before
    assert said(desktop) == ("Text is typed and erased at its end: Backspace erases the "
                             "last character.")
    keys(app, "down")
    assert said(desktop) == "Your name: Playe"


def test_delete_leaves_the_selection_as_it_was(page):
    app, _seen, desktop = page
    _focus_name(app)
    keys(app, "delete")
    assert said(desktop) == ("Text is typed and erased at its end: Backspace erases the "
                             "last character.")
    typed(app, "Bo")
    assert app.screen.form.values["name"] == "Bo"  # typing still replaces the selection


def test_a_selected_password_is_said_by_its_length_never_as_itself(player_home):
    from holdem_desktop.ui.account_pages import SignInPage

    heard: list[str] = []
    page = SignInPage(None, "127.0.0.1:1", "Ana", heard.append)  # type: ignore[arg-type]
    app = App(page, (1024, 640))
    app.screen.form.values["password"] = "secret"
    assert app.screen.focused().id == "name"
    around = ["tab"] * len(app.screen.controls())
    keys(app, "tab")  # on the password: all of it selected
    assert heard[-1] == "Password, 8 to 100 characters, password field, 6 characters, selected"
    keys(app, "end")
    assert heard[-1] == "Unselected, 6 characters"
    keys(app, *around, "backspace")  # away and back: selected again
    assert heard[-1] == "6 characters erased, empty" and app.screen.form.values["password"] == ""
    assert not any("secret" in h for h in heard)
