"""The words of a table's news about seats: a computer renamed for a person
who arrives, and a person sat out after their time ran out again and again
(net/seat_names.py and net/sit_out.py say the rules)."""

from __future__ import annotations

from .phrases import names_list
from .translate import _, ngettext

__all__ = ["TABLE_NEWS", "clock_left", "clock_news", "sat_out_closed", "sitting_out", "table_news"]

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


def sitting_out() -> str:
    """Why a decision's key does nothing while the player sits out (their
    time ran out again): the news' words, and the way back."""
    return _("You sit out: each hand the game checks or folds for you at once.") + " " + _(
        "To play again, press Next hand, or activate Back in the Room zone.")


def sat_out_closed() -> str:
    """Why a table let go of a player who sat out too long (their window's
    reason, as a room's refusal is said)."""
    return _("You sat out too long, so your seat went to a computer player. To play "
             "again, choose Play now in the Lobby.")


def _bank(seconds: int) -> str:
    """The player's own time bank, in a sentence."""
    if not seconds:
        return _("Your time bank is empty.")
    return ngettext("Your time bank: {seconds} second.", "Your time bank: {seconds} seconds.",
                    seconds).format(seconds=seconds)


def clock_left(left: int | None, bank: int | None, name: str | None = None) -> str:
    """A public table's clock (K): the ``left`` seconds of the decision
    awaited now (None: none is), the time bank included, and ``bank``, the
    player's own (None: no seat); ``name`` is whose decision it is (None:
    the player's).  Seconds said as a word: "8 s" is read as a letter."""
    if left is None:
        return _("No decision is awaited now.") + ("" if bank is None else " " + _bank(bank))
    if name is not None:
        text = ngettext("{name} has {seconds} second left to decide.",
                        "{name} has {seconds} seconds left to decide.", left).format(
            name=name, seconds=left)
        return text + ("" if bank is None else " " + _bank(bank))
    if not bank:  # (a bank: part of the time left, spent once the base time is)
        return ngettext("{seconds} second left to decide.", "{seconds} seconds left to decide.",
                        left).format(seconds=left) + ("" if bank is None else " " + _bank(0))
    if left <= bank:
        return ngettext("{seconds} second left to decide: your time bank is running.",
                        "{seconds} seconds left to decide: your time bank is running.",
                        left).format(seconds=left)
    return ngettext("{seconds} second left to decide, then your time bank: {bank}.",
                    "{seconds} seconds left to decide, then your time bank: {bank}.",
                    left - bank).format(seconds=left - bank, bank=ngettext(
                        "{n} second", "{n} seconds", bank).format(n=bank))


def clock_news(what: str, seconds: int) -> str:
    """The clock's news to the player whose decision it is: ``time_bank``
    (the base time is spent, the bank of ``seconds`` runs now) or
    ``clock_warning`` (``seconds`` left), in seconds said as a word."""
    if what == "time_bank":
        return ngettext("Time bank: {seconds} second.", "Time bank: {seconds} seconds.",
                        seconds).format(seconds=seconds)
    return ngettext("Your time is nearly up: {seconds} second left. Decide now, or the game "
                    "checks or folds for you.",
                    "Your time is nearly up: {seconds} seconds left. Decide now, or the game "
                    "checks or folds for you.", seconds).format(seconds=seconds)
