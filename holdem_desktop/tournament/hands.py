"""A table's next hand as the engine deals it: the tournament's
:class:`~.structure.Deal` (button, blinds, a dead small blind) made an
engine :class:`~holdem_desktop.engine.hand.HandConfig`."""

from __future__ import annotations

from holdem_desktop.engine.hand import HandConfig
from holdem_desktop.engine.variant import Variant

from .structure import Deal

__all__ = ["hand_config"]


def hand_config(deal: Deal, variant: Variant) -> HandConfig:
    """The hand ``deal`` lays out, played by ``variant``'s betting rules.

    The seat ids are the table's seats; the playing order starts after the
    button and ends with it.  The small blind posts the level's small blind
    (heads-up the button does), the big blind its big blind; with no small
    blind (its player left the table) only the big blind is posted.  Players
    owing a small blind from a broken table post it dead.  A tournament's
    level posts no straddles."""
    seats = [s for s, _, _ in deal.seats]
    chips = {s: c for s, _, c in deal.seats}
    at = seats.index(deal.button)
    order = seats[at + 1:] + seats[:at + 1]
    level = deal.blinds
    forced = {deal.big_blind: level.big}
    if deal.small_blind is not None:
        forced[deal.small_blind] = level.small
    return HandConfig.of_variant(
        variant, level, order, [chips[s] for s in order], [forced.get(s, 0) for s in order],
        dead_blinds=(tuple(level.small if s in deal.dead_small else 0 for s in order)
                     if deal.dead_small else ()),
        no_small_blind=deal.small_blind is None)
