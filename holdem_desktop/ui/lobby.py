"""The Lobby: a server's public tables, and Play now (docs/server.md).

By ear it is a list like any other: the filters (game, speed), Play now,
then one line a table ("Session, blinds 10/20, normal speed: 4 of 6 seats
free, 2 people, 4 computers, 1 watching, 2 of 5"), the count said when it
changes.  Enter on a table joins it, W (the table's key for whose turn it
is) watches it, and Play now seats the player at once; Tournaments, after
the tables, opens the server's tournaments (:mod:`.tournaments`).  By eye
the same rows, one a table, under a heading naming the columns.  The list
follows the server's updates (at most one a second) without moving the
focus; the line of the table the focus is on is said again when its
seats or blinds change (not its watchers), and where the focus went when
that table closes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from holdem_desktop.i18n.accounts import lobby_account_line
from holdem_desktop.i18n.lobby import (
    TableInfo,
    Tables,
    count_line,
    game_name,
    speed_name,
    table_line,
)
from holdem_desktop.i18n.translate import _
from holdem_desktop.settings import Settings

from .account_pages import AccountDesktop, SignInPage, rating_page
from .desktop import CertificateQuestion
from .form_page import FormPage
from .forms import Field, Form
from .keymap import Key
from .page import Page, Pop, Push, Replace, Transition
from .tournament_news import TournamentNews, say_news
from .tournament_seat import Seater, to_the_table
from .tournaments import Queued, TournamentFeed, TournamentsPage, not_now
from .trust import outcome
from .widgets import Control, Role

__all__ = ["LobbyDesktop", "LobbyFeed", "LobbyPage", "back_to_tournament", "open_lobby_page",
           "table_line"]

class LobbyFeed(Protocol):
    """A server's lobby followed (:class:`holdem_desktop.app.lobby.LobbyWatch`):
    the games and speeds public tables have, and the last list heard."""

    server: str
    games: tuple[str, ...]
    speeds: tuple[str, ...]
    closed: str
    news: list[TournamentNews]
    told: list[str]
    missed: list[str]
    tournaments: TournamentFeed
    seat: object | None

    @property
    def tables(self) -> Tables | None: ...

    @property
    def reconnecting(self) -> bool:
        """Whether the connection dropped and is being opened again (what
        does something is refused meanwhile; a filter waits)."""
        ...

    def filter(self, variant: str, speed: str) -> None: ...

    def ask_missed(self) -> None: ...

    def poll(self) -> bool: ...

    def close(self) -> None: ...


class LobbyDesktop(AccountDesktop, Seater, Protocol):
    """What the Lobby asks of the program (the Desktop implements it)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def speech(self) -> Queued: ...

    def play_now(self, server: str, name: str, variant: str = "", speed: str = ""
                 ) -> Page | str | CertificateQuestion: ...

    def join_public(self, server: str, code: str, name: str, watch: bool = False
                    ) -> Page | str | CertificateQuestion: ...

    def trust_certificate(self, server: str, fingerprint: str) -> None: ...

    def open_lobby(self, server: str) -> LobbyFeed | str | CertificateQuestion: ...

    def menu(self) -> Page: ...


def open_lobby_page(desktop: LobbyDesktop, server: str, name: str,
                    say: Callable[[str], None]) -> Transition | None:
    """The Lobby of ``server`` (after its certificate question, if any), or
    why it cannot be reached (said)."""
    say(_("Connecting to {server}…").format(server=server.split("?")[0]))
    tries = []

    def attempt() -> Page | str | CertificateQuestion:
        got = desktop.open_lobby(server)
        tries.append(got)
        if isinstance(got, str | CertificateQuestion):
            return got
        # after the certificate question the lobby replaces every page: it
        # then closes to the start screen rather than onto nothing
        return LobbyPage(desktop, got, name, say, alone=len(tries) > 1)

    got = attempt()
    if isinstance(got, LobbyPage):
        return Push(got)
    return outcome(got, say, attempt, desktop.trust_certificate)


def back_to_tournament(desktop: LobbyDesktop, server: str, tournament: str, name: str,
                       say: Callable[[str], None]) -> Transition | None:
    """Back to ``name``'s seat in the running ``tournament`` of ``server``
    (the game started again, :mod:`holdem_desktop.app.tournament_return`):
    its Lobby, which registers again with the token kept; the server answers
    with the seat and the page takes the player there (or why not, said)."""

    def attempt() -> Page | str | CertificateQuestion:
        got = desktop.open_lobby(server)
        if isinstance(got, str | CertificateQuestion):
            return got
        page = LobbyPage(desktop, got, name, say)
        page.started.add(tournament)  # (its start is not news: the seat alone is said)
        got.tournaments.enter(tournament, name, True)
        return page

    got = attempt()
    if isinstance(got, LobbyPage):
        return Replace(got)
    return outcome(got, say, attempt, desktop.trust_certificate)


def _seats(t: TableInfo) -> tuple[object, ...]:
    """What of a listed table is news when it changes: who holds its seats
    (people, computers, free) and its blinds; not who watches."""
    return (t.seats, t.free, t.people, t.computers, tuple(t.blinds[:2]))


class LobbyPage(FormPage):
    """The public tables of one server: filters, Play now, the tables."""

    default = "play_now"
    says_subtitle = True  # its server, and W to watch

    form: Form

    def __init__(self, desktop: LobbyDesktop, feed: LobbyFeed, name: str,
                 say: Callable[[str], None], *, alone: bool = False) -> None:
        super().__init__(say)
        self.alone = alone
        """Whether it replaced every page (closing it goes to the start screen)."""
        self.title = _("Lobby")
        self.subtitle = _("Public tables on {server}. Enter joins a table, W watches it.").format(
            server=feed.server)
        self.desktop = desktop
        self.feed = feed
        self.name = name
        self.started: set[str] = set()
        """Tournaments whose start is not said when the seat comes (see
        :func:`back_to_tournament`)."""
        self._count = ""
        self._lines: dict[str, tuple[object, ...]] = {}
        """What of each listed table is news when it changes (by control id)."""
        self._drawn_until = 0.0
        self._account = desktop.account_name(feed.server)
        """The account signed in when last looked (signed in since: the
        server is asked what ended while it was away)."""
        self.form = Form([
            Field("game", _("Game"), Role.CHOICE,
                  [("", _("Any game"))] + [(k, game_name(k)) for k in feed.games]),
            Field("speed", _("Speed"), Role.CHOICE,
                  [("", _("Any speed"))] + [(s, speed_name(s)) for s in feed.speeds]),
        ], {"game": "", "speed": ""}, self._filtered)

    def _filtered(self, _name: str, _value: object) -> None:
        self.feed.filter(str(self.form.values["game"]), str(self.form.values["speed"]))

    # ------------------------------------------------------------------

    def tables(self) -> tuple[TableInfo, ...]:
        return self.feed.tables.tables if self.feed.tables is not None else ()

    def controls(self) -> tuple[Control, ...]:
        listed = self.feed.tables
        count = count_line(listed) if listed is not None else _("Asking the server…")
        rows = [Control(f"table:{t.code}", table_line(t), Role.BUTTON, "tables")
                for t in self.tables()]
        return (*self.form.controls("filters"),
                Control("play_now", _("Play now"), zone="filters"),
                Control("tables", count, Role.HEADING, "tables"),
                *rows,
                Control("tournaments", _("Tournaments"), zone="tables"),
                *self._account_controls(),
                Control("close", _("Close"), zone="tables"))

    def _account_controls(self) -> tuple[Control, ...]:
        """What ended while the account was away (told at this sign-in), Sign
        in (or out), the Leaderboard and My rating, after the tables."""
        account = self.desktop.account_name(self.feed.server)
        return (*(Control(f"missed:{k}", line, Role.TEXT, "account")
                  for k, line in enumerate(self.feed.missed)),
                Control("sign_out", _("Sign out ({name})").format(name=account), zone="account")
                if account else Control("sign_in", _("Sign in or create account"),
                                        zone="account"),
                Control("leaderboard", _("Leaderboard"), zone="account"),
                Control("my_rating", _("My rating"), zone="account"))

    def notice(self) -> str:
        """The first line, said as the page opens: the account signed in, and
        its rating last heard ("Signed in as Ana, rating 3.6.")."""
        account = self.desktop.account_name(self.feed.server)
        return lobby_account_line(account, self.desktop.account_rating(self.feed.server)) \
            if account else ""

    def describe(self, control: Control) -> str:
        if control.id.startswith("table:"):
            codes = [t.code for t in self.tables()]
            k = codes.index(control.id[6:]) + 1
            return _("{line}, {k} of {n}").format(line=control.label, k=k, n=len(codes))
        return super().describe(control)

    def tick(self) -> None:
        """The list as the server last sent it: the count said when it
        changes (the focus stays on its table, or the row that took its place)."""
        account = self.desktop.account_name(self.feed.server)
        if account != self._account:
            self._account = account
            if account:  # signed in from here: what ended while away is asked
                self.feed.ask_missed()
        if not self.feed.poll():
            return
        self._drawn_until = time.monotonic() + 0.1  # drawn again
        # a tournament this connection registered for: its news, then the new
        # rating at its end, each sentence queued behind the one before
        say_news(self.feed.news, self._queued, self.feed.told)
        if self.feed.closed:
            self._queued(_("The server closed the lobby."))  # (after the news, not over them)
            return
        if self.feed.tables is not None:
            count = count_line(self.feed.tables)
            if count != self._count:
                self._count = count
                # queued: a row being read is never cut off by the list's news
                # (the next key the player presses cuts the count instead)
                self.desktop.speech.announce(count)
            self._focused_row_news()

    def _queued(self, text: str) -> None:
        """What the server told (not a key's answer): said after what is
        being said, never cutting it off; the next key cuts it (and on the
        status line)."""
        self.status = text
        self.desktop.speech.announce(text)

    def _focused_row_news(self) -> None:
        """The seats of the table the focus is on changed (people came, a seat
        freed) or its blinds: its line is said again; it closed: where the
        focus went is said.  Watchers coming and going are not news (at a
        busy table they did every second): the line shows them, and says
        them when the focus comes to it."""
        lines = {f"table:{t.code}": _seats(t) for t in self.tables()}
        row, before, self._lines = self.focus.id, self._lines, lines
        if row in before and lines.get(row) != before[row]:
            c = self.focused()
            if c is not None:
                self.desktop.speech.announce(self.describe(c))

    def animating(self, now: float) -> bool:
        return now < self._drawn_until

    def take_move(self) -> Transition | None:
        """To the tournament's table, once the server says where you sit."""
        return to_the_table(self.desktop, self.feed, self.say, self.started)

    # ------------------------------------------------------------------

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return self.close()
        if control.id == "sign_in":
            return Push(SignInPage(self.desktop, self.feed.server, self.name, self._say, self))
        if control.id == "sign_out":
            self.say(self.desktop.sign_out(self.feed.server))
            return None
        if control.id in ("leaderboard", "my_rating"):
            return rating_page(control.id, self.desktop, self.feed.server, self.say)
        if control.id == "tournaments":
            return Push(TournamentsPage(self.desktop, self.feed, self.name, self._say))
        if control.id == "play_now":
            v = self.form.values
            return self._go(lambda: self.desktop.play_now(
                self.feed.server, self.name, str(v["game"]), str(v["speed"])))
        if control.id.startswith("table:"):
            return self._join(control.id[6:], watch=False)
        if control.role is Role.CHOICE:
            self.adjust(control, 1)
        return None

    hotkeys = frozenset({Key.WHOSE_TURN})

    def on_key(self, key: Key) -> Transition | None:
        c = self.focused()
        if key is Key.WHOSE_TURN and c is not None:
            if not c.id.startswith("table:"):
                self.say(_("Choose a table first, then press W to watch it."))
                return None
            return self._join(c.id[6:], watch=True)
        return None

    def _join(self, code: str, watch: bool) -> Transition | None:
        return self._go(lambda: self.desktop.join_public(self.feed.server, code, self.name,
                                                         watch))

    def _go(self, attempt: Callable[[], Page | str | CertificateQuestion]
            ) -> Transition | None:
        if self.feed.reconnecting:  # (refused now, never done behind the player's back)
            self.say(not_now())
            return None
        self.say(_("Connecting…"))
        got = attempt()
        if not isinstance(got, str | CertificateQuestion):
            self.feed.close()  # at the table now: the lobby's connection is done
        return outcome(got, self.say, attempt, self.desktop.trust_certificate)

    def close(self) -> Transition | None:
        self.feed.close()
        return Replace(self.desktop.menu()) if self.alone else Pop()
