"""bench/server.py --lobby-followers runs at a tiny size (3 rooms, 5
followers, 4 people coming and going at public tables, 5 seconds): the
followers receive the lobby's lists while the rooms play, and the figures
it prints are sane.  Only counts are checked, never a time: the machine is
shared and busy (the figures are the bench's business, docs/performance.md)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^(this x1(?: \+5)?)\s+(\d+)\s+(\d+)\s+(\d+)\s", re.M)
LOBBY = re.compile(r"this x1 \+5 / this x1\s+(\d+)\s+([\d.]+),\s+([\d.]+)\s+([\d.]+)\s+"
                   r"([\d.]+)\s+(-?[\d.]+)%\s+(\S+)\s+(\S+)\s+([\d.]+)\s+(\d+)\s+(\d+)")


def test_the_server_bench_measures_the_rooms_with_and_without_lobby_followers():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "server.py"), "--rooms", "3",
                          "--lobby-followers", "5", "--lobby-tables", "4", "--seconds", "5",
                          "--workers", "1"],
                         capture_output=True, text=True, env=env, timeout=600, check=True)
    text = out.stdout
    assert "clients failed" not in text, text
    rows = {m.group(1): m for m in ROW.finditer(text)}
    assert set(rows) == {"this x1", "this x1 +5"}, text
    for row in rows.values():  # the 3 rooms (and the public tables) played, actions timed
        assert int(row.group(2)) >= 3 and int(row.group(4)) > 0, text
    lobby = LOBBY.search(text)
    assert lobby is not None, text
    followers, each, most, lists, kilobytes, _cpu, _per_hand, _p99, seated, errors, _away = \
        lobby.groups()
    assert int(followers) == 5, text
    assert float(lists) > 0 and float(kilobytes) > 0 and float(each) > 0, text
    assert float(most) <= 2.0, text  # the lobby sends a follower at most one list a second
    assert float(seated) > 0, text  # the public tables' people came and went
    assert int(errors) == 0, text  # no too_fast, no refused Play now
