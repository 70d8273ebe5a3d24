"""The chat a page's player had, kept for the page coming back.

A desktop's window keeps the room's chat across a reconnection: its
:class:`~holdem_desktop.net.remote.RemoteTable` lives on.  A page's player
on the server is made again at each connection (a reload, a phone waking
up), and the room never keeps what was said (it relays each line to those
connected, then forgets it).  So the server keeps, by the seat's token, the
lines that page's player had: those they could see (a muted speaker's lines
never reached them), the newest :data:`KEPT`.  The page coming back with
that token (its room's welcome gives it again) finds them in its Chat zone,
shown, not said again.  The token is the seat's secret: nobody else can
ask for them.  Lines said while no page was connected were never heard and
are not there.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from holdem_desktop.net.remote import ChatLine

__all__ = ["KEPT", "PageChats"]

KEPT = 60
"""Lines kept for a page (as many as its Chat zone shows)."""
PAGES = 1000
"""Pages' chats kept at most (the oldest let go first)."""
FOR = 3600.0
"""Seconds a closed page's chat is kept for it."""


@dataclass
class _Kept:
    lines: list[ChatLine]
    """The live list of the page connected now, or a copy once it closed."""
    closed_at: float | None = None


class PageChats:
    """The chats of the pages, by room code and seat token."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._kept: OrderedDict[tuple[str, str], _Kept] = OrderedDict()

    def follow(self, code: str, token: str, lines: list[ChatLine]) -> list[ChatLine]:
        """A page took the seat of ``token`` at room ``code``, its chat in
        ``lines`` from now on: returns the lines its player had before (the
        newest :data:`KEPT`; none: a new seat, or kept too long)."""
        self._expire()
        before = self._kept.pop((code, token), None)
        self._kept[(code, token)] = _Kept(lines)
        while len(self._kept) > PAGES:
            self._kept.popitem(last=False)
        return list(before.lines[-KEPT:]) if before is not None else []

    def closed(self, code: str, token: str, lines: list[ChatLine]) -> None:
        """The page of that seat closed: its lines are kept as they are now
        (unless another page took the seat meanwhile: its own are kept)."""
        kept = self._kept.get((code, token))
        if kept is not None and kept.lines is lines:
            kept.lines, kept.closed_at = list(lines[-KEPT:]), self.clock()

    def _expire(self) -> None:
        now = self.clock()
        for key in [k for k, v in self._kept.items()
                    if v.closed_at is not None and now - v.closed_at > FOR]:
            del self._kept[key]
