"""Issue 37, fifth session: a tight player who folds most of its raises to a
re-raise holds the top of its range when it calls one.  Heads-up, in a pot
where such a player called Hard's re-raise, Hard prices its turn and river
bets by the share of that range that holds nothing, not by the folds counted
in every pot: it does not bluff into a range of pairs, where the frozen
hard_v5 does; against a player seen calling re-raises it plays as before."""

from __future__ import annotations

import random

from holdem_desktop.ai.hard import TIGHT_FOLD, HardPlayer, strength
from holdem_desktop.ai.hard_v5 import HardV5Player
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.views import seat_view

from .test_hard_discipline import _heads_up
from .test_preflop_reads import _reraised


def _reraised_pot_turn(cards: str) -> Hand:
    """The button (seat 1) raised, Hard (seat 0, the big blind) re-raised, the
    button called; Hard bet half the pot on the flop, the button called; the
    turn is dealt and Hard is first to act.  ``cards``: Hard's, the button's,
    the board."""
    hand = _heads_up(cards)
    for seat, action in ((1, Action.raise_to(5)), (0, Action.raise_to(13)), (1, Action.call()),
                         (0, Action.bet(13)), (1, Action.call())):
        hand.apply(seat, action)
    return hand


def test_hard_gives_up_the_turn_of_a_reraised_pot_against_a_tight_players_range():
    # K♠8♦4♣ then 3♥: the tight player's top tenth that called the flop holds a
    # pair (or a draw); Hard holds seven high.
    view = seat_view(_reraised_pot_turn("7c2dQhJhKs8d4c3hTd"), 0)
    assert strength(view.hole, view.board) == "nothing"
    folder = HardPlayer(random.Random(2))
    _reraised(folder, folds=True, times=12)
    assert folder.table.of(1).fold_to_reraise_rate() >= TIGHT_FOLD
    assert folder.range_fold(view, 1) == 0.0
    assert {folder.decide(view).kind for _ in range(5)} == {ActionKind.CHECK}
    # The frozen hard_v5 prices its bet by the folds counted in every pot (0.45)
    # and bets.
    before = create_player("hard_v5", random.Random(2))
    assert isinstance(before, HardV5Player) and not isinstance(before, HardPlayer)
    _reraised(before, folds=True, times=12)
    assert ActionKind.BET in {before.decide(view).kind for _ in range(5)}
    # Against a player seen calling re-raises the range is not read so.
    caller = HardPlayer(random.Random(2))
    _reraised(caller, folds=False, times=12)
    assert caller.range_fold(view, 1) is None
    assert ActionKind.BET in {caller.decide(view).kind for _ in range(5)}


def test_hard_still_bets_its_made_hands_in_a_reraised_pot():
    # On K♠8♦4♣ 3♥ a set of eights and top pair with the best kicker are bet
    # as before: only the bets that need folds are priced by the range.
    folder = HardPlayer(random.Random(2))
    _reraised(folder, folds=True, times=12)
    for cards, held in (("8s8c", "strong"), ("AcKc", "one pair")):
        view = seat_view(_reraised_pot_turn(cards + "QhJhKs8d4c3hTd"), 0)
        assert strength(view.hole, view.board) == held
        kinds = {folder.decide(view).kind for _ in range(5)}
        assert kinds and kinds <= {ActionKind.BET, ActionKind.ALL_IN}
