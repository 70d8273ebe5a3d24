"""An all-in's run-out heard by a room's guest street by street, as the host
hears it (over the real Desktops and real loopback sockets, heard through
the recording speaker, driven by keys)."""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.events import Street  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.ui.test_chat_desktops import guest, until  # noqa: E402, F401 (guest: a fixture)
from tests.ui.test_rooms import host, keys  # noqa: E402, F401 (host: the fixture)


def test_the_guest_hears_the_run_out_street_by_street(host, guest):  # noqa: F811
    page = host.create_room("tournament", 2, "easy", "Mara")
    mara = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    ada_desk, ada_page = guest(page.room.code)
    ada = App(ada_page, keymap=ada_desk.keymap, after_input=ada_desk.flush, poll=ada_desk.poll)

    def both() -> None:
        host.poll()
        ada_desk.poll()

    keys(mara, "n")  # New game
    assert until(both, lambda: host.remote.running and ada_desk.remote.running)
    keys(mara, "n")
    keys(ada, "n")  # both ready: the first hand is dealt

    def turn() -> str | None:
        for who, d in (("mara", host), ("ada", ada_desk)):
            if d.remote.my_turn:
                return who
        return None

    def press(who: str, *names: str) -> None:
        app, screen = (mara, page) if who == "mara" else (ada, ada_page)
        screen.guard_until = 0.0
        keys(app, *names)

    def street() -> Street:
        return host.remote.view(0).street

    assert until(both, lambda: turn() is not None)
    while street() is Street.PREFLOP:  # called and checked to the flop
        who = turn()
        assert who is not None
        before = host.remote.decision
        press(who, "c")
        assert until(both, lambda: host.remote.decision != before and (
            turn() is not None or street() is not Street.PREFLOP))
    assert until(both, lambda: turn() is not None)
    if turn() == "mara":  # Mara checks: Ada goes all-in, Mara calls last
        before = host.remote.decision
        press("mara", "c")
        assert until(both, lambda: turn() == "ada")
    ada_mark = len(ada_desk.speech.speaker.calls)
    mara_mark = len(host.speech.speaker.calls)
    press("ada", "a", "a")
    assert until(both, lambda: turn() == "mara")
    press("mara", "c")
    until(both, lambda: any(re.search(r"\bwins\b", s)
                                   for s, _ in ada_desk.speech.speaker.calls[ada_mark:]))
    print("MARA", host.speech.speaker.calls[mara_mark:])
    print("ADA", ada_desk.speech.speaker.calls[ada_mark:])
    print("ADA pending", ada_desk.outputs.announcers[id(ada_desk.remote)].pending, ada_desk.outputs.watches[id(ada_desk.remote)].held)
    print("ADA history", ada_desk.speech.history[-5:])
    assert False
