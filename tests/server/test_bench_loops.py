"""bench/server.py --loop asyncio,uvloop --stalls runs at a tiny size (2
rooms, 4 seconds): each loop's row is printed, labelled, and its server
really ran on that loop (bench/stalls.py's report names it), with what the
slow actions waited behind printed under each run.  Only counts and names
are checked, never a time: the machine is shared and busy (the figures are
the bench's business, docs/performance.md)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from holdem_desktop.server.fast_loop import uvloop_available

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^(asyncio x1|uvloop x1)\s+(\d+)\s+(\d+)\s+(\d+)\s", re.M)


@pytest.mark.skipif(not uvloop_available(), reason="uvloop is not installed here (Windows)")
def test_the_server_bench_compares_the_two_loops_and_says_where_their_loops_stopped(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "server.py"), "--rooms", "2",
                          "--seconds", "4", "--workers", "1", "--loop", "asyncio,uvloop",
                          "--stalls", str(tmp_path / "stops")],
                         capture_output=True, text=True, env=env, timeout=600, check=True)
    text = out.stdout
    assert "clients failed" not in text, text
    rows = {m.group(1): m for m in ROW.finditer(text)}
    assert set(rows) == {"asyncio x1", "uvloop x1"}, text
    for row in rows.values():
        assert int(row.group(2)) == 2 and int(row.group(3)) == 4, text  # rooms, people
    assert "asyncio x1 / uvloop x1: CPU per hand" in text, text
    reports = {json.loads(path.read_text())["loop"]: path for path in tmp_path.glob("stops.*")}
    assert set(reports) == {"asyncio.unix_events._UnixSelectorEventLoop", "uvloop.Loop"}, text
    assert "stops.uvloop." in str(reports["uvloop.Loop"])
    assert text.count("the server's loop: uvloop.Loop") == 1, text
    assert text.count("actions > 100 ms:") == 2, text
