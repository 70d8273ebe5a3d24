"""The size of one amount step (SPEC §5): minimum, half pot, three-quarters
pot, pot, twice the pot — the round total it makes, clamped to what is legal
and rounded to the chip unit.  For a raise the fraction is of the pot after
the call, added on top of the call.

One function for both users: the engine, which offers exactly these sizes
when a variant fixes them (``raise_sizes = "menu"``), and the amount scale
the table and the computer players step through, so the two always agree.
Integer arithmetic only: a half chip rounds up, as the scale always did.
"""

from __future__ import annotations

__all__ = ["STEP_FRACTIONS", "step_amount"]

STEP_FRACTIONS: dict[str, tuple[int, int]] = {
    "half_pot": (1, 2), "three_quarters_pot": (3, 4), "pot": (1, 1), "two_pot": (2, 1)}
"""Each pot step as a fraction (numerator, denominator) of the pot."""


def step_amount(step: str, *, raising: bool, low: int, high: int, pot: int, top: int,
                to_call: int, unit: int) -> int:
    """The round total of ``step`` (``"min"`` or a key of :data:`STEP_FRACTIONS`;
    not ``"all_in"``): ``low``/``high`` bound the legal bet or raise, ``pot`` is
    every chip put in so far (this round's bets included), ``top`` the highest
    bet of the round and ``to_call`` what the player must add to call."""
    if step == "min":
        return low
    num, den = STEP_FRACTIONS[step]
    base = pot + to_call if raising else pot
    over = top if raising else 0
    # round((base * num / den + over) / unit) half up, in whole numbers
    to = (2 * (base * num + over * den) + den * unit) // (2 * den * unit) * unit
    return low if to < low else high if to > high else to
