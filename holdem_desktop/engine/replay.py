"""Replaying PHH hand histories through the rules engine, and the command line
``python -m holdem_desktop.engine.phh replay FILE...``.

A PHH hand becomes a :class:`~.hand.HandConfig` (PHH seats are already in
playing order: ``p1`` first after the button; heads-up PHH lists the blinds
as small, big while the button posts the small one, so they are swapped) and
a stacked deck (the hole cards in seat order, then the board, then the
cards nobody saw).  The players' actions are then applied one by one;
dealing and showing follow from them.

:func:`to_phh` goes the other way: a played (or partly played) engine hand
becomes a :class:`~.phh.PhhHand` that :func:`replay` and pokerkit both read.
What PHH has no field for is kept in user-defined fields, which other
readers ignore: :data:`SEATS_FIELD` (the engine's seat ids, in playing
order, when they are not ``0..n-1``), :data:`RAISE_CAP_FIELD` (raises
allowed per round after the opening bet), :data:`CHIP_UNIT_FIELD` (the
smallest chip, when it is not 1) and :data:`RAISE_MENU_FIELD` (the fixed
bet sizes of a variant that allows no others); :func:`hand_config` reads
them back, so a replay refuses an off-menu bet as the game did.
A tournament's hand may carry dead blinds (a small blind owed from a broken
table, paid into the pot, not the bet) and no small blind at all: the dead
blinds are written into ``antes`` (what they are to the pot, so pokerkit
and any other reader count the same chips) and again in
:data:`DEAD_BLINDS_FIELD`, and :data:`NO_SMALL_BLIND_FIELD` marks a lone big
blind, so that our replay deals the very hand again.
Heads-up, PHH (as pokerkit reads it) lists the blinds *and the antes* in the
reverse of playing order, so both are swapped on the way in and out.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence

from .actions import Action, ActionKind, IllegalAction
from .cards import ALL_CARDS, Card
from .events import ActionTaken, BlindPosted, CardsShown, HoleCardsDealt, StreetDealt
from .hand import Hand, HandConfig
from .phh import (
    BETTING_FIELD,
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    PhhAction,
    PhhError,
    PhhHand,
    ShowOrMuck,
    load_path,
)
from .variant import BettingStructure

__all__ = [
    "CHIP_UNIT_FIELD",
    "DEAD_BLINDS_FIELD",
    "NO_SMALL_BLIND_FIELD",
    "RAISE_CAP_FIELD",
    "RAISE_MENU_FIELD",
    "SEATS_FIELD",
    "ReplayError",
    "hand_config",
    "main",
    "phh_actions",
    "phh_from_config",
    "replay",
    "stacked_deck",
    "to_phh",
]

SEATS_FIELD = "_seats"
"""User-defined PHH field: the engine's seat ids in playing order (``p1`` first);
written only when they are not ``0..n-1``."""

RAISE_CAP_FIELD = "_raise_cap"
"""User-defined PHH field: raises allowed per betting round after the opening
bet (the big blind opens pre-flop); written only when the hand has a cap."""

CHIP_UNIT_FIELD = "_chip_unit"
"""User-defined PHH field: the smallest chip (bets are multiples of it, odd
chips of a split pot come in it); written only when it is not 1."""


RAISE_MENU_FIELD = "_raise_menu"
"""User-defined PHH field: the only bet and raise sizes the hand allowed (its
variant's ``raise_menu`` steps: ``"half_pot"``, ``"pot"``, ``"all_in"`` …);
written only when the variant fixes the sizes."""

DEAD_BLINDS_FIELD = "_dead_blinds"
"""User-defined PHH field: the dead blinds by player, in ``antes``' order
(and already counted in ``antes``); written only when a player owes one.
A reader that ignores it sees them as antes: the same chips in the pot,
though the engine posts a dead blind after the live ones, so a stack too
short for both posts differently there."""

NO_SMALL_BLIND_FIELD = "_no_small_blind"
"""User-defined PHH field: ``true`` when nobody posts the small blind (a
tournament's dead button), so the lone blind is the big blind."""

_STEPS = ("min", "half_pot", "three_quarters_pot", "pot", "two_pot", "all_in")


class ReplayError(ValueError):
    """A hand history the engine cannot replay: ``action_index`` (0-based, in
    the file's ``actions``) and a machine-readable ``reason``."""

    def __init__(self, action_index: int | None, reason: str, detail: str = "") -> None:
        where = f"action {action_index}: " if action_index is not None else ""
        super().__init__(f"{where}{reason}" + (f" ({detail})" if detail else ""))
        self.action_index = action_index
        self.reason = reason


def _whole(value: object, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise PhhError("wrong_type", f"{name!r} must be a whole number >= {least}, not {value!r}")
    return value


def _menu_field(extra: Mapping[str, object]) -> tuple[str, ...]:
    """The fixed sizes of :data:`RAISE_MENU_FIELD` (empty: any amount)."""
    raw = extra.get(RAISE_MENU_FIELD)
    if raw is None:
        return ()
    if not isinstance(raw, tuple | list) or not raw or any(
            not isinstance(s, str) or s not in _STEPS for s in raw) or len(set(raw)) != len(raw):
        raise PhhError("wrong_type", f"{RAISE_MENU_FIELD!r} must list distinct steps of "
                                     f"{', '.join(_STEPS)}")
    return tuple(str(s) for s in raw)


def _user_fields(extra: Mapping[str, object], n: int) -> tuple[tuple[int, ...], int | None, int]:
    """Seat ids, raise cap and chip unit from the user-defined fields."""
    seats: tuple[int, ...] = ()
    raw = extra.get(SEATS_FIELD)
    if raw is not None:
        if not isinstance(raw, tuple | list) or len(raw) != n:
            raise PhhError("wrong_type", f"{SEATS_FIELD!r} must list one seat id per player")
        seats = tuple(_whole(s, SEATS_FIELD, 0) for s in raw)
        if len(set(seats)) != n:
            raise PhhError("wrong_type", f"{SEATS_FIELD!r} must not repeat a seat id")
    raw = extra.get(RAISE_CAP_FIELD)
    cap = None if raw is None else _whole(raw, RAISE_CAP_FIELD, 0)
    raw = extra.get(CHIP_UNIT_FIELD)
    unit = 1 if raw is None else _whole(raw, CHIP_UNIT_FIELD, 1)
    return seats, cap, unit


def hand_config(phh: PhhHand) -> HandConfig:
    """The engine's configuration for a PHH hand.

    Heads-up the blinds and antes are swapped into playing order; the
    user-defined fields :data:`SEATS_FIELD`, :data:`RAISE_CAP_FIELD`,
    :data:`CHIP_UNIT_FIELD` and :data:`RAISE_MENU_FIELD` give the seat ids, the
    raise cap (default none), the chip unit (default 1) and the fixed sizes
    (default: any amount).  Raises :class:`~.phh.PhhError` for a
    malformed user-defined field and ``ValueError`` for a setup the engine
    refuses.
    """
    n = phh.player_count
    blinds = tuple(phh.blinds_or_straddles)
    antes = tuple(phh.antes)
    if n == 2:
        blinds = (blinds[1], blinds[0])
        antes = (antes[1], antes[0])
    betting = BettingStructure(phh.betting)
    big_bet = phh.big_bet or 0 if betting is BettingStructure.FIXED_LIMIT else 0
    min_bet = phh.small_bet or phh.min_bet if betting is BettingStructure.FIXED_LIMIT \
        else phh.min_bet
    seats, cap, unit = _user_fields(phh.extra, n)
    menu = _menu_field(phh.extra)
    dead = _dead_field(phh.extra, antes)
    if dead:
        if n == 2:
            dead = (dead[1], dead[0])
        antes = tuple(a - d for a, d in zip(antes, dead, strict=True))
    no_small = phh.extra.get(NO_SMALL_BLIND_FIELD, False)
    if not isinstance(no_small, bool):
        raise PhhError("wrong_type", f"{NO_SMALL_BLIND_FIELD!r} must be true or false")
    return HandConfig(stacks=tuple(phh.starting_stacks), blinds=blinds,
                      antes=antes if any(antes) else (), betting=betting, min_bet=min_bet,
                      big_bet=big_bet, raise_cap=cap, chip_unit=unit, seats=seats,
                      raise_menu=menu, menu_only=bool(menu),
                      dead_blinds=dead if any(dead) else (), no_small_blind=no_small)


def _dead_field(extra: Mapping[str, object], antes: tuple[int, ...]) -> tuple[int, ...]:
    """The dead blinds of :data:`DEAD_BLINDS_FIELD` in the file's order
    (empty: none), each within the player's ``antes`` entry that counts it."""
    raw = extra.get(DEAD_BLINDS_FIELD)
    if raw is None:
        return ()
    if not isinstance(raw, tuple | list) or len(raw) != len(antes):
        raise PhhError("wrong_type", f"{DEAD_BLINDS_FIELD!r} must list one amount per player")
    dead = tuple(_whole(d, DEAD_BLINDS_FIELD, 0) for d in raw)
    if any(d > a for d, a in zip(dead, antes, strict=True)):
        raise PhhError("wrong_type", f"{DEAD_BLINDS_FIELD!r} counts more than 'antes' holds")
    return dead


def stacked_deck(phh: PhhHand) -> list[Card]:
    """Hole cards in seat order, then the board, then every other card; a
    hand nobody saw gets cards nobody else holds."""
    n = phh.player_count
    holes: list[tuple[Card, ...] | None] = [None] * n
    board: list[Card] = []
    for action in phh.actions:
        if isinstance(action, DealHole) and action.cards is not None:
            holes[action.player] = tuple(action.cards)
        elif isinstance(action, DealBoard):
            board.extend(action.cards)
    used = {c for h in holes if h for c in h} | set(board)
    spare = [c for c in ALL_CARDS if c not in used]
    deck: list[Card] = []
    for h in holes:
        if h is None:
            h = (spare.pop(), spare.pop())
        deck.extend(h)
    return deck + board + spare


def _engine_action(hand: Hand, seat: int, act: Fold | CheckOrCall | BetOrRaiseTo) -> Action:
    if isinstance(act, Fold):
        return Action.fold()
    legal = {a.kind: a for a in hand.legal_actions()}
    if isinstance(act, CheckOrCall):
        return Action.check() if ActionKind.CHECK in legal else Action.call()
    all_in = legal.get(ActionKind.ALL_IN)
    if all_in is not None and act.amount == all_in.min_amount:
        return Action.all_in()
    kind = ActionKind.RAISE if hand.max_bet > 0 else ActionKind.BET
    return Action(kind, act.amount)


def replay(phh: PhhHand) -> Hand:
    """Play a PHH hand through the engine; raises :class:`ReplayError`."""
    try:
        hand = Hand(hand_config(phh), stacked_deck(phh))
    except ValueError as exc:
        raise ReplayError(None, "bad_setup", str(exc)) from None
    for index, act in enumerate(phh.actions):
        if isinstance(act, DealHole | ShowOrMuck):
            continue  # dealt from the stacked deck; everyone still in shows
        if isinstance(act, DealBoard):
            if not hand.over and len(hand.board) == 0:
                raise ReplayError(index, "board_too_early")
            continue
        if hand.over:
            raise ReplayError(index, "hand_over")
        seat = hand.seats[act.player]
        if hand.to_act != seat:
            expected = hand.index_of(hand.to_act) + 1 if hand.to_act is not None else 0
            raise ReplayError(index, "not_your_turn",
                              f"p{act.player + 1} acted, p{expected} was to act")
        try:
            hand.apply(seat, _engine_action(hand, seat, act))
        except IllegalAction as exc:
            raise ReplayError(index, exc.reason, str(exc)) from None
    if not hand.over:
        raise ReplayError(None, "unfinished")
    return hand


def phh_actions(events: Sequence[object], order: Sequence[int]) -> list[PhhAction]:
    """The PHH actions of a hand's ``events`` (see :func:`to_phh`); ``order``
    is the hand's seats in playing order.  A hole-card event without cards
    (another seat's, as one seat sees the hand) is written as unknown cards."""
    where = {seat: i for i, seat in enumerate(order)}
    bets = [0] * len(order)  # this betting round's totals, by playing-order index
    out: list[PhhAction] = []
    for event in events:
        if isinstance(event, HoleCardsDealt):
            out.append(DealHole(where[event.seat], event.cards or None))
        elif isinstance(event, BlindPosted):
            bets[where[event.seat]] += event.amount
        elif isinstance(event, ActionTaken):
            i = where[event.seat]
            if event.kind is ActionKind.FOLD:
                out.append(Fold(i))
                continue
            top = max(bets)
            bets[i] += event.added
            if bets[i] > top:  # a bet or raise, all-in or not
                out.append(BetOrRaiseTo(i, bets[i]))
            else:  # a check or call, all-in for the call or less
                out.append(CheckOrCall(i))
        elif isinstance(event, StreetDealt):
            bets = [0] * len(order)
            out.append(DealBoard(event.cards))
        elif isinstance(event, CardsShown):
            out.append(ShowOrMuck(where[event.seat], event.cards))
    return out


def to_phh(
    hand: Hand,
    *,
    players: Sequence[str] | None = None,
    hand_number: int | None = None,
    table: str | None = None,
) -> PhhHand:
    """A hand as PHH: :func:`replay` of the result plays the same hand again.

    ``pN`` is the player at playing-order index ``N-1`` (``p1`` first after
    the button, the last one on the button).  The variant is ``'FT'`` for
    fixed-limit and ``'NT'`` otherwise, pot-limit marked with
    ``_betting = 'pot-limit'``; ``min_bet`` (and for ``'FT'`` ``small_bet``
    and ``big_bet``) are the sizes the hand used, defaults resolved.  The
    actions are the hole cards dealt (``d dh``), the players' actions
    (``f``; ``cc`` for a check or a call, all-in or not; ``cbr TOTAL`` for a
    bet or raise, all-in or not), each street dealt (``d db``) and each
    show (``sm``), in the order they happened, so in an all-in run-out the
    hands are shown before the rest of the board, where pokerkit expects
    them.  ``finishing_stacks`` is written once the hand is over; an
    unfinished hand gives the actions so far.  ``players`` are the names in
    playing order, ``hand_number`` and ``table`` the PHH ``hand`` and
    ``table`` fields.  Seat ids, a raise cap and a chip unit go in the
    user-defined fields described in the module docstring.
    """
    return phh_from_config(hand.config, phh_actions(hand.events, hand.seats),
                           finishing_stacks=tuple(hand.stacks) if hand.over else None,
                           players=players, hand_number=hand_number, table=table)


def phh_from_config(
    cfg: HandConfig,
    actions: Sequence[PhhAction],
    *,
    finishing_stacks: Sequence[int] | None = None,
    players: Sequence[str] | None = None,
    hand_number: int | None = None,
    table: str | None = None,
) -> PhhHand:
    """A PHH hand of configuration ``cfg`` with these ``actions`` (from
    :func:`phh_actions`): what :func:`to_phh` writes, for a hand known only by
    its events (as one seat of a room sees it)."""
    n = len(cfg.stacks)
    blinds = tuple(cfg.blinds)
    dead = tuple(cfg.dead_blinds) or (0,) * n
    antes = tuple(a + d for a, d in zip(tuple(cfg.antes) or (0,) * n, dead, strict=True))
    if n == 2:  # PHH lists heads-up blinds and antes small blind (the button) first
        blinds = (blinds[1], blinds[0])
        antes = (antes[1], antes[0])
        dead = (dead[1], dead[0])
    extra: dict[str, object] = {}
    if any(dead):
        extra[DEAD_BLINDS_FIELD] = dead
    if cfg.no_small_blind:
        extra[NO_SMALL_BLIND_FIELD] = True
    fixed = cfg.betting is BettingStructure.FIXED_LIMIT
    if cfg.betting is BettingStructure.POT_LIMIT:
        extra[BETTING_FIELD] = BettingStructure.POT_LIMIT.value
    if cfg.seat_ids != tuple(range(n)):
        extra[SEATS_FIELD] = cfg.seat_ids
    if cfg.raise_cap is not None:
        extra[RAISE_CAP_FIELD] = cfg.raise_cap
    if cfg.chip_unit != 1:
        extra[CHIP_UNIT_FIELD] = cfg.chip_unit
    if cfg.menu_only:
        extra[RAISE_MENU_FIELD] = tuple(cfg.raise_menu)
    return PhhHand(
        variant="FT" if fixed else "NT",
        antes=antes,
        blinds_or_straddles=blinds,
        min_bet=cfg.smallest_bet,
        starting_stacks=tuple(cfg.stacks),
        actions=tuple(actions),
        small_bet=cfg.smallest_bet if fixed else None,
        big_bet=cfg.fixed_big_bet if fixed else None,
        finishing_stacks=None if finishing_stacks is None else tuple(finishing_stacks),
        players=None if players is None else tuple(players),
        hand=hand_number,
        table=table,
        extra=extra,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``replay FILE...``: one JSON object per hand on standard output; exit
    status 2 and one line on standard error for a bad file or action."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] != "replay":
        print("usage: python -m holdem_desktop.engine.phh replay FILE...", file=sys.stderr)
        return 2
    for path in args[1:]:
        try:
            hands = load_path(path)
        except PhhError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        for name, phh in hands:
            try:
                hand = replay(phh)
            except ReplayError as exc:
                print(f"{path}: hand {name}: {exc}", file=sys.stderr)
                return 2
            print(json.dumps({"file": path, "hand": name,
                              "finishing_stacks": list(hand.stacks)}))
    return 0
