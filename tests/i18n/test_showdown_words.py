"""Showdowns say exactly why: each hand is named with the kickers that
decide against the others in its pot, and "all-in" names only the players
who are all-in."""

from __future__ import annotations

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.evaluator import evaluate_hand
from holdem_desktop.engine.events import CardsShown, PotAwarded, RunoutStarted
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.i18n import hand_name
from holdem_desktop.i18n.phrases import Phrasing, Showdown
from holdem_desktop.speech import Announcer
from tests.engine.hand_helpers import stacked_deck

NAMES = ("Ada", "Bruno", "Chiara")


def value(cards: str):
    return evaluate_hand(parse_cards(cards))


def test_the_second_kicker_is_named_when_it_decides():
    win, lose = value("AcAdKh9s7c"), value("AhAsKc8d6h")
    assert hand_name(win, [lose]) == "pair of aces, king and nine kickers"
    assert hand_name(lose, [win]) == "pair of aces, king and eight kickers"
    assert hand_name(win) == "pair of aces, king kicker"  # alone: the short name


def test_high_card_chains_as_far_as_needed():
    a, b = value("KcQd8h5s3c"), value("KhQs7c5d2h")
    assert hand_name(a, [b]) == "king high, queen, eight"
    assert hand_name(b, [a]) == "king high, queen, seven"
    assert hand_name(a, [value("JcTd8h5s3c")]) == "king high"


def test_other_categories_name_what_decides():
    assert hand_name(value("7c7d7hAsQc"), [value("7s7d7hKs2c")]) == "three sevens, ace kicker"
    assert hand_name(value("7c7d7hAsQc"), [value("7s7d7hAs9c")]) == \
        "three sevens, ace and queen kickers"
    assert hand_name(value("Ac9c7c5c3c"), [value("Ad9d6d5d3d")]) == "flush: ace, nine and seven"
    # a different category, or a full house: nothing more to say
    assert hand_name(value("AcAdKh9s7c"), [value("2c2d3h3s7c")]) == "pair of aces, king kicker"
    assert hand_name(value("QcQdQh4s4c"), [value("JcJdJh4s4d")]) == \
        "full house, queens full of fours"


def test_a_split_names_every_kicker_the_winners_share():
    one, two, third = value("AcAdKhQsJc"), value("AhAsKdQcJd"), value("AcAdKhQsTc")
    assert hand_name(one, [two, third]) == "pair of aces, king, queen and jack kickers"


def test_a_showdown_is_spoken_with_the_deciding_kickers():
    win, lose = value("AcAdKh9s7c"), value("AhAsKc8d6h")
    showdown = Showdown()
    events = [CardsShown(1, parse_cards("AhKc"), lose), CardsShown(0, parse_cards("AdKh"), win),
              PotAwarded(0, 200, (0, 1), (0,), (200,), win)]
    for e in events:
        assert showdown.hold(e)
    said = showdown.settle(Phrasing(NAMES.__getitem__, 0))
    assert said == [
        "Bruno shows ace of hearts and king of clubs: pair of aces, king and eight kickers.",
        "You show ace of diamonds and king of hearts: pair of aces, king and nine kickers.",
        "You win the pot of 200 with pair of aces, king and nine kickers."]


def test_only_the_players_with_no_chips_behind_are_all_in():
    # Ada shoves 100; Bruno, with 500, calls: only Ada is all-in.
    cfg = HandConfig(stacks=(100, 500), blinds=(0, 0), min_bet=10, chip_unit=10, seats=(0, 1))
    hand = Hand(cfg, stacked_deck(["AhKd", "7c2d"], "Qh Jd 9s 4c 3h"))
    said: list[str] = []
    announcer = Announcer(1, NAMES.__getitem__, said.append)
    hand.apply(0, Action.all_in())
    hand.apply(1, Action.call())
    runout = next(e for e in hand.events if isinstance(e, RunoutStarted))
    assert runout.seats == (0, 1) and runout.all_in == (0,)
    for e in hand.events:
        announcer(e)
    announcer.flush()
    assert "All-in: Ada. The cards are turned up" in said[0]
    assert "You and Ada all-in" not in said[0] and "Ada and you" not in said[0]
