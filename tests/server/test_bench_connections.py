"""bench/connections.py at a tiny size (4 connections, 2 seconds): both
connection layers -- the server's own (``websockets``' asyncio server with
its one-write Connection) and one on ``websockets``' Sans-I/O protocol --
answer every message of every client with two, under TLS, on each loop
installed, and each row prints its figures.  Only counts are checked,
never a time: the machine is shared and busy (the figures are the bench's
business, docs/performance.md)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from holdem_desktop.server.fast_loop import uvloop_available

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^(library|sans-io)\s+(asyncio|uvloop)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s", re.M)


def test_both_connection_layers_answer_every_message_and_are_measured_side_by_side():
    loops = ["asyncio", "uvloop"] if uvloop_available() else ["asyncio"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "connections.py"),
                          "--connections", "4", "--rate", "20", "--seconds", "2",
                          "--warm-up", "1", "--repeats", "1", "--loop", ",".join(loops)],
                         capture_output=True, text=True, env=env, timeout=300)
    text = out.stdout + out.stderr
    assert out.returncode == 0, text
    rows = {(m.group(1), m.group(2)): m for m in ROW.finditer(out.stdout)}
    assert set(rows) == {(layer, loop) for layer in ("library", "sans-io") for loop in loops}, text
    for (layer, _), row in rows.items():
        assert int(row.group(5)) > 0, text  # messages answered (each with its two answers)
        if layer == "library":
            assert row.group(4) == "1.00", text  # the yardstick of its loop
