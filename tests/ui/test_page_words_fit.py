"""A page's words stay whole and inside the window at its smallest size
(1024x640), in the longest languages: a long subtitle (Sign in's, a
server's name in it) wraps instead of running off both edges, and a row's
label that does not fit beside its value (Join room's "Host address or
invitation (if the room is not found)" in Romanian and Polish) wraps in
its own half of the row instead of running under the field."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.i18n.phrases import room_problem  # noqa: E402
from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.account_pages import SignInPage  # noqa: E402
from holdem_desktop.ui.menus import JoinRoomPage, NewGamePage, RoomsPage, SettingsPage  # noqa: E402
from holdem_desktop.ui.online import PlayOnlinePage  # noqa: E402
from holdem_desktop.ui.widgets import Role  # noqa: E402

SMALL = (1024, 640)
LANGUAGES = ["en", "ro", "pl", "it"]
LABELLED = (Role.CHOICE, Role.CHECKBOX, Role.SLIDER, Role.EDIT)


@pytest.fixture
def desktop(player_home):
    yield Desktop(speaker=RecordingSpeaker())
    set_language("en")


def _pages(desktop):
    say = lambda text: None  # noqa: E731
    return {"settings": lambda: SettingsPage(desktop, say),
            "new game": lambda: NewGamePage(desktop, say),
            "join": lambda: JoinRoomPage(desktop, say),
            "online": lambda: PlayOnlinePage(desktop, say),
            "sign in": lambda: SignInPage(desktop, "poker.example.org:8443", "Mara", say),
            "rooms, with a reason": lambda: RoomsPage(desktop, say,
                                                      reason=room_problem("sat_out"))}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["join", "online", "sign in", "new game", "settings"])
def test_every_row_label_stays_in_its_half_of_the_row(desktop, name, language):
    set_language(language)
    page = _pages(desktop)[name]()
    surface = pygame.Surface(SMALL)
    page.draw(surface)
    drawn = page.renderer.drawn
    rows = [c for c in page.controls() if c.role in LABELLED and c.id in page.rects]
    assert rows
    for c in rows:
        row, label = page.rects[c.id], drawn["label:" + c.id]
        assert row.contains(label), (c.label, row, label)
        assert label.right <= row.x + row.w // 2, (c.label, label, row)  # clear of the value


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["sign in", "rooms, with a reason", "online"])
def test_a_long_subtitle_wraps_inside_the_window(desktop, name, language):
    set_language(language)
    page = _pages(desktop)[name]()
    surface = pygame.Surface(SMALL)
    page.draw(surface)
    window = surface.get_rect()
    subtitle = page.renderer.drawn["subtitle"]
    assert window.inflate(-40, 0).contains(subtitle), subtitle
    first = page.rects[page.controls()[0].id]
    assert subtitle.bottom <= first.top  # above the page's controls
    background = surface.map_rgb(page.renderer.palette.background)
    edges = [surface.get_at_mapped((x, y)) for x in (0, 1, 2, window.w - 3, window.w - 2)
             for y in range(subtitle.top, subtitle.bottom)]
    assert set(edges) == {background}  # nothing painted at the window's edges


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
def test_a_text_row_starts_where_the_labels_do_clear_of_its_focus_ring(desktop, size):
    # The sweep: Settings' "Speech: ..." and "Your variants folder is ..."
    # started about 11 px left of the other rows' labels, touching the ring.
    page = _pages(desktop)["settings"]()
    texts = [c for c in page.controls() if c.role is Role.TEXT]
    assert texts
    surface = pygame.Surface(size)
    for c in texts:
        page.focus.id = c.id
        page.draw(surface)
        drawn = page.renderer.drawn
        labels = {drawn[k].left for k in drawn if k.startswith("label:")}
        assert len(labels) == 1
        words = drawn["text:" + c.id]
        assert words.left == labels.pop(), (c.id, words)
        assert page.rects[c.id].contains(words)
