"""The command line: starting the program and the simulator."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "holdem_desktop", *args],
                          capture_output=True, text=True, timeout=300)


def figures(text: str) -> dict[str, int]:
    return {m[1]: int(m[2]) for m in re.finditer(r"^([a-z -]+): (\d+)$", text, re.M)}


def test_simulate_prints_its_figures_and_writes_replayable_histories(tmp_path):
    out = run("simulate", "--variant", "tournament", "--players", "6", "--hands", "300",
              "--seed", "4", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    f = figures(out.stdout)
    assert f["hands played"] == 300
    assert 0 < f["showdowns"] <= 300 and f["hands with an all-in"] > 0
    assert f["side pots"] > 0 and "hands per second" in f
    files = sorted(tmp_path.glob("*.phhs"))
    assert files
    replay = subprocess.run([sys.executable, "-m", "holdem_desktop.engine.phh", "replay",
                             *map(str, files)], capture_output=True, text=True, timeout=300)
    assert replay.returncode == 0, replay.stderr
    assert len(replay.stdout.splitlines()) == 300
    assert all(json.loads(line)["finishing_stacks"] for line in replay.stdout.splitlines())


def test_simulate_is_repeatable_with_a_seed():
    a = run("simulate", "--variant", "fixed_limit", "--players", "4", "--hands", "80",
            "--seed", "9")
    b = run("simulate", "--variant", "fixed_limit", "--players", "4", "--hands", "80",
            "--seed", "9")
    strip = lambda t: {k: v for k, v in figures(t).items() if k != "hands per second"}  # noqa: E731
    assert strip(a.stdout) == strip(b.stdout) and a.returncode == 0


def test_simulate_refuses_a_bad_variant_or_player_count_in_one_line():
    out = run("simulate", "--variant", "nope")
    assert out.returncode == 2 and "nope" in out.stderr and "Traceback" not in out.stderr
    out = run("simulate", "--variant", "heads_up", "--players", "3")
    assert out.returncode == 2 and "Traceback" not in out.stderr


def test_version():
    out = run("--version")
    assert out.returncode == 0 and "Hold'em Desktop" in out.stdout


@pytest.mark.skipif(sys.platform == "win32",
                    reason="Windows always has a display: its desktop, which no variable names")
def test_with_no_display_the_game_says_so_and_exits_3(tmp_path):
    import os

    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_DATA_HOME=str(tmp_path / "d"),
               SDL_AUDIODRIVER="dummy", SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}",
               SPEECHD_CMD=str(tmp_path / "none"))
    out = subprocess.run([sys.executable, "-m", "holdem_desktop"], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 3 and "found no display" in out.stderr
    assert "Traceback" not in out.stderr
