"""An all-in's run-out heard by a room's guest street by street, as the host
hears it (over the real Desktops and real loopback sockets, heard through
the recording speaker, driven by keys)."""

from __future__ import annotations

import functools
import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.events import Street  # noqa: E402
from holdem_desktop.net.room import Room  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from tests.ui.test_chat_desktops import guest, until  # noqa: E402, F401 (guest: a fixture)
from tests.ui.test_rooms import host, keys  # noqa: E402, F401 (host: the fixture)

SEED = 3
"""The room's deck (a run-out with one winner, who wins the game)."""


def test_the_guest_hears_the_run_out_street_by_street(host, guest, monkeypatch):  # noqa: F811
    monkeypatch.setattr("holdem_desktop.app.rooms.Room",
                        functools.partial(Room, rng=random.Random(SEED)))
    page = host.create_room("tournament", 2, "easy", "Mara")
    mara = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    ada_desk, ada_page = guest(page.room.code)
    ada = App(ada_page, keymap=ada_desk.keymap, after_input=ada_desk.flush, poll=ada_desk.poll)
    for d in (host, ada_desk):
        d.speech.speaker.talking = False  # (a voice that tells it has said everything)

    def both() -> None:  # a turn of each window's loop (each reads what came)
        mara.run(max_events=1)
        ada.run(max_events=1)

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

    def street() -> Street | None:
        view = host.remote.table.view if host.remote.table is not None else None
        return view.street if view is not None else None

    assert until(both, lambda: turn() is not None)
    while street() is Street.PREFLOP:  # called and checked to the flop
        who = turn()
        assert who is not None
        before = host.remote.decision
        press(who, "c")
        assert until(both, lambda before=before: host.remote.decision != before and (
            turn() is not None or street() is not Street.PREFLOP))
    assert until(both, lambda: turn() is not None)
    if turn() == "mara":  # Mara checks: Ada goes all-in, Mara calls last
        press("mara", "c")
        assert until(both, lambda: turn() == "ada")
    ada_mark = len(ada_desk.speech.speaker.calls)
    mara_mark = len(host.speech.speaker.calls)
    press("ada", "a", "a")
    assert until(both, lambda: turn() == "mara")
    press("mara", "c")
    for d, mark in ((host, mara_mark), (ada_desk, ada_mark)):  # (the game is over)
        assert until(both, lambda d=d, mark=mark: any(
            "Places: 1, " in s for s, _ in d.speech.speaker.calls[mark:])), \
            [s for s, _ in d.speech.speaker.calls[mark:]]
    mara_heard = [s for s, _ in host.speech.speaker.calls[mara_mark:]]
    ada_heard = [s for s, _ in ada_desk.speech.speaker.calls[ada_mark:]]
    # the host, whose call began it, hears the run-out street by street ...
    dealt = next(k for k, s in enumerate(mara_heard) if "Turn: " in s)
    assert mara_heard[dealt + 1].startswith("River: "), mara_heard
    # ... and so does the guest: the call, the cards turned up, each street apart
    for heard in (ada_heard, mara_heard):
        for word in ("Turn: ", "River: ", "The cards are turned up"):
            assert sum(word in s for s in heard) == 1, heard
        streets = [k for k, s in enumerate(heard) if re.search(r"\b(Turn|River): ", s)]
        assert len(streets) == 2 and streets[1] > streets[0], heard  # not one breath
        up = next(k for k, s in enumerate(heard) if "The cards are turned up" in s)
        won = next((k for k, s in enumerate(heard) if re.search(r"\b(wins?|split)\b", s)),
                   None)
        assert won is not None, heard
        assert up < streets[0] < streets[1] < won, heard
    call = next(s for s in ada_heard if s.startswith("Mara calls "))
    assert call.endswith("all-in."), ada_heard  # what led to it, said on its own
    # the history keeps the run-out as one announcement, as the host's (Repeat says it all)
    kept = [h.text for h in ada_desk.speech.history if h.kind == "game"]
    assert any(k.startswith("Mara calls ") and "Turn: " in k and "River: " in k
               for k in kept), kept[-4:]
