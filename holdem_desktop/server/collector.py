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
collected as always (a few milliseconds each).  The server's clock
(:meth:`Collector.tick`) makes two kinds of pass instead:

- every :data:`YOUNG` seconds, a full pass over the objects made since the
  last one, which the interpreter walks alone because every object older
  is *frozen* (``gc.freeze``: kept aside, never walked, still freed the
  moment its last reference goes): what died in a cycle meanwhile (a
  connection that came and went, its transport and protocol) is freed, and
  what lives is frozen in turn.  It walks ten seconds' survivors, not the
  whole server: a few milliseconds where a whole pass stopped every room
  for 200 ms at 450 rooms (docs/server.md);
- a whole pass (everything unfrozen, walked, frozen again) at least every
  :data:`EVERY` seconds, and sooner when the memory the interpreter holds
  (``sys.getallocatedblocks()``, which costs nothing) has doubled since the
  last, at most every :data:`GAP`: what was frozen alive and later died in
  a cycle (a long connection that ended, a room closed) is freed within
  minutes, a flood of them as the memory doubles.

Each pass is counted (``/health``: ``gc_passes`` and ``gc_longest_ms`` for
the whole ones, ``gc_young_passes`` and ``gc_young_longest_ms``).
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable

__all__ = ["EVERY", "GAP", "GROWTH", "NEVER", "YOUNG", "Collector"]

EVERY = 600.0
"""Seconds at most between two whole passes."""
GAP = 60.0
"""Seconds at least between two whole passes (the memory grows fastest as
rooms open: a pass then finds nothing to free, and the next waits)."""
GROWTH = 1.0
"""A whole pass when the memory held grew this much since the last."""
YOUNG = 10.0
"""Seconds between two passes over the objects made since the last."""
NEVER = 1 << 30
"""The oldest generation's threshold while paced: the interpreter counts
one for each young pass and starts a full one past this, so never."""


class Collector:
    """The full passes of the cycle collector, started by the server's clock."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 held: Callable[[], int] = sys.getallocatedblocks,
                 collect: Callable[[], int] = gc.collect,
                 freeze: Callable[[], None] = gc.freeze,
                 unfreeze: Callable[[], None] = gc.unfreeze,
                 every: float = EVERY, gap: float = GAP, growth: float = GROWTH,
                 young: float = YOUNG) -> None:
        self.clock, self.held, self.collect = clock, held, collect
        self.freeze, self.unfreeze = freeze, unfreeze
        self.every, self.gap, self.growth, self.young = every, gap, growth, young
        self.passes = 0
        """Whole passes made."""
        self.young_passes = 0
        """Passes over the objects made since the last pass."""
        self.freed = 0
        """Objects they found in cycles and freed."""
        self.longest = 0.0
        """The longest whole pass's CPU time, in seconds."""
        self.longest_young = 0.0
        """The longest young pass's CPU time, in seconds."""
        self._last = 0.0
        self._young_at = 0.0
        self._base = 0
        self._saved: tuple[int, int, int] | None = None

    @property
    def running(self) -> bool:
        """Whether the interpreter's own full passes are held off."""
        return self._saved is not None

    def start(self) -> None:
        """Hold off the interpreter's own full passes, and make a whole one
        now (the rooms read from disk are then the base the growth is
        counted from, and frozen)."""
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.set_threshold(self._saved[0], self._saved[1], NEVER)
        self._whole()

    def stop(self) -> None:
        """The interpreter's own rule again, as it was before :meth:`start`,
        over every object (none frozen)."""
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
            self.unfreeze()

    def tick(self) -> bool:
        """Make a pass if one is due; True when a whole one was made."""
        if self._saved is None:
            return False
        now = self.clock()
        since = now - self._last
        if since >= self.every or (since >= self.gap
                                   and self.held() > self._base * (1.0 + self.growth)):
            self._whole()
            return True
        if now - self._young_at >= self.young:
            began = time.thread_time()
            self.freed += self.collect()
            self.freeze()
            self.longest_young = max(self.longest_young, time.thread_time() - began)
            self.young_passes += 1
            self._young_at = self.clock()
        return False

    def _whole(self) -> None:
        began = time.thread_time()
        self.unfreeze()
        self.freed += self.collect()
        self.freeze()
        self.longest = max(self.longest, time.thread_time() - began)
        self.passes += 1
        self._last = self._young_at = self.clock()
        self._base = self.held()
