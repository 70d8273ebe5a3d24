"""Python's cycle collector, paced for a server (issue 38).

CPython frees most objects the moment their last reference goes; its
*cycle collector* is for the rest, and it runs by generations.  Its full
pass (the oldest generation) walks every object the process holds that
could be part of a cycle.  It starts one by itself whenever the objects
moved to the oldest generation since the last pass number a quarter of
those it kept then.  A server's rooms move many objects there that die a
moment later of their last reference (each hand's events and views live a
hand, long enough to grow old), so that rule fired every few seconds:
measured at 450 rooms, nine full passes in 45 s of 120 to 275 ms of CPU
each, every room stopped meanwhile (the 99th percentile of the time from
an action to every client was those pauses).  At 300 rooms, a full pass
after 30 s of play found no cycle to free at all.

So, while a server process serves (:meth:`Collector.start`), the
interpreter never starts a full pass itself; the young generations are
collected as always (a few milliseconds each).  The server starts one
(:meth:`Collector.tick`, from its clock) when the memory the interpreter
holds (``sys.getallocatedblocks()``, which costs nothing) has grown by a
quarter since the last pass, the same ratio as CPython's own rule but
measured on what is really held; and at least every :data:`EVERY`
seconds, and at most every :data:`GAP`: what connections that ended
leave behind in cycles (a closed socket's transport and protocol) is
freed within minutes, a flood of them within seconds.  Each pass is
counted (``/health``: ``gc_passes``, ``gc_longest_ms``).
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable

__all__ = ["EVERY", "GAP", "GROWTH", "NEVER", "Collector"]

EVERY = 600.0
"""Seconds at most between two full passes."""
GAP = 30.0
"""Seconds at least between two full passes (the memory grows faster when
rooms open: a pass then finds nothing to free, and the next waits)."""
GROWTH = 0.25
"""A full pass when the memory held grew this much since the last."""
NEVER = 1 << 30
"""The oldest generation's threshold while paced: the interpreter counts
one for each young pass and starts a full one past this, so never."""


class Collector:
    """The full passes of the cycle collector, started by the server's clock."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 held: Callable[[], int] = sys.getallocatedblocks,
                 collect: Callable[[], int] = gc.collect,
                 every: float = EVERY, gap: float = GAP, growth: float = GROWTH) -> None:
        self.clock, self.held, self.collect = clock, held, collect
        self.every, self.gap, self.growth = every, gap, growth
        self.passes = 0
        """Full passes made."""
        self.freed = 0
        """Objects they found in cycles and freed."""
        self.longest = 0.0
        """The longest pass's CPU time, in seconds."""
        self._last = 0.0
        self._base = 0
        self._saved: tuple[int, int, int] | None = None

    @property
    def running(self) -> bool:
        """Whether the interpreter's own full passes are held off."""
        return self._saved is not None

    def start(self) -> None:
        """Hold off the interpreter's own full passes, and make one now (the
        rooms read from disk are then the base the growth is counted from)."""
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.set_threshold(self._saved[0], self._saved[1], NEVER)
        self._pass()

    def stop(self) -> None:
        """The interpreter's own rule again, as it was before :meth:`start`."""
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None

    def tick(self) -> bool:
        """Make a full pass if it is due; True when one was made."""
        if self._saved is None:
            return False
        since = self.clock() - self._last
        if since < self.gap:
            return False
        if since >= self.every or self.held() > self._base * (1.0 + self.growth):
            self._pass()
            return True
        return False

    def _pass(self) -> None:
        began = time.thread_time()
        self.freed += self.collect()
        self.longest = max(self.longest, time.thread_time() - began)
        self.passes += 1
        self._last = self.clock()
        self._base = self.held()
