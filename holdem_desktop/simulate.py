"""``python -m holdem_desktop simulate``: hands played with random legal
actions, for developers — the figures of what happened, and optionally
every hand written as a PHH history."""

from __future__ import annotations

import argparse
import random
import sys
import time

from holdem_desktop.ai.baselines import RandomPolicy
from holdem_desktop.engine.events import ActionTaken, HandEnded, PotAwarded
from holdem_desktop.engine.variant import VariantError, shipped_variants
from holdem_desktop.i18n import names
from holdem_desktop.i18n.translate import _
from holdem_desktop.session import GameOver, Session, SessionError
from holdem_desktop.session.history import HandHistoryWriter
from holdem_desktop.session.variant_files import variant_argument

__all__ = ["simulate"]


def simulate(args: argparse.Namespace) -> int:
    """Play ``args.hands`` hands with random legal actions and report on them."""
    try:
        variant = variant_argument(args.variant)
    except VariantError as exc:
        print(_("Cannot use the variant {name}: {problem}").format(name=args.variant,
                                                                   problem=exc), file=sys.stderr)
        return 2
    except KeyError:
        print(_("There is no variant named {name}; the shipped ones are: {names}.").format(
            name=args.variant, names=", ".join(shipped_variants())), file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    players = [(_("Player {number}").format(number=i + 1),
                RandomPolicy(random.Random(rng.random()))) for i in range(args.players)]
    try:
        session = Session(variant, players, rng=random.Random(rng.random()))
    except SessionError as exc:
        print(_("Cannot seat {players}: {problem}").format(players=names.players(args.players),
                                                          problem=exc),
              file=sys.stderr)
        return 2
    stats = {"showdowns": 0, "all_ins": 0, "side_pots": 0, "split_pots": 0, "games": 0}
    hand_all_in = [False]

    def listen(event: object) -> None:
        if isinstance(event, ActionTaken) and event.all_in:
            hand_all_in[0] = True
        elif isinstance(event, PotAwarded):
            stats["side_pots"] += event.index > 0
            stats["split_pots"] += len(event.winners) > 1
        elif isinstance(event, HandEnded):
            stats["showdowns"] += event.showdown
            stats["all_ins"] += hand_all_in[0]
            hand_all_in[0] = False
        elif isinstance(event, GameOver):
            stats["games"] += 1

    session.subscribe(listen)
    if args.out:
        HandHistoryWriter(session, args.out, durable=False)  # thousands of hands: no sync each
    played = 0
    start = time.perf_counter()
    session.start()
    while played < args.hands:
        if session.game_over:
            session.new_game()
        session.next_hand()
        played += 1
    seconds = time.perf_counter() - start
    print(_("hands played: {n}").format(n=played))
    print(_("games finished: {n}").format(n=stats["games"]))
    print(_("showdowns: {n}").format(n=stats["showdowns"]))
    print(_("hands with an all-in: {n}").format(n=stats["all_ins"]))
    print(_("side pots: {n}").format(n=stats["side_pots"]))
    print(_("split pots: {n}").format(n=stats["split_pots"]))
    print(_("hands per second: {rate:.0f}").format(rate=played / seconds if seconds else 0.0))
    if args.out:
        print(_("hand histories written to {path}").format(path=args.out))
    return 0
