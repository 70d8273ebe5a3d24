"""bench/tournament.py plays a whole tournament through the engine and its
own checks (run small here: the figures are the bench's business)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_tournament_bench_plays_to_the_end_with_every_check_held():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "tournament.py"),
                          "--entrants", "40", "--seats", "6", "--seed", "3"],
                         capture_output=True, text=True, env=env, timeout=300, check=True)
    assert "every check held on every hand" in out.stdout
    assert "tables broken 0" not in out.stdout, out.stdout  # 40 at 6 seats: tables break
