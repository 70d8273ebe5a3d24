"""Issue 28, items 2, 3 and 4 in a real window: the game launched as a
player would on a virtual screen (Xvfb), driven by key presses only
(xdotool), heard through the Speech Dispatcher sandbox
(``../shared/tools/speechd-sandbox.sh``: espeak-ng, audio to a file)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.desktop import focus_window, virtual_screen, wait_for

SANDBOX = Path(__file__).resolve().parents[2] / ".." / "shared" / "tools" / "speechd-sandbox.sh"
TOOLS = ("Xvfb", "xdotool", "speech-dispatcher", "espeak-ng")
missing = [t for t in TOOLS if shutil.which(t) is None]
if not Path("/usr/lib/python3/dist-packages/speechd/__init__.py").exists():
    missing.append("python3-speechd")
if not SANDBOX.exists():
    missing.append(f"the sandbox script {SANDBOX}")
pytestmark = pytest.mark.skipif(
    bool(missing), reason="needs Debian packages xvfb xdotool speech-dispatcher "
    f"speech-dispatcher-espeak-ng espeak-ng python3-speechd (missing: {missing})")

OWN = ("You call", "You check", "You fold", "You bet", "You raise", "You go all-in")


def sandbox(folder: Path, *commands: str) -> str:
    """Run the sandbox's shell functions on ``folder``; their output."""
    script = f'. "{SANDBOX}" "{folder}" >/dev/null 2>&1; ' + "; ".join(commands)
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    return done.stdout


@pytest.fixture
def speech(tmp_path):
    """A private Speech Dispatcher; ``(address, spoken)``: spoken() lists every
    message it queued, in order."""
    folder = tmp_path / "speechd"
    sandbox(folder, "speechd_start")
    sock = folder / "run" / "speechd.sock"
    try:
        assert wait_for(sock.exists, 10), "speech-dispatcher did not start"
        yield (f"unix_socket:{sock}",
               lambda: [line for line in sandbox(folder, "speechd_spoken").splitlines() if line])
    finally:
        sandbox(folder, "speechd_stop")


def launch(display: str, home: Path, address: str) -> tuple[subprocess.Popen, dict]:
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", SPEECHD_ADDRESS=address,
               SPEECHD_CMD=str(home / "never-spawn"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"))
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen([sys.executable, "-m", "holdem_desktop"], env=env,
                            stdout=subprocess.DEVNULL, stderr=(home / "stderr.txt").open("a"))
    focus_window(game.pid, env)
    return game, env


def press(env: dict, *names: str, delay: int = 150) -> None:
    subprocess.run(["xdotool", "key", "--delay", str(delay), *names], env=env, timeout=30)


def test_speech_off_and_back_a_saved_game_and_quick_presses_by_ear(tmp_path, speech):
    address, spoken = speech
    config = tmp_path / "config" / "holdem-desktop"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps(
        {"players": 2, "strength": "easy", "player_name": "Mara", "sounds": False}))

    def since(k: int) -> list[str]:
        return spoken()[k:]

    def heard(text: str, k: int, seconds: float = 10) -> bool:
        return wait_for(lambda: any(text in s for s in since(k)), seconds)

    with virtual_screen() as display:
        game, env = launch(display, tmp_path, address)
        try:
            # Item 4: four presses of C within some 160 ms act once, on the turn heard.
            press(env, "Return", "Return")  # New game, Start game: the first hand
            start = 0
            for _ in range(4):  # the computer may fold first: then N deals the next hand
                if heard("Your turn", start):
                    break
                start = len(spoken())
                press(env, "n")
            assert heard("Your turn", start), spoken()
            time.sleep(1.0)  # the player has heard it
            k = len(spoken())
            press(env, "c", "c", "c", "c", delay=40)
            assert heard("You c", k), since(k)
            time.sleep(1.5)
            moves = [s for s in since(k) if s.startswith(OWN)]
            assert len(moves) == 1, since(k)  # not four actions on four streets
            if any("Your turn" in s for s in since(k)):  # a later, real press still acts
                k2 = len(spoken())
                press(env, "c")
                assert heard("You c", k2), since(k2)
            # Item 2: F2 says speech goes off, then nothing is said, then F2 brings it back.
            k = len(spoken())
            press(env, "F2")
            assert heard("Speech is off. Press F2 to turn it back on.", k), since(k)
            press(env, "Tab", "Tab", "p")
            time.sleep(1.0)
            k = len(spoken())
            press(env, "p")
            time.sleep(1.0)
            assert since(k) == [], since(k)  # silent while off
            press(env, "F2")
            assert heard("Speech on.", k), since(k)
            press(env, "p")
            assert heard("Pot: ", k), since(k)
            # Off again, and leave the table mid-hand (its dialog: Tab to Leave the
            # table): the game is saved; quit (the same way).
            press(env, "F2", "Escape", "Tab", "Return", "Escape", "Tab", "Return")
            assert wait_for(lambda: game.poll() is not None, 15), "the game did not quit"
        finally:
            if game.poll() is None:
                game.terminate()
            game.wait(timeout=10)
        assert json.loads((config / "settings.json").read_text())["speech_output"] == "off"

        # The next launch: speech off is said once, with the way back.
        k = len(spoken())
        game, env = launch(display, tmp_path, address)
        try:
            assert heard("Speech is off. Press F2 to turn it back on.", k), since(k)
            time.sleep(1.0)
            assert not any("Hold'em Desktop" in s for s in since(k)), since(k)  # mute
            press(env, "F2")
            assert heard("Speech on.", k), since(k)
            # the saved game, said while speech was off, is said now, once
            assert heard("Speech on. Hold'em Desktop. You have a saved game: Continue goes "
                         "on with it. Continue, button", k), since(k)
            press(env, "F2", "F2")
            assert heard("Speech on.", k) and wait_for(
                lambda: since(k).count("Speech on.") == 1, 10), since(k)
            assert sum("You have a saved game" in s for s in since(k)) == 1, since(k)
            # Item 3: the start screen is on Continue; New game asks before replacing it.
            k = len(spoken())
            press(env, "Up")  # from Continue, Up reaches New game
            assert heard("New game, button", k), since(k)
            press(env, "Return", "Return")  # New game, then Enter: a question, not a new game
            assert heard("Replace your saved game? ", k), since(k)
            assert heard("Keep saved game, button", k), since(k)
            k = len(spoken())
            press(env, "Escape", "Escape")  # keeps it; back on the start screen, where it was
            assert heard("Hold'em Desktop. New game, button", k), since(k)
            # (the saved game is news as the window opens and after leaving a table, not
            # again on coming back from a page opened over the start screen)
            assert not any("You have a saved game" in s for s in since(k)), since(k)
            press(env, "Down")
            assert heard("Continue, button", k), since(k)
            press(env, "Return")  # Continue: the hand as it stands
            assert heard("Welcome back. Hand ", k), since(k)
            assert any("Pot: " in s and ("Board: " in s or "No cards on the board" in s)
                       for s in since(k)), since(k)
        finally:
            game.terminate()
            game.wait(timeout=10)
