"""Cards in a compact integer encoding, with parsing and printing.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, ranks counted from
the deuce (0) to the ace (12) and suits in the order clubs, diamonds,
hearts, spades.  :class:`Card` is a thin ``int`` subclass that prints
itself as ``"Ah"``; every engine function that takes cards also accepts
plain ints in that encoding, which is what the hot paths use.

The engine never produces user-facing text: the errors below carry the
offending text and position as data so that the interface can say what is
wrong in the player's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardError",
    "DuplicateCard",
    "MalformedCard",
    "Rank",
    "Suit",
    "card_text",
    "cards_text",
    "check_distinct",
    "parse_card",
    "parse_cards",
]

RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "cdhs"
_UNICODE_SUITS = {"\u2663": 0, "\u2666": 1, "\u2665": 2, "\u2660": 3,
                  "\u2667": 0, "\u2662": 1, "\u2661": 2, "\u2664": 3}


class Rank(IntEnum):
    """Card rank, from the deuce (0) to the ace (12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def symbol(self) -> str:
        """The one-character symbol used in card text: ``"2"`` … ``"A"``."""
        return RANK_SYMBOLS[self]


class Suit(IntEnum):
    """Card suit.  Suits never decide between hands."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The one-character symbol used in card text: ``"c"``, ``"d"``, ``"h"``, ``"s"``."""
        return SUIT_SYMBOLS[self]


class CardError(ValueError):
    """Base class of the errors raised for bad card input."""


class MalformedCard(CardError):
    """Text that is not a card.

    ``text`` is the offending piece of text and ``position`` its index in
    the input (0 for a single card).
    """

    def __init__(self, text: str, position: int = 0) -> None:
        super().__init__(f"not a card: {text!r} (position {position})")
        self.text = text
        self.position = position


class DuplicateCard(CardError):
    """The same card given twice where cards must be distinct."""

    def __init__(self, card: Card) -> None:
        super().__init__(f"card given twice: {card}")
        self.card = card


class Card(int):
    """A playing card; an ``int`` in ``0..51`` equal to ``rank * 4 + suit``.

    Use :meth:`Card.parse` or :meth:`Card.of` (both return shared
    instances) rather than building cards by hand.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if isinstance(value, bool) or not 0 <= int(value) <= 51:
            raise MalformedCard(repr(value))
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (0 = deuce … 12 = ace) and ``suit`` (0 = clubs … 3 = spades)."""
        if not (0 <= rank <= 12 and 0 <= suit <= 3):
            raise MalformedCard(f"{rank}/{suit}")
        return ALL_CARDS[rank * 4 + suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card such as ``"Ah"``, ``"td"``, ``"10s"`` or ``"Q♥"``."""
        return parse_card(text)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self >> 2)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self & 3)

    def __str__(self) -> str:
        return RANK_SYMBOLS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


ALL_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
"""The 52 cards in encoding order (2c, 2d, 2h, 2s, 3c, … As)."""


def parse_card(text: str, position: int = 0) -> Card:
    """Parse one card: a rank (``2``–``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``)
    followed by a suit (``c d h s`` or ``♣ ♦ ♥ ♠``), in either case.

    Raises :class:`MalformedCard` for anything else.
    """
    if not isinstance(text, str):
        raise MalformedCard(repr(text), position)
    body = text.strip()
    if len(body) == 3 and body[:2] == "10":
        body = "T" + body[2]
    if len(body) != 2:
        raise MalformedCard(text, position)
    rank = RANK_SYMBOLS.find(body[0].upper())
    suit_char = body[1]
    suit = SUIT_SYMBOLS.find(suit_char.lower())
    if suit < 0:
        suit = _UNICODE_SUITS.get(suit_char, -1)
    if rank < 0 or suit < 0:
        raise MalformedCard(text, position)
    return ALL_CARDS[rank * 4 + suit]


_TOKEN = re.compile(r"10|[^\s,;]")


def parse_cards(text: str | Iterable[str], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse several cards: ``"AhKh"``, ``"Ah Kh"``, ``"Ah,10h"`` or a list of card texts.

    Cards must be distinct unless ``distinct`` is false (raises
    :class:`DuplicateCard`); text that is not a card raises
    :class:`MalformedCard` naming the piece and its position.
    """
    if isinstance(text, str):
        tokens = _TOKEN.findall(text)
        if len(tokens) % 2:
            raise MalformedCard(text, len(tokens) // 2)
        pieces = ["".join(tokens[i:i + 2]) for i in range(0, len(tokens), 2)]
    else:
        pieces = list(text)
    cards = tuple(parse_card(p, i) for i, p in enumerate(pieces))
    if distinct:
        check_distinct(cards)
    return cards


def check_distinct(cards: Iterable[int]) -> None:
    """Raise :class:`DuplicateCard` for the first card that appears twice,
    and :class:`MalformedCard` for a value that is not a card."""
    seen = 0
    for i, c in enumerate(cards):
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 51:
            raise MalformedCard(repr(c), i)
        bit = 1 << c
        if seen & bit:
            raise DuplicateCard(ALL_CARDS[c])
        seen |= bit


def card_text(card: int) -> str:
    """The two-character text of a card in the int encoding (``"Ah"``)."""
    return RANK_SYMBOLS[card >> 2] + SUIT_SYMBOLS[card & 3]


def cards_text(cards: Sequence[int], sep: str = "") -> str:
    """The text of several cards joined by ``sep`` (``"AhKh"``)."""
    return sep.join(card_text(c) for c in cards)
