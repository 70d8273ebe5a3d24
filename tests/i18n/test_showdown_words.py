"""Showdowns say exactly why: each hand is named with a kicker only when it
decides against the others in its pot (spoken and drawn alike), and "all-in" names only the players
who are all-in."""

from __future__ import annotations

from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.evaluator import evaluate_hand
from holdem_desktop.engine.events import CardsShown, PotAwarded, RunoutStarted
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.i18n import hand_name
from holdem_desktop.i18n.phrases import Phrasing, Showdown
from holdem_desktop.speech import Announcer
from holdem_desktop.ui.plates import winning_hands
from tests.engine.hand_helpers import stacked_deck

NAMES = ("Ada", "Bruno", "Chiara")


def value(cards: str):
    return evaluate_hand(parse_cards(cards))


def test_only_the_kicker_that_decides_is_named():
    win, lose = value("AcAdKh9s7c"), value("AhAsKc8d6h")
    assert hand_name(win, [lose]) == "pair of aces, nine kicker"  # the king is shared
    assert hand_name(lose, [win]) == "pair of aces, eight kicker"
    assert hand_name(win) == "pair of aces, king kicker"  # alone: the short name


def test_no_kicker_when_the_pair_itself_decides():
    assert hand_name(value("TcTdAh9s7c"), [value("2c2dKh9s7d")]) == "pair of tens"
    assert hand_name(value("KcKdQh5s3c"), [value("KhKsJd5d3d"), value("2c2d3h3s7c")]) == \
        "pair of kings, queen kicker"


def test_high_card_chains_as_far_as_needed():
    a, b = value("KcQd8h5s3c"), value("KhQs7c5d2h")
    assert hand_name(a, [b]) == "king high, queen, eight"
    assert hand_name(b, [a]) == "king high, queen, seven"
    assert hand_name(a, [value("JcTd8h5s3c")]) == "king high"


def test_other_categories_name_what_decides():
    assert hand_name(value("7c7d7hAsQc"), [value("7s7d7hKs2c")]) == "three sevens, ace kicker"
    assert hand_name(value("7c7d7hAsQc"), [value("7s7d7hAs9c")]) == "three sevens, queen kicker"
    assert hand_name(value("7c7d7hAsQc"), [value("6s6d6hAs9c")]) == "three sevens"
    assert hand_name(value("KcKd7h7sQc"), [value("KsKh7d7cJc")]) == \
        "two pair, kings and sevens, queen kicker"
    assert hand_name(value("KcKd7h7sQc"), [value("KsKh6d6cAc")]) == "two pair, kings and sevens"
    assert hand_name(value("Ac9c7c5c3c"), [value("Ad9d6d5d3d")]) == "flush: ace, nine and seven"
    # a different category, or a full house: nothing more to say
    assert hand_name(value("AcAdKh9s7c"), [value("2c2d3h3s7c")]) == "pair of aces"
    assert hand_name(value("QcQdQh4s4c"), [value("JcJdJh4s4d")]) == \
        "full house, queens full of fours"


def test_a_split_names_no_kicker_but_the_one_that_beats_a_third_hand():
    one, two, third = value("AcAdKhQsJc"), value("AhAsKdQcJd"), value("AcAdKhQsTc")
    assert hand_name(one, [two]) == "pair of aces"  # no kicker decides a tie
    assert hand_name(one, [two, third]) == "pair of aces, jack kicker"


def test_a_showdown_is_spoken_with_the_deciding_kickers():
    win, lose = value("AcAdKh9s7c"), value("AhAsKc8d6h")
    showdown = Showdown()
    events = [CardsShown(1, parse_cards("AhKc"), lose), CardsShown(0, parse_cards("AdKh"), win),
              PotAwarded(0, 200, (0,), (0,), (200,), win, (1,))]
    for e in events:
        assert showdown.hold(e)
    said = showdown.settle(Phrasing(NAMES.__getitem__, 0))
    assert said == [
        "Bruno shows ace of hearts and king of clubs: pair of aces, eight kicker.",
        "You show ace of diamonds and king of hearts: pair of aces, nine kicker.",
        "You win the pot of 200 with pair of aces, nine kicker."]


def _checked_down(holes: list[str], board: str) -> Hand:
    """Two players (seat 0 the player, seat 1 Bruno) check a hand down."""
    cfg = HandConfig(stacks=(1000, 1000), blinds=(5, 10), min_bet=10, chip_unit=5,
                     seats=(0, 1))
    hand = Hand(cfg, stacked_deck(holes, board))
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        kinds = {a.kind for a in hand.legal_actions()}
        hand.apply(seat, Action.check() if ActionKind.CHECK in kinds else Action.call())
    return hand


def _spoken(hand: Hand) -> list[str]:
    said: list[str] = []
    announcer = Announcer(0, NAMES.__getitem__, said.append)
    for e in hand.events:
        announcer(e)
    announcer.flush()
    return said


def _drawn(hand: Hand) -> list[str]:
    return winning_hands(hand.events, {0: "You", 1: "Bruno"}.__getitem__)


def test_the_issue_board_kings_names_the_queen_spoken_and_drawn():
    # Board K♦A♦K♣6♥3♥; you Q♠9♦, Bruno T♠4♣: the ace is on the board, the queen decides.
    hand = _checked_down(["Qs9d", "Ts4c"], "Kd Ad Kc 6h 3h")
    award = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert award.winners == (0,) and award.beaten == (1,)
    spoken = " ".join(_spoken(hand))
    assert "You win the pot of 20 with pair of kings, queen kicker." in spoken
    assert "ace kicker" not in spoken
    assert _drawn(hand) == ["You: pair of kings, queen kicker"]


def test_the_issue_tens_over_twos_names_no_kicker_spoken_and_drawn():
    # Bruno's tens beat your twos: "pair of tens", no "ace kicker".
    hand = _checked_down(["2s3d", "TsAc"], "Td 2h 7c 8h Kc")
    spoken = " ".join(_spoken(hand))
    assert "Bruno wins the pot of 20 with pair of tens." in spoken
    assert "kicker" not in spoken.split("Bruno wins")[1]
    assert _drawn(hand) == ["Bruno: pair of tens"]


def test_a_run_out_compares_the_final_hands_not_the_flop():
    # All-in before the flop: the shown values are of the flop; the award
    # compares the hands on the whole board.
    cfg = HandConfig(stacks=(100, 100), blinds=(0, 0), min_bet=10, chip_unit=10, seats=(0, 1))
    hand = Hand(cfg, stacked_deck(["Ks9d", "Kh8c"], "Kd 7h 2c Ac Qs"))
    hand.apply(0, Action.all_in())
    hand.apply(1, Action.call())
    assert hand.over
    spoken = " ".join(_spoken(hand))
    assert "You win the pot of 200 with pair of kings, nine kicker." in spoken
    assert _drawn(hand) == ["You: pair of kings, nine kicker"]


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
