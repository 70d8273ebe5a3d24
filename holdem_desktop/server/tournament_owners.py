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

The tokens' digests are saved with the tournaments (server/tournament_service.py):
after a restart no connection owns a registration, but only one that
shows its token may take it back or follow it, as before the restart.  A
registration made without a token (a client that sent none) is kept
without an owner and, after a restart, answers anyone, as it did before
tokens existed."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

__all__ = ["Owners"]


def _digest(token: str | None) -> bytes | None:
    return None if token is None else hashlib.sha256(token.encode("ascii")).digest()


class Owners:
    """The owner of each registration: its connection and its token's digest."""

    def __init__(self) -> None:
        self._of: dict[tuple[str, str], tuple[str | None, bytes | None]] = {}

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

    def to_json(self) -> dict[str, dict[str, str]]:
        """The tokens' digests by tournament and name (hex), to save: the
        connections are not (none outlives a restart)."""
        saved: dict[str, dict[str, str]] = {}
        for (key, name), (_conn, digest) in sorted(self._of.items()):
            if digest is not None:
                saved.setdefault(key, {})[name] = digest.hex()
        return saved

    def restore(self, data: Any) -> None:
        """Take back what :meth:`to_json` saved, owned by no connection until
        one shows the token (:class:`ValueError` when it is not that)."""
        if not isinstance(data, dict):
            raise ValueError("owners: not a mapping")
        restored: dict[tuple[str, str], tuple[str | None, bytes | None]] = {}
        for key, names in data.items():
            if not isinstance(key, str) or not isinstance(names, dict):
                raise ValueError(f"owners: {key!r} is not a tournament's names")
            for name, digest in names.items():
                if not isinstance(name, str) or not isinstance(digest, str):
                    raise ValueError(f"owners: {key}: {name!r} is not a name and a digest")
                raw = bytes.fromhex(digest)
                if len(raw) != hashlib.sha256().digest_size:
                    raise ValueError(f"owners: {key}: {name}: not a SHA-256 digest")
                restored[(key, name)] = (None, raw)
        self._of = restored
