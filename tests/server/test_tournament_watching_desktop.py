"""Watching a tournament's table of computers after being knocked out, on
the real Desktop over a real server on loopback (dummy video driver, a
recording voice that says how long it speaks, key events).

Ann puts every chip in and loses her first hand (the deck stacked, the other
tables held: test_tournament_end_desktop's ``Paused``); she hears her place
and the bust-out dialog, and keeps watching (Escape).  Then the tables are
let go, and the computers play the rest of the tournament in a second or two
(dozens of hands).  She hears the hands as her voice can follow them: never
more than one hand's words at once (once, 38 hands were one announcement),
the hands that went by meanwhile summed up in one sentence with the chips at
the table; then the tournament's end, and the final ranking page."""

from __future__ import annotations

import os
import random
import re
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net.tournament_messages import TournamentEntry  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.tournament_end import RankingPage  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_tournament_desktop import SEED  # noqa: E402
from .test_tournament_end_desktop import Paused, until_out  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402


class Voice(RecordingSpeaker):
    """A recording voice that tells whether it still speaks: it says
    :attr:`cps` characters a second (far faster than a person hears, so
    that the test is short; the computers are faster still)."""

    cps = 400.0

    def __init__(self) -> None:
        super().__init__(clock=time.monotonic)
        self.until = 0.0

    def speak(self, text: str, interrupt: bool) -> None:
        now = self.clock()
        self.until = (now if interrupt else max(now, self.until)) + len(text) / self.cps
        super().speak(text, interrupt)

    def speaking(self) -> bool:
        return self.clock() < self.until


def turns(app, done, seconds: float) -> None:
    """The window's loop, a turn at a time as the program runs it (each turn
    reads what came, then the table's clock), until ``done()``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        app.run(max_events=1)
    assert done()


def test_out_she_hears_the_dialog_then_the_hands_as_she_can_follow(desktop, make_server,
                                                                    tmp_path):
    desktop.speech.speaker = voice = Voice()
    served, desk, key, t = tournament_served(make_server, tmp_path, SEED)
    play = Paused(t, desk.desk.variants["tournament"], rng=random.Random(SEED))
    desk.plays[key] = play
    app = lobby_by_keys(desktop, served)
    app.moves = desktop.take_moves  # (as the program's window: app/play.py)
    app.screen.feed.client.send(TournamentEntry(key, "Ann"))  # type: ignore[attr-defined]
    wait_for(app, [], lambda: desktop.remote is not None and desktop.remote.seat is not None,
             30.0)
    remote = desktop.remote
    turns(app, until_out(app, remote), 120.0)
    heard = said(desktop)
    (out,) = [k for k, s in enumerate(heard) if re.fullmatch(r"You finished [\w ]+ of 12\.", s)]
    place = heard[out]
    # -- the dialog opens, and is heard
    assert isinstance(app.screen, Dialog), (app.screen, heard[out:])
    assert app.screen.question == place
    assert heard[-1].startswith(place) and heard[-1].endswith("Keep watching, button"), \
        heard[out:]
    # -- she keeps watching; the computers play the rest at once
    keys(app, "escape")
    play.go = True
    turns(app, lambda: isinstance(app.screen, RankingPage), 120.0)
    assert t.state == "over"
    after = [s for s, _ in voice.calls[out + 1:]]
    hands = [re.findall(r"\bHand \d+\.", s) for s in after]
    assert all(len(h) <= 1 for h in hands), [s[:200] for s in after]  # one hand at a time
    assert re.search(r"\d+ hands went by meanwhile; chips now: Computer \d+ [\d,]+(, | and )"
                     r"Computer \d+ [\d,]+.*\. Hand \d+\.", " ".join(after)), \
        [s[:200] for s in after]
    # the end said, then the page
    won = [k for k, s in enumerate(after) if re.search(r"Computer \d+ wins the tournament\.", s)]
    places = [k for k, s in enumerate(after) if "Places: 1, Computer " in s]
    page = [k for k, s in enumerate(after) if s.startswith("Final ranking — Twelve.")]
    assert won and places and page and won[-1] <= places[-1] < page[-1], after[-4:]
    assert place in after[page[-1]]
