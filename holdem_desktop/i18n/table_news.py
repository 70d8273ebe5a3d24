"""The words of a table's news about seats: a computer renamed for a person
who arrives, and a person sat out after their time ran out again and again
(net/seat_names.py and net/sit_out.py say the rules)."""

from __future__ import annotations

from .phrases import names_list
from .translate import _

__all__ = ["TABLE_NEWS", "sat_out_closed", "table_news"]

TABLE_NEWS = ("renamed", "sat_out", "sat_out_seat")
"""The news kinds said here."""


def table_news(what: str, names: tuple[str, ...], *, you: bool = False) -> str:
    """One of :data:`TABLE_NEWS` in words (``you``: about the player hearing it)."""
    if what == "renamed":
        old, new = (*names, "?", "?")[:2]
        return _("The computer player {old} is called {new} from now on: a person named "
                 "{old} is here.").format(old=old, new=new)
    if what == "sat_out" and you:
        return _("Your time ran out again, so you sit out: each hand the game checks or "
                 "folds for you at once, and your blinds are still paid. To play again, "
                 "press Next hand, or activate Back in the Room zone.")
    who = names_list(names)
    if what == "sat_out":
        return _("{name} sits out, their time having run out again: the game checks or "
                 "folds for them at once.").format(name=who)
    return _("{name} sat out too long: their seat goes to a computer player.").format(
        name=who)


def sat_out_closed() -> str:
    """Why a table let go of a player who sat out too long (their window's
    reason, as a room's refusal is said)."""
    return _("You sat out too long, so your seat went to a computer player. To play "
             "again, choose Play now in the Lobby.")
