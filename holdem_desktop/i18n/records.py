"""The words of the stored hands: the store's notices, the statistics'
figures, the hand review's lists and steps.  (What happens in a reviewed
hand is said in the game's own sentences, from :mod:`.phrases`.)"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from functools import lru_cache

from .names import amount, cards_names, stored_variant_name
from .translate import _, language, ngettext, pgettext

__all__ = ["against_line", "chart_points", "game_label", "hand_label", "hand_result",
           "level_name", "percent", "place_line", "signed", "store_problem"]


def store_problem(reason: str) -> str:
    """Why the hands file was started afresh (``corrupt``, ``locked``,
    ``newer``), that it could not be used nor set aside (``stuck``), or that
    hands could not be written (``write``)."""
    if reason == "stuck":
        return _("The file of your past hands is in use by another program and cannot be "
                 "set aside: this session's hands are kept until you close the game.")
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


@lru_cache(maxsize=512)
def _decimal(value: float, code: str) -> str:
    if code == "en":
        return f"{value:,.1f}".rstrip("0").rstrip(".")
    from babel.numbers import format_decimal

    return str(format_decimal(round(value, 1), format="#,##0.#", locale=code))


def number(value: float) -> str:
    """A figure with at most one decimal, as the language writes it (12.5 / 12,5)."""
    return _decimal(float(value), language())


def percent(value: float) -> str:
    """A percentage: "23.5%" ("23,5%")."""
    return _("{number}%").format(number=number(value))


def signed(chips: int) -> str:
    """A result in chips: "+1,200" or "-300"."""
    return ("+" if chips > 0 else "-" if chips < 0 else "") + amount(abs(chips))


def level_name(level: str) -> str:
    """A computer level's name."""
    return {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}.get(level, level)


def hands_count(n: int) -> str:
    """``n hands``."""
    return ngettext("{n} hand", "{n} hands", n).format(n=n)


def against_line(who: str, friend: bool, hands: int, net: int, bb_per_100: float) -> str:
    """Your result against one level or friend."""
    name = who if friend else _("Computer players, {level}").format(level=level_name(who))
    return _("{who}: {hands}, {result} chips, {bb} big blinds per 100 hands.").format(
        who=name, hands=hands_count(hands), result=signed(net), bb=number(bb_per_100))


def place_line(place: int, times: int) -> str:
    """How often you finished in a place."""
    return ngettext("Place {place}: once.", "Place {place}: {n} times.", times).format(
        place=place, n=times)


def when(stamp: float, length: str = "medium") -> str:
    """A date and time as the language writes them (``length``: babel's
    ``short`` or ``medium``)."""
    from babel.dates import format_datetime

    moment = datetime.datetime.fromtimestamp(stamp)
    try:
        return str(format_datetime(moment, format=length, locale=language()))
    except Exception:  # an unknown locale: the ISO form
        return moment.strftime("%Y-%m-%d %H:%M")


def game_label(variant: str, kind: str, started: float, hands: int, net: int,
               place: int | None) -> str:
    """One game in the review's list."""
    where = {"room": _("room"), "imported": _("imported")}.get(kind, "")
    text = _("{variant}, {when}: {hands}, {result}").format(  # ("-170 chips" sounded a count)
        variant=stored_variant_name(variant) + (f" ({where})" if where else ""), when=when(started),
        hands=hands_count(hands), result=hand_result(net))
    if place is not None:
        text += ", " + _("place {place}").format(place=place)
    return text


def hand_label(number: int, cards: Sequence[int], net: int) -> str:
    """One hand in a game's list: its number, your cards, your result."""
    if not cards:
        return _("Hand {number}: you were not dealt in").format(number=number)
    return _("Hand {number}: {cards}, {result}").format(
        number=number, cards=cards_names(cards), result=hand_result(net))


def hand_result(net: int) -> str:
    """What a hand (or a game, in the review's list) did to your chips: won, lost or even."""
    if net > 0:
        return _("won {amount}").format(amount=amount(net))
    if net < 0:
        return _("lost {amount}").format(amount=amount(-net))
    return _("even")


def chart_points(values: Sequence[int]) -> str:
    """What the chips chart shows, in one sentence: start, peak, low or bust, end."""
    if not values:
        return _("No hands of yours in this game.")
    peak = max(range(len(values)), key=lambda k: values[k])
    parts = [_("Start {chips}.").format(chips=amount(values[0])),
             # a peak at the start was said "after hand 0"
             _("Peak {chips} after hand {hand}.").format(chips=amount(values[peak]), hand=peak)
             if peak else _("Never above the start.")]
    bust = next((k for k, v in enumerate(values) if v <= 0), None)
    if bust is not None:
        parts.append(_("Busted at hand {hand}.").format(hand=bust))
    else:
        low = min(range(len(values)), key=lambda k: values[k])
        if low:
            parts.append(_("Lowest {chips} after hand {hand}.").format(
                chips=amount(values[low]), hand=low))
        parts.append(_("End {chips} after hand {hand}.").format(chips=amount(values[-1]),
                                                               hand=len(values) - 1))
    return " ".join(parts)


def step_of(k: int, n: int) -> str:
    """Where the review is: "Step 3 of 17"."""
    return pgettext("hand review", "Step {k} of {n}").format(k=k, n=n)
