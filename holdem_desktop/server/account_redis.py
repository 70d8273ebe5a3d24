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

Ratings stay in each process's SQLite file for now (an account signed in
there gets its row, without its password, the first time it plays).
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from holdem_desktop.net.names import clean_name, skeleton

from .accounts import SESSION_DAYS, AccountStore
from .cluster import PREFIX

__all__ = ["RedisAccounts", "RedisWindow", "redis_client"]

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
