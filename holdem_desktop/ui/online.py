"""Play online: rooms on a server over the internet (docs/server.md).

:class:`PlayOnlinePage` takes a server (typed, chosen among the servers
used before, or pasted with a whole invitation line) and creates a room
there or joins one by its code.  A certificate the game has not seen is
put to the player on a :class:`~.trust.TrustPage`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from holdem_desktop.i18n.translate import _

from .desktop import CertificateQuestion, Desktop
from .form_page import FormPage
from .forms import Field, Form
from .new_game import NewGamePage
from .page import Page, Pop, Push, Transition
from .trust import TrustPage, grouped, outcome
from .widgets import Control, Role

__all__ = ["CertificateQuestion", "PlayOnlinePage", "TrustPage", "grouped", "outcome"]


class PlayOnlinePage(FormPage):
    """A server (or an invitation), a room code, your name; Join room,
    Create room on this server, Paste invitation, Forget this server."""

    says_subtitle = True  # what the form is for: an invitation or an address

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
