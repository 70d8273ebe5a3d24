"""A clock the test moves by hand (for timers: absence, animations, rate limits)."""

from __future__ import annotations


class Clock:
    """Returns ``now``; the test sets or advances it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
