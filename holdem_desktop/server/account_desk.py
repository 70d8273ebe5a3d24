"""The server's side of accounts, bans and ratings (a part of
:class:`~.service.GameServer`: docs/server.md, *Accounts and ratings*).

- **Account messages** (:mod:`holdem_desktop.net.account_messages`) are
  answered here, to the sender alone, within the lobby's per-connection
  request limit.  A password is hashed on a thread of its own (scrypt takes
  tens of milliseconds: the rooms' loop never waits for it), and the
  connection's next message waits until it is answered.
- **Guessing** is limited twice: :data:`TRIES` sign-ins or registrations per
  address in :data:`TRY_WINDOW` seconds, and :data:`NAME_FAILURES` wrong
  passwords per name in that time from all addresses together; past either
  the answer is ``too_many_tries`` (with the seconds to wait) and no hash
  is computed.  A session already given still works: a victim's own game
  stays signed in while someone guesses at their name.
- **Names**: a connection signed in plays under its account's name; a
  guest's hello, create, Play now or join under a name that looks like an
  account's is refused ``bad_name`` ``reserved`` (``banned`` for a banned
  one), so nobody plays under a name reserved by someone else.
- **Bans**: ``banned_names`` and ``banned_addresses`` of the settings file,
  read again within a second of the file changing; a banned address is
  answered HTTP 403, and connections already open from it, or signed in
  as a banned name, are closed ``banned``.
- **Ratings**: when a game of a public table is over, each signed-in
  player who held a seat in it is rated by the places of all its seats
  (:meth:`~.accounts.AccountStore.rate`); each connection of that table
  signed in as one of them is then sent its account's ``rating`` unasked,
  after the table's messages that ended the game (a client that does not
  use it lets it pass: the message type is an old one).  A tournament over
  rates its entrants' accounts (:mod:`.tournament_ratings`); each
  connection following one of them (at a table, watching, or in the lobby:
  out before the end too) and signed in as that account is sent its
  ``rating`` the same way, after the news ``over`` that ended it for them.
  An entrant so told on no connection (theirs had closed) has that end kept
  with their account (:meth:`~.accounts.AccountStore.keep_missed`), and
  hears it at their next sign-in, when their game asks (``while_away``:
  an older game never asks, and is never sent it); it is kept until the
  game says it told it (``seen_while_away``), or was sent
  :data:`~holdem_desktop.net.account_messages.TELLINGS` times.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from holdem_desktop.net.account_messages import (
    PASSWORD_LENGTH,
    AskLeaderboard,
    AskWhileAway,
    Missed,
    Rating,
    Register,
    SeenWhileAway,
    SignedIn,
    SignedOut,
    SignIn,
    SignOut,
    UseSession,
    WhileAway,
)
from holdem_desktop.net.limits import AddressWindow
from holdem_desktop.net.lobby_messages import JoinTable, PlayNow
from holdem_desktop.net.names import name_problem, skeleton
from holdem_desktop.net.protocol import (
    ACCOUNT_ASKS,
    Create,
    Error,
    Hello,
    HostMessage,
    to_text,
)
from holdem_desktop.net.room import Room
from holdem_desktop.net.tournament_messages import TournamentEntry

from .account_redis import RedisAccounts, RedisWindow, redis_client
from .accounts import AccountStore, Seat, check_password, hash_password
from .config import ConfigError, read_bans
from .proxies import Network, network
from .tournament_ratings import Ranking

if TYPE_CHECKING:
    from .config import ServerConfig
    from .lobby import Lobby
    from .tournament_service import DeskFile

__all__ = ["NAME_FAILURES", "TRIES", "TRY_WINDOW", "AccountDesk"]

TRIES = 10
"""Sign-ins and registrations one address may try in :data:`TRY_WINDOW` seconds."""
NAME_FAILURES = 5
"""Wrong passwords for one name, from any address, in :data:`TRY_WINDOW` seconds."""
TRY_WINDOW = 600.0
BANS_EVERY = 1.0
"""Seconds between two looks at the settings file's time of change."""


class AccountDesk:
    """Accounts for a :class:`~.service.GameServer` (a mixin: the server
    gives it its connections, its queue and its log)."""

    if TYPE_CHECKING:
        config: ServerConfig
        lobby: Lobby
        tournaments: DeskFile | None
        stats: Counter[str]
        _conns: dict[str, Any]

        def _queue(self, conn: str, message: HostMessage) -> None: ...

        def _event(self, address: str, room: str, event: str) -> None: ...

    def _open_accounts(self) -> None:
        self.accounts = AccountStore(self.config.accounts_file)
        self._signed: dict[str, tuple[str, str]] = {}
        """Connection -> the account it is signed in as, and its session token."""
        self._asked_away: set[str] = set()
        """Connections that asked ``while_away`` (the first ask of each is free
        of the request limit: a game asks it as it signs in, before its
        player's own requests)."""
        self._told_away: set[str] = set()
        """Connections just sent kept results (their next message, the
        ``seen_while_away`` that acknowledges them, is free of the limit)."""
        self._seated: dict[str, dict[str, str]] = {}
        """Public table -> the skeletons of the accounts that sat there -> their names."""
        self._tournaments_rated: list[tuple[str, dict[str, int], Ranking, str]] = []
        """Tournaments rated since the last delivery, each with its accounts'
        changes, its ranking and its name."""
        self._tries: AddressWindow | RedisWindow = AddressWindow(TRIES, TRY_WINDOW)
        self._failures: AddressWindow | RedisWindow = AddressWindow(
            NAME_FAILURES, TRY_WINDOW, addresses=65536)
        if self.config.redis:  # shared by the processes of every machine (account_redis.py)
            self.accounts.close()
            client = redis_client(self.config.redis, self.config.redis_timeout)
            self.accounts = RedisAccounts(self.config.accounts_file, client)
            self._tries = RedisWindow(client, "address", TRIES, TRY_WINDOW)
            self._failures = RedisWindow(client, "name", NAME_FAILURES, TRY_WINDOW)
        self._hasher = ThreadPoolExecutor(2, thread_name_prefix="passwords")
        self._banned_names: frozenset[str] = frozenset()
        self._banned_networks: tuple[Network, ...] = ()
        self._bans_read = (-1.0, 0.0)
        """The settings file's time of change when last read, and when looked at."""
        self._set_bans(self.config.banned_names, self.config.banned_addresses)

    def _close_accounts(self) -> None:
        self._hasher.shutdown(wait=True)
        self.accounts.close()

    # ------------------------------------------------------------------
    # Messages

    async def _account(self, conn: str, address: str, message: ACCOUNT_ASKS) -> None:
        """Answer one account message of ``conn`` (from ``address``)."""
        free = (isinstance(message, AskWhileAway) and conn not in self._asked_away) \
            or (isinstance(message, SeenWhileAway) and conn in self._told_away)
        if isinstance(message, AskWhileAway):
            self._asked_away.add(conn)
        self._told_away.discard(conn)
        if not free and not self.lobby.tables.allowed(conn):
            self._queue(conn, Error("too_fast", {}))
            self._event(address, "", "account_too_fast")
            return
        if isinstance(message, Register | SignIn):
            answer = await self._password(conn, address, message)
        elif isinstance(message, UseSession):
            name = self.accounts.session(message.token)
            if name is None:
                answer = Error("bad_session", {})
            elif skeleton(name) in self._banned_names:
                answer = Error("banned", {})
            else:
                self._signed[conn] = (name, message.token)
                answer = SignedIn(name, message.token)
        elif isinstance(message, SignOut):
            self.accounts.revoke(message.token)
            if self._signed.get(conn, ("", ""))[1] == message.token:
                del self._signed[conn]
            answer = SignedOut()
        elif isinstance(message, AskLeaderboard):
            answer = self.accounts.leaderboard()
        elif conn in self._signed and isinstance(message, AskWhileAway):
            answer = WhileAway(self.accounts.tell_missed(self._signed[conn][0]))
            if answer.results:  # (its acknowledgement, next, is free of the limit)
                self._told_away.add(conn)
        elif conn in self._signed and isinstance(message, SeenWhileAway):
            self.accounts.seen_missed(self._signed[conn][0], message.results)
            return  # (not answered)
        elif conn in self._signed:
            answer = self.accounts.rating(self._signed[conn][0])
        else:
            answer = Error("not_signed_in", {})
        self._queue(conn, answer)

    async def _password(self, conn: str, address: str, message: Register | SignIn
                        ) -> HostMessage:
        """Register or sign in, within the limits on guessing."""
        now = time.monotonic()
        key = skeleton(message.name)
        for window, who in ((self._tries, address), (self._failures, key)):
            if window.full(who, now):
                self._event(address, "", "sign_in_limited")
                return Error("too_many_tries", {"seconds": int(TRY_WINDOW / 60) * 60})
        self._tries.note(address, now)
        self.stats["passwords"] += 1
        if key in self._banned_names:
            self._event(address, "", "refused banned_name")
            return Error("banned", {})
        loop = asyncio.get_running_loop()
        if isinstance(message, Register):
            problem = name_problem(message.name)
            if problem is not None:
                return Error("bad_name", {"detail": problem})
            low, high = PASSWORD_LENGTH
            if not low <= len(message.password) <= high or not message.password.strip():
                return Error("bad_password", {"min": low, "max": high})
            if self.accounts.owner(message.name) is not None:
                return Error("name_taken", {})
            kept = await loop.run_in_executor(self._hasher, hash_password, message.password)
            if not self.accounts.create(message.name, kept):
                return Error("name_taken", {})
            self._event(address, "", "account_created")
        else:
            kept_hash = self.accounts.kept_hash(message.name)
            right = await loop.run_in_executor(self._hasher, check_password,
                                               message.password, kept_hash)
            if not right:
                self._failures.note(key, time.monotonic())
                self._event(address, "", "wrong_password")
                return Error("wrong_password", {})
        name = self.accounts.owner(message.name) or message.name
        token = self.accounts.new_session(name)
        self._signed[conn] = (name, token)
        return SignedIn(name, token)

    def _name_refused(self, conn: str, message: object) -> str:
        """Why ``conn`` may not take a seat under the name of ``message`` (a
        hello, create, Play now, join or a tournament's registration):
        ``reserved``, ``banned`` or ""."""
        if not isinstance(message, Hello | Create | PlayNow | JoinTable | TournamentEntry):
            return ""
        key = skeleton(message.name)
        if key in self._banned_names:
            return "banned"
        account = self._signed.get(conn)
        if account is not None and skeleton(account[0]) == key:
            return ""
        return "reserved" if self.accounts.owner(message.name) is not None else ""

    def _carried(self, conn: str) -> tuple[str, ...]:
        """What a connection sent on to another process says first: its session."""
        account = self._signed.get(conn)
        return (to_text(UseSession(account[1])),) if account is not None else ()

    def _account_seated(self, conn: str) -> None:
        """After a message of ``conn``: a signed-in player at a public table
        is noted there, to be rated when its game is over."""
        account = self._signed.get(conn)
        if account is None:
            return
        code = self.lobby.room_of(conn)
        room = self.lobby.rooms.get(code)
        if room is not None and room.public:
            self._seated.setdefault(code, {})[skeleton(account[0])] = account[0]

    def _account_gone(self, conn: str) -> None:
        self._signed.pop(conn, None)
        self._asked_away.discard(conn)
        self._told_away.discard(conn)

    # ------------------------------------------------------------------
    # Ratings

    def _rate_games(self) -> list[tuple[str, HostMessage]]:
        """Rate the public games that are over (before the rooms are saved);
        the ``rating`` to send each connection at those tables signed in as
        an account rated (after the messages that ended the game), and to
        each one following an account of a tournament rated since the last
        delivery (after the news of its end)."""
        told: list[tuple[str, HostMessage]] = []
        for code in list(self.lobby.changed):
            room = self.lobby.rooms.get(code)
            seated = self._seated.get(code)
            s = room.session if room is not None else None
            if room is None or not seated or s is None or not s.game_over:
                continue
            seats = ranked_seats(room, seated)
            game = f"{code}/{room.games}/{room.hand_serial}"
            del self._seated[code]  # (who sits on is noted again at their next message)
            try:
                changes = self.accounts.rate(game, seats)
            except Exception as exc:  # a rating never stops the rooms (openskill missing …)
                self._event("", code, f"rating_failed {type(exc).__name__}")
                continue
            if changes:
                self._event("", code, f"rated {len(changes)}")
                told += self._ratings_told(code, changes)
        rated, self._tournaments_rated = self._tournaments_rated, []
        for key, changes, ranking, title in rated:
            tournament = self._tournament_ratings_told(key, changes)
            self._keep_missed(changes, ranking, title, {skeleton(m.name) for _c, m in tournament
                                                       if isinstance(m, Rating)})
            told += tournament
        return told

    def _tournament_rated(self, key: str, changes: dict[str, int], ranking: Ranking) -> None:
        """Tournament ``key`` was rated (during its last hand's report): its
        accounts are told their ratings at the next delivery, after the news
        of its end, which that report queued (:meth:`_rate_games`)."""
        entry = self.tournaments.desk.entries.get(key) if self.tournaments is not None else None
        title = entry.offer.name if entry is not None else key
        self._tournaments_rated.append((key, changes, ranking, title))

    def _tournament_ratings_told(self, key: str, changes: dict[str, int]
                                 ) -> list[tuple[str, HostMessage]]:
        """Each account of ``changes``' new rating, for the connection that
        follows its registration in tournament ``key`` (the news of its end
        went there) when it is signed in as that account."""
        followers = self.lobby.followers
        rated = {skeleton(name) for name in changes}
        told: list[tuple[str, HostMessage]] = []
        for (k, name), conn in list(followers.conns.items()) if followers is not None else ():
            account = self._signed.get(conn)
            if k != key or skeleton(name) not in rated or account is None \
                    or skeleton(account[0]) != skeleton(name):
                continue
            try:
                told.append((conn, self.accounts.rating(account[0])))
            except Exception as exc:  # (said at the next My rating instead)
                self._event("", "", f"rating_unread {type(exc).__name__}")
        return told

    def _keep_missed(self, changes: dict[str, int], ranking: Ranking, title: str,
                     told: set[str]) -> None:
        """Each account of ``changes`` not ``told`` (skeletons) has this
        tournament's end kept, to hear at its next sign-in (:class:`AskWhileAway`)."""
        places = {skeleton(name): place for name, place in ranking}
        counts = Counter(place for _name, place in ranking)
        for account, change in changes.items():
            place = places.get(skeleton(account))
            if skeleton(account) in told or place is None:
                continue
            try:
                mine = self.accounts.rating(account)
                self.accounts.keep_missed(account, Missed(
                    title[:100].strip() or "?", place, len(ranking), counts[place] > 1,
                    mine.rating, change))
            except Exception as exc:  # (My rating says it all the same)
                self._event("", "", f"missed_unkept {type(exc).__name__}")

    def _ratings_told(self, code: str, changes: dict[str, int]) -> list[tuple[str, HostMessage]]:
        """Each account of ``changes``' new rating, for its connections in room ``code``."""
        rated = {skeleton(name) for name in changes}
        told: list[tuple[str, HostMessage]] = []
        for conn, (name, _token) in list(self._signed.items()):
            if skeleton(name) in rated and self.lobby.room_of(conn) == code:
                try:
                    told.append((conn, self.accounts.rating(name)))
                except Exception as exc:  # (said at the next My rating instead)
                    self._event("", code, f"rating_unread {type(exc).__name__}")
        return told

    # ------------------------------------------------------------------
    # Bans

    def _set_bans(self, names: tuple[str, ...], addresses: tuple[str, ...]) -> None:
        self._banned_names = frozenset(skeleton(n) for n in names)
        self._banned_networks = tuple(network(a) for a in addresses)

    def _banned(self, address: str) -> bool:
        """Whether ``address`` is banned in the settings file."""
        if not self._banned_networks:
            return False
        with contextlib.suppress(ValueError):
            found = network(address)
            return any(found.subnet_of(n) for n in self._banned_networks  # type: ignore[arg-type]
                       if n.version == found.version)
        return False

    def _reread_bans(self, close: Callable[[str, str], None]) -> None:
        """(Every tick.)  Read the bans again when the settings file changed,
        and ``close`` (connection, reason) each connection they now bar."""
        path = self.config.settings_file
        changed_at, looked_at = self._bans_read
        now = time.monotonic()
        if path is None or now - looked_at < BANS_EVERY:
            return
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            stamp = -2
        self._bans_read = (stamp, now)
        if stamp == changed_at or stamp == -2:
            return
        try:
            bans = read_bans(path)
        except ConfigError:
            self._event("", "", "settings_unreadable")  # the bans in force stay
            return
        self._set_bans(bans["banned_names"], bans["banned_addresses"])
        self._event("", "", "bans_read")
        for conn, state in list(self._conns.items()):
            account = self._signed.get(conn)
            if self._banned(state.address) or (
                    account is not None and skeleton(account[0]) in self._banned_names):
                close(conn, state.address)


def ranked_seats(room: Room, seated: dict[str, str]) -> list[Seat]:
    """The seats of ``room``'s game just over, each with its account (one
    of ``seated``, by the seat's name) and its place: the session's (it
    places every seat when a game ends: those out by when they went out,
    those still in by their chips).  A game a room ends because no person
    is left in it places the people who left their seat to the computer
    with chips still in front of them behind every seat still in: leaving
    while ahead never wins a rating."""
    s = room.session
    assert s is not None
    places = {k: st.place or 1 for k, st in enumerate(s.seats)}
    if s.result is not None and s.result.reason == "no_humans":
        left = {m.seat for m in room.members
                if m.seat is not None and m.left and s.seats[m.seat].chips > 0}
        stayed = [k for k, st in enumerate(s.seats) if st.chips > 0 and k not in left]
        places.update({k: 1 + sum(1 for o in stayed if places[o] < places[k]) for k in stayed}
                      | {k: len(stayed) + 1 for k in left})
    return [Seat(seated.get(skeleton(st.name)), places[k]) for k, st in enumerate(s.seats)]
