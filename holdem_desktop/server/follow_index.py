"""Who follows a tournament's people, indexed by connection (issue 35; no I/O).

:class:`FollowIndex` is the followers' map (tournament id, name) ->
connection that also keeps, for each connection, the keys it follows: so
"does this connection wait for a tournament?" (asked on every message the
server reads, :meth:`~.lobby.Lobby.awaits_tournament`) and "forget this
connection" cost the connection's own keys, not a scan of every follower.
Every way the map changes (set, delete, pop, clear, update) keeps the index."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["FollowIndex"]

Key = tuple[str, str]


class FollowIndex(dict[Key, str]):
    """(tournament id, name) -> connection, indexed by connection."""

    def __init__(self) -> None:
        super().__init__()
        self._keys: dict[str, set[Key]] = {}

    def holds(self, conn: str) -> bool:
        """Whether ``conn`` follows anyone."""
        return conn in self._keys

    def keys_of(self, conn: str) -> set[Key]:
        """The keys ``conn`` follows (a copy)."""
        return set(self._keys.get(conn, ()))

    def _unindex(self, key: Key, conn: str) -> None:
        keys = self._keys.get(conn)
        if keys is not None:
            keys.discard(key)
            if not keys:
                del self._keys[conn]

    def __setitem__(self, key: Key, conn: str) -> None:
        old = self.get(key)
        if old is not None:
            self._unindex(key, old)
        super().__setitem__(key, conn)
        self._keys.setdefault(conn, set()).add(key)

    def __delitem__(self, key: Key) -> None:
        self._unindex(key, self[key])
        super().__delitem__(key)

    def pop(self, key: Key, *default: Any) -> Any:
        if key in self:
            self._unindex(key, self[key])
        return super().pop(key, *default)

    def popitem(self) -> tuple[Key, str]:
        key, conn = super().popitem()
        self._unindex(key, conn)
        return key, conn

    def clear(self) -> None:
        super().clear()
        self._keys.clear()

    def setdefault(self, key: Key, default: str) -> str:
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, other: Mapping[Key, str] | Iterable[tuple[Key, str]] = (),  # type: ignore[override]
               **_kw: str) -> None:
        items = other.items() if isinstance(other, Mapping) else other
        for key, conn in items:
            self[key] = conn
