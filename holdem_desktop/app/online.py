"""Rooms on a server over the internet (``holdem-desktop serve``): the
servers the player used and the certificates they trusted, the invitation
line, and opening a checked connection.

A server's certificate is trusted one of three ways: a public authority
vouches for it (it just works); its fingerprint is the one pinned here,
the last time the player said Trust; or it is the one an invitation
carried (a friend vouched for it).  Anything else is shown to the player
first (:class:`~holdem_desktop.ui.online.CertificateQuestion`), and a pin
that no longer matches is refused outright with a warning.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from holdem_desktop.i18n.translate import _
from holdem_desktop.net.online import CertificateProblem, OnlineClient
from holdem_desktop.ui.online import CertificateQuestion

from .kept_files import KeptFiles

__all__ = ["DEFAULT_PORT", "LAN_SCHEME", "Invitation", "ServerBook", "invitation_line",
           "open_online", "parse_invitation"]

DEFAULT_PORT = 7447
"""The port of a server whose address names none (the server's own default)."""
_FINGERPRINT = re.compile(r"[0-9A-F]{2}(?::[0-9A-F]{2}){31}")
_HOST = re.compile(r"[A-Za-z0-9.\-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")


LAN_SCHEME = "holdem-lan"
"""The scheme of an invitation to a room hosted on the local network."""


@dataclass(frozen=True)
class Invitation:
    """Where a room is: its server, its code (if known) and the certificate
    pin the inviter's game trusted (None: a public certificate); ``lan``: a
    room a desktop hosts on the local network, not one on a server."""

    host: str
    port: int
    code: str = ""
    pin: str | None = None
    lan: bool = False

    @property
    def server(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    def line(self) -> str:
        """``holdem://host:port/123456?pin=AB:CD:…`` (the pin only when there
        is one); a LAN room's: ``holdem-lan://host:port/123456?pin=…``."""
        text = f"{LAN_SCHEME if self.lan else 'holdem'}://{self.server}/{self.code}"
        return text + (f"?pin={self.pin}" if self.pin else "")


_LINE = re.compile(r"holdem(?:-lan)?://[^\s<>\"']+", re.IGNORECASE)


def invitation_line(text: str) -> str:
    """The ``holdem://`` (or ``holdem-lan://``) line inside ``text`` — a whole
    invitation message as it was copied, sent and pasted ("Join my Hold'em
    Desktop room …: holdem://…"), its closing punctuation left out — or
    ``text`` itself when it holds none."""
    text = text.strip()
    if text.lower().startswith(("holdem://", LAN_SCHEME + "://")):
        return text  # a line alone is judged whole, as it was typed
    found = _LINE.search(text)
    return found.group(0).rstrip(".,;:!?)]}") if found else text


def parse_invitation(text: str) -> Invitation:
    """An invitation line (to a server's room or a LAN room, alone or inside
    the message it came in), or a server's address (``host``, ``host:port``);
    raises ``ValueError`` for what is neither.  A LAN room's invitation names
    its port and carries its pin."""
    text = invitation_line(text)
    if not text:
        raise ValueError("empty")
    if "://" not in text:
        text = "holdem://" + text
    parts = urllib.parse.urlsplit(text)
    lan = parts.scheme.lower() == LAN_SCHEME
    if parts.scheme.lower() not in ("holdem", "wss", LAN_SCHEME):
        raise ValueError("scheme")
    host = parts.hostname or ""
    shown = f"[{host}]" if ":" in host else host
    if not _HOST.fullmatch(shown):
        raise ValueError("host")
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError("port") from None
    code = parts.path.strip("/")
    if code and not (len(code) == 6 and code.isdigit()):
        raise ValueError("code")
    pin = urllib.parse.parse_qs(parts.query).get("pin", [None])[0]
    if pin is not None:
        pin = pin.upper()
        if not _FINGERPRINT.fullmatch(pin):
            raise ValueError("pin")
    if lan and (parts.port is None or pin is None):
        raise ValueError("port" if parts.port is None else "pin")
    return Invitation(host, port, code, pin, lan)


class ServerBook:
    """The servers used (newest first, at most :attr:`KEEP`) and the
    certificate pinned for each, in a small JSON file in the player's data
    folder; a file that cannot be read or written costs only the memory."""

    KEEP = 10

    def __init__(self, path: Path, kept: KeptFiles | None = None) -> None:
        self.path = path
        self.kept = kept or KeptFiles()
        """Where the writes go, and a failed one is told (:mod:`.kept_files`)."""
        self.entries: dict[str, dict[str, object]] = {}
        with contextlib.suppress(OSError, ValueError, AttributeError, TypeError):
            data = json.loads(path.read_text(encoding="utf-8"))
            for server, entry in data["servers"].items():
                pin = entry.get("pin")
                self.entries[str(server)] = {
                    "pin": pin if isinstance(pin, str) and _FINGERPRINT.fullmatch(pin) else None,
                    "used": float(entry.get("used", 0.0))}

    def servers(self) -> list[str]:
        """The servers used, newest first."""
        return sorted(self.entries, key=lambda s: -float(self.entries[s]["used"]))  # type: ignore[arg-type]

    def pin(self, server: str) -> str | None:
        """The fingerprint trusted for ``server`` (None: none pinned)."""
        entry = self.entries.get(server)
        pin = entry.get("pin") if entry else None
        return pin if isinstance(pin, str) else None

    def remember(self, server: str, pin: str | None) -> None:
        """``server`` was used now (with the certificate ``pin``, if pinned)."""
        self.entries[server] = {"pin": pin or self.pin(server), "used": time.time()}
        for old in self.servers()[self.KEEP:]:
            del self.entries[old]
        self.kept.write(self.path, json.dumps({"servers": self.entries}) + "\n", "trust")


    def trust(self, server: str, fingerprint: str) -> None:
        """The player trusts the certificate ``fingerprint`` for ``server``."""
        self.entries.pop(server, None)
        self.remember(server, fingerprint.upper())

    def forget(self, server: str) -> bool:
        """Forget ``server`` and its pin; whether it was known."""
        known = self.entries.pop(server, None) is not None
        self.kept.write(self.path, json.dumps({"servers": self.entries}) + "\n", "trust")
        return known


def open_online(book: ServerBook, where: Invitation, session: str | None = None
                ) -> OnlineClient | CertificateQuestion | str:
    """A connection to ``where``'s server whose certificate is trusted (showing
    the account's ``session`` first, if any), the question to put to the
    player about an unknown one, or why not (said)."""
    pinned = book.pin(where.server)
    pin = pinned or where.pin
    client = OnlineClient(where.host, where.port, pin=pin, session=session)
    try:
        client.connect()
    except CertificateProblem as problem:
        info = problem.info
        if problem.kind == "changed" and pinned is not None:
            return _("Warning: the certificate of {server} has changed since you trusted it. "
                     "Someone may be pretending to be that server, so the game did not "
                     "connect. If the server's owner tells you they changed it, choose Forget "
                     "this server, then connect again.").format(server=where.server)
        if problem.kind == "changed":
            return _("Warning: the certificate of {server} is not the one in the invitation. "
                     "Someone may be pretending to be that server, so the game did not "
                     "connect.").format(server=where.server)
        return CertificateQuestion(where.server, info.name, info.issuer, info.fingerprint)
    except (OSError, TimeoutError):
        return _("The server at {address} does not answer.").format(address=where.server)
    book.remember(where.server, pin)
    return client
