"""Accounts, sessions and the sign-in limits in Redis (``serve --redis``),
so that server processes on different machines share them (issue 34).

Without ``--redis`` they stay in the SQLite file (:mod:`.accounts`): one
machine's processes share that file.  With it:

- an account is one key, ``holdem:account:<skeleton>``, a JSON object
  ``{"name", "hash", "created"}`` written with ``SET NX`` (two machines
  registering one name at once: one wins, the other is answered
  ``name_taken``); the password is kept as :func:`~.accounts.hash_password`
  makes it, never in clear;
- a session is ``holdem:session:<sha256 of the token>`` holding the
  account's skeleton and expiring after :data:`~.accounts.SESSION_DAYS`;
  signing out deletes it everywhere at once;
- the sign-in limits count in sorted sets, ``holdem:tries:address:<address>``
  and ``holdem:tries:name:<skeleton>``, by wall-clock time (machines do
  not share a monotonic clock), each expiring with its window: guessing
  spread over the machines of a server is limited as on one.

- a rating is ``holdem:rating:<skeleton>``, a hash of the account's
  ``name``, ``mu``, ``sigma`` and ``games``; the leaderboard the sorted set
  ``holdem:board`` of skeletons by the cautious rating (mu - 3 sigma); the
  latest results the list ``holdem:results:<skeleton>`` (JSON, newest
  first, :data:`~holdem_desktop.net.account_messages.MAX_RESULTS` kept);
  a game rated is ``holdem:rated:<game>``, set once (``SET NX``, for
  :data:`RATED_DAYS`), so that no game is rated twice by two machines.
  One account's rating is read and written in a ``WATCH`` transaction, so
  two machines rating it at once both count.
- a rated tournament's end its entrant was not told is kept in the list
  ``holdem:missed:<skeleton>`` (JSON, oldest first, the latest
  :data:`~holdem_desktop.net.account_messages.MAX_RESULTS` kept, for
  :data:`~.accounts.SESSION_DAYS`), each with the times it was told; read
  and counted in one transaction when a game signed in as the account asks,
  at whichever machine, and forgotten when that game says it told it, or
  as it is told the :data:`~holdem_desktop.net.account_messages.TELLINGS`-th
  time.

The calls are short blocking ones bounded by ``redis_timeout``; when Redis
does not answer, a sign-in or a session is refused (``bad_session``,
``wrong_password``) rather than let through, and a reserved name counts
as free meanwhile (guests are not locked out by an outage).
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

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

from .accounts import SESSION_DAYS, AccountStore, Seat, missed_data, missed_from, tenths
from .cluster import PREFIX

__all__ = ["RATED_DAYS", "RedisAccounts", "RedisWindow", "redis_client"]

RATED_DAYS = 90
"""How long a game is remembered as rated (its key is the room's code, the
game's and the hand's numbers: a code comes back only much later)."""
_BOARD = f"{PREFIX}board"

log = logging.getLogger(__name__)


def redis_client(url: str, timeout: float) -> Any:
    """A blocking Redis client for ``url``, each call bounded by ``timeout`` seconds."""
    import redis  # the server's redis extra, as for the room directory

    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout,
                                decode_responses=True)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


class RedisAccounts(AccountStore):
    """:class:`~.accounts.AccountStore` with its accounts and sessions in
    Redis (``client``: a ``redis.Redis`` with ``decode_responses``)."""

    def __init__(self, path: Path, client: Any, clock: Callable[[], float] = time.time) -> None:
        super().__init__(path, clock)
        self.redis = client

    def _call(self, what: Callable[[], Any]) -> Any:
        """One Redis call; None when it fails (logged)."""
        try:
            return what()
        except Exception as exc:  # redis' own errors, a timeout
            log.warning("accounts in Redis: %s", exc or type(exc).__name__)
            return None

    def _account(self, name: str) -> dict[str, Any] | None:
        text = self._call(lambda: self.redis.get(f"{PREFIX}account:{skeleton(name)}"))
        return json.loads(text) if text else None

    def _here(self, name: str) -> None:
        """The account's row in this process's file, for its ratings (no password)."""
        self.db.execute("INSERT OR IGNORE INTO accounts (skeleton, name, hash, created) "
                        "VALUES (?, ?, '', ?)", (skeleton(name), clean_name(name), self.clock()))

    def owner(self, name: str) -> str | None:
        found = self._account(name)
        return str(found["name"]) if found else None

    def kept_hash(self, name: str) -> str | None:
        found = self._account(name)
        return str(found["hash"]) if found else None

    def create(self, name: str, kept: str) -> bool:
        data = json.dumps({"name": clean_name(name), "hash": kept, "created": self.clock()})
        made = self._call(lambda: self.redis.set(f"{PREFIX}account:{skeleton(name)}", data,
                                                 nx=True))
        return bool(made)

    def new_session(self, name: str) -> str:
        token = secrets.token_hex(32)
        self._call(lambda: self.redis.set(f"{PREFIX}session:{_digest(token)}", skeleton(name),
                                          ex=SESSION_DAYS * 86400))
        self._here(name)
        return token

    def session(self, token: str) -> str | None:
        key = self._call(lambda: self.redis.get(f"{PREFIX}session:{_digest(token)}"))
        if not key:
            return None
        text = self._call(lambda: self.redis.get(f"{PREFIX}account:{key}"))
        if not text:
            return None
        name = str(json.loads(text)["name"])
        self._here(name)
        return name

    def revoke(self, token: str) -> bool:
        return bool(self._call(lambda: self.redis.delete(f"{PREFIX}session:{_digest(token)}")))

    # ------------------------------------------------------------------
    # Ratings, shared by every machine

    def rate(self, game: str, seats: Sequence[Seat]) -> dict[str, int]:
        accounts = [s.account for s in seats if s.account is not None]
        if not accounts or len(seats) < 2:
            return {}
        if not self._call(lambda: self.redis.set(f"{PREFIX}rated:{game}", "1", nx=True,
                                                 ex=RATED_DAYS * 86400)):
            return {}  # rated before (here or on another machine), or Redis is away
        model: Any = self._openskill()
        keys = [f"{PREFIX}rating:{skeleton(a)}" for a in accounts]
        names = {a: self.owner(a) or clean_name(a) for a in accounts}

        def transaction(pipe: Any) -> dict[str, int]:
            kept = {a: pipe.hgetall(k) for a, k in zip(accounts, keys, strict=True)}
            teams, before = [], {}
            for seat in seats:
                row = kept.get(seat.account) if seat.account is not None else None
                rating = (model.rating(mu=float(row["mu"]), sigma=float(row["sigma"]))
                          if row else model.rating())
                if seat.account is not None:
                    before[seat.account] = rating.ordinal()
                teams.append([rating])
            rated = model.rate(teams, ranks=[s.place for s in seats])
            pipe.multi()
            changes, now = {}, self.clock()
            for seat, (after,) in zip(seats, rated, strict=True):
                if seat.account is None:
                    continue
                key = skeleton(seat.account)
                change = tenths(after.ordinal()) - tenths(before[seat.account])
                changes[seat.account] = change
                pipe.hset(f"{PREFIX}rating:{key}", mapping={
                    "name": names[seat.account], "mu": repr(after.mu),
                    "sigma": repr(after.sigma)})
                pipe.hincrby(f"{PREFIX}rating:{key}", "games", 1)
                pipe.zadd(_BOARD, {key: after.ordinal()})
                pipe.lpush(f"{PREFIX}results:{key}", json.dumps(
                    [now, seat.place, len(seats), change]))
                pipe.ltrim(f"{PREFIX}results:{key}", 0, MAX_RESULTS - 1)
            return changes

        found = self._call(lambda: self.redis.transaction(transaction, *keys,
                                                          value_from_callable=True))
        return found or {}

    def _hash(self, key: str) -> dict[str, str]:
        found = self._call(lambda: self.redis.hgetall(key))
        return dict(found) if found else {}

    def leaderboard(self) -> Leaderboard:
        top = self._call(lambda: self.redis.zrevrange(_BOARD, 0, MAX_ROWS - 1,
                                                      withscores=True)) or []
        total = self._call(lambda: self.redis.zcard(_BOARD)) or 0
        rows = []
        for key, ordinal in top:
            kept = self._hash(f"{PREFIX}rating:{key}")
            rows.append((-ordinal, str(kept.get("name", key)), int(kept.get("games", 0))))
        rows.sort()  # best first, equal ratings by name (as the SQLite board)
        return Leaderboard(tuple(Standing(k, name, tenths(-minus), games)
                                 for k, (minus, name, games) in enumerate(rows, 1)), int(total))

    def rating(self, name: str) -> Rating:
        key = skeleton(name)
        kept = self._hash(f"{PREFIX}rating:{key}")
        own = str(kept.get("name") or self.owner(name) or clean_name(name))
        games = int(kept.get("games", 0))
        ordinal = float(kept["mu"]) - 3 * float(kept["sigma"]) if kept else 0.0
        rank = 0
        if games:
            above = self._call(lambda: self.redis.zcount(_BOARD, f"({ordinal!r}", "+inf"))
            rank = 1 + int(above or 0)
        results = self._call(lambda: self.redis.lrange(f"{PREFIX}results:{key}", 0,
                                                       MAX_RESULTS - 1)) or []
        return Rating(own, tenths(ordinal), games, rank,
                      tuple(Result(*json.loads(r)[1:]) for r in results))

    # ------------------------------------------------------------------
    # Tournaments' ends told later, at any machine

    def keep_missed(self, name: str, missed: Missed) -> None:
        key = f"{PREFIX}missed:{skeleton(name)}"

        def keep() -> None:
            pipe = self.redis.pipeline()  # (MULTI: whole or not at all)
            pipe.rpush(key, json.dumps(missed_data(missed)))
            pipe.ltrim(key, -MAX_RESULTS, -1)
            pipe.expire(key, SESSION_DAYS * 86400)
            pipe.execute()
        self._call(keep)

    def tell_missed(self, name: str) -> tuple[Missed, ...]:
        key = f"{PREFIX}missed:{skeleton(name)}"

        def tell(pipe: Any) -> list[str]:
            kept = [str(text) for text in pipe.lrange(key, 0, -1)]
            told = [_told(text) for text in kept]
            pipe.multi()
            pipe.delete(key)
            again = [json.dumps([*json.loads(text)[:6], n + 1])
                     for text, n in zip(kept, told, strict=True) if n + 1 < TELLINGS]
            if again:
                pipe.rpush(key, *again)
                pipe.expire(key, SESSION_DAYS * 86400)
            return kept
        return missed_from(self._call(lambda: self.redis.transaction(
            tell, key, value_from_callable=True)) or ())

    def seen_missed(self, name: str, seen: Iterable[Missed]) -> None:
        key = f"{PREFIX}missed:{skeleton(name)}"
        gone = [missed_data(m) for m in seen]

        def forget(pipe: Any) -> None:
            kept = [str(text) for text in pipe.lrange(key, 0, -1)]
            pipe.multi()
            for text in kept:
                try:
                    found = json.loads(text)[:6] in gone
                except (ValueError, TypeError):
                    found = True  # (unreadable: never told either)
                if found:
                    pipe.lrem(key, 1, text)
        self._call(lambda: self.redis.transaction(forget, key))


def _told(text: str) -> int:
    """The times a kept result (its JSON text) was told."""
    try:
        data = json.loads(text)
        return int(data[6]) if isinstance(data, list) and len(data) > 6 else 0
    except (ValueError, TypeError):
        return TELLINGS


class RedisWindow:
    """A limit of ``limit`` events in ``window`` seconds per key, counted in
    Redis for every process (the shape of :class:`~holdem_desktop.net.limits.AddressWindow`:
    its ``now`` is ignored, wall-clock time is used instead)."""

    def __init__(self, client: Any, kind: str, limit: int, window: float,
                 clock: Callable[[], float] = time.time) -> None:
        self.redis = client
        self.kind = kind
        self.limit = limit
        self.window = window
        self.clock = clock

    def _key(self, who: str) -> str:
        return f"{PREFIX}tries:{self.kind}:{who}"

    def full(self, who: str, now: float = 0.0) -> bool:
        """Whether ``who`` used up the window (False when Redis does not answer)."""
        key, at = self._key(who), self.clock()
        try:
            self.redis.zremrangebyscore(key, "-inf", at - self.window)
            return int(self.redis.zcard(key)) >= self.limit
        except Exception as exc:
            log.warning("sign-in limits in Redis: %s", exc or type(exc).__name__)
            return False

    def note(self, who: str, now: float = 0.0) -> None:
        """One more event of ``who``."""
        key, at = self._key(who), self.clock()
        try:
            pipe = self.redis.pipeline()
            pipe.zadd(key, {secrets.token_hex(8): at})
            pipe.expire(key, int(self.window) + 1)
            pipe.execute()
        except Exception as exc:
            log.warning("sign-in limits in Redis: %s", exc or type(exc).__name__)
