"""Hard against tight value-raisers (issue 37): today's Hard beside the Hard
before it (``hard_v4``, frozen), on the same cards, against the
tight-aggressive value-raisers and the players whose raises are light.

    python bench/late_raises.py [--pairs 2000] [--seed 2026] [--tournaments 300] [--jobs 1]
                                [--opponents raiser_1,...] [--old hard_v4|hard_v5]

**Heads-up**: for each opponent, ``--pairs`` duplicate deals of the ladder
(:func:`~holdem_desktop.ai.ladder.play_duplicate`: one seeded deck a deal,
played twice with the seats swapped, 100 big blinds) with ``hard``, then the
same decks with ``hard_v4`` in its place and the opponent drawing the same
random numbers.  Printed per opponent: each one's bb/100 with its 95%
interval, and the paired difference (new minus old, per deal) with its
interval, beside the issue's target.  **Fold rates** by what Hard held
(:func:`~holdem_desktop.ai.hard.strength`) when it faced a raise of a bet on
the turn or the river, and a bet there, per opponent, new and old.
**Tournaments**: ``--tournaments`` six-player tournaments of the ladder
(hard, hard, normal, tag, maniac, switcher), then the same with hard_v4 in
Hard's seats, and the places gained.  **Decision time**: Hard's p95 over
every decision it made in the run, against the 50 ms target.

Every figure comes from one run on one seed; the times depend on the load
(the machine's load average is printed at the start and the end).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from holdem_desktop.ai.hard import STRENGTHS, late_raiser, strength
from holdem_desktop.ai.ladder import (
    DecisionLog,
    MatchResult,
    format_tournaments,
    paired,
    paired_places,
    play_duplicate,
    run_tournaments,
)
from holdem_desktop.ai.players import Player, create_player, register
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.events import Street
from holdem_desktop.engine.views import SeatView

NEW, OLD = "hard", "hard_v4"
RAISERS = ("raiser_1", "raiser_4", "raiser_10")
LIGHT = ("station", "maniac", "bluffer")
OPPONENTS = (*RAISERS, "tag", *LIGHT, "hard_v1")
TABLE = ("hard", "hard", "normal", "tag", "maniac", "switcher")
TARGET_P95_MS = 50.0
SPOTS = ("raise", "bet")
"""Turn and river, facing a raise of a bet / facing a bet."""

Counts = dict[tuple[str, str], list[int]]
_COUNTS: dict[str, Counts] = {}
"""What the recording players of this process saw: by kind, (spot, strength) -> [faced, folded]."""


class _Recording:
    """A player of ``kind`` that counts its folds on the turn and the river by
    what it holds (and otherwise plays as ``kind`` does)."""

    def __init__(self, kind: str, rng: random.Random) -> None:
        self.inner: Player = create_player(kind, rng)
        self.counts = _COUNTS.setdefault(kind, {})

    def decide(self, view: SeatView) -> Action:
        action = self.inner.decide(view)
        if view.street in (Street.TURN, Street.RIVER) and view.to_call > 0:
            spot = "raise" if late_raiser(view) is not None else "bet"
            seen = self.counts.setdefault((spot, strength(view.hole, view.board)), [0, 0])
            seen[0] += 1
            seen[1] += action.kind is ActionKind.FOLD
        return action

    def hand_over(self, view: SeatView) -> None:
        watch = getattr(self.inner, "hand_over", None)
        if watch is not None:
            watch(view)


def _recording(kind: str) -> Callable[[random.Random, object], _Recording]:
    return lambda rng, character: _Recording(kind, rng)


for _kind in (NEW, "hard_v4", "hard_v5"):
    register(f"{_kind}@rec", _recording(_kind))


def _match(kind: str, opponent: str, pairs: int, seed: int) -> tuple[MatchResult, Counts]:
    """One duplicate match of the recording ``kind`` (seeded as Hard, so that
    the opponent draws the same numbers for the new and the old)."""
    play_duplicate(f"{kind}@rec", opponent, 0, seed)  # the untimed warm-up hand, not counted
    _COUNTS.clear()
    result = play_duplicate(f"{kind}@rec", opponent, pairs, seed, seeded_as=f"{NEW}@rec")
    return result, dict(_COUNTS.get(kind, {}))


def _match_task(task: tuple[str, str, int, int]) -> tuple[MatchResult, Counts]:
    return _match(*task)


def _ci(mean: float, half: float) -> str:
    return f"{mean:+8.1f} ± {half:5.1f}"


def _target(opponent: str, diff: float, half: float, new: MatchResult) -> str:
    low, high = diff - half, diff + half
    if opponent in (*RAISERS, "tag"):
        return ("met" if diff >= 40 else "MISSED") + f" (gain >= +40; low end {low:+.1f})"
    if opponent == "hard_v1":
        return ("met" if new.bb_per_100 >= 0 else "MISSED") + " (new >= 0)"
    return ("met" if high >= 0 else "MISSED") + " (no measurable loss: interval reaches 0)"


def print_matches(results: dict[tuple[str, str], MatchResult], opponents: Sequence[str],
                  pairs: int, seed: int, old_kind: str = OLD) -> None:
    print(f"Duplicate heads-up: seed {seed}, {pairs} deals per opponent each played twice "
          "(the same decks for new and old), bb/100 with 95% intervals")
    print(f"{'opponent':10}  {'new ' + NEW:>16}  {'old ' + old_kind:>16}  "
          f"{'new - old (paired)':>18}  target")
    for opponent in opponents:
        new, old = results[NEW, opponent], results[old_kind, opponent]
        diff, half = paired(new, old)
        print(f"{opponent:10}  {_ci(new.bb_per_100, new.half_width)}  "
              f"{_ci(old.bb_per_100, old.half_width)}  {_ci(diff, half):>18}  "
              f"{_target(opponent, diff, half, new)}")


def print_folds(counts: dict[tuple[str, str], Counts], opponents: Sequence[str],
                old_kind: str = OLD) -> None:
    for spot in SPOTS:
        what = "a raise of a bet" if spot == "raise" else "a bet"
        print(f"\nFold rates on the turn and river facing {what}, by what Hard held: "
              "folded/faced (%), new | old")
        print(f"{'opponent':10}  " + "  ".join(f"{s:>25}" for s in STRENGTHS))
        for opponent in opponents:
            cells = []
            for held in STRENGTHS:
                parts = []
                for kind in (NEW, old_kind):
                    faced, folded = counts[kind, opponent].get((spot, held), [0, 0])
                    parts.append(f"{folded}/{faced}" + (f" {100 * folded / faced:.0f}%"
                                                        if faced else ""))
                cells.append(" | ".join(parts))
            print(f"{opponent:10}  " + "  ".join(f"{c:>25}" for c in cells))


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--tournaments", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--old", default=OLD, choices=("hard_v4", "hard_v5"),
                        help="the frozen Hard to compare with (default: hard_v4, the issue's)")
    parser.add_argument("--opponents", default=",".join(OPPONENTS),
                        help="comma-separated opponents (default: all of them)")
    args = parser.parse_args(argv)
    old_kind = args.old
    opponents = tuple(o for o in args.opponents.split(",") if o)
    started = time.perf_counter()
    print(f"load average at the start: {_load()}")
    tasks = [(kind, opponent, args.pairs, args.seed) for opponent in opponents
             for kind in (NEW, old_kind)]
    with multiprocessing.Pool(args.jobs) as pool:
        outcomes = pool.map(_match_task, tasks, chunksize=1)
    results = {(t[0], t[1]): r for t, (r, _) in zip(tasks, outcomes, strict=True)}
    counts = {(t[0], t[1]): c for t, (_, c) in zip(tasks, outcomes, strict=True)}
    logs = {kind: DecisionLog() for kind in (NEW, old_kind)}
    for (kind, _), result in results.items():
        logs[kind].merge(result.decisions[f"{kind}@rec"])
    print_matches(results, opponents, args.pairs, args.seed, old_kind)
    print_folds(counts, opponents, old_kind)
    if args.tournaments:
        new = run_tournaments((), args.tournaments, args.seed, args.jobs, TABLE)
        old = run_tournaments((), args.tournaments, args.seed, args.jobs, TABLE, {NEW: old_kind})
        print(f"\nSix-player tournaments: seed {args.seed}, {new.count} of {', '.join(TABLE)}")
        print(format_tournaments(new))
        print(f"\nThe same tournaments with {old_kind} in the seats of {NEW}")
        print(format_tournaments(old))
        mean, half = paired_places(new, old, NEW, old_kind)
        verdict = "met" if mean + half >= 0 else "MISSED"
        print(f"\nplaces gained by {NEW} over {old_kind} in the same seats: {mean:+.3f} "
              f"[{mean - half:+.3f}, {mean + half:+.3f}]  no worse: {verdict}")
        logs[NEW].merge(new.decisions[NEW])
        logs[old_kind].merge(old.decisions[old_kind])
    print(f"\nDecision time (every decision of the run; target p95 <= {TARGET_P95_MS:g} ms)")
    for kind, log in logs.items():
        p95 = log.p95_ms()
        print(f"{kind:8}  {len(log.times):8d} decisions  median {log.median_ms():6.2f} ms  "
              f"p95 {p95:6.2f} ms  illegal {log.illegal_count}  "
              + ("met" if p95 <= TARGET_P95_MS else "MISSED"))
    print(f"\nload average at the end: {_load()}; took {time.perf_counter() - started:.0f} s "
          f"with {args.jobs} job(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
