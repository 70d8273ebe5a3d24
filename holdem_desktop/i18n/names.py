"""Card names ("ace of spades"), hand names ("pair of nines, ace kicker")
and chip amounts, through gettext.

Each whole phrase is one message with named placeholders, so a translator
can reorder it and make its words agree ("pereche de ași", "para asów").
The plural rank names ("nines") are separate messages for the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from holdem_desktop.engine.evaluator import HandValue, evaluate_hand
from holdem_desktop.engine.hand_classes import HandCategory
from holdem_desktop.engine.views import SeatView

from .translate import _, language, ngettext, pgettext

__all__ = ["amount", "card_name", "cards_names", "chips", "deciding", "hand_name", "players",
           "rank_name", "ranks_name", "stored_variant_name", "variant_name"]


def amount(chips: int) -> str:
    """A chip amount for display and speech, as the language writes it
    (1,500 / 1.500 / 1 500)."""
    code = language()
    if code == "en":
        return f"{chips:,}"
    return _format_decimal(chips, code)


def chips(count: int) -> str:
    """A number of chips with its noun in the form the number asks for:
    "1 chip", "1,500 chips"; Romanian "19 jetoane" but "1.500 de jetoane",
    Polish "2 żetony" but "5 żetonów"."""
    return ngettext("{amount} chip", "{amount} chips", count).format(amount=amount(count))


def players(count: int) -> str:
    """A number of players with its noun: "6 players" ("20 de jucători")."""
    return ngettext("{count} player", "{count} players", count).format(count=count)


@lru_cache(maxsize=4096)
def _format_decimal(chips: int, code: str) -> str:
    from babel.numbers import format_decimal

    return str(format_decimal(chips, locale=code))


def rank_name(rank: int) -> str:
    """One rank: "ace", "ten", "two"."""
    return (_("two"), _("three"), _("four"), _("five"), _("six"), _("seven"), _("eight"),
            _("nine"), _("ten"), _("jack"), _("queen"), _("king"), _("ace"))[rank]


def ranks_name(rank: int, use: str = "counted") -> str:
    """A rank counted more than once ("aces", "sixes"), in the form ``use``
    needs: ``pair`` after "pair of", ``counted`` after a number or in two
    pair and the three of a full house, ``full`` after "full of" (Polish,
    say, says "para asów" but "trzy asy")."""
    if use == "pair":
        names = (
            pgettext("ranks after 'pair of'", "twos"),
            pgettext("ranks after 'pair of'", "threes"),
            pgettext("ranks after 'pair of'", "fours"),
            pgettext("ranks after 'pair of'", "fives"),
            pgettext("ranks after 'pair of'", "sixes"),
            pgettext("ranks after 'pair of'", "sevens"),
            pgettext("ranks after 'pair of'", "eights"),
            pgettext("ranks after 'pair of'", "nines"),
            pgettext("ranks after 'pair of'", "tens"),
            pgettext("ranks after 'pair of'", "jacks"),
            pgettext("ranks after 'pair of'", "queens"),
            pgettext("ranks after 'pair of'", "kings"),
            pgettext("ranks after 'pair of'", "aces"),
        )
    elif use == "full":
        names = (
            pgettext("ranks after 'full of'", "twos"),
            pgettext("ranks after 'full of'", "threes"),
            pgettext("ranks after 'full of'", "fours"),
            pgettext("ranks after 'full of'", "fives"),
            pgettext("ranks after 'full of'", "sixes"),
            pgettext("ranks after 'full of'", "sevens"),
            pgettext("ranks after 'full of'", "eights"),
            pgettext("ranks after 'full of'", "nines"),
            pgettext("ranks after 'full of'", "tens"),
            pgettext("ranks after 'full of'", "jacks"),
            pgettext("ranks after 'full of'", "queens"),
            pgettext("ranks after 'full of'", "kings"),
            pgettext("ranks after 'full of'", "aces"),
        )
    else:
        names = (
            pgettext("ranks counted: three, four, two pair, full house", "twos"),
            pgettext("ranks counted: three, four, two pair, full house", "threes"),
            pgettext("ranks counted: three, four, two pair, full house", "fours"),
            pgettext("ranks counted: three, four, two pair, full house", "fives"),
            pgettext("ranks counted: three, four, two pair, full house", "sixes"),
            pgettext("ranks counted: three, four, two pair, full house", "sevens"),
            pgettext("ranks counted: three, four, two pair, full house", "eights"),
            pgettext("ranks counted: three, four, two pair, full house", "nines"),
            pgettext("ranks counted: three, four, two pair, full house", "tens"),
            pgettext("ranks counted: three, four, two pair, full house", "jacks"),
            pgettext("ranks counted: three, four, two pair, full house", "queens"),
            pgettext("ranks counted: three, four, two pair, full house", "kings"),
            pgettext("ranks counted: three, four, two pair, full house", "aces"),
        )
    return names[rank]


def card_name(card: int, *, suits: bool = True) -> str:
    """A card: "ace of spades" ("ace" when suits are not spoken)."""
    rank = rank_name(card >> 2)
    if not suits:
        return rank
    suit = (_("clubs"), _("diamonds"), _("hearts"), _("spades"))[card & 3]
    return _("{rank} of {suit}").format(rank=rank, suit=suit)


def cards_names(cards: Sequence[int], *, suits: bool = True) -> str:
    """Cards in a row: "nine of clubs, seven of hearts and two of diamonds"."""
    return _list([card_name(c, suits=suits) for c in cards])


_SHOWN = {HandCategory.HIGH_CARD: 1, HandCategory.PAIR: 2, HandCategory.THREE_OF_A_KIND: 1,
          HandCategory.FLUSH: 1}
"""How many deciding ranks a hand's name gives on its own, when it is
compared with nothing ("king high", "pair of aces, king kicker", "three
sevens", "flush, ace high"); the other categories always name all of
theirs."""

_NAMED = {HandCategory.PAIR: 1, HandCategory.TWO_PAIR: 2, HandCategory.THREE_OF_A_KIND: 1,
          HandCategory.FOUR_OF_A_KIND: 1}
"""How many deciding ranks make the combination itself, for the categories
that have kickers; the ranks after them are kickers."""


def deciding(value: HandValue, against: Sequence[HandValue] = ()) -> int:
    """How many of ``value``'s deciding ranks its name must give so that a
    listener hears why it beats, loses to or ties each hand of ``against``:
    the first rank where they differ, or every rank for a tie."""
    n = _SHOWN.get(value.category, len(value.ranks))
    for other in against:
        if other.category is not value.category:
            continue
        differ = next((i for i, (a, b) in enumerate(zip(value.ranks, other.ranks, strict=True))
                       if a != b), len(value.ranks) - 1)
        n = max(n, differ + 1)
    return n


_ALONE = {HandCategory.PAIR: (1,), HandCategory.TWO_PAIR: (2,),
          HandCategory.FOUR_OF_A_KIND: (1,)}
"""The kickers a hand's name gives on its own (by position in its ranks)."""


def deciding_kickers(value: HandValue, against: Sequence[HandValue]) -> tuple[int, ...]:
    """The positions in ``value.ranks`` of the kickers that decide against
    ``against``: for each hand of the same category and combination, the
    first kicker where they differ.  None when the combination itself
    decides (tens beat twos), and none when they tie (no kicker decides a
    split)."""
    named = _NAMED.get(value.category)
    if named is None:
        return ()
    found: set[int] = set()
    for other in against:
        if other.category is not value.category or other.ranks[:named] != value.ranks[:named]:
            continue
        differ = next((i for i, (a, b) in enumerate(zip(value.ranks, other.ranks, strict=True))
                       if a != b), None)
        if differ is not None:
            found.add(differ)
    return tuple(sorted(found))


def _list(names: Sequence[str]) -> str:
    if len(names) < 2:
        return names[0] if names else ""
    return _("{cards} and {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def hand_name(value: HandValue, against: Sequence[HandValue] | None = None) -> str:
    """What a hand is, as a player says it: "pair of nines, ace kicker",
    "two pair, kings and sevens", "full house, queens full of fours",
    "straight to the ten", "flush, ace high", "royal flush".

    ``against`` (None: the hand on its own) are the other hands of a
    showdown it is named beside: then a kicker is named only when it
    decides ("pair of kings, queen kicker" when the ace beside the kings is
    on the board and the queen beats a ten; "pair of tens" when the tens
    beat a pair of twos), and a flush or high card is named down to the
    card that decides ("king high, queen, eight")."""
    c, r = value.category, value.ranks
    if against is None:
        n = deciding(value)
        kickers: tuple[int, ...] = _ALONE.get(c, ())
    else:
        n = deciding(value, against)
        kickers = deciding_kickers(value, against)
    if c is HandCategory.STRAIGHT_FLUSH:
        if value.is_royal_flush:
            return _("royal flush")
        return _("straight flush to the {rank}").format(rank=rank_name(r[0]))
    if c is HandCategory.FOUR_OF_A_KIND:
        if not kickers:
            return _("four {ranks}").format(ranks=ranks_name(r[0], "counted"))
        return _("four {ranks}, {kicker} kicker").format(ranks=ranks_name(r[0], "counted"),
                                                        kicker=rank_name(r[1]))
    if c is HandCategory.FULL_HOUSE:
        return _("full house, {three} full of {two}").format(
            three=ranks_name(r[0], "counted"), two=ranks_name(r[1], "full"))
    if c is HandCategory.FLUSH:
        if n > 1:
            return _("flush: {ranks}").format(ranks=_list([rank_name(x) for x in r[:n]]))
        return _("flush, {rank} high").format(rank=rank_name(r[0]))
    if c is HandCategory.STRAIGHT:
        return _("straight to the {rank}").format(rank=rank_name(r[0]))
    if c is HandCategory.THREE_OF_A_KIND:
        three = ranks_name(r[0], "counted")
        if len(kickers) == 1:
            return _("three {ranks}, {kicker} kicker").format(ranks=three,
                                                              kicker=rank_name(r[kickers[0]]))
        if kickers:
            return _("three {ranks}, {kickers} kickers").format(
                ranks=three, kickers=_list([rank_name(r[k]) for k in kickers]))
        return _("three {ranks}").format(ranks=three)
    if c is HandCategory.TWO_PAIR:
        if not kickers:
            return _("two pair, {high} and {low}").format(
                high=ranks_name(r[0], "counted"), low=ranks_name(r[1], "counted"))
        return _("two pair, {high} and {low}, {kicker} kicker").format(
            high=ranks_name(r[0], "counted"), low=ranks_name(r[1], "counted"),
            kicker=rank_name(r[2]))
    if c is HandCategory.PAIR:
        if len(kickers) > 1:
            return _("pair of {ranks}, {kickers} kickers").format(
                ranks=ranks_name(r[0], "pair"), kickers=_list([rank_name(r[k]) for k in kickers]))
        if kickers:
            return _("pair of {ranks}, {kicker} kicker").format(ranks=ranks_name(r[0], "pair"),
                                                                kicker=rank_name(r[kickers[0]]))
        return _("pair of {ranks}").format(ranks=ranks_name(r[0], "pair"))
    if n > 1:
        return _("{rank} high, {others}").format(rank=rank_name(r[0]),
                                                 others=", ".join(rank_name(x) for x in r[1:n]))
    return _("{rank} high").format(rank=rank_name(r[0]))


def variant_name(key: str, name: str) -> str:
    """A variant's name in the player's language: the shipped variants are
    translated; a player's own variant file keeps the name it gives."""
    shipped = {
        "tournament": _("Tournament"),
        "pot_limit": _("Pot-limit tournament"),
        "fixed_limit": _("Fixed-limit"),
        "heads_up": _("Heads-up ten hands"),
        "session": _("Session"),
    }
    return shipped.get(key, name) if name in _SHIPPED_NAMES else name


_SHIPPED_KEYS = {"Tournament": "tournament", "Pot-limit tournament": "pot_limit",
                 "Fixed-limit": "fixed_limit", "Heads-up ten hands": "heads_up",
                 "Session": "session"}
_SHIPPED_NAMES = set(_SHIPPED_KEYS)


def stored_variant_name(name: str) -> str:
    """The variant of a game kept in the hand history (stored by its name:
    a shipped variant's English one) in the player's language."""
    key = _SHIPPED_KEYS.get(name)
    return variant_name(key, name) if key is not None else name


def hand_now(hole: Sequence[int], board: Sequence[int]) -> str:
    """Your hand now, as Y and a touched card say it: "pair of nines, ace
    kicker" with five cards or more, your two cards before the flop
    ("ace-king suited")."""
    if not hole:
        return _("You have no cards.")
    if len(hole) + len(board) >= 5:
        return hand_name(evaluate_hand(tuple(hole) + tuple(board)))
    a, b = sorted(hole, reverse=True)
    if a >> 2 == b >> 2:
        return _("pair of {ranks}").format(ranks=ranks_name(a >> 2, "pair"))
    text = _("{high}-{low} suited") if a & 3 == b & 3 else _("{high}-{low} offsuit")
    return text.format(high=rank_name(a >> 2), low=rank_name(b >> 2))


def seat_line(name: str, seat: int, view: SeatView, *, suits: bool = True) -> str:
    """A player in the hand, as the Players zone reads them: "Ada, 1,480
    chips, bet 20, dealer, to act"."""
    p = view.player(seat)
    parts = [ngettext("{player}, {chips} chip", "{player}, {chips} chips", p.stack).format(
        player=name, chips=amount(p.stack))]
    if p.bet:
        parts.append(_("bet {amount}").format(amount=amount(p.bet)))
    if p.folded:
        parts.append(_("folded"))
    elif p.all_in:
        parts.append(_("all-in"))
    if p.shown:
        parts.append(_("shows {cards}").format(cards=cards_names(p.shown, suits=suits)))
    if view.button == seat:
        parts.append(_("dealer"))
    if view.to_act == seat and not view.over:
        parts.append(_("to act"))
    return ", ".join(parts)
