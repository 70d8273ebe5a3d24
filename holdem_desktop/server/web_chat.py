"""The chat a page's player had, kept for the page coming back, with the
lines said while it was away.

A desktop's window keeps the room's chat across a reconnection: its
:class:`~holdem_desktop.net.remote.RemoteTable` lives on.  A page's player
on the server is made again at each connection (a reload, a phone waking
up), and the room never keeps what was said (it relays each line to those
connected, then forgets it).  So the server keeps, by the seat's token, the
lines that page's player had: those they could see (a muted speaker's lines
never reached them), the newest :data:`KEPT`.  While no page of that seat
is connected, the lines the room relays (:meth:`PageChats.said`) are kept
for it too, the newest :data:`KEPT`, as they were said (worded in the
page's language, and a speaker the page mutes left out, when it comes
back).  The page coming back with that token (its room's welcome gives it
again) finds them all in its Chat zone, shown, not said again one by one:
the lines it missed are news, and the return's announcement says how many
(server/web.py).  The token is the seat's secret: nobody else can ask for
them.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from holdem_desktop.i18n.translate import ngettext
from holdem_desktop.net.protocol import Said
from holdem_desktop.net.remote import ChatLine

__all__ = ["KEPT", "PageChats", "missed_news"]

KEPT = 60
"""Lines kept for a page (as many as its Chat zone shows)."""
PAGES = 1000
"""Pages' chats kept at most (the oldest let go first)."""
FOR = 3600.0
"""Seconds a closed page's chat is kept for it."""


def missed_news(count: int) -> str:
    """What a page back says of the chat lines said while it was away
    (shown in its Chat zone, not said one by one); "" for none."""
    return ngettext("{count} new chat message while you were away.",
                    "{count} new chat messages while you were away.", count).format(
        count=count) if count else ""


@dataclass
class _Kept:
    lines: list[ChatLine]
    """The live list of the page connected now, or a copy once it closed."""
    closed_at: float | None = None
    missed: list[Said] = field(default_factory=list)
    """The lines the room relayed since the page closed (the newest :data:`KEPT`)."""


class PageChats:
    """The chats of the pages, by room code and seat token."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._kept: OrderedDict[tuple[str, str], _Kept] = OrderedDict()
        self._away: dict[str, set[str]] = {}
        """Room code -> the tokens whose page is closed (they keep what is said)."""

    def follow(self, code: str, token: str, lines: list[ChatLine]
               ) -> tuple[list[ChatLine], list[Said]]:
        """A page took the seat of ``token`` at room ``code``, its chat in
        ``lines`` from now on: returns the lines its player had before and
        those said while no page of theirs was connected (together at most
        :data:`KEPT`, the newest; none: a new seat, or kept too long)."""
        self._expire()
        before = self._drop((code, token))
        self._kept[(code, token)] = _Kept(lines)
        while len(self._kept) > PAGES:
            self._drop(next(iter(self._kept)))
        if before is None:
            return [], []
        missed = before.missed[-KEPT:]
        room = KEPT - len(missed)  # (the lines missed first: they are the news)
        return (before.lines[-room:] if room else []), missed

    def closed(self, code: str, token: str, lines: list[ChatLine]) -> None:
        """The page of that seat closed: its lines are kept as they are now
        (unless another page took the seat meanwhile: its own are kept), and
        what the room says from now on is kept for it."""
        kept = self._kept.get((code, token))
        if kept is not None and kept.lines is lines:
            kept.lines, kept.closed_at = list(lines[-KEPT:]), self.clock()
            self._away.setdefault(code, set()).add(token)

    def said(self, code: str, said: Said) -> None:
        """A line the room ``code`` relayed: kept for each page of it away."""
        for token in self._away.get(code, ()):
            missed = self._kept[(code, token)].missed
            missed.append(said)
            del missed[:-KEPT]

    def _drop(self, key: tuple[str, str]) -> _Kept | None:
        kept = self._kept.pop(key, None)
        away = self._away.get(key[0])
        if away is not None:
            away.discard(key[1])
            if not away:
                del self._away[key[0]]
        return kept

    def _expire(self) -> None:
        now = self.clock()
        for key in [k for k, v in self._kept.items()
                    if v.closed_at is not None and now - v.closed_at > FOR]:
            self._drop(key)
