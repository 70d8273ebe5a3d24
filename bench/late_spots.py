"""Where Hard's chips go against an opponent (issue 37): the duplicate
heads-up match of the ladder, each of Hard's decisions after the flop set
beside what a player who saw every card would have done.

    python bench/late_spots.py [--kind hard] [--opponent raiser_4] [--pairs 1000] [--seed 2026]

Per spot (street, what Hard faced: a bet, a raise, nothing; what it did; what
it held, :func:`~holdem_desktop.ai.model.strength`), in bb/100 of the whole
match: **lost calls**, the chips Hard put in from a call on that it lost at
showdown (a folder who saw the cards would have kept them); **folded
winners**, the pot Hard gave up folding a hand that would have won the
showdown on the full board; **raised bets**, the chips Hard lost from a bet
of its own that was raised.  Also each hand's result by how it was played
before the flop (who raised, a re-raised pot) and where it ended.  Analysis
for the bench only: the players play as the ladder has them.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from holdem_desktop.ai import ladder
from holdem_desktop.ai.model import strength
from holdem_desktop.ai.players import Player
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.evaluator import evaluate
from holdem_desktop.engine.events import ActionTaken, Street
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.views import seat_view

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN)
SPOTS: dict[tuple[str, ...], list[float]] = defaultdict(lambda: [0, 0.0])
HANDS: dict[tuple[str, ...], list[float]] = defaultdict(lambda: [0, 0.0])


def _analyse(hand: Hand, kinds: Mapping[int, str], kind: str) -> None:
    """Count one finished hand from the seat of ``kind``."""
    me = next(s for s, k in kinds.items() if k == kind)
    other = next(s for s in hand.seats if s != me)
    mine, theirs = seat_view(hand, me), seat_view(hand, other)
    board = list(hand.deck[4:9])
    won = evaluate([*mine.hole, *board]) - evaluate([*theirs.hole, *board])
    net = hand.stack(me) - ladder.STACK
    acts = [e for e in mine.history if isinstance(e, ActionTaken)]
    pre = [e for e in acts if e.street == Street.PREFLOP and e.kind in _AGGRESSIVE
           and e.amount > ladder.BIG_BLIND]
    opener = "none" if not pre else "hard" if pre[0].seat == me else "opp"
    shape = f"{opener} open" + (f", {len(pre)} raises" if len(pre) > 1 else "")
    last = acts[-1] if acts else None
    ended = "showdown" if not any(e.kind is ActionKind.FOLD for e in acts) else \
        f"{'hard' if last and last.seat == me else 'opp'} folds {last.street.name.lower()}" \
        if last else "?"
    entry = HANDS[shape, ended]
    entry[0] += 1
    entry[1] += net
    level, street = 0, None
    bets: dict[int, int] = {}
    put: dict[int, int] = defaultdict(int)
    for i, e in enumerate(acts):
        if e.street != street:
            street, level, bets = e.street, 0, {}
        before = bets.get(e.seat, 0)
        if e.seat == me and e.street != Street.PREFLOP:
            cards = board[:{Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}[e.street]]
            held = strength(mine.hole, cards)
            facing = "raise" if level > 0 and before > 0 else "bet" if level > before else "none"
            rest = sum(x.added for x in acts[i:] if x.seat == me)
            pot = sum(x.added for x in acts[:i]) + 3 * ladder.BIG_BLIND // 2
            name = e.street.name.lower()
            if e.kind is ActionKind.FOLD and won > 0:
                SPOTS["folded winners", name, facing, held][0] += 1
                SPOTS["folded winners", name, facing, held][1] -= pot - put[me]
            elif e.kind in (ActionKind.CALL, ActionKind.ALL_IN) and facing != "none" \
                    and won < 0 and ended == "showdown":
                SPOTS["lost calls", name, facing, held][0] += 1
                SPOTS["lost calls", name, facing, held][1] -= rest
            if e.kind in _AGGRESSIVE and level == 0:
                raised_bet = any(x.seat == other and x.street == e.street and x.kind in _AGGRESSIVE
                                 for x in acts[i + 1:])
                if raised_bet and net < 0:
                    SPOTS["raised bets", name, "none", held][0] += 1
                    SPOTS["raised bets", name, "none", held][1] += net
        if e.seat == me:
            put[me] += e.added
        bets[e.seat] = before + e.added
        level = max(level, bets[e.seat])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="hard")
    parser.add_argument("--opponent", default="raiser_4")
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    play = ladder._play_hand

    def analysed(hand: Hand, players: Mapping[int, Player], kinds: Mapping[int, str],
                 logs: Mapping[str, ladder.DecisionLog]) -> None:
        play(hand, players, kinds, logs)
        if args.kind in kinds.values() and len(set(kinds.values())) == 2:
            _analyse(hand, kinds, args.kind)

    ladder._play_hand = analysed
    ladder.play_duplicate(args.kind, args.opponent, 0, args.seed)
    SPOTS.clear()
    HANDS.clear()
    result = ladder.play_duplicate(args.kind, args.opponent, args.pairs, args.seed,
                                   seeded_as="hard")
    per100 = 100 / result.hands / ladder.BIG_BLIND
    print(f"{args.kind} against {args.opponent}: {result.bb_per_100:+.1f} ± "
          f"{result.half_width:.1f} bb/100 over {result.pairs} deals (seed {args.seed})")
    print("\nspots (count, bb/100 of the match)")
    for key, (count, chips) in sorted(SPOTS.items(), key=lambda kv: kv[1][1]):
        print(f"  {' | '.join(key):55} {count:6.0f} {chips * per100:+8.1f}")
    print("\nhands by how they went (count, bb/100 of the match)")
    for key, (count, chips) in sorted(HANDS.items(), key=lambda kv: kv[1][1]):
        print(f"  {' | '.join(key):55} {count:6.0f} {chips * per100:+8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
