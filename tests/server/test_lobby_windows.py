"""The Lobby in a real window (issue 34's real-window run): the game on a
virtual screen of its own, driven by key presses only, heard through a
private Speech Dispatcher, against a real ``holdem-desktop serve`` process
on loopback with a self-signed certificate.  A stranger's scripted game
already sits at a public table.  The player opens the Lobby (trusting the
certificate by keys), hears the count and the table's line, presses Play
now, is seated at that table between hands and hears a hand dealt to them
there.  Screenshots of the Lobby and of the table are kept (looked at) in
look-shots/lobby2 beside the worktrees."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from holdem_desktop import __version__
from holdem_desktop.net.lobby_messages import PlayNow
from holdem_desktop.net.online import OnlineClient
from tests.desktop import virtual_screen, wait_for
from tests.net.test_host import Player
from tests.net.test_room_windows import keys, launch, typed
from tests.speech.test_real_speech import missing, private_speechd

from .process import ServeProcess
from .test_online_windows import heard, trust_by_keys

pytestmark = pytest.mark.skipif(
    bool(missing), reason="needs Debian packages xvfb xdotool speech-dispatcher "
    f"speech-dispatcher-espeak-ng espeak-ng python3-speechd (missing: {missing})")

SHOTS = Path(__file__).resolve().parents[3] / "look-shots" / "lobby2"


def shot(display: str, name: str) -> Path:
    """The whole virtual screen, as a PNG in :data:`SHOTS`."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], env={"DISPLAY": display},
                   timeout=30, check=True)
    return path


def test_the_lobby_in_a_real_window_lists_the_table_and_play_now_seats_there(
        tmp_path: Path) -> None:
    serve = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--self-signed",
                         "--data", str(tmp_path / "server"))
    ann: Player | None = None
    game = None
    try:
        port = serve.wait_ready()
        ann = Player("Ann", port, 1, client=OnlineClient("127.0.0.1", port,
                                                         pin=serve.fingerprint),
                     first=PlayNow("Ann", __version__))
        assert wait_for(lambda: (ann.pump(), ann.table is not None and ann.table.started)[1],
                        20)

        def playing(predicate):  # Ann plays on (her scripted game) while we wait
            return lambda: (ann.pump(), predicate())[1]

        with private_speechd(tmp_path / "speech") as (voice, spoken), \
                virtual_screen() as screen:
            try:
                game, env = launch(screen, tmp_path / "mara", "Mara", voice)
                keys(env, "Tab", "Tab", "Return", "Tab", "Tab", "Return")  # Rooms, Play online
                assert wait_for(heard(spoken, r"^Play online\."), 20), spoken()
                typed(env, f"127.0.0.1:{port}")
                # past the code, the name, Join, Create, Paste, Forget: the Lobby
                keys(env, *["Tab"] * 7)
                assert wait_for(heard(spoken, r"^Lobby: public tables"), 10), spoken()[-3:]
                keys(env, "Return")
                trust_by_keys(env, spoken, f"127.0.0.1:{port}", serve.fingerprint)
                # the page, then the count of the tables listed
                assert wait_for(playing(heard(spoken, r"\b1 public table\.")), 30), \
                    (spoken()[-5:], game.poll(), (tmp_path / "mara" / "stderr.txt").read_text()
                     [-2000:], serve.errors[-5:])  # (the window's and the server's own words)
                # Tab through the filters and Play now to the table's line, with its place
                line = (r"^Session, blinds 10/20, normal speed: 5 of 6 seats free, 1 person, "
                        r"5 computers, 1 of 1$")
                mark = len(spoken())
                for _ in range(4):
                    keys(env, "Tab")
                    if wait_for(playing(heard(spoken, line, mark)), 3):
                        break
                assert heard(spoken, line, mark)(), spoken()[mark:]
                lobby = shot(screen, "lobby")
                mark = len(spoken())
                keys(env, "shift+Tab")  # back on Play now
                assert wait_for(playing(heard(spoken, r"^Play now", mark)), 10), \
                    spoken()[mark:]
                mark = len(spoken())
                keys(env, "Return")  # Play now: Ann's table, the one with a free seat
                # (a watcher until the hand ends, when one is being played)
                # (or, arriving between hands, dealt straight in: "You have <cards>")
                # (or, arriving as Ann's game ended, seated in the next: "New game: …")
                seated = heard(spoken, r"take a computer's seat when it ends"
                               r"|You have a seat for this game|You have \w+ of "
                               r"|^New game: \d+ players", mark)
                assert wait_for(playing(seated), 30), spoken()[mark:]
                # between hands she has a computer's seat; the next hand is hers
                dealt = heard(spoken, r"Hand \d+\..* You have ", mark)
                end_at = 90.0
                for _ in range(int(end_at / 3)):
                    if wait_for(playing(dealt), 3):
                        break
                    keys(env, "n")  # Next hand, once seated (refused before: said)
                assert dealt(), spoken()[mark:]
                assert wait_for(playing(lambda: ann.table is not None
                                        and "Mara" in ann.table.names), 10)
                assert any(re.search(r"\bAnn\b", s) for s in spoken()[mark:]), spoken()[mark:]
                table = shot(screen, "table")
                assert lobby.stat().st_size > 0 and table.stat().st_size > 0
            finally:
                if game is not None:
                    game.terminate()
                    game.wait(timeout=10)
    finally:
        if ann is not None:
            ann.client.close()
        serve.stop()
    errors = (tmp_path / "mara" / "stderr.txt").read_text()
    assert "Traceback" not in errors, errors
    assert not [e for e in serve.errors if "Traceback" in e], serve.errors
