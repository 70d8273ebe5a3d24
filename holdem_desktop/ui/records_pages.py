"""Opening the stored hands' pages (Hand review, Statistics, the replay of
the last hand) from the start screen or the table, with what the program
gives them: the store, the speech settings, the deck, the sound chart."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from holdem_desktop.store import HandStore

from .desktop import Desktop
from .page import Page
from .review import ReplayPage, ReviewPage, Unwritten, replay_last
from .statistics import StatisticsPage

__all__ = ["last_hand_page", "records_page"]


def _store(desktop: Desktop | None) -> HandStore | None:
    ask = getattr(desktop, "hand_store", None)
    return ask() if callable(ask) else None


def _look(desktop: Desktop | None) -> tuple[bool, str]:
    if desktop is None:
        return True, "classic"
    s = desktop.settings
    return s.speak_suits, "four_color" if s.four_color_deck else "classic"


def _unwritten(desktop: Desktop | None, what: str) -> Unwritten | None:
    """Where the page tells that its export could not be written (None: it says it)."""
    tell = getattr(desktop, "unwritten", None)
    return None if tell is None else lambda path, exc: tell(what, path, exc)


def records_page(desktop: Desktop | None, which: str, say: Callable[[str], None]) -> Page:
    """The Hand review (``review``) or Statistics (``statistics``) page."""
    suits, deck = _look(desktop)
    if which == "statistics":
        play: Callable[[Sequence[int]], bool] = getattr(desktop, "play_chart",
                                                        lambda values: False)
        speaking: Callable[[], bool | None] = getattr(desktop, "speaking", lambda: None)
        return StatisticsPage(_store(desktop), say, play=play, speaking=speaking,
                              unwritten=_unwritten(desktop, "statistics"))
    return ReviewPage(_store(desktop), say, suits=suits, deck=deck,
                      unwritten=_unwritten(desktop, "hands"))


def last_hand_page(desktop: Desktop | None, say: Callable[[str], None]) -> ReplayPage | str:
    """The replay of the last hand played (or why there is none); its first
    words are said here."""
    suits, deck = _look(desktop)
    page = replay_last(_store(desktop), say, suits=suits, deck=deck)
    if isinstance(page, ReplayPage):
        say(page.arrive())
    return page
