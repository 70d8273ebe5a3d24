"""The amount scale (SPEC §5): the bet and raise amounts the amount chooser
steps through — minimum, half pot, three-quarters pot, pot, twice the pot —
each clamped to what is legal and rounded to the chip unit.  For a raise
the fractions are of the pot after the call.  A turn starts at half pot.

Both the table's Decrease/Increase amount and the computer players use
this, so a person and a computer bet the same way; legality still comes
only from the engine's legal actions.  Each step's size comes from
:func:`.sizes.step_amount`, the function the engine itself uses when a
variant fixes the sizes, so the scale's stops are then exactly the amounts
the engine offers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, ActionKind
from .sizes import step_amount
from .views import SeatView

__all__ = ["DEFAULT_STEPS", "STEP_FRACTIONS", "AmountStep", "amount_scale", "start_index"]

DEFAULT_STEPS = ("min", "half_pot", "three_quarters_pot", "pot", "two_pot")
STEP_FRACTIONS = {"half_pot": 0.5, "three_quarters_pot": 0.75, "pot": 1.0, "two_pot": 2.0}
"""Each pot step as a fraction of the pot (for players choosing the nearest step)."""


@dataclass(frozen=True)
class AmountStep:
    """One stop of the scale: the step names that land on it (``RaiseStep``
    values; several when clamping makes them equal), the action it takes, and
    the round total it makes (``to``)."""

    steps: tuple[str, ...]
    kind: ActionKind
    to: int

    @property
    def step(self) -> str:
        """The first step name of this stop."""
        return self.steps[0]

    def action(self) -> Action:
        """The engine action of this stop."""
        if self.kind is ActionKind.ALL_IN:
            return Action.all_in()
        return Action(self.kind, self.to)


def amount_scale(view: SeatView) -> tuple[AmountStep, ...]:
    """The stops of the amount chooser for ``view`` (empty when this seat may
    not bet or raise), smallest first, without repeats.  The steps are the
    view's raise menu, or :data:`DEFAULT_STEPS` when it has none."""
    legal = {a.kind: a for a in view.legal_actions}
    kind = ActionKind.BET if ActionKind.BET in legal else (
        ActionKind.RAISE if ActionKind.RAISE in legal else None)
    all_in = legal.get(ActionKind.ALL_IN)
    steps = view.raise_menu or DEFAULT_STEPS
    out: list[AmountStep] = []
    if kind is None:
        if all_in is not None and ActionKind.CALL not in legal and "all_in" in steps:
            out.append(AmountStep(("all_in",), ActionKind.ALL_IN, all_in.max_amount))
        return tuple(out)
    lo, hi = legal[kind].min_amount, legal[kind].max_amount
    if legal[kind].amounts and all_in is not None:
        # Fixed sizes: a step past the largest one offered is the all-in, as the
        # engine has it (the offer's bounds are its sizes, not the stack).
        hi = all_in.max_amount
    me = view.me
    top = (me.bet if me else 0) + view.to_call
    unit = view.chip_unit
    for step in steps:
        if step == "all_in":
            if all_in is not None:
                out.append(AmountStep((step,), ActionKind.ALL_IN, all_in.max_amount))
            continue
        to = step_amount(step, raising=kind is ActionKind.RAISE, low=lo, high=hi,
                         pot=view.pot, top=top, to_call=view.to_call, unit=unit)
        if all_in is not None and to >= all_in.max_amount:
            out.append(AmountStep((step,), ActionKind.ALL_IN, all_in.max_amount))
        else:
            out.append(AmountStep((step,), kind, to))
    unique: list[AmountStep] = []
    for stop in sorted(out, key=lambda st: st.to):
        if unique and unique[-1].to == stop.to:
            last = unique[-1]
            unique[-1] = AmountStep(last.steps + stop.steps, last.kind, last.to)
        else:
            unique.append(stop)
    return tuple(unique)


def start_index(scale: tuple[AmountStep, ...]) -> int:
    """Where a turn starts on the scale: half pot, or the nearest stop above it."""
    for preferred in ("half_pot", "three_quarters_pot", "pot", "two_pot", "all_in"):
        for k, stop in enumerate(scale):
            if preferred in stop.steps:
                return k
    return 0
