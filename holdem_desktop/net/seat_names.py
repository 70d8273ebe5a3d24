"""A newcomer never takes a computer's name (no I/O; a part of
:class:`~.room.Room`'s rules kept apart).

A room names its computer players from :data:`~holdem_desktop.ai.character.NAMES`
("Ada", "Bruno" ...), and people choose their own names.  When a person
arrives whose name is, or looks like (:func:`~.names.skeleton`), the name
of a computer playing at the table -- a public table's stranger pressing
Play now, or anyone watching a private room's game -- the *computer* takes
another name, and everyone already there is told ("renamed", old name then
new).  The person is never refused for it: they did not choose the table's
computers, and a computer has no name of its own to keep.  So by ear no
two seats, and no seat and a person, ever share a name.

A seat a person took (at New game, or a public table's seat between hands)
keeps that person's name while the computer plays it for them: a newcomer
like that name is refused as before (``name_taken``), never renamed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from holdem_desktop.ai.character import NAMES
from holdem_desktop.session import Session

from .names import skeleton

__all__ = ["computer_name", "rename_computers_like"]


def computer_name(rng: random.Random, taken: set[str]) -> str:
    """A computer player's name whose skeleton is none of ``taken`` (the
    characters' names first; numbered ones when every one is taken)."""
    free = [name for name in NAMES if skeleton(name) not in taken]
    if free:
        return rng.choice(free)
    number = 2
    while True:
        for name in NAMES:
            numbered = f"{name} {number}"
            if skeleton(numbered) not in taken:
                return numbered
        number += 1


def rename_computers_like(session: Session | None, key: str, people_seats: Iterable[int],
                          people: Iterable[str], rng: random.Random) -> list[tuple[str, str]]:
    """A person whose name's skeleton is ``key`` arrives: each seat of
    ``session`` a computer plays under its own name (not one of
    ``people_seats``, which carry a person's name) and called like ``key``
    gets a fresh name, none like ``people`` (the skeletons of the people
    here), the newcomer's or another seat's.  Returns the (old, new) names."""
    if session is None:
        return []
    persons = set(people_seats)
    taken = {key, *people, *(skeleton(seat.name) for seat in session.seats)}
    renamed = []
    for k, seat in enumerate(session.seats):
        if k in persons or skeleton(seat.name) != key:
            continue
        new = computer_name(rng, taken)
        taken.add(skeleton(new))
        renamed.append((seat.name, new))
        seat.name = new
    return renamed
