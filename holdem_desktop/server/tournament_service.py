"""The server's tournaments on disk (issue 35): the offers of a settings
file (``tournaments``, TOML), and the desk saved in the data folder
(``tournaments.json``, a log of what changed: :mod:`.tournament_save`)
whenever it changed and read back at the start.

A settings file offers one ``[[tournament]]`` table per tournament::

    [[tournament]]
    name = "Six at two tables"      # shown in the lobby
    variant = "tournament"          # a shipped variant's key: its blinds and stack
    players = 6                     # a sit-and-go starts when so many registered
    seats_per_table = 3             # 3 to 10 (default 9)
    speed = "turbo"                 # "normal": 10 minutes a level, "turbo": 5
    computers_after = 120           # seconds after the first registration when
                                    # computers fill the seats left (optional)
    # start = 2026-12-24T20:00:00Z  # a scheduled start instead (optional)
    # min_players = 3               # below it at the start: cancelled (default 2)
"""

from __future__ import annotations

import contextlib
import datetime
import os
import secrets
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from holdem_desktop.engine.variant import shipped_variants
from holdem_desktop.i18n.translate import _
from holdem_desktop.tournament import TournamentError
from holdem_desktop.tournament.core import CANCELLED, OVER, RUNNING

from .lobby import Lobby
from .tournament_owners import Owners
from .tournament_play import HANDS_PER_TICK, TablePlay
from .tournament_room import TournamentRoom
from .tournament_save import DeskLog, read_desk
from .tournaments import Offer, TournamentDesk

__all__ = ["DeskFile", "OfferError", "fast_clock", "load_offers"]

_KEYS = {"name", "variant", "players", "seats_per_table", "speed", "computers_after", "start",
         "min_players"}


class OfferError(ValueError):
    """A tournaments file that cannot be used (the message says why)."""


def load_offers(path: Path) -> list[Offer]:
    """The tournaments ``path`` offers (:class:`OfferError` when it cannot be used)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise OfferError(_("The tournaments file {path} cannot be read: {problem}").format(
            path=path, problem=exc)) from None
    items = data.get("tournament", [])
    if set(data) - {"tournament"} or not isinstance(items, list):
        raise OfferError(_("{path}: each tournament is a [[tournament]] table").format(
            path=path))
    variants = shipped_variants()
    offers = []
    for number, item in enumerate(items, 1):
        try:
            unknown = set(item) - _KEYS
            if unknown:
                raise ValueError(f"no such key: {', '.join(sorted(unknown))}")
            if item.get("variant") not in variants:
                raise ValueError(f"variant: one of {', '.join(sorted(variants))}")
            start = item.get("start")
            if start is not None and not isinstance(start, datetime.datetime):
                raise ValueError("start: a date and time, such as 2026-12-24T20:00:00Z")
            offer = Offer(str(item["name"]), item["variant"], int(item["players"]),
                          int(item.get("seats_per_table", 9)), str(item.get("speed", "normal")),
                          item.get("computers_after"),
                          None if start is None else start.timestamp(),
                          int(item.get("min_players", 2)))
            TournamentDesk([offer], variants, clock=time.time)  # its structure checked
        except (KeyError, TypeError, ValueError, TournamentError) as exc:
            raise OfferError(_("{path}: tournament {number}: {problem}").format(
                path=path, number=number, problem=exc)) from None
        offers.append(offer)
    return offers


class DeskFile:
    """The desk of a server started with a tournaments file, kept in
    ``folder/tournaments.json`` (a save that cannot be read is set aside as
    ``tournaments.json.bad`` and the offers open afresh).  With a ``lobby``,
    the running tournaments' tables are its rooms (:mod:`.tournament_play`;
    without, a lobby of their own: nobody reaches them)."""

    def __init__(self, offers_file: Path, folder: Path, lobby: Lobby | None = None, *,
                 speed: int = 1, prefix: str = "", pace: bool = True) -> None:
        self.path = folder / "tournaments.json"
        self.pace = pace
        """Whether a person not connected keeps their seat at a human pace
        (the setting ``tournament_pace``: :attr:`TablePlay.keep_pace`)."""
        self.lobby = lobby
        self.secret = _secret(folder / "tournament.key")
        """What the people's tokens are made from (kept: the same after a restart)."""
        self.on_over: Callable[[str, tuple[tuple[str, int], ...]], object] = lambda k, r: None
        """Told (tournament id, ranking) when one is over (the ratings)."""
        self.desk = TournamentDesk(load_offers(offers_file), shipped_variants(),
                                   clock=fast_clock(speed), prefix=prefix)
        self.log = DeskLog(self.path)
        self.plays: dict[str, TablePlay] = {}
        """The running tournaments' tables, by tournament id."""
        self._ended_hands = 0
        self.saved: dict[str, dict[int, TournamentRoom]] = {}
        """Tables' rooms restored from their saves, by tournament and table,
        until the tournament's play takes them (:meth:`adopt`)."""
        if self.path.exists():
            try:
                saved = read_desk(self.path)
                owners = Owners()  # whose each registration is (their tokens' digests)
                owners.restore(saved.get("owners", {}) if isinstance(saved, dict) else None)
                self.desk.restore(saved)  # read whole before anything is taken
                if lobby is not None:
                    lobby.owners = owners
            except (OSError, ValueError, TournamentError):
                os.replace(self.path, self.path.with_suffix(".json.bad"))

    def tick(self, hands: int = HANDS_PER_TICK) -> None:
        """The desk's clock, the running tournaments' hands (up to ``hands``
        at the computers' tables, see :mod:`.tournament_play`; the server
        gives 0 and plays them in :meth:`play` slices), then a save when
        anything changed."""
        self.desk.tick()
        for key, entry in self.desk.entries.items():
            if entry.tournament.state == RUNNING:
                self._play(key).play(hands)
        self._forget_ended()
        self.save()

    def play(self, until: float) -> int:
        """The running tournaments' tables played until ``time.perf_counter()``
        reads ``until`` (a hand begun is played to its end or to a person's
        turn); the hands dealt (0: every table waits)."""
        played = 0
        for play in list(self.plays.values()):
            if play.lobby is not None and play.tournament.state == RUNNING:
                played += play.play(HANDS_PER_TICK, until)
        self._forget_ended()
        return played

    def _forget_ended(self) -> None:
        for key, entry in self.desk.entries.items():  # (one made before the start is kept)
            if entry.tournament.state in (OVER, CANCELLED) and key in self.plays:
                self._ended_hands += self.plays.pop(key).hands

    def _play(self, key: str) -> TablePlay:
        """The play of running tournament ``key`` (made, and attached, the first time)."""
        if key not in self.plays:
            entry = self.desk.entries[key]
            self.plays[key] = TablePlay(entry.tournament, self.desk.variants[entry.offer.variant])
            self.plays[key].saved = self.saved.pop(key, {})
            self.plays[key].keep_pace = self.pace
        play = self.plays[key]
        if play.lobby is None:
            play.key, play.secret, play.on_over = key, self.secret, self.on_over
            play.attach(self.lobby or Lobby("", clock=time.monotonic),
                        reachable=self.lobby is not None)
        return play

    def open_tables(self) -> None:
        """Each running tournament's tables open as rooms now (a restart:
        their people's hellos reach them before the first tick), none dealt."""
        for key, entry in self.desk.entries.items():
            if entry.tournament.state == RUNNING and self.lobby is not None:
                self._play(key).open()

    def adopt(self, room: TournamentRoom) -> bool:
        """Take ``room``, a table restored from its save, for its running
        tournament's play (False: no such table plays now, its save goes)."""
        entry = self.desk.entries.get(room.tournament)
        if (entry is None or entry.tournament.state != RUNNING
                or room.number not in entry.tournament.tables or self.lobby is None):
            return False
        self.saved.setdefault(room.tournament, {})[room.number] = room
        return True

    def save_moved(self) -> None:
        """Write the desk when a hand was dealt or reported since its last
        write: the server does it before writing the tables' rooms, so a
        table's save is never ahead of its tournament's (a failure is left
        for the next turn)."""
        if any(play.moved for play in self.plays.values()):
            with contextlib.suppress(OSError):
                self.save()

    @property
    def hands(self) -> int:
        """Hands dealt at the tournaments' tables since the start (``/health``)."""
        return self._ended_hands + sum(play.hands for play in self.plays.values())

    def save(self, whole: bool = False) -> None:
        """Write what changed in the desk since the last write, at once: a
        line appended, or the file replaced by the whole desk (``whole``: the
        server stops), so a kill never leaves half a save (see
        :mod:`.tournament_save`)."""
        for play in self.plays.values():
            play.moved = False
        owners = self.lobby.owners.to_json() if self.lobby is not None else None
        self.log.save(self.desk, owners, self.data, whole)

    def data(self) -> Any:
        """What is saved: the desk, and with a lobby whose each registration is."""
        saved = self.desk.to_json()
        if self.lobby is not None:
            saved["owners"] = self.lobby.owners.to_json()
        return saved


def _secret(path: Path) -> bytes:
    """The secret kept in ``path`` (made there the first time; one that
    cannot be read or written: a new one for this run)."""
    try:
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        made = secrets.token_bytes(32)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(made.hex(), encoding="ascii")
        except OSError:
            pass
        return made


def fast_clock(speed: int) -> Callable[[], float]:
    """The wall's clock (``time.time``), or one running ``speed`` times as
    fast from now on (the setting ``tournament_clock``: a bench's blinds)."""
    if speed <= 1:
        return time.time
    start = time.time()
    return lambda: start + (time.time() - start) * speed
