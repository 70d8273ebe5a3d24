"""Where the focus goes (issue 33, item 9), through the real window and the
recording speaker: closing Settings (or How to play) at the table puts the
focus back where the player was before they went to its tab, so Enter acts
there and never opens Settings again; a guest in a room never lands on New
game, which only the host can press; and the focus ring keeps room around
a heading's words (measured on the pixels of the frame)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
np = pytest.importorskip("numpy")

from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.net.protocol import Table, Welcome  # noqa: E402
from holdem_desktop.net.remote import RemoteTable  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.ui.draw import Palette, TableRenderer  # noqa: E402
from holdem_desktop.ui.help_pages import KeysPage  # noqa: E402
from holdem_desktop.ui.keymap import KeyMap  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.ui import test_menu_button  # noqa: E402
from tests.ui.test_room_look import ROOM  # noqa: E402

app = test_menu_button.app  # the fixture: a 3-player table in the real window


def _said(app) -> str:
    return app.screen.desktop.speech.speaker.calls[-1][0]


def _to(app, control_id: str, key: str = "shift+tab") -> None:
    """Move the focus with the keys (never by hand) until it is on ``control_id``."""
    for _k in range(400):
        if app.screen.focus.id == control_id:
            return
        if key == "shift+tab":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                                                 mod=pygame.KMOD_SHIFT))
            app.run(max_events=1)
        else:
            keys(app, key)
    raise AssertionError(f"the keys never reached {control_id}")


@pytest.mark.parametrize("close", ["escape", "close button"])
@pytest.mark.parametrize("tab", ["settings", "help"])
def test_closing_a_tab_gives_the_focus_back_where_it_was(app, tab, close):
    table = app.screen
    keys(app, "n")  # a hand: the actions are the player's
    start = table.focus.id
    _to(app, "log", "tab")  # the player reads the Move log...
    _to(app, f"tab:{tab}", "tab")  # ...then Tabs on, round to the title line's tabs
    keys(app, "return")
    assert table.tab_id == tab
    if close == "escape":
        keys(app, "escape")
    else:
        _to(app, "close", "tab")
        keys(app, "return")
    assert table.tab is None
    assert table.focus.id == "log" != start
    assert _said(app).endswith("closed")
    keys(app, "return")  # Enter acts where the focus is: no tab opens again
    assert table.tab is None


def test_a_tab_opened_by_a_click_closes_back_to_the_game(app):
    table = app.screen
    keys(app, "n")
    table.focus.id = "tab:settings"  # (as a click on it leaves it)
    table._at_table = None
    keys(app, "return", "escape")
    assert table.tab is None and not table.focus.id.startswith("tab:")
    assert table.focus.id == "button:check_call"
    keys(app, "return")
    assert table.tab is None


def _room(seat: int) -> TableScreen:
    names = ("Mara", "Ada", "Bruno", "")
    welcome = Welcome(seat, "0" * 32, "482915", names, "tournament", False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)
    remote.handle(Table(view=None, names=names, chips=(0,) * 4, places=(None,) * 4,
                        kinds=("human", "human", "computer", "empty"),
                        connected=(True, True, False, False), hands_played=0, level=0,
                        blinds=(10, 20), ante=0, hands_until_next_level=10, game_over=False,
                        started=False, waiting_for=()))
    return TableScreen(remote, seat, TableRenderer(assets_dir() / "cards" / "classic"),
                       room=ROOM)


def test_a_guest_never_lands_on_a_new_game_only_the_host_can_press():
    host, guest = _room(0), _room(1)
    assert host.focus.id == "button:next_hand" and host.focused().enabled
    new_game = next(c for c in guest.table_controls() if c.id == "button:next_hand")
    assert not new_game.enabled  # the host's to press
    focused = guest.focused()
    assert focused is not None and focused.enabled and focused.id != "button:next_hand"


def _ring_and_ink(surface: pygame.Surface, background: tuple[int, int, int]
                  ) -> tuple[pygame.Rect, pygame.Rect]:
    """The focus ring's box and the box of the ink inside it."""
    pixels = pygame.surfarray.pixels3d(surface).copy()
    ring = np.all(pixels == Palette().focus, axis=2)
    xs, ys = np.nonzero(ring)
    outer = pygame.Rect(xs.min(), ys.min(), xs.max() - xs.min() + 1, ys.max() - ys.min() + 1)
    inner = outer.inflate(-2 * 5, -2 * 5)  # inside the 4 px ring
    area = pixels[inner.x:inner.right, inner.y:inner.bottom]
    ink = np.any(np.abs(area.astype(int) - np.array(background)) > 40, axis=2) \
        & ~np.all(area == Palette().focus, axis=2)  # (the ring's own rounded corners)
    ix, iy = np.nonzero(ink)
    return inner, pygame.Rect(inner.x + ix.min(), inner.y + iy.min(), ix.max() - ix.min() + 1,
                              iy.max() - iy.min() + 1)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_ring_keeps_room_around_a_heading(app, size):
    table = app.screen
    surface = pygame.Surface(size)
    table.focus.id = "heading:state"
    table.draw(surface)
    inner, ink = _ring_and_ink(surface, Palette().panel)
    assert ink.x - inner.x >= 6 and inner.right - ink.right >= 6, (inner, ink)
    assert ink.y - inner.y >= 2 and inner.bottom - ink.bottom >= 2, (inner, ink)
    page = KeysPage(KeyMap(), lambda text: None)  # a page's heading too
    page.focus.id = "h0"
    surface.fill((0, 0, 0))
    page.draw(surface)
    inner, ink = _ring_and_ink(surface, Palette().background)
    assert ink.x - inner.x >= 6 and inner.right - ink.right >= 6, (inner, ink)
    assert ink.y - inner.y >= 2 and inner.bottom - ink.bottom >= 2, (inner, ink)


@pytest.mark.parametrize("close", ["escape", "f1", "close button"])
@pytest.mark.parametrize("tab", ["settings", "help"])
def test_the_key_list_opened_from_a_tab_closes_back_to_that_tab(app, tab, close):
    """F1 in Settings (or How to play) shows the keys in place of that tab;
    closing them goes back to the tab, on the control the player was on."""
    table = app.screen
    keys(app, "n")
    _to(app, f"tab:{tab}", "tab")
    keys(app, "return", "tab", "tab")  # into the tab, two controls down
    page, where = table.tab, table.focus.id
    assert table.tab_id == tab and not where.startswith("tab:")
    keys(app, "f1")
    assert table.tab_id == "keys"
    if close == "close button":
        _to(app, "close", "tab")
        keys(app, "return")
    else:
        keys(app, close)
    assert table.tab_id == tab and table.tab is page  # the same tab, as it was
    assert table.focus.id == where
    name = "Settings" if tab == "settings" else "How to play"
    said = _said(app)
    assert said.startswith(f"Keys closed. {name}: {table.focused().label}"), said
    keys(app, "escape")  # and Escape from the tab goes back to the table, as ever
    assert table.tab is None and not table.focus.id.startswith("tab:")


def test_an_acting_key_in_the_key_list_over_a_tab_goes_back_to_the_tab(app):
    """A key that acts, pressed in the key list opened from Settings, is
    answered as it is in Settings: the tab comes back, and says to close it."""
    table = app.screen
    keys(app, "n")
    _to(app, "tab:settings", "tab")
    keys(app, "return", "tab")
    where = table.focus.id
    keys(app, "f1", "c")
    assert table.tab_id == "settings" and table.focus.id == where
    assert _said(app) == "Close the Settings tab to play."


def test_the_key_list_opened_at_the_table_still_closes_to_the_table(app):
    table = app.screen
    keys(app, "n")
    start = table.focus.id
    keys(app, "f1", "escape")
    assert table.tab is None and table.focus.id == start
    assert _said(app) == "Keys closed"
