"""The tournaments a server offers, before and around their tables (issue 35
item 2, its first part; no I/O).

A server offers tournaments from its settings (:class:`Offer`): a
sit-and-go of N that starts when N have registered, computers filling the
seats left some time after the first person registered when the offer
allows it; or a scheduled one at its time.  The desk lists them with their
structure (``TournamentInfo``: variant, starting stack, blind speed, seats
per table, registered, start), takes registrations and their withdrawal
until the start, opens the next sit-and-go of an offer as soon as one
starts, and keeps all of it across a restart (:meth:`TournamentDesk.to_json`).

Not here yet: the tables.  Each running tournament's tables are to be rooms
of the server's kind driven by :class:`~holdem_desktop.tournament.Tournament`
(``deal`` / ``hand_ended``, the hands made by ``tournament/hands.py``)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from holdem_desktop.engine.variant import BlindSchedule, Variant
from holdem_desktop.i18n import tournament as words
from holdem_desktop.net.tournament_messages import TournamentInfo
from holdem_desktop.tournament import Structure, Tournament, TournamentError
from holdem_desktop.tournament.saved import tournament_from_json, tournament_to_json

__all__ = ["BLIND_SPEEDS", "COMPUTER", "Offer", "TournamentDesk", "computer_name"]

COMPUTER = words.COMPUTER
"""The start of a computer player's id (a person may not register with it)."""
BLIND_SPEEDS = {"normal": 10, "turbo": 5}
"""Minutes per blind level of each speed a tournament is offered at."""


@dataclass(frozen=True)
class Offer:
    """A tournament a server offers (a sit-and-go when ``start_at`` is None,
    opened again each time one starts)."""

    name: str
    variant: str
    players: int
    seats_per_table: int = 9
    speed: str = "normal"
    computers_after: float | None = None
    """Seconds after the first registration when computers fill a
    sit-and-go's seats left (None: they never do)."""
    start_at: float | None = None
    min_players: int = 2

    def __post_init__(self) -> None:
        if self.speed not in BLIND_SPEEDS:
            raise ValueError(f"speed must be one of {sorted(BLIND_SPEEDS)}, not {self.speed!r}")
        if self.computers_after is not None and self.start_at is not None:
            raise ValueError("computers fill sit-and-gos only")


@dataclass
class _Entry:
    id: str
    offer: Offer
    tournament: Tournament
    first_at: float | None = None
    """When the first player registered (the computers' wait counts from it)."""
    computers: int = 0


class TournamentDesk:
    """Every tournament of this process, by id."""

    def __init__(self, offers: list[Offer], variants: Mapping[str, Variant], *,
                 clock: Callable[[], float], rng: random.Random | None = None,
                 prefix: str = "") -> None:
        self.prefix = prefix
        """The start of each new tournament's id (hex digits: a process
        sharing Redis with others gives its own, so that the ids of every
        process's tournaments differ in every lobby)."""
        self.offers = list(offers)
        self.variants = variants
        self.clock = clock
        self.rng = rng if rng is not None else random.SystemRandom()
        self.entries: dict[str, _Entry] = {}
        self._count = 0
        self.listeners: list[Callable[[str, object], None]] = []
        """Told every tournament's events with its id (the news its people hear)."""
        for offer in self.offers:
            self._open(offer)

    @property
    def count(self) -> int:
        """Tournaments opened so far (the next one's id counts on from it)."""
        return self._count

    def _structure(self, offer: Offer) -> Structure:
        variant = self.variants[offer.variant]
        schedule = BlindSchedule(variant.schedule.levels,
                                 minutes_per_level=BLIND_SPEEDS[offer.speed],
                                 after_last=variant.schedule.after_last)
        return Structure(offer.players, variant.starting_stack, schedule, offer.seats_per_table,
                         offer.start_at, offer.min_players)

    def _open(self, offer: Offer) -> _Entry:
        self._count += 1
        key = f"{self.prefix}t{self._count}"
        seed = self.rng.randrange(2**63)
        entry = _Entry(key, offer, Tournament(self._structure(offer), rng=random.Random(seed),
                                              clock=self.clock))
        self.entries[key] = entry
        self._listen(entry)
        return entry

    def _listen(self, entry: _Entry) -> None:
        def heard(event: object, key: str = entry.id) -> None:
            for listener in self.listeners:
                listener(key, event)
        entry.tournament.listeners.append(heard)

    # ------------------------------------------------------------------

    def listing(self) -> list[TournamentInfo]:
        """Every tournament as the lobby lists it (a scheduled start in whole
        seconds), registering ones first, then by id."""
        self.tick()
        out = []
        for e in self.entries.values():
            s = e.tournament.structure
            after = e.offer.computers_after
            fill = None if after is None or e.first_at is None \
                or e.tournament.state != "registering" else math.ceil(e.first_at + after)
            out.append(TournamentInfo(
                e.id, e.offer.name, e.offer.variant, s.starting_stack, e.offer.speed,
                BLIND_SPEEDS[e.offer.speed], s.seats_per_table, len(e.tournament.registered),
                s.players, None if s.start_at is None else math.floor(s.start_at),
                e.tournament.state, fill))
        return sorted(out, key=lambda t: (t.state != "registering", _number(t.id)))

    def register(self, key: str, player: str) -> None:
        """Register ``player`` (:class:`TournamentError`: ``no_tournament``,
        ``name`` for a computer's id, or the tournament's own refusal, and
        nothing changes)."""
        entry = self._entry(key)
        if player.startswith(COMPUTER):
            raise TournamentError("name", player)
        entry.tournament.register(player)
        if entry.first_at is None:
            entry.first_at = self.clock()
        self._after(entry)

    def unregister(self, key: str, player: str) -> None:
        """Take back ``player``'s registration, until the start."""
        entry = self._entry(key)
        entry.tournament.unregister(player)
        if not any(not p.startswith(COMPUTER) for p in entry.tournament.registered):
            entry.first_at = None  # nobody waits any more: no computers yet

    def tick(self) -> None:
        """The clock: scheduled starts, computers filling a sit-and-go whose
        first person has waited long enough."""
        for entry in list(self.entries.values()):
            entry.tournament.tick()
            offer = entry.offer
            t = entry.tournament
            if (t.state == "registering" and offer.computers_after is not None
                    and entry.first_at is not None
                    and self.clock() - entry.first_at >= offer.computers_after):
                while t.state == "registering":
                    entry.computers += 1
                    t.register(computer_name(entry.computers))
            self._after(entry)

    def _after(self, entry: _Entry) -> None:
        """A sit-and-go that started makes room for the next of its offer."""
        if (entry.tournament.state != "registering" and entry.offer.start_at is None
                and not any(e.offer == entry.offer and e.tournament.state == "registering"
                            for e in self.entries.values())):
            self._open(entry.offer)

    def _entry(self, key: str) -> _Entry:
        if key not in self.entries:
            raise TournamentError("no_tournament", key)
        return self.entries[key]

    def tournament(self, key: str) -> Tournament:
        """The tournament ``key`` (for its tables)."""
        return self._entry(key).tournament

    # ------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Every tournament and offer as JSON-ready data."""
        return {"count": self._count,
                "entries": [{"id": e.id, "offer": asdict(e.offer), "first_at": e.first_at,
                             "computers": e.computers,
                             "tournament": tournament_to_json(e.tournament)}
                            for e in self.entries.values()]}

    def restore(self, data: Any) -> None:
        """Take back what :meth:`to_json` saved in place of what this desk
        opened (:class:`TournamentError` ``saved`` when it is not that)."""
        try:
            entries = {}
            for item in data["entries"]:
                offer = Offer(**item["offer"])
                first = item["first_at"]
                entries[str(item["id"])] = _Entry(
                    str(item["id"]), offer,
                    tournament_from_json(item["tournament"], clock=self.clock),
                    None if first is None else float(first), int(item["computers"]))
            count = int(data["count"])
        except (KeyError, TypeError, ValueError) as exc:
            raise TournamentError("saved", str(exc)) from None
        self.entries, self._count = entries, count
        for entry in entries.values():
            self._listen(entry)
        for offer in self.offers:  # an offer added to the settings since
            if not any(e.offer == offer for e in entries.values()):
                self._open(offer)


def _number(key: str) -> int:
    """The count in a tournament's id (``t3``, ``0a1b2ct3``: 3)."""
    tail = key.rsplit("t", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def computer_name(number: int) -> str:
    """The id of the ``number``-th computer of a tournament."""
    return f"{COMPUTER}{number}"
