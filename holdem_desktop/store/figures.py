"""What each player did in one hand, counted from its PHH history: the
figures the statistics add up (VPIP, PFR, aggression, showdowns, result).

Definitions (the usual ones of poker trackers):

- **VPIP** (voluntarily put money in pot): a call or a raise before the
  flop; a posted blind, an ante or a free check is not voluntary.
- **PFR** (pre-flop raise): any raise before the flop.
- **aggression**: bets and raises (every street) against calls; the
  aggression factor is their ratio.
- **saw the flop**, **went to showdown** (still in when more than one
  player was at the end of a hand that saw the flop), **won at showdown**
  (went to showdown and took chips from a pot).
- **net**: the finishing stack less the starting stack.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem_desktop.engine.cards import Card
from holdem_desktop.engine.phh import (
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    PhhHand,
    ShowOrMuck,
)

__all__ = ["PFR", "SAW_FLOP", "VPIP", "WSD", "WTSD", "SeatFigures", "figures", "posted_blinds"]

VPIP = 1
PFR = 2
SAW_FLOP = 4
WTSD = 8
WSD = 16
"""Bits of :attr:`SeatFigures.flags`."""


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """One player's figures in one hand (PHH player order)."""

    flags: int
    aggressive: int
    """Bets and raises."""
    calls: int
    """Calls (not checks)."""
    net: int
    """Chips won (or lost, below 0) over the hand; 0 when the history has no
    finishing stacks."""
    contributed: int
    """Chips put in the pot (blinds and antes included)."""
    hole: tuple[Card, ...] | None
    """The hole cards, where the history knows them."""
    shown: tuple[Card, ...] | None
    """The cards shown at the end, if any."""


def posted_blinds(phh: PhhHand) -> list[int]:
    """Each player's blind or straddle in PHH player order (heads-up PHH
    lists them small blind first, the reverse of the order it plays in)."""
    blinds = list(phh.blinds_or_straddles)
    if phh.player_count == 2:
        blinds.reverse()
    return blinds


def figures(phh: PhhHand) -> list[SeatFigures]:
    """Every player's figures in ``phh``, in PHH player order."""
    n = phh.player_count
    stacks = list(phh.starting_stacks)
    antes = list(phh.antes)
    if n == 2:
        antes.reverse()
    put = [min(a, s) for a, s in zip(antes, stacks, strict=True)]
    bets = [min(b, s - p) for b, s, p in zip(posted_blinds(phh), stacks, put, strict=True)]
    contributed = [p + b for p, b in zip(put, bets, strict=True)]
    flags = [0] * n
    aggressive = [0] * n
    calls = [0] * n
    folded = [False] * n
    hole: list[tuple[Card, ...] | None] = [None] * n
    shown: list[tuple[Card, ...] | None] = [None] * n
    street = 0
    for action in phh.actions:
        if isinstance(action, DealBoard):
            if street == 0:
                for i in range(n):
                    if not folded[i]:
                        flags[i] |= SAW_FLOP
            street += 1
            bets = [0] * n
        elif isinstance(action, DealHole):
            hole[action.player] = action.cards
        elif isinstance(action, ShowOrMuck):
            shown[action.player] = action.cards
            if action.cards is not None and hole[action.player] is None:
                hole[action.player] = action.cards
        elif isinstance(action, Fold):
            folded[action.player] = True
        elif isinstance(action, CheckOrCall):
            i = action.player
            owed = min(max(bets) - bets[i], stacks[i] - contributed[i])
            if owed > 0:
                calls[i] += 1
                if street == 0:
                    flags[i] |= VPIP
                bets[i] += owed
                contributed[i] += owed
        elif isinstance(action, BetOrRaiseTo):
            i = action.player
            added = max(0, min(action.amount - bets[i], stacks[i] - contributed[i]))
            aggressive[i] += 1
            if street == 0:
                flags[i] |= VPIP | PFR
            bets[i] += added
            contributed[i] += added
    finishing = phh.finishing_stacks
    net = [0] * n if finishing is None else [f - s for f, s in zip(finishing, stacks,
                                                                  strict=True)]
    remaining = [i for i in range(n) if not folded[i]]
    if len(remaining) > 1 and street > 0:
        for i in remaining:
            flags[i] |= WTSD
            if finishing is not None and net[i] + contributed[i] > 0:
                flags[i] |= WSD
    return [SeatFigures(flags[i], aggressive[i], calls[i], net[i], contributed[i], hole[i],
                        shown[i]) for i in range(n)]
