"""What is wrong with a variant file, in a sentence in the player's language.

The engine's :class:`~holdem_desktop.engine.variant.VariantError` carries the
file, the dotted key, a problem code and its numbers; this says them:
"deep.toml, at blinds.levels[2][0]: 35 is not a multiple of the chip unit 10."
Keys and values stay as written in the file, since that is where the player
will look for them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from holdem_desktop.engine.variant import VariantError

from .translate import _

__all__ = ["variant_problem"]


def _type_name(kind: object) -> str:
    return {
        "boolean": _("true or false"), "integer": _("a whole number"),
        "float": _("a decimal number"), "string": _("text in quotes"),
        "array": _("a list in brackets"),
        "table": _("a group of settings"),
        "integer_or_none": _('a whole number or "none"'), "date_time": _("a date or time"),
    }.get(str(kind), str(kind))


def _unreadable(d: dict[str, object]) -> str:
    if d.get("reason") == "too_large":
        return _("the file is too large to be a variant.")
    if d.get("reason") == "not_utf8":
        return _("the file is not UTF-8 text.")
    return _("the file cannot be read ({reason}).").format(reason=d.get("reason", "?"))


def _listed(value: object) -> str:
    items = value if isinstance(value, list) else []
    return ", ".join(f'"{a}"' for a in items)


def _unknown(d: dict[str, object], sentence: str) -> str:
    hint = d.get("suggestion")
    if hint:
        return _("{problem} Did you mean {suggestion}?").format(problem=sentence,
                                                               suggestion=hint)
    return sentence


_PROBLEMS: dict[str, Callable[[dict[str, object]], str]] = {
    "unreadable": _unreadable,
    "toml_syntax": lambda d: _(
        "the file is not valid TOML (line {line}, column {column}).").format(
        line=d.get("line", "?"), column=d.get("column", "?")),
    "missing": lambda d: _("this key is required but missing."),
    "unknown_key": lambda d: _unknown(d, _("this key is not one the game knows.")),
    "wrong_type": lambda d: _("it should be {expected}, not {found}.").format(
        expected=_type_name(d.get("expected")), found=_type_name(d.get("found"))),
    "unknown_value": lambda d: _unknown(d, _('"{value}" is not one of {allowed}.').format(
        value=d.get("value", "?"),
        allowed=_listed(d.get("allowed")))),
    "empty": lambda d: _("it is empty."),
    "wrong_length": lambda d: _("it has {found} entries; {expected} are needed.").format(
        found=d.get("found", "?"), expected=d.get("expected", d.get("expected_min", "?"))),
    "duplicate": lambda d: _('"{value}" is listed twice.').format(value=d.get("value", "?")),
    "not_positive": lambda d: _("{value} must be more than 0.").format(
        value=d.get("value", "?")),
    "negative": lambda d: _("{value} must not be negative.").format(value=d.get("value", "?")),
    "out_of_range": lambda d: _("{value} is outside the range {low} to {high}.").format(
        value=d.get("value", "?"), low=d.get("min", "?"), high=d.get("max", "?")),
    "min_above_max": lambda d: _("the minimum {low} is above the maximum {high}.").format(
        low=d.get("min", "?"), high=d.get("max", "?")),
    "not_multiple_of_chip_unit": lambda d: _(
        "{value} is not a multiple of the chip unit {unit}.").format(
        value=d.get("value", "?"), unit=d.get("chip_unit", "?")),
    "small_above_big": lambda d: _(
        "the small blind {small} is above the big blind {big}.").format(
        small=d.get("small", "?"), big=d.get("big", "?")),
    "not_increasing": lambda d: _("{value} comes after the larger {previous}.").format(
        value=d.get("value", "?"), previous=d.get("previous", "?")),
    "unreachable_levels": lambda d: _(
        "there are several blind levels but neither hands_per_level nor minutes_per_level, "
        "so the blinds would never go up."),
}


def variant_problem(error: VariantError) -> str:
    """One sentence naming the file, the key (when there is one) and the problem."""
    name = Path(error.path).name or error.path
    say = _PROBLEMS.get(error.problem)
    problem = say(error.details) if say is not None else error.reason + "."
    if error.problem == "wrong_type" and error.details.get("expected") == "table" and error.key:
        # TOML calls it a table; a player knows the settings it groups
        problem = _("{key} holds settings of its own: write them as {key} = {{ … }}, or "
                    "under a line [{key}]; here it is {found}.").format(
            key=error.key, found=_type_name(error.details.get("found")))
    if error.key:
        return _("{file}, at {key}: {problem}").format(file=name, key=error.key,
                                                         problem=problem)
    return _("{file}: {problem}").format(file=name, problem=problem)
