"""The player's accounts on servers (docs/server.md, *Accounts and ratings*):
the session token each server gave, kept in a small file of the player's
data folder (never the password, which leaves the game only inside the
server's TLS, at Sign in or Create account), and the short connections
that sign in, sign out and ask for ratings.

Each connection to a room on a server shows the session first (the
:class:`~holdem_desktop.net.online.OnlineClient`'s ``session``), so the
player sits and is rated under the account's name.
"""

from __future__ import annotations

import contextlib
import json
import queue
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from holdem_desktop.i18n.accounts import account_problem, rating_told
from holdem_desktop.net.account_messages import (
    MAX_RESULTS,
    SESSION_TOKEN,
    AskLeaderboard,
    AskRating,
    Leaderboard,
    Missed,
    Rating,
    Register,
    Result,
    SignedIn,
    SignedOut,
    SignIn,
    SignOut,
)
from holdem_desktop.net.client import Closed
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.net.protocol import Error
from holdem_desktop.ui.online import CertificateQuestion

from .kept_files import KeptFiles
from .online import Invitation, open_online

if TYPE_CHECKING:
    from holdem_desktop.net.remote import RemoteTable

    from .rooms import Rooms

__all__ = ["Account", "SessionBook", "account_request", "leaderboard", "my_rating",
           "rated", "rating_after_missed", "rating_said", "sign_in", "sign_out"]

ANSWER_WAIT = 15.0
"""Seconds an account request waits for the server's answer."""


@dataclass(frozen=True)
class Account:
    """Signed in as ``name`` on a server, with its session ``token``."""

    name: str
    token: str


class SessionBook:
    """The session kept for each server, in ``path`` (readable by the player
    alone); a file that cannot be read or written costs only the session."""

    def __init__(self, path: Path, kept: KeptFiles | None = None) -> None:
        self.path = path
        self.kept = kept or KeptFiles()
        """Where the writes go, and a failed one is told (:mod:`.kept_files`)."""
        self.accounts: dict[str, Account] = {}
        self.ratings: dict[str, Rating] = {}
        """The signed-in account's rating last heard, by server (told as a
        rated game ends, or by My rating; never on disk): the Lobby says it."""
        with contextlib.suppress(OSError, ValueError, AttributeError, TypeError, KeyError):
            for server, entry in json.loads(path.read_text(encoding="utf-8")).items():
                if isinstance(entry["name"], str) and SESSION_TOKEN.fullmatch(entry["token"]):
                    self.accounts[str(server)] = Account(entry["name"], entry["token"])

    def get(self, server: str) -> Account | None:
        return self.accounts.get(server)

    def token(self, server: str) -> str | None:
        """The session to show ``server`` (None: a guest there)."""
        account = self.accounts.get(server)
        return account.token if account is not None else None

    def name(self, server: str, name: str) -> str:
        """The name to play under on ``server``: the account's when signed in
        there (the server keeps it for the account alone), else ``name``."""
        account = self.accounts.get(server)
        return account.name if account is not None else name

    def put(self, server: str, account: Account | None) -> None:
        """Keep ``account`` for ``server`` (None: forget the session)."""
        if account is None:
            self.accounts.pop(server, None)
        else:
            self.accounts[server] = account
        text = json.dumps({s: {"name": a.name, "token": a.token}
                           for s, a in self.accounts.items()}) + "\n"
        self.kept.write(self.path, text, "sign_out" if account is None else "sign_in",
                        private=True)


def account_request(rooms: Rooms, where: Invitation, message: object,
                    kinds: tuple[type, ...]) -> object | str | CertificateQuestion:
    """Send ``message`` on a new connection to ``where``'s server (showing the
    session kept for it) and return the answer of one of ``kinds`` (or an
    :class:`~holdem_desktop.net.protocol.Error`), or why not (said)."""
    signing_in = isinstance(message, Register | SignIn)  # (answered signed_in: not a session's)
    got = open_online(rooms.book, where, None if signing_in else rooms.sessions.token(
        where.server))
    if not isinstance(got, OnlineClient):
        return got
    try:
        got.send(message)  # type: ignore[arg-type]
        while True:
            answer = got.get(timeout=ANSWER_WAIT)
            if isinstance(answer, (*kinds, Error)):
                return answer
            if isinstance(answer, Closed):
                return account_problem(answer.reason or "unreachable")
    except queue.Empty:
        return account_problem("unreachable")
    finally:
        got.close(timeout=1)


def _server(rooms: Rooms, server: str) -> Invitation | str:
    where = rooms.where(server)
    if isinstance(where, Invitation) and where.lan:
        return account_problem("lan")
    return where


def sign_in(rooms: Rooms, server: str, name: str, password: str, create: bool
            ) -> Account | str | CertificateQuestion:
    """Sign in as ``name`` on ``server`` (``create``: reserve the name first);
    the session is kept, the password is not."""
    where = _server(rooms, server)
    if isinstance(where, str):
        return where
    message = Register(name, password) if create else SignIn(name, password)
    got = account_request(rooms, where, message, (SignedIn,))
    if isinstance(got, SignedIn):
        account = Account(got.name, got.token)
        rooms.sessions.put(where.server, account)
        return account
    return _problem(got)


def sign_out(rooms: Rooms, server: str) -> str | None:
    """Revoke the session kept for ``server`` (forgotten here whatever the
    server answers); None when done, else why the server could not be told."""
    where = _server(rooms, server)
    if isinstance(where, str):
        return where
    account = rooms.sessions.get(where.server)
    if account is None:
        return None
    rooms.sessions.put(where.server, None)
    got = account_request(rooms, where, SignOut(account.token), (SignedOut,))
    return None if isinstance(got, SignedOut) else _problem(got)  # type: ignore[return-value]


def leaderboard(rooms: Rooms, server: str) -> Leaderboard | str | CertificateQuestion:
    where = _server(rooms, server)
    if isinstance(where, str):
        return where
    got = account_request(rooms, where, AskLeaderboard(), (Leaderboard,))
    return got if isinstance(got, Leaderboard) else _problem(got)


def my_rating(rooms: Rooms, server: str) -> Rating | str | CertificateQuestion:
    where = _server(rooms, server)
    if isinstance(where, str):
        return where
    if rooms.sessions.get(where.server) is None:
        return account_problem("not_signed_in")
    got = account_request(rooms, where, AskRating(), (Rating,))
    if isinstance(got, Error) and got.reason in ("bad_session", "not_signed_in", "banned"):
        rooms.sessions.put(where.server, None)  # the server ended it: signed out here too
    return got if isinstance(got, Rating) else _problem(got)


def _problem(got: object) -> str | CertificateQuestion:
    if isinstance(got, str | CertificateQuestion):
        return got
    if isinstance(got, Error):
        return account_problem(got.reason, got.data)
    return account_problem("unreachable")


def rated(rooms: Rooms, remote: RemoteTable, server: str, mine: Rating) -> None:
    """The player's new rating, told by ``server`` as a rated game at
    ``remote`` ends: said after what the table said so far (the game's end,
    its places), and kept for the Lobby's first line."""
    rooms.sessions.ratings[server] = mine
    rooms.outputs.flush(remote)
    rooms.outputs.announce(rating_said(mine))


def rating_said(mine: Rating) -> str:
    """``mine`` as told at a rated game's end: the rating and its last change."""
    return rating_told(mine.rating, mine.results[0].change if mine.results else 0)


def rating_after_missed(kept: Rating | None, name: str, missed: Sequence[Missed]
                        ) -> Rating | None:
    """The rating to keep for the Lobby's first line once the server told,
    at sign-in, the rated tournaments ``missed`` that ended while the
    account ``name`` was away (the oldest first): the newest one's rating,
    unless ``kept``, the rating heard before, is not older than it (None:
    keep ``kept``).

    ``kept`` is newer (or the same) when it was heard after that tournament
    was rated: its latest results then hold that tournament's (place,
    players, change) with, before it, the changes that lead from that
    tournament's rating to ``kept``'s (a change is the exact difference of
    two ratings in tenths, so the chain adds up).  A rating heard before
    that tournament holds no such chain, and is replaced."""
    if not missed:
        return None
    last = missed[-1]
    if kept is not None and kept.name.casefold() == name.casefold():
        since = 0  # the changes of the games after ``last``, newest first
        for result in kept.results:
            if (result.place, result.players, result.change) == (
                    last.place, last.players, last.change) \
                    and kept.rating - since == last.rating:
                return None  # heard after it (or it is the same): not older
            since += result.change
        older, games = kept.results, kept.games + len(missed)
    else:
        older, games = (), len(missed)
    # (games: at least so many; the rank is not told: 0, as the Lobby reads the rating alone)
    told = tuple(Result(m.place, m.players, m.change) for m in reversed(missed))
    return Rating(name, last.rating, games, 0, (*told, *older)[:MAX_RESULTS])
