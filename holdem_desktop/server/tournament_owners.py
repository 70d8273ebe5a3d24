"""Whose a tournament registration is (no I/O).

A registration is a name, and a guest's name proves nothing: without an
owner, anyone could take back another guest's registration, or register the
same name again from their own connection and hear that person's news (and
take their seat).  So a registration belongs to the connection that made
it, and to whoever shows the secret that connection sent with it
(``tournament_entry``'s ``token``, 32 hex digits the client draws at
random and keeps; the server keeps only its SHA-256): only they may take
it back, or follow it again from a new connection after a reconnection,
which moves it there.  A name an account reserves reaches the lobby only
from a connection signed in as it (server/account_desk.py), and follows
the same rule.

Owners live in the process's memory: after a restart a registration has
none until the first connection that shows a token for it (or registers
it again) claims it."""

from __future__ import annotations

import hashlib
import hmac

__all__ = ["Owners"]


def _digest(token: str | None) -> bytes | None:
    return None if token is None else hashlib.sha256(token.encode("ascii")).digest()


class Owners:
    """The owner of each registration: its connection and its token's digest."""

    def __init__(self) -> None:
        self._of: dict[tuple[str, str], tuple[str, bytes | None]] = {}

    def claim(self, key: str, name: str, conn: str, token: str | None) -> None:
        """``conn`` owns ``name``'s registration for tournament ``key`` (the
        token it showed, or kept from before when it showed none)."""
        known = self._of.get((key, name))
        digest = _digest(token)
        if digest is None and known is not None:
            digest = known[1]
        self._of[(key, name)] = (conn, digest)

    def may(self, key: str, name: str, conn: str, token: str | None) -> bool:
        """Whether ``conn`` (showing ``token``) speaks for that registration:
        its connection, the right token, or a registration nobody owns."""
        known = self._of.get((key, name))
        if known is None:
            return True
        owner, digest = known
        shown = _digest(token)
        return owner == conn or (digest is not None and shown is not None
                                 and hmac.compare_digest(digest, shown))

    def holder(self, key: str, name: str) -> str | None:
        """The connection that owns the registration now (None: none)."""
        known = self._of.get((key, name))
        return None if known is None else known[0]

    def drop(self, key: str, name: str) -> None:
        """The registration was taken back."""
        self._of.pop((key, name), None)
