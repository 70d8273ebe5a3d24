"""Accounts and ratings of a server, kept in one SQLite file (docs/server.md,
*Accounts and ratings*).

Why SQLite and not Redis: accounts and ratings are records to keep for
years, written rarely and read by name; Redis here is the live directory of
rooms (keys that expire, often run without saving at all).  SQLite is in
the standard library, transactional and one file to back up; several
processes of one server on one machine share the file (``accounts`` in
the settings), SQLite's own locking keeping each write whole.

- A password is never kept: :func:`hash_password` keeps scrypt's output
  with its own random salt and its parameters (``scrypt$n$r$p$salt$key``),
  so the cost can be raised later without losing the old accounts; it is
  computed off the server's loop (the caller's thread pool).
- A name is reserved with its *skeleton* (:func:`~holdem_desktop.net.names.skeleton`):
  no second account, and no guest, can take a name that looks like it.
- A session token (256 random bits) is what the game keeps; the file holds
  only its SHA-256, so a copy of the file signs nobody in.  Signing out
  deletes it: the token is refused from then on, whoever shows it.
- Ratings are OpenSkill's Plackett-Luce model (``openskill``, the
  ``server`` extra): each ranked game rates every signed-in player by the
  places of all its seats, computers and guests counted at a newcomer's
  rating.  The rating said is the model's cautious one, mu - 3 sigma.
- A rated tournament's end that its entrant was not told (their connection
  had closed) is kept with the account (:meth:`AccountStore.keep_missed`),
  the latest :data:`~holdem_desktop.net.account_messages.MAX_RESULTS`, told
  when a game signed in as it asks (:meth:`AccountStore.tell_missed`) and
  kept until that game says it told it (:meth:`AccountStore.seen_missed`),
  or was told :data:`~holdem_desktop.net.account_messages.TELLINGS` times
  (an older game never says so).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from holdem_desktop.i18n.translate import _
from holdem_desktop.net.account_messages import (
    MAX_RESULTS,
    MAX_ROWS,
    TELLINGS,
    Leaderboard,
    Missed,
    Rating,
    Result,
    Standing,
)
from holdem_desktop.net.names import clean_name, skeleton

__all__ = ["SCRYPT", "SESSION_DAYS", "AccountStore", "Seat", "check_password",
           "hash_password", "tenths"]

SCRYPT = (2**14, 8, 1)
"""scrypt's cost (n, r, p) for new passwords: 16 MiB and some 60 ms a hash."""
SESSION_DAYS = 180
"""Days a session token is good for after it was given."""
_DUMMY = "scrypt$16384$8$1$" + "00" * 16 + "$" + "00" * 32
"""Checked against when the name has no account, so that a guess at a name
takes as long whether or not the account exists."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    skeleton TEXT PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL, created REAL NOT NULL,
    mu REAL, sigma REAL, games INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS sessions (
    digest TEXT PRIMARY KEY, skeleton TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    skeleton TEXT NOT NULL, at REAL NOT NULL, place INTEGER NOT NULL,
    players INTEGER NOT NULL, change INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS results_of ON results (skeleton, at);
CREATE TABLE IF NOT EXISTS rated (game TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS missed (skeleton TEXT NOT NULL, at REAL NOT NULL, result TEXT NOT NULL,
    told INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS missed_of ON missed (skeleton);
"""


def hash_password(password: str) -> str:
    """``password`` as it is kept: scrypt with a new random salt, the
    parameters beside it."""
    n, r, p = SCRYPT
    salt = secrets.token_bytes(16)
    key = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32)
    return f"scrypt${n}${r}${p}${salt.hex()}${key.hex()}"


def check_password(password: str, kept: str | None) -> bool:
    """Whether ``password`` is the one ``kept`` was made from (None: no
    account, checked all the same against a dummy, and False)."""
    try:
        kind, n, r, p, salt, key = (kept or _DUMMY).split("$")
        found = hashlib.scrypt(password.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n),
                               r=int(r), p=int(p), dklen=len(key) // 2)
    except (ValueError, MemoryError):
        return False
    return kind == "scrypt" and kept is not None and hmac.compare_digest(found.hex(), key)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def tenths(value: float) -> int:
    """A rating as the messages carry it (12.34 is 123)."""
    return round(value * 10)


@dataclass(frozen=True)
class Seat:
    """One seat of a ranked game: the account that played it (None: a
    computer or a guest) and its place (1 the winner)."""

    account: str | None
    place: int


OPEN_WAIT = 10.0
"""Seconds a process starting beside others may wait for the accounts file."""


def _open_shared(path: Path, pause: Callable[[float], None]) -> sqlite3.Connection:
    """The accounts file, in WAL mode with its tables, opened beside other
    processes of the same server doing the same.  Turning a file to WAL while
    another process holds its write lock fails at once, without SQLite's own
    wait (its guard against deadlock), so that is tried again here, calmly,
    for up to OPEN_WAIT seconds.  A file that cannot be used is an OSError
    that names it, which ``serve`` says and stops on."""
    deadline = time.monotonic() + OPEN_WAIT
    while True:
        try:
            db = sqlite3.connect(path, timeout=2.0, isolation_level=None,
                                 check_same_thread=False)
        except sqlite3.Error as exc:
            raise _unusable(path, exc) from exc
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            if "told" not in {row[1] for row in db.execute("PRAGMA table_info(missed)")}:
                db.execute("ALTER TABLE missed ADD COLUMN told INTEGER NOT NULL DEFAULT 0")
            return db
        except sqlite3.Error as exc:
            db.close()
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise _unusable(path, exc) from exc
        pause(0.05)


def _unusable(path: Path, exc: sqlite3.Error) -> OSError:
    return OSError(_("the accounts file {path} cannot be used: {problem}").format(
        path=path, problem=exc))


class AccountStore:
    """The accounts, sessions and ratings in the SQLite file ``path`` (used
    on the server's loop: each call is a few indexed reads or one write)."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time,
                 pause: Callable[[float], None] = time.sleep) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.clock = clock
        self.db = _open_shared(path, pause)
        self._model: object | None = None

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------
    # Accounts and sessions

    def owner(self, name: str) -> str | None:
        """The account's own spelling of the name ``name`` looks like (None: no account)."""
        row = self.db.execute("SELECT name FROM accounts WHERE skeleton = ?",
                              (skeleton(name),)).fetchone()
        return row[0] if row else None

    def kept_hash(self, name: str) -> str | None:
        """What is kept of the password of the account ``name`` (None: none)."""
        row = self.db.execute("SELECT hash FROM accounts WHERE skeleton = ?",
                              (skeleton(name),)).fetchone()
        return row[0] if row else None

    def create(self, name: str, kept: str) -> bool:
        """Make the account ``name`` with the password hash ``kept``; False
        when a name that looks like it was taken meanwhile."""
        try:
            self.db.execute("INSERT INTO accounts (skeleton, name, hash, created) "
                            "VALUES (?, ?, ?, ?)", (skeleton(name), clean_name(name), kept,
                                                    self.clock()))
        except sqlite3.IntegrityError:
            return False
        return True

    def new_session(self, name: str) -> str:
        """A new session token for the account ``name``."""
        token = secrets.token_hex(32)
        self.db.execute("INSERT INTO sessions VALUES (?, ?, ?)",
                        (_digest(token), skeleton(name), self.clock()))
        return token

    def session(self, token: str) -> str | None:
        """The account whose session ``token`` is (None: unknown, revoked or too old)."""
        row = self.db.execute(
            "SELECT a.name, s.created FROM sessions s JOIN accounts a USING (skeleton) "
            "WHERE s.digest = ?", (_digest(token),)).fetchone()
        if row is None or self.clock() - row[1] > SESSION_DAYS * 86400:
            return None
        return str(row[0])

    def revoke(self, token: str) -> bool:
        """Forget the session ``token``; whether it was one."""
        return self.db.execute("DELETE FROM sessions WHERE digest = ?",
                               (_digest(token),)).rowcount > 0

    # ------------------------------------------------------------------
    # Ratings

    def _openskill(self) -> object:
        if self._model is None:
            from openskill.models import PlackettLuce  # the server extra's

            self._model = PlackettLuce()
        return self._model

    def rate(self, game: str, seats: Sequence[Seat]) -> dict[str, int]:
        """Rate the ranked game ``game`` (once: a game rated before is left
        alone) from its ``seats``; each account's change, in tenths."""
        accounts = [s.account for s in seats if s.account is not None]
        if not accounts or len(seats) < 2:
            return {}
        model = self._openskill()
        try:
            self.db.execute("BEGIN IMMEDIATE")
            if self.db.execute("INSERT OR IGNORE INTO rated VALUES (?)", (game,)).rowcount == 0:
                self.db.execute("ROLLBACK")
                return {}
            teams, before = [], {}
            for seat in seats:
                row = (self.db.execute("SELECT mu, sigma FROM accounts WHERE skeleton = ?",
                                       (skeleton(seat.account),)).fetchone()
                       if seat.account is not None else None)
                rating = (model.rating(mu=row[0], sigma=row[1])  # type: ignore[attr-defined]
                          if row is not None and row[0] is not None
                          else model.rating())  # type: ignore[attr-defined]
                if seat.account is not None:
                    before[seat.account] = rating.ordinal()
                teams.append([rating])
            rated = model.rate(teams, ranks=[s.place for s in seats])  # type: ignore[attr-defined]
            changes = {}
            now = self.clock()
            for seat, (after,) in zip(seats, rated, strict=True):
                if seat.account is None:
                    continue
                key = skeleton(seat.account)
                change = tenths(after.ordinal()) - tenths(before[seat.account])
                changes[seat.account] = change
                self.db.execute("UPDATE accounts SET mu = ?, sigma = ?, games = games + 1 "
                                "WHERE skeleton = ?", (after.mu, after.sigma, key))
                self.db.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?)",
                                (key, now, seat.place, len(seats), change))
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        return changes

    _BOARD = ("SELECT name, mu - 3 * sigma AS ordinal, games FROM accounts "
              "WHERE games > 0 ORDER BY ordinal DESC, name")

    def leaderboard(self) -> Leaderboard:
        """The best :data:`MAX_ROWS` ratings."""
        rows = self.db.execute(self._BOARD + " LIMIT ?", (MAX_ROWS,)).fetchall()
        total = self.db.execute("SELECT COUNT(*) FROM accounts WHERE games > 0").fetchone()[0]
        return Leaderboard(tuple(Standing(k, name, tenths(ordinal), games)
                                 for k, (name, ordinal, games) in enumerate(rows, 1)), total)

    def rating(self, name: str) -> Rating:
        """The account ``name``'s rating, rank and latest games."""
        key = skeleton(name)
        own, mu, sigma, games = self.db.execute(
            "SELECT name, mu, sigma, games FROM accounts WHERE skeleton = ?", (key,)).fetchone()
        ordinal = mu - 3 * sigma if mu is not None else 0.0
        rank = 0
        if games:
            rank = 1 + self.db.execute(
                "SELECT COUNT(*) FROM accounts WHERE games > 0 AND mu - 3 * sigma > ?",
                (ordinal,)).fetchone()[0]
        results = self.db.execute(
            "SELECT place, players, change FROM results WHERE skeleton = ? "
            "ORDER BY at DESC, rowid DESC LIMIT ?", (key, MAX_RESULTS)).fetchall()
        return Rating(own, tenths(ordinal), games, rank,
                      tuple(Result(place, players, change) for place, players, change in results))

    # ------------------------------------------------------------------
    # Tournaments' ends told later

    def keep_missed(self, name: str, missed: Missed) -> None:
        """Keep ``missed`` for the account ``name`` until :meth:`seen_missed`
        (its latest :data:`MAX_RESULTS` are kept)."""
        key = skeleton(name)
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO missed (skeleton, at, result) VALUES (?, ?, ?)",
                            (key, self.clock(), json.dumps(missed_data(missed))))
            self.db.execute(
                "DELETE FROM missed WHERE skeleton = ? AND rowid NOT IN (SELECT rowid FROM "
                "missed WHERE skeleton = ? ORDER BY at DESC, rowid DESC LIMIT ?)",
                (key, key, MAX_RESULTS))

    def tell_missed(self, name: str) -> tuple[Missed, ...]:
        """What is kept for the account ``name``, the oldest first, each one
        counted told once more: kept until :meth:`seen_missed`, forgotten
        as it is told the :data:`TELLINGS`-th time (whichever process of the
        server asks)."""
        key = skeleton(name)
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            rows = self.db.execute("SELECT result FROM missed WHERE skeleton = ? "
                                   "ORDER BY at, rowid", (key,)).fetchall()
            self.db.execute("UPDATE missed SET told = told + 1 WHERE skeleton = ?", (key,))
            self.db.execute("DELETE FROM missed WHERE skeleton = ? AND told >= ?",
                            (key, TELLINGS))
        return missed_from(row[0] for row in rows)

    def seen_missed(self, name: str, seen: Iterable[Missed]) -> None:
        """The account ``name``'s game told ``seen``: those kept are forgotten."""
        key = skeleton(name)
        texts = [json.dumps(missed_data(m)) for m in seen]
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.executemany("DELETE FROM missed WHERE skeleton = ? AND result = ?",
                                [(key, text) for text in texts])


def missed_data(missed: Missed) -> list[object]:
    """``missed`` as it is kept (a JSON list of its fields)."""
    return [missed.tournament, missed.place, missed.players, missed.shared, missed.rating,
            missed.change]


def missed_from(texts: Iterable[str]) -> tuple[Missed, ...]:
    """What was kept (JSON texts of :func:`missed_data`), those that can
    still be read (the rest are dropped, never a failed sign-in)."""
    found = []
    for text in texts:
        try:
            found.append(Missed(*json.loads(text)[:6]))  # (Redis keeps the tellings after)
        except (ValueError, TypeError):
            continue
    return tuple(found[-MAX_RESULTS:])
