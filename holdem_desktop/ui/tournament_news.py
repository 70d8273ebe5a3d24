"""A tournament's news as the Desktop says it (issue 35 item 3): what the
server tells the person registered there
(the protocol's ``TournamentNews``; a window does not import the network's
modules), in the words of :mod:`holdem_desktop.i18n.tournament`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from holdem_desktop.i18n import tournament as words

__all__ = ["TournamentNews", "news_said", "say_news"]


class TournamentNews(Protocol):
    """One piece of a tournament's news (see ``net/tournament_messages.py``)."""

    @property
    def what(self) -> str: ...
    @property
    def table(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def button(self) -> int | None: ...
    @property
    def size(self) -> int: ...
    @property
    def yours(self) -> bool: ...
    @property
    def left(self) -> int: ...
    @property
    def entrants(self) -> int: ...
    @property
    def place(self) -> int: ...
    @property
    def shared(self) -> bool: ...
    @property
    def ranking(self) -> tuple[str, ...]: ...
    @property
    def places(self) -> tuple[int, ...]: ...


def news_said(news: TournamentNews, me: str = "", past: bool = False) -> list[str]:
    """The sentences ``news`` is said in, in order (``me``: the player's name
    in the tournament, said "you" in the places; ``past``: told before where
    the player sits now, a move in the past tense, its seat said there)."""
    if news.what == "moved" and past:
        return [words.you_were_moved(news.table)]
    if news.what == "moved":
        return [words.you_move(news.table, news.seat, news.button, news.size)]
    if news.what == "broken":
        return [words.table_broken(news.table, news.yours)]
    if news.what == "left":
        return [words.players_left(news.left, news.entrants)]
    if news.what == "final_table":
        return [words.final_table(news.left)]
    if news.what == "out":
        return [words.you_finished(news.place, news.entrants, news.shared)]
    # "over": the winner (you, or who), then the first places and yours
    won = [words.tournament_won(news.ranking[0], news.place == 1)] if news.ranking else []
    return [*won, words.ranking(list(zip(news.ranking, news.places, strict=True)), me=me,
                                 total=news.entrants)]


def say_news(heard: list[TournamentNews], say: Callable[[str], None],
             told: list[str] | None = None) -> None:
    """Say the news ``heard`` (and forget it), in order, sentence by
    sentence, then what was ``told`` after them (forgotten too: the new
    rating at a tournament's end).  ``say`` queues each behind the one
    before (the page's announcement, never the interrupting ``say`` of a
    key): a screen reader then reads every sentence, "Ann wins the
    tournament." is not cut off by "Places: …"; a key still cuts them."""
    while heard:
        for sentence in news_said(heard.pop(0)):
            say(sentence)
    while told:
        say(told.pop(0))
