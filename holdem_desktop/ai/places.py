"""What chips are worth in a tournament ranked by finishing place.

A tournament scored by mean finishing place pays every place the same step,
so surviving has value of its own: doubling a stack does not double what it
is worth, and a coin flip for all one's chips loses places.  The worth of a
set of stacks is the Malmuth-Harville model (each remaining place goes to a
player with a chance proportional to its chips), under which player ``i``
finishes ahead of ``j`` with chance ``s_i / (s_i + s_j)``; the expected
place is one plus the expected number of players finishing ahead.

Pure functions over chip counts: the engine's views are read by the players.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["allin_outcomes", "expected_place"]


def expected_place(stacks: Mapping[int, float], seat: int) -> float:
    """``seat``'s expected finishing place among the players with chips in
    ``stacks`` (1 is first).  A seat with no chips finishes behind every
    player who has some."""
    mine = stacks.get(seat, 0)
    alive = [chips for s, chips in stacks.items() if s != seat and chips > 0]
    if mine <= 0:
        return 1.0 + len(alive)
    return 1.0 + sum(chips / (mine + chips) for chips in alive)


def allin_outcomes(totals: Mapping[int, int], behind: Mapping[int, int], pot: int,
                   in_pot: Mapping[int, int], a: int, b: int
                   ) -> tuple[dict[int, int], dict[int, int]]:
    """The chips everyone has after ``a`` and ``b`` get all their chips in
    against each other now (everyone else folds): once when ``a`` wins the
    pot, once when ``b`` does.  ``totals`` are the chips each had at the start
    of the hand, ``behind`` the chips each has left now, ``in_pot`` what each
    has put in this hand, ``pot`` everything in the middle now.  The deeper
    stack gets back what the other cannot match."""
    matched = min(totals[a], totals[b])
    dead = pot - in_pot[a] - in_pot[b]
    won = 2 * matched + dead
    win = dict(behind)
    lose = dict(behind)
    win[a] = totals[a] - matched + won
    win[b] = totals[b] - matched
    lose[a] = totals[a] - matched
    lose[b] = totals[b] - matched + won
    return win, lose
