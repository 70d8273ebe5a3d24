"""The SQLite file of every hand played on this computer.

One file (``hands.sqlite`` in the user data folder) holds:

- ``games``: one row a game — when, local or a room, the variant, your name,
  the opponents' level (``easy`` … or ``room``), your place at the end;
- ``hands``: one row a hand — its number, big blind, pot, board, your
  cards and figures (so that your statistics read one small table);
- ``histories``: the whole hand as PHH text, compressed, as you saw it
  (nobody's unseen cards) — what the review replays and the export writes;
- ``seats``: one row per player of a hand — name, kind (``human``, a
  computer level, ``friend``), starting stack, result, the figures of
  :mod:`.figures`, the cards shown.

The actions are the PHH ``actions`` of the hand's history.  A hand is
written in one transaction (WAL journal: a crash or a kill loses at most the
hand being written).  ``PRAGMA user_version`` is the schema version; older
files are migrated forward on opening (:data:`MIGRATIONS`).

A file that cannot be used — not a database, truncated, malformed, of a
newer version, or locked by another program for longer than a moment — is
moved aside (renamed ``hands.sqlite.bad-…``) and a fresh one started; the
``notice`` callback is told why, in words the player hears.  A file that
cannot be moved either (Windows refuses to rename a file another program
has open) is left as it is, and the run's hands are kept in memory
(``stuck``).  Nothing here
raises into a game: :class:`HandStore` methods that write return whether
they could.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from holdem_desktop.engine.cards import ALL_CARDS
from holdem_desktop.engine.phh import DealBoard, PhhError, PhhHand, dumps, loads

from .figures import SeatFigures, figures, posted_blinds

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "GameInfo", "HandStore", "StoreProblem", "cards_text"]

SCHEMA_VERSION = 1

MIGRATIONS: dict[int, str] = {
    # version reached: the SQL that takes the version before it there
    1: """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        started REAL NOT NULL,
        kind TEXT NOT NULL,            -- local, room, imported
        variant TEXT NOT NULL,
        hero TEXT,
        opponents TEXT NOT NULL DEFAULT '',
        players INTEGER NOT NULL,
        place INTEGER,
        finished INTEGER NOT NULL DEFAULT 0,
        source TEXT UNIQUE
    );
    CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        game INTEGER NOT NULL REFERENCES games(id),
        number INTEGER NOT NULL,
        ended REAL NOT NULL,
        big_blind INTEGER NOT NULL,
        pot INTEGER NOT NULL,
        board TEXT NOT NULL,
        hero INTEGER,
        hero_cards TEXT NOT NULL DEFAULT '',
        hero_net INTEGER NOT NULL DEFAULT 0,
        hero_stack INTEGER NOT NULL DEFAULT 0,
        hero_flags INTEGER NOT NULL DEFAULT 0,
        hero_aggr INTEGER NOT NULL DEFAULT 0,
        hero_calls INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX hands_game ON hands(game, number);
    CREATE TABLE histories (
        hand INTEGER PRIMARY KEY REFERENCES hands(id),
        phh BLOB NOT NULL               -- kept apart: the figures' scans stay small
    );
    CREATE TABLE seats (
        hand INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        stack INTEGER NOT NULL,
        net INTEGER NOT NULL,
        flags INTEGER NOT NULL,
        aggr INTEGER NOT NULL,
        calls INTEGER NOT NULL,
        shown TEXT,
        PRIMARY KEY (hand, idx)
    ) WITHOUT ROWID;
    CREATE INDEX seats_name ON seats(name);
    CREATE INDEX seats_friend ON seats(name) WHERE kind = 'friend';
    """,
}
"""Each schema version's step from the one before; a new version adds an
entry (an ``ALTER TABLE`` …) and raises :data:`SCHEMA_VERSION`."""

LOCK_WAIT = 0.5
"""Seconds to wait for a file another program holds before moving it aside."""


class StoreProblem(Exception):
    """Why the file cannot be used: ``reason`` is ``corrupt``, ``locked`` or ``newer``."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game row records when it starts."""

    kind: str
    variant: str
    hero: str | None
    opponents: str
    players: int
    started: float = 0.0
    source: str | None = None


def cards_text(cards: Sequence[int] | None) -> str:
    """Cards as PHH spells them (``AhKd``); empty for none."""
    return "".join(str(ALL_CARDS[c]) for c in cards) if cards else ""


def pack(phh: PhhHand) -> bytes:
    """The stored form of a hand: its PHH text, compressed."""
    return zlib.compress(dumps(phh).encode("utf-8"), 6)


def unpack(blob: bytes) -> PhhHand:
    """A stored hand back as PHH (raises :class:`PhhError` for a damaged one)."""
    try:
        return loads(zlib.decompress(blob).decode("utf-8"))
    except (zlib.error, UnicodeDecodeError) as exc:
        raise PhhError("unreadable", f"stored hand damaged: {exc}") from None


class HandStore:
    """The hands file at ``path``, opened at once (moved aside and started
    afresh if it cannot be used: ``notice(reason)`` hears ``corrupt``,
    ``locked`` or ``newer``; ``stuck`` when it could not be moved either, and
    this run's hands are kept in memory).  ``path`` ``":memory:"`` keeps it in memory."""

    def __init__(self, path: str | Path, notice: Callable[[str], None] | None = None) -> None:
        self.path = path if path == ":memory:" else Path(path)
        self.notice = notice or (lambda reason: None)
        self.moved: list[Path] = []
        """Files moved aside by this store."""
        self.db = self._open_checked()

    # ------------------------------------------------------------------
    # Opening, checking, moving aside

    def _connect(self) -> sqlite3.Connection:
        if isinstance(self.path, Path):
            self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(str(self.path), timeout=LOCK_WAIT, isolation_level=None)
        return db

    def _open_checked(self) -> sqlite3.Connection:
        try:
            return self._open()
        except StoreProblem as exc:
            return self._fresh(exc.reason)
        except sqlite3.OperationalError as exc:
            return self._fresh("locked" if _is_locked(exc) else "corrupt")
        except sqlite3.DatabaseError:
            return self._fresh("corrupt")

    def _open(self) -> sqlite3.Connection:
        if isinstance(self.path, Path) and self.path.exists():
            _check_header(self.path)
        db = self._connect()
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA foreign_keys=ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreProblem("newer", f"schema {version}")
            db.execute("BEGIN IMMEDIATE")  # also: is anyone else holding it?
            try:
                for step in range(version + 1, SCHEMA_VERSION + 1):
                    for statement in _statements(MIGRATIONS[step]):
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version={step}")
                db.execute("SELECT count(*) FROM games").fetchone()
                db.execute("COMMIT")
            except BaseException:
                _rollback(db)
                raise
        except BaseException:
            db.close()
            raise
        return db

    def _fresh(self, reason: str) -> sqlite3.Connection:
        """Move the unusable file aside, start a new one, and say so."""
        if isinstance(self.path, Path):
            stamp = time.strftime("%Y%m%d-%H%M%S")
            for suffix in ("", "-wal", "-shm"):
                old = Path(f"{self.path}{suffix}")
                if old.exists():
                    aside = old.with_name(f"{self.path.name}.{reason}-{stamp}{suffix}")
                    try:
                        os.replace(old, aside)
                    except OSError:
                        continue
                    if not suffix:
                        self.moved.append(aside)
            if self.path.exists():  # not moved (Windows: another program has it open)
                self.notice("stuck")
                self.path = ":memory:"
                return self._open()
        self.notice(reason)
        try:
            return self._open()
        except (StoreProblem, sqlite3.DatabaseError):
            self.path = ":memory:"  # the folder itself is unusable: keep this run's hands
            return self._open()

    def _replace(self, exc: sqlite3.DatabaseError) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.close()
        locked = isinstance(exc, sqlite3.OperationalError) and _is_locked(exc)
        self.db = self._fresh("locked" if locked else "corrupt")

    def _write(self, work: Callable[[sqlite3.Connection], int]) -> int | None:
        """Run ``work`` in one transaction: its result, or None if it could
        not be written.  A damaged or locked file is moved aside and the
        write made once more, on the fresh file."""
        for attempt in range(2):
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    result = work(self.db)
                    self.db.execute("COMMIT")
                    return result
                except BaseException:
                    _rollback(self.db)
                    raise
            except sqlite3.DatabaseError as exc:
                if attempt or isinstance(exc, sqlite3.IntegrityError):
                    return None
                self._replace(exc)
            except sqlite3.Error:
                return None
        return None

    def close(self) -> None:
        """Close the file."""
        with contextlib.suppress(sqlite3.Error):
            self.db.close()

    # ------------------------------------------------------------------
    # Writing

    def add_game(self, info: GameInfo) -> int | None:
        """A new game's id (None: it could not be written)."""
        return self._write(lambda db: _insert_game(db, info))

    def unfinished_game(self, info: GameInfo) -> int | None:
        """The last unfinished game like ``info`` (a continued game goes on in it)."""
        try:
            row = self.db.execute(
                "SELECT id FROM games WHERE finished = 0 AND kind = ? AND variant = ?"
                " AND hero IS ? AND players = ? ORDER BY id DESC LIMIT 1",
                (info.kind, info.variant, info.hero, info.players)).fetchone()
        except sqlite3.Error:
            return None
        return None if row is None else int(row[0])

    def game_exists(self, game: int) -> bool:
        """Whether game ``game`` is in this file (it was not moved aside since)."""
        try:
            return self.db.execute("SELECT 1 FROM games WHERE id = ?", (game,)).fetchone() \
                is not None
        except sqlite3.Error:
            return False

    def add_hand(self, game: int | None, info: GameInfo, number: int, phh: PhhHand,
                 hero: int | None, kinds: Sequence[str], ended: float = 0.0) -> int | None:
        """Write one finished hand of ``game`` (created from ``info`` if it is
        None or was lost with a file moved aside); returns the game's id, or
        None if nothing could be written.  ``hero`` is your PHH player index
        (None: you did not play it), ``kinds`` each player's kind."""
        row = _hand_rows(phh, hero, kinds)

        def work(db: sqlite3.Connection) -> int:
            gid = game
            if gid is None or db.execute("SELECT 1 FROM games WHERE id = ?",
                                         (gid,)).fetchone() is None:
                gid = _insert_game(db, info)
            _insert_hand(db, gid, number, ended or time.time(), row)
            return gid
        return self._write(work)

    def add_game_hands(self, info: GameInfo,
                       hands: Sequence[tuple[int, PhhHand, int | None, Sequence[str]]]
                       ) -> int | None:
        """A whole game at once (an imported file): ``hands`` are (number,
        history, your index, kinds); one transaction.  The game's id, or None
        (not written, or a game of the same ``info.source`` is stored already)."""
        rows = [(number, _hand_rows(phh, hero, kinds)) for number, phh, hero, kinds in hands]

        def work(db: sqlite3.Connection) -> int:
            gid = _insert_game(db, info)
            now = info.started or time.time()
            for number, row in rows:
                _insert_hand(db, gid, number, now, row)
            return gid
        return self._write(work)

    def delete_game(self, game: int) -> bool:
        """Remove a game and its hands (an import read again)."""
        def work(db: sqlite3.Connection) -> int:
            hands = "SELECT id FROM hands WHERE game = ?"
            db.execute(f"DELETE FROM seats WHERE hand IN ({hands})", (game,))
            db.execute(f"DELETE FROM histories WHERE hand IN ({hands})", (game,))
            db.execute("DELETE FROM hands WHERE game = ?", (game,))
            db.execute("DELETE FROM games WHERE id = ?", (game,))
            return 1
        return self._write(work) is not None

    def finish_game(self, game: int, place: int | None) -> bool:
        """Record the end of ``game`` and your place in it (None: you had none)."""
        def work(db: sqlite3.Connection) -> int:
            db.execute("UPDATE games SET finished = 1, place = ? WHERE id = ?", (place, game))
            return 1
        return self._write(work) is not None

    def set_place(self, game: int, place: int) -> bool:
        """Your place in ``game`` (you are out; the game may go on)."""
        def work(db: sqlite3.Connection) -> int:
            db.execute("UPDATE games SET place = ? WHERE id = ?", (place, game))
            return 1
        return self._write(work) is not None

    # ------------------------------------------------------------------
    # Reading (the queries themselves are in stats.py)

    def query(self, sql: str, args: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query; none if the file fails meanwhile."""
        try:
            return self.db.execute(sql, tuple(args)).fetchall()
        except sqlite3.DatabaseError:
            return []

    def hand(self, hand_id: int) -> PhhHand | None:
        """A stored hand as PHH (None: no such hand, or it is damaged)."""
        rows = self.query("SELECT phh FROM histories WHERE hand = ?", (hand_id,))
        if not rows:
            return None
        blob = rows[0][0]
        try:
            return unpack(blob if isinstance(blob, bytes) else b"")
        except PhhError:
            return None


_HandRows = tuple[tuple[Any, ...], list[tuple[Any, ...]], bytes]


def _hand_rows(phh: PhhHand, hero: int | None, kinds: Sequence[str]) -> _HandRows:
    """The columns of a hand's row (without game, number and time) and of its seats' rows."""
    rows = figures(phh)
    board = "".join(cards_text(a.cards) for a in phh.actions if isinstance(a, DealBoard))
    names = phh.players or tuple(f"p{i + 1}" for i in range(phh.player_count))
    big_blind = max(max(posted_blinds(phh)), phh.min_bet, 1)
    me: SeatFigures | None = rows[hero] if hero is not None else None
    hand = (big_blind, sum(f.contributed for f in rows), board, hero,
            cards_text(me.hole) if me else "", me.net if me else 0,
            phh.starting_stacks[hero] + me.net if me and hero is not None else 0,
            me.flags if me else 0, me.aggressive if me else 0, me.calls if me else 0)
    seats = [(i, names[i], kinds[i] if i < len(kinds) else "", phh.starting_stacks[i], f.net,
              f.flags, f.aggressive, f.calls, cards_text(f.shown) or None)
             for i, f in enumerate(rows)]
    return hand, seats, pack(phh)


def _insert_game(db: sqlite3.Connection, info: GameInfo) -> int:
    cur = db.execute(
        "INSERT INTO games (started, kind, variant, hero, opponents, players, source)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (info.started or time.time(), info.kind, info.variant, info.hero, info.opponents,
         info.players, info.source))
    return int(cur.lastrowid or 0)


def _insert_hand(db: sqlite3.Connection, game: int, number: int, ended: float,
                 rows: _HandRows) -> None:
    hand, seats, blob = rows
    cur = db.execute(
        "INSERT INTO hands (game, number, ended, big_blind, pot, board, hero, hero_cards,"
        " hero_net, hero_stack, hero_flags, hero_aggr, hero_calls)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (game, number, ended, *hand))
    hand_id = cur.lastrowid
    db.execute("INSERT INTO histories VALUES (?, ?)", (hand_id, blob))
    db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   [(hand_id, *seat) for seat in seats])


def _rollback(db: sqlite3.Connection) -> None:
    try:
        if db.in_transaction:
            db.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()
            and not all(line.strip().startswith("--") or not line.strip()
                        for line in s.strip().splitlines())]


def _is_locked(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


_HEADER = b"SQLite format 3\x00"


def _check_header(path: Path) -> None:
    """Refuse a file that is not SQLite or shorter than its header says (truncated)."""
    try:
        size = path.stat().st_size
        if size == 0:
            return
        with path.open("rb") as f:
            head = f.read(100)
    except OSError as exc:
        raise StoreProblem("corrupt", str(exc)) from None
    if len(head) < 100 or not head.startswith(_HEADER):
        raise StoreProblem("corrupt", "not an SQLite file")
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size:
        return  # a checkpoint cut short: SQLite finishes it from the journal on opening
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    if size % page or (pages and size < pages * page and
                       int.from_bytes(head[24:28], "big") == int.from_bytes(head[92:96], "big")):
        raise StoreProblem("corrupt", f"{size} bytes, {pages} pages of {page}")
