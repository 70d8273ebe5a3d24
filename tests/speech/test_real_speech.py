"""Real speech, end to end: the game launched as a player would, in a real
window on a virtual screen, played with key presses only (xdotool), its
announcements received by a private Speech Dispatcher (espeak-ng, audio to
a file), and its own sound captured with SDL's disk driver."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.desktop import focus_window, virtual_screen, wait_for

TOOLS = ("Xvfb", "xdotool", "speech-dispatcher", "espeak-ng")
SPEECHD_CLIENT = Path("/usr/lib/python3/dist-packages/speechd/__init__.py")
missing = [t for t in TOOLS if shutil.which(t) is None]
if not SPEECHD_CLIENT.exists():
    missing.append("python3-speechd")
pytestmark = pytest.mark.skipif(
    bool(missing), reason="needs Debian packages xvfb xdotool speech-dispatcher "
    f"speech-dispatcher-espeak-ng espeak-ng python3-speechd (missing: {missing})")

DISPLAY_NUMBER = 88


@pytest.fixture
def xvfb():
    with virtual_screen(DISPLAY_NUMBER) as display:
        yield display


@pytest.fixture
def speechd(tmp_path):
    """A private speech-dispatcher whose log records every message queued; its
    audio goes to a file through ALSA's file plugin (no sound card needed)."""
    home = tmp_path / "speechd"
    for sub in ("conf/modules", "log", "run", "xdg/alsa"):
        (home / sub).mkdir(parents=True)
    (home / "xdg/alsa/asoundrc").write_text(
        'pcm.!default {\n  type file\n  slave.pcm "null"\n'
        f'  file "{home}/speech_%p.wav"\n  format "wav"\n}}\n')
    module = Path("/etc/speech-dispatcher/modules/espeak-ng.conf")
    if module.exists():
        shutil.copy(module, home / "conf/modules/")
    (home / "conf/speechd.conf").write_text(
        f'LogLevel 5\nLogDir "{home}/log"\nAudioOutputMethod "alsa"\n'
        'AudioALSADevice "default"\nAddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
        'DefaultModule espeak-ng\nDefaultLanguage "en"\nTimeout 0\n')
    sock = home / "run/speechd.sock"
    env = dict(os.environ, XDG_CONFIG_HOME=str(home / "xdg"),
               XDG_RUNTIME_DIR=str(home / "run"))
    subprocess.run(["speech-dispatcher", "-d", "-C", str(home / "conf"), "-L",
                    str(home / "log"), "-S", str(sock), "-P", str(home / "run/pid"), "-t", "0"],
                   env=env, check=True, timeout=20, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    try:
        assert wait_for(sock.exists, 10), "speech-dispatcher did not create its socket"

        def spoken() -> list[str]:
            out = []
            for log in (home / "log").glob("*.log"):
                for line in log.read_text(errors="replace").splitlines():
                    if "Queueing message |" in line:
                        out.append(line.split("Queueing message |", 1)[1].rsplit("|", 1)[0])
            return out

        yield f"unix_socket:{sock}", spoken
    finally:
        pid = home / "run/pid"
        if pid.exists():
            subprocess.run(["kill", pid.read_text().strip()], check=False)


def test_a_hand_played_by_keys_is_heard_through_speech_dispatcher(xvfb, speechd, tmp_path):
    address, spoken = speechd
    config = tmp_path / "config" / "holdem-desktop"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps(
        {"players": 2, "strength": "easy", "player_name": "Mara", "sound_volume": 1.0}))
    capture = tmp_path / "game_audio.raw"
    env = dict(os.environ, DISPLAY=xvfb, SDL_AUDIODRIVER="disk",
               SDL_DISKAUDIOFILE=str(capture), SPEECHD_ADDRESS=address,
               SPEECHD_CMD=str(tmp_path / "never-spawn"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("SDL_VIDEODRIVER", None)
    game = subprocess.Popen([sys.executable, "-m", "holdem_desktop"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        focus_window(game.pid, env)

        def key(*names: str) -> None:
            subprocess.run(["xdotool", "key", "--delay", "120", *names], env=env, timeout=30)

        # New game, Tab down to Start game (the saved choices: two players) past Players,
        # Starting stack, Blinds go up, Computer players, Your name and Copy, then deal.
        key("Return", *["Tab"] * 7, "Return")
        assert wait_for(lambda: any("New game" in s for s in spoken()), 10), spoken()
        won = False
        for _ in range(16):  # hands, until we have seen a flop and won a pot
            if not any("Flop: " in s for s in spoken()):
                key("n", *["c"] * 8)  # check or call to the end: a flop is dealt
            else:
                key("n", "a", "a")  # all-in (A, then A to confirm)
            won = wait_for(lambda: any("You win" in s for s in spoken()), 2)
            if won and any("Flop: " in s for s in spoken()):
                break
        said = spoken()
    finally:
        game.terminate()
        game.wait(timeout=10)
    assert any("You have " in s for s in said), said  # your cards
    assert any("Flop: " in s for s in said), said
    assert won and any(" wins " in s or "You win" in s for s in said), said
    import numpy as np

    samples = np.frombuffer(capture.read_bytes(), dtype=np.int16)
    assert samples.size > 0 and np.abs(samples).max() > 1000, "the game's sound was silent"
