"""Replaying PHH hand histories through the rules engine, and the command line
``python -m holdem_desktop.engine.phh replay FILE...``.

A PHH hand becomes a :class:`~.hand.HandConfig` (PHH seats are already in
playing order: ``p1`` first after the button; heads-up PHH lists the blinds
as small, big while the button posts the small one, so they are swapped) and
a stacked deck (the hole cards in seat order, then the board, then the
cards nobody saw).  The players' actions are then applied one by one;
dealing and showing follow from them.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from .actions import Action, ActionKind, IllegalAction
from .cards import ALL_CARDS, Card
from .hand import Hand, HandConfig
from .phh import (
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    PhhError,
    PhhHand,
    ShowOrMuck,
    load_path,
)
from .variant import BettingStructure

__all__ = ["ReplayError", "hand_config", "main", "replay", "stacked_deck"]


class ReplayError(ValueError):
    """A hand history the engine cannot replay: ``action_index`` (0-based, in
    the file's ``actions``) and a machine-readable ``reason``."""

    def __init__(self, action_index: int | None, reason: str, detail: str = "") -> None:
        where = f"action {action_index}: " if action_index is not None else ""
        super().__init__(f"{where}{reason}" + (f" ({detail})" if detail else ""))
        self.action_index = action_index
        self.reason = reason


def hand_config(phh: PhhHand) -> HandConfig:
    """The engine's configuration for a PHH hand."""
    n = phh.player_count
    blinds = tuple(phh.blinds_or_straddles)
    if n == 2:
        blinds = (blinds[1], blinds[0])
    betting = BettingStructure(phh.betting)
    big_bet = phh.big_bet or 0 if betting is BettingStructure.FIXED_LIMIT else 0
    min_bet = phh.small_bet or phh.min_bet if betting is BettingStructure.FIXED_LIMIT \
        else phh.min_bet
    antes = tuple(phh.antes) if any(phh.antes) else ()
    return HandConfig(stacks=tuple(phh.starting_stacks), blinds=blinds, antes=antes,
                      betting=betting, min_bet=min_bet, big_bet=big_bet, chip_unit=1)


def stacked_deck(phh: PhhHand) -> list[Card]:
    """Hole cards in seat order, then the board, then every other card; a
    hand nobody saw gets cards nobody else holds."""
    n = phh.player_count
    holes: list[tuple[Card, ...] | None] = [None] * n
    board: list[Card] = []
    for action in phh.actions:
        if isinstance(action, DealHole) and action.cards is not None:
            holes[action.player] = tuple(action.cards)
        elif isinstance(action, DealBoard):
            board.extend(action.cards)
    used = {c for h in holes if h for c in h} | set(board)
    spare = [c for c in ALL_CARDS if c not in used]
    deck: list[Card] = []
    for h in holes:
        if h is None:
            h = (spare.pop(), spare.pop())
        deck.extend(h)
    return deck + board + spare


def _engine_action(hand: Hand, seat: int, act: Fold | CheckOrCall | BetOrRaiseTo) -> Action:
    if isinstance(act, Fold):
        return Action.fold()
    legal = {a.kind: a for a in hand.legal_actions()}
    if isinstance(act, CheckOrCall):
        return Action.check() if ActionKind.CHECK in legal else Action.call()
    all_in = legal.get(ActionKind.ALL_IN)
    if all_in is not None and act.amount == all_in.min_amount:
        return Action.all_in()
    kind = ActionKind.RAISE if hand.max_bet > 0 else ActionKind.BET
    return Action(kind, act.amount)


def replay(phh: PhhHand) -> Hand:
    """Play a PHH hand through the engine; raises :class:`ReplayError`."""
    try:
        hand = Hand(hand_config(phh), stacked_deck(phh))
    except ValueError as exc:
        raise ReplayError(None, "bad_setup", str(exc)) from None
    for index, act in enumerate(phh.actions):
        if isinstance(act, DealHole | ShowOrMuck):
            continue  # dealt from the stacked deck; everyone still in shows
        if isinstance(act, DealBoard):
            if not hand.over and len(hand.board) == 0:
                raise ReplayError(index, "board_too_early")
            continue
        if hand.over:
            raise ReplayError(index, "hand_over")
        seat = act.player
        if hand.to_act != seat:
            expected = (hand.to_act or 0) + 1
            raise ReplayError(index, "not_your_turn", f"p{seat + 1} acted, p{expected} was to act")
        try:
            hand.apply(seat, _engine_action(hand, seat, act))
        except IllegalAction as exc:
            raise ReplayError(index, exc.reason, str(exc)) from None
    if not hand.over:
        raise ReplayError(None, "unfinished")
    return hand


def main(argv: Sequence[str] | None = None) -> int:
    """``replay FILE...``: one JSON object per hand on standard output; exit
    status 2 and one line on standard error for a bad file or action."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] != "replay":
        print("usage: python -m holdem_desktop.engine.phh replay FILE...", file=sys.stderr)
        return 2
    for path in args[1:]:
        try:
            hands = load_path(path)
        except PhhError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        for name, phh in hands:
            try:
                hand = replay(phh)
            except ReplayError as exc:
                print(f"{path}: hand {name}: {exc}", file=sys.stderr)
                return 2
            print(json.dumps({"file": path, "hand": name,
                              "finishing_stacks": list(hand.stacks)}))
    return 0
