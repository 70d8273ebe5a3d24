"""A server's tournaments as the desktop follows them, over the lobby's
connection (:class:`~.lobby.LobbyWatch` hands it what arrives): the list,
asked again every few seconds while the Tournaments page is open (the
server sends it only when asked), registering and taking it back, and the
standings.  The server answers each request in order, once, with no id on a
refusal: the requests are kept in order to know what each answer answers,
and paced below the lobby's limit (5 at once, then 1 a second) so that a
refusal for going too fast is rare (a list asked again waits its turn).

While the lobby's connection is being opened again (:meth:`lost`) nothing
is sent: the newest standings asked wait, and the list is asked again once
it is back (:meth:`reconnected`); registering and taking it back are
refused by the pages meanwhile.  On the new connection every registration
made or followed from here is followed again, quietly (its news, its
seat, its end and the rating come there again); one the server refuses
(the tournament started without the player, is gone, the name was taken
back elsewhere) leaves the list's ✓, and the player is told why, naming
it (:attr:`TournamentWatch.told`, the Lobby's); the lobby closed for good
(:meth:`gone`), nothing kept is sent."""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Callable

from holdem_desktop.i18n.tournament import registration_gone
from holdem_desktop.net.account_messages import UseSession
from holdem_desktop.net.limits import TokenBucket
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Error
from holdem_desktop.net.standings_messages import AskStandings, TournamentStandings
from holdem_desktop.net.tournament_messages import TournamentEntry, TournamentList, Tournaments
from holdem_desktop.ui.tournaments import Heard

from .room_files import RoomTokens

__all__ = ["REFRESH", "TournamentWatch"]

REFRESH = 3.0
"""Seconds between two asks for the list while the page is open."""
_KEEP = 2.0
"""Requests of the lobby's burst a list asked again leaves to the player."""
TOKENS: dict[tuple[str, str, str], str] = {}
"""(server, tournament id, name) -> the secret sent with that registration,
for as long as the game runs: a new connection to the lobby (after a
reconnection, or the lobby opened again) shows it to follow the
registration or take it back (server/tournament_owners.py); kept on disk
too (:class:`TournamentWatch`'s ``keep``), so that the game started again
follows a tournament that has started: registering again answers
``registered`` with the seat, and the Desktop takes the player there
(issue 35)."""


class TournamentWatch:
    """The tournaments of the server ``client`` is connected to."""

    def __init__(self, client: OnlineClient, clock: Callable[[], float] = time.monotonic,
                 session: Callable[[], str | None] = lambda: None, server: str = "",
                 keep: RoomTokens | None = None, told: list[str] | None = None) -> None:
        self.client = client
        self.told = told if told is not None else []
        """What to tell the player unasked, after what is being said (the
        Lobby's): why a registration followed again is no longer theirs."""
        self.keep = keep
        """Where the registrations' tokens are kept between runs (None: not kept)."""

        self.server = server
        self.clock = clock
        self.session = session
        """The account's session on this server now (None: a guest): a name an
        account reserves is registered only from a connection signed in as it."""
        self._signed: str | None = None
        self.offered = True
        """False once the server said it offers no tournaments (then it is not asked again)."""
        self.listed: Tournaments | None = None
        """The last list the server sent (None: none yet)."""
        self.mine: dict[str, str] = {}
        """Tournament id -> the name registered from this computer."""
        self.heard: list[Heard] = []
        """Answers to say, in order."""
        self._pending: deque[tuple[TournamentList | TournamentEntry | AskStandings, bool]] = \
            deque()
        """The requests sent, in order, each with whether its answer is unsaid."""
        self._following: set[tuple[str, str]] = set()
        """(id, name) asked again by :meth:`follow`: its answer is not said."""
        self.followed: set[tuple[str, str]] = set()
        """(id, name) followed from here by :meth:`follow` (followed again after
        a reconnection, as the registrations of :attr:`mine` are)."""
        self.away = False
        """True while the lobby's connection is being opened again."""
        self._later: deque[TournamentEntry | AskStandings] = deque()
        """Sent as the lobby's limit allows (:meth:`pump`): the registrations
        followed again, quietly, then the standings asked while away."""
        self._standings: AskStandings | None = None
        """The standings asked while away (the newest), asked once back."""
        self._bucket = TokenBucket(1.0, 5.0, clock)
        self._asked = -REFRESH

    def _send(self, message: TournamentList | TournamentEntry | AskStandings,
              quiet: bool = False) -> bool:
        if not self._bucket.take():
            return False
        self._pending.append((message, quiet))
        self.client.send(message)
        return True

    def refresh(self) -> None:
        """Ask for the list again when it is time (and the player's requests
        keep their room within the lobby's limit)."""
        now = self.clock()
        b = self._bucket
        if (self.away or self._later or not self.offered or now - self._asked < REFRESH
                or b.tokens + (now - b.at) * b.rate < _KEEP + 1):
            return
        self._asked = now
        self._send(TournamentList())

    def enter(self, key: str, name: str, register: bool) -> bool:
        """Register ``name`` for ``key`` (or take it back); False: too fast.
        Signed in since the lobby opened: this connection is signed in first
        (its answer is the account's, not one the requests wait for)."""
        self.sign_in()
        return self._send(TournamentEntry(key, name, register, self._token(key, name)))

    def sign_in(self) -> bool:
        """This connection is signed in as the account signed in on the
        server now, if it is not yet (its answer is the account's, not one
        the requests wait for); whether an account is signed in there."""
        token = self.session()
        if token is not None and token != self._signed:
            self._signed = token
            self.client.send(UseSession(token))
        return token is not None

    def lost(self) -> None:
        """The lobby's connection dropped and is being opened again: nothing
        is sent until :meth:`reconnected`."""
        self.away = True

    def gone(self) -> None:
        """The lobby closed for good (the tries ran out): nothing kept is sent."""
        self.away = True
        self._later.clear()
        self._standings = None

    def reconnected(self, client: OnlineClient) -> None:
        """The lobby's connection was opened again: requests go over ``client``
        (those sent on the lost one get no answer), signed in anew by the
        next :meth:`sign_in`; the registrations made or followed from here
        are followed again, quietly, then the standings asked meanwhile are
        asked (:meth:`pump` sends them within the lobby's limit), and the
        list at once when the page asks it."""
        self.client = client
        self.away = False
        self._signed = None
        self._pending.clear()
        self._following.clear()
        # a new connection: the server's limit starts afresh, less the list
        # and the session the lobby sends first
        self._bucket = TokenBucket(1.0, 5.0, self.clock)
        self._bucket.tokens = 3.0
        self._asked = -REFRESH
        again = {(k, n): None for k, n in self.mine.items()} | dict.fromkeys(
            sorted(self.followed))
        self._later = deque(TournamentEntry(k, n, True, self._token(k, n)) for k, n in again)
        if self._standings is not None:
            self._later.append(self._standings)
            self._standings = None

    def pump(self) -> None:
        """Send what waits its turn (:attr:`_later`), as the limit allows."""
        while self._later and not self.away:
            message = self._later[0]
            if isinstance(message, TournamentEntry):
                self.sign_in()
            if not self._send(message, quiet=isinstance(message, TournamentEntry)):
                return
            self._later.popleft()

    def follow(self, key: str, name: str) -> bool:
        """Follow ``name``'s registration in the running tournament ``key``
        from this connection again, without a word (back on the Tournaments
        page after being knocked out: the news of its end, and the new
        rating, come here); False: too fast."""
        self.followed.add((key, name))
        if self.away:  # (followed again once the connection is back)
            return True
        self._following.add((key, name))
        return self.enter(key, name, True)

    def _token(self, key: str, name: str) -> str:
        """The secret of ``name``'s registration for ``key`` (drawn the first
        time, kept in memory and in :attr:`keep`)."""
        known = TOKENS.get((self.server, key, name))
        if known is None and self.keep is not None:
            known = self.keep.get(f"{self.server}#tournament:{key}", name)
        token = known or secrets.token_hex(16)
        if TOKENS.get((self.server, key, name)) != token:
            TOKENS[(self.server, key, name)] = token
            if self.keep is not None:
                self.keep.put(f"{self.server}#tournament:{key}", name, token)
        return token

    def standings(self, key: str) -> bool:
        """Ask for ``key``'s standings; False: too fast.  While the lobby is
        reconnecting, asked once it is back (the newest asked)."""
        if self.away:
            self._standings = AskStandings(key)
            return True
        return self._send(AskStandings(key))

    def take(self, message: object) -> bool:
        """``message`` arrived on the lobby's connection: True when it was
        the tournaments' (an answer to one of these requests)."""
        if isinstance(message, Tournaments):
            self.listed = message
            asked, quiet = self._pending.popleft() if self._pending else (None, False)
            if isinstance(asked, TournamentEntry):
                if quiet:  # (followed again after a reconnection: still registered)
                    self.mine[asked.id] = asked.name
                    return True
                if asked.register:
                    self.mine[asked.id] = asked.name
                else:
                    self.mine.pop(asked.id, None)
                    self.followed.discard((asked.id, asked.name))
                self.heard.append(Heard("registered" if asked.register else "unregistered",
                                        asked.id, asked.name))
            return True
        if isinstance(message, TournamentStandings):
            if self._pending:
                self._pending.popleft()
            self.heard.append(Heard("standings", message.id, standings=message))
            return True
        if isinstance(message, Error) and message.reason in ("tournament", "too_fast") \
                and self._pending:
            asked, quiet = self._pending.popleft()
            reason = str(message.data.get("reason", message.reason))
            if quiet and isinstance(asked, TournamentEntry):
                if reason == "registered":
                    self.mine[asked.id] = asked.name
                elif reason == "too_fast":
                    self._later.appendleft(asked)  # (followed again in a moment)
                else:  # (over, or no longer there: not followed again, and said why)
                    self.followed.discard((asked.id, asked.name))
                    if self.mine.get(asked.id) == asked.name:
                        del self.mine[asked.id]
                    t = next((t for t in self.listed.tournaments if t.id == asked.id),
                             None) if self.listed is not None else None
                    self.told.append(registration_gone(reason, t.name if t else asked.id,
                                                       t.state if t else ""))
                return True
            if isinstance(asked, TournamentEntry) and reason == "registered":
                self.mine[asked.id] = asked.name  # (from here before: followed again)
                if (asked.id, asked.name) in self._following:  # (asked by follow: quietly)
                    self._following.discard((asked.id, asked.name))
                    return True
            if isinstance(asked, TournamentList) and reason in ("too_fast", "none"):
                if reason == "none" and self.offered:
                    self.offered = False
                    self.heard.append(Heard("refused", "", "", reason))  # said once
                return True  # (too fast: asked again in a moment)
            self.heard.append(Heard("refused", getattr(asked, "id", ""),
                                    getattr(asked, "name", ""), reason,
                                    str(message.data.get("problem", ""))))
            return True
        return False
