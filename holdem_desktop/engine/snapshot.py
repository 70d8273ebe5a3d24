"""Snapshot and restore of a hand as plain JSON data.

A hand is fully determined by its configuration, its deck and the actions
taken, so that is what a snapshot holds; restoring replays the actions
(every one verified again), which rebuilds the same state and event log.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, IllegalAction
from .hand import Hand, HandConfig

__all__ = ["SnapshotError", "hand_from_json", "hand_to_json"]

FORMAT = 1


class SnapshotError(ValueError):
    """Snapshot data that cannot be restored; ``problem`` is machine-readable
    (``format``, ``malformed``, ``illegal_action``)."""

    def __init__(self, problem: str, detail: str) -> None:
        super().__init__(f"{problem}: {detail}")
        self.problem = problem


def hand_to_json(hand: Hand) -> dict[str, Any]:
    """The hand as JSON-ready data."""
    return {
        "format": FORMAT,
        "config": hand.config.to_json(),
        "deck": [int(c) for c in hand.deck],
        "actions": [[seat, action.to_json()] for seat, action in hand.actions],
    }


def hand_from_json(data: Any) -> Hand:
    """Rebuild a hand from :func:`hand_to_json` data; raises :class:`SnapshotError`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SnapshotError("format", "not a hand snapshot of a known format")
    try:
        hand = Hand(HandConfig.from_json(data["config"]), data["deck"])
        actions = [(int(seat), Action.from_json(act)) for seat, act in data["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise SnapshotError("malformed", str(exc)) from None
    for index, (seat, action) in enumerate(actions):
        try:
            hand.apply(seat, action)
        except IllegalAction as exc:
            raise SnapshotError("illegal_action", f"action {index}: {exc}") from None
    return hand
