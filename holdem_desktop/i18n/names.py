"""Card names ("ace of spades"), hand names ("pair of nines, ace kicker")
and chip amounts, through gettext.

Each whole phrase is one message with named placeholders, so a translator
can reorder it and make its words agree ("pereche de ași", "para asów").
The plural rank names ("nines") are separate messages for the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem_desktop.engine.evaluator import HandValue
from holdem_desktop.engine.hand_classes import HandCategory

from .translate import _

__all__ = ["amount", "card_name", "cards_names", "hand_name", "rank_name", "ranks_name"]


def amount(chips: int) -> str:
    """A chip amount for display and speech (1,500)."""
    return f"{chips:,}"


def rank_name(rank: int) -> str:
    """One rank: "ace", "ten", "two"."""
    return (_("two"), _("three"), _("four"), _("five"), _("six"), _("seven"), _("eight"),
            _("nine"), _("ten"), _("jack"), _("queen"), _("king"), _("ace"))[rank]


def ranks_name(rank: int) -> str:
    """A rank counted more than once: "aces", "sixes"."""
    return (_("twos"), _("threes"), _("fours"), _("fives"), _("sixes"), _("sevens"),
            _("eights"), _("nines"), _("tens"), _("jacks"), _("queens"), _("kings"),
            _("aces"))[rank]


def card_name(card: int, *, suits: bool = True) -> str:
    """A card: "ace of spades" ("ace" when suits are not spoken)."""
    rank = rank_name(card >> 2)
    if not suits:
        return rank
    suit = (_("clubs"), _("diamonds"), _("hearts"), _("spades"))[card & 3]
    return _("{rank} of {suit}").format(rank=rank, suit=suit)


def cards_names(cards: Sequence[int], *, suits: bool = True) -> str:
    """Cards in a row: "nine of clubs, seven of hearts and two of diamonds"."""
    names = [card_name(c, suits=suits) for c in cards]
    if len(names) < 2:
        return names[0] if names else ""
    return _("{cards} and {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def hand_name(value: HandValue) -> str:
    """What a hand is, as a player says it: "pair of nines, ace kicker",
    "two pair, kings and sevens", "full house, queens full of fours",
    "straight to the ten", "flush, ace high", "royal flush"."""
    c, r = value.category, value.ranks
    if c is HandCategory.STRAIGHT_FLUSH:
        if value.is_royal_flush:
            return _("royal flush")
        return _("straight flush to the {rank}").format(rank=rank_name(r[0]))
    if c is HandCategory.FOUR_OF_A_KIND:
        return _("four {ranks}, {kicker} kicker").format(ranks=ranks_name(r[0]),
                                                        kicker=rank_name(r[1]))
    if c is HandCategory.FULL_HOUSE:
        return _("full house, {three} full of {two}").format(three=ranks_name(r[0]),
                                                            two=ranks_name(r[1]))
    if c is HandCategory.FLUSH:
        return _("flush, {rank} high").format(rank=rank_name(r[0]))
    if c is HandCategory.STRAIGHT:
        return _("straight to the {rank}").format(rank=rank_name(r[0]))
    if c is HandCategory.THREE_OF_A_KIND:
        return _("three {ranks}").format(ranks=ranks_name(r[0]))
    if c is HandCategory.TWO_PAIR:
        return _("two pair, {high} and {low}, {kicker} kicker").format(
            high=ranks_name(r[0]), low=ranks_name(r[1]), kicker=rank_name(r[2]))
    if c is HandCategory.PAIR:
        return _("pair of {ranks}, {kicker} kicker").format(ranks=ranks_name(r[0]),
                                                            kicker=rank_name(r[1]))
    return _("{rank} high").format(rank=rank_name(r[0]))

