"""Every event type has its sentence (or a stated reason to stay silent)."""

from __future__ import annotations

import dataclasses
import inspect
import typing

from holdem_desktop.engine import events as engine_events
from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.evaluator import evaluate_hand
from holdem_desktop.i18n.phrases import Phrasing, sentence
from holdem_desktop.session import events as session_events

SILENT = {
    "HandStarted": "the session's HandStarting says it, with the hand number",
    "HandEnded": "the pot awards say how the hand ended",
}
NAMES = {0: "Ada", 1: "Bruno", 2: "Chiara"}


def sample(cls):
    """An instance of an event class with plausible values for its fields."""
    hints = typing.get_type_hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        t = hints[f.name]
        if f.name in ("seat", "button"):
            values[f.name] = 1
        elif t is int:
            values[f.name] = {"street": 1, "kind": 0, "place": 3, "index": 0}.get(f.name, 40)
        elif t is bool:
            values[f.name] = False
        elif t is str:
            values[f.name] = "last_standing"
        elif f.name in ("cards",) or f.name == "board":
            values[f.name] = parse_cards("9c7h2d")
        elif f.name in ("names",):
            values[f.name] = ("Ada", "Bruno", "Chiara")
        elif f.name in ("winners", "eligible", "seats", "all_in"):
            values[f.name] = (0, 1)
        elif f.name in ("shares",):
            values[f.name] = (20, 20)
        elif f.name == "places":
            values[f.name] = ((0, 1), (1, 2), (2, 3))
        elif f.name == "value":
            values[f.name] = evaluate_hand(parse_cards("9c9d7h2dKs"))
        elif f.name == "kind" or t is ActionKind:
            values[f.name] = ActionKind.CALL
        elif f.name == "street":
            values[f.name] = engine_events.Street.FLOP
        else:
            values[f.name] = (10, 20, 20)
    return cls(**values)


def event_classes():
    for module in (engine_events, session_events):
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__ \
                    and cls.__name__ != "Event":
                yield cls


def test_every_event_type_is_announced_or_says_why_not():
    seen = set()
    for cls in event_classes():
        seen.add(cls.__name__)
        event = sample(cls)
        for me in (None, 1):
            text = sentence(event, Phrasing(NAMES.__getitem__, me))
            if cls.__name__ in SILENT:
                assert text is None
            elif cls.__name__ == "HoleCardsDealt" and me is None:
                assert text is None  # nobody else hears another seat's cards
            else:
                assert text and "{" not in text and text.endswith((".", "!")), (cls, text)
    assert {"ActionTaken", "StreetDealt", "PotAwarded", "CardsShown", "BlindsUp", "PlayerOut",
            "GameOver", "TurnStarted"} <= seen


def test_you_and_the_others():
    me = Phrasing(NAMES.__getitem__, 1)
    other = Phrasing(NAMES.__getitem__)
    raise_ = engine_events.ActionTaken(1, ActionKind.RAISE, 120, 100, False,
                                       engine_events.Street.FLOP)
    assert sentence(raise_, me) == "You raise to 120."
    assert sentence(raise_, other) == "Bruno raises to 120."
    out = session_events.PlayerOut(1, 4, True)
    assert sentence(out, me) == "You are out, sharing place 4."
    assert sentence(out, other) == "Bruno is out, sharing place 4."
    over = session_events.GameOver("last_standing", ((1, 1), (0, 2)))
    assert sentence(over, me) == "You win the game! Places: 1, you; 2, Ada."
    assert sentence(over, other) == "Game over: Bruno wins. Places: 1, Bruno; 2, Ada."
    lost = Phrasing(NAMES.__getitem__, 0)
    assert sentence(over, lost) == "Game over: Bruno wins. You finished second of 2. " \
        "Places: 1, Bruno; 2, you."
    brief = Phrasing(NAMES.__getitem__, 0, brief=True)
    assert sentence(over, brief) == "Game over: Bruno wins. You finished second of 2."
    # a room whose last person left or went out: no *person* plays on, though
    # computers are still seated (never "no player is left")
    alone = session_events.GameOver("no_humans", ((1, 1), (2, 2), (0, 3)))
    said = sentence(alone, lost)
    assert said is not None and said.startswith(
        "No person is left playing at the table: the game ends. You finished third of 3."), said
    turn = session_events.TurnStarted(1, 80)
    assert sentence(turn, me) == "Your turn: 80 to call."
    assert sentence(session_events.TurnStarted(1, 0), me) == "Your turn: you can check."
    assert sentence(turn, other) == "Bruno to act."


def test_splits_say_each_share_when_odd_chips_make_them_unequal():
    me = Phrasing(NAMES.__getitem__, 0)
    odd = engine_events.PotAwarded(0, 50, (0, 1), (1, 0), (30, 20), None, ())
    assert sentence(odd, me) == "You and Bruno split the pot of 50: Bruno 30, you 20."
    even = engine_events.PotAwarded(1, 60, (0, 1, 2), (2, 1), (30, 30), None, ())
    assert sentence(even, me, pots=2) == "Chiara and Bruno split the side pot of 60, 30 each."
    # numbered only when there are several side pots
    assert sentence(even, me, pots=3) == "Chiara and Bruno split side pot 1 of 60, 30 each."


def test_a_lone_side_pot_is_the_side_pot_and_several_are_numbered_as_the_awards_name_them():
    from holdem_desktop.engine.hand import Pot
    from holdem_desktop.i18n.phrases import side_pots

    me = Phrasing(NAMES.__getitem__, 0)
    assert side_pots([Pot(300, (0, 1, 2))], me) == ""  # one pot: the total says it
    assert side_pots([Pot(300, (0, 1, 2)), Pot(400, (1, 0))], me) == \
        "Main pot 300; side pot 400, you and Bruno."
    assert side_pots([Pot(300, (0, 1, 2)), Pot(400, (1, 0)), Pot(90, (1,))], me) == \
        "Main pot 300; side pot 1, 400, you and Bruno; side pot 2, 90, Bruno."
    won = engine_events.PotAwarded(2, 90, (1,), (1,), (90,), None, ())
    assert sentence(won, me, pots=3) == "Bruno wins side pot 2 of 90."


def test_the_computers_move_for_an_away_player_is_said_as_the_computers():
    """Issue 31 item 5, in every language the game speaks."""
    from holdem_desktop.engine.events import ActionTaken, Street
    from holdem_desktop.i18n.translate import set_language

    moves = [ActionTaken(0, kind, amount, amount, all_in, Street.FLOP)
             for kind, amount, all_in in ((ActionKind.FOLD, 0, False),
                                          (ActionKind.CHECK, 0, False),
                                          (ActionKind.CALL, 40, False),
                                          (ActionKind.BET, 60, False),
                                          (ActionKind.RAISE, 120, False),
                                          (ActionKind.ALL_IN, 1500, True),
                                          (ActionKind.CALL, 80, True))]
    away = Phrasing(NAMES.__getitem__, me=0, stand_in=True)
    here = Phrasing(NAMES.__getitem__, me=0)
    assert [sentence(e, away) for e in moves] == [
        "The computer folds for you.", "The computer checks for you.",
        "The computer calls 40 for you.", "The computer bets 60 for you.",
        "The computer raises to 120 for you.", "The computer goes all-in for you, 1,500.",
        "The computer calls 80 for you, all-in."]
    assert sentence(moves[1], here) == "You check."
    assert sentence(moves[1], Phrasing(NAMES.__getitem__, me=1, stand_in=True)) == \
        "Ada checks."  # someone else's seat: as ever
    try:
        for code in ("ro", "it", "pl"):
            set_language(code)
            said = [sentence(e, away) for e in moves]
            yours = [sentence(e, here) for e in moves]
            assert all(a != y and "{" not in a for a, y in zip(said, yours, strict=True)), said
            assert not any(s.startswith("The computer") for s in said), (code, said)
            assert "40" in said[2] and "120" in said[4], said
    finally:
        set_language("en")


def test_a_dead_small_blind_is_said_as_the_blind_missed_not_as_an_ante():
    dead = engine_events.DeadBlindPosted(1, 10, False)
    them = sentence(dead, Phrasing(NAMES.__getitem__, me=0))
    mine = sentence(dead, Phrasing(NAMES.__getitem__, me=1))
    assert them == "Bruno posts the small blind they missed, dead, 10."
    assert mine == "You post the small blind you missed, dead, 10."


def test_a_run_out_with_the_player_alone_all_in_says_you_are_all_in():
    mine = engine_events.RunoutStarted((0, 1), (1,))
    both = engine_events.RunoutStarted((0, 1), (0, 1))
    me = Phrasing(NAMES.__getitem__, me=1)
    assert sentence(mine, me) == \
        "You are all-in. The cards are turned up and the board is dealt."
    assert sentence(both, me) == \
        "All-in: you and Ada. The cards are turned up and the board is dealt."
    assert sentence(mine, Phrasing(NAMES.__getitem__, me=0)).startswith("All-in: Bruno.")
