"""The hand's result near the table, as a poker client shows it: who won
what, in the very words the announcement said ("Ana wins the pot of 120
with a pair of aces."), from the hand's end until the next deal.  Shown in
the Table zone, beside the board, never said again (the announcement said
it)."""

from __future__ import annotations

from holdem_desktop.engine.events import CardsShown, HandStarted, PotAwarded, StreetDealt
from holdem_desktop.i18n.phrases import Phrasing, beaten_hands, sentence
from holdem_desktop.i18n.translate import language
from holdem_desktop.session import GameStarted

__all__ = ["HandResult"]


class HandResult:
    """Listens to a table's events: the pots awarded in the last hand, and
    what was shown (the hands the winners beat, as the announcer names
    them); :meth:`lines` words them."""

    def __init__(self) -> None:
        self.awards: list[PotAwarded] = []
        self.seen: list[object] = []
        """This hand's shown cards and boards (as the announcer's Showdown keeps them)."""
        self._worded: tuple[tuple[str, int | None], list[str]] | None = None

    def __call__(self, event: object) -> None:
        if isinstance(event, HandStarted | GameStarted):
            self.awards, self.seen, self._worded = [], [], None
        elif isinstance(event, CardsShown | StreetDealt):
            self.seen.append(event)
        elif isinstance(event, PotAwarded):
            self.awards.append(event)
            self._worded = None

    def lines(self, p: Phrasing) -> list[str]:
        """The awards of the last hand, one sentence a pot, as the
        announcement said them (in the language in force; none before)."""
        key = (language(), p.me)
        if self._worded is None or self._worded[0] != key:
            worded = (sentence(a, p, pots=len(self.awards), against=beaten_hands(a, self.seen))
                      for a in self.awards)
            self._worded = (key, [text for text in worded if text])
        return list(self._worded[1])
