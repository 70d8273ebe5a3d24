"""Tournaments: a server's tournaments, from its Lobby (issue 35 item 3).

By ear a list like the Lobby's public tables: the count said when it
changes, then one line a tournament with its structure ("Twelve:
Tournament, stack 1,500, turbo blinds, 5 minutes a level, tables of 6, 3 of
12 registered, starts when full, registration open"), its place in the
list.  Enter registers (under the account's name when signed in, else the
player's) or takes the registration back; every refusal is said.  S (the table's key
for the chips) says the standings of the focused tournament, or of the one
you registered for: the players left, your place by chips with your stack
and the average stack, the blind level and the next one and when.  A
tournament's news is said as it comes, as on the Lobby.  By eye the same
rows under a heading with the count, and the standings, once asked, under
their own heading.  The list is asked again every few seconds and follows
the server without moving the focus."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from holdem_desktop.i18n import tournament as words
from holdem_desktop.i18n.accounts import account_problem
from holdem_desktop.i18n.lobby import game_name
from holdem_desktop.i18n.phrases import room_problem
from holdem_desktop.i18n.translate import _

from .form_page import FormPage
from .keymap import Key
from .page import Pop, Transition
from .tournament_news import TournamentNews, say_news
from .tournament_seat import Seater, to_the_table
from .widgets import Control, Role

__all__ = ["Heard", "TournamentFeed", "TournamentsPage", "not_now", "standings_said"]


class Standings(Protocol):
    """A tournament's standings (the protocol's ``TournamentStandings``)."""

    @property
    def id(self) -> str: ...
    @property
    def state(self) -> str: ...
    @property
    def entrants(self) -> int: ...
    @property
    def left(self) -> int: ...
    @property
    def average(self) -> int: ...
    @property
    def level(self) -> int: ...
    @property
    def blinds(self) -> tuple[int, ...]: ...
    @property
    def ante(self) -> int: ...
    @property
    def next_blinds(self) -> tuple[int, ...]: ...
    @property
    def next_ante(self) -> int: ...
    @property
    def next_in(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def chips(self) -> int: ...
    @property
    def rank(self) -> int: ...
    @property
    def place(self) -> int: ...
    @property
    def shared(self) -> bool: ...


@dataclass(frozen=True)
class Heard:
    """An answer of the server to one of the page's requests: ``what`` is
    ``registered``, ``unregistered``, ``refused`` (with the ``reason`` and a
    name's ``problem``) or ``standings``."""

    what: str
    id: str
    name: str = ""
    reason: str = ""
    problem: str = ""
    standings: Standings | None = None


class Info(Protocol):
    """One tournament as the server lists it (the protocol's ``TournamentInfo``)."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def variant(self) -> str: ...
    @property
    def starting_stack(self) -> int: ...
    @property
    def speed(self) -> str: ...
    @property
    def minutes_per_level(self) -> int: ...
    @property
    def seats_per_table(self) -> int: ...
    @property
    def registered(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def start(self) -> int | None: ...
    @property
    def state(self) -> str: ...
    @property
    def computers_at(self) -> int | None: ...


class Listed(Protocol):
    @property
    def tournaments(self) -> tuple[Info, ...]: ...


class TournamentFeed(Protocol):
    """The tournaments followed (:class:`holdem_desktop.app.tournament_watch.TournamentWatch`)."""

    mine: dict[str, str]
    heard: list[Heard]
    offered: bool

    @property
    def listed(self) -> Listed | None: ...

    def refresh(self) -> None: ...

    def enter(self, key: str, name: str, register: bool) -> bool: ...

    def standings(self, key: str) -> bool: ...


def not_now() -> str:
    """Why what does something (join, watch, Play now, register, take it
    back) is refused while the Lobby's connection is opened again."""
    return _("Not connected to the server just now: reconnecting. Try again in a moment.")


class Feed(Protocol):
    """The lobby's connection (the Lobby page's feed)."""

    server: str
    seat: object | None
    closed: str
    news: list[TournamentNews]
    told: list[str]
    """What to say after the news (the account's new rating at a tournament's end)."""
    tournaments: TournamentFeed

    @property
    def reconnecting(self) -> bool:
        """Whether the connection dropped and is being opened again."""
        ...

    def poll(self) -> bool: ...


class Queued(Protocol):
    """Speech that waits for what is being said (the Desktop's ``speech``)."""

    def announce(self, text: str) -> None: ...


class Names(Seater, Protocol):
    def account_name(self, server: str) -> str: ...

    @property
    def speech(self) -> Queued: ...


def standings_said(s: Standings) -> list[str]:
    """The standings in sentences: the players left, your place by chips (or
    your place once out) and the average stack, the level, the next one."""
    out = [words.players_left(s.left, s.entrants)]
    if s.name and s.rank:
        out.append(words.your_standing(s.rank, s.left, s.chips, s.average))
    else:
        if s.name and s.place:
            out.append(words.you_finished(s.place, s.entrants, s.shared))
        out.append(words.average_stack(s.average))
    out.append(words.level_now(s.level, s.blinds, s.ante))
    if s.state == "running":
        out.append(words.next_level(s.next_blinds, s.next_ante, s.next_in))
    return out


class TournamentsPage(FormPage):
    """The tournaments of one server: one row each, then the standings asked."""

    says_subtitle = True  # its server, and S for the standings

    def __init__(self, desktop: Names, feed: Feed, name: str,
                 say: Callable[[str], None]) -> None:
        super().__init__(say)
        self.title = _("Tournaments")
        self.subtitle = _("On {server}. Enter registers or takes it back, S says the "
                          "standings.").format(server=feed.server)
        self.desktop = desktop
        self.feed = feed
        self.watch = feed.tournaments
        self.name = name
        listed = self.watch.listed  # (a page opened again: its heading says the count)
        self._count = words.tournaments_count(len(listed.tournaments)) if listed else ""
        self._states = {t.id: t.state for t in listed.tournaments} if listed else {}
        self._drawn_until = 0.0
        self._started: set[str] = set()
        """The tournaments whose start was said here (not again at the table)."""
        self.shown: tuple[str, list[str]] | None = None
        """The standings last heard: the tournament's name and the sentences."""

    def listed(self) -> tuple[Info, ...]:
        got = self.watch.listed
        return got.tournaments if got is not None else ()

    def _named(self, key: str) -> str:
        return next((t.name for t in self.listed() if t.id == key), key)

    def controls(self) -> tuple[Control, ...]:
        got = self.watch.listed
        count = (words.tournaments_count(len(got.tournaments)) if got is not None
                 else _("Asking the server…") if self.watch.offered
                 else words.standings_refused("none", ""))
        rows = [Control(f"tournament:{t.id}", self.line(t), Role.BUTTON, "tournaments")
                for t in self.listed()]
        shown: list[Control] = []
        if self.shown is not None:
            title, sentences = self.shown
            shown = [Control("standings", _("Standings of {tournament}").format(
                tournament=title), Role.HEADING, "standings"),
                *(Control(f"standing:{k}", s, Role.TEXT, "standings")
                  for k, s in enumerate(sentences))]
        return (Control("tournaments", count, Role.HEADING, "tournaments"), *rows, *shown,
                Control("close", _("Close"), zone="standings" if shown else "tournaments"))

    def line(self, t: Info) -> str:
        return words.tournament_line(t.name, game_name(t.variant), t.starting_stack, t.speed,
                                     t.minutes_per_level, t.seats_per_table, t.registered,
                                     t.players, t.start, t.state, t.id in self.watch.mine,
                                     t.computers_at)

    def describe(self, control: Control) -> str:
        if control.id.startswith("tournament:"):
            keys = [t.id for t in self.listed()]
            k = keys.index(control.id[11:]) + 1
            return _("{line}, {k} of {n}").format(line=control.label, k=k, n=len(keys))
        return super().describe(control)

    def animating(self, now: float) -> bool:
        return now < self._drawn_until

    def take_move(self) -> Transition | None:
        """To your table, once the tournament you registered for seats you."""
        return to_the_table(self.desktop, self.feed, self.say, self._started)

    # ------------------------------------------------------------------

    def tick(self) -> None:
        """What came: the news, the answers, the list (its count said when
        it changes; a tournament of yours that starts said)."""
        self.watch.refresh()
        if not self.feed.poll():
            return
        self._drawn_until = time.monotonic() + 0.1  # drawn again
        # The answers to the player's keys first, the first sentence at once
        # (as a key's); then the rest, each sentence queued behind the one
        # before: the answers' next ones, the news (then the new rating at
        # a tournament's end), a start, the count.  None cuts another off.
        answers = [s for heard in self._answers() for s in self._heard(heard)]
        for k, sentence in enumerate(answers):
            (self._queued if k else self.say)(sentence)
        say_news(self.feed.news, self._queued, self.feed.told)
        if self.feed.closed:
            self._queued(_("The server closed the lobby."))
            return
        for t in self.listed():
            if (t.id in self.watch.mine and self._states.get(t.id) == "registering"
                    and t.state == "running" and self.feed.seat is None):
                self._queued(words.tournament_started(t.name))  # (else said at the table)
                self._started.add(t.id)
            self._states[t.id] = t.state
        got = self.watch.listed
        if got is not None:
            count = words.tournaments_count(len(got.tournaments))
            if count != self._count:
                self._count = count
                self._queued(count)

    def _queued(self, text: str) -> None:
        """Said after what is being said, never cutting it off; the next
        key cuts it (and on the status line)."""
        self.status = text
        self.desktop.speech.announce(text)

    def _answers(self) -> list[Heard]:
        """The server's answers heard (and forgotten), in order."""
        got, self.watch.heard[:] = list(self.watch.heard), []
        return got

    def _heard(self, heard: Heard) -> list[str]:
        """What to say of ``heard``, sentence by sentence."""
        name = self._named(heard.id)
        if heard.what == "registered":
            return [words.registered_as(name, heard.name)]
        if heard.what == "unregistered":
            return [words.unregistered(name)]
        if heard.what == "standings" and heard.standings is not None:
            self.shown = (name, standings_said(heard.standings))
            return list(self.shown[1])
        if heard.reason == "name":
            return [room_problem("bad_name", heard.problem)]
        if heard.reason == "too_fast":
            return [account_problem("too_fast")]
        t = next((t for t in self.listed() if t.id == heard.id), None)
        return [words.standings_refused(heard.reason, name, t.registered if t else 0,
                                        t.players if t else 0)]

    # ------------------------------------------------------------------

    def activate(self, control: Control) -> Transition | None:
        if control.id == "close":
            return Pop()
        if control.id.startswith("tournament:"):
            if self.feed.reconnecting:  # (never done behind the player's back later)
                self.say(not_now())
                return None
            key = control.id[11:]
            mine = self.watch.mine.get(key)
            name = self.desktop.account_name(self.feed.server) or self.name
            if not self.watch.enter(key, mine or name, mine is None):
                self.say(account_problem("too_fast"))
        return None

    hotkeys = frozenset({Key.CHIPS})

    def on_key(self, key: Key) -> Transition | None:
        if key is not Key.CHIPS:
            return None
        c = self.focused()
        chosen = c.id[11:] if c is not None and c.id.startswith("tournament:") else None
        if chosen is None and len(self.watch.mine) == 1:
            (chosen,) = self.watch.mine
        if chosen is None:
            self.say(_("Choose a tournament first, then press S for its standings."))
        elif not self.watch.standings(chosen):
            self.say(account_problem("too_fast"))
        elif self.feed.reconnecting:  # (asked once connected again)
            self.say(_("Reconnecting: the standings will follow once connected again."))
        return None
