"""The rules of the game, pure: standard library only, except the numpy-backed
batched evaluation, equity and ranges (import those submodules directly:
:mod:`.batch`, :mod:`.equity`, :mod:`.ranges`), so importing the engine
stays cheap.  The engine never produces user-facing text."""

from .cards import (
    ALL_CARDS,
    Card,
    CardError,
    DuplicateCard,
    MalformedCard,
    Rank,
    Suit,
    parse_card,
    parse_cards,
)
from .evaluator import HandValue, describe_strength, evaluate, evaluate7, evaluate_hand
from .hand_classes import HandCategory

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardError",
    "DuplicateCard",
    "HandCategory",
    "HandValue",
    "MalformedCard",
    "Rank",
    "Suit",
    "describe_strength",
    "evaluate",
    "evaluate7",
    "evaluate_hand",
    "parse_card",
    "parse_cards",
]
