"""Words held for the voice while the bust-out dialog is open (the real
Desktop over a real server on loopback, the recording voice, key events).

Ann is out in her first hand (test_tournament_end_desktop's stacked deck and
``Paused`` tables).  From the news that put her out she only watches, and
her table's words are held for the voice until it has said what it was
given (speech/watching.py): the rest of the hand that put her out too.
The dialog opened over the table stopped them: only the table, on top,
handed them on, so the hand's end was heard only once the dialog closed.
Now the dialog's own words are said first, then the held words follow,
queued behind the question (never over it), while the dialog stays open --
with a screen reader that cannot tell when it is idle (JAWS, SAPI: the
voice's estimate, on the test's clock) as with one that can."""

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
from holdem_desktop.ui.dialog import Dialog  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402
from .test_tournament_desktop import SEED  # noqa: E402
from .test_tournament_end_desktop import Paused, until_out  # noqa: E402
from .test_tournament_play import tournament_served  # noqa: E402
from .test_tournament_watching_desktop import Voice, turns  # noqa: E402


@pytest.mark.parametrize("tells", [False, True], ids=["estimated", "told"])
def test_the_held_words_follow_the_dialog_while_it_is_open(desktop, make_server, tmp_path,
                                                           tells):
    clock = [1000.0]
    desktop.speech.clock = lambda: clock[0]  # (the voice's estimate: on the test's clock)
    if tells:
        desktop.speech.speaker = voice = Voice()
    voice = desktop.speech.speaker
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
    assert isinstance(app.screen, Dialog), app.screen
    dialog = app.screen
    watch = desktop.outputs.watches[id(remote)]
    heard = said(desktop)
    opened = max(k for k, s in enumerate(heard) if s.startswith(dialog.question))
    assert heard[opened].endswith("Keep watching, button"), heard[opened:]
    assert watch.held, "no words held: nothing to test"
    held = [h.text for h in watch.held]
    # the dialog's words are being said: nothing held goes over them
    turns(app, lambda: True, 0.0)
    app.run(max_events=1)
    assert len(said(desktop)) == opened + 1, said(desktop)[opened:]
    # said by now (the estimate: its seconds gone by; a voice that tells: it is quiet)
    clock[0] += 600.0
    end = time.monotonic() + 10.0
    while time.monotonic() < end and watch.held:
        app.run(max_events=1)
    assert app.screen is dialog  # still open, still asking
    after = said(desktop)[opened + 1:]
    assert not watch.held and after, (held, after)
    assert " ".join(after) == " ".join(held)  # the hand's end, as it was held
    assert not any(interrupt for _text, interrupt in voice.calls[opened + 1:])  # (queued)
    assert any(re.search(r"\bwins\b", s) for s in after), after
