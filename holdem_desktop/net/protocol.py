"""The LAN protocol: messages, their validation and framing, with no I/O.

A connection carries frames: a 4-byte big-endian length, then that many
bytes of UTF-8 JSON holding one object (at most :data:`MAX_FRAME` bytes).
Every object has ``"v": PROTOCOL_VERSION`` and a ``"type"``, and is parsed
into one of the frozen dataclasses below before anything reads it:
:func:`parse_client` for what a client sends the host, :func:`parse_host`
for what the host sends a client.  Anything wrong with untrusted bytes
raises :class:`MalformedMessage` and nothing else.  :func:`to_payload` and
:func:`encode` write a message; :class:`FrameDecoder` cuts a byte stream
into payloads.  The host and the client do the I/O; see ``docs/protocol.md``.

Messages check their own values when built (a bad one raises
:class:`~.wire.WireError`), so a message that exists is one the other side
accepts.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias, cast, get_type_hints

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.variant import (
    MAX_PLAYERS,
    BettingStructure,
    RaiseStep,
    Variant,
    VariantError,
    shipped_variant,
    variant_from_data,
)
from holdem_desktop.engine.views import SeatView

from .account_messages import (
    MAX_RESULTS,
    MAX_ROWS,
    AskLeaderboard,
    AskRating,
    AskWhileAway,
    Leaderboard,
    Rating,
    Register,
    SeenWhileAway,
    SignedIn,
    SignedOut,
    SignIn,
    SignOut,
    UseSession,
    WhileAway,
)
from .checks import (
    NAME_LENGTH,
    _check,
    _check_code,
    _check_int,
    _check_names,
    _check_seat,
    _check_text,
    _check_token,
    _check_word,
)
from .lobby_messages import MAX_LISTED, JoinTable, LobbyList, PlayNow, Tables
from .standings_messages import AskStandings, TournamentStandings
from .tournament_messages import (
    MAX_TOURNAMENTS,
    TournamentEntry,
    TournamentList,
    TournamentNews,
    Tournaments,
)
from .tournament_tables import MAX_TABLES, TournamentRooms, TournamentSeat, TournamentTables
from .wire import EVENT_TYPES, MAX_HISTORY, MAX_INT, MAX_ITEMS, WireError, decode, to_json

__all__ = [
    "ACCOUNT_ANSWERS",
    "ACCOUNT_ASKS",
    "GAME_ENDS",
    "MAX_DEPTH",
    "MAX_EVENTS",
    "MAX_FRAME",
    "NEWS",
    "PROTOCOL_VERSION",
    "QUIET",
    "REFUSED_REASONS",
    "Act",
    "Away",
    "Back",
    "Bye",
    "Chat",
    "ClientMessage",
    "Create",
    "Error",
    "Events",
    "FrameDecoder",
    "FrameTooLarge",
    "Hello",
    "HostMessage",
    "JoinTable",
    "Leave",
    "LetBack",
    "LobbyList",
    "MalformedMessage",
    "MuteMember",
    "NewGame",
    "News",
    "NextHand",
    "Ping",
    "PlayFor",
    "PlayNow",
    "Pong",
    "Refused",
    "Remove",
    "Said",
    "StartWithout",
    "Table",
    "Tables",
    "VariantRules",
    "Waiting",
    "Welcome",
    "encode",
    "error_data",
    "parse_client",
    "parse_host",
    "to_payload",
    "to_text",
]

PROTOCOL_VERSION = 1
"""The version every message carries as ``"v"``."""
MAX_FRAME = 65536
"""Largest payload of one frame, in bytes."""
MAX_DEPTH = 8
"""Deepest nesting of JSON arrays and objects in a payload."""
MAX_EVENTS = 256
"""Most events in one :class:`Events` message."""
MAX_AMOUNT = 10**9
"""Largest amount an :class:`Act` may carry."""
MAX_PING = 2**31
"""Largest number a :class:`Ping` or :class:`Pong` may carry."""

REFUSED_REASONS = frozenset({"wrong_code", "room_full", "wrong_version", "bad_name",
                             "name_taken", "rate_limited", "bad_token", "busy", "removed",
                             "crowded", "server_full", "bad_rules", "no_table"})
"""Why the host may refuse a :class:`Hello` (or a server a :class:`Create`:
``server_full`` when it holds all the rooms it may, ``bad_rules`` for a
game it cannot host; ``no_table`` when a lobby's join names no public table)."""
MALFORMED_REASONS = frozenset({"not_json", "not_object", "wrong_version", "unknown_type",
                               "bad_field", "too_large", "empty"})
"""The reasons of :class:`MalformedMessage`."""
SEAT_KINDS = frozenset({"human", "computer", "empty"})
"""What a seat of a :class:`Table` holds."""
NEWS = frozenset({"joined", "left", "left_seat", "lost", "back", "computer_plays", "away",
                  "play_for", "removed", "started_without", "all_away", "let_back",
                  "came_and_went", "muted", "unmuted", "chat_flood", "turn_waits",
                  "clock_warning", "time_bank", "timed_out_check", "timed_out_fold",
                  "renamed", "sat_out", "sat_out_seat"})
"""What a :class:`News` may say happened in the room."""
CHAT_WIRE = 16384
"""Longest chat line a :class:`Chat` may carry on the wire: the room itself
refuses lines over its own cap (``net/chat.py``: 200 characters) with a
reason the sender hears, instead of a malformed message."""
PHRASES = ("nice_hand", "good_game", "be_right_back", "thanks")
"""The quick phrases, sent by id: each receiver says them in their own language."""
HELLO_NAME = 100
"""Longest name a :class:`Hello` may carry on the wire: the room itself refuses
names over :data:`NAME_LENGTH` (or otherwise unusable) with ``bad_name``, so
the person hears why instead of a malformed message."""

_HEADER = 4
_DATA_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,31}")
_SHORT = 64  # longest string value in Error.data


class MalformedMessage(ValueError):
    """Bytes that are not a valid message.  ``reason`` is one of
    :data:`MALFORMED_REASONS` (``not_json``, ``not_object``, ``wrong_version``,
    ``unknown_type``, ``bad_field``, ``too_large``, ``empty``) and ``detail``
    a short note for logs (e.g. ``"name: missing"``)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class FrameTooLarge(MalformedMessage):
    """A frame whose length prefix exceeds :data:`MAX_FRAME` (refused before
    its body is read); ``size`` is the announced length."""

    def __init__(self, size: int, limit: int = MAX_FRAME) -> None:
        super().__init__("too_large", f"frame of {size} bytes, the limit is {limit}")
        self.size = size


# ----------------------------------------------------------------------
# Client -> host


@dataclass(frozen=True)
class Hello:
    """Join a room: the player's ``name`` (up to 100 characters here; the room
    refuses an unusable one with ``bad_name``), the room ``code`` (6
    digits), the game's version and, to take a seat back, the ``token`` a
    :class:`Welcome` gave."""

    TYPE: ClassVar[str] = "hello"
    name: str
    code: str
    game_version: str
    token: str | None = None

    def __post_init__(self) -> None:
        _check(type(self.name) is str, "name", "not a string")
        _check(len(self.name) <= HELLO_NAME, "name", "bad length")
        _check_code(self.code, "code")
        _check_text(self.game_version, "game_version", 0, 20)
        if self.token is not None:
            _check_token(self.token, "token")

    @classmethod
    def _build(cls, values: dict[str, Any]) -> Hello:
        if isinstance(values.get("name"), str):
            values["name"] = values["name"].strip(" ")  # spaces around a name go on arrival
        return cls(**values)


@dataclass(frozen=True)
class Act:
    """The sender's decision on its turn (``amount``: the round total for a
    bet or raise, ignored otherwise, as in the engine's ``Action``).

    ``hand`` and ``decision`` name the decision it answers: the numbers the
    last :class:`Table` carried.  The host refuses any other pair with
    ``stale_action`` (a doubled press, an old message), so an action is
    never applied to a decision its sender has not seen."""

    TYPE: ClassVar[str] = "act"
    kind: ActionKind
    amount: int = 0
    hand: int = 0
    decision: int = 0

    def __post_init__(self) -> None:
        _check(isinstance(self.kind, ActionKind), "kind", "not an ActionKind")
        _check_int(self.amount, "amount", 0, MAX_AMOUNT)
        _check_int(self.hand, "hand", 0, MAX_INT)
        _check_int(self.decision, "decision", 0, MAX_INT)


@dataclass(frozen=True)
class NextHand:
    """The sender is ready for the next hand (again: who is still awaited?)."""

    TYPE: ClassVar[str] = "next_hand"


@dataclass(frozen=True)
class NewGame:
    """Start a new game, free seats filled with computer players."""

    TYPE: ClassVar[str] = "new_game"


@dataclass(frozen=True)
class Leave:
    """The sender leaves the room (the computer plays its seat)."""

    TYPE: ClassVar[str] = "leave"


@dataclass(frozen=True)
class Away:
    """The sender steps away: the computer plays its seat until :class:`Back`."""

    TYPE: ClassVar[str] = "away"


@dataclass(frozen=True)
class Back:
    """The sender takes its seat back from the computer."""

    TYPE: ClassVar[str] = "back"


@dataclass(frozen=True)
class PlayFor:
    """(The host only.) The computer plays ``seat``, whose person is silent,
    until that person says :class:`Back`."""

    TYPE: ClassVar[str] = "play_for"
    seat: int

    def __post_init__(self) -> None:
        _check_int(self.seat, "seat", 0, MAX_PLAYERS - 1)


@dataclass(frozen=True)
class Remove:
    """(The host only.) The member called ``name`` must leave the room."""

    TYPE: ClassVar[str] = "remove"
    name: str

    def __post_init__(self) -> None:
        _check_text(self.name, "name", 1, NAME_LENGTH)


@dataclass(frozen=True)
class LetBack:
    """(The host only.) The member removed as ``name`` may join the room again."""

    TYPE: ClassVar[str] = "let_back"
    name: str

    def __post_init__(self) -> None:
        _check_text(self.name, "name", 1, NAME_LENGTH)


@dataclass(frozen=True)
class StartWithout:
    """(The host only, at the next-hand barrier.) Deal the next hand without
    the players still awaited: the computer plays their seats."""

    TYPE: ClassVar[str] = "start_without"


@dataclass(frozen=True)
class Ping:
    """Are you there?  The host answers :class:`Pong` with the same ``n``."""

    TYPE: ClassVar[str] = "ping"
    n: int

    def __post_init__(self) -> None:
        _check_int(self.n, "n", 0, MAX_PING)


@dataclass(frozen=True)
class Chat:
    """A line said at the table: typed ``text`` (taken as it comes, up to
    :data:`CHAT_WIRE` characters; the room refuses an unusable one with a
    reason) or a quick ``phrase`` (one of :data:`PHRASES`): exactly one of
    the two is given."""

    TYPE: ClassVar[str] = "chat"
    text: str = ""
    phrase: str = ""

    def __post_init__(self) -> None:
        _check(type(self.text) is str, "text", "not a string")
        _check(len(self.text) <= CHAT_WIRE, "text", "bad length")
        _check(type(self.phrase) is str and (self.phrase == "" or self.phrase in PHRASES),
               "phrase", "not a phrase")
        _check((self.text == "") != (self.phrase == ""), "phrase", "text or phrase")


@dataclass(frozen=True)
class MuteMember:
    """(The host only.) Mute (``on``) or unmute the chat of the member called
    ``name`` for everyone."""

    TYPE: ClassVar[str] = "mute"
    name: str
    on: bool = True

    def __post_init__(self) -> None:
        _check_text(self.name, "name", 1, NAME_LENGTH)
        _check(type(self.on) is bool, "on", "not a bool")


# ----------------------------------------------------------------------
# Host -> client


@dataclass(frozen=True)
class VariantRules:
    """The rules of the host's game, field by field as a variant file gives
    them, so that a guest plays, mirrors and explains the very game the host
    runs (a player's own file, or another stack or blind speed).  Checked on
    arrival by the engine's own variant checks: rules that exist are rules a
    variant file could hold."""

    key: str
    name: str
    min_players: int
    max_players: int
    starting_stack: int
    chip_unit: int
    betting: BettingStructure
    raise_cap: int | None
    raise_menu: tuple[RaiseStep, ...]
    menu_only: bool
    levels: tuple[tuple[int, ...], ...]
    antes: tuple[int, ...]
    hands_per_level: int | None
    minutes_per_level: int | None
    after_last_level: str
    end_hands: int | None
    end_minutes: int | None

    def __post_init__(self) -> None:
        _check_text(self.key, "key", 1, 64)
        _check_text(self.name, "name", 1, 100)
        # What the wire could not carry back (the decoder's own limits).
        _check(len(self.levels) <= MAX_ITEMS and len(self.antes) <= MAX_ITEMS
               and all(len(level) <= MAX_ITEMS for level in self.levels), "levels",
               "too many items")
        amounts = [self.starting_stack, self.chip_unit, *self.antes,
                   *(b for level in self.levels for b in level)]
        _check(all(type(a) is int and abs(a) <= MAX_INT for a in amounts), "levels",
               "out of range")
        try:
            self.variant()
        except VariantError as exc:
            raise WireError(exc.key or "rules", exc.problem) from None

    @classmethod
    def of(cls, variant: Variant) -> VariantRules:
        """The rules of ``variant`` (a long name or key is cut to what travels;
        raises ``ValueError`` for rules too large to send)."""
        s = variant.schedule
        try:
            return cls(variant.key[:64].strip() or "variant", variant.name[:100].strip(),
                       variant.min_players, variant.max_players, variant.starting_stack,
                       variant.chip_unit, variant.betting, variant.raise_cap,
                       variant.raise_menu, variant.menu_only,
                       tuple(lv.blinds for lv in s.levels), tuple(lv.ante for lv in s.levels),
                       s.hands_per_level, s.minutes_per_level, s.after_last,
                       variant.end.hands, variant.end.minutes)
        except WireError as exc:
            raise ValueError(f"these rules cannot be sent: {exc}") from None

    def variant(self) -> Variant:
        """The rules as a variant (no ``source``: it came over the network);
        raises :class:`VariantError` for rules no variant file could hold."""
        blinds: dict[str, object] = {"levels": [list(level) for level in self.levels],
                                     "antes": list(self.antes),
                                     "after_last_level": self.after_last_level}
        if self.hands_per_level is not None:
            blinds["hands_per_level"] = self.hands_per_level
        if self.minutes_per_level is not None:
            blinds["minutes_per_level"] = self.minutes_per_level
        end = {k: v for k, v in (("hands", self.end_hands), ("minutes", self.end_minutes))
               if v is not None}
        data: dict[str, object] = {
            "name": self.name, "players": {"min": self.min_players, "max": self.max_players},
            "starting_stack": self.starting_stack, "chip_unit": self.chip_unit,
            "betting": self.betting.value,
            "raise_cap": "none" if self.raise_cap is None else self.raise_cap,
            "raise_menu": [step.value for step in self.raise_menu],
            "raise_sizes": "menu" if self.menu_only else "any",
            "blinds": blinds, "end": end,
        }
        return variant_from_data(data, f"{self.key}.toml")


@dataclass(frozen=True)
class Create:
    """(To a server, docs/server.md.) Create a room and join it as its host:
    the player's ``name`` (judged as a :class:`Hello`'s), the game's
    version, the ``variant``'s key, the number of seats, the computer
    players' ``strength`` and, for a variant of the player's own, its
    ``rules``.  Answered like a hello: a :class:`Welcome` carrying the new
    room's code, or :class:`Refused`."""

    TYPE: ClassVar[str] = "create"
    name: str
    game_version: str
    variant: str
    size: int
    strength: str
    rules: VariantRules | None = None

    def __post_init__(self) -> None:
        _check(type(self.name) is str, "name", "not a string")
        _check(len(self.name) <= HELLO_NAME, "name", "bad length")
        _check_text(self.game_version, "game_version", 0, 20)
        _check_text(self.variant, "variant", 1, 64)
        _check_int(self.size, "size", 2, MAX_PLAYERS)
        _check_word(self.strength, "strength")

    @classmethod
    def _build(cls, values: dict[str, Any]) -> Create:
        if isinstance(values.get("name"), str):
            values["name"] = values["name"].strip()  # names are stripped on arrival
        return cls(**values)


@dataclass(frozen=True)
class Welcome:
    """The sender joined: its ``seat`` (None: it only watches), the
    ``token`` that gives the seat back after a reconnection, the room
    ``code``, the seats' names, the variant's key, the host's seat, the
    ``rules`` of the host's game (None: the shipped variant of that key) and
    whether the room is a ``public`` table of a server's lobby (no host: any
    player there starts the next game)."""

    TYPE: ClassVar[str] = "welcome"
    seat: int | None
    token: str
    code: str
    names: tuple[str, ...]
    variant: str
    spectator: bool
    host_seat: int
    rules: VariantRules | None = None
    public: bool = False

    def __post_init__(self) -> None:
        _check(type(self.public) is bool, "public", "not a bool")
        _check_seat(self.seat, "seat")
        _check_token(self.token, "token")
        _check_code(self.code, "code")
        _check_names(self.names, "names")
        _check_text(self.variant, "variant", 1, 64)
        _check(type(self.spectator) is bool, "spectator", "not a bool")
        _check_seat(self.host_seat, "host_seat")

    def game(self) -> Variant:
        """The variant the room plays: the host's rules, or the shipped variant
        of that key; raises ``KeyError`` when neither is known here."""
        if self.rules is not None:
            return self.rules.variant()  # checked on arrival: it does not raise
        return shipped_variant(self.variant)


@dataclass(frozen=True)
class Refused:
    """The :class:`Hello` was refused; ``reason`` is one of :data:`REFUSED_REASONS`."""

    TYPE: ClassVar[str] = "refused"
    reason: str
    detail: str = ""

    def __post_init__(self) -> None:
        _check(self.reason in REFUSED_REASONS, "reason", "not a refusal reason")
        _check_text(self.detail, "detail", 0, 100)


@dataclass(frozen=True)
class Events:
    """Engine and session events, in order, already censored for the receiver."""

    TYPE: ClassVar[str] = "events"
    events: tuple[object, ...]

    def __post_init__(self) -> None:
        _check(len(self.events) <= MAX_EVENTS, "events", "too many items")
        for i, event in enumerate(self.events):
            _check(EVENT_TYPES.get(type(event).__name__) is type(event),
                   f"events[{i}]", "not an event")

    @classmethod
    def built(cls, events: tuple[object, ...]) -> Events:
        """The events a room sends, from its own engine and session: equal to
        ``Events(events)`` and encoded the same, without ``__post_init__``
        (as :meth:`Table.built`; a room sends an Events message after every
        change, and cuts it at :data:`MAX_EVENTS` itself).  Anything parsed
        still goes through the checks."""
        message = object.__new__(cls)
        message.__dict__["events"] = events
        return message


GAME_ENDS = ("last_standing", "hands", "minutes", "no_humans")
"""Why a game ends (a :class:`Table`'s ``result``)."""


@dataclass(frozen=True)
class Table:
    """The whole public state of the room and the receiver's own view.

    ``names``, ``chips``, ``places`` (None: still playing), ``kinds``
    (``"human"``, ``"computer"``, ``"empty"``) and ``connected`` run by seat;
    ``view`` is the receiver's :class:`SeatView` of the current hand (None
    before the first hand); ``waiting_for`` lists the seats the next-hand
    barrier still waits for; ``hand`` and ``decision`` name the decision
    awaited now (an :class:`Act` repeats them); ``watchers`` are the names of
    the members without a seat who are connected; ``removed`` (sent to the
    host alone) the names of the members removed and kept out;
    ``stand_ins`` the moves of this hand (their order in it, from 0) that
    the computer made for a person's seat while they were away;
    ``blinds_up`` whether the blinds went up as this hand was dealt
    ("Blinds go up to …" was said just before it); ``ended`` (the first
    table after a return only) the receiver's view of the hand that ended
    while their link was down, another hand having been dealt since, and
    ``ended_stand_ins`` its moves the computer made for a person;
    ``next_level_in`` (a tournament's table) when its clock raises the
    blinds; ``result`` why the game ended.  The last five are written only
    when they say something (see
    :data:`QUIET`).
    """

    TYPE: ClassVar[str] = "table"
    view: SeatView | None
    names: tuple[str, ...]
    chips: tuple[int, ...]
    places: tuple[int | None, ...]
    kinds: tuple[str, ...]
    connected: tuple[bool, ...]
    hands_played: int
    level: int
    blinds: tuple[int, ...]
    ante: int
    hands_until_next_level: int | None
    game_over: bool
    started: bool
    waiting_for: tuple[int, ...]
    hand: int = 0
    decision: int = 0
    watchers: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    stand_ins: tuple[int, ...] = ()
    clock: int | None = None
    """(A public table.)  Seconds left for the decision awaited now, its
    time bank included (None: no clock, or no decision awaited)."""
    bank: int | None = None
    """(A public table.)  The receiver's own time bank, in seconds (None: no clock)."""
    history_from: int = 0
    """The view's history leaves out its first ``history_from`` events: the
    receiver's previous table on this connection held them (0: the whole
    history is here).  See :mod:`.compact`; a client rebuilds the whole table."""
    blinds_up: bool = False
    ended: SeatView | None = None
    ended_stand_ins: tuple[int, ...] = ()
    next_level_in: int | None = None
    """(A tournament's table.)  Seconds, counted when the table was sent,
    until the tournament's clock raises the blinds from those of this
    table's hand (``level``) to the next level's (0: the next hand is dealt
    at higher blinds; None: they do not go up by time, or no longer go up)."""
    result: str | None = None
    """Once the game is over, why it ended (a :class:`~holdem_desktop.session.GameOver`'s
    ``reason``, one of :data:`GAME_ENDS`; None: it is not over): with
    ``places``, the game's result for a member who came after it was said
    (a reloaded page, a new connection); sent only to a member who was in
    the room when it ended, at the seat they held then, never to a newcomer
    (see :meth:`~holdem_desktop.net.room.Room._result_for`)."""
    played: tuple[str, ...] = ()
    """Once the game is over, who played each seat in it ("" for a seat
    nobody played), sent when a seat's holder now (``names``, for the next
    game) is not who played it: the game's places, chips and last hand are
    theirs, and its result names them (empty: every seat is named by its
    player of that game)."""

    def __post_init__(self) -> None:
        _check(self.view is None or isinstance(self.view, SeatView), "view", "not a view")
        _check_int(self.history_from, "history_from", 0, MAX_HISTORY)
        _check(self.history_from == 0 or self.view is not None, "history_from", "no view")
        _check(type(self.blinds_up) is bool, "blinds_up", "not a bool")
        _check(self.ended is None or isinstance(self.ended, SeatView), "ended", "not a view")
        for name in ("stand_ins", "ended_stand_ins"):
            moves = getattr(self, name)
            _check(len(moves) <= MAX_EVENTS, name, "too many items")
            for i, move in enumerate(moves):
                _check_int(move, f"{name}[{i}]", 0, MAX_INT)
            _check(list(moves) == sorted(set(moves)), name, "not in increasing order")
        for name in ("clock", "bank"):
            value = getattr(self, name)
            if value is not None:
                _check_int(value, name, 0, 86400)
        _check_int(self.hand, "hand", 0, MAX_INT)
        _check_int(self.decision, "decision", 0, MAX_INT)
        _check(len(self.watchers) <= MAX_ITEMS, "watchers", "too many items")
        for i, name in enumerate(self.watchers):
            _check_text(name, f"watchers[{i}]", 1, NAME_LENGTH)
        _check(len(self.removed) <= MAX_ITEMS, "removed", "too many items")
        for i, name in enumerate(self.removed):
            _check_text(name, f"removed[{i}]", 1, NAME_LENGTH)
        _check_names(self.names, "names")
        seats = len(self.names)
        _check_names(self.played, "played")
        _check(len(self.played) in (0, seats), "played", "not as long as names")
        for name in ("chips", "places", "kinds", "connected"):
            _check(len(getattr(self, name)) == seats, name, "not as long as names")
        for i, chips in enumerate(self.chips):
            _check_int(chips, f"chips[{i}]", 0, MAX_INT)
        for i, place in enumerate(self.places):
            if place is not None:
                _check_int(place, f"places[{i}]", 1, MAX_PLAYERS)
        for i, kind in enumerate(self.kinds):
            _check(kind in SEAT_KINDS, f"kinds[{i}]", "not a seat kind")
        for i, up in enumerate(self.connected):
            _check(type(up) is bool, f"connected[{i}]", "not a bool")
        _check_int(self.hands_played, "hands_played", 0, MAX_INT)
        _check_int(self.level, "level", 0, MAX_INT)
        _check(len(self.blinds) <= MAX_PLAYERS, "blinds", "too many items")
        for i, blind in enumerate(self.blinds):
            _check_int(blind, f"blinds[{i}]", 0, MAX_INT)
        _check_int(self.ante, "ante", 0, MAX_INT)
        if self.hands_until_next_level is not None:
            _check_int(self.hands_until_next_level, "hands_until_next_level", 0, MAX_INT)
        if self.next_level_in is not None:
            _check_int(self.next_level_in, "next_level_in", 0, MAX_INT)
        _check(type(self.game_over) is bool, "game_over", "not a bool")
        _check(self.result is None or self.result in GAME_ENDS, "result", "not a game's end")
        _check(type(self.started) is bool, "started", "not a bool")
        _check_waiting(self.waiting_for, "waiting_for", seats)

    @classmethod
    def built(cls, *values: Any) -> Table:
        """The table a room builds from its own state, field by field in order
        (the later ones may be left out, as in ``Table(...)``): equal to
        ``Table(*values)`` and encoded the same, without ``__post_init__``.
        Its checks guard a receiver against what it parses; the room's own
        engine state needs none of them, and they cost a third of building
        the table (issue 38).  Anything parsed still goes through them."""
        table = object.__new__(cls)
        table.__dict__.update(zip(_TABLE_FIELDS, values, strict=False))
        for name, default in _TABLE_DEFAULTS[len(values):]:
            table.__dict__[name] = default
        return table


QUIET: dict[type[Any], dict[str, Any]] = {
    Table: {"blinds_up": False, "ended": None, "ended_stand_ins": (), "next_level_in": None,
            "result": None, "played": ()}}
"""Fields written only when they differ from their default (a reader takes
one left out as its default): a table that has nothing to say in them is
written as before they were added, byte for byte."""

_TABLE_FIELDS = tuple(f.name for f in dataclasses.fields(Table))
_TABLE_DEFAULTS = tuple((f.name, f.default) for f in dataclasses.fields(Table))
"""(Only those past the values given are read: they all have defaults.)"""


def _check_waiting(seats: tuple[int, ...], path: str, limit: int = MAX_PLAYERS) -> None:
    for i, seat in enumerate(seats):
        _check_int(seat, f"{path}[{i}]", 0, limit - 1)
    _check(len(set(seats)) == len(seats), path, "seat repeated")


@dataclass(frozen=True)
class Error:
    """A request of the receiver's was refused: ``reason`` is machine-readable
    (an engine ``IllegalAction`` reason, ``not_your_turn``, ``malformed``,
    ``not_host``, ``game_running``, ``hand_running`` …) and ``data`` holds the
    numbers or short words a sentence about it needs."""

    TYPE: ClassVar[str] = "error"
    reason: str
    data: dict[str, int | str] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_word(self.reason, "reason")
        _check(isinstance(self.data, dict) and len(self.data) <= 16, "data", "too many items")
        for key, value in self.data.items():
            where = f"data.{key}" if isinstance(key, str) and _DATA_KEY.fullmatch(key) else "data"
            _check(isinstance(key, str) and _DATA_KEY.fullmatch(key) is not None, where,
                   "bad key")
            if type(value) is int:
                _check_int(value, where, -MAX_INT, MAX_INT)
            else:
                _check_text(cast(str, value), where, 0, _SHORT)

    def __hash__(self) -> int:
        return hash((self.reason, tuple(sorted(self.data.items()))))


def error_data(data: Mapping[str, int | tuple[int, ...] | None]) -> dict[str, int | str]:
    """An engine refusal's data as an :class:`Error` carries it: numbers as
    they are, a list of amounts (the sizes a variant allows) as ``"4,6"``,
    nothing for None or what does not fit."""
    out: dict[str, int | str] = {}
    for key, value in data.items():
        if type(value) is int and -MAX_INT <= value <= MAX_INT:
            out[key] = value
        elif isinstance(value, tuple) and all(type(v) is int for v in value):
            text = ",".join(str(v) for v in value)
            if len(text) <= _SHORT:
                out[key] = text
    return out


@dataclass(frozen=True)
class Waiting:
    """The next hand waits for these seats to press Next hand.  ``say``: the
    receiver pressed Next hand and is told who it waits for; otherwise the
    list only keeps its window up to date (Read state, Start without)."""

    TYPE: ClassVar[str] = "waiting"
    seats: tuple[int, ...]
    say: bool = True

    def __post_init__(self) -> None:
        _check_waiting(self.seats, "seats")


@dataclass(frozen=True)
class News:
    """Something happened to people in the room, to be said to everyone at
    once: ``what`` is one of :data:`NEWS` and ``names`` whom it concerns."""

    TYPE: ClassVar[str] = "news"
    what: str
    names: tuple[str, ...]
    more: int = 0
    """People the news also concerns beyond ``names`` (news folded together)."""

    def __post_init__(self) -> None:
        _check(self.what in NEWS, "what", "not news")
        _check_int(self.more, "more", 0, MAX_INT)
        _check(1 <= len(self.names) <= MAX_PLAYERS, "names", "bad length")
        for i, name in enumerate(self.names):
            _check_text(name, f"names[{i}]", 1, NAME_LENGTH)


@dataclass(frozen=True)
class Pong:
    """The answer to :class:`Ping` ``n``."""

    TYPE: ClassVar[str] = "pong"
    n: int

    def __post_init__(self) -> None:
        _check_int(self.n, "n", 0, MAX_PING)


@dataclass(frozen=True)
class Bye:
    """The host closes the connection; ``reason`` is machine-readable
    (e.g. ``left``, ``abuse``, ``idle``, ``host_closed``)."""

    TYPE: ClassVar[str] = "bye"
    reason: str

    def __post_init__(self) -> None:
        _check_word(self.reason, "reason")


@dataclass(frozen=True)
class Said:
    """A chat line of the member called ``name``, checked by the room: the
    ``text`` typed (1-200 printable characters) or a quick ``phrase`` id."""

    TYPE: ClassVar[str] = "said"
    name: str
    text: str = ""
    phrase: str = ""

    def __post_init__(self) -> None:
        _check_text(self.name, "name", 1, NAME_LENGTH)
        _check(type(self.text) is str and len(self.text) <= SAID_TEXT
               and (self.text == "" or _check_said(self.text)), "text", "not a chat line")
        _check(type(self.phrase) is str and (self.phrase == "" or self.phrase in PHRASES),
               "phrase", "not a phrase")
        _check((self.text == "") != (self.phrase == ""), "phrase", "text or phrase")


SAID_TEXT = 200
"""Longest chat line the host relays (the room's cap)."""


def _check_said(text: str) -> bool:
    """A relayed line: printable (no control, format, bidi or separator
    characters; a space is U+0020) and stripped."""
    return text.isprintable() and text == text.strip()


ACCOUNT_ASKS: TypeAlias = (Register | SignIn | UseSession | SignOut | AskLeaderboard
                           | AskRating | AskWhileAway | SeenWhileAway)
"""A server's account messages (:mod:`.account_messages`): the server answers them."""
ACCOUNT_ANSWERS: TypeAlias = SignedIn | SignedOut | Leaderboard | Rating | WhileAway

ClientMessage: TypeAlias = (Hello | Act | NextHand | NewGame | Leave | Ping | Away | Back
                            | PlayFor | Remove | StartWithout | LetBack | Chat | MuteMember
                            | Create | LobbyList | PlayNow | JoinTable | ACCOUNT_ASKS
                            | TournamentList | TournamentEntry | AskStandings
                            | TournamentTables)
"""What a client sends the host."""
HostMessage: TypeAlias = (Welcome | Refused | Events | Table | Error | Waiting | Pong | Bye
                          | News | Said | Tables | ACCOUNT_ANSWERS | Tournaments
                          | TournamentNews | TournamentStandings | TournamentSeat
                          | TournamentRooms)
"""What the host sends a client."""

_CLIENT_TYPES: Mapping[str, type[Any]] = {
    cls.TYPE: cls for cls in (Hello, Act, NextHand, NewGame, Leave, Ping, Away, Back, PlayFor,
                              Remove, StartWithout, LetBack, Chat, MuteMember, Create,
                              LobbyList, PlayNow, JoinTable, Register, SignIn, UseSession,
                              SignOut, AskLeaderboard, AskRating, AskWhileAway, SeenWhileAway,
                              TournamentList,
                              TournamentEntry, AskStandings, TournamentTables)}
_HOST_TYPES: Mapping[str, type[Any]] = {
    cls.TYPE: cls for cls in (Welcome, Refused, Events, Table, Error, Waiting, Pong, Bye,
                              News, Said, Tables, SignedIn, SignedOut, Leaderboard, Rating,
                              WhileAway, Tournaments, TournamentNews, TournamentStandings,
                              TournamentSeat, TournamentRooms)}
_MAX_ITEMS: dict[tuple[type[Any], str], int] = {(Events, "events"): MAX_EVENTS,
                                                (Tables, "tables"): MAX_LISTED,
                                                (Leaderboard, "rows"): MAX_ROWS,
                                                (Rating, "results"): MAX_RESULTS,
                                                (WhileAway, "results"): MAX_RESULTS,
                                                (SeenWhileAway, "results"): MAX_RESULTS,
                                                (Tournaments, "tournaments"): MAX_TOURNAMENTS,
                                                (TournamentRooms, "tables"): MAX_TABLES}
_RAW_TEXT = frozenset({(Hello, "name"), (Chat, "text"), (Create, "name"), (PlayNow, "name"),
                       (JoinTable, "name"), (Register, "name"), (Register, "password"),
                       (SignIn, "name"), (SignIn, "password"), (TournamentEntry, "name")})
"""Fields taken as they come (the class checks them): a name a person typed
is judged by the room, which can then say ``bad_name``."""


# ----------------------------------------------------------------------
# Writing


def to_payload(message: ClientMessage | HostMessage) -> bytes:
    """The JSON of ``message`` (a frame's body), as UTF-8 bytes (in fact ASCII)."""
    return to_text(message).encode("ascii")


def to_text(message: ClientMessage | HostMessage) -> str:
    """The JSON of ``message`` as text (what a WebSocket text message holds):
    an object with ``v``, ``type`` and each field, as :func:`~.wire.to_wire`
    encodes it, written compactly in ASCII (see :func:`~.wire.to_json`)."""
    head = _HEADS.get(type(message))
    if head is None:
        if any(f.name in ("v", "type") for f in dataclasses.fields(message)):
            raise TypeError("a message field may not be called v or type")
        quiet = QUIET.get(type(message), {})
        head = _HEADS[type(message)] = (
            f'{{"v":{PROTOCOL_VERSION},"type":{json.dumps(message.TYPE)}',
            tuple((f',"{f.name}":', f.name) for f in dataclasses.fields(message)
                  if f.name not in quiet), tuple(quiet.items()))
    start, fields, quiet_fields = head
    text = start + "".join([key + to_json(getattr(message, name)) for key, name in fields])
    for name, default in quiet_fields:  # (after the others: as fast_text writes them)
        value = getattr(message, name)
        if value != default:
            text += f',"{name}":' + to_json(value)
    return text + "}"


_HEADS: dict[type[Any], tuple[str, tuple[tuple[str, str], ...], tuple[tuple[str, Any], ...]]]
_HEADS = {}
"""Each message class's opening, its fields' keys, and its :data:`QUIET` fields."""


def encode(message: ClientMessage | HostMessage) -> bytes:
    """``message`` as one whole frame: 4-byte big-endian length, then the payload.

    Raises ``ValueError`` when the payload exceeds :data:`MAX_FRAME`.
    """
    payload = to_payload(message)
    if len(payload) > MAX_FRAME:
        raise ValueError(f"a {type(message).__name__} of {len(payload)} bytes does not fit "
                         f"in a frame of {MAX_FRAME}")
    return len(payload).to_bytes(_HEADER, "big") + payload


# ----------------------------------------------------------------------
# Reading


class FrameDecoder:
    """Cuts a byte stream into frame payloads.

    :meth:`feed` takes whatever bytes arrived and returns the payloads now
    complete.  A length prefix over the limit raises :class:`FrameTooLarge`
    as soon as its four bytes are in (the body is never waited for), and a
    zero length raises :class:`MalformedMessage` (``empty``).  After either
    the stream cannot be trusted: every later call raises the same error,
    and the connection should be dropped.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self._buffer = bytearray()
        self._error: MalformedMessage | None = None

    @property
    def buffered(self) -> int:
        """Bytes received that do not yet make a whole frame."""
        return len(self._buffer)

    @property
    def partial(self) -> bytes:
        """The bytes of the frame begun and not yet whole (its first 256)."""
        return bytes(self._buffer[:256])

    def feed(self, data: bytes) -> list[bytes]:
        """Add ``data``; return the payloads of the frames it completes, in order."""
        if self._error is not None:
            raise self._error
        buffer = self._buffer
        buffer += data
        payloads: list[bytes] = []
        while len(buffer) >= _HEADER:
            size = int.from_bytes(buffer[:_HEADER], "big")
            if size > self.max_frame:
                self._fail(FrameTooLarge(size, self.max_frame))
            if size == 0:
                self._fail(MalformedMessage("empty", "frame of 0 bytes"))
            end = _HEADER + size
            if len(buffer) < end:
                break
            payloads.append(bytes(buffer[_HEADER:end]))
            del buffer[:end]
        return payloads

    def _fail(self, error: MalformedMessage) -> None:
        self._error = error
        self._buffer.clear()
        raise error


def parse_client(payload: bytes) -> ClientMessage:
    """The message a client sent (a frame's payload); raises :class:`MalformedMessage`."""
    if type(payload) is bytes:
        bare = _BARE.get(payload)
        if bare is not None:
            return bare()
        if (found := _ACT_TEXT.fullmatch(payload)) is not None:
            kind = _ACT_KINDS.get(found[1])
            if kind is not None:  # (else the general path says what is wrong)
                with contextlib.suppress(ValueError):
                    return Act(kind, int(found[2]), int(found[3]), int(found[4]))
    return cast(ClientMessage, _parse(payload, _CLIENT_TYPES))


_ACT_TEXT = re.compile(
    b'\\{"v":%d,"type":"act","kind":"([a-z_]{1,12})","amount":(0|[1-9][0-9]{0,17}),'
    b'"hand":(0|[1-9][0-9]{0,17}),"decision":(0|[1-9][0-9]{0,17})\\}' % PROTOCOL_VERSION)
"""An action exactly as :func:`to_text` writes it (issue 38: most of what
clients send, about 10 µs each through the general path, 2 µs here): its
keys once each and in order, small integers without signs or leading zeros
-- nothing a strict JSON reader would read differently.  Its values are
checked as the general path checks them (:class:`Act`); anything else,
spaces or another order of keys included, takes the general path."""
_ACT_KINDS = {kind.value.encode(): kind for kind in ActionKind}
_BARE: dict[bytes, Callable[[], ClientMessage]] = {
    to_text(kind()).encode(): kind for kind in _CLIENT_TYPES.values()
    if not dataclasses.fields(kind)}
"""Each message without fields (Next hand, Away, Back, ...) exactly as
:func:`to_text` writes it, and its class (issue 38: each person sends Next
hand every hand; 0.2 µs here, 4.4 through the general path, which reads
the same bytes as the same message)."""


def parse_host(payload: bytes) -> HostMessage:
    """The message the host sent (a frame's payload); raises :class:`MalformedMessage`."""
    return cast(HostMessage, _parse(payload, _HOST_TYPES))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise ValueError("duplicate key")
    return found


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number")


def _short_int(text: str) -> int:
    if len(text) > 20:
        raise ValueError("integer too long")
    return int(text)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")


def _too_deep(text: str) -> bool:
    """Whether arrays and objects nest deeper than :data:`MAX_DEPTH` in the
    JSON ``text``, read from its brackets outside strings before any
    parsing: the limit is the game's own, the same on every Python whatever
    the json module's recursion limit there."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # most messages: too few to nest
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    rest = brackets
    for _ in range(MAX_DEPTH):  # each round takes away the innermost pairs, one level
        if not rest:
            return False
        rest = _PAIR.sub("", rest)
    if not rest:
        return False
    depth = 0  # deeper than the limit, or not balanced: count exactly
    for bracket in brackets:
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def _load(payload: bytes) -> object:
    """The JSON value of ``payload``, from a strict subset of JSON: UTF-8, no
    duplicate keys, no NaN or Infinity, integers of at most 20 characters,
    nesting at most :data:`MAX_DEPTH` deep."""
    if not isinstance(payload, bytes | bytearray):
        raise MalformedMessage("not_json", "not bytes")
    if not payload:
        raise MalformedMessage("empty", "no bytes")
    if len(payload) > MAX_FRAME:
        raise MalformedMessage("too_large", f"{len(payload)} bytes")
    try:
        text = bytes(payload).decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedMessage("not_json", "not UTF-8") from None
    if _too_deep(text):
        raise MalformedMessage("too_large", f"nested deeper than {MAX_DEPTH}")
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                           parse_int=_short_int)
    except ValueError as e:  # JSONDecodeError and the hooks' refusals
        detail = e.msg if isinstance(e, json.JSONDecodeError) else str(e)
        raise MalformedMessage("not_json", detail[:60]) from None
    return value


_MESSAGE_FIELDS: dict[type[Any], tuple[tuple[str, Any, bool], ...]] = {}


def _fields_of(cls: type[Any]) -> tuple[tuple[str, Any, bool], ...]:
    """(name, hint, required) of each field of a message class (cached)."""
    found = _MESSAGE_FIELDS.get(cls)
    if found is None:
        hints = get_type_hints(cls)
        found = tuple((f.name, hints[f.name], f.default is dataclasses.MISSING
                       and f.default_factory is dataclasses.MISSING)
                      for f in dataclasses.fields(cls))
        _MESSAGE_FIELDS[cls] = found
    return found


def _parse(payload: bytes, registry: Mapping[str, type[Any]]) -> object:
    data = _load(payload)
    if not isinstance(data, dict):
        raise MalformedMessage("not_object", type(data).__name__)
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise MalformedMessage("wrong_version", f"expected {PROTOCOL_VERSION}")
    kind = data.get("type")
    cls = registry.get(kind) if type(kind) is str else None
    if cls is None:
        raise MalformedMessage("unknown_type", kind[:20] if type(kind) is str else "no type")
    try:
        return _build(cls, data)
    except WireError as e:
        raise MalformedMessage("bad_field", str(e)) from None


def _build(cls: type[Any], data: dict[str, Any]) -> object:
    fields = _fields_of(cls)
    known = {name for name, _, _ in fields} | {"v", "type"}
    for key in data:
        if key not in known:
            shown = key if _DATA_KEY.fullmatch(key) else "?"
            raise WireError(shown, "unexpected")
    values: dict[str, Any] = {}
    for name, hint, required in fields:
        if name not in data:
            if required:
                raise WireError(name, "missing")
            continue  # optional fields may be left out
        if (cls, name) in _RAW_TEXT:
            values[name] = data[name]
            continue
        limit = _MAX_ITEMS.get((cls, name), MAX_ITEMS)
        values[name] = decode(data[name], hint, name, max_items=limit)
    builder = getattr(cls, "_build", None)
    return builder(values) if builder is not None else cls(**values)
