"""The words of the stored hands: the store's notices, the statistics'
figures, the hand review's lists.  (The review's steps are the game's own
sentences, from :mod:`.phrases`.)"""

from __future__ import annotations

from .translate import _, ngettext

__all__ = ["store_problem"]


def store_problem(reason: str) -> str:
    """Why the hands file was started afresh (``corrupt``, ``locked``,
    ``newer``), or that hands could not be written (``write``)."""
    if reason == "locked":
        return _("The file of your past hands was in use by another program: it was set "
                 "aside and a new one started.")
    if reason == "newer":
        return _("The file of your past hands is from a newer version of the game: it was "
                 "set aside and a new one started.")
    if reason == "write":
        return _("Hands cannot be stored for the statistics just now; the game goes on.")
    return _("The file of your past hands was damaged: it was set aside and a new one "
             "started.")


def hands_count(n: int) -> str:
    """``n hands``."""
    return ngettext("{n} hand", "{n} hands", n).format(n=n)
