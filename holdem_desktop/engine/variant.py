"""Variants as data: the rules a game is played with, read from a TOML file.

The engine plays whatever a :class:`Variant` says; the How to play tab is
built from the same object, and a player can copy a shipped file, edit it
and load it with :func:`load_variant`.  The shipped files live in
``holdem_desktop/variants/`` (:func:`shipped_variants`).

File format (every key is checked; unknown keys are refused so that typos
are caught)::

    name = "Tournament"                # required, non-empty
    players = { min = 2, max = 10 }    # required, 2 <= min <= max <= 10
    starting_stack = 1500              # required, a positive multiple of chip_unit
    chip_unit = 10                     # required, every amount is a multiple of it
    betting = "no-limit"               # required: "no-limit" | "pot-limit" | "fixed-limit"
    raise_cap = "none"                 # optional (default "none"): "none" or the number
                                       # of raises allowed per round after the opening bet
    raise_menu = ["min", "half_pot", "three_quarters_pot", "pot", "two_pot"]
                                       # required, non-empty, smallest step first; steps:
                                       # min, half_pot, three_quarters_pot, pot, two_pot, all_in
    raise_sizes = "any"                # optional (default "any"): "any" (every legal amount;
                                       # the menu is the chooser's steps) | "menu" (bets and
                                       # raises are exactly the menu's sizes; all-in always)

    [blinds]                           # required
    levels = [[10, 20], [20, 40]]      # required: per level the forced bets in order,
                                       # small blind, big blind, then any straddles
    antes = [0, 0]                     # optional, one per level, default all 0
    hands_per_level = 10               # optional: a new level every N hands
    minutes_per_level = 15             # optional: a new level every T minutes
    after_last_level = "double"        # required: "double" (each further level doubles
                                       # blinds and ante) | "hold" (stay on the last level)

    [end]                              # optional; the game always ends when one
    hands = 10                         # player holds every chip; it also ends after
    minutes = 60                       # this many hands and/or minutes when given

Rules checked besides types: blinds, antes and the starting stack are
multiples of ``chip_unit``; blinds and the stack are positive and antes not
negative; within a level no forced bet is smaller than the one before it
(the small blind is not above the big blind); no level's small or big blind
is below the previous level's; more than one level needs
``hands_per_level`` or ``minutes_per_level``; a raise menu lists each step
once, smallest first.  Integers must be TOML integers: ``true`` is not 1 and
``10.0`` is not 10.

The engine never produces user-facing text: a :class:`VariantError` carries
the file, the dotted key, a machine-readable ``problem`` code and the
numbers in ``details``, so the interface can say it in the player's
language; ``str(error)`` is a one-sentence English message for developers.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path

from .phh import toml_value

__all__ = [
    "AFTER_LAST_DOUBLE",
    "AFTER_LAST_HOLD",
    "DEFAULT_VARIANT",
    "LEVEL_HANDS_RANGE",
    "LEVEL_MINUTES_RANGE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PROBLEMS",
    "RAISE_SIZES_ANY",
    "RAISE_SIZES_MENU",
    "STACK_BIG_BLINDS",
    "BettingStructure",
    "BlindLevel",
    "BlindSchedule",
    "EndCondition",
    "RaiseStep",
    "Variant",
    "VariantError",
    "adjust_variant",
    "blinds_go_up",
    "dump_variant",
    "load_variant",
    "parse_variant",
    "shipped_variant",
    "shipped_variants",
    "stack_range",
    "variant_data",
    "variant_from_data",
]

MIN_PLAYERS = 2
"""Fewest seats a variant may ask for."""

MAX_PLAYERS = 10
"""Most seats a variant may ask for."""

DEFAULT_VARIANT = "tournament"
"""Key of the variant played when nothing else is chosen."""

AFTER_LAST_DOUBLE = "double"
"""``BlindSchedule.after_last``: every level past the list doubles the one before."""

AFTER_LAST_HOLD = "hold"
"""``BlindSchedule.after_last``: the last level stays for the rest of the game."""

RAISE_SIZES_ANY = "any"
"""``raise_sizes``: any legal amount may be bet; the menu is the chooser's steps."""

RAISE_SIZES_MENU = "menu"
"""``raise_sizes``: bets and raises are exactly the menu's sizes (and all-in)."""

PROBLEMS = (
    "unreadable",
    "toml_syntax",
    "missing",
    "unknown_key",
    "wrong_type",
    "unknown_value",
    "empty",
    "wrong_length",
    "duplicate",
    "not_positive",
    "negative",
    "out_of_range",
    "min_above_max",
    "not_multiple_of_chip_unit",
    "small_above_big",
    "not_increasing",
    "unreachable_levels",
)
"""Every ``VariantError.problem`` code :func:`parse_variant` and :func:`load_variant` use."""


class BettingStructure(StrEnum):
    """How much a player may bet or raise."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class RaiseStep(StrEnum):
    """One step of the amount chooser, in increasing size (the declaration order).

    The fractions are of the pot, for a raise of the pot after the call;
    every step is clamped to what is legal and rounded to the chip unit.
    """

    MIN = "min"
    HALF_POT = "half_pot"
    THREE_QUARTERS_POT = "three_quarters_pot"
    POT = "pot"
    TWO_POT = "two_pot"
    ALL_IN = "all_in"


@dataclass(frozen=True)
class BlindLevel:
    """The forced bets of one level: ``blinds`` in posting order (small blind,
    big blind, then any straddles) and an ``ante`` paid by every player."""

    blinds: tuple[int, ...]
    ante: int = 0

    def __post_init__(self) -> None:
        if len(self.blinds) < 2:
            raise ValueError(f"a blind level needs a small and a big blind, got {self.blinds!r}")

    @property
    def small(self) -> int:
        """The small blind."""
        return self.blinds[0]

    @property
    def big(self) -> int:
        """The big blind."""
        return self.blinds[1]

    @property
    def straddles(self) -> tuple[int, ...]:
        """Forced bets after the big blind, usually none."""
        return self.blinds[2:]

    def scaled(self, factor: int) -> BlindLevel:
        """This level with every blind and the ante multiplied by ``factor``."""
        return BlindLevel(tuple(b * factor for b in self.blinds), self.ante * factor)


@dataclass(frozen=True)
class BlindSchedule:
    """How the blinds go up during a game.

    Levels are counted on two clocks from the start of the game, hands
    played and minutes played; whichever clock is set and further along
    decides the level.  With neither clock set the first level lasts for
    the whole game.  Past the last listed level the schedule either doubles
    (``after_last == "double"``) or holds (``"hold"``).
    """

    levels: tuple[BlindLevel, ...]
    hands_per_level: int | None = None
    minutes_per_level: int | None = None
    after_last: str = AFTER_LAST_HOLD

    def __post_init__(self) -> None:
        if not self.levels:
            raise ValueError("a blind schedule needs at least one level")
        if self.after_last not in (AFTER_LAST_DOUBLE, AFTER_LAST_HOLD):
            raise ValueError(f"after_last must be 'double' or 'hold', got {self.after_last!r}")
        for name, length in (("hands_per_level", self.hands_per_level),
                             ("minutes_per_level", self.minutes_per_level)):
            if length is not None and length <= 0:
                raise ValueError(f"{name} must be positive, got {length}")

    def level_index(self, hands_played: int, minutes_played: float = 0.0) -> int:
        """The 0-based level in force after ``hands_played`` hands and ``minutes_played``
        minutes; past the list when the schedule doubles, never past it when it holds.

        A new level starts as soon as either set limit is reached: with 10 hands per
        level, hands 0–9 are level 0 and hand 10 starts level 1.
        """
        if hands_played < 0:
            raise ValueError(f"hands_played must not be negative, got {hands_played}")
        if not (math.isfinite(minutes_played) and minutes_played >= 0):
            raise ValueError(f"minutes_played must be finite and >= 0, got {minutes_played}")
        index = 0
        if self.hands_per_level is not None:
            index = max(index, hands_played // self.hands_per_level)
        if self.minutes_per_level is not None:
            index = max(index, int(minutes_played // self.minutes_per_level))
        if self.after_last == AFTER_LAST_HOLD:
            index = min(index, len(self.levels) - 1)
        return index

    def level(self, index: int) -> BlindLevel:
        """The blinds and ante of level ``index`` (0-based).

        Past the listed levels: held at the last one, or doubled once more for
        each extra index (last level 500/1000: index+1 is 1000/2000, index+2
        2000/4000).
        """
        if index < 0:
            raise ValueError(f"level index must not be negative, got {index}")
        last = len(self.levels) - 1
        if index <= last:
            return self.levels[index]
        if self.after_last == AFTER_LAST_HOLD:
            return self.levels[last]
        return self.levels[last].scaled(2 ** (index - last))

    def hands_until_next_level(self, hands_played: int, minutes_played: float = 0.0) -> int | None:
        """How many more hands until the blinds go up by the hands clock: 10 after
        0 hands with 10 hands per level, 1 after 9.

        ``None`` when levels do not go up by hands, or no longer go up at all
        (the last level of a holding schedule).  Pass ``minutes_played`` when
        levels also go up by time, so that a level reached early by the clock
        is taken into account.
        """
        if self.hands_per_level is None:
            return None
        current = self.level_index(hands_played, minutes_played)
        if self.after_last == AFTER_LAST_HOLD and current >= len(self.levels) - 1:
            return None
        return (current + 1) * self.hands_per_level - hands_played


@dataclass(frozen=True)
class EndCondition:
    """When a game ends besides one player holding every chip, which always ends it:
    after ``hands`` hands and/or after ``minutes`` minutes (``None`` = no such limit)."""

    hands: int | None = None
    minutes: int | None = None

    @property
    def last_player_standing(self) -> bool:
        """True when only busting everyone else ends the game."""
        return self.hands is None and self.minutes is None

    def is_reached(self, hands_played: int, minutes_played: float = 0.0) -> bool:
        """Whether the hand or time limit is reached after ``hands_played`` hands and
        ``minutes_played`` minutes (never true without limits)."""
        return ((self.hands is not None and hands_played >= self.hands)
                or (self.minutes is not None and minutes_played >= self.minutes))


@dataclass(frozen=True)
class Variant:
    """Everything that distinguishes one way of playing from another.

    ``key`` is the file stem (``"tournament"``) and identifies the variant;
    ``name`` is the name written in the file.  ``raise_cap`` is the number
    of raises allowed per betting round after the opening bet (fixed-limit
    3 = "one bet and at most three raises"), ``None`` for unlimited.
    ``raise_menu`` lists the amount chooser's steps, smallest first; with
    ``menu_only`` (``raise_sizes = "menu"`` in the file) bets and raises are
    exactly those sizes, and the engine refuses any other amount (all-in is
    always allowed).  ``source`` is the file the variant was read from, if any.
    """

    key: str
    name: str
    min_players: int
    max_players: int
    starting_stack: int
    chip_unit: int
    schedule: BlindSchedule
    betting: BettingStructure
    raise_cap: int | None
    raise_menu: tuple[RaiseStep, ...]
    end: EndCondition
    source: Path | None = None
    menu_only: bool = False


class VariantError(ValueError):
    """A variant file that cannot be used.

    ``path`` is the file as given, ``key`` the dotted key path of the
    offending value (``"blinds.levels[2][0]"``; ``""`` for the whole file),
    ``problem`` one of :data:`PROBLEMS`, and ``details`` the values a
    sentence about it needs (``{"value": 35, "chip_unit": 10}``).
    ``str(error)`` is one English sentence for developers, e.g.
    ``"tournament.toml: blinds.levels[2][0]: 35 is not a multiple of the chip unit 10"``.
    """

    def __init__(self, path: str, key: str, problem: str, reason: str,
                 details: Mapping[str, object] | None = None) -> None:
        name = Path(path).name or path
        super().__init__(f"{name}: {key}: {reason}" if key else f"{name}: {reason}")
        self.path = path
        self.key = key
        self.problem = problem
        self.reason = reason
        self.details: dict[str, object] = dict(details or {})

    def __reduce__(self) -> tuple[type[VariantError],
                                  tuple[str, str, str, str, dict[str, object]]]:
        return (type(self), (self.path, self.key, self.problem, self.reason, self.details))


# --------------------------------------------------------------------------- reading


def load_variant(path: str | Path) -> Variant:
    """Read and check the variant file at ``path``; its stem becomes the key.

    Raises :class:`VariantError` (problem ``"unreadable"`` when the file
    cannot be read or is not UTF-8, otherwise as :func:`parse_variant`).
    """
    where = str(path)
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise VariantError(where, "", "unreadable", f"cannot be read ({reason})",
                           {"reason": reason}) from exc
    except UnicodeDecodeError as exc:
        raise VariantError(where, "", "unreadable",
                           f"is not UTF-8 text (bad byte at offset {exc.start})",
                           {"reason": "not_utf8", "offset": exc.start}) from exc
    return dataclasses.replace(parse_variant(text, path), source=Path(path))


def parse_variant(text: str, path: str | Path = "<string>") -> Variant:
    """Check the variant given as TOML ``text``; ``path`` names it in errors and its
    stem becomes the key.  The result's ``source`` is ``None``.

    Raises :class:`VariantError` for anything wrong, the first problem found.
    """
    where = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _syntax_error(where, exc) from exc
    return _Reader(where).variant(data, Path(where).stem)


def variant_from_data(data: Mapping[str, object], path: str | Path = "<data>") -> Variant:
    """Check a variant given as the plain data of a parsed TOML document (lists
    for arrays, dicts for tables), exactly as :func:`parse_variant` checks a
    file; ``path`` names it in errors and its stem becomes the key."""
    where = str(path)
    return _Reader(where).variant(dict(data), Path(where).stem)


_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def _syntax_error(where: str, exc: tomllib.TOMLDecodeError) -> VariantError:
    message = str(exc)
    match = _WHERE.search(message)
    details: dict[str, object] = {}
    if match:
        message = message[:match.start()]
        details = {"line": int(match.group(1)), "column": int(match.group(2))}
    details["reason"] = message
    at = f" at line {details['line']}, column {details['column']}" if match else ""
    return VariantError(where, "", "toml_syntax", f"invalid TOML{at}: {message}", details)


_TOML_TYPES: tuple[tuple[type, str], ...] = (
    (bool, "boolean"), (int, "integer"), (float, "float"), (str, "string"),
    (list, "array"), (dict, "table"),
)
_ARTICLE = {"boolean": "a boolean", "integer": "an integer", "float": "a float",
            "string": "a string", "array": "an array", "table": "a table",
            "integer_or_none": 'an integer or "none"', "date_time": "a date or time"}


def _toml_type(value: object) -> str:
    for kind, name in _TOML_TYPES:
        if isinstance(value, kind):
            return name
    return "date_time"


def _join(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def _suggest(word: str, choices: list[str]) -> str | None:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None


_Table = dict[str, object]

_TOP_KEYS = ("name", "players", "starting_stack", "chip_unit", "betting", "raise_cap",
             "raise_menu", "raise_sizes", "blinds", "end")
_PLAYER_KEYS = ("min", "max")
_BLIND_KEYS = ("levels", "antes", "hands_per_level", "minutes_per_level", "after_last_level")
_END_KEYS = ("hands", "minutes")


class _Reader:
    """Checks one parsed TOML document; every method raises at the first problem."""

    def __init__(self, where: str) -> None:
        self.where = where

    def error(self, key: str, problem: str, reason: str, **details: object) -> VariantError:
        return VariantError(self.where, key, problem, reason, details)

    # -- generic values

    def table(self, data: _Table, prefix: str, allowed: tuple[str, ...]) -> _Table:
        for key in data:
            if key not in allowed:
                hint = _suggest(key, list(allowed))
                tail = f" (did you mean {hint}?)" if hint else ""
                raise self.error(_join(prefix, key), "unknown_key", f"unknown key{tail}",
                                 allowed=list(allowed), suggestion=hint)
        return data

    def wrong_type(self, key: str, expected: str, value: object) -> VariantError:
        found = _toml_type(value)
        return self.error(key, "wrong_type",
                          f"expected {_ARTICLE[expected]}, found {_ARTICLE[found]}",
                          expected=expected, found=found)

    def get(self, data: _Table, prefix: str, key: str) -> object:
        if key not in data:
            raise self.error(_join(prefix, key), "missing", "required key is missing")
        return data[key]

    def sub_table(self, value: object, key: str, allowed: tuple[str, ...]) -> _Table:
        if not isinstance(value, dict):
            raise self.wrong_type(key, "table", value)
        return self.table(value, key, allowed)

    def integer(self, value: object, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.wrong_type(key, "integer", value)
        return value

    def positive(self, value: object, key: str) -> int:
        number = self.integer(value, key)
        if number <= 0:
            raise self.error(key, "not_positive", f"{number} is not positive", value=number)
        return number

    def string(self, value: object, key: str) -> str:
        if not isinstance(value, str):
            raise self.wrong_type(key, "string", value)
        return value

    def array(self, value: object, key: str) -> list[object]:
        if not isinstance(value, list):
            raise self.wrong_type(key, "array", value)
        return value

    def choice(self, value: object, key: str, allowed: list[str]) -> str:
        text = self.string(value, key)
        if text not in allowed:
            hint = _suggest(text, allowed)
            tail = f' (did you mean "{hint}"?)' if hint else ""
            listed = ", ".join(f'"{a}"' for a in allowed)
            raise self.error(key, "unknown_value", f'"{text}" is not one of {listed}{tail}',
                             value=text, allowed=allowed, suggestion=hint)
        return text

    def amount(self, value: object, key: str, unit: int, *, zero_ok: bool = False) -> int:
        number = self.integer(value, key) if zero_ok else self.positive(value, key)
        if number < 0:
            raise self.error(key, "negative", f"{number} is negative", value=number)
        if number % unit:
            raise self.error(key, "not_multiple_of_chip_unit",
                             f"{number} is not a multiple of the chip unit {unit}",
                             value=number, chip_unit=unit)
        return number

    # -- the document

    def variant(self, data: _Table, key: str) -> Variant:
        self.table(data, "", _TOP_KEYS)
        name = self.string(self.get(data, "", "name"), "name")
        if not name.strip():
            raise self.error("name", "empty", "the name is empty")
        low, high = self.players(self.get(data, "", "players"))
        unit = self.positive(self.get(data, "", "chip_unit"), "chip_unit")
        stack = self.amount(self.get(data, "", "starting_stack"), "starting_stack", unit)
        betting = BettingStructure(self.choice(self.get(data, "", "betting"), "betting",
                                               [b.value for b in BettingStructure]))
        cap = self.raise_cap(data.get("raise_cap", "none"))
        menu = self.raise_menu(self.get(data, "", "raise_menu"))
        sizes = self.choice(data.get("raise_sizes", RAISE_SIZES_ANY), "raise_sizes",
                            [RAISE_SIZES_ANY, RAISE_SIZES_MENU])
        schedule = self.blinds(self.get(data, "", "blinds"), unit)
        end = self.end(data.get("end", {}))
        return Variant(key=key, name=name, min_players=low, max_players=high,
                       starting_stack=stack, chip_unit=unit, schedule=schedule,
                       betting=betting, raise_cap=cap, raise_menu=menu, end=end,
                       menu_only=sizes == RAISE_SIZES_MENU)

    def players(self, value: object) -> tuple[int, int]:
        table = self.sub_table(value, "players", _PLAYER_KEYS)
        bounds = []
        for side in _PLAYER_KEYS:
            key = f"players.{side}"
            count = self.integer(self.get(table, "players", side), key)
            if not MIN_PLAYERS <= count <= MAX_PLAYERS:
                raise self.error(key, "out_of_range",
                                 f"{count} is outside the range {MIN_PLAYERS} to {MAX_PLAYERS}",
                                 value=count, min=MIN_PLAYERS, max=MAX_PLAYERS)
            bounds.append(count)
        low, high = bounds
        if low > high:
            raise self.error("players", "min_above_max", f"min {low} is above max {high}",
                             min=low, max=high)
        return low, high

    def raise_cap(self, value: object) -> int | None:
        if value == "none":
            return None
        if isinstance(value, str):
            raise self.error("raise_cap", "unknown_value",
                             f'"{value}" is neither "none" nor a number of raises',
                             value=value, allowed=["none"], suggestion=None)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.wrong_type("raise_cap", "integer_or_none", value)
        return self.positive(value, "raise_cap")

    def raise_menu(self, value: object) -> tuple[RaiseStep, ...]:
        items = self.array(value, "raise_menu")
        if not items:
            raise self.error("raise_menu", "empty", "the list is empty")
        order = list(RaiseStep)
        steps: list[RaiseStep] = []
        for i, item in enumerate(items):
            key = f"raise_menu[{i}]"
            step = RaiseStep(self.choice(item, key, [s.value for s in RaiseStep]))
            if step in steps:
                raise self.error(key, "duplicate", f'"{step.value}" is listed twice',
                                 value=step.value)
            if steps and order.index(step) < order.index(steps[-1]):
                raise self.error(key, "not_increasing",
                                 f'"{step.value}" comes after the larger step '
                                 f'"{steps[-1].value}"; list the steps smallest first',
                                 value=step.value, previous=steps[-1].value)
            steps.append(step)
        return tuple(steps)

    def blinds(self, value: object, unit: int) -> BlindSchedule:
        table = self.sub_table(value, "blinds", _BLIND_KEYS)
        raw_levels = self.array(self.get(table, "blinds", "levels"), "blinds.levels")
        if not raw_levels:
            raise self.error("blinds.levels", "empty", "the list is empty")
        levels = [self.level(raw, f"blinds.levels[{i}]", unit)
                  for i, raw in enumerate(raw_levels)]
        for i in range(1, len(levels)):
            for what, position in (("small", 0), ("big", 1)):
                now, before = levels[i][position], levels[i - 1][position]
                if now < before:
                    raise self.error(f"blinds.levels[{i}]", "not_increasing",
                                     f"{what} blind {now} is below the {what} blind "
                                     f"{before} of the level before",
                                     value=now, previous=before, blind=what)
        antes = [0] * len(levels)
        if "antes" in table:
            raw_antes = self.array(table["antes"], "blinds.antes")
            if len(raw_antes) != len(levels):
                raise self.error("blinds.antes", "wrong_length",
                                 f"{len(raw_antes)} antes given for {len(levels)} levels",
                                 expected=len(levels), found=len(raw_antes))
            antes = [self.amount(a, f"blinds.antes[{i}]", unit, zero_ok=True)
                     for i, a in enumerate(raw_antes)]
        hands = self.optional_positive(table, "blinds", "hands_per_level")
        minutes = self.optional_positive(table, "blinds", "minutes_per_level")
        if len(levels) > 1 and hands is None and minutes is None:
            raise self.error("blinds.levels", "unreachable_levels",
                             f"{len(levels)} levels are given but neither hands_per_level nor "
                             "minutes_per_level is set, so only the first is ever played",
                             levels=len(levels))
        after = self.choice(self.get(table, "blinds", "after_last_level"),
                            "blinds.after_last_level", [AFTER_LAST_DOUBLE, AFTER_LAST_HOLD])
        pairs = zip(levels, antes, strict=True)
        return BlindSchedule(
            levels=tuple(BlindLevel(blinds, ante) for blinds, ante in pairs),
            hands_per_level=hands, minutes_per_level=minutes, after_last=after)

    def level(self, value: object, key: str, unit: int) -> tuple[int, ...]:
        items = self.array(value, key)
        if len(items) < 2:
            raise self.error(key, "wrong_length",
                             f"a level needs at least a small and a big blind, "
                             f"found {len(items)} amount{'s' if len(items) != 1 else ''}",
                             expected_min=2, found=len(items))
        blinds = tuple(self.amount(b, f"{key}[{j}]", unit) for j, b in enumerate(items))
        if blinds[0] > blinds[1]:
            raise self.error(key, "small_above_big",
                             f"small blind {blinds[0]} is above big blind {blinds[1]}",
                             small=blinds[0], big=blinds[1])
        for j in range(2, len(blinds)):
            if blinds[j] < blinds[j - 1]:
                raise self.error(f"{key}[{j}]", "not_increasing",
                                 f"straddle {blinds[j]} is below the forced bet "
                                 f"{blinds[j - 1]} before it",
                                 value=blinds[j], previous=blinds[j - 1])
        return blinds

    def optional_positive(self, table: _Table, prefix: str, key: str) -> int | None:
        return self.positive(table[key], _join(prefix, key)) if key in table else None

    def end(self, value: object) -> EndCondition:
        table = self.sub_table(value, "end", _END_KEYS)
        return EndCondition(hands=self.optional_positive(table, "end", "hands"),
                            minutes=self.optional_positive(table, "end", "minutes"))


# --------------------------------------------------------------------------- writing


def variant_data(variant: Variant) -> dict[str, object]:
    """The variant as the TOML document :func:`parse_variant` reads, as plain
    data (optional keys only when they say something)."""
    s = variant.schedule
    blinds: dict[str, object] = {"levels": [list(lv.blinds) for lv in s.levels]}
    if any(lv.ante for lv in s.levels):
        blinds["antes"] = [lv.ante for lv in s.levels]
    if s.hands_per_level is not None:
        blinds["hands_per_level"] = s.hands_per_level
    if s.minutes_per_level is not None:
        blinds["minutes_per_level"] = s.minutes_per_level
    blinds["after_last_level"] = s.after_last
    end: dict[str, object] = {}
    if variant.end.hands is not None:
        end["hands"] = variant.end.hands
    if variant.end.minutes is not None:
        end["minutes"] = variant.end.minutes
    return {
        "name": variant.name,
        "players": {"min": variant.min_players, "max": variant.max_players},
        "starting_stack": variant.starting_stack,
        "chip_unit": variant.chip_unit,
        "betting": variant.betting.value,
        "raise_cap": "none" if variant.raise_cap is None else variant.raise_cap,
        "raise_menu": [step.value for step in variant.raise_menu],
        "raise_sizes": RAISE_SIZES_MENU if variant.menu_only else RAISE_SIZES_ANY,
        "blinds": blinds,
        "end": end,
    }


def dump_variant(variant: Variant) -> str:
    """``variant`` as TOML text that :func:`parse_variant` reads back as an equal
    variant (given a path with the same stem; ``source`` is not written)."""
    data = variant_data(variant)
    lines = []
    for key, value in data.items():
        if key not in ("blinds", "end"):
            lines.append(f"{key} = {toml_value(value)}")
    for table in ("blinds", "end"):
        section = data[table]
        assert isinstance(section, dict)
        lines += ["", f"[{table}]"] + [f"{k} = {toml_value(v)}" for k, v in section.items()]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- adjusting

STACK_BIG_BLINDS = (10, 1000)
"""A starting stack chosen when a game starts: from 10 to 1,000 big blinds of
the first level (and always the variant's own)."""

LEVEL_HANDS_RANGE = (1, 1000)
"""Hands per blind level a game may be started with."""

LEVEL_MINUTES_RANGE = (1, 600)
"""Minutes per blind level a game may be started with."""


def blinds_go_up(schedule: BlindSchedule) -> bool:
    """Whether the blinds ever change (more than one level, or doubling)."""
    return len(schedule.levels) > 1 or schedule.after_last == AFTER_LAST_DOUBLE


def stack_range(variant: Variant) -> tuple[int, int]:
    """The smallest and largest starting stack :func:`adjust_variant` accepts:
    multiples of the chip unit within :data:`STACK_BIG_BLINDS` big blinds of the
    first level, widened to take in the variant's own stack."""
    unit, big = variant.chip_unit, variant.schedule.levels[0].big
    low = -(-STACK_BIG_BLINDS[0] * big // unit) * unit
    high = STACK_BIG_BLINDS[1] * big // unit * unit
    return min(low, variant.starting_stack), max(high, variant.starting_stack)


def adjust_variant(variant: Variant, *, starting_stack: int | None = None,
                   level_clock: tuple[int | None, int | None] | None = None) -> Variant:
    """``variant`` with another starting stack and/or blind speed (``level_clock``:
    hands per level and minutes per level, either None); the key and the source
    stay, so a game records where its rules came from.

    Raises :class:`VariantError` for a value outside :func:`stack_range`,
    :data:`LEVEL_HANDS_RANGE` or :data:`LEVEL_MINUTES_RANGE`, a stack that is no
    multiple of the chip unit, or levels no clock would reach.
    """
    where = str(variant.source) if variant.source is not None else f"{variant.key}.toml"
    reader = _Reader(where)
    if starting_stack is not None:
        stack = reader.amount(starting_stack, "starting_stack", variant.chip_unit)
        low, high = stack_range(variant)
        if not low <= stack <= high:
            raise reader.error("starting_stack", "out_of_range",
                               f"{stack} is outside the range {low} to {high}",
                               value=stack, min=low, max=high)
        variant = dataclasses.replace(variant, starting_stack=stack)
    if level_clock is not None:
        hands, minutes = level_clock
        for key, value, (low, high) in (("blinds.hands_per_level", hands, LEVEL_HANDS_RANGE),
                                        ("blinds.minutes_per_level", minutes,
                                         LEVEL_MINUTES_RANGE)):
            if value is not None:
                number = reader.positive(value, key)
                if not low <= number <= high:
                    raise reader.error(key, "out_of_range",
                                       f"{number} is outside the range {low} to {high}",
                                       value=number, min=low, max=high)
        schedule = variant.schedule
        if len(schedule.levels) > 1 and hands is None and minutes is None:
            raise reader.error("blinds.levels", "unreachable_levels",
                               f"{len(schedule.levels)} levels are given but neither "
                               "hands_per_level nor minutes_per_level is set, so only the "
                               "first is ever played", levels=len(schedule.levels))
        variant = dataclasses.replace(variant, schedule=dataclasses.replace(
            schedule, hands_per_level=hands, minutes_per_level=minutes))
    return variant


# --------------------------------------------------------------------------- shipped files


@cache
def _shipped() -> tuple[Variant, ...]:
    package = __name__.rsplit(".", 2)[0] + ".variants"
    root = resources.files(package)
    found: list[Variant] = []
    for entry in root.iterdir():
        if not entry.name.endswith(".toml") or not entry.is_file():
            continue
        if isinstance(entry, Path):
            found.append(load_variant(entry))
        else:  # a zipped install: no file path to point at
            found.append(parse_variant(entry.read_text(encoding="utf-8"), entry.name))
    return tuple(sorted(found, key=lambda v: (v.name.casefold(), v.key)))


def shipped_variants() -> dict[str, Variant]:
    """Every variant shipped in ``holdem_desktop/variants/``, keyed by file stem and
    ordered by name.  A broken shipped file raises :class:`VariantError`."""
    return {v.key: v for v in _shipped()}


def shipped_variant(key: str = DEFAULT_VARIANT) -> Variant:
    """The shipped variant whose file stem is ``key`` (``"tournament"`` by default);
    raises ``KeyError`` for any other key."""
    for variant in _shipped():
        if variant.key == key:
            return variant
    raise KeyError(key)
