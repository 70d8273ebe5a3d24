"""Speech for a player who only watches a room's table (out of a tournament,
or a watcher): followable however fast the table plays.

A table of computers plays a hand in a few milliseconds; said as it comes,
every hand's words would queue in the voice behind the one being said, and
a player who stays to watch would hear minutes of hands long over (38 of
them were once said as one announcement).  So while the player only
watches, the announcer's words are held here, hand by hand, and handed to
the voice only when it has said what it was given before
(:meth:`~.speaker.Speech.idle`).  Then the newest hand is said as usual
(as far as it has gone; the rest follows as it comes); the hands that
ended before it, which the voice could not have reached in time, are
summed up in one sentence: how many went by, and the chips of the players
at the table as the newest hand starts ("12 hands went by meanwhile;
chips now: Computer 9 2,400 and Computer 8 1,200.").  The tournament's
news is never left out (of its counts of players left, the last one
held); its end is said at once, after what is held
(:meth:`WatchVoice.release` with ``now``).  The picture, the sounds and
the Move log are not held: they show every hand.

The same holds for a player whose seat the computer plays (away, or sat
out) at a table that plays on without waiting for them: a tournament's, or
one with no other person playing (:func:`played_on_without`).  The moment
they are back, what is held goes to the voice (the hands over meanwhile
summed up) and the rest is said as it comes: their own turn is never held.
The room's news about people (a join, "You are away") and chat lines are
never held (:meth:`~holdem_desktop.app.outputs.Outputs.tell`).

A player with a seat hears everything as before: nothing is held while
they play, nor in a friends' room where another person plays (it goes at
its people's pace).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from holdem_desktop.engine.events import HandStarted
from holdem_desktop.i18n import amount
from holdem_desktop.i18n.phrases import names_list
from holdem_desktop.i18n.translate import ngettext, pgettext
from holdem_desktop.session.events import BlindsUp, GameStarted, HandStarting, PlayerOut

__all__ = ["WatchVoice", "hands_went_by", "played_on_without"]

_OPENERS = (BlindsUp, HandStarting, HandStarted)
"""Events that open a hand (the first of them after the last hand was dealt)."""


@dataclass
class _Held:
    hand: int
    """The hand it belongs to (counted here, from 0)."""
    text: str
    news: str = ""
    """The kind of a tournament's news ("" for the hand's own words)."""


def hands_went_by(count: int, chips: list[tuple[str, int]]) -> str:
    """One sentence for ``count`` hands not said, with the ``chips`` of the
    players at the table now (most first; none: not known)."""
    if not chips:
        return ngettext("{count} hand went by meanwhile.", "{count} hands went by meanwhile.",
                        count).format(count=count)
    stacks = names_list([pgettext("a player's chips", "{name} {chips}").format(
        name=name, chips=amount(chips_)) for name, chips_ in chips])
    return ngettext("{count} hand went by meanwhile; chips now: {stacks}.",
                    "{count} hands went by meanwhile; chips now: {stacks}.",
                    count).format(count=count, stacks=stacks)


def played_on_without(table: object, seat: int | None) -> bool:
    """Whether the computer plays ``seat`` at a room's ``table`` (its player
    stepped away, or was sat out) while the table plays on without waiting
    for them: a tournament's table, or one where no other person plays (the
    room's last table shows none but computers and those away)."""
    if seat is None or not getattr(table, "computer_plays", False):
        return False
    if getattr(table, "tournament_table", None) is not None:
        return True
    shown = getattr(table, "table", None)
    kinds: tuple[str, ...] = getattr(shown, "kinds", ())
    places: tuple[int | None, ...] = getattr(shown, "places", ())
    return bool(kinds) and not any(
        kind == "human" and (k >= len(places) or places[k] is None)
        for k, kind in enumerate(kinds) if k != seat)  # (a person the table waits for)


class WatchVoice:
    """Between a table's announcer and the voice (see the module's text).

    ``announce`` hands a text to the voice; ``idle`` says whether the voice
    has said all it was given; ``seat`` is the player's seat (None: a
    watcher); ``name`` a seat's name; ``tournament`` whether the table is a
    tournament's (a watcher without a seat is followed so there only: a
    friends' room plays at its people's pace); ``away`` whether the
    computer plays the player's seat at a table that plays on without them
    (:func:`played_on_without`)."""

    def __init__(self, announce: Callable[[str], None], idle: Callable[[], bool],
                 seat: Callable[[], int | None], name: Callable[[int], str],
                 flush: Callable[[], object] = lambda: None,
                 tournament: Callable[[], bool] = lambda: True,
                 away: Callable[[], bool] = lambda: False) -> None:
        self.announce = announce
        self.tournament = tournament
        self.away = away
        self.idle = idle
        self.seat = seat
        self.name = name
        self.flush = flush
        """Hands over what the announcer gathered (at a hand's opening, the
        end of the hand before)."""
        self.out = False
        """The player's seat is out of the game: they only watch."""
        self._away_from: int | None = None
        """The hand (counted here) in which the player was first seen away,
        while they still are (None: they are not): its words are said as
        they come, what said that they are away with them; the hands after
        it are held."""
        self.held: list[_Held] = []
        self.hand = 0
        """The hand being told (counted here)."""
        self._dealt: dict[int, HandStarted] = {}
        """The start of each hand held, by its count."""
        self.skipped = 0
        """Hands not said, in all (for the tests and the curious)."""

    def watching(self) -> bool:
        """Whether the player only watches: their seat is out of the game,
        they watch a tournament's table without one, or the computer plays
        their seat while the table plays on without them."""
        return self.out or (self.seat() is None and self.tournament()) or (
            self.away() and self._away_from is not None and self.hand > self._away_from)

    def __call__(self, event: object) -> None:
        """An event of the table, seen before the announcer sees it."""
        if isinstance(event, GameStarted):
            self.out = False
        elif isinstance(event, PlayerOut) and event.seat == self.seat():
            self.out = True
        if not self.away():
            self._away_from = None  # (back: said as it comes from now on)
        elif self._away_from is None:
            self._away_from = self.hand
        # (hands are counted while the player plays too: stepping away,
        # the hand is said as it comes, and the next ones held)
        if isinstance(event, _OPENERS) and self.hand in self._dealt:
            if self.watching() or self._away_from is not None:
                self.flush()  # the words of the hand before, as its own
            self.hand += 1
            if not self.held:
                self._dealt.clear()  # (no hand before waits to be said)
        if isinstance(event, HandStarted):
            self._dealt[self.hand] = event

    def add(self, text: str) -> None:
        """The announcer's words: said at once while the player plays (what
        was held first, the moment they are back), else held with their hand."""
        if not self.watching():
            self.release()
            self.announce(text)
        elif text:
            self.held.append(_Held(self.hand, text))

    def more(self, text: str, grow: Callable[[str], None]) -> None:
        """More of the announcement being said (a run-out, as it comes):
        handed to ``grow`` while the player plays, else held with its hand,
        as words of its own."""
        if not self.watching():
            self.release()
            grow(text)
        elif text:
            self.held.append(_Held(self.hand, text))

    def news(self, text: str, what: str) -> None:
        """A sentence of the tournament's news (``what``: its kind), in its
        place among the hands' words (never left out)."""
        if not self.watching():
            self.release()
            self.announce(text)
        elif text:
            self.held.append(_Held(self.hand, text, what))

    def release(self, now: bool = False) -> str | None:
        """Hand what is held to the voice once it is idle (``now``: at once,
        the tournament's end); returns what was said."""
        if not self.held or not (now or self.idle() or not self.watching()):
            return None
        held, self.held = self.held, []
        newest = max(h.hand for h in held if not h.news) if any(not h.news for h in held) \
            else self.hand
        gone = sorted({h.hand for h in held if not h.news and h.hand < newest})
        count = sum(1 for k in gone if k in self._dealt)
        last_count = max((k for k, h in enumerate(held) if h.news == "left"), default=-1)
        said: list[str] = []
        for k, h in enumerate(held):
            if h.news == "left" and k != last_count:
                continue  # (no longer true)
            if not h.news and h.hand < newest:
                if count and h.hand == gone[0] and _SUMMARY not in said:
                    said.append(_SUMMARY)
                continue
            said.append(h.text)
        if count:
            self.skipped += count
            start = self._dealt.get(newest)
            chips = sorted(((self.name(s), c) for s, c in zip(start.seats, start.stacks,
                                                               strict=True)),
                           key=lambda p: -p[1]) if start is not None else []
            summary = hands_went_by(count, chips)
            said = [summary if s == _SUMMARY else s for s in said]
        for k in [k for k in self._dealt if k < newest]:
            del self._dealt[k]
        said = [s for s in said if s]
        for s in said:  # (queued, each as it came: a news sentence stays one)
            self.announce(s)
        return " ".join(said) or None


_SUMMARY = "\0summary"
"""Where the sentence for the hands not said goes among the rest."""
