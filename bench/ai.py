"""Decision time of the computer players, Hard beside its former selves, in one run.

    python bench/ai.py [--pairs N] [--seed S]

Plays ``N`` duplicate heads-up deals (the ladder's matches) of each of
``hard``, ``hard_v5`` (Hard before issue 37's fifth session), ``hard_v4``
(before its second session), ``hard_v3``
(before issue 37), ``hard_v2`` (before issue 27)
and ``hard_v1`` against the
tight-aggressive, maniac and gear-switching opponents, and a few six-player
tournaments, timing every decision; prints the median and the 95th
percentile per kind beside the target (p95 50 ms or less).  The times depend
on the machine's load: run it on a quiet machine, and compare kinds within
one run.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from holdem_desktop.ai.ladder import DecisionLog, play_duplicate, run_tournaments

TARGET_P95_MS = 50.0
OPPONENTS = ("tag", "maniac", "switcher")
KINDS = ("hard", "hard_v5", "hard_v4", "hard_v3", "hard_v2", "hard_v1")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--tournaments", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logs = {kind: DecisionLog() for kind in KINDS}
    for kind in KINDS:
        for opponent in OPPONENTS:
            result = play_duplicate(kind, opponent, args.pairs, args.seed)
            logs[kind].merge(result.decisions[kind])
        table = (kind, kind, "normal", *OPPONENTS)
        tournaments = run_tournaments((), args.tournaments, args.seed, table=table)
        logs[kind].merge(tournaments.decisions[kind])
    print(f"Decision time: {args.pairs} deals against each of {', '.join(OPPONENTS)}, "
          f"{args.tournaments} six-player tournaments; target p95 <= {TARGET_P95_MS:g} ms")
    print(f"{'kind':8}  decisions  median ms  p95 ms  target")
    for kind, log in logs.items():
        p95 = log.p95_ms()
        verdict = "met" if p95 <= TARGET_P95_MS else "MISSED"
        print(f"{kind:8}  {len(log.times):9d}  {log.median_ms():9.2f}  {p95:6.2f}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
