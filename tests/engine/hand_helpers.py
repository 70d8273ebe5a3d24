"""Shared helpers for hand tests: stacked decks and random legal play."""

from __future__ import annotations

import random

from holdem_desktop.engine.actions import Action, ActionKind, LegalAction
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.hand import Hand, HandConfig


def stacked_deck(holes: list[str], board: str = "") -> list[int]:
    """Deck that deals ``holes`` (two cards each, playing order) then ``board``;
    the rest of the deck follows in order."""
    chosen = [c for h in holes for c in parse_cards(h)] + list(parse_cards(board))
    rest = [c for c in range(52) if c not in chosen]
    return chosen + rest


def random_action(legal: tuple[LegalAction, ...], rng: random.Random,
                  aggression: float = 0.35, unit: int = 1) -> Action:
    """A random legal action, with a taste for raising and going all-in."""
    kinds = {a.kind: a for a in legal}
    roll = rng.random()
    if ActionKind.ALL_IN in kinds and roll < aggression / 3:
        return Action.all_in()
    for k in (ActionKind.BET, ActionKind.RAISE):
        if k in kinds and roll < aggression:
            a = kinds[k]
            steps = (a.max_amount - a.min_amount) // unit
            amount = rng.choice([a.min_amount, a.max_amount,
                                 a.min_amount + unit * rng.randint(0, steps)])
            return Action(k, amount)
    if ActionKind.FOLD in kinds and roll > 0.85:
        return Action.fold()
    if ActionKind.CALL in kinds:
        return Action.call()
    return Action.check()


def play_randomly(hand: Hand, rng: random.Random) -> list[tuple[int, Action]]:
    """Play the hand to the end with random legal actions."""
    taken = []
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        action = random_action(hand.legal_actions(), rng)
        hand.apply(seat, action)
        taken.append((seat, action))
    return taken


def dealt_randomly(cfg: HandConfig, rng: random.Random, aggression: float = 0.45,
                   unit: int = 1) -> Hand:
    """A hand of ``cfg`` from a shuffled deck, played to the end with random
    legal actions of that ``aggression``."""
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand(cfg, deck)
    while not hand.over:
        seat = hand.to_act
        assert seat is not None
        hand.apply(seat, random_action(hand.legal_actions(), rng, aggression=aggression,
                                       unit=unit))
    return hand


def random_config(rng: random.Random, players: int | None = None, unit: int = 1) -> HandConfig:
    """Uneven stacks (some shorter than a blind), blinds, sometimes antes."""
    n = players or rng.randint(2, 10)
    bb = unit * rng.choice([2, 4, 10, 20])
    sb = bb // 2
    stacks = tuple(unit * rng.choice([rng.randint(1, 3), rng.randint(5, 60),
                                      rng.randint(50, 400)]) for _ in range(n))
    blinds = (bb, sb) if n == 2 else (sb, bb) + (0,) * (n - 2)
    antes = tuple([unit * rng.randint(0, 2)] * n) if rng.random() < 0.3 else ()
    return HandConfig(stacks=stacks, blinds=blinds, antes=antes, min_bet=bb, chip_unit=unit)
