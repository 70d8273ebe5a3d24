"""A running tournament's standings, asked from the lobby (issue 35 item 3):
the players left of the entrants, the average stack, the asker's own stack
and rank when they play there, the blind level now and the next one and
when.  Messages only, checked when built (:mod:`.protocol` parses them).

A connection in no room sends :class:`AskStandings` (``tournament_standings``
with the tournament's ``id``) and is answered :class:`TournamentStandings`
(the same type on the way back), or ``error`` ``tournament`` with the reason
(``no_tournament``, ``not_running``, ``none``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .checks import _check, _check_int, _check_text, _check_word
from .tournament_messages import _check_id

__all__ = ["AskStandings", "TournamentStandings"]

_CHIPS = 10**15
_PLAYERS = 100_000


@dataclass(frozen=True)
class AskStandings:
    """Ask for tournament ``id``'s standings."""

    TYPE: ClassVar[str] = "tournament_standings"
    id: str

    def __post_init__(self) -> None:
        _check_id(self.id, "id")


@dataclass(frozen=True)
class TournamentStandings:
    """Tournament ``id`` at a glance, as its ``state`` is (``running``, ``over``):
    ``left`` players of ``entrants``, the ``average`` stack of those left;
    the asker's ``name`` there ("" when this connection plays no one there),
    their ``chips`` and ``rank`` by chips among those left (0 once out), and
    their ``place`` once out (``shared`` with others); the blind ``level``
    now (1 for the first), its ``blinds`` and ``ante``, the next level's
    ``next_blinds`` and ``next_ante`` in ``next_in`` seconds (None, with no
    next blinds: they no longer go up)."""

    TYPE: ClassVar[str] = "tournament_standings"
    id: str
    state: str
    entrants: int
    left: int
    average: int
    level: int
    blinds: tuple[int, ...]
    ante: int = 0
    next_blinds: tuple[int, ...] = ()
    next_ante: int = 0
    next_in: int | None = None
    name: str = ""
    chips: int = 0
    rank: int = 0
    place: int = 0
    shared: bool = False

    def __post_init__(self) -> None:
        _check_id(self.id, "id")
        _check_word(self.state, "state")
        _check_int(self.entrants, "entrants", 2, _PLAYERS)
        _check_int(self.left, "left", 0, self.entrants)
        _check_int(self.rank, "rank", 0, self.left)
        _check_int(self.place, "place", 0, self.entrants)
        _check_int(self.level, "level", 1, 10_000)
        for field in ("average", "ante", "next_ante", "chips"):
            _check_int(getattr(self, field), field, 0, _CHIPS)
        _check(len(self.blinds) == 2, "blinds", "not two blinds")
        _check(len(self.next_blinds) == (0 if self.next_in is None else 2), "next_blinds",
               "not two blinds, or blinds that never come")
        for i, b in enumerate(self.blinds + self.next_blinds):
            _check_int(b, f"blinds[{i}]", 0, _CHIPS)
        if self.next_in is not None:
            _check_int(self.next_in, "next_in", 0, 10**7)
        if self.name:
            _check_text(self.name, "name", 1, 100)
        _check(type(self.shared) is bool, "shared", "not a bool")
