"""Real hands replay to their recorded finishing stacks; the replay command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from holdem_desktop.engine.phh import load_path, loads
from holdem_desktop.engine.replay import ReplayError, replay

PLURIBUS = Path(__file__).resolve().parents[2].parent / "shared" / "testdata" / "pluribus"


@pytest.mark.skipif(not PLURIBUS.is_dir(), reason=f"test data folder {PLURIBUS} is absent")
def test_all_pluribus_hands_replay_to_their_finishing_stacks():
    count = 0
    for path in sorted(PLURIBUS.glob("*.phhs")):
        for name, phh in load_path(path):
            hand = replay(phh)
            assert list(hand.stacks) == list(phh.finishing_stacks), (path.name, name)
            count += 1
    assert count == 10_000


HAND = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AhKh', 'd dh p2 2c2d', 'd dh p3 7s8s', 'p3 cbr 300', 'p1 cc', 'p2 f',
           'd db Qh7c2h', 'p1 cc', 'p3 cbr 700', 'p1 cc']
"""


def test_replay_all_in_and_runout():
    hand = replay(loads(HAND))
    assert hand.over and sum(hand.stacks) == 3000
    assert len(hand.board) == 5


def test_replay_refuses_an_illegal_action_with_its_index():
    bad = HAND.replace("'p1 cc', 'p2 f'", "'p1 cc', 'p2 cc', 'p2 f'")
    with pytest.raises(ReplayError) as err:
        replay(loads(bad))
    assert err.value.action_index == 6 and err.value.reason == "not_your_turn"
    check_facing = HAND.replace("'p3 cbr 300'", "'p3 cc', 'p1 cbr 200', 'p2 cc', 'p3 cc'")
    check_facing = check_facing.replace("'p1 cc', 'p3 cbr 700', 'p1 cc'", "'p1 cc'")
    with pytest.raises(ReplayError):
        replay(loads(check_facing))


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "holdem_desktop.engine.phh", *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_prints_one_json_object_per_hand(tmp_path):
    f = tmp_path / "two.phhs"
    f.write_text("[1]\n" + HAND + "\n[2]\n" + HAND)
    out = run_cli("replay", str(f))
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["hand"] for r in rows] == ["1", "2"]
    assert all(r["file"] == str(f) and sum(r["finishing_stacks"]) == 3000 for r in rows)


def test_cli_bad_file_and_illegal_action_exit_2_with_one_line(tmp_path):
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nantes = [0, 0\n")
    out = run_cli("replay", str(broken))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "broken.phh" in out.stderr
    illegal = tmp_path / "illegal.phhs"
    illegal.write_text("[1]\n" + HAND.replace("'p3 cbr 300'", "'p3 cbr 30'"))
    out = run_cli("replay", str(illegal))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    line = out.stderr.strip()
    assert "illegal.phhs" in line and "hand 1" in line and "action 3" in line
    assert run_cli("replay").returncode == 2
