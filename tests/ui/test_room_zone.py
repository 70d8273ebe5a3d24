"""The Room zone reads at the table's body size (issue 33, item 5): the code,
the certificate's fingerprint written in full as the server prints it, and
its buttons ("Usuń z pokoju: Chiara") never shrink; what does not fit
wraps, and when the zone is taller than its room it scrolls to the focus.
Measured on rendered pixels (tests/ui/contrast.py's glyphs): every line's
tallest glyph is at least a capital at the body size, and every glyph of
the zone lies inside its control's box (nothing cut off at an edge)."""

from __future__ import annotations

import dataclasses
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pytest.importorskip("numpy")

from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.ui.keymap import Key  # noqa: E402
from holdem_desktop.ui.layout import BODY, TableLayout  # noqa: E402
from tests.ui.contrast import glyphs  # noqa: E402
from tests.ui.test_banner_text import capital_height, lines_of  # noqa: E402
from tests.ui.test_room_look import ROOM, _room_table  # noqa: E402

PIN = ":".join(["35", "88", "C2", "8D", "39", "E5", "2B", "83"] * 4)
SIZES = [(1024, 640), (1366, 768), (1920, 1080)]


@pytest.fixture(params=["en", "pl", "ro"])
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


FULL = ("Mara", "Ada", "Bruno", "Chiara", "Dario", "Elena", "Filip", "Greta", "Hanna",
        "Maximilian")


def _screen(names: tuple[str, ...] | None = None):
    screen = _room_table((10, 20)) if names is None else _room_table((10, 20), names)
    screen.room = dataclasses.replace(ROOM, fingerprint=PIN)
    return screen


def _room_ids(screen) -> list[str]:
    return [c.id for c in screen.table_controls() if c.zone == "room" and c.role != "heading"]


@pytest.mark.parametrize("size", SIZES)
def test_every_room_control_reads_at_body_size_and_nothing_is_cut(language, size):
    screen = _screen()
    ids = _room_ids(screen)
    body_capital = capital_height(round(BODY * TableLayout(*size).scale))
    seen: set[str] = set()
    for focus in ids:  # each control in its turn: the zone scrolls to it
        screen.focus.id = focus
        found = glyphs(screen.draw, size)
        rects = screen.rects
        assert focus in rects, f"{focus} is not in view with the focus on it"
        for cid in ids:
            box = rects.get(cid)
            if box is None:
                continue
            seen.add(cid)
            inside = [g for g in found if g.rect.colliderect(box)]
            assert all(box.contains(g.rect) for g in inside), f"{cid}: a glyph is cut at its box"
            for line in lines_of(inside):
                tallest = max(g.rect.h for g in line)
                assert tallest >= body_capital, (cid, tallest, body_capital)
    assert seen == set(ids)


@pytest.mark.parametrize("size", SIZES)
def test_the_fingerprint_is_written_in_full_as_the_server_prints_it(language, size):
    screen = _screen()
    screen.focus.id = "room:fingerprint"
    screen.draw(pygame.Surface(size))
    painted = screen.renderer.painted["room:fingerprint"]
    assert PIN in painted.replace("\n", "")  # every pair, colons and all
    font = screen.renderer.font(round(BODY * TableLayout(*size).scale))
    box = screen.rects["room:fingerprint"]
    assert all(font.size(line)[0] <= box.w for line in painted.split("\n"))
    # ...and said spelled, pair by pair, to compare with what the host reads out
    said = screen.describe(next(c for c in screen.table_controls()
                                if c.id == "room:fingerprint"))
    assert "3 5, 8 8, C 2, 8 D. 3 9, E 5, 2 B, 8 3." in said


def test_the_zone_scrolls_with_the_keys_and_keeps_the_move_log(language):
    size = (1024, 640)
    screen = _screen(FULL)  # ten seats: a Remove button for each of nine others
    ids = _room_ids(screen)
    screen.focus.id = ids[0]
    surface = pygame.Surface(size)
    screen.draw(surface)
    assert ids[-1] not in screen.rects  # too tall for its room: Leave room is below
    scrollbar = screen.renderer.drawn["room:scroll"]
    for _k in ids[1:]:
        screen.press(Key.NEXT_CONTROL)
        screen.draw(surface)
        box = screen.rects[screen.focus.id]
        assert box.h > 0 and scrollbar.top <= box.top and box.bottom <= scrollbar.bottom
    assert screen.focus.id == ids[-1]
    line = round(22 * TableLayout(*size).scale)
    assert screen.rects["log"].h >= 2 * line


def test_the_game_state_line_of_who_is_here_wraps_instead_of_being_cut():
    screen = _screen()
    long = "In the room: you (host), Ada, Bruno, Chiara and Dario. 3 seats free: " \
           "computer players take them when the game starts."
    screen.messages.append(long)
    screen._said_at = len(screen.log)
    surface = pygame.Surface((1024, 640))
    screen.draw(surface)
    painted = screen.renderer.painted
    shown = next(text for text in painted.values() if text.startswith("In the room"))
    assert shown.replace("\n", " ") == long and "\n" in shown


def test_the_mouse_wheel_scrolls_the_zone_under_the_pointer(language):
    # Issue 33, 10: the wheel over the Room zone scrolls it (the focus stays
    # where it is); over the felt it does not.
    from holdem_desktop.ui.app import App

    screen = _screen(FULL)
    ids = _room_ids(screen)
    screen.focus.id = ids[0]
    app = App(screen, size=(1024, 640))
    app.frame()
    track = screen.renderer.drawn["room:scroll"]
    assert ids[-1] not in screen.rects  # too tall for its room: Leave room is below
    first = screen.rects[ids[0]]

    def wheel(y: int, at: tuple[int, int]) -> None:
        pygame.mouse.set_pos(at)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                             precise_x=0.0, precise_y=float(y), which=0))
        app.run(max_events=1)

    wheel(-1, (app.surface.get_width() // 4, app.surface.get_height() // 2))  # over the felt
    assert screen.rects[ids[0]] == first
    over = (track.x - 20, track.centery)  # over the zone, left of its bar
    for _ in range(40):
        if ids[-1] in screen.rects:
            break
        wheel(-1, over)
    assert ids[-1] in screen.rects and screen.focus.id == ids[0]  # scrolled; focus kept
    assert ids[0] not in screen.rects or screen.rects[ids[0]].y < first.y
    for _ in range(40):
        wheel(1, over)
    assert screen.rects[ids[0]] == first  # back at the top


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("names", [None, FULL], ids=["four", "ten"])
def test_the_zone_shows_only_whole_controls_and_the_focus_whole(size, names):
    # The sweep: at 1024x640 the zone's last row of buttons was cut in half
    # at its bottom edge.  Whatever is painted in the zone is a whole control
    # (one that can be clicked); the focused one is always wholly in view.
    from holdem_desktop.ui.room_zone import room_view

    screen = _screen(names)
    ids = _room_ids(screen)
    surface = pygame.Surface(size)
    p = screen.renderer.palette
    for focus in ids:
        screen.focus.id = focus
        screen.draw(surface)
        view = room_view(screen.renderer)
        assert view is not None
        boxes = [screen.rects[cid] for cid in ids if cid in screen.rects]
        assert screen.rects[focus].h == _full_height(screen, focus, size)
        pixels = pygame.surfarray.pixels3d(surface)
        for colour in (p.button, p.background):  # a button's, a text row's fill
            hit = (pixels[view.x:view.right, view.y:view.bottom] == colour).all(axis=2)
            for x, y in zip(*hit.nonzero(), strict=True):
                at = (view.x + int(x), view.y + int(y))
                assert any(b.collidepoint(at) for b in boxes), (focus, colour, at)
        del pixels


def _full_height(screen, cid: str, size) -> int:
    """A room control's whole height: its lines and its padding."""
    s = TableLayout(*size).scale
    font = screen.renderer.font(round(BODY * s))
    lines = screen.renderer.painted[cid].count("\n") + 1
    return lines * font.get_linesize() + 2 * max(4, round(6 * s))
