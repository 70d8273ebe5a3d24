"""Card and hand names as a player says them."""

from __future__ import annotations

import pytest

from holdem_desktop.engine.cards import parse_card, parse_cards
from holdem_desktop.engine.evaluator import evaluate_hand
from holdem_desktop.i18n import amount, card_name, cards_names, hand_name


def test_card_names_with_and_without_suits():
    assert card_name(parse_card("As")) == "ace of spades"
    assert card_name(parse_card("Td")) == "ten of diamonds"
    assert card_name(parse_card("2c"), suits=False) == "two"
    assert cards_names(parse_cards("9c7h2d")) == \
        "nine of clubs, seven of hearts and two of diamonds"
    assert cards_names(parse_cards("Kh")) == "king of hearts"
    assert cards_names(()) == ""


@pytest.mark.parametrize(("cards", "name"), [
    ("AsKsQsJsTs9d2c", "royal flush"),
    ("9h8h7h6h5h2c3d", "straight flush to the nine"),
    ("5h4h3h2hAh9c9d", "straight flush to the five"),
    ("QsQhQdQc4s2d3c", "four queens, four kicker"),
    ("KsKhKd7c7s2d3c", "full house, kings full of sevens"),
    ("As9s7s4s2sKdQc", "flush, ace high"),
    ("Ts9h8d7c6s2d2c", "straight to the ten"),
    ("Ah2d3c4s5hKdQc", "straight to the five"),
    ("JsJhJd9c2s4d3c", "three jacks"),
    ("KsKh5d5c9s2d3c", "two pair, kings and fives, nine kicker"),
    ("9s9hAd7c2s4d3c", "pair of nines, ace kicker"),
    ("AsJh9d7c4s3d2c", "ace high"),
])
def test_hand_names(cards, name):
    assert hand_name(evaluate_hand(parse_cards(cards))) == name


def test_amounts_have_thousands_separators():
    assert amount(1500) == "1,500" and amount(20) == "20" and amount(0) == "0"


def test_a_games_line_in_the_review_says_its_result_not_a_count_of_chips():
    from holdem_desktop.i18n import records

    lost = records.game_label("Tournament", "local", 1_700_000_000.0, 2, -170, None)
    even = records.game_label("Tournament", "room", 1_700_000_000.0, 1, 0, None)
    assert lost.endswith(": 2 hands, lost 170"), lost
    assert even.endswith(": 1 hand, even"), even
