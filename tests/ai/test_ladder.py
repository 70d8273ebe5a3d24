"""The ladder: duplicate heads-up matches and tournaments between player kinds.

Only the measuring is tested here; how strong the levels are belongs in the
ladder's own output, not in assertions."""

from __future__ import annotations

import math
import re
import statistics
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

from holdem_desktop.ai import ladder, players
from holdem_desktop.ai.ladder import (
    matchups,
    play_duplicate,
    run_matches,
    run_tournaments,
)
from holdem_desktop.ai.players import BASELINES, LEVELS, REFERENCES
from holdem_desktop.engine.actions import Action

ROOT = Path(__file__).resolve().parents[2]
NUMBER = r"([+-](?:\d+\.\d+|inf))"
ROW = re.compile(rf"^(\S+) vs (\S+)\s+{NUMBER}\s+\[\s*{NUMBER},\s*{NUMBER}\]\s+(\d+)\s+"
                 r"(\d+\.\d)(\s+\*)?$")
DECISION_ROW = re.compile(r"^(\S+)\s+(\d+)\s+(\d+\.\d{3})\s+(\d+\.\d{3})\s+(\d+)")
LEVELS_HERE = [k for k in ladder.available_kinds() if k in LEVELS]


def run_cli(*args: str) -> str:
    out = subprocess.run([sys.executable, "-m", "holdem_desktop.ai.ladder", *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def parse(output: str) -> tuple[dict[tuple[str, str], tuple[float, float, float, int, bool]],
                                 dict[str, tuple[int, int]]]:
    """Matchup rows (bb/100, low, high, hands, marked) and decision rows
    (decisions, illegal) of the ladder's output."""
    rows: dict[tuple[str, str], tuple[float, float, float, int, bool]] = {}
    decisions: dict[str, tuple[int, int]] = {}
    section = ""
    for line in output.splitlines():
        if line.startswith(("matchup", "Decisions")):
            section = line.split()[0]
            continue
        if section == "matchup" and (m := ROW.match(line)):
            a, b, mean, low, high, hands, _, mark = m.groups()
            rows[a, b] = (float(mean), float(low), float(high), int(hands), mark is not None)
        elif section == "Decisions" and (m := DECISION_ROW.match(line)):
            decisions[m.group(1)] = (int(m.group(2)), int(m.group(5)))
    return rows, decisions


def test_the_tool_prints_a_well_formed_table_on_the_baselines():
    output = run_cli("--pairs", "6", "--seed", "11", "--kinds", ",".join(BASELINES))
    rows, decisions = parse(output)
    assert set(rows) == set(combinations(BASELINES, 2))
    assert ("always_call", "always_raise_max") in rows
    for mean, low, high, hands, marked in rows.values():
        assert low <= mean <= high
        assert hands == 12
        assert marked == (low > 0 or high < 0)
    assert set(decisions) == set(BASELINES)
    assert all(count > 0 and illegal == 0 for count, illegal in decisions.values())
    assert re.search(r"^took \d+\.\d s with 1 job\(s\)$", output, re.M)


def test_the_same_seed_gives_the_same_figures_in_one_process_or_two():
    args = ["--pairs", "5", "--seed", "4", "--kinds", ",".join(BASELINES)]
    one, _ = parse(run_cli(*args))
    again, _ = parse(run_cli(*args))
    two, _ = parse(run_cli(*args, "--jobs", "2"))
    assert one == again == two
    other, _ = parse(run_cli("--pairs", "5", "--seed", "5", "--kinds", ",".join(BASELINES)))
    assert other != one


@pytest.mark.skipif(not LEVELS_HERE, reason="no level is written yet")
def test_the_tool_runs_the_levels_when_they_exist():
    kinds = [*LEVELS_HERE, "always_call"]
    rows, decisions = parse(run_cli("--pairs", "2", "--seed", "3", "--kinds", ",".join(kinds)))
    n = len(LEVELS_HERE)
    assert len(rows) == n * (n - 1) // 2 + n
    assert all(a in LEVELS for a, _ in rows)  # a level is always side A
    assert all(hands == 4 for _, _, _, hands, _ in rows.values())
    assert set(decisions) == set(kinds)


def test_the_default_kinds_are_the_levels_written_and_the_baselines():
    written = [k for k in LEVELS if (ROOT / "holdem_desktop" / "ai" / f"{k}.py").exists()]
    assert ladder.available_kinds() == [*written, *REFERENCES, *BASELINES]


def test_duplicate_pairing_cancels_the_cards():
    result = play_duplicate("always_call", "always_call", 30, seed=8)
    assert result.pair_sums == (0,) * 30
    assert result.bb_per_100 == 0 and result.interval == (0, 0) and not result.excludes_zero
    assert result.hands == 60


def test_two_players_all_in_before_the_flop_every_hand_tie_exactly():
    # always_raise_max shoves and always_call calls: every hand is all-in
    # pre-flop, so each seat's cards win or lose the same both times.
    result = play_duplicate("always_raise_max", "always_call", 30, seed=8)
    assert result.pair_sums == (0,) * 30


def test_players_who_differ_after_the_flop_do_not_tie():
    for a, b in (("always_call", "random"), ("always_raise_max", "random")):
        result = play_duplicate(a, b, 30, seed=8)
        assert any(result.pair_sums), (a, b)
        assert result.half_width > 0
        low, high = result.interval
        assert low < result.bb_per_100 < high


def test_the_figures_are_big_blinds_per_100_hands_from_the_pair_sums():
    result = play_duplicate("random", "always_call", 40, seed=2)
    chips_per_hand = sum(result.pair_sums) / result.hands
    assert result.bb_per_100 == pytest.approx(chips_per_hand / ladder.BIG_BLIND * 100)
    sd = statistics.stdev(result.pair_sums) / 2 / ladder.BIG_BLIND * 100
    assert result.half_width == pytest.approx(1.96 * sd / 40 ** 0.5)


def test_results_depend_on_the_seed_only():
    first = run_matches(BASELINES, 10, seed=21)
    second = run_matches(BASELINES, 10, seed=21)
    assert [r.pair_sums for r in first] == [r.pair_sums for r in second]
    assert [r.pair_sums for r in run_matches(BASELINES, 10, seed=22)] != \
        [r.pair_sums for r in first]


def test_matchups_put_the_stronger_level_first_and_skip_baseline_pairs():
    assert matchups(["easy", "normal", "hard", "always_call", "random"]) == [
        ("normal", "easy"), ("hard", "easy"), ("easy", "always_call"), ("easy", "random"),
        ("hard", "normal"), ("normal", "always_call"), ("normal", "random"),
        ("hard", "always_call"), ("hard", "random")]
    assert matchups(["always_call", "random", "always_raise_max"]) == [
        ("always_call", "random"), ("always_call", "always_raise_max"),
        ("random", "always_raise_max")]
    assert matchups(["hard", "hard_v1", "station"]) == [
        ("hard", "hard_v1"), ("hard", "station"), ("hard_v1", "station")]


class _Stubborn:
    """Raises to one chip whatever happens: never legal."""

    def decide(self, view: object) -> Action:
        return Action.raise_to(1)


def test_an_illegal_action_is_counted_and_replaced(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(players._FACTORIES, "stubborn", lambda *args: _Stubborn())
    result = play_duplicate("stubborn", "always_call", 5, seed=1)
    assert result.hands == 10
    stubborn = result.decisions["stubborn"]
    assert stubborn.illegal_count == len(stubborn.times) > 0
    assert result.decisions["always_call"].illegal_count == 0
    # Its replacement is a check or a fold: it never puts in more than its blind.
    assert all(s >= -2 * ladder.BIG_BLIND for s in result.pair_sums)


def test_a_tiny_tournament_run_places_everyone_once():
    kinds = ("always_call", "random", "always_raise_max")
    result = run_tournaments(kinds, 4, seed=5)
    assert result.count == 4 and result.capped == 0
    for t in range(4):
        # Two players of each kind, places 1..6: the kinds' means sum to 21 / 2.
        assert sum(result.places[k][t] for k in kinds) == pytest.approx(10.5)
    assert statistics.fmean(result.mean_place(k) for k in kinds) == pytest.approx(3.5)
    assert all(1 <= p <= 6 for k in kinds for p in result.places[k])
    assert sum(result.wins.values()) == 4
    assert all(h >= 1 for h in result.hands)
    assert run_tournaments(kinds, 4, seed=5).places == result.places


def test_tournaments_that_reach_the_cap_rank_the_survivors_by_chips(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(ladder, "HAND_CAP", 0)  # everyone still has the starting stack
    result = run_tournaments(("always_call", "random"), 2, seed=1)
    assert result.capped == 2 and result.hands == [0, 0]
    assert all(p == 2.5 for k in ("always_call", "random") for p in result.places[k])
    assert result.wins == {"always_call": 0, "random": 0}


def test_the_tool_runs_tournaments():
    output = run_cli("--tournaments", "3", "--seed", "2", "--kinds", ",".join(BASELINES))
    assert "3 tournaments of 6 players" in output
    places = {}
    for line in output.splitlines():
        m = re.match(r"^(\S+)\s+(\d\.\d\d)\s+\[\s*(\S+),\s*(\S+)\]\s+(\d+)$", line)
        if m:
            places[m.group(1)] = float(m.group(2))
    assert set(places) == set(BASELINES[:3])  # the first three kinds given
    assert statistics.fmean(places.values()) == pytest.approx(3.5, abs=0.01)


def test_folds_to_a_bet_after_the_flop_are_counted_by_opponent():
    result = play_duplicate("always_call", "random", 10, seed=2)
    calls = result.decisions["always_call"]
    assert calls.facing_bets["random"][0] > 0
    assert calls.fold_to_bet("random") == 0.0
    assert math.isnan(calls.fold_to_bet("nobody"))
    result = play_duplicate("bluffer", "random", 30, seed=2)
    faced, folded = result.decisions["bluffer"].facing_bets["random"]
    assert 0 < folded < faced
    out = run_cli("--pairs", "3", "--seed", "1", "--kinds", "station,bluffer")
    section = out.split("Folds to a bet after the flop")[1].split("Decisions")[0]
    assert re.search(r"^station\s+bluffer\s+\d+\s+\d+\.\d%$", section, re.M)


def test_a_kind_standing_in_for_itself_gives_a_paired_difference_of_exactly_zero():
    """The replay deals the same decks and gives the opponent the same random
    numbers: only the stand-in's own play can make a difference."""
    new = play_duplicate("random", "bluffer", 12, seed=3)
    old = play_duplicate("random", "bluffer", 12, seed=3, seeded_as="random")
    assert ladder.paired(new, old) == (0.0, 0.0)
    other = play_duplicate("always_call", "bluffer", 12, seed=3, seeded_as="random")
    mean, half = ladder.paired(new, other)
    diffs = [a - b for a, b in zip(new.pair_sums, other.pair_sums, strict=True)]
    assert mean == pytest.approx(statistics.fmean(diffs) / 2 / ladder.BIG_BLIND * 100)
    assert half > 0
    with pytest.raises(ValueError):
        ladder.paired(new, play_duplicate("random", "station", 12, seed=3))


def test_a_stand_in_takes_the_same_seats_in_the_same_tournaments():
    table = ("random", "random", "always_call", "always_raise_max")
    result = run_tournaments((), 3, seed=8, table=table)
    swapped = run_tournaments((), 3, seed=8, table=table, stand_ins={"random": "bluffer"})
    assert result.kinds == ("random", "always_call", "always_raise_max")
    assert swapped.kinds == ("bluffer", "always_call", "always_raise_max")
    for t in range(3):  # four seats: the places always sum to 10
        assert sum(result.places[k][t] * table.count(k) for k in result.kinds) == \
            pytest.approx(10)
    seats = [ladder._play_tournament((), 8, t, table) for t in range(3)]
    stood = [ladder._play_tournament((), 8, t, table, (("random", "bluffer"),))
             for t in range(3)]
    for plain, replaced in zip(seats, stood, strict=True):
        assert [("bluffer" if k == "random" else k) for k in plain.kinds] == \
            list(replaced.kinds)
    gained, _ = ladder.paired_places(result, swapped, "random", "bluffer")
    assert gained == pytest.approx(statistics.fmean(
        b - a for a, b in zip(result.places["random"], swapped.places["bluffer"],
                              strict=True)))
    with pytest.raises(ValueError):
        run_tournaments((), 1, seed=8, table=table, stand_ins={"random": "always_call"})


def test_the_tool_prints_paired_tables_against_a_former_kind():
    output = run_cli("--pairs", "4", "--seed", "1", "--kinds", "always_call,random",
                     "--versus", "always_raise_max", "--tournaments", "2",
                     "--table", "always_call,always_call,random,bluffer")
    assert "The same deals with always_raise_max in the place of always_call" in output
    assert re.search(rf"^always_call vs random\s+{NUMBER}\s+\[\s*{NUMBER},\s*{NUMBER}\]",
                     output.split("Paired: always_call minus always_raise_max")[1], re.M)
    assert "2 tournaments of 4 players: always_call, always_call, random, bluffer" in output
    assert re.search(rf"^always_call over always_raise_max\s+{NUMBER}", output, re.M)
