"""Hand-engine speed, ours beside pokerkit, on the same seeded random hands.

    python bench/engine.py [--hands N] [--peer-hands M] [--repeat R] [--peer-repeat P]
                           [--seed S]

Workload: 6 players with 100 big blinds each (blinds 10/20, stacks 2,000),
no-limit.  A seeded random legal policy plays N hands through our engine
(untimed) and each hand's actions are recorded; pokerkit replays the first
M of them once, untimed, and must reach the same finishing stacks.  Then
each engine is timed on its own over the same decks and actions.  The
policy is aggressive: nearly every hand ends in an all-in and a run-out.

A timed hand is everything a real hand does: shuffle the 52-card deck (one
seeded ``random.Random`` per run, so both engines get the same decks),
create the hand, deal, post the blinds, and for every decision apply the
recorded action; then the showdown and the pot awards (ours emits all its
events, hand values included).  Two workloads: "with legal-action queries"
also asks the engine what the player may do before each decision, as a
player or a bot must (ours: ``to_act`` and ``legal_actions()``; pokerkit:
the actor, ``can_fold``, ``can_check_or_call``,
``can_complete_bet_or_raise_to`` and the min/max raise); "actions only"
does not.  The random policy's own choices are not timed.

Not timed: the evaluator's one-off table build (about a quarter of a
second, done once per process on first use; :func:`tables` is called before
timing) and building pokerkit's 52 ``Card`` objects.  pokerkit is slow, so
it runs the first M hands only; the ratio compares both engines on those
same M hands.  Figures are medians of R runs (these machines are shared and
noisy).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from peers import TEXT, median_time

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.events import ActionTaken
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.hand_classes import tables

PLAYERS = 6
CONFIG = HandConfig(stacks=(2000,) * PLAYERS, blinds=(10, 20) + (0,) * (PLAYERS - 2), min_bet=20)

Recorded = list[tuple[int, Action]]
"""One hand's actions for our engine: (seat, action)."""
PeerOps = list[tuple[str, int]]
"""The same hand for pokerkit: ("f" | "c" | "r", raise-to amount)."""


def random_action(legal: tuple[LegalAction, ...], rng: random.Random,
                  aggression: float = 0.35) -> Action:
    """A random legal action, with a taste for raising and going all-in
    (the policy of the engine tests)."""
    kinds = {a.kind: a for a in legal}
    roll = rng.random()
    if ActionKind.ALL_IN in kinds and roll < aggression / 3:
        return Action.all_in()
    for k in (ActionKind.BET, ActionKind.RAISE):
        if k in kinds and roll < aggression:
            a = kinds[k]
            amount = rng.choice([a.min_amount, a.max_amount,
                                 a.min_amount + rng.randint(0, a.max_amount - a.min_amount)])
            return Action(k, amount)
    if ActionKind.FOLD in kinds and roll > 0.85:
        return Action.fold()
    if ActionKind.CALL in kinds:
        return Action.call()
    return Action.check()


def record(count: int, seed: int) -> tuple[list[Recorded], list[PeerOps], list[list[int]]]:
    """Play ``count`` hands with the random policy; their actions for both
    engines and our finishing stacks."""
    deck_rng = random.Random(seed)
    policy = random.Random(seed + 1)
    deck = list(range(52))
    ours: list[Recorded] = []
    peer: list[PeerOps] = []
    stacks: list[list[int]] = []
    for _ in range(count):
        deck_rng.shuffle(deck)
        hand = Hand(CONFIG, deck)
        taken: Recorded = []
        ops: PeerOps = []
        while not hand.over:
            seat = hand.to_act
            assert seat is not None
            top = hand.max_bet
            action = random_action(hand.legal_actions(), policy)
            event = hand.apply(seat, action)[0]
            assert isinstance(event, ActionTaken)
            taken.append((seat, action))
            if event.kind is ActionKind.FOLD:
                ops.append(("f", 0))
            elif event.kind in (ActionKind.CHECK, ActionKind.CALL) or (
                    event.kind is ActionKind.ALL_IN and event.amount <= top):
                ops.append(("c", 0))
            else:
                ops.append(("r", event.amount))
        ours.append(taken)
        peer.append(ops)
        stacks.append(list(hand.stacks))
    return ours, peer, stacks


def run_ours(hands: list[Recorded], seed: int, query: bool) -> None:
    """Shuffle, deal and play every recorded hand through our engine."""
    rng = random.Random(seed)
    deck = list(range(52))
    for actions in hands:
        rng.shuffle(deck)
        hand = Hand(CONFIG, deck)
        if query:
            for seat, action in actions:
                hand.to_act  # noqa: B018 - a player asks whose turn it is
                hand.legal_actions()
                hand.apply(seat, action)
        else:
            for seat, action in actions:
                hand.apply(seat, action)
        assert hand.over


class Pokerkit:
    """pokerkit's no-limit hold'em with the automations the engine tests use."""

    def __init__(self) -> None:
        import pokerkit

        a = pokerkit.Automation
        self.automations = (
            a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING,
            a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING,
        )
        self.game = pokerkit.NoLimitTexasHoldem
        self.version = version("pokerkit")
        self.cards = [next(pokerkit.Card.parse(t)) for t in TEXT]

    def run(self, hands: list[PeerOps], seed: int, query: bool) -> list[list[int]]:
        """Shuffle, deal and play every hand; the finishing stacks."""
        cfg = CONFIG
        cards = self.cards
        create = self.game.create_state
        rng = random.Random(seed)
        deck = list(range(52))
        out = []
        for ops in hands:
            rng.shuffle(deck)
            state: Any = create(self.automations, False, 0, cfg.blinds, cfg.smallest_bet,
                                cfg.stacks, PLAYERS)
            for i in range(PLAYERS):
                state.deal_hole([cards[deck[2 * i]], cards[deck[2 * i + 1]]])
            board = [cards[c] for c in deck[2 * PLAYERS:2 * PLAYERS + 5]]
            dealt = 0
            for op, amount in ops:
                while state.can_deal_board():
                    k = 3 if dealt == 0 else 1
                    state.deal_board(board[dealt:dealt + k])
                    dealt += k
                if query:
                    state.actor_index  # noqa: B018 - a player asks whose turn it is
                    state.can_fold()
                    state.can_check_or_call()
                    if state.can_complete_bet_or_raise_to():
                        state.min_completion_betting_or_raising_to_amount  # noqa: B018
                        state.max_completion_betting_or_raising_to_amount  # noqa: B018
                if op == "f":
                    state.fold()
                elif op == "c":
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(amount)
            while state.status and state.can_deal_board():
                k = 3 if dealt == 0 else 1
                state.deal_board(board[dealt:dealt + k])
                dealt += k
            assert not state.status
            out.append(list(state.stacks))
        return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5_000)
    ap.add_argument("--peer-hands", type=int, default=400)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--peer-repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    warnings.simplefilter("ignore")  # pokerkit warns about its own defaults

    t = time.perf_counter()
    tables()
    print(f"evaluator table build (once per process, not timed): "
          f"{time.perf_counter() - t:.2f} s")
    ours, peer, stacks = record(args.hands, args.seed)
    m = min(args.peer_hands, args.hands)
    decisions = sum(map(len, ours)) / len(ours)
    print(f"{args.hands:,} random hands, {PLAYERS} players, 100 big blinds (10/20, stacks 2,000), "
          f"no-limit; {decisions:.1f} decisions a hand")

    try:
        kit: Pokerkit | None = Pokerkit()
    except ImportError:
        kit = None
    if kit is not None:
        if kit.run(peer[:m], args.seed, query=True) != stacks[:m]:
            print("pokerkit finished with different stacks: the comparison is void")
            return 1
        print(f"pokerkit reached the same finishing stacks on the first {m:,} hands")

    print(f"\n{'workload':<28}{'engine':<18}{'hands':>7}{'hands/s':>11}{'ours / pokerkit':>17}")
    for label, query in (("with legal-action queries", True), ("actions only", False)):
        secs = median_time(partial(run_ours, ours, args.seed, query), args.repeat)
        print(f"{label:<28}{'holdem_desktop':<18}{args.hands:>7,}{args.hands / secs:>11,.0f}")
        # The same first m hands pokerkit plays, repeated to a similar run length.
        secs = median_time(partial(run_ours, ours[:m], args.seed, query),
                           args.repeat * max(1, args.hands // m))
        mine = m / secs
        print(f"{'':<28}{'holdem_desktop':<18}{m:>7,}{mine:>11,.0f}")
        if kit is None:
            print(f"{'':<28}{'pokerkit':<18}{'not installed':>18}")
            continue
        secs = median_time(partial(kit.run, peer[:m], args.seed, query), args.peer_repeat)
        print(f"{'':<28}{'pokerkit ' + kit.version:<18}{m:>7,}{m / secs:>11,.0f}"
              f"{mine * secs / m:>16.1f}x")
    print(f"\nmedians of {args.repeat} runs (ours) and {args.peer_repeat} (pokerkit); the ratio "
          f"compares the same {m:,} hands; targets: 5,000 hands/s and 50x pokerkit")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
