"""Every confirmation is a dialog (issue 33 item 2): a box in the middle of
the dimmed screen with its question and two buttons named for what they do,
the safe one in focus; said as it opens; Enter answers with the focused
button, Escape cancels, Tab, Shift+Tab and the arrows move between its two
buttons only, the mouse clicks them; a second Enter in a hurry loses
nothing.  Driven through the real window with keys and clicks.

``HOLDEM_SHOTS=folder`` keeps a picture of each dialog at each size."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.menus import NewGamePage, StartPage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.ui.test_rooms import host  # noqa: E402, F401  (a fixture)

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]


def _said(desktop: Desktop) -> str:
    return desktop.speech.speaker.calls[-1][0]


def _click(app: App, control_id: str) -> None:
    app.frame()
    rect = app.screen.rects[control_id]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    app.run(max_events=1)


def _ring_points(page) -> list[tuple[int, int]]:
    """Points on the stroke of the focus ring of ``page`` as last drawn (a
    ring is 4 px wide, 5 px outside its control's box at the sides)."""
    rect = page.rects[page.focus.id]
    return [(rect.left - 3, rect.centery), (rect.right + 2, rect.centery),
            (rect.centerx, rect.top - 3), (rect.centerx, rect.bottom + 2)]


def _shown(app: App, name: str) -> Dialog:
    """The dialog on top: drawn as a box in the middle of the dimmed screen,
    its text inside, its two buttons inside and apart, the focus ring on the
    safe one; the picture kept when asked."""
    dialog = app.screen
    assert isinstance(dialog, Dialog)
    under = pygame.Surface(app.surface.get_size())
    dialog.under.draw(under)
    ring = _ring_points(dialog.under)
    assert any(under.get_at(q)[:3] == (255, 214, 0) for q in ring)  # the page's own ring
    app.dirty = True
    app.frame()
    surface = app.surface
    box = dialog.rects["dialog"]
    # only the dialog's focused control wears a ring: none dimmed behind it
    behind = [surface.get_at(q) for q in ring if not box.collidepoint(q)]
    assert behind and not any(c.r > c.b + 30 and c.g > c.b + 30 for c in behind), behind
    w, h = surface.get_size()
    assert abs(box.centerx - w // 2) <= 1 and abs(box.centery - h // 2) <= 1
    assert surface.get_rect().contains(box)
    cancel, confirm = dialog.rects["dialog:cancel"], dialog.rects["dialog:confirm"]
    assert box.contains(cancel) and box.contains(confirm) and not cancel.colliderect(confirm)
    assert dialog.focused().id == "dialog:cancel"
    # the screen around the box is the one under it, dimmed
    for x, y in ((5, h - 5), (w - 5, h // 2), (w // 2, 5)):
        dim, lit = surface.get_at((x, y)), under.get_at((x, y))
        assert sum(dim[:3]) < sum(lit[:3]) or sum(lit[:3]) == 0, (x, y, dim, lit)
    folder = os.environ.get("HOLDEM_SHOTS")
    if folder:
        pygame.image.save(surface, os.path.join(folder, f"dialog_{name}_{w}x{h}.png"))
    return dialog


def _trapped(app: App, desktop: Desktop) -> None:
    """Tab, Shift+Tab and the arrows go between the two buttons only, and say
    each; any other key changes nothing under it and says the question again."""
    dialog = app.screen
    assert isinstance(dialog, Dialog)
    seen = []
    for key in ("tab", "tab", "tab", "right", "left", "down", "up"):
        keys(app, key)
        seen.append(dialog.focused().id)
        assert _said(desktop) == dialog.focused().label + ", button"
    assert seen == ["dialog:confirm", "dialog:cancel", "dialog:confirm", "dialog:cancel",
                    "dialog:confirm", "dialog:cancel", "dialog:confirm"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                                         mod=pygame.KMOD_SHIFT))
    app.run(max_events=1)
    assert dialog.focused().id == "dialog:cancel"
    keys(app, "c", "f1")  # a table's key, help: nothing happens but the question again
    assert app.screen is dialog and _said(desktop).startswith(dialog.question)
    assert _said(desktop).endswith("Enter chooses, Escape cancels.")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(3, 3)))
    app.run(max_events=1)  # a click beside the box: nothing
    assert app.screen is dialog


# -- replacing the saved game -------------------------------------------------


@pytest.fixture
def saved(player_home):
    """A game left mid-way (saved), and the start screen in the window."""
    first = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    session = first.new_game("tournament", 3, "easy", "Mara")
    session.next_hand()
    first.save(session)
    first.close()
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    yield desktop
    desktop.close()


def _open_replace(desktop: Desktop, size) -> App:
    app = App(desktop.menu(), size, keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "new"
    keys(app, "return", "return")  # New game, Start game
    return app


def _kept(desktop: Desktop, hands: int) -> None:
    got = desktop.continue_game()
    assert not isinstance(got, str) and got.n == 3 and got.hands_played == hands


@pytest.mark.parametrize("size", SIZES)
def test_replacing_the_saved_game_asks_in_a_dialog(saved, size):
    hands = saved.continue_game().hands_played
    app = _open_replace(saved, size)
    dialog = _shown(app, "replace_saved_game")
    assert isinstance(dialog.under, NewGamePage)
    assert _said(saved) == ("Replace your saved game? A new game of Tournament takes the "
                            "place of the game you saved: that game can no longer be "
                            "continued. Keep saved game, button")
    assert [c.label for c in dialog.controls()] == ["Keep saved game", "Replace saved game"]
    _trapped(app, saved)
    keys(app, "escape")  # cancels: New game again, the saved game as it was
    assert app.screen is dialog.under and saved.has_saved_game()
    _kept(saved, hands)


def test_a_second_enter_keeps_the_saved_game_and_confirming_replaces_it(saved):
    hands = saved.continue_game().hands_played
    app = _open_replace(saved, (1280, 800))
    keys(app, "return")  # the Enter pressed twice in a hurry: Keep saved game
    assert isinstance(app.screen, NewGamePage)
    _kept(saved, hands)
    keys(app, "return")  # Start game again: asked again
    assert isinstance(app.screen, Dialog)
    _click(app, "dialog:cancel")  # the mouse keeps it too
    assert isinstance(app.screen, NewGamePage)
    keys(app, "return", "tab", "return")  # Replace saved game
    table = app.screen
    n = saved.settings.players
    assert isinstance(table, TableScreen) and table.session.n == n != 3  # the form's game
    saved.save(table.session)
    got = saved.continue_game()
    assert not isinstance(got, str) and got.n == n  # it took the saved one's place


# -- leaving the table --------------------------------------------------------


@pytest.fixture
def table_app(player_home):
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    yield desktop, session
    desktop.close()


@pytest.mark.parametrize("size", SIZES)
def test_leaving_the_table_asks_in_a_dialog(table_app, size):
    desktop, session = table_app
    app = App(desktop.table(session), size, keymap=desktop.keymap, after_input=desktop.flush)
    table = app.screen
    hand = session.hand
    keys(app, "escape")
    dialog = _shown(app, "leave_table")
    assert dialog.under is table
    assert _said(desktop) == ("Leave the table? Your game is saved: Continue on the start "
                              "screen brings you back to it. Stay at the table, button")
    _trapped(app, desktop)
    keys(app, "escape")  # cancels: the table as it was, the same hand
    assert app.screen is table and session.hand is hand and not session.game_over
    keys(app, "escape", "return")  # a second quick Enter: stays
    assert app.screen is table and session.hand is hand
    table.focus.id = "menu"
    keys(app, "return")  # the Menu button asks the same
    assert isinstance(app.screen, Dialog) and app.screen.question == "Leave the table?"
    keys(app, "right", "return")  # Leave the table
    assert isinstance(app.screen, StartPage) and desktop.has_saved_game()
    back = desktop.continue_game()
    assert not isinstance(back, str) and back.hands_played == session.hands_played


def test_a_new_game_at_the_game_s_end_asks_in_a_dialog(table_app):
    desktop, session = table_app
    app = App(desktop.table(session), (1366, 768), keymap=desktop.keymap,
              after_input=desktop.flush)
    for _ in range(300):  # all-in each hand until the game ends
        if session.game_over:
            break
        keys(app, "n" if session.hand.over else "a", "a")
    assert session.game_over
    table = app.screen
    keys(app, "n")
    dialog = _shown(app, "new_game")
    assert [c.label for c in dialog.controls()] == ["Not now", "New game"]
    _trapped(app, desktop)
    keys(app, "return")  # Not now
    assert app.screen is table and session.game_over
    table.focus.id = "button:next_hand"
    keys(app, "return", "tab", "return")  # the button asks the same; New game
    assert app.screen is table and not session.game_over and session.hand is not None


# -- quitting -----------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_escape_on_the_start_screen_asks_before_quitting(player_home, size):
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    try:
        app = App(desktop.menu(), size, keymap=desktop.keymap, after_input=desktop.flush)
        keys(app, "escape")
        _shown(app, "quit")
        assert _said(desktop) == "Quit Hold'em Desktop? Stay, button"
        _trapped(app, desktop)
        keys(app, "escape")
        assert isinstance(app.screen, StartPage) and app.running
        keys(app, "escape", "return")  # Escape, Enter: stays
        assert isinstance(app.screen, StartPage) and app.running
        keys(app, "escape", "tab", "return")
        assert not app.running
    finally:
        desktop.close()


# -- leaving a room -----------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_leaving_a_room_asks_in_a_dialog(host, size):  # noqa: F811
    page = host.create_room("tournament", 2, "easy", "Mara")
    assert isinstance(page, TableScreen) and page.room is not None
    app = App(page, size, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    host.flush()  # the room's first words ("Room created. Its code is …") said
    keys(app, "escape")
    dialog = _shown(app, "leave_room")
    assert _said(host) == "Leave the room? The computer will play your seat. Stay in the " \
        "room, button"
    _trapped(app, host)
    keys(app, "escape")
    assert app.screen is page and host.remote is not None
    _click(app, "menu")  # the mouse: Menu, then Stay in the room
    assert isinstance(app.screen, Dialog)
    _click(app, "dialog:cancel")
    assert app.screen is page and host.remote is not None
    page.focus.id = "room:leave"
    keys(app, "return", "return")  # Leave room, and a second Enter in a hurry: stays
    assert app.screen is page and host.remote is not None
    keys(app, "return")
    assert dialog is not app.screen and isinstance(app.screen, Dialog)
    _click(app, "dialog:confirm")  # Leave the room
    assert isinstance(app.screen, StartPage) and host.remote is None
