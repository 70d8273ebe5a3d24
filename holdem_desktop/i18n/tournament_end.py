"""The words of a tournament's end on the Desktop (issue 35): the final
ranking page, and the dialog of a player out before the end."""

from __future__ import annotations

from .names import amount
from .tournament import player_name
from .translate import _, pgettext

__all__ = ["back_to_tournaments", "bust_detail", "captions", "columns", "enter_goes_back",
           "final_ranking", "keep_watching", "left_out", "ranking_cells", "ranking_row"]


def final_ranking(tournament: str) -> str:
    """The page's title: "Final ranking — Twelve"."""
    if not tournament:
        return _("Final ranking")
    return _("Final ranking — {tournament}").format(tournament=tournament)


def columns(rated: bool) -> str:
    """The heading naming the ranking's columns."""
    return _("Place, player, rating change") if rated else _("Place, player")


def captions(rated: bool) -> tuple[str, ...]:
    """The ranking's columns as the grid shows them over its rows."""
    names = (pgettext("column", "Place"), pgettext("column", "Player"))
    return (*names, pgettext("column", "Rating change")) if rated else names


def _you(player: str, you: bool) -> str:
    return _("{player} (you)").format(player=player_name(player)) if you \
        else player_name(player)


def ranking_cells(place: int, player: str, you: bool, change: int | None,
                  rated: bool) -> tuple[str, ...]:
    """One row's cells as the grid shows them: "5", "Mara (you)", "-2.1"
    (the rating column, when the ranking has one, empty for a player not
    rated)."""
    cells = (amount(place), _you(player, you))
    if not rated:
        return cells
    return (*cells, f"{change / 10:+.1f}" if change is not None else "")


def ranking_row(place: int, player: str, you: bool, change: int | None) -> str:
    """One row: "5. Mara (you), rating +1.2" (``change`` in tenths; None:
    not rated)."""
    row = _("{place}. {player}").format(place=amount(place), player=_you(player, you))
    if change is None:
        return row
    points = f"{change / 10:+.1f}"
    return _("{row}, rating {change}").format(row=row, change=points)


def left_out(first: int, last: int) -> str:
    """A gap in a big field's ranking."""
    if first == last:
        return _("Place {place} is not shown.").format(place=amount(first))
    return _("Places {first} to {last} are not shown.").format(first=amount(first),
                                                                 last=amount(last))


def back_to_tournaments() -> str:
    """The button back to the lobby's Tournaments page."""
    return _("Back to Tournaments")


def enter_goes_back() -> str:
    """Said as the ranking opens: how to leave it."""
    return _("Enter or Escape goes back to the Tournaments page.")


def keep_watching() -> str:
    """The bust-out dialog's answer that stays at the table."""
    return _("Keep watching")


def bust_detail() -> str:
    """What the bust-out dialog's answers do."""
    return _("Keep watching this table to the end of the tournament, then see the final "
             "ranking, or go back to the server's Tournaments page.")
