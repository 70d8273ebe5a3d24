"""Play online: rooms on a server over the internet (docs/server.md).

:class:`PlayOnlinePage` takes a server (typed, chosen among the servers
used before, or pasted with a whole invitation line) and creates a room
there or joins one by its code.  A certificate the game has not seen is
put to the player on a :class:`TrustPage`: its name, issuer and
fingerprint, shown and said (the fingerprint in groups, to compare with
what the server's owner gave), and trusted only by pressing Trust.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from holdem_desktop.i18n.translate import _

from .forms import Field, Form
from .menus import Desktop, _FormPage
from .page import Page, Pop, Push, Replace, Transition
from .widgets import Control, Role

__all__ = ["CertificateQuestion", "PlayOnlinePage", "TrustPage", "grouped", "outcome"]


@dataclass(frozen=True)
class CertificateQuestion:
    """A server's certificate the player has not trusted yet (``lan``: a
    room's host on the local network, reached by its typed address)."""

    server: str
    name: str
    issuer: str
    fingerprint: str
    """SHA-256, as ``AB:CD:…``."""
    lan: bool = False


def grouped(fingerprint: str) -> str:
    """A fingerprint to read aloud: its pairs in groups of four, ``39 E5 2B 83, 33 5E …``."""
    pairs = fingerprint.split(":")
    return ", ".join(" ".join(pairs[k:k + 4]) for k in range(0, len(pairs), 4))


def outcome(got: Page | str | CertificateQuestion, say: Callable[[str], None],
            retry: Callable[[], Page | str | CertificateQuestion], trust: Callable[[str, str], None]
            ) -> Transition | None:
    """What the window does with the result of creating or joining a room
    online: the table, the certificate question, or the reason said."""
    if isinstance(got, CertificateQuestion):
        return Push(TrustPage(got, say, retry, trust))
    if isinstance(got, str):
        say(got)
        return None
    return Replace(got)


class TrustPage(_FormPage):
    """Shows a server's unknown certificate; Trust connects, Cancel does not."""

    default = "cancel"

    def __init__(self, question: CertificateQuestion, say: Callable[[str], None],
                 retry: Callable[[], Page | str | CertificateQuestion],
                 trust: Callable[[str, str], None]) -> None:
        super().__init__(say)
        self.title = _("Unknown certificate")
        self.question = question
        self.retry = retry
        self.trust = trust

    def notice(self) -> str:
        q = self.question
        if q.lan:
            return _("The room's host at {address} shows a certificate this game has not seen "
                     "before. Trust it only if its fingerprint is the one the host reads to you "
                     "from the Room zone of their table.").format(address=q.server)
        return _("The server {server} shows a certificate this game has not seen before, "
                 "and no public authority vouches for it. Trust it only if its fingerprint is "
                 "the one the server's owner gave you.").format(server=q.server)

    def controls(self) -> tuple[Control, ...]:
        q = self.question
        return (Control("name", _("Name: {name}").format(name=q.name or _("none")), Role.TEXT,
                        "trust"),
                Control("issuer", _("Issued by: {issuer}").format(issuer=q.issuer or _("none")),
                        Role.TEXT, "trust"),
                Control("fingerprint", _("Fingerprint: {groups}").format(
                    groups=grouped(q.fingerprint)), Role.TEXT, "trust"),
                Control("trust", _("Trust this certificate and connect"), zone="trust"),
                Control("cancel", _("Do not connect"), zone="trust"))

    def describe(self, control: Control) -> str:
        return control.label if control.role is Role.TEXT else super().describe(control)

    def activate(self, control: Control) -> Transition | None:
        if control.id == "cancel":
            return Pop()
        if control.id != "trust":
            self.say(control.label)
            return None
        self.trust(self.question.server, self.question.fingerprint)
        self.say(_("Connecting…"))
        got = self.retry()
        if isinstance(got, CertificateQuestion):  # another certificate again: never looped
            self.say(_("The host showed another certificate: the game did not connect.")
                     if got.lan else
                     _("The server showed another certificate: the game did not connect."))
            return None
        return outcome(got, self.say, self.retry, self.trust)


class PlayOnlinePage(_FormPage):
    """A server (or an invitation), a room code, your name; Join room,
    Create room on this server, Paste invitation, Forget this server."""

    default = "join"

    form: Form

    def __init__(self, desktop: Desktop, say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.title = _("Play online")
        self.subtitle = _("Friends anywhere join your room on a server by its code. Paste the "
                          "invitation a friend sent, or type the server's address.")
        self.desktop = desktop
        servers = desktop.online_servers()
        fields = [Field("server", _("Server address or invitation"), Role.EDIT,
                        max_length=200),
                  Field("code", _("Room code (to join)"), Role.EDIT, max_length=6),
                  Field("name", _("Your name"), Role.EDIT, max_length=20)]
        if servers:
            fields.insert(0, Field("used", _("Servers used before"), Role.CHOICE,
                                   [(s, s) for s in servers]))
        self.form = Form(fields, {"used": servers[0] if servers else "",
                                  "server": servers[0] if servers else "", "code": "",
                                  "name": desktop.settings.player_name or _("Player")},
                         self._changed)

    def _changed(self, name: str, value: object) -> None:
        if name == "used":  # choosing a server used before fills the address
            self.form.values["server"] = str(value)

    def controls(self) -> tuple[Control, ...]:
        return (*self.form.controls("form"),
                Control("join", _("Join room"), zone="form"),
                Control("create", _("Create room on this server"), zone="form"),
                Control("paste", _("Paste invitation"), zone="form"),
                Control("forget", _("Forget this server"), zone="form"),
                Control("lobby", _("Lobby: public tables"), zone="form"),
                Control("play_now", _("Play now"), zone="form"),
                Control("cancel", _("Cancel"), zone="form"))

    def type_text(self, control: Control, text: str) -> None:
        if control.id == "code":
            text = "".join(ch for ch in text if ch.isdigit())
        super().type_text(control, text)

    def _server(self) -> str | None:
        server = str(self.form.values["server"]).strip()
        if not server:
            self.say(_("Type the server's address first, or paste an invitation."))
            return None
        return server

    def _keep_name(self, name: str) -> None:
        """The name typed here is the player's: in the room (the room judges
        it, and says why it cannot be used) and remembered, as Join room does."""
        self.desktop.change_settings(self.desktop.settings.updated(player_name=name))

    def _public(self, which: str, name: str) -> Transition | None:
        """The server's Lobby, or Play now there (public tables)."""
        server = self._server()
        if server is None:
            return None
        self._keep_name(name)
        from .lobby import LobbyDesktop, open_lobby_page  # it builds on this module's pages

        desktop = cast(LobbyDesktop, self.desktop)  # the Desktop offers both (app/play_online.py)
        if which == "lobby":
            return open_lobby_page(desktop, server, name, self.say)
        self.say(_("Connecting to {server}…").format(server=server.split("?")[0]))

        def attempt() -> Page | str | CertificateQuestion:
            return desktop.play_now(server, name)

        return outcome(attempt(), self.say, attempt, self.desktop.trust_certificate)

    def activate(self, control: Control) -> Transition | None:
        v = self.form.values
        name = str(v["name"]).strip() or _("Player")
        if control.id == "cancel":
            return Pop()
        if control.id == "paste":
            text = self.desktop.paste_text().strip()
            if not text.startswith(("holdem://", "holdem-lan://")):
                self.say(_("The clipboard holds no invitation."))
                return None
            v["server"] = text
            self.say(_("Invitation pasted: {server}").format(server=text.split("?")[0]))
            return None
        if control.id == "forget":
            server = self._server()
            if server is not None:
                self.say(self.desktop.forget_server(server))
            return None
        if control.id in ("lobby", "play_now"):
            return self._public(control.id, name)
        if control.id == "create":
            server = self._server()
            if server is None:
                return None
            from .menus import NewGamePage

            self._keep_name(name)  # the room's form starts from it
            return Push(NewGamePage(self.desktop, self._say, room=True, server=server))
        if control.id != "join":
            if control.role is Role.CHOICE:
                self.adjust(control, 1)
            return None
        server = self._server()
        if server is None:
            return None
        code = str(v["code"])
        if code and len(code) != 6:
            self.say(_("A room code has 6 digits."))
            return None
        self._keep_name(name)
        self.say(_("Connecting to {server}…").format(server=server.split("?")[0]))

        def attempt() -> Page | str | CertificateQuestion:
            return self.desktop.join_online_room(server, code, name)

        return outcome(attempt(), self.say, attempt, self.desktop.trust_certificate)
