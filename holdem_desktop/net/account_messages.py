"""Accounts and ratings on a server (docs/protocol.md, *Accounts*).  Messages
only, with no I/O, checked when built like every other message
(:mod:`.protocol` parses them).

A name may be reserved on a server with a password (:class:`Register`);
:class:`SignIn` answers a session token (:class:`SignedIn`), which the game
keeps instead of the password and shows on each new connection
(:class:`UseSession`) before its hello; :class:`SignOut` revokes it.  The
ratings of ranked public games are read with :class:`AskLeaderboard` and
:class:`AskRating`; the rated tournaments that ended while the account was
told nothing with :class:`AskWhileAway`, kept until the game says it
told them (:class:`SeenWhileAway`).  A refusal is an :class:`~.protocol.Error` to the
sender alone (``wrong_password``, ``name_taken``, ``bad_name``,
``bad_password``, ``too_many_tries``, ``banned``, ``bad_session``,
``not_signed_in``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from .checks import NAME_LENGTH, _check, _check_int, _check_text
from .lobby_messages import _stripped

__all__ = ["MAX_RESULTS", "MAX_ROWS", "PASSWORD_LENGTH", "SESSION_TOKEN", "TELLINGS",
           "AskLeaderboard", "AskRating", "AskWhileAway", "Leaderboard", "Missed", "Rating",
           "Register", "Result", "SeenWhileAway", "SignIn", "SignOut", "SignedIn", "SignedOut",
           "Standing", "UseSession", "WhileAway"]

TELLINGS = 3
"""Times the server answers one kept result to :class:`AskWhileAway` at
most, unacknowledged (an older game never says :class:`SeenWhileAway`):
it is forgotten as it is sent the last time."""
PASSWORD_LENGTH = (8, 100)
"""Shortest and longest password, in characters."""
MAX_ROWS = 50
"""Rows of one :class:`Leaderboard` at most."""
MAX_RESULTS = 20
"""Games a :class:`Rating` lists at most (the latest first)."""
SESSION_TOKEN = re.compile(r"[0-9a-f]{64}")
"""A session token: 256 random bits in lowercase hex."""
_WIRE_TEXT = 100
"""Longest name or password on the wire (the server judges them and says why)."""
_MAX_RATING = 10**7
"""Largest rating (in tenths) a message may carry, either way."""


def _check_session(token: str, path: str = "token") -> None:
    _check(type(token) is str and SESSION_TOKEN.fullmatch(token) is not None, path,
           "not a session token")


def _check_typed(name: str, password: str) -> None:
    for value, path in ((name, "name"), (password, "password")):
        _check(type(value) is str, path, "not a string")
        _check(len(value) <= _WIRE_TEXT, path, "bad length")


@dataclass(frozen=True)
class _Credentials:
    """A name and a password, taken as typed (the server judges them)."""

    name: str
    password: str

    def __post_init__(self) -> None:
        _check_typed(self.name, self.password)

    @classmethod
    def _build(cls, values: dict[str, Any]) -> Any:
        return cls(**_stripped(values))


@dataclass(frozen=True)
class Register(_Credentials):
    """Reserve ``name`` on this server with ``password`` (answered
    :class:`SignedIn`, or an error: ``name_taken``, ``bad_name``,
    ``bad_password``, ``banned``, ``too_many_tries``)."""

    TYPE: ClassVar[str] = "register"


@dataclass(frozen=True)
class SignIn(_Credentials):
    """Sign in as ``name`` (answered :class:`SignedIn` with a new session
    token, or ``wrong_password``, ``banned``, ``too_many_tries``)."""

    TYPE: ClassVar[str] = "sign_in"


@dataclass(frozen=True)
class UseSession:
    """This connection is the account's whose session ``token`` it shows
    (answered :class:`SignedIn` with the same token, or ``bad_session``)."""

    TYPE: ClassVar[str] = "session"
    token: str

    def __post_init__(self) -> None:
        _check_session(self.token)


@dataclass(frozen=True)
class SignOut:
    """Revoke the session ``token`` (answered :class:`SignedOut`; the token
    is refused from then on, whoever shows it)."""

    TYPE: ClassVar[str] = "sign_out"
    token: str

    def __post_init__(self) -> None:
        _check_session(self.token)


@dataclass(frozen=True)
class AskLeaderboard:
    """The best ratings of this server (answered :class:`Leaderboard`)."""

    TYPE: ClassVar[str] = "leaderboard"


@dataclass(frozen=True)
class AskRating:
    """The signed-in account's own rating and latest games (answered
    :class:`Rating`, or ``not_signed_in``)."""

    TYPE: ClassVar[str] = "my_rating"


@dataclass(frozen=True)
class AskWhileAway:
    """The rated tournaments that ended while the signed-in account was told
    nothing of it (answered :class:`WhileAway`; or ``not_signed_in``).  The
    server keeps them until the game acknowledges them
    (:class:`SeenWhileAway`), told at most :data:`TELLINGS` times.  A
    client that never asks is never sent one: an older game is unaffected."""

    TYPE: ClassVar[str] = "while_away"


@dataclass(frozen=True)
class SignedIn:
    """The connection is signed in as ``name`` (the account's own spelling);
    ``token``: the session to keep (and show on the next connections)."""

    TYPE: ClassVar[str] = "signed_in"
    name: str
    token: str

    def __post_init__(self) -> None:
        _check_text(self.name, "name", 1, NAME_LENGTH)
        _check_session(self.token)


@dataclass(frozen=True)
class SignedOut:
    """The session is revoked."""

    TYPE: ClassVar[str] = "signed_out"


def _check_rating(value: int, path: str) -> None:
    _check_int(value, path, -_MAX_RATING, _MAX_RATING)


@dataclass(frozen=True)
class Standing:
    """One row of the leaderboard: its ``rank`` (1 the best), the account's
    ``name``, its ``rating`` in tenths (``123`` is 12.3) and ``games`` rated."""

    rank: int
    name: str
    rating: int
    games: int

    def __post_init__(self) -> None:
        _check_int(self.rank, "rank", 1, 10**9)
        _check_text(self.name, "name", 1, NAME_LENGTH)
        _check_rating(self.rating, "rating")
        _check_int(self.games, "games", 0, 10**9)


@dataclass(frozen=True)
class Leaderboard:
    """The best :data:`MAX_ROWS` ratings, best first; ``total``: accounts rated."""

    TYPE: ClassVar[str] = "leaderboard"
    rows: tuple[Standing, ...]
    total: int

    def __post_init__(self) -> None:
        _check(len(self.rows) <= MAX_ROWS, "rows", "too many items")
        _check_int(self.total, "total", len(self.rows), 10**9)
        for i, row in enumerate(self.rows):
            _check(isinstance(row, Standing), f"rows[{i}]", "not a standing")


@dataclass(frozen=True)
class Result:
    """One ranked game of an account (a table's, or a tournament's: up to
    100,000 entrants): its ``place`` among ``players`` and the rating's
    ``change`` in tenths."""

    place: int
    players: int
    change: int

    def __post_init__(self) -> None:
        _check_int(self.players, "players", 2, 100_000)
        _check_int(self.place, "place", 1, self.players)
        _check_rating(self.change, "change")


@dataclass(frozen=True)
class Rating:
    """The receiver's account: ``rating`` in tenths, ``games`` rated, its
    ``rank`` on the leaderboard (0: no game yet) and the latest ``results``
    (at most :data:`MAX_RESULTS`, the latest first)."""

    TYPE: ClassVar[str] = "rating"
    name: str
    rating: int
    games: int
    rank: int
    results: tuple[Result, ...]

    def __post_init__(self) -> None:
        _check_text(self.name, "name", 1, NAME_LENGTH)
        _check_rating(self.rating, "rating")
        _check_int(self.games, "games", 0, 10**9)
        _check_int(self.rank, "rank", 0, 10**9)
        _check(len(self.results) <= MAX_RESULTS, "results", "too many items")
        for i, result in enumerate(self.results):
            _check(isinstance(result, Result), f"results[{i}]", "not a result")


_TOURNAMENT_NAME = 100
"""Longest tournament name on the wire (as the tournaments' list carries it)."""


@dataclass(frozen=True)
class Missed:
    """A rated tournament that ended while its entrant was away: its name
    ``tournament``, their ``place`` of ``players`` (``shared`` with others
    out in the same hand with as many chips), the account's ``rating`` just
    after it, in tenths, and the ``change`` it made (so it was ``rating -
    change`` before)."""

    tournament: str
    place: int
    players: int
    shared: bool
    rating: int
    change: int

    def __post_init__(self) -> None:
        _check_text(self.tournament, "tournament", 1, _TOURNAMENT_NAME)
        _check_int(self.players, "players", 2, 100_000)
        _check_int(self.place, "place", 1, self.players)
        _check(type(self.shared) is bool, "shared", "not a boolean")
        _check_rating(self.rating, "rating")
        _check_rating(self.change, "change")


@dataclass(frozen=True)
class WhileAway:
    """The answer to :class:`AskWhileAway`: the rated tournaments that ended
    while the account was away (at most :data:`MAX_RESULTS`, the oldest
    first; none: nothing missed)."""

    TYPE: ClassVar[str] = "while_away"
    results: tuple[Missed, ...]

    def __post_init__(self) -> None:
        _check(len(self.results) <= MAX_RESULTS, "results", "too many items")
        for i, result in enumerate(self.results):
            _check(isinstance(result, Missed), f"results[{i}]", "not a result")


@dataclass(frozen=True)
class SeenWhileAway:
    """The game told its player these ``results`` of a :class:`WhileAway`
    (each as it came): the server forgets them (those it still keeps for
    the signed-in account; any other passes).  Not answered; a refusal is
    an :class:`~.protocol.Error` to the sender alone (``not_signed_in``,
    ``too_fast``)."""

    TYPE: ClassVar[str] = "seen_while_away"
    results: tuple[Missed, ...]

    def __post_init__(self) -> None:
        _check(0 < len(self.results) <= MAX_RESULTS, "results", "bad length")
        for i, result in enumerate(self.results):
            _check(isinstance(result, Missed), f"results[{i}]", "not a result")
