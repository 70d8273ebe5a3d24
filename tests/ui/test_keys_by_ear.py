"""F1 by ear (the by-ear sweep of 2026-12-07): a short heading, then the
lines one by one with Down; the keys of the tab in focus (Settings' Up and
Down step its choices, not the amount); Ctrl+A where a text field selects
its text, and in How to play's Keys."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.help_pages import KeysPage, table_keys  # noqa: E402
from holdem_desktop.ui.howto import how_to_play  # noqa: E402
from holdem_desktop.ui.keymap import KeyMap  # noqa: E402
from holdem_desktop.ui.menus import NewGamePage  # noqa: E402
from holdem_desktop.ui.widgets import Role  # noqa: E402
from tests.driving import keys, typed, window  # noqa: E402

CTRL_A = "Ctrl+A: Select a text field's whole text; typing or Backspace then replaces it"


@pytest.fixture
def desktop(player_home):
    d = Desktop(rng=random.Random(2), speaker=RecordingSpeaker())
    yield d
    d.close()


def heard(desktop) -> list[str]:
    return [text for text, _ in desktop.speech.speaker.calls]


def lines(page: KeysPage) -> list[str]:
    return [c.label for c in page.controls() if c.role is Role.TEXT]


def on_this_page(page: KeysPage) -> list[str]:
    """The lines under "On this page" (none: it has no such part)."""
    controls = list(page.controls())
    if controls[0].label != "On this page":
        return []
    end = next(k for k, c in enumerate(controls[1:], 1) if c.role is Role.HEADING)
    return [c.label for c in controls[1:end]]


def amount_keys(said: list[str]) -> list[str]:
    return [line for line in said if line.endswith(("Increase the amount",
                                                    "Decrease the amount"))]


def test_f1_at_the_table_says_a_heading_then_down_reads_line_by_line(desktop):
    """Before: "Keys open. Tab: Next control; Shift+Tab: …" — all 34 keys in
    one utterance, and Down then read them again one by one."""
    app = window(desktop, desktop.new_game("tournament", 3, "easy", "Mara"))
    keys(app, "f1")
    page = app.screen.tab
    assert isinstance(page, KeysPage)
    count = len(lines(page))
    assert heard(desktop)[-1] == (f"Keys open. {count} keys: Down reads them one by one. "
                                  "Moving around, heading")
    keys(app, "down")
    assert heard(desktop)[-1] == "Tab: Next control"
    keys(app, "down")
    assert heard(desktop)[-1] == "Shift+Tab: Previous control"
    keys(app, "up")
    assert heard(desktop)[-1] == "Tab: Next control"


def test_f1_with_the_settings_tab_open_lists_the_keys_of_settings(desktop):
    """Before: the list said "Up arrow: Increase the amount" while Up and Down
    stepped the settings' choices."""
    app = window(desktop, desktop.new_game("tournament", 3, "easy", "Mara"))
    screen = app.screen
    screen.focus.id = "tab:settings"
    keys(app, "return")
    assert heard(desktop)[-1].startswith("Settings open. Language, combo box")
    keys(app, "f1")
    page = screen.tab
    assert isinstance(page, KeysPage)
    said = lines(page)
    assert said[:2] == ["Down arrow: The next item of a combo box; a slider lower",
                        "Up arrow: The item before in a combo box; a slider higher"]
    assert not amount_keys(said), said
    assert heard(desktop)[-1].endswith("Down reads them one by one. On this page, heading")
    keys(app, "down")
    assert heard(desktop)[-1] == said[0]
    keys(app, "escape")  # back in Settings, where F1 was pressed
    assert screen.tab_id == "settings"
    keys(app, "escape")  # and at the table, its own keys as ever
    keys(app, "f1")
    assert "Up arrow: Increase the amount" in lines(screen.tab)


def test_f1_with_how_to_play_open_says_up_and_down_read_it(desktop):
    app = window(desktop, desktop.new_game("tournament", 3, "easy", "Mara"))
    app.screen.focus.id = "tab:help"
    keys(app, "return", "f1")
    said = lines(app.screen.tab)
    assert said[:2] == ["Down arrow: The next line", "Up arrow: The line before"]
    assert not amount_keys(said), said


def test_f1_in_the_chat_field_says_up_and_down_recall_the_lines_sent():
    page, said = table_keys(None, "chat:field", KeyMap(), lambda text: None, room=True)
    assert lines(page)[:2] == ["Up arrow: The line you sent before",
                               "Down arrow: The next line you sent"]
    assert said.endswith("On this page, heading")


def test_ctrl_a_is_listed_where_a_text_field_selects_its_text(desktop):
    """Before: Ctrl+A selected a field's text, and no list said so."""
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    keys(app, "f1")  # the start screen: no text field
    assert CTRL_A not in lines(app.screen) and not on_this_page(app.screen)
    keys(app, "escape", "return")  # New game, which asks the player's name
    assert isinstance(app.screen, NewGamePage)
    new_game = app.screen
    name = next(c for c in new_game.controls() if c.role is Role.EDIT)
    new_game.focus.id = name.id
    keys(app, "f1")
    assert isinstance(app.screen, KeysPage)
    assert on_this_page(app.screen)[-1] == CTRL_A  # after its combo boxes' Up and Down
    keys(app, "escape")
    assert app.screen is new_game
    # and it does what it says: typing after it replaces the whole text
    typed(app, "Ada")
    ctrl_a = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL)
    pygame.event.post(ctrl_a)
    app.run(max_events=1)
    typed(app, "Io")
    assert new_game.form.values[name.id] == "Io"


def test_how_to_play_lists_ctrl_a_among_the_keys_for_moving_around():
    sections = how_to_play(shipped_variant(), KeyMap())
    keys_section = next(s for s in sections if s.heading == "Keys")
    paragraphs = list(keys_section.paragraphs)
    at = paragraphs.index(CTRL_A)
    assert paragraphs[at - 1].startswith("F2:") and paragraphs[at + 1].startswith("F:")
