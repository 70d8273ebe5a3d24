"""At the smallest window (1024x640) every page either fits or scrolls to
its last control: by the mouse wheel, by the keyboard's focus, or by a
click on the scroll bar it then shows."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.ui.tables import table  # noqa: E402
from tests.ui.test_contrast import PAGES, _page  # noqa: E402

SMALL = (1024, 640)


def _wheel(app: App, notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    app.run(max_events=1)  # handles it (and stops: no key, click or quit was counted)
    app.frame()


def _visible(app: App, control_id: str) -> bool:
    rect = app.screen.rects.get(control_id)
    return rect is not None and app.surface.get_rect().contains(rect)


def _body_bottom(app: App) -> int:
    """The lowest point a control may reach: above the status line."""
    return app.surface.get_height() - 40


@pytest.fixture
def desktop(player_home):
    return Desktop(speaker=RecordingSpeaker())


@pytest.mark.parametrize("name", PAGES)
def test_every_page_fits_or_the_wheel_reaches_its_last_control(desktop, name):
    app = App(_page(desktop, name), SMALL)
    app.frame()
    page = app.screen
    last = page.controls()[-1].id
    renderer = page.renderer
    if renderer.max_scroll == 0:
        assert _visible(app, last), name
        assert "scrollbar" not in page.rects
        return
    assert "scrollbar" in page.rects  # it shows that there is more
    assert not _visible(app, last) or page.rects[last].bottom > _body_bottom(app)
    for _ in range(100):  # bounded: a long page is a few dozen notches
        if renderer._scroll == renderer.max_scroll:
            break
        _wheel(app, -1)
    assert renderer._scroll == renderer.max_scroll
    assert _visible(app, last) and page.rects[last].bottom <= _body_bottom(app)
    _wheel(app, 5)  # and back up
    assert renderer._scroll < renderer.max_scroll


@pytest.mark.parametrize("name", PAGES)
def test_the_keyboard_brings_the_last_control_into_view(desktop, name):
    app = App(_page(desktop, name), SMALL)
    app.frame()
    page = app.screen
    last = page.controls()[-1].id
    for _ in range(len(page.controls()) + 1):  # Shift+Tab from the first wraps to the last
        if page.focused() is not None and page.focused().id == last:
            break
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB,
                                             mod=pygame.KMOD_SHIFT))
        app.run(max_events=1)
    app.frame()
    assert page.focused().id == last
    assert _visible(app, last) and page.rects[last].bottom <= _body_bottom(app)


def test_a_click_on_the_scroll_bar_moves_the_page(desktop):
    app = App(_page(desktop, "help"), SMALL)
    app.frame()
    bar = app.screen.rects["scrollbar"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=(bar.centerx, bar.bottom - 2)))
    app.run(max_events=1)
    app.frame()
    renderer = app.screen.renderer
    assert renderer._scroll > renderer.max_scroll * 0.9


def test_a_page_open_in_the_table_scrolls_with_the_wheel_too(player_home):
    screen, _clock = table(6, "mid")
    app = App(screen, SMALL, keymap=screen.keymap if hasattr(screen, "keymap") else None)
    keys(app, "f1")  # the Keys page, as a tab of the table
    assert isinstance(app.screen, TableScreen) and app.screen.tab is not None
    app.frame()
    tab = app.screen.tab
    if tab.renderer.max_scroll == 0:
        pytest.skip("the Keys page fits this window")  # pragma: no cover
    _wheel(app, -3)
    assert tab.renderer._scroll > 0
