from __future__ import annotations

import pickle

import pytest

from holdem_desktop.engine.cards import (
    ALL_CARDS,
    Card,
    DuplicateCard,
    MalformedCard,
    Rank,
    Suit,
    card_text,
    cards_text,
    check_distinct,
    parse_card,
    parse_cards,
)


def test_every_card_prints_and_parses_back():
    texts = [str(c) for c in ALL_CARDS]
    assert len(set(texts)) == 52
    assert texts[:4] == ["2c", "2d", "2h", "2s"] and texts[-1] == "As"
    for c in ALL_CARDS:
        assert parse_card(str(c)) is c
        assert card_text(c) == str(c)
        assert Card.of(c.rank, c.suit) is c
        assert c == c.rank * 4 + c.suit


def test_card_fields_and_repr():
    c = Card.parse("Td")
    assert c.rank is Rank.TEN and c.suit is Suit.DIAMONDS
    assert repr(c) == "Card('Td')"
    assert Rank.ACE.symbol == "A" and Suit.SPADES.symbol == "s"
    assert pickle.loads(pickle.dumps(c)) == c


@pytest.mark.parametrize("text,expected", [
    ("ah", "Ah"), ("AH", "Ah"), ("10s", "Ts"), ("tc", "Tc"), ("Q\u2665", "Qh"),
    (" 9d ", "9d"), ("2\u2663", "2c"), ("K\u2660", "Ks"),
])
def test_lenient_spellings(text, expected):
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "A", "Ahh", "1h", "Ax", "Zh", "11c", "hA", "10"])
def test_malformed_card_is_refused_with_its_text(text):
    with pytest.raises(MalformedCard) as err:
        parse_card(text)
    assert err.value.text == text


def test_card_constructor_checks_range():
    assert Card(51) == 51
    for bad in (-1, 52, True):
        with pytest.raises(MalformedCard):
            Card(bad)
    with pytest.raises(MalformedCard):
        Card.of(13, 0)


@pytest.mark.parametrize("text", ["AhKh", "Ah Kh", "Ah,Kh", "ah; kh", ["Ah", "Kh"]])
def test_parse_cards_forms(text):
    assert cards_text(parse_cards(text)) == "AhKh"


def test_parse_cards_with_ten_written_out():
    assert cards_text(parse_cards("10hJh Qh"), " ") == "Th Jh Qh"


def test_parse_cards_names_the_bad_piece_and_position():
    with pytest.raises(MalformedCard) as err:
        parse_cards("Ah Kx Qd")
    assert err.value.text == "Kx" and err.value.position == 1
    with pytest.raises(MalformedCard):
        parse_cards("AhK")  # an odd number of symbols


def test_duplicated_card_is_refused():
    with pytest.raises(DuplicateCard) as err:
        parse_cards("Ah Kd ah")
    assert str(err.value.card) == "Ah"
    assert parse_cards("AhAh", distinct=False) == (Card.parse("Ah"),) * 2


def test_check_distinct():
    check_distinct([0, 1, 51])
    with pytest.raises(DuplicateCard):
        check_distinct([5, 7, 5])
    with pytest.raises(MalformedCard) as err:
        check_distinct([5, 60])
    assert err.value.position == 1
