"""What the player hears, announcement by announcement, with known cards."""

from __future__ import annotations

import random

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.hand import Hand, HandConfig
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.session import HumanController, Session
from holdem_desktop.session.events import BlindsUp, GameStarted, HandStarting
from holdem_desktop.speech import Announcer, RecordingSpeaker, Speech, SpeechOptions


class Stacked(random.Random):
    """Deals the given decks in order and puts the button on ``button``."""

    def __init__(self, decks: list[list[int]], button: int) -> None:
        super().__init__(0)
        self.decks = decks
        self.button = button

    def shuffle(self, x) -> None:  # type: ignore[override]
        x[:] = self.decks.pop(0)

    def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
        return self.button


def deck(holes: list[str], board: str) -> list[int]:
    chosen = [c for h in holes for c in parse_cards(h)] + list(parse_cards(board))
    return chosen + [c for c in range(52) if c not in chosen]


class Script:
    """A computer seat that plays the actions it is given, in order."""

    def __init__(self, *actions: Action) -> None:
        self.actions = list(actions)

    def decide(self, view):
        return self.actions.pop(0)


def table(decks, ada, bruno, options=None):
    players = [("Mara", HumanController()), ("Ada", ada), ("Bruno", bruno)]
    s = Session(shipped_variant("tournament"), players, rng=Stacked(decks, 2),
                clock=lambda: 0.0)
    rec = RecordingSpeaker()
    speech = Speech(rec)
    announcer = Announcer(0, lambda k: s.seats[k].name, speech.announce, options)
    s.subscribe(announcer)
    return s, announcer, rec


def test_a_scripted_hand_one_announcement_per_action_then_fold_mode():
    # Bruno deals: Mara (seat 0) small blind, Ada big blind, Bruno first to act.
    s, announcer, rec = table(
        [deck(["AsKh", "9c9d", "7s2c"], "9h7h2dJc3s")],
        Script(Action.check(), Action.bet(40)), Script(Action.fold()))
    s.start()
    announcer.flush()
    s.next_hand()
    announcer.flush()  # the window flushes after each input it handled
    s.submit(0, Action.call())
    announcer.flush()
    s.submit(0, Action.check())
    announcer.flush()
    s.submit(0, Action.fold())
    announcer.flush()
    assert [text for text, _ in rec.calls] == [
        "New game: 3 players, 1,500 chips each.",
        "Hand 1. Bruno deals. Blinds 10 and 20. You post the small blind, 10. Ada posts the big "
        "blind, 20. You have ace of spades and king of hearts. Bruno folds. "
        "Your turn: 10 to call.",
        "You call 10. Ada checks. Flop: nine of hearts, seven of hearts and two of diamonds. "
        "Your turn: you can check.",
        "You check. Ada bets 40. Your turn: 40 to call.",
        # After a fold: no uncalled bet returned, only who wins.
        "You fold. Ada wins the pot of 40.",
    ]
    assert not any(interrupt for _, interrupt in rec.calls)  # game speech is queued


def test_brief_speech_and_spoken_suits_off():
    s, announcer, rec = table(
        [deck(["AsKh", "9c9d", "7s2c"], "9h7h2dJc3s")],
        Script(Action.check()), Script(Action.fold()),
        SpeechOptions(brief=True, suits=False))
    s.start()
    s.next_hand()
    announcer.flush()
    assert rec.calls[-1][0] == ("New game: 3 players, 1,500 chips each. "
                                "Hand 1. Bruno deals. Blinds 10 and 20. You post the small blind, "
                                "10. You have ace and king. Bruno folds. Your turn: 10 to call.")


def test_showdown_names_hands_and_hints_help_beginners():
    # Mara holds two hearts; the flop brings two more: a flush draw.
    s, announcer, rec = table(
        [deck(["AhKh", "9c9d", "7s2c"], "9h7h2dJc3s")],
        Script(Action.check(), Action.check(), Action.check(), Action.check()),
        Script(Action.fold()), SpeechOptions(hints=True))
    s.start()
    s.next_hand()
    s.submit(0, Action.call())
    announcer.flush()
    assert "Hint: one more card of the same suit makes you a flush." in rec.calls[-1][0]
    for _ in range(3):
        s.submit(0, Action.check())
        announcer.flush()
    river, last = rec.calls[-2][0], rec.calls[-1][0]
    assert river.startswith("You check. Ada checks. River: three of spades.")
    assert last.startswith("You check. Ada checks. You show ace of hearts and king of hearts: "
                           "ace high.")
    assert "Ada shows nine of clubs and nine of diamonds: three nines." in last
    assert last.endswith("Ada wins the pot of 40 with three nines.")


def test_side_pots_and_splits_are_named_as_such():
    # SPEC §2: A 100 all-in, B and C 150; A and B tie: A ends with 150, B with 250.
    hand = Hand(HandConfig(stacks=(100, 150, 150), blinds=(0, 0, 0), min_bet=20),
                deck(["AsKd", "AhKc", "2c3d"], "QsJh9c5d4s"))
    heard: list[str] = []
    names = {0: "Ada", 1: "Bruno", 2: "Chiara"}
    announcer = Announcer(None, names.__getitem__, heard.append)
    for event in hand.events:
        announcer(event)
    for seat, action in ((0, Action.all_in()), (1, Action.all_in()), (2, Action.call())):
        for event in hand.apply(seat, action):
            announcer(event)
    announcer.flush()
    (text,) = heard
    assert "Ada and Bruno split the main pot of 300, 150 each, with ace high." in text
    assert text.endswith("Bruno wins the side pot of 100 with ace high.")
    assert "All-in: Bruno, Chiara and Ada. The cards are turned up" in text  # showdown order
    assert hand.stacks == [150, 250, 0]


def test_a_spectator_hears_no_private_cards():
    hand = Hand(HandConfig(stacks=(100, 100), blinds=(2, 1), min_bet=2),
                deck(["AsKd", "AhKc"], ""))
    heard: list[str] = []
    announcer = Announcer(None, {0: "Ada", 1: "Bruno"}.__getitem__, heard.append)
    for event in hand.events:
        announcer(event)
    announcer.flush()
    assert "ace" not in heard[0] and "king" not in heard[0]


def test_the_dealer_and_new_blinds_are_said_once_each():
    rec = RecordingSpeaker()
    speech = Speech(rec)
    names = ["Mara", "Ada", "Luca"]
    announcer = Announcer(0, names.__getitem__, speech.announce)
    announcer(GameStarted(1, (0, 1, 2), tuple(names), (1500, 1500, 1500), 2))
    announcer(HandStarting(1, 2, 0, (10, 20), 0, 10))
    announcer(BlindsUp(1, (20, 40), 0))
    announcer(HandStarting(11, 0, 1, (20, 40), 0, 10))
    announcer(HandStarting(12, 1, 1, (20, 40), 0, 9))
    announcer.flush()
    assert rec.calls[-1][0] == (
        "New game: 3 players, 1,500 chips each. Hand 1. Luca deals. Blinds 10 and 20. "
        "Blinds go up to 20 and 40. Hand 11. You deal. "
        "Hand 12. Ada deals. Blinds 20 and 40.")
