"""Several server processes sharing one room directory in Redis
(``serve --redis URL``): Python runs one core per process, so a busy
server runs several.

The directory (every key under ``holdem:``):

- ``holdem:room:<code>`` → the id of the process holding the room.  A new
  room's code is *claimed* with ``SET NX`` before the room is made, so two
  processes never hand out the same code;
- ``holdem:proc:<id>`` → a hash of that process's address (where its
  peers reach it), rooms and people, refreshed every ``heartbeat``
  seconds and expiring after three: a process that died is gone from the
  directory within seconds, and so are its rooms (a lookup that finds a
  room of a dead process deletes the entry and answers "no such room");
- ``holdem:proc:<id>:rooms`` → the set of its rooms' codes;
- ``holdem:secret`` → the key peers show each other when a join is sent on.

A process's id is kept in its data folder, so after a restart (even a
SIGKILL) it is the same process: it restores its rooms from their saves,
claims them again, and removes from the directory the rooms it could not
restore — they are reported gone, never half there.

A create goes to the least loaded live process; a hello for a room held
elsewhere is sent on to the process that holds it (see
:mod:`.service`).  The client notices nothing: it keeps talking to the
process it reached, which relays, the way Colyseus reserves a seat on the
process holding a room.

The calls are plain (blocking) Redis calls of well under a millisecond on
a LAN, made on the server's loop.
"""

from __future__ import annotations

import contextlib
import secrets
from pathlib import Path
from typing import Any

__all__ = ["Directory", "process_id"]

PREFIX = "holdem:"


def process_id(data: Path) -> str:
    """This server's id, kept in its data folder (made the first time)."""
    path = data / "server-id"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        text = path.read_text(encoding="ascii").strip()
        if len(text) == 16 and all(c in "0123456789abcdef" for c in text):
            return text
    text = secrets.token_hex(8)
    data.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="ascii")
    return text


class Directory:
    """The shared directory, for the process ``me`` reachable at ``address``."""

    def __init__(self, url: str, me: str, address: str, heartbeat: float = 5.0,
                 client: Any = None) -> None:
        import redis

        self.redis = client if client is not None else redis.Redis.from_url(
            url, socket_timeout=2.0, socket_connect_timeout=2.0, decode_responses=True)
        self.me = me
        self.address = address
        self.heartbeat = heartbeat
        self.redis.set(PREFIX + "secret", secrets.token_hex(16), nx=True)
        self.secret = str(self.redis.get(PREFIX + "secret"))

    def _room(self, code: str) -> str:
        return f"{PREFIX}room:{code}"

    def _proc(self, pid: str) -> str:
        return f"{PREFIX}proc:{pid}"

    def beat(self, rooms: int, people: int) -> None:
        """Say this process is alive, where, and how loaded."""
        key = self._proc(self.me)
        pipe = self.redis.pipeline()
        pipe.hset(key, mapping={"address": self.address, "rooms": rooms, "people": people})
        pipe.pexpire(key, int(self.heartbeat * 3000))
        pipe.execute()

    def claim(self, code: str) -> bool:
        """Take ``code`` for a new room of this process (False: in use)."""
        if not self.redis.set(self._room(code), self.me, nx=True):
            return False
        self.redis.sadd(self._proc(self.me) + ":rooms", code)
        return True

    def release(self, code: str) -> None:
        """The room ``code`` of this process is gone."""
        if self.redis.get(self._room(code)) == self.me:
            self.redis.delete(self._room(code))
        self.redis.srem(self._proc(self.me) + ":rooms", code)

    def where(self, code: str) -> str | None:
        """The address of the live process holding room ``code`` (None: no
        such room, or its process is dead: then the entry is removed)."""
        found = self.redis.get(self._room(code))
        if found is None or found == self.me:
            return None
        pid = str(found)
        address = self.redis.hget(self._proc(pid), "address")
        if address is None:  # its process died: the room is gone, not half there
            self._drop(code, pid)
            return None
        return str(address)

    def _drop(self, code: str, pid: str) -> None:
        with self.redis.pipeline() as pipe, contextlib.suppress(Exception):
            pipe.watch(self._room(code))
            if pipe.get(self._room(code)) == pid:
                pipe.multi()
                pipe.delete(self._room(code))
                pipe.srem(self._proc(pid) + ":rooms", code)
                pipe.execute()

    def least_loaded(self, rooms_here: int) -> str | None:
        """The address of a live process with fewer rooms than this one
        (None: this one is as good as any)."""
        best: tuple[int, str] | None = None
        for key in self.redis.scan_iter(PREFIX + "proc:*", count=100):
            if key.endswith(":rooms") or key == self._proc(self.me):
                continue
            info = self.redis.hgetall(key)
            if "address" not in info:
                continue
            load = int(info.get("rooms", 0))
            if load < rooms_here and (best is None or load < best[0]):
                best = (load, str(info["address"]))
        return best[1] if best is not None else None

    def restored(self, codes: list[str]) -> list[str]:
        """After a start: claim the rooms restored from their saves again and
        remove from the directory those this process held but could not
        restore.  Returns the codes another process holds now (those rooms
        must close here)."""
        lost = []
        for code in codes:
            holder = self.redis.get(self._room(code))
            if holder is not None and holder != self.me:
                lost.append(code)
                continue
            self.redis.set(self._room(code), self.me)
        mine = self._proc(self.me) + ":rooms"
        for member in self.redis.smembers(mine):
            code = str(member)
            if code not in codes:
                self._drop(code, self.me)
                self.redis.srem(mine, code)
        if codes:
            self.redis.sadd(mine, *[c for c in codes if c not in lost])
        return lost

    def leave(self) -> None:
        """This process stops: its liveness goes (its rooms' entries stay for
        its restart, and are dropped by lookups if it does not come back)."""
        with contextlib.suppress(Exception):
            self.redis.delete(self._proc(self.me))
