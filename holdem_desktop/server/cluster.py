"""Several server processes sharing one room directory in Redis
(``serve --redis URL``): Python runs one core per process, so a busy
server runs several.

The directory (every key under ``holdem:``):

- ``holdem:room:<code>`` → the id of the process holding the room.  A new
  room's code is *claimed* with ``SET NX`` before the room is made, so two
  processes never hand out the same code;
- ``holdem:proc:<id>`` → a hash of that process's address (where its
  peers reach it), its certificate (PEM: the pin its peers check, see
  below), rooms and people, refreshed every ``heartbeat``
  seconds and expiring after three: a process that died is gone from the
  directory within seconds, and so are its rooms (a lookup that finds a
  room of a dead process deletes the entry and answers "no such room");
- ``holdem:proc:<id>:rooms`` → the set of its rooms' codes;
- ``holdem:secret`` → the key peers show each other when a join is sent on;
- ``holdem:public:<id>`` → that process's public tables (the lobby's list,
  JSON), written when they change and at least every heartbeat, expiring
  after three: the lobby of every process lists them all.
- ``holdem:tournaments:<id>`` → that process's tournaments (the lobby's
  lines, JSON), written and expiring likewise: every lobby lists them, and
  a request about one of them (register, take back, its tables, its
  standings) is sent on to its process over a link kept for the asking
  connection (:mod:`.peer_links`); a tournament's tables are rooms claimed
  like any (before their seats are told).

A process's id is kept in its data folder, so after a restart (even a
SIGKILL) it is the same process: it restores its rooms from their saves,
claims them again, and removes from the directory the rooms it could not
restore — they are reported gone, never half there.

A create goes to the least loaded live process; a hello for a room held
elsewhere is sent on to the process that holds it (see
:mod:`.service`).  The client notices nothing: it keeps talking to the
process it reached, which relays, the way Colyseus reserves a seat on the
process holding a room.

The link between two processes is pinned: the process sending a join on
trusts exactly the certificate its peer published beside its address (its
leaf alone, whatever authority signed it), so a process that is not the
one the directory names — another certificate — is refused before it
hears the shared secret.

The calls are ``redis.asyncio`` calls, each bounded by ``timeout``
seconds: a Redis that stops answering never holds up the server's loop,
so the rooms of this process play on; what needs the directory (a create,
a join for a room held elsewhere) is refused ``busy`` meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Directory", "DirectoryError", "Peer", "leaf_pem", "process_id"]

PREFIX = "holdem:"


class DirectoryError(Exception):
    """The shared directory cannot be reached at start (the message says why)."""


@dataclass(frozen=True)
class Peer:
    """Another process of this server: where it is reached, and the
    certificate (PEM) it must present there ("" when it runs without TLS)."""

    address: str
    cert: str = ""


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


def leaf_pem(cert: Path) -> str:
    """The first certificate of the PEM file ``cert`` (a chain's leaf)."""
    text = cert.read_text(encoding="ascii")
    begin = text.index("-----BEGIN CERTIFICATE-----")
    end = text.index("-----END CERTIFICATE-----", begin) + len("-----END CERTIFICATE-----")
    return text[begin:end] + "\n"


class Directory:
    """The shared directory, for the process ``me`` reachable at ``address``
    with the certificate ``cert`` (PEM; "" without TLS).  Every call is a
    coroutine bounded by ``timeout`` seconds (``TimeoutError`` past it)."""

    def __init__(self, url: str, me: str, address: str = "", heartbeat: float = 5.0,
                 *, timeout: float = 1.0, cert: str = "", client: Any = None) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.redis = client if client is not None else aioredis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout,
            decode_responses=True)
        self.me = me
        self.address = address
        self.cert = cert
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.secret = ""

    def _room(self, code: str) -> str:
        return f"{PREFIX}room:{code}"

    def _proc(self, pid: str) -> str:
        return f"{PREFIX}proc:{pid}"

    async def open(self) -> None:
        """Reach Redis and learn the peers' shared secret (made the first
        time); raises :class:`DirectoryError` when Redis cannot be reached."""
        try:
            async with asyncio.timeout(self.timeout * 5):
                await self.redis.set(PREFIX + "secret", secrets.token_hex(16), nx=True)
                self.secret = str(await self.redis.get(PREFIX + "secret"))
        except Exception as exc:  # redis' own errors, a timeout: say which
            raise DirectoryError(f"Redis at {self.url}: {exc or type(exc).__name__}") from None

    async def beat(self, rooms: int, people: int) -> None:
        """Say this process is alive, where, with which certificate, and how loaded."""
        key = self._proc(self.me)
        async with asyncio.timeout(self.timeout):
            pipe = self.redis.pipeline()
            pipe.hset(key, mapping={"address": self.address, "cert": self.cert,
                                    "rooms": rooms, "people": people})
            pipe.pexpire(key, int(self.heartbeat * 3000))
            await pipe.execute()

    async def claim(self, code: str) -> bool:
        """Take ``code`` for a new room of this process (False: in use)."""
        async with asyncio.timeout(self.timeout):
            if not await self.redis.set(self._room(code), self.me, nx=True):
                return False
            await self.redis.sadd(self._proc(self.me) + ":rooms", code)
            return True

    async def release(self, code: str) -> None:
        """The room ``code`` of this process is gone."""
        async with asyncio.timeout(self.timeout):
            if await self.redis.get(self._room(code)) == self.me:
                await self.redis.delete(self._room(code))
            await self.redis.srem(self._proc(self.me) + ":rooms", code)

    async def where(self, code: str) -> Peer | None:
        """The live process holding room ``code`` (None: no such room, or its
        process is dead: then the entry is removed)."""
        async with asyncio.timeout(self.timeout):
            found = await self.redis.get(self._room(code))
            if found is None or found == self.me:
                return None
            pid = str(found)
            info = await self.redis.hgetall(self._proc(pid))
            if "address" not in info:  # its process died: the room is gone, not half there
                await self._drop(code, pid)
                return None
            return Peer(str(info["address"]), str(info.get("cert", "")))

    async def _drop(self, code: str, pid: str) -> None:
        with contextlib.suppress(Exception):
            async with self.redis.pipeline() as pipe:
                await pipe.watch(self._room(code))
                if await pipe.get(self._room(code)) == pid:
                    pipe.multi()
                    pipe.delete(self._room(code))
                    pipe.srem(self._proc(pid) + ":rooms", code)
                    await pipe.execute()

    async def least_loaded(self, rooms_here: int) -> Peer | None:
        """A live process with fewer rooms than this one (None: this one is
        as good as any)."""
        best: tuple[int, Peer] | None = None
        async with asyncio.timeout(self.timeout):
            async for key in self.redis.scan_iter(PREFIX + "proc:*", count=100):
                if key.endswith(":rooms") or key == self._proc(self.me):
                    continue
                info = await self.redis.hgetall(key)
                if "address" not in info:
                    continue
                load = int(info.get("rooms", 0))
                if load < rooms_here and (best is None or load < best[0]):
                    best = (load, Peer(str(info["address"]), str(info.get("cert", ""))))
        return best[1] if best is not None else None

    async def restored(self, codes: list[str]) -> list[str]:
        """After a start: claim the rooms restored from their saves again and
        remove from the directory those this process held but could not
        restore.  Returns the codes another process holds now (those rooms
        must close here)."""
        lost = []
        async with asyncio.timeout(self.timeout * 5 + 0.01 * len(codes)):
            for code in codes:
                holder = await self.redis.get(self._room(code))
                if holder is not None and holder != self.me:
                    lost.append(code)
                    continue
                await self.redis.set(self._room(code), self.me)
            mine = self._proc(self.me) + ":rooms"
            for member in await self.redis.smembers(mine):
                code = str(member)
                if code not in codes:
                    await self._drop(code, self.me)
                    await self.redis.srem(mine, code)
            if codes:
                await self.redis.sadd(mine, *[c for c in codes if c not in lost])
        return lost

    async def publish_tables(self, text: str, every: float) -> None:
        """This process's public tables now (the JSON of a tuple of
        :class:`~holdem_desktop.net.lobby_messages.TableInfo`), published
        again at least every ``every`` seconds: the entry outlives three of
        those, so a late publish never makes the tables vanish between two."""
        async with asyncio.timeout(self.timeout):
            await self.redis.set(f"{PREFIX}public:{self.me}", text,
                                 px=int(max(self.heartbeat, every) * 3000))

    async def public_tables(self) -> dict[str, str]:
        """The other live processes' public tables, by process id (their JSON
        as published: the caller checks it)."""
        own = f"{PREFIX}public:{self.me}"
        async with asyncio.timeout(self.timeout):
            keys = [str(k) async for k in self.redis.scan_iter(PREFIX + "public:*", count=100)
                    if str(k) != own]
            values = await self.redis.mget(keys) if keys else []
        return {key.removeprefix(PREFIX + "public:"): str(value)
                for key, value in zip(keys, values, strict=True) if value is not None}

    async def publish_tournaments(self, text: str, every: float) -> None:
        """This process's tournaments now (the JSON of a tuple of
        :class:`~holdem_desktop.net.tournament_messages.TournamentInfo`), as
        :meth:`publish_tables` publishes its tables."""
        async with asyncio.timeout(self.timeout):
            await self.redis.set(f"{PREFIX}tournaments:{self.me}", text,
                                 px=int(max(self.heartbeat, every) * 3000))

    async def tournaments(self) -> dict[str, str]:
        """The other live processes' tournaments, by process id (their JSON
        as published: the caller checks it)."""
        own = f"{PREFIX}tournaments:{self.me}"
        async with asyncio.timeout(self.timeout):
            keys = [str(k) async for k in self.redis.scan_iter(PREFIX + "tournaments:*",
                                                                count=100) if str(k) != own]
            values = await self.redis.mget(keys) if keys else []
        return {key.removeprefix(PREFIX + "tournaments:"): str(value)
                for key, value in zip(keys, values, strict=True) if value is not None}

    async def peer(self, pid: str) -> Peer | None:
        """The live process ``pid`` (None: gone, or this one)."""
        if pid == self.me:
            return None
        async with asyncio.timeout(self.timeout):
            info = await self.redis.hgetall(self._proc(pid))
        if "address" not in info:
            return None
        return Peer(str(info["address"]), str(info.get("cert", "")))

    async def leave(self) -> None:
        """This process stops: its liveness goes (its rooms' entries stay for
        its restart, and are dropped by lookups if it does not come back)."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(self.timeout):
                await self.redis.delete(self._proc(self.me), f"{PREFIX}public:{self.me}",
                                        f"{PREFIX}tournaments:{self.me}")
        with contextlib.suppress(Exception):
            await self.redis.aclose()
