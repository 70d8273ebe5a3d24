"""bench/room_core.py with many rooms played in turn, as the server comes
to its rooms (issue 38: the same rooms' work costs more a hand when 450
rooms take turns than when one room plays alone, docs/performance.md).  Only
counts are checked, never a time: the machine is shared and busy."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^this\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$", re.M)


def bench():
    spec = importlib.util.spec_from_file_location("room_core", ROOT / "bench" / "room_core.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_room_plays_its_steps_in_turn_and_its_hands_are_counted():
    room_core = bench()
    _, alone = room_core.play(1, 150, "save", rooms=1)
    _, three = room_core.play(1, 150, "save", rooms=3)
    # (each of the three rooms plays 150 steps of its own game, after the
    # warm-up steps not counted: about three times one room's hands)
    assert alone > 5
    assert 2 * alone < three < 4 * alone + 10, (alone, three)


def test_the_command_prints_each_stage_for_many_rooms():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "room_core.py"), "--games", "1",
                          "--steps", "60", "--rooms", "3", "--repeats", "1"],
                         capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    assert "3 rooms in turn" in out.stdout, text
    row = ROW.search(out.stdout)
    assert row is not None, text
    assert all(float(v) > 0 for v in row.groups()), text
