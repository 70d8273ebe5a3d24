"""The pot is said with each street dealt, and at the player's turn when it
changed since they last heard it (before: only the P key said it, so a blind
player pressed P on every street)."""

from __future__ import annotations

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.session import HumanController, Session
from holdem_desktop.speech import Announcer, RecordingSpeaker, Speech, SpeechOptions
from holdem_desktop.speech.announcer import gathered_pots, pot_now, stack_now
from tests.speech.test_announcer import Script, Stacked, deck


def wired(ada, bruno, options=None, hands=1):
    """A game as the desktop wires its announcer (the pot, the pots, the stacks)."""
    players = [("Mara", HumanController()), ("Ada", ada), ("Bruno", bruno)]
    decks = [deck(["AsKh", "9c9d", "7s2c"], "9h7h2dJc3s") for _ in range(hands)]
    s = Session(shipped_variant("tournament"), players, rng=Stacked(decks, 2),
                clock=lambda: 0.0)
    rec = RecordingSpeaker()
    announcer = Announcer(0, lambda k: s.seats[k].name, Speech(rec).announce, options,
                          pots=lambda: gathered_pots(s), stack=lambda k: stack_now(s, k),
                          pot=lambda: pot_now(s))
    s.subscribe(announcer)
    return s, announcer, rec


def play(s, announcer, *moves):
    s.start()
    announcer.flush()
    s.next_hand()
    announcer.flush()
    for move in moves:
        s.submit(0, move)
        announcer.flush()


def test_each_street_says_the_pot_and_a_turn_says_it_when_it_changed():
    # Bruno deals and folds; Mara (small blind) completes, Ada checks: 40 in the pot.
    s, announcer, rec = wired(Script(Action.check(), Action.bet(40), Action.check()),
                              Script(Action.fold()))
    play(s, announcer, Action.call(), Action.check(), Action.call(), Action.check())
    said = [text for text, _ in rec.calls]
    # the blinds were just named: the first turn has nothing new to say of the pot
    assert said[1].endswith("Bruno folds. Your turn: 10 to call.")
    # the flop with its pot; the turn right after it does not say it again
    assert said[2] == ("You call 10. Ada checks. Flop: nine of hearts, seven of hearts and "
                       "two of diamonds. Pot 40. Your turn: you can check.")
    # Ada's bet changed it: the turn says what to call, then the pot
    assert said[3] == "You check. Ada bets 40. Your turn: 40 to call. Pot 80."
    # the next street says it, and the river after everyone checked says it again
    assert said[4] == "You call 40. Turn: jack of clubs. Pot 120. Your turn: you can check."
    assert said[5].startswith("You check. Ada checks. River: three of spades. Pot 120. "
                              "Your turn: you can check.")


def test_brief_speech_says_the_pot_too():
    s, announcer, rec = wired(Script(Action.check(), Action.bet(40)), Script(Action.fold()),
                              SpeechOptions(brief=True))
    play(s, announcer, Action.call(), Action.check())
    said = [text for text, _ in rec.calls]
    assert "Pot 40. Your turn: you can check." in said[2]
    assert said[3] == "You check. Ada bets 40. Your turn: 40 to call. Pot 80."


def test_a_player_who_folded_hears_no_pot():
    s, announcer, rec = wired(Script(Action.check(), Action.check()), Script(Action.fold()))
    play(s, announcer, Action.fold())
    assert not any("Pot " in text for text, _ in rec.calls), rec.calls


def test_an_all_in_run_out_says_no_pot_and_no_hint_with_its_streets():
    """Once every chip is in and the cards are turned up, no one bets again:
    the streets of the run-out are said without the pot (the awards name
    it) and without a hint for a decision there is no longer."""
    s, announcer, rec = wired(Script(Action.call()), Script(Action.fold()),
                              SpeechOptions(hints=True))
    s.start()
    announcer.flush()
    s.next_hand()
    announcer.flush()
    s.submit(0, Action.all_in())
    announcer.flush()
    said = " ".join(text for text, _ in rec.calls)
    assert "River:" in said, said  # (the run-out was dealt)
    run_out = said[said.index("Flop:"):]
    assert "Pot " not in run_out.split(" wins ")[0], run_out
    assert "Hint" not in run_out, run_out


def test_a_run_out_from_the_flop_says_no_pot_with_its_turn_and_river():
    """An all-in on the flop, called: the cards turned up then have a value
    (the flop is out), so the showdown holds them to be named with the
    rest, and the announcer had not known the cards were turned up: it said
    "Turn: jack of clubs. Pot 3,000." with the run-out's streets."""
    s, announcer, rec = wired(Script(Action.check(), Action.all_in()), Script(Action.fold()))
    play(s, announcer, Action.call(), Action.check(), Action.call())
    said = " ".join(text for text, _ in rec.calls)
    assert "River:" in said, said  # (the run-out was dealt)
    run_out = said[said.index("Turn:"):]
    assert "Pot " not in run_out.split(" wins ")[0], run_out
