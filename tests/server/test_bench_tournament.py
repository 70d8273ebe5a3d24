"""bench/tournament_server.py at a tiny size: a sit-and-go of 30 (two
people at a quick pace, two watchers, the tournaments' clock 60 times as
fast) played to its end on a real ``serve`` process.  The bench's own
checks (the saved tournament's tables, each table's chips per hand, the
places against the people's news) must all hold, its exit status say so,
and the figures it prints be numbers.  Never a time is checked: the
machine is shared (the figures are docs/server.md's business); the run
is bounded by the tournament's end, not by a window that must see hands.
Also the setting the bench needs: ``tournament_clock``, 1 (the wall's) by
default."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from holdem_desktop.server import tournament_service
from holdem_desktop.server.config import ConfigError, parse_config
from holdem_desktop.server.tournament_service import fast_clock

ROOT = Path(__file__).resolve().parents[2]
NUMBER = r"(nan|-?\d+(?:\.\d+)?)"


def test_a_tiny_tournament_through_the_server_holds_every_check_and_prints_numbers():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "tournament_server.py"),
                          "--entrants", "30", "--people", "2", "--seats", "6",
                          "--watchers", "2", "--clock", "60", "--pace", "0.05,0.2"],
                         capture_output=True, text=True, env=env, timeout=900)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    assert "VIOLATION" not in text and "every check held" in text, text
    assert "played to the end" in text, text
    counts = re.search(r"hands (\d+), moves (\d+), tables broken (\d+), saved states checked "
                       r"(\d+)", text)
    assert counts is not None, text
    hands, _moves, broken, reads = (int(x) for x in counts.groups())
    assert hands > 0 and reads > 0, text  # (played to the end: it dealt hands)
    assert broken == 4, text  # five tables of six down to the final one
    cpu = re.search(rf"server CPU {NUMBER} s, per hand {NUMBER} ms", text)
    latency = re.search(rf"actions (\d+) timed .*p50 {NUMBER} ms, p99 {NUMBER} ms", text)
    chips = re.search(r"views of a hand compared for its chips (\d+), hands seen (\d+)", text)
    assert chips is not None and int(chips.group(1)) > 0, text  # (the people's views checked)
    memory = re.search(rf"server peak resident memory {NUMBER} MiB", text)
    assert cpu is not None and latency is not None and memory is not None, text
    assert float(cpu.group(1)) >= 0 and float(cpu.group(2)) >= 0, text
    assert float(memory.group(1)) > 0, text
    p50, p99 = float(latency.group(2)), float(latency.group(3))
    assert (math.isnan(p50) and int(latency.group(1)) == 0) or 0 <= p50 <= p99, text


def test_the_tournaments_clock_runs_as_fast_as_the_setting_says(tmp_path, monkeypatch):
    settings = tmp_path / "server.toml"
    settings.write_text("tournament_clock = 20\n", encoding="utf-8")
    assert parse_config(["--insecure"]).tournament_clock == 1
    assert parse_config(["--insecure", "--config", str(settings)]).tournament_clock == 20
    settings.write_text('tournament_clock = "fast"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="tournament_clock: not a whole number"):
        parse_config(["--insecure", "--config", str(settings)])
    now = [1000.0]
    monkeypatch.setattr(tournament_service.time, "time", lambda: now[0])
    fast, wall = fast_clock(20), fast_clock(1)
    start = fast()
    now[0] += 3.0
    assert (fast() - start, wall()) == (60.0, 1003.0)
    assert fast_clock(0)() == 1003.0  # 0 or 1: the wall's own clock
