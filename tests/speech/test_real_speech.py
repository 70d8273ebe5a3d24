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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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

@pytest.fixture
def xvfb():
    with virtual_screen() as display:
        yield display


@contextmanager
def private_speechd(home: Path) -> Iterator[tuple[str, Callable[[], list[str]]]]:
    """A private speech-dispatcher in folder ``home`` whose log records every
    message queued; its audio goes to a file through ALSA's file plugin (no
    sound card needed).  Yields its address and ``spoken()``, the messages
    queued so far; stopped afterwards."""
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
            return [text for what, text in heard(home) if what == "say"]

        yield f"unix_socket:{sock}", spoken
    finally:
        pid = home / "run/pid"
        if pid.exists():
            subprocess.run(["kill", pid.read_text().strip()], check=False)


def heard(home: Path) -> list[tuple[str, str]]:
    """What the private speech-dispatcher in ``home`` (see
    :func:`private_speechd`) was told, in order: ``("say", text)`` for each
    message queued, ``("cancel", "")`` for each order to stop speaking (an
    interrupting sentence's, sent before it)."""
    out = []
    for log in sorted((home / "log").glob("*.log")):
        for line in log.read_text(errors="replace").splitlines():
            if "Queueing message |" in line:
                out.append(("say", line.split("Queueing message |", 1)[1].rsplit("|", 1)[0]))
            elif line.endswith(":DATA:|CANCEL self"):
                out.append(("cancel", ""))
    return out


@pytest.fixture
def speechd(tmp_path):
    """A private speech-dispatcher for one test (see :func:`private_speechd`)."""
    with private_speechd(tmp_path / "speechd") as found:
        yield found


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
            # 0.4 s apart, as a player who hears each turn: an acting key within
            # 0.3 s of a new decision is taken for type-ahead and ignored (issue 28)
            subprocess.run(["xdotool", "key", "--delay", "400", *names], env=env, timeout=30)

        # Enter opens New game, Enter again starts it from its first field (the
        # saved choices: two players), and the first hand is dealt at once.
        key("Return", "Return")
        assert wait_for(lambda: any("New game" in s for s in spoken()), 10), spoken()
        assert wait_for(lambda: any("You have " in s for s in spoken()), 5), spoken()
        won = False
        for _ in range(16):  # hands, until we have seen a flop and won a pot
            # check or call to the end: a flop is dealt, and no single hand risks
            # the whole tournament (an all-in lost ends a game of two players)
            key("n", *["c"] * 8)
            if any(s.startswith("Start a new game with the same players?") for s in spoken()):
                key("n")  # the game ended all the same: N again starts the next one
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


def _game_env(tmp_path, display, path):
    """The game's environment with no Speech Dispatcher to reach or start."""
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy",
               SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}",
               SPEECHD_CMD=str(tmp_path / "no-speech-dispatcher"), PATH=path,
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("SDL_VIDEODRIVER", None)
    return env


def test_without_speech_dispatcher_espeak_ng_speaks(xvfb, tmp_path):
    """Speech Dispatcher absent: the game speaks through espeak-ng itself.  A
    wrapper named espeak-ng, first on the PATH, records the text and the
    arguments and runs the real espeak-ng writing its audio to a file."""
    real = shutil.which("espeak-ng")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    said = tmp_path / "espeak.txt"
    wrapper = bin_dir / "espeak-ng"
    wrapper.write_text(
        "#!/bin/sh\n"
        'text=$(cat)\n'
        f'printf "%s | %s\\n" "$*" "$text" >> "{said}"\n'
        f'printf "%s" "$text" | exec "{real}" "$@" -w "{tmp_path}/espeak_$$.wav"\n')
    wrapper.chmod(0o755)
    env = _game_env(tmp_path, xvfb, f"{bin_dir}:{os.environ['PATH']}")
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with out.open("wb") as o, err.open("wb") as e:
        game = subprocess.Popen([sys.executable, "-m", "holdem_desktop"], env=env,
                                stdout=o, stderr=e)
        try:
            tools = dict(os.environ, DISPLAY=xvfb)
            focus_window(game.pid, tools)
            subprocess.run(["xdotool", "key", "--delay", "150", "Tab", "Tab", "Return"],
                           env=tools, timeout=30)  # Continue, Rooms; open Rooms
            heard = wait_for(lambda: said.exists() and "Rooms" in said.read_text(), 15)
        finally:
            game.terminate()
            game.wait(timeout=10)
    lines = said.read_text().splitlines() if said.exists() else []
    assert heard, lines
    assert any(line.startswith("--stdin -v en -s 175 -a 100") for line in lines), lines
    import numpy as np

    waves = sorted(tmp_path.glob("espeak_*.wav"))
    assert waves, "espeak-ng wrote no audio"
    samples = np.concatenate([np.frombuffer(w.read_bytes()[44:], dtype=np.int16) for w in waves])
    assert samples.size > 22050 // 2 and np.abs(samples).max() > 1000, "espeak-ng was silent"
    noise = out.read_text(errors="replace") + err.read_text(errors="replace")
    assert "Cannot find" not in noise, noise  # accessible-output2's lines stay off the terminal


def test_with_no_voice_at_all_stderr_says_what_to_install(xvfb, tmp_path):
    """Neither Speech Dispatcher nor espeak-ng: one line on stderr says so, and
    accessible-output2's "Cannot find espeak.core" line is gone."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    env = _game_env(tmp_path, xvfb, str(empty))
    out_file, err_file = tmp_path / "out.txt", tmp_path / "err.txt"
    game = subprocess.Popen([sys.executable, "-m", "holdem_desktop"], env=env,
                            stdout=out_file.open("wb"), stderr=err_file.open("wb"))
    try:
        focus_window(game.pid, dict(os.environ, DISPLAY=xvfb))
        wait_for(lambda: b"Speech: " in err_file.read_bytes(), 20)  # said once, at start
    finally:
        game.terminate()
        game.wait(timeout=10)
    out, err = out_file.read_bytes(), err_file.read_bytes()
    text = (out + err).decode(errors="replace")
    assert "Cannot find espeak.core" not in text and "Cannot find Speech Dispatcher" not in text
    assert "Speech: none found. Install speech-dispatcher and python3-speechd, or espeak-ng." \
        in err.decode(errors="replace"), text
