"""Play online, as the :class:`~.desktop.Desktop` offers it to the screens:
the servers used, creating and joining a room on one, trusting its
certificate (the rooms' own work is in :mod:`.rooms` and :mod:`.online`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, cast

import pygame

from holdem_desktop.engine.variant import Variant
from holdem_desktop.i18n.translate import _
from holdem_desktop.net.account_messages import Leaderboard, Missed, Rating
from holdem_desktop.net.online import OnlineClient
from holdem_desktop.ui.online import CertificateQuestion
from holdem_desktop.ui.page import Page
from holdem_desktop.ui.table import TableScreen

from . import accounts, lobby, tournament_seat
from .clipboard import paste_text
from .lobby import LobbyWatch
from .online import invitation_line
from .tournament_end import TournamentEnd, back_to_lobby

if TYPE_CHECKING:
    from holdem_desktop.net.remote import RemoteTable
    from holdem_desktop.net.tournament_messages import TournamentNews
    from holdem_desktop.net.tournament_tables import TournamentSeat

    from .desktop import Desktop
    from .outputs import Outputs
    from .rooms import Rooms

__all__ = ["PlayOnline"]


class PlayOnline:
    """The Play online part of the Desktop (a mixin: the Desktop gives it
    its rooms, what the player hears, and the table of a room joined)."""

    if TYPE_CHECKING:
        outputs: Outputs

        @property
        def rooms(self) -> Rooms: ...

        @property
        def remote(self) -> RemoteTable | None: ...

        def _room_table(self, joined: RemoteTable | str) -> Page | str: ...

        def _tell_who_is_here(self, page: Page | str) -> Page | str: ...

    def first_words(self, page: Page, text: str) -> None:
        """``text`` said as the room's table ``page`` opens, before its own
        words (a room's code: what the player needs first), and kept with
        the table's announcements (Repeat says it again)."""
        if page.quiet_arrival and self.remote is not None:
            self.outputs.tell(self.remote, text)  # (after what was said instead)
            return
        page.opening = text
        if isinstance(page, TableScreen):
            page.announce(text)

    def online_servers(self) -> list[str]:
        """The servers the player used, newest first."""
        return self.rooms.book.servers()

    def join_online_room(self, server: str, code: str, name: str
                         ) -> Page | str | CertificateQuestion:
        """Join the room ``code`` on ``server`` (or the one its invitation names),
        under the account's name when signed in there."""
        got = self.rooms.join_online(server, code, self.account_name(server) or name)
        if isinstance(got, CertificateQuestion):
            return got
        return self._tell_who_is_here(self._room_table(got))

    def create_online_room(self, server: str, variant: str | Variant, players: int,
                           strength: str, name: str) -> Page | str | CertificateQuestion:
        """Create a room on ``server`` and sit at it; its code is said at once."""
        got = self.rooms.create_online(server, variant, players, strength,
                                       self.account_name(server) or name)
        if isinstance(got, CertificateQuestion):
            return got
        page = self._room_table(got)
        if self.remote is not None and not isinstance(page, str):
            self.first_words(page, _(
                "Room created on the server. Its code is {code}. Copy the invitation and "
                "send it to your friends.").format(code=" ".join(self.remote.code)))
        return page

    def open_lobby(self, server: str) -> LobbyWatch | str | CertificateQuestion:
        """Follow the public tables of ``server`` (the Lobby page)."""
        got = lobby.open_lobby(self.rooms, server)
        if not isinstance(got, OnlineClient):
            return got
        kind = pygame.event.custom_type()

        def wake() -> None:  # the list came: the window's loop wakes and the page reads it
            pygame.event.post(pygame.event.Event(kind))

        where = self.rooms.where(server)

        def session() -> str | None:  # the account signed in there now, if any
            return None if isinstance(where, str) else self.rooms.sessions.token(where.server)

        return LobbyWatch(server, got, wake, session, keep=self.rooms.tokens,
                          rated=lambda mine: self.keep_rating(server, mine),
                          missed_rating=lambda told: self.keep_missed_rating(server, told),
                          reopen=lambda: lobby.open_lobby(self.rooms, server))

    def play_now(self, server: str, name: str, variant: str = "", speed: str = ""
                 ) -> Page | str | CertificateQuestion:
        """Sit at once at a public table of ``server``, or at a new one."""
        got = lobby.play_now(self.rooms, server, name, variant, speed)
        if isinstance(got, CertificateQuestion):
            return got
        return self._from_lobby(self._tell_who_is_here(self._room_table(got)), server)

    def join_public(self, server: str, code: str, name: str, watch: bool = False
                    ) -> Page | str | CertificateQuestion:
        """Join (or ``watch``) a public table the lobby listed."""
        got = lobby.join_public(self.rooms, server, code, name, watch)
        if isinstance(got, CertificateQuestion):
            return got
        return self._from_lobby(self._tell_who_is_here(self._room_table(got)), server)

    def _from_lobby(self, page: Page | str, server: str) -> Page | str:
        """A public table, chosen in the Lobby of ``server``: leaving it goes
        back to that Lobby, not to the start screen."""
        if isinstance(page, TableScreen) and page.room is not None:
            page.room = replace(page.room, back=lambda: back_to_lobby(cast("Desktop", self),
                                                                      server))
        return page

    def take_tournament_seat(self, server: str, seat: TournamentSeat, tournament: str | None,
                             title: str = "") -> Page | str | CertificateQuestion:
        """Sit at the tournament's table ``seat`` names (see
        :mod:`.tournament_seat`; ``title``: its name, for its final ranking)."""
        def ended(remote: RemoteTable) -> Callable[[TournamentNews], None]:
            end = TournamentEnd(cast("Desktop", self), server, remote, title)
            remote.on_rating = end.rated  # (said after the final ranking, not at the table)
            return end.heard

        got = tournament_seat.take_seat(self.rooms, server, seat, tournament, ended)
        if isinstance(got, CertificateQuestion):
            return got
        page = self._room_table(got)
        if not isinstance(page, str):
            page.quiet_arrival = True  # the start and the seat are said instead
        return page

    def account_name(self, server: str) -> str:
        """The account signed in on ``server`` ("": none, a guest)."""
        where = self.rooms.where(server)
        account = None if isinstance(where, str) else self.rooms.sessions.get(where.server)
        return account.name if account is not None else ""

    def sign_in(self, server: str, name: str, password: str, create: bool
                ) -> str | CertificateQuestion:
        """Sign in on ``server`` (``create``: make the account): "" when
        signed in, else why not."""
        got = accounts.sign_in(self.rooms, server, name, password, create)
        return "" if isinstance(got, accounts.Account) else got

    def sign_out(self, server: str) -> str:
        """Sign out of ``server`` (its session revoked); what to say."""
        problem = accounts.sign_out(self.rooms, server)
        if problem:
            return _("Signed out on this computer, but the server could not be told: "
                     "{problem}").format(problem=problem)
        return _("Signed out. You play as a guest on this server now.")

    def leaderboard(self, server: str) -> Leaderboard | str | CertificateQuestion:
        """The best ratings of ``server``."""
        return accounts.leaderboard(self.rooms, server)

    def my_rating(self, server: str) -> Rating | str | CertificateQuestion:
        """The rating of the account signed in on ``server`` (kept for the Lobby)."""
        got = accounts.my_rating(self.rooms, server)
        if isinstance(got, Rating):
            self.keep_rating(server, got)
        return got

    def keep_rating(self, server: str, mine: Rating) -> None:
        """Keep ``mine``, the signed-in account's rating heard from ``server``,
        for the Lobby's first line (never on disk)."""
        where = self.rooms.where(server)
        if not isinstance(where, str):
            self.rooms.sessions.ratings[where.server] = mine

    def keep_missed_rating(self, server: str, missed: tuple[Missed, ...]) -> None:
        """Keep the rating ``server`` told with the rated tournaments that
        ended while the account was away, for the Lobby's first line, unless
        the rating kept is newer (:func:`~.accounts.rating_after_missed`)."""
        where = self.rooms.where(server)
        name = self.account_name(server)
        if isinstance(where, str) or not name:
            return
        mine = accounts.rating_after_missed(self.rooms.sessions.ratings.get(where.server),
                                            name, missed)
        if mine is not None:
            self.rooms.sessions.ratings[where.server] = mine

    def account_rating(self, server: str) -> int | None:
        """The rating last heard of the account signed in on ``server``, in
        tenths (None: a guest, or not heard yet)."""
        where = self.rooms.where(server)
        mine = None if isinstance(where, str) else self.rooms.sessions.ratings.get(where.server)
        name = self.account_name(server)
        return mine.rating if mine is not None and name \
            and mine.name.casefold() == name.casefold() else None

    def trust_certificate(self, server: str, fingerprint: str) -> None:
        """Pin ``fingerprint`` for ``server``: the player said Trust."""
        self.rooms.book.trust(server, fingerprint)

    def trust_room_certificate(self, server: str, fingerprint: str) -> None:
        """Pin ``fingerprint`` for the LAN host at ``server`` (a room joined by
        its address): the player said Trust."""
        self.rooms.trust_host(server, fingerprint)

    def forget_server(self, server: str) -> str:
        """Forget a server and the certificate trusted for it."""
        from .online import parse_invitation

        try:
            where = parse_invitation(server).server
        except ValueError:
            where = server.strip()
        if self.rooms.book.forget(where):
            return _("{server} is forgotten, with its certificate.").format(server=where)
        return _("{server} was not among the servers used.").format(server=where)

    def paste_text(self) -> str:
        """The invitation line on the clipboard (from the whole message a friend
        sent, when that was copied), or the clipboard's text as it is."""
        return invitation_line(paste_text())
