"""A tournament's end on the Desktop (issue 35): the final ranking page, and
the dialog of a player out before the end.

The ranking page is a page of its own (the table it replaces is over): its
title names the tournament, the line under it says your place of how many,
then the ranking as a table, one row a player (place, name, and the rating
change of each account rated), under a heading naming the columns; a big
field shows its first ten, then your row with its neighbours, the places
left out said between them.  It is said as it opens: the title, your place,
the first places.  Enter or Escape (or its button) goes back to the lobby's
Tournaments page.

The bust-out dialog (:func:`bust_dialog`) says your place and offers to keep
watching (the safe answer, with the focus first: Escape too) or to go back
to the Tournaments page."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from holdem_desktop.i18n import tournament as words
from holdem_desktop.i18n import tournament_end as end_words

from .dialog import Dialog
from .form_page import FormPage
from .grid_page import Grid, GridRenderer
from .page import Page, Transition
from .widgets import Control, Role

__all__ = ["Ranking", "RankingPage", "bust_dialog", "ranking_of"]


@dataclass(frozen=True)
class Ranking:
    """What the page shows: the ``tournament``'s name, ``you`` (your name),
    your ``place`` of ``entrants`` (``shared`` with others; 0: not placed),
    and the ``rows`` (place, name, rating change in tenths or None), best first."""

    tournament: str
    you: str
    place: int
    entrants: int
    shared: bool
    rows: tuple[tuple[int, str, int | None], ...]

    @property
    def rated(self) -> bool:
        """Whether any row has a rating change."""
        return any(change is not None for _p, _n, change in self.rows)


class RankingPage(FormPage):
    """The final ranking of a tournament (see the module's text); ``back``
    goes to the Tournaments page."""

    def __init__(self, ranking: Ranking, back: Callable[[], Transition | None],
                 say: Callable[[str], None]) -> None:
        r = ranking
        self.grid = Grid("columns", end_words.captions(r.rated),
                         (0.0, 0.1, 0.76) if r.rated else (0.0, 0.1), (True, False, True))
        super().__init__(say, GridRenderer(self.grid))
        self.ranking = ranking
        self.back = back
        self.title = end_words.final_ranking(ranking.tournament)
        won = r.place == 1 and not r.shared
        self.subtitle = words.tournament_won(r.you, True) if won \
            else words.you_finished(r.place, r.entrants, r.shared) if r.place else ""
        mine = next((f"row:{k}" for k, (_p, who, _c) in enumerate(r.rows) if who == r.you),
                    None)
        self.default = "back"
        self.focus.id = mine or ("row:0" if r.rows else "back")
        self.quiet_arrival = True  # said as one sentence: see :meth:`arrival`

    def arrival(self, places: bool = True) -> str:
        """What is said as the page opens: the title, your place, the first
        places and yours, and how many players were not read (``places``
        False: not the places, which the news of the end has just said)."""
        r = self.ranking
        first = words.ranking([(who, place) for place, who, _c in r.rows], me=r.you,
                              total=r.entrants) if places else ""
        return " ".join(t for t in (self.title + ".", self.subtitle, first,
                                    end_words.enter_goes_back()) if t)

    def controls(self) -> tuple[Control, ...]:
        r = self.ranking
        rows: list[Control] = [Control("columns", end_words.columns(r.rated), Role.HEADING,
                                       "ranking")]
        # The rows run from the top without a gap (places shared count every
        # player: 8, 8, 10), then, in a big field, jump once to your own.
        ahead = 0  # players ranked so far, where the rows have no gap
        for k, (place, who, change) in enumerate(r.rows):
            if place > ahead + 1:
                rows.append(Control(f"gap:{k}", end_words.left_out(ahead + 1, place - 1),
                                    Role.TEXT, "ranking"))
                ahead = place - 1
            you = who == r.you
            rows.append(Control(f"row:{k}", end_words.ranking_row(place, who, you, change),
                                Role.TEXT, "ranking"))
            self.grid.cells[f"row:{k}"] = end_words.ranking_cells(place, who, you, change,
                                                                  r.rated)
            if you:
                self.grid.marked.add(f"row:{k}")
            ahead += 1
        if r.rows and ahead < r.entrants:
            rows.append(Control("gap:end", end_words.left_out(ahead + 1, r.entrants),
                                Role.TEXT, "ranking"))
        return (*rows, Control("back", end_words.back_to_tournaments(), Role.BUTTON, "ranking"))

    def activate(self, control: Control) -> Transition | None:
        return self.back()  # (Enter on any row, or the button)

    def close(self) -> Transition | None:
        return self.back()


def ranking_of(tournament: str, you: str, place: int, entrants: int, shared: bool,
               names: Sequence[str], places: Sequence[int], rated: Sequence[str],
               changes: Sequence[int]) -> Ranking:
    """The :class:`Ranking` of a tournament's end as the server tells it."""
    change = dict(zip(rated, changes, strict=True))
    return Ranking(tournament, you, place, entrants, shared,
                   tuple((p, n, change.get(n)) for n, p in zip(names, places, strict=True)))


def bust_dialog(table: Page, place: int, entrants: int, shared: bool,
                back: Callable[[], Transition | None], say: Callable[[str], None]) -> Dialog:
    """The dialog of a player out of a tournament before its end, over
    ``table``: "You finished 37th of 1,000.", Keep watching (focused first;
    Escape) or Back to Tournaments (``back``)."""
    return Dialog(table, words.you_finished(place, entrants, shared),
                  end_words.back_to_tournaments(), back, cancel=end_words.keep_watching(),
                  detail=end_words.bust_detail(), say=say)
