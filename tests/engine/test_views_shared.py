"""The parts every view of one state of a hand shares (issue 38): built once
per state and kept on the hand, a view is still equal, field by field, to
one built from nothing, for every seat and a spectator, at every step of
random hands (shows after the end included); and views of one state share
their players and history tuples, so the encoder writes them once."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.actions import IllegalAction
from holdem_desktop.engine.events import CardsShown, Event, HoleCardsDealt
from holdem_desktop.engine.hand import Hand
from holdem_desktop.engine.views import PlayerView, SeatView, hidden_cards, seat_view
from holdem_desktop.net.wire import to_json

from .hand_helpers import random_action, random_config


def fresh_view(hand: Hand, seat: int | None) -> SeatView:
    """A view built from nothing, as :func:`seat_view` was before it kept
    anything (the reference)."""
    shown = {e.seat: e.cards for e in hand.events if isinstance(e, CardsShown)}
    players = tuple(
        PlayerView(seat=s, stack=hand.stacks[i], bet=hand.bets[i], in_pot=hand.contributed[i],
                   folded=hand.folded[i], all_in=hand.stacks[i] == 0 and not hand.folded[i],
                   shown=shown.get(s, ()))
        for i, s in enumerate(hand.seats))
    mine = seat is not None and hand.to_act == seat
    in_hand = seat is not None and hand.in_hand(seat) and not hand.over
    cfg = hand.config

    def censor(e: Event) -> Event:
        if isinstance(e, HoleCardsDealt) and e.seat != seat:
            return hidden_cards(e.seat)
        return e

    return SeatView(
        seat=seat, hole=tuple(hand.hole[hand.index_of(seat)]) if seat is not None else (),
        board=tuple(hand.board), street=hand.street, players=players, button=hand.seats[-1],
        to_act=hand.to_act, pot=hand.pot_total if not hand.over else 0,
        pots=tuple(hand.gathered_pots()),
        to_call=hand.to_call(seat) if in_hand and seat is not None else 0,
        legal_actions=hand.legal_actions() if mine else (), min_bet=hand.street_min_bet(),
        big_blind=max(cfg.blinds) if any(cfg.blinds) else cfg.smallest_bet,
        chip_unit=cfg.chip_unit, betting=cfg.betting, raise_cap=cfg.raise_cap,
        raise_menu=cfg.raise_menu, history=tuple(censor(e) for e in hand.events),
        over=hand.over)


def same(a: SeatView, b: SeatView) -> None:
    for f in dataclasses.fields(SeatView):
        assert getattr(a, f.name) == getattr(b, f.name), f.name
    assert a == b
    assert to_json(a) == to_json(b)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_views_equal_views_built_from_nothing(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand(random_config(rng), rng.sample(range(52), 52))
    everyone: list[int | None] = [*hand.seats, None]
    while True:
        # in a random order, some seats asked twice, some not at all (a room
        # asks for its members, the computers for the seat to act)
        for seat in rng.sample(everyone, rng.randint(1, len(everyone))) * rng.randint(1, 2):
            same(seat_view(hand, seat), fresh_view(hand, seat))
        if hand.over:
            break
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, random_action(hand.legal_actions(), rng, aggression=0.4))
    for seat in rng.sample(hand.seats, len(hand.seats)):  # shows after the end
        try:
            hand.show(seat)
        except IllegalAction:
            continue
        for who in everyone:
            same(seat_view(hand, who), fresh_view(hand, who))


def test_views_of_one_state_share_their_public_parts() -> None:
    rng = random.Random(7)
    hand = Hand(random_config(rng, players=6), rng.sample(range(52), 52))
    a, b = seat_view(hand, hand.seats[0]), seat_view(hand, hand.seats[1])
    assert a.players is b.players and a.board is b.board
    assert seat_view(hand, hand.seats[0]).history is a.history  # asked again: the same
    seat = hand.to_act
    assert seat is not None
    hand.apply(seat, random_action(hand.legal_actions(), rng))
    c = seat_view(hand, hand.seats[0])
    assert c.players is not a.players and len(c.history) > len(a.history)
    assert c.history[:len(a.history)] == a.history


def test_a_seat_asking_again_in_one_state_gets_the_same_view() -> None:
    """A room sends a member's table more than once while the hand waits
    (Next hand pressed, someone coming and going), and every member out of
    the hand sees the spectator's view: one state's view of one seat is
    built once.  An action and a show after the end are new states."""
    rng = random.Random(25)
    hand = Hand(random_config(rng, players=6), rng.sample(range(52), 52))
    first, watcher = seat_view(hand, hand.seats[0]), seat_view(hand, None)
    assert seat_view(hand, hand.seats[0]) is first and seat_view(hand, None) is watcher
    assert seat_view(hand, hand.seats[1]) is not first
    try:
        seat_view(hand, 99)
    except KeyError:
        pass
    else:
        raise AssertionError("a seat not in the hand has no view")
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        before = seat_view(hand, seat)
        hand.apply(seat, random_action(hand.legal_actions(), rng, aggression=0.3))
        after = seat_view(hand, seat)
        assert after is not before and len(after.history) > len(before.history)
        assert after.history[:len(before.history)] == before.history
        same(after, fresh_view(hand, seat))
    hidden = [s for s in hand.seats
              if not any(isinstance(e, CardsShown) and e.seat == s for e in hand.events)]
    assert hidden  # (seed 25: four fold, and may show afterwards)
    shown = hidden[0]
    before = seat_view(hand, None)
    hand.show(shown)
    after = seat_view(hand, None)
    assert after is not before and after.player(shown).shown
    same(after, fresh_view(hand, None))


def numbers(p: PlayerView) -> tuple[object, ...]:
    return dataclasses.astuple(p)


def test_the_next_state_keeps_the_players_and_pots_an_action_left_as_they_were() -> None:
    """After an action, a player whose numbers did not change is the very
    object of the state before (its text is kept by identity: the encoder
    does not write it again), and so are the pots (as gathered) while the
    street is the same and nobody folded; a player or pot that changed is a
    new object."""
    kept = new = pots_kept = 0
    for seed in range(40):
        rng = random.Random(seed)
        hand = Hand(random_config(rng, players=6), rng.sample(range(52), 52))
        seat = hand.seats[0]
        before = seat_view(hand, seat)
        while not hand.over:
            actor = hand.to_act
            assert actor is not None
            hand.apply(actor, random_action(hand.legal_actions(), rng, aggression=0.3))
            after = seat_view(hand, seat)
            for p, q in zip(before.players, after.players, strict=True):
                assert (p is q) == (numbers(p) == numbers(q)), (seed, p, q)
                kept += p is q
                new += p is not q
            moved = [p.folded != q.folded
                     for p, q in zip(before.players, after.players, strict=True)]
            if (not hand.over and before.pots and not any(moved)
                    and after.street == before.street):
                assert after.pots is before.pots
                pots_kept += 1
            elif after.pots != before.pots:
                assert after.pots is not before.pots
            before = after
    assert kept > 2 * new > 0 and pots_kept > 0, (kept, new, pots_kept)
