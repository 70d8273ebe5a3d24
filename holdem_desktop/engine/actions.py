"""Player actions, the legal actions a seat is offered, and the error for an
action that is not allowed now."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

__all__ = ["Action", "ActionKind", "IllegalAction", "LegalAction"]


class ActionKind(StrEnum):
    """What a player can do on their turn."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"


@dataclass(frozen=True)
class Action:
    """One decision.  ``amount`` is the total the player will have put in this
    betting round after a bet or raise ("raise *to* 120"); it is ignored for
    the other kinds (a call's amount follows from the table, an all-in's from
    the stack)."""

    kind: ActionKind
    amount: int = 0

    @classmethod
    def fold(cls) -> Action:
        """Fold."""
        return cls(ActionKind.FOLD)

    @classmethod
    def check(cls) -> Action:
        """Check."""
        return cls(ActionKind.CHECK)

    @classmethod
    def call(cls) -> Action:
        """Call (what is owed, or all the stack when it does not cover it)."""
        return cls(ActionKind.CALL)

    @classmethod
    def bet(cls, to: int) -> Action:
        """Open the betting round with a bet of ``to``."""
        return cls(ActionKind.BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        """Raise, making the round's total ``to``."""
        return cls(ActionKind.RAISE, to)

    @classmethod
    def all_in(cls) -> Action:
        """Put every chip in (a bet, raise or call as the table decides)."""
        return cls(ActionKind.ALL_IN)

    def to_json(self) -> dict[str, Any]:
        """Plain data for snapshots and the network."""
        return {"kind": self.kind.value, "amount": self.amount}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Inverse of :meth:`to_json`; raises ``ValueError`` on malformed data."""
        if not isinstance(data, dict) or set(data) - {"kind", "amount"}:
            raise ValueError("an action is an object with 'kind' and 'amount'")
        amount = data.get("amount", 0)
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise ValueError("an action's amount is an integer")
        return cls(ActionKind(str(data.get("kind"))), amount)


class LegalAction(NamedTuple):
    """An action the seat to act may take now.

    For BET and RAISE, ``min_amount``/``max_amount`` bound the total "to"
    amount (already rounded to the chip unit; an all-in for less than the
    minimum is offered as ALL_IN).  For CALL both are the chips the call adds;
    for ALL_IN both are the round total after going all-in; for CHECK and
    FOLD both are 0.  (A named tuple: one is built for every decision.)

    ``amounts``: when the variant fixes the bet sizes (``raise_sizes =
    "menu"``), the only "to" amounts a BET or RAISE may take, smallest first
    (``min_amount`` and ``max_amount`` are the first and the last); empty
    when any multiple of the chip unit between the bounds is allowed.
    """

    kind: ActionKind
    min_amount: int = 0
    max_amount: int = 0
    amounts: tuple[int, ...] = ()


class IllegalAction(Exception):
    """An action that is well-formed but not allowed now; the hand is unchanged.

    ``reason`` is machine-readable and ``data`` holds the numbers a sentence
    needs, e.g. ``IllegalAction("check_facing_bet", to_call=40, bettor=2)``.
    Reasons: ``hand_over``, ``not_your_turn`` (to_act), ``check_facing_bet``
    (to_call, bettor), ``nothing_to_call``, ``fold_when_check`` (nothing to
    call), ``bet_facing_bet`` (to_call), ``raise_without_bet``,
    ``amount_below_min`` (amount, min), ``amount_above_max`` (amount, max),
    ``amount_not_multiple`` (amount, unit), ``raise_not_reopened``,
    ``raise_cap_reached`` (cap), ``nobody_to_raise``, ``covered`` (to_call,
    stack), ``no_chips``, ``amount_not_in_menu`` (amount; ``allowed``: the
    sizes the variant allows, a tuple; ``all_in``: the all-in total, or None
    when going all-in is not allowed).
    """

    def __init__(self, reason: str, **data: int | tuple[int, ...] | None) -> None:
        detail = ", ".join(f"{k}={v}" for k, v in data.items())
        super().__init__(f"{reason}" + (f" ({detail})" if detail else ""))
        self.reason = reason
        self.data = data
