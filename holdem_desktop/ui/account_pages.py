"""Accounts and ratings on a server, from its Lobby (docs/server.md):
:class:`SignInPage` (a name and a password: Sign in, or Create account),
:class:`LeaderboardPage` and :class:`MyRatingPage`.

By ear each is a list like any other (the count or the summary first,
then one line a row, "2 of 5" said with each); by eye the same rows under a
heading naming the columns.  The password field echoes "star" for each
character typed and never says or shows the password itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from holdem_desktop.i18n.accounts import (
    game_line,
    password_rule,
    signed_in_line,
    standing_line,
    summary_line,
)
from holdem_desktop.i18n.translate import _, ngettext

from .desktop import CertificateQuestion
from .form_page import FormPage, ReadingPage
from .forms import Field, Form, erased_echo
from .page import Page, Pop, Push, Transition
from .trust import outcome
from .widgets import Control, Role

__all__ = ["PASSWORD_LENGTH", "AccountDesktop", "LeaderboardPage", "MyRatingPage", "SignInPage",
           "rating_page"]

PASSWORD_LENGTH = (8, 100)
"""Shortest and longest password: the server's (``net.account_messages``)."""
NAME_LENGTH = 20
"""Longest name: the rooms' (``net.names``)."""


class _Rated(Protocol):
    """An account's name, rating (in tenths), ranked games and rank."""

    @property
    def name(self) -> str: ...

    @property
    def rating(self) -> int: ...

    @property
    def games(self) -> int: ...

    @property
    def rank(self) -> int: ...


class Standing(_Rated, Protocol):
    """One row of the leaderboard (the protocol's ``Standing``)."""


class Leaderboard(Protocol):
    """The best ratings (the protocol's ``Leaderboard``)."""

    @property
    def rows(self) -> Sequence[Standing]: ...

    @property
    def total(self) -> int: ...


class Result(Protocol):
    """One ranked game (the protocol's ``Result``)."""

    @property
    def place(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def change(self) -> int: ...


class Rating(_Rated, Protocol):
    """An account's own rating (the protocol's ``Rating``)."""

    @property
    def results(self) -> Sequence[Result]: ...


class AccountDesktop(Protocol):
    """What the account pages ask of the program (the Desktop implements it)."""

    def account_name(self, server: str) -> str: ...

    def sign_in(self, server: str, name: str, password: str, create: bool
                ) -> str | CertificateQuestion:
        """Sign in (or ``create`` the account): "" when signed in, else why not."""
        ...

    def sign_out(self, server: str) -> str: ...

    def leaderboard(self, server: str) -> Leaderboard | str | CertificateQuestion: ...

    def my_rating(self, server: str) -> Rating | str | CertificateQuestion: ...

    def account_rating(self, server: str) -> int | None:
        """The signed-in account's rating last heard, in tenths (None: none)."""
        ...

    def trust_certificate(self, server: str, fingerprint: str) -> None: ...


class SignInPage(FormPage):
    """Your name and password on one server: Sign in, or Create account."""

    default = "sign_in"
    says_subtitle = True  # the server signed in to

    form: Form

    def __init__(self, desktop: AccountDesktop, server: str, name: str,
                 say: Callable[[str], None], under: Page | None = None) -> None:
        super().__init__(say)
        self.under = under
        """The page it opened from, where signing in goes back to (quietly:
        "Signed in as …" is what is said)."""
        self.title = _("Sign in")
        self.subtitle = _("An account keeps your name on {server} for you alone and gives you "
                          "a rating at its public tables. The game keeps a session, never "
                          "your password.").format(server=server)
        self.desktop = desktop
        self.server = server
        self.form = Form([Field("name", _("Your name"), Role.EDIT, max_length=NAME_LENGTH),
                          Field("password", _("Password"), Role.EDIT,
                                max_length=PASSWORD_LENGTH[1])],
                         {"name": name, "password": ""})

    def controls(self) -> tuple[Control, ...]:
        fields = []
        for c in self.form.controls("form"):
            if c.id == "password":  # shown as dots, never as itself; its rule before typing
                c = Control(c.id, ", ".join((c.label, password_rule(*PASSWORD_LENGTH))), c.role,
                            c.zone, value="\u2022" * len(c.value or ""))
            fields.append(c)
        return (*fields,
                Control("sign_in", _("Sign in"), zone="form"),
                Control("create", _("Create account"), zone="form"),
                Control("cancel", _("Cancel"), zone="form"))

    def _length(self) -> str:
        n = len(str(self.form.values["password"]))
        return ngettext("{n} character", "{n} characters", n).format(n=n) if n else _("empty")

    def text_said(self, control: Control) -> str:
        return self._length() if control.id == "password" else super().text_said(control)

    def adjust(self, control: Control, direction: int) -> bool:
        if control.id == "password":  # (Up / Down read its length: its rule was said)
            control = replace(control, label=_("Password"))
        return super().adjust(control, direction)

    def describe(self, control: Control) -> str:
        if control.id == "password":
            self._selected = control.id if self.form.values["password"] else None
            return _("{label}, password field, {length}").format(
                label=control.label, length=self._length()) + self._selection_said(control)
        return super().describe(control)

    def type_text(self, control: Control, text: str) -> None:
        if control.id != "password":
            super().type_text(control, text)
            return
        self._replace_selected(control)
        typed = self.form.type_text(control.id, text)
        self._say(" ".join([_("star")] * len(typed)) if typed else _("The field is full."))

    def erase(self, control: Control) -> None:
        if control.id != "password":
            super().erase(control)
            return
        if self._erase_selected(control):
            return
        self._say(erased_echo(_("star") if self.form.erase(control.id) else ""))

    def activate(self, control: Control) -> Transition | None:
        if control.id == "cancel":
            return Pop()
        if control.id not in ("sign_in", "create"):
            return None
        name = str(self.form.values["name"]).strip()
        password = str(self.form.values["password"])
        low, high = PASSWORD_LENGTH
        if not name:
            self.say(_("Type your name first."))
            return None
        if not low <= len(password) <= high:
            self.say(_("A password needs {low} to {high} characters.").format(low=low,
                                                                             high=high))
            return None
        if not password.strip():  # (the server refuses it too, with the lengths)
            self.say(_("A password cannot be spaces alone: type letters, digits or signs "
                       "too."))
            return None
        self.say(_("Creating your account…") if control.id == "create" else _("Signing in…"))
        got = self.desktop.sign_in(self.server, name, password, control.id == "create")
        if isinstance(got, CertificateQuestion):
            self.say(_("This server's certificate is not trusted yet: open its Lobby first."))
            return None
        if got:
            self.form.values["password"] = ""  # typed again after a refusal
            self.say(got)
            return None
        self._say(signed_in_line(self.desktop.account_name(self.server), self.server))
        if self.under is not None:
            self.under.quiet_arrival = True
        return Pop()


class ListPage(ReadingPage):
    """Lines read one by one, each with its place among them ("2 of 5"),
    under a heading and the columns' names."""

    def __init__(self, title: str, heading: str, columns: str, lines: Sequence[str],
                 say: Callable[[str], None]) -> None:
        super().__init__(title, [], say)
        rows = [Control(f"row{k}", line, Role.TEXT, "help") for k, line in enumerate(lines)]
        self._controls = (Control("heading", heading, Role.HEADING, "help"),
                          *([Control("columns", columns, Role.TEXT, "help")] if rows else []),
                          *rows, Control("close", _("Close"), zone="help"))
        self.rows = len(rows)

    def describe(self, control: Control) -> str:
        if control.id.startswith("row"):
            return _("{line}, {k} of {n}").format(line=control.label, k=int(control.id[3:]) + 1,
                                                   n=self.rows)
        return super().describe(control)


class LeaderboardPage(ListPage):
    """The best ratings of a server."""

    def __init__(self, board: Leaderboard, server: str, say: Callable[[str], None]) -> None:
        heading = (ngettext("{n} player rated on {server}.", "{n} players rated on {server}.",
                            board.total).format(n=board.total, server=server)
                   if board.total else _("Nobody is rated on {server} yet.").format(
                       server=server))
        super().__init__(_("Leaderboard"), heading, _("Place, name, rating, ranked games"),
                         [standing_line(r.rank, r.name, r.rating, r.games) for r in board.rows],
                         say)


class MyRatingPage(ListPage):
    """The player's own rating on a server, and their latest ranked games."""

    def __init__(self, mine: Rating, say: Callable[[str], None]) -> None:
        super().__init__(_("My rating"), summary_line(mine.name, mine.rating, mine.games,
                                                      mine.rank),
                         _("Latest ranked games, newest first: place, rating's change"),
                         [game_line(r.place, r.players, r.change) for r in mine.results], say)


def rating_page(which: str, desktop: AccountDesktop, server: str, say: Callable[[str], None]
                ) -> Transition | None:
    """The Leaderboard (``which`` "leaderboard") or My rating of ``server``,
    or why not (said)."""
    say(_("Asking the server…"))

    def attempt() -> Page | str | CertificateQuestion:
        if which == "leaderboard":
            board = desktop.leaderboard(server)
            return board if isinstance(board, str | CertificateQuestion) else LeaderboardPage(
                board, server, say)
        mine = desktop.my_rating(server)
        return mine if isinstance(mine, str | CertificateQuestion) else MyRatingPage(mine, say)

    got = attempt()
    if isinstance(got, Page):
        return Push(got)
    return outcome(got, say, attempt, desktop.trust_certificate)
