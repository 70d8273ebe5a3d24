"""Chat at the table, the room core's part of it: what a line may hold, how
fast a member may talk, and how fast anyone is told what happens to people.

No I/O and no clock of its own (every call is given ``now``), so the LAN
host and the internet server share it through :class:`~.room.Room`.  The
numbers are documented in ``docs/protocol.md`` (*Chat*):

- A line is at most :data:`LINE_LENGTH` characters, printable (the names'
  rules: no control, format -- bidi, zero-width -- or separator character
  but the space, nothing invisible); spaces are collapsed.
- Each member has a bucket of :data:`BURST` lines refilled at
  :data:`RATE` a second.  A line over it is refused ``chat_too_fast`` (the
  warning); :data:`STRIKES` refusals within :data:`STRIKE_WINDOW` seconds
  mute the member for :data:`MUTE_FOR` seconds (``chat_muted``); a member
  muted so :data:`TELL_HOST_AFTER` times is muted for
  :data:`MUTE_LONGER` seconds and the host is told (``chat_flood``).
  The same line again within :data:`REPEAT_WINDOW` seconds is refused
  ``chat_repeat`` (it counts as a strike).
- The whole room relays at most :data:`ROOM_BURST` lines, refilled at
  :data:`ROOM_RATE` a second, whoever says them (``chat_busy`` beyond: not
  a strike), so ten people talking at once cannot flood anyone's ear.
- News about people (joins, leaves, away, back ...) goes to each receiver
  through a :class:`NewsGate`: at most :data:`NEWS_BURST` news, refilled
  at :data:`NEWS_RATE` a second; what comes faster is held and folded,
  one line per kind ("Ada, Bruno and 3 others joined the room."), a join
  and a leave of the same person into ``came_and_went``.  Every piece of
  news passes it, what the host did and ``all_away`` too, and so does each
  ``waiting`` list that is said: one person pressing Away and Back at full
  speed once made every window say 20 lines a second.  Folding keeps each
  person's last state (away or back, muted or unmuted): what is said last
  is true.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from holdem_desktop.engine.variant import MAX_PLAYERS

from .names import invisible
from .protocol import News, Waiting

__all__ = [
    "BURST",
    "GUARDS",
    "LINE_LENGTH",
    "MUTE_FOR",
    "MUTE_LONGER",
    "NEWS_BURST",
    "NEWS_RATE",
    "RATE",
    "REFUSALS",
    "REPEAT_WINDOW",
    "ROOM_BURST",
    "ROOM_RATE",
    "STRIKES",
    "STRIKE_WINDOW",
    "TELL_HOST_AFTER",
    "Bucket",
    "ChatGuard",
    "NewsGate",
    "RoomChat",
    "Verdict",
    "clean_line",
    "line_problem",
]

LINE_LENGTH = 200
"""Characters in a chat line at most."""
BURST = 3
"""Lines a member may say at once."""
RATE = 0.5
"""Lines a second a member's bucket refills (one every 2 s)."""
STRIKES = 3
"""Refused lines within :data:`STRIKE_WINDOW` that mute a member for a while."""
STRIKE_WINDOW = 30.0
MUTE_FOR = 60.0
"""Seconds a member who kept flooding is muted (the first times)."""
TELL_HOST_AFTER = 2
"""The mute that makes it longer and tells the host."""
MUTE_LONGER = 300.0
REPEAT_WINDOW = 30.0
"""Seconds within which the same line again is refused."""
ROOM_BURST = 4
"""Lines the whole room relays at once."""
ROOM_RATE = 2.0
"""Lines a second the room relays, all members together."""
REFUSALS = frozenset({"chat_too_long", "chat_empty", "chat_control", "chat_repeat",
                      "chat_too_fast", "chat_busy", "chat_private", "chat_muted",
                      "muted_by_host"})
"""The ``error`` reasons of a line refused (:meth:`RoomChat.line`): the room
answers each line with one of them to its sender, or relays it to everyone,
the sender too (the sender's receipt)."""
GUARDS = 4096
"""Members' chat records the room keeps at most."""
NEWS_BURST = 4
"""News lines a receiver gets at once."""
NEWS_RATE = 2.0
"""News lines a second a receiver gets (the rest are held and folded)."""


def clean_line(text: str) -> str:
    """The line as relayed: NFC, spaces (U+0020) collapsed and stripped."""
    return " ".join(w for w in unicodedata.normalize("NFC", text).split(" ") if w)


def line_problem(text: str) -> str | None:
    """Why a typed line cannot be said (an ``error`` reason), or None:
    ``chat_empty``, ``chat_control`` (a control, format -- bidi, zero-width
    -- separator other than the space, private, unassigned or invisible
    character), ``chat_too_long`` (over :data:`LINE_LENGTH`)."""
    if len(text) > LINE_LENGTH * 4:  # not worth normalising
        return "chat_too_long"
    line = clean_line(text)
    if not line:
        return "chat_empty"
    if any(c != " " and (not c.isprintable() or invisible(c) or unicodedata.category(c) in (
            "Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp", "Zs")) for c in line):
        return "chat_control"
    if len(line) > LINE_LENGTH:
        return "chat_too_long"
    return None


@dataclass
class Bucket:
    """A token bucket: ``burst`` at once, refilled at ``rate`` a second."""

    burst: float
    rate: float
    level: float = -1.0
    at: float = 0.0

    def take(self, now: float) -> bool:
        """Spend one token if there is one."""
        if not self.ready(now):
            return False
        self.level -= 1
        return True

    def ready(self, now: float) -> bool:
        """Whether a token is there (refilling first)."""
        if self.level < 0:
            self.level, self.at = self.burst, now
        self.level = min(self.burst, self.level + max(0.0, now - self.at) * self.rate)
        self.at = now
        return self.level >= 1


@dataclass
class ChatGuard:
    """One member's talking: their bucket, last line, strikes and mutes."""

    bucket: Bucket = field(default_factory=lambda: Bucket(BURST, RATE))
    last: str = ""
    last_at: float = -1e18
    strikes: list[float] = field(default_factory=list)
    muted_until: float = -1e18
    mutes: int = 0
    by_host: bool = False
    """The host muted them for everyone."""


@dataclass(frozen=True)
class Verdict:
    """What becomes of a line: relayed (``ok``), or refused with an
    ``error`` reason and its data; ``tell_host``: the member has now been
    muted often enough that the host is told."""

    ok: bool
    reason: str = ""
    data: dict[str, int | str] = field(default_factory=dict)
    tell_host: bool = False
    length: int = 0
    """The refused line's length (the host log's only trace of it)."""


class RoomChat:
    """The room's chat rules, for every member by their name's key."""

    def __init__(self) -> None:
        self.guards: dict[str, ChatGuard] = {}
        self.room = Bucket(ROOM_BURST, ROOM_RATE)

    def guard(self, key: str) -> ChatGuard:
        """The guard of the member whose name's key is ``key`` (kept by name,
        so leaving and joining again does not lift a mute; at most
        :data:`GUARDS`, those with nothing to remember go first)."""
        found = self.guards.get(key)
        if found is None:
            if len(self.guards) >= GUARDS:
                idle = next((k for k, g in self.guards.items()
                             if not g.by_host and g.mutes == 0), None)
                del self.guards[idle if idle is not None else next(iter(self.guards))]
            found = self.guards[key] = ChatGuard()
        return found

    def forget(self, key: str) -> None:
        """The member is forgotten (a host mute goes with them)."""
        self.guards.pop(key, None)

    def muted(self, key: str, now: float) -> bool:
        """Whether that member's lines are held back now (host or flood mute)."""
        g = self.guards.get(key)
        return g is not None and (g.by_host or now < g.muted_until)

    def line(self, key: str, text: str, phrase: str, now: float, *, secret: str = ""
             ) -> Verdict:
        """Judge a line (``text`` typed, or a quick ``phrase``) of the member
        ``key``; a line holding ``secret`` (the sender's own resume token) is
        refused ``chat_private``: chat never carries a token."""
        g = self.guard(key)
        if g.by_host:
            return Verdict(False, "muted_by_host", length=len(text))
        if now < g.muted_until:
            return Verdict(False, "chat_muted", {"seconds": int(g.muted_until - now + 0.999)},
                           length=len(text))
        if text:
            problem = line_problem(text)
            if problem is not None:
                return self._strike(g, problem, now, len(text),
                                    {"max": LINE_LENGTH} if problem == "chat_too_long" else {})
        if secret and secret in text.casefold():
            return Verdict(False, "chat_private", length=len(text))
        said = clean_line(text).casefold() if text else "\0" + phrase
        if said == g.last and now - g.last_at < REPEAT_WINDOW:
            return self._strike(g, "chat_repeat", now, len(text))
        if not g.bucket.ready(now):
            return self._strike(g, "chat_too_fast", now, len(text))
        if not self.room.take(now):
            return Verdict(False, "chat_busy", length=len(text))
        g.bucket.take(now)
        g.last, g.last_at = said, now
        return Verdict(True)

    def _strike(self, g: ChatGuard, reason: str, now: float, length: int,
                data: dict[str, int | str] | None = None) -> Verdict:
        g.strikes = [t for t in g.strikes if now - t < STRIKE_WINDOW] + [now]
        if len(g.strikes) < STRIKES:
            return Verdict(False, reason, data or {}, length=length)
        g.strikes.clear()
        g.mutes += 1
        longer = g.mutes >= TELL_HOST_AFTER
        seconds = MUTE_LONGER if longer else MUTE_FOR
        g.muted_until = now + seconds
        return Verdict(False, "chat_muted", {"seconds": int(seconds)},
                       tell_host=g.mutes == TELL_HOST_AFTER, length=length)


_GONE = ("left", "left_seat", "lost")
_PAIRS = ("renamed",)
"""Kinds of news whose names are one seat's old and new name (held as they
come: said before the rest, as a seat is renamed before the person it
makes room for is said to join)."""
_STATES = ({"away", "back", "play_for", "computer_plays", "started_without", "lost",
            "left_seat"}, {"muted", "unmuted"})
"""Kinds of news that each say a person's state now (who plays their seat;
whether their chat is held back): of a person's held news of one group only
the last is true, and only it is kept."""


class NewsGate:
    """The news one receiver is sent: as they come while the bucket allows,
    else held and folded (see the module's summary).  The ``waiting`` lists
    that are said count against the same bucket; only the newest is held,
    and never one the receiver last heard: a list that changed and changed
    back while it was held is no change for them (a by-ear sweep heard
    "Waiting for Ann and Bo." twice in a row when Ann stepped away and back
    at once)."""

    def __init__(self) -> None:
        self.bucket = Bucket(NEWS_BURST, NEWS_RATE)
        self.held: list[News] = []
        self.waiting: Waiting | None = None
        """The newest list of those awaited, to be said when the bucket allows."""
        self.said: Waiting | None = None
        """The list of those awaited this receiver heard last, in this wait."""

    def offer(self, news: News, now: float) -> list[News | Waiting]:
        """A piece of news for this receiver: what to send now."""
        self.held.append(news)
        return self.release(now)

    def offer_waiting(self, waiting: Waiting, now: float) -> list[News | Waiting]:
        """A list of those awaited, to be said to this receiver: what to send
        now (a list held back is replaced by the newer one; the list they
        heard last is not said again)."""
        self.waiting = None if waiting == self.said else waiting
        return self.release(now)

    def said_waiting(self, waiting: Waiting) -> None:
        """``waiting`` was sent to this receiver at once (the answer to their
        own press of Next hand, which is never held): a list held back is
        older, and not said."""
        self.waiting, self.said = None, waiting

    def forget_waiting(self) -> None:
        """The wait is over (a hand was dealt): a list held back is not said,
        and the next wait's first list is said whatever this one was."""
        self.waiting = self.said = None

    def release(self, now: float) -> list[News | Waiting]:
        """What may be sent now of what is held (folded), oldest first."""
        folded = fold(self.held) if len(self.held) > 1 else list(self.held)
        out: list[News | Waiting] = []
        while folded and self.bucket.take(now):
            out.append(folded.pop(0))
        self.held = folded
        if self.waiting is not None and not folded and self.bucket.take(now):
            out.append(self.waiting)
            self.waiting, self.said = None, self.waiting
        return out


def latest(items: Iterable[News]) -> list[News]:
    """The news without what later news made untrue: a person's earlier
    state (:data:`_STATES`: "away" before "back") and an ``all_away`` that
    anyone's later state, or a later ``all_away``, replaced."""
    out: list[News] = []
    seen: set[tuple[int, str]] = set()
    changed = False  # a person's state or the barrier was told after this point
    for n in reversed(list(items)):
        group = next((k for k, kinds in enumerate(_STATES) if n.what in kinds), None)
        if n.what == "all_away":
            if not changed:
                out.append(n)
            changed = True
            continue
        if group is None:
            out.append(n)
            continue
        changed = changed or group == 0
        names = tuple(name for name in n.names if (group, name) not in seen)
        seen.update((group, name) for name in n.names)
        if names:
            out.append(News(n.what, names, n.more) if names != n.names else n)
    return out[::-1]


def fold(items: Iterable[News]) -> list[News]:
    """News held together as few lines: each kind once, with every name (a
    person who joined and then went is ``came_and_went``), in the order the
    kinds first came."""
    names: dict[str, list[str]] = {}
    extra: dict[str, int] = {}
    pairs: list[News] = []  # each says two names of one seat: never folded with another
    for n in latest(items):
        if n.what in _PAIRS:
            pairs.append(n)
            continue
        names.setdefault(n.what, [])
        extra[n.what] = extra.get(n.what, 0) + n.more
        for name in n.names:
            if name not in names[n.what]:
                names[n.what].append(name)
    joined = names.get("joined", [])
    went = {name for what in _GONE for name in names.get(what, [])}
    both = [name for name in joined if name in went]
    if both:
        names["joined"] = [n for n in joined if n not in both]
        for what in _GONE:
            if what in names:
                names[what] = [n for n in names[what] if n not in both]
        names["came_and_went"] = [*names.get("came_and_went", []),
                                  *(n for n in both if n not in names.get("came_and_went", []))]
        extra.setdefault("came_and_went", 0)
    out = pairs
    for what, who in names.items():
        more = extra.get(what, 0)
        if not who and not more:
            continue
        if not who:  # only a count left: name nobody, but never lose the news
            continue
        out.append(News(what, tuple(who[:MAX_PLAYERS]),
                        more + max(0, len(who) - MAX_PLAYERS)))
    return out
