"""A friend who joins a room on a server hears who is in it, as on the LAN
(issue 23): said after the table's first words, and again with U."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.online import CertificateQuestion  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402


def test_joining_a_room_on_a_server_says_who_is_here(desktop, served, tmp_path):
    server = f"127.0.0.1:{served.port}"
    desktop.trust_certificate(server, served.fingerprint)
    page = desktop.create_online_room(server, "tournament", 3, "easy", "Mara")
    assert isinstance(page, TableScreen) and not isinstance(page, CertificateQuestion)
    line = next(w for w in page.room.invitation.split() if w.startswith("holdem://"))
    friend = Desktop(rng=random.Random(6), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    try:
        joined = friend.join_online_room(line, "", "Ada")
        assert isinstance(joined, TableScreen)
        app = App(joined, keymap=friend.keymap, after_input=friend.flush, poll=friend.poll)
        here = ("In the room: Mara (host) and you. 1 seat free: a computer player takes it "
                "when the game starts.")
        keys(app, "p")  # the next words the table says carry it
        assert any(here in text for text in said(friend)), said(friend)
        keys(app, "u")
        assert said(friend)[-1] == here
    finally:
        friend.close_room()
