"""bench/late_raises.py measures Hard beside its frozen copy hard_v4 on the
same decks (run tiny here: the figures are the bench's business)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_prints_every_table_for_new_and_old_hard():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "late_raises.py"),
                          "--pairs", "3", "--tournaments", "1", "--jobs", "1",
                          "--opponents", "raiser_1,station"],
                         capture_output=True, text=True, env=env, timeout=300, check=True).stdout
    assert "old hard_v4" in out
    for row in ("raiser_1", "station"):
        assert sum(line.startswith(row) for line in out.splitlines()) == 3, out  # bb/100, folds x2
    assert "places gained by hard over hard_v4" in out
    assert "Decision time" in out and "hard_v4" in out.split("Decision time")[1]
