"""Hand histories in PHH, the Poker Hand History format, as typed data.

PHH (https://phh.readthedocs.io) is a TOML format: a ``.phh`` file holds one
hand, a ``.phhs`` file holds several as tables ``[1]``, ``[2]``, … .  This
module reads, checks and writes them without doing any I/O of its own
except :func:`load_path`; it does not replay hands (that needs the rules
engine, which builds on :class:`PhhHand`).

Only the two hold'em codes are supported: ``'NT'`` (no-limit) and ``'FT'``
(fixed-limit).  Pot-limit hold'em has no PHH code of its own, so it is
written as ``variant = 'NT'`` plus the user-defined field
``_betting = 'pot-limit'`` (:data:`BETTING_FIELD`); readers that do not know
the field, pokerkit among them, see a no-limit hand.  :attr:`PhhHand.betting`
gives the betting structure either way.

Deliberate limits, all refused with a :class:`PhhError` rather than guessed:

- chip amounts are whole, non-negative numbers (TOML floats and ``inf`` are
  refused as ``wrong_type``);
- hole cards are dealt and shown two at a time, as hold'em deals them.

Two readings lose a little, by design: hole cards written with any unknown
card (``????`` or ``??Ad``) read as entirely unknown (``cards=None``), and a
show written as ``pN sm -`` ("the cards dealt earlier") is resolved against
the player's earlier ``d dh`` action, so it is written back with the cards
spelled out.  Actions that are only a ``# commentary`` or empty (no-ops)
are dropped, and a commentary after an action is dropped too.

Errors carry data, not prose for the user: :class:`PhhError` has a
machine-readable ``problem`` plus the file, hand and action index it
concerns, and its ``str`` is a single line for logs.
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TypeAlias

from .cards import ALL_CARDS, Card, DuplicateCard, MalformedCard, parse_card, parse_cards

__all__ = [
    "BETTING_FIELD",
    "PROBLEMS",
    "SUPPORTED_VARIANTS",
    "BetOrRaiseTo",
    "CheckOrCall",
    "DealBoard",
    "DealHole",
    "Fold",
    "PhhAction",
    "PhhError",
    "PhhHand",
    "ShowOrMuck",
    "dumps",
    "dumps_all",
    "format_action",
    "load_path",
    "loads",
    "loads_all",
    "parse_action",
    "toml_value",
]

SUPPORTED_VARIANTS: tuple[str, ...] = ("NT", "FT")
"""The PHH variant codes this module reads and writes: no-limit and fixed-limit hold'em."""

BETTING_FIELD = "_betting"
"""The user-defined field that marks a pot-limit hold'em hand (``'pot-limit'``) under ``'NT'``."""

PROBLEMS: tuple[str, ...] = (
    "toml_syntax",
    "missing",
    "wrong_type",
    "bad_action",
    "unsupported_variant",
    "length_mismatch",
    "bad_card",
    "duplicate_card",
    "unreadable",
)
"""Every value :attr:`PhhError.problem` can take."""

HOLE_CARD_COUNT = 2
"""Hole cards per player in hold'em; hole deals and shows carry exactly this many."""

_BETTINGS = {"NT": ("no-limit", "pot-limit"), "FT": ("fixed-limit",)}
_TYPED_FIELDS = (
    "variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
    "starting_stacks", "actions", "finishing_stacks", "players", "hand", "table",
)
# pokerkit's order for the optional fields; written after the required ones.
_OPTIONAL_ORDER = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code",
    "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year",
    "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks",
    "winnings", "currency", "currency_symbol", "ante_trimming_status", "time_limit",
    "time_banks",
)


class PhhError(ValueError):
    """A hand history that cannot be read, checked or written.

    ``problem`` is one of :data:`PROBLEMS`; ``detail`` says what exactly,
    in English, for logs.  ``file`` is the file name given to the loader,
    ``hand`` the table name of the hand in a ``.phhs`` document (``"3"`` for
    ``[3]``; ``None`` for a lone ``.phh`` document) and ``action_index`` the
    0-based index in the file's ``actions`` array, each ``None`` when not
    known or not relevant.  ``str(err)`` is one line naming them, e.g.
    ``"pluribus_100.phhs: hand 3: action 7: cannot read 'p1 cbr x': …"``.
    """

    def __init__(
        self,
        problem: str,
        detail: str,
        *,
        file: str | None = None,
        hand: str | None = None,
        action_index: int | None = None,
    ) -> None:
        self.problem = problem
        self.detail = " ".join(detail.split())
        self.file = file
        self.hand = hand
        self.action_index = action_index
        super().__init__(self._line())

    def _line(self) -> str:
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        if self.action_index is not None:
            parts.append(f"action {self.action_index}")
        parts.append(self.detail)
        return ": ".join(parts)

    def __str__(self) -> str:
        return self._line()

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_error, (self.problem, self.detail, self.file, self.hand,
                                 self.action_index))

    def located(
        self,
        *,
        file: str | None = None,
        hand: str | None = None,
        action_index: int | None = None,
    ) -> PhhError:
        """A copy with the file, hand and action index filled in where this error has none."""
        return PhhError(
            self.problem,
            self.detail,
            file=self.file if self.file is not None else file,
            hand=self.hand if self.hand is not None else hand,
            action_index=self.action_index if self.action_index is not None else action_index,
        )


def _rebuild_error(
    problem: str, detail: str, file: str | None, hand: str | None, action_index: int | None
) -> PhhError:
    return PhhError(problem, detail, file=file, hand=hand, action_index=action_index)


# --------------------------------------------------------------------------- actions


def _check_player(player: object) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise PhhError("bad_action", f"player must be an index >= 0, not {player!r}")
    return player


def _check_cards(cards: object, counts: range, what: str) -> tuple[Card, ...]:
    if not isinstance(cards, (tuple, list)):
        raise PhhError("bad_card", f"{what} must be a tuple of cards, not {cards!r}")
    seen = 0
    out = []
    for position, c in enumerate(cards):
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 51:
            raise PhhError("bad_card", f"{what}: {c!r} (position {position}) is not a card")
        if seen >> c & 1:
            raise PhhError("duplicate_card", f"{what}: card {ALL_CARDS[c]} given twice")
        seen |= 1 << c
        out.append(ALL_CARDS[c])
    if len(out) not in counts:
        wanted = (f"{counts.start}" if len(counts) == 1
                  else f"{counts.start} to {counts.stop - 1}")
        raise PhhError("bad_action", f"{what}: {wanted} cards needed, not {len(out)}")
    return tuple(out)


_HOLE_COUNTS = range(HOLE_CARD_COUNT, HOLE_CARD_COUNT + 1)


@dataclass(frozen=True, slots=True)
class DealHole:
    """The dealer deals a player's hole cards: ``d dh p1 AhKh`` (``d dh p1 ????`` if unknown)."""

    player: int
    """0-based player index (PHH ``p1`` is 0)."""
    cards: tuple[Card, ...] | None
    """The two hole cards, or ``None`` where they are unknown."""

    def __post_init__(self) -> None:
        _check_player(self.player)
        if self.cards is not None:
            object.__setattr__(self, "cards", _check_cards(self.cards, _HOLE_COUNTS, "hole cards"))


@dataclass(frozen=True, slots=True)
class DealBoard:
    """The dealer deals board cards: ``d db 7d5h9d`` (flop), ``d db 7c`` (turn or river)."""

    cards: tuple[Card, ...]
    """The newly dealt board cards (one to five)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _check_cards(self.cards, range(1, 6), "board cards"))


@dataclass(frozen=True, slots=True)
class Fold:
    """A player folds: ``p1 f``."""

    player: int
    """0-based player index."""

    def __post_init__(self) -> None:
        _check_player(self.player)


@dataclass(frozen=True, slots=True)
class CheckOrCall:
    """A player checks or calls: ``p1 cc``."""

    player: int
    """0-based player index."""

    def __post_init__(self) -> None:
        _check_player(self.player)


@dataclass(frozen=True, slots=True)
class BetOrRaiseTo:
    """A player bets or raises to an amount: ``p1 cbr 210``."""

    player: int
    """0-based player index."""
    amount: int
    """The player's total in this betting round after the action (blinds count pre-flop)."""

    def __post_init__(self) -> None:
        _check_player(self.player)
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 0:
            raise PhhError("bad_action",
                           f"bet amount must be whole chips >= 0, not {self.amount!r}")


@dataclass(frozen=True, slots=True)
class ShowOrMuck:
    """A player shows (``p1 sm AhKh``) or mucks or keeps hidden (``p1 sm``, ``p1 sm ????``)."""

    player: int
    """0-based player index."""
    cards: tuple[Card, ...] | None
    """The two cards shown, or ``None`` for a muck or a hand left unknown."""

    def __post_init__(self) -> None:
        _check_player(self.player)
        if self.cards is not None:
            object.__setattr__(self, "cards", _check_cards(self.cards, _HOLE_COUNTS, "shown cards"))


PhhAction: TypeAlias = DealHole | DealBoard | Fold | CheckOrCall | BetOrRaiseTo | ShowOrMuck
"""Any action of a hold'em hand history."""

_ACTION_TYPES = (DealHole, DealBoard, Fold, CheckOrCall, BetOrRaiseTo, ShowOrMuck)


@dataclass(frozen=True, slots=True)
class _ShowDealt:
    """``pN sm -``: show the cards dealt earlier; resolved by the hand reader."""

    player: int


_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_AMOUNT = re.compile(r"[0-9]+\Z")


def _words(text: str) -> list[str]:
    """The words of an action with any ``# commentary`` dropped."""
    return text.split("#", 1)[0].split()


def _cannot(text: str, why: str, problem: str = "bad_action") -> PhhError:
    return PhhError(problem, f"cannot read {text!r}: {why}")


def _player_word(word: str, text: str) -> int:
    m = _PLAYER.match(word)
    if m is None:
        raise _cannot(text, f"{word!r} is not a player (p1, p2, …)")
    return int(m.group(1)) - 1


def _card_word(word: str, text: str, *, unknown_ok: bool) -> tuple[Card, ...] | None:
    """Cards written together (``AhKh``); ``None`` if any of them is unknown (``??``)."""
    if "?" in word and unknown_ok:
        if len(word) % 2:
            raise _cannot(text, f"{word!r} is not a list of cards", "bad_card")
        chunks = [word[i:i + 2] for i in range(0, len(word), 2)]
        for chunk in chunks:
            if chunk != "??":
                try:
                    parse_card(chunk)
                except MalformedCard:
                    raise _cannot(text, f"{chunk!r} is not a card", "bad_card") from None
        if len(chunks) != HOLE_CARD_COUNT:
            raise _cannot(text, f"{HOLE_CARD_COUNT} hole cards needed, not {len(chunks)}")
        return None
    try:
        return parse_cards(word)
    except DuplicateCard as e:
        raise _cannot(text, f"card {e.card} given twice", "duplicate_card") from None
    except MalformedCard as e:
        raise _cannot(text, f"{e.text!r} is not a card", "bad_card") from None


def _parse(text: str, words: list[str], *, dash_ok: bool) -> PhhAction | _ShowDealt:
    try:
        match words:
            case ["d", "db", cards]:
                board = _card_word(cards, text, unknown_ok=False)
                assert board is not None
                return DealBoard(board)
            case ["d", "dh", player, cards]:
                return DealHole(_player_word(player, text),
                                _card_word(cards, text, unknown_ok=True))
            case [player, "f"]:
                return Fold(_player_word(player, text))
            case [player, "cc"]:
                return CheckOrCall(_player_word(player, text))
            case [player, "cbr", amount]:
                index = _player_word(player, text)
                if not _AMOUNT.match(amount):
                    raise _cannot(text, f"the amount {amount!r} is not whole chips")
                return BetOrRaiseTo(index, int(amount))
            case [player, "sm"]:
                return ShowOrMuck(_player_word(player, text), None)
            case [player, "sm", "-"]:
                index = _player_word(player, text)
                if not dash_ok:
                    raise _cannot(text, "'-' (the cards dealt earlier) needs the whole hand")
                return _ShowDealt(index)
            case [player, "sm", cards]:
                return ShowOrMuck(_player_word(player, text),
                                  _card_word(cards, text, unknown_ok=True))
            case [player, ("pb" | "sd"), *_]:
                raise _cannot(text, "not an action of hold'em")
    except PhhError as e:
        if e.detail.startswith("cannot read"):
            raise
        raise _cannot(text, e.detail, e.problem) from None
    if not words:
        raise _cannot(text, "no action (empty or only a commentary)")
    raise PhhError("bad_action", f"cannot read {text!r}")


def parse_action(text: str) -> PhhAction:
    """Parse one PHH action string, e.g. ``'p1 cbr 210'`` or ``'d dh p3 AhKh # nice'``.

    A trailing ``# commentary`` is dropped.  Raises :class:`PhhError`:
    ``bad_action`` for anything that is not a hold'em action (including an
    empty no-op and ``pN sm -``, which only a whole hand can resolve),
    ``bad_card`` / ``duplicate_card`` for bad card text.
    """
    if not isinstance(text, str):
        raise PhhError("bad_action", f"an action must be a string, not {text!r}")
    action = _parse(text, _words(text), dash_ok=False)
    assert not isinstance(action, _ShowDealt)
    return action


def _cards_text(cards: Sequence[int]) -> str:
    return "".join(str(ALL_CARDS[c]) for c in cards)


def format_action(action: PhhAction) -> str:
    """The canonical PHH spelling of an action; :func:`parse_action` reads it back equal."""
    if isinstance(action, DealHole):
        cards = "?" * 2 * HOLE_CARD_COUNT if action.cards is None else _cards_text(action.cards)
        return f"d dh p{action.player + 1} {cards}"
    if isinstance(action, DealBoard):
        return f"d db {_cards_text(action.cards)}"
    if isinstance(action, Fold):
        return f"p{action.player + 1} f"
    if isinstance(action, CheckOrCall):
        return f"p{action.player + 1} cc"
    if isinstance(action, BetOrRaiseTo):
        return f"p{action.player + 1} cbr {int(action.amount)}"
    if isinstance(action, ShowOrMuck):
        if action.cards is None:
            return f"p{action.player + 1} sm"
        return f"p{action.player + 1} sm {_cards_text(action.cards)}"
    raise PhhError("wrong_type", f"not a PHH action: {action!r}")


# --------------------------------------------------------------------------- values


def _amount(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PhhError("wrong_type", f"{name!r} must be whole chips >= 0, not {value!r}")
    return int(value)


def _amounts(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise PhhError("wrong_type", f"{name!r} must be an array of whole chips, not {value!r}")
    return tuple(_amount(v, f"{name}[{i}]") for i, v in enumerate(value))


def _strings(value: object, name: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise PhhError("wrong_type", f"{name!r} must be an array of strings, not {value!r}")
    return tuple(value)


def _freeze(value: object, name: str) -> object:
    """A read-only copy of a TOML value (arrays become tuples, tables read-only mappings)."""
    if isinstance(value, (str, bool, int, float, datetime.date, datetime.time)):
        if isinstance(value, datetime.time) and value.tzinfo is not None:
            raise PhhError("wrong_type", f"{name!r}: TOML has no time of day with a time zone")
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v, f"{name}[{i}]") for i, v in enumerate(value))
    if isinstance(value, Mapping):
        out: dict[str, object] = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise PhhError("wrong_type", f"{name!r}: key {k!r} is not a string")
            out[k] = _freeze(v, f"{name}.{k}")
        return MappingProxyType(out)
    raise PhhError("wrong_type", f"{name!r}: {type(value).__name__} cannot be written as TOML")


def _empty_extra() -> Mapping[str, object]:
    return MappingProxyType({})


# --------------------------------------------------------------------------- hand


@dataclass(frozen=True)
class PhhHand:
    """One hold'em hand history, checked on construction (raises :class:`PhhError`).

    Per-player arrays are in PHH order: the small blind first, the button
    last (heads-up, PHH reverses the blinds by rule).  Sequences given as
    lists are stored as tuples and ``extra`` as a read-only mapping with
    read-only values, so a hand is immutable and two hands compare by value.
    """

    variant: str
    """PHH variant code: ``'NT'`` (no-limit; pot-limit with ``_betting``) or ``'FT'``."""
    antes: tuple[int, ...]
    """Each player's ante."""
    blinds_or_straddles: tuple[int, ...]
    """Each player's blind or straddle."""
    min_bet: int
    """The minimum bet; for ``'FT'`` it equals ``small_bet`` unless the file said otherwise."""
    starting_stacks: tuple[int, ...]
    """Each player's stack at the start of the hand."""
    actions: tuple[PhhAction, ...]
    """The actions in order (no-ops dropped)."""
    small_bet: int | None = None
    """Fixed-limit small bet (the bet size in the first two rounds); required for ``'FT'``."""
    big_bet: int | None = None
    """Fixed-limit big bet (the bet size in the last two rounds); required for ``'FT'``."""
    finishing_stacks: tuple[int, ...] | None = None
    """Each player's stack after the hand, if recorded."""
    players: tuple[str, ...] | None = None
    """The players' names, if recorded."""
    hand: int | None = None
    """The hand number, if recorded as an integer (a string one is kept in ``extra``)."""
    table: str | None = None
    """The table name, if recorded as a string (a number is kept in ``extra``)."""
    extra: Mapping[str, object] = field(default_factory=_empty_extra, hash=False)
    """Every other field, user-defined ``_fields`` included, written back as read."""

    def __post_init__(self) -> None:
        put = object.__setattr__
        if not isinstance(self.variant, str):
            raise PhhError("wrong_type", f"'variant' must be a string, not {self.variant!r}")
        if self.variant not in SUPPORTED_VARIANTS:
            raise PhhError("unsupported_variant",
                           f"variant {self.variant!r} is not hold'em 'NT' or 'FT'")
        for name in ("antes", "blinds_or_straddles", "starting_stacks"):
            put(self, name, _amounts(getattr(self, name), name))
        count = len(self.starting_stacks)
        for name in ("antes", "blinds_or_straddles"):
            if len(getattr(self, name)) != count:
                raise PhhError("length_mismatch",
                               f"{name!r} has {len(getattr(self, name))} entries but "
                               f"'starting_stacks' has {count}")
        if count < 2:
            raise PhhError("length_mismatch", f"a hand needs at least 2 players, not {count}")
        put(self, "min_bet", _amount(self.min_bet, "min_bet"))
        for name in ("small_bet", "big_bet"):
            value = getattr(self, name)
            if value is not None:
                put(self, name, _amount(value, name))
            elif self.variant == "FT":
                raise PhhError("missing", f"fixed-limit hold'em needs {name!r}")
        if self.finishing_stacks is not None:
            put(self, "finishing_stacks", _amounts(self.finishing_stacks, "finishing_stacks"))
        if self.players is not None:
            put(self, "players", _strings(self.players, "players"))
        for name, values in (("finishing_stacks", self.finishing_stacks),
                             ("players", self.players)):
            if values is not None and len(values) != count:
                raise PhhError("length_mismatch",
                               f"{name!r} has {len(values)} entries but there are {count} players")
        if self.hand is not None and (isinstance(self.hand, bool)
                                      or not isinstance(self.hand, int)):
            raise PhhError("wrong_type", f"'hand' must be an integer, not {self.hand!r}")
        if self.table is not None and not isinstance(self.table, str):
            raise PhhError("wrong_type", f"'table' must be a string, not {self.table!r}")
        self._check_extra()
        self._check_actions()

    def _check_extra(self) -> None:
        if not isinstance(self.extra, Mapping):
            raise PhhError("wrong_type", f"'extra' must be a mapping, not {self.extra!r}")
        extra = _freeze(self.extra, "extra")
        assert isinstance(extra, Mapping)
        for key, value in extra.items():
            if key not in _TYPED_FIELDS:
                continue
            # PHH allows a hand name as well as a number, and a table number as
            # well as a name: those stay in extra, where they are written back.
            if key == "hand" and self.hand is None:
                if isinstance(value, str):
                    continue
                raise PhhError("wrong_type",
                               f"'hand' must be an integer or a string, not {value!r}")
            if key == "table" and self.table is None:
                if isinstance(value, int) and not isinstance(value, bool):
                    continue
                raise PhhError("wrong_type",
                               f"'table' must be a string or an integer, not {value!r}")
            raise PhhError("wrong_type", f"field {key!r} belongs in its own attribute, not extra")
        betting = extra.get(BETTING_FIELD)
        if betting is not None:
            if not isinstance(betting, str):
                raise PhhError("wrong_type", f"{BETTING_FIELD!r} must be a string, not {betting!r}")
            if betting not in _BETTINGS[self.variant]:
                raise PhhError("unsupported_variant",
                               f"{BETTING_FIELD} = {betting!r} does not go with "
                               f"variant {self.variant!r}")
        object.__setattr__(self, "extra", extra)

    def _check_actions(self) -> None:
        if not isinstance(self.actions, (tuple, list)):
            raise PhhError("wrong_type", f"'actions' must be a sequence, not {self.actions!r}")
        object.__setattr__(self, "actions", tuple(self.actions))
        count = len(self.starting_stacks)
        dealt: dict[int, tuple[Card, ...]] = {}
        seen = 0
        for index, action in enumerate(self.actions):
            if not isinstance(action, _ACTION_TYPES):
                raise PhhError("wrong_type", f"not a PHH action: {action!r}",
                               action_index=index)
            player = getattr(action, "player", 0)
            if player >= count:
                raise PhhError("bad_action",
                               f"{format_action(action)!r}: p{player + 1} is not one of the "
                               f"{count} players", action_index=index)
            cards: tuple[Card, ...] | None = getattr(action, "cards", None)
            if cards is None:
                continue
            own = dealt.get(player, ()) if isinstance(action, ShowOrMuck) else ()
            for c in cards:
                if seen >> c & 1 and c not in own:
                    raise PhhError("duplicate_card",
                                   f"{format_action(action)!r}: card {c} was dealt already",
                                   action_index=index)
                seen |= 1 << c
            if isinstance(action, DealHole):
                dealt[player] = cards

    @property
    def betting(self) -> str:
        """The betting structure: ``"no-limit"``, ``"pot-limit"`` or ``"fixed-limit"``."""
        if self.variant == "FT":
            return "fixed-limit"
        return "pot-limit" if self.extra.get(BETTING_FIELD) == "pot-limit" else "no-limit"

    @property
    def player_count(self) -> int:
        """The number of players dealt in."""
        return len(self.starting_stacks)


# --------------------------------------------------------------------------- reading


_MISSING = object()


def _toml(text: str, file: str | None) -> dict[str, object]:
    if not isinstance(text, str):
        raise PhhError("unreadable", f"expected text, not {type(text).__name__}", file=file)
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as e:
        raise PhhError("toml_syntax", f"not valid TOML: {e}", file=file) from None


def _required(table: dict[str, object], name: str) -> object:
    value = table.pop(name, _MISSING)
    if value is _MISSING:
        raise PhhError("missing", f"the required field {name!r} is missing")
    return value


def _optional_amount(table: dict[str, object], name: str) -> int | None:
    value = table.pop(name, None)
    return None if value is None else _amount(value, name)


def _read_actions(raw: object) -> tuple[list[PhhAction], list[int]]:
    """The actions of a hand and, for each, its index in the file's array."""
    if not isinstance(raw, list):
        raise PhhError("wrong_type", f"'actions' must be an array of strings, not {raw!r}")
    actions: list[PhhAction] = []
    where: list[int] = []
    dealt: dict[int, tuple[Card, ...] | None] = {}
    for index, text in enumerate(raw):
        try:
            if not isinstance(text, str):
                raise PhhError("wrong_type", f"an action must be a string, not {text!r}")
            words = _words(text)
            if not words:
                continue  # a no-op: empty or only a commentary
            action = _parse(text, words, dash_ok=True)
            if isinstance(action, _ShowDealt):
                if action.player not in dealt:
                    raise _cannot(text, "'-' shows the cards dealt earlier, but none were")
                action = ShowOrMuck(action.player, dealt[action.player])
            elif isinstance(action, DealHole):
                dealt[action.player] = action.cards
        except PhhError as e:
            raise e.located(action_index=index) from None
        actions.append(action)
        where.append(index)
    return actions, where


def _read_hand(source: dict[str, object]) -> PhhHand:
    table = dict(source)
    variant = _required(table, "variant")
    if not isinstance(variant, str):
        raise PhhError("wrong_type", f"'variant' must be a string, not {variant!r}")
    if variant not in SUPPORTED_VARIANTS:
        raise PhhError("unsupported_variant",
                       f"variant {variant!r} is not hold'em 'NT' or 'FT'")
    antes = _amounts(_required(table, "antes"), "antes")
    blinds = _amounts(_required(table, "blinds_or_straddles"), "blinds_or_straddles")
    small_bet: int | None
    big_bet: int | None
    if variant == "FT":
        small_bet = _amount(_required(table, "small_bet"), "small_bet")
        big_bet = _amount(_required(table, "big_bet"), "big_bet")
        min_bet = _optional_amount(table, "min_bet")
        if min_bet is None:
            min_bet = small_bet
    else:
        min_bet = _amount(_required(table, "min_bet"), "min_bet")
        small_bet = _optional_amount(table, "small_bet")
        big_bet = _optional_amount(table, "big_bet")
    stacks = _amounts(_required(table, "starting_stacks"), "starting_stacks")
    actions, where = _read_actions(_required(table, "actions"))
    finishing = table.pop("finishing_stacks", None)
    players = table.pop("players", None)
    number = table.get("hand")
    if isinstance(number, int) and not isinstance(number, bool):
        del table["hand"]
    else:
        number = None
    name = table.get("table")
    if isinstance(name, str):
        del table["table"]
    else:
        name = None
    try:
        return PhhHand(
            variant=variant,
            antes=antes,
            blinds_or_straddles=blinds,
            min_bet=min_bet,
            starting_stacks=stacks,
            actions=tuple(actions),
            small_bet=small_bet,
            big_bet=big_bet,
            finishing_stacks=None if finishing is None else _amounts(finishing, "finishing_stacks"),
            players=None if players is None else _strings(players, "players"),
            hand=number,
            table=name,
            extra=table,
        )
    except PhhError as e:
        if e.action_index is None:
            raise
        # Report the index in the file's array, which counts the dropped no-ops.
        raise PhhError(e.problem, e.detail, action_index=where[e.action_index]) from None


def _is_single(doc: Mapping[str, object]) -> bool:
    """Whether a TOML document is one hand (a .phh) rather than tables of hands (a .phhs)."""
    return "variant" in doc or any(not isinstance(v, dict) for v in doc.values())


def loads(text: str, file: str | None = None) -> PhhHand:
    """Read one hand from the text of a ``.phh`` document.

    ``file`` only names the source in errors.  Raises :class:`PhhError`.
    """
    doc = _toml(text, file)
    if not _is_single(doc) and doc:
        raise PhhError("missing", "no 'variant': this looks like a multi-hand .phhs "
                       "document (read it with loads_all)", file=file)
    try:
        return _read_hand(doc)
    except PhhError as e:
        raise e.located(file=file) from None


def loads_all(text: str, file: str | None = None) -> list[tuple[str, PhhHand]]:
    """Read the hands of a ``.phhs`` document as ``(table name, hand)`` pairs, in file order.

    A plain ``.phh`` document is accepted too, as one hand named ``"1"``;
    an empty document gives no hands.  Raises :class:`PhhError`.
    """
    doc = _toml(text, file)
    if not doc:
        return []
    tables = [("1", doc)] if _is_single(doc) else list(doc.items())
    hands = []
    for name, table in tables:
        assert isinstance(table, dict)
        try:
            hands.append((name, _read_hand(table)))
        except PhhError as e:
            raise e.located(file=file, hand=name) from None
    return hands


def load_path(path: str | Path) -> list[tuple[str, PhhHand]]:
    """Read a hand history file as ``(table name, hand)`` pairs.

    A ``.phh`` file holds one hand (named ``"1"``); any other file, ``.phhs``
    included, is read like :func:`loads_all`.  The file must be UTF-8; a
    file that cannot be opened or decoded raises :class:`PhhError` with
    problem ``unreadable``, and errors name the file as ``str(path)``.
    """
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise PhhError("unreadable", f"cannot open: {e.strerror or e}", file=name) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PhhError("unreadable", f"not UTF-8 text (byte {e.start})", file=name) from None
    if Path(path).suffix.lower() == ".phh":
        return [("1", loads(text, name))]
    return loads_all(text, name)


# --------------------------------------------------------------------------- writing


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


def _toml_string(s: str) -> str:
    if "'" not in s and not any((ord(c) < 32 and c != "\t") or ord(c) == 127 for c in s):
        return f"'{s}'"  # a literal string, as pokerkit writes them
    out = []
    for c in s:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif ord(c) < 32 or ord(c) == 127:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_string(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)  # not str(): a Card prints as "Ah"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (datetime.date, datetime.time)):  # datetime is a date
        return value.isoformat()
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{" + pairs + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise PhhError("wrong_type", f"{type(value).__name__} cannot be written as TOML")


def toml_value(value: object) -> str:
    """``value`` (text, a number, a boolean, a list or a table) as TOML text,
    as this module writes it; raises :class:`PhhError` for any other type."""
    return _toml_value(value)


def dumps(hand: PhhHand) -> str:
    """One hand as the text of a ``.phh`` document (TOML, ending in a newline).

    Fields come in the conventional order: ``variant``, ``antes``,
    ``blinds_or_straddles``, ``min_bet`` (left out for ``'FT'`` when it
    equals ``small_bet``), ``small_bet`` and ``big_bet`` when set,
    ``starting_stacks``, ``actions``, then the optional fields in the order
    of the PHH specification, then the user-defined ones as read.  Strings
    are single-quoted as pokerkit writes them where TOML allows.
    """
    fields: list[tuple[str, object]] = [
        ("variant", hand.variant),
        ("antes", hand.antes),
        ("blinds_or_straddles", hand.blinds_or_straddles),
    ]
    if hand.variant != "FT" or hand.min_bet != hand.small_bet:
        fields.append(("min_bet", hand.min_bet))
    if hand.small_bet is not None:
        fields.append(("small_bet", hand.small_bet))
    if hand.big_bet is not None:
        fields.append(("big_bet", hand.big_bet))
    fields.append(("starting_stacks", hand.starting_stacks))
    fields.append(("actions", [format_action(a) for a in hand.actions]))
    typed: dict[str, object] = {
        "hand": hand.hand,
        "table": hand.table,
        "players": hand.players,
        "finishing_stacks": hand.finishing_stacks,
    }
    for name in _OPTIONAL_ORDER:
        value = typed.get(name)
        if value is None:
            value = hand.extra.get(name)
        if value is not None:
            fields.append((name, value))
    fields.extend((k, v) for k, v in hand.extra.items() if k not in _OPTIONAL_ORDER)
    return "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in fields)


def dumps_all(hands: Sequence[PhhHand]) -> str:
    """Several hands as the text of a ``.phhs`` document: tables ``[1]``, ``[2]``, …."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(hands, 1))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m holdem_desktop.engine.phh replay FILE...``
    (see :func:`holdem_desktop.engine.replay.main`)."""
    from .replay import main as replay_main

    return replay_main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
