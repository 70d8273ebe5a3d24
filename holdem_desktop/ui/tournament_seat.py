"""To a tournament's table from the Lobby or the Tournaments page (issue 35):
when the server tells where a person registered from here sits (at the
start), the page on show takes the player there by itself, as a public
table is joined; the lobby's connection is then closed (the tournament's
news follows the player to the table's).  See
:mod:`holdem_desktop.app.tournament_seat`."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Protocol

from .desktop import CertificateQuestion
from .page import Page, Transition
from .trust import outcome

__all__ = ["Seater", "to_the_table"]


class Seater(Protocol):
    """What taking the seat asks of the program (the Desktop implements it)."""

    def take_tournament_seat(self, server: str, seat: Any, tournament: str | None,
                             title: str = "") -> Page | str | CertificateQuestion: ...

    def trust_certificate(self, server: str, fingerprint: str) -> None: ...


def to_the_table(desktop: Seater, feed: Any, say: Callable[[str], None],
                 started: Collection[str] = ()) -> Transition | None:
    """The table the lobby's ``feed`` was told of (:attr:`seat`), once; None
    when none was (or it cannot be reached: why is said).  The tournament's
    start is said there, unless the page said it (its id in ``started``)."""
    seat = feed.seat
    if seat is None:
        return None
    feed.seat = None
    listed = feed.tournaments.listed
    name: str | None = next((t.name for t in listed.tournaments if t.id == seat.id), "") \
        if listed else ""
    title = name or ""
    if seat.id in started:
        name = None

    def attempt() -> Page | str | CertificateQuestion:
        got = desktop.take_tournament_seat(feed.server, seat, name, title)
        if not isinstance(got, str | CertificateQuestion):
            feed.close()  # at the table now: the lobby's connection is done
        return got

    return outcome(attempt(), say, attempt, desktop.trust_certificate)
