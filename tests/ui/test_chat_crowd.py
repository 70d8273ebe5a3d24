"""The open Chat zone at a LAN room with six people, the host's: two mute
buttons a person (for me, for everyone) under the quick phrases.  The
buttons once took every row of the box but three, around the focus, and
the lines people said shrank to three; now the buttons keep a strip of
their own that scrolls to the focused one (a bar says more are hidden),
and the lines keep the rest of the box, as a poker client's chat shows
its talk above a few controls.  Every mute button is still reached by
Tab, seen when it has the focus, and nothing overlaps."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net.protocol import Chat  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.net.test_host import Player  # noqa: E402
from tests.ui.test_chat_desktops import until  # noqa: E402
from tests.ui.test_rooms import host, keys  # noqa: E402, F401 (host: the fixture)

FRIENDS = ("Ada", "Bo", "Cyd", "Dee", "Eli")
SAID = 8
SHOTS = Path(os.environ.get("HOLDEM_SHOTS", "")) if os.environ.get("HOLDEM_SHOTS") else None
"""A folder to keep the screenshots in, to look at (none: not kept)."""


def drawn_lines(page) -> list[str]:
    return sorted((k for k in page.rects if k.startswith("chat:line:")),
                  key=lambda k: int(k.rsplit(":", 1)[1]))


def look(app: App, page, name: str, surface=None) -> None:
    """Draw the window (or ``surface``), check the zone's boxes, keep the shot."""
    target = app.surface if surface is None else surface
    page.draw(target)
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(target, str(SHOTS / f"{name}.png"))
    box = page.rects["chat"]
    chat = {k: r for k, r in page.rects.items() if k.startswith("chat:")}
    assert all(box.contains(r) for r in chat.values()), (name, box, chat)
    ids = sorted(chat)
    crossed = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]
               if chat[a].colliderect(chat[b])]
    assert crossed == [], (name, crossed)


def test_many_mute_buttons_leave_the_lines_in_sight(host, monkeypatch):  # noqa: F811
    monkeypatch.setattr("holdem_desktop.net.chat.ROOM_BURST", 20)  # (said all at once)
    page = host.create_room("tournament", 6, "easy", "Mara")
    app = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    monkeypatch.setattr("tests.net.test_host.CODE", page.room.code)
    friends = [Player(n, host.server, k) for k, n in enumerate(FRIENDS, 1)]
    try:
        assert until(lambda: [f.pump() for f in friends],
                     lambda: all(f.seat is not None for f in friends))
        for k, f in enumerate(friends + friends[:SAID - len(friends)]):
            f.client.send(Chat(text=f"hello from {f.name}, line {k}"))
        assert until(lambda: (host.poll(), [f.pump() for f in friends]),
                     lambda: len(host.remote.chat_lines) == SAID), [f.errors for f in friends]
        assert app.surface.get_size() == (1280, 800)
        keys(app, "m")  # the chat field
        look(app, page, "chat_field")
        newest = f"chat:line:{SAID - 1}"
        assert newest in page.rects and len(drawn_lines(page)) >= 6, drawn_lines(page)
        mutes = [c.id for c in page.table_controls() if c.id.startswith("chat:do:")]
        assert len(mutes) == 2 * len(FRIENDS)
        reached = []
        while page.focus.id != mutes[-1]:  # Tab through the quick phrases and every mute
            keys(app, "tab")
            reached.append(page.focus.id)
            look(app, page, "chat_" + page.focus.id.replace(":", "_"))
            assert page.focus.id in page.rects, page.focus.id  # brought into view
            if page.focus.id.startswith("chat:do:"):
                # the lines people said stay in sight beside the buttons
                assert newest in page.rects and len(drawn_lines(page)) >= 6, (
                    page.focus.id, drawn_lines(page))
        assert [c for c in reached if c in mutes] == mutes
        # the window's smallest size: the lines still outnumber the button rows' loss
        small = pygame.Surface((1024, 640))
        look(app, page, "chat_last_mute_small", small)
        assert mutes[-1] in page.rects and newest in page.rects
        assert len(drawn_lines(page)) >= 4, drawn_lines(page)
    finally:
        for f in friends:
            f.client.close()
