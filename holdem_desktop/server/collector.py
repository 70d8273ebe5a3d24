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
interpreter never starts a full pass itself, starts a pass of the youngest
generation only when its count reaches :data:`YOUNG` (not 700), and what
a pass of the youngest or the middle generation keeps is frozen
(``gc.freeze``: kept aside, never walked by a pass, still freed the moment
its last reference goes).  Short-lived cycles (what a connection that came
and went leaves) are freed by those passes; what outlives one is frozen.
(Before, the server's clock made a pass over ten seconds' survivors every
ten seconds: measured at 900 rooms, each stopped every room for 150 ms and
found nothing to free; the 99th percentile from an action to every client
fell from 104 to 20 ms without them, docs/performance.md.)

The interpreter's count for the youngest generation is net: each object
it tracks adds one when made and takes one away when freed, whatever its
generation.  A server's rooms make thousands of objects for a message (its
views, tables, texts) and free most of them after it, so at 700 the young
passes came within messages, many times a second, each walking what was
alive then (the hands being played, the message's work), and the middle
passes (every second one, then) walked it again and froze it: about a
tenth of the server's CPU at 450 rooms.  At :data:`YOUNG` they come when
the memory grows (rooms opening, a crowd connecting, a flood of garbage
in cycles) and otherwise as the count drifts: measured at 450 and 900
rooms, none or one in a window of 30 s.  Each walks what was made since
the last freeze and is alive: in a steady state that is the hands being
played, 100 to 180 ms of CPU at 900 rooms, where the passes at 700 took
20 to 40 ms each, dozens of them in the same 30 s.  What waits longer for
a pass is little: at 700, with 40 clients coming and going at public
tables, the young and middle passes together found 2 to 5 objects a
second in cycles to free (docs/performance.md).

The server's clock (:meth:`Collector.tick`) makes the whole passes
(everything unfrozen, walked, frozen again): at least every :data:`EVERY`
seconds, and sooner when the memory the interpreter holds
(``sys.getallocatedblocks()``, which costs nothing) has doubled since the
last, at most every :data:`GAP`: what was frozen alive and later died in
a cycle (a long connection that ended, a room closed) is freed within
minutes, a flood of them as the memory doubles.

Each pass is counted (``/health``: ``gc_passes`` and ``gc_longest_ms`` for
the whole ones, ``gc_young_passes`` and ``gc_young_longest_ms`` for those
of the youngest and the middle generation, which freeze; ``gc_freed``,
what all freed).
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable

__all__ = ["EVERY", "GAP", "GROWTH", "MIDDLE", "NEVER", "YOUNG", "Collector"]

EVERY = 600.0
"""Seconds at most between two whole passes."""
GAP = 60.0
"""Seconds at least between two whole passes (the memory grows fastest as
rooms open: a pass then finds nothing to free, and the next waits)."""
GROWTH = 1.0
"""A whole pass when the memory held grew this much since the last."""
YOUNG = 100_000
"""The youngest generation's threshold while paced: objects made, net of
those freed, since its last pass (the interpreter's default is 700)."""
MIDDLE = 2
"""Passes of the youngest generation per pass of the middle one while paced
(the interpreter's default is 10).  Each young pass is now followed by a
freeze, so a middle pass finds its own generation empty and walks what the
youngest holds, as a young pass would.  (With young passes at 700 it was
what set their length: measured at 900 rooms, 15-16 ms each at 10, 6.6 at
5, 4.3-5.6 at 3 and 3.3 at 2, docs/performance.md.)"""
NEVER = 1 << 30
"""The oldest generation's threshold while paced: the interpreter counts
one for each middle pass and starts a full one past this, so never."""


class Collector:
    """The cycle collector's passes while a server serves: the whole ones
    started by its clock, a freeze after each of the middle generation's."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *,
                 held: Callable[[], int] = sys.getallocatedblocks,
                 collect: Callable[[], int] = gc.collect,
                 freeze: Callable[[], None] = gc.freeze,
                 unfreeze: Callable[[], None] = gc.unfreeze,
                 every: float = EVERY, gap: float = GAP, growth: float = GROWTH,
                 young: int = YOUNG, middle: int = MIDDLE) -> None:
        self.clock, self.held, self.collect = clock, held, collect
        self.freeze, self.unfreeze = freeze, unfreeze
        self.every, self.gap, self.growth = every, gap, growth
        self.young, self.middle = young, middle
        self.passes = 0
        """Whole passes made."""
        self.young_passes = 0
        """Passes of the youngest and the middle generation, each followed by
        a freeze."""
        self.freed = 0
        """Objects the whole and the middle passes found in cycles and freed."""
        self.longest = 0.0
        """The longest whole pass's CPU time, in seconds."""
        self.longest_young = 0.0
        """The longest middle pass's CPU time, in seconds."""
        self._last = 0.0
        self._began = 0.0
        self._base = 0
        self._saved: tuple[int, int, int] | None = None

    @property
    def running(self) -> bool:
        """Whether the interpreter's own full passes are held off."""
        return self._saved is not None

    def start(self) -> None:
        """Hold off the interpreter's own full passes, its young ones until
        the memory grows, freeze what outlives a middle pass from now on,
        and make a whole pass now (the rooms read from disk are then the
        base the growth is counted from, and frozen)."""
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.set_threshold(self.young, self.middle, NEVER)
            gc.callbacks.append(self._seen)
        self._whole()

    def stop(self) -> None:
        """The interpreter's own rule again, as it was before :meth:`start`,
        over every object (none frozen)."""
        if self._saved is not None:
            gc.callbacks.remove(self._seen)
            gc.set_threshold(*self._saved)
            self._saved = None
            self.unfreeze()

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        """(The interpreter's call before and after each pass it makes.)  A
        pass of the youngest or the middle generation done: what it kept is
        frozen (both are empty then, and the oldest gets only what a freeze
        leaves)."""
        if info["generation"] == 2:
            return
        if phase == "start":
            self._began = time.thread_time()
            return
        self.freeze()
        self.young_passes += 1
        self.freed += info["collected"]
        self.longest_young = max(self.longest_young, time.thread_time() - self._began)

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
        return False

    def _whole(self) -> None:
        began = time.thread_time()
        self.unfreeze()
        self.freed += self.collect()
        self.freeze()
        self.longest = max(self.longest, time.thread_time() - began)
        self.passes += 1
        self._last = self.clock()
        self._base = self.held()
