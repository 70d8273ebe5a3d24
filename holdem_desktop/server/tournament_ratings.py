"""A tournament over rates the accounts among its entrants from their places
(issue 35 item 3), as a ranked public game does: one OpenSkill game, every
entrant a seat (a computer or a guest counts, unrated), once."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .accounts import AccountStore, Seat

__all__ = ["Ranking", "rate_tournament", "rater"]


def rate_tournament(accounts: AccountStore, key: str, ranking: Sequence[tuple[str, int]]
                    ) -> dict[str, int]:
    """Rate tournament ``key`` from its ``ranking`` (name, place); each
    account's change, in tenths (a tournament rated before: nothing)."""
    seats = [Seat(accounts.owner(name), place) for name, place in ranking]
    return accounts.rate(f"tournament/{key}", seats)


Ranking = tuple[tuple[str, int], ...]


def rater(accounts: AccountStore, event: Callable[[str, str, str], None],
          told: Callable[[str, dict[str, int], Ranking], None] = lambda key, changes, r: None
          ) -> Callable[[str, Ranking], dict[str, int]]:
    """What a server's desk calls when a tournament is over: its accounts
    rated, ``event`` (address, room, what) told, and ``told`` (tournament id,
    each account's change, the ranking) once, when it rated any; each account's change (the
    same when asked again: the news of the end are made before the desk's
    call); a rating never stops the rooms (openskill missing …: no change)."""
    done: dict[str, dict[str, int]] = {}

    def rate(key: str, ranking: Ranking) -> dict[str, int]:
        if key in done:
            return done[key]
        try:
            changes = rate_tournament(accounts, key, ranking)
        except Exception as exc:
            event("", "", f"rating_failed {type(exc).__name__}")
            return {}
        if changes:
            event("", "", f"rated {len(changes)}")
            told(key, changes, ranking)
        done.clear()  # (the last one only: asked twice in a row, never later)
        done[key] = changes
        return changes
    return rate
