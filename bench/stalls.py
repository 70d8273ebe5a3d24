"""Where a served process's loop stops: run a module (the server) with a
heartbeat on its event loop, the cycle collector's passes timed, and the
scheduler's account of the loop's thread, then say which stops the slowest
actions of ``bench/server.py`` waited behind (issue 38: uvloop's tail).

    python bench/stalls.py OUT.json [--window] -m MODULE [ARGS...]

A timer every :data:`BEAT` seconds on the server's loop (the loop made by
``holdem_desktop.server.fast_loop.loop_factory``: Python's or uvloop's)
notes how late it ran: a beat later than :data:`STOP` is a *stop* of the
loop, and the time since the beat before is split, from the thread's
``/proc/.../schedstat``, into time on a CPU (the loop's own work, a
collector's pass), time waiting for a CPU (the machine's other work: the
run queue) and the rest (blocked: a disk write, the GIL, a system call).
``gc.callbacks`` time every pass of the cycle collector by generation.
With ``--window`` all this is counted between a ``SIGUSR1`` and a
``SIGUSR2`` (``bench/server.py`` sends them at the start and the end of
its measured seconds), when the report is written to OUT.json.

``bench/server.py --stalls OUT`` runs each run's (first) server under it,
and its clients note when each action was sent (``time.perf_counter``, the
system's monotonic clock, the same in every process): :func:`explain`
then counts the actions slower than 50 and 100 ms by the stop they waited
behind (the collector's full pass, a young pass, another stop, none) and
prints the percentiles without the actions held by the full pass.

The beat itself costs about 200 wake-ups a second; read the figures
against a run measured the same way, not against a plain one.
"""

from __future__ import annotations

import gc
import json
import os
import runpy
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BEAT = 0.005
"""Seconds between two beats of the heartbeat."""
STOP = 0.020
"""A beat later than this is a stop of the loop."""


class Watch:
    """The heartbeat, the collector's passes and the scheduler's account."""

    def __init__(self) -> None:
        self.on = False
        self.loop = ""
        """The loop's class, as ``module.name`` (Python's or uvloop's)."""
        self.t0 = 0.0
        self.beats = 0
        self.stops: list[tuple[float, float, float, float, float]] = []
        """(when due, how late, wall since the beat before, on a CPU, waiting for one)"""
        self.passes: list[tuple[float, float, int]] = []
        """(start, wall seconds, generation)"""
        self._gc_start = 0.0
        self._sched = f"/proc/self/task/{threading.get_native_id()}/schedstat"
        self._last: tuple[float, float, float] | None = None

    def _account(self) -> tuple[float, float, float]:
        """(wall, CPU, run-queue wait) of the loop's thread, in seconds."""
        try:
            cpu, wait, _ = Path(self._sched).read_text().split()
        except OSError:  # no schedstat here: all on a CPU
            return time.perf_counter(), time.thread_time(), 0.0
        return time.perf_counter(), int(cpu) / 1e9, int(wait) / 1e9

    def beat(self, loop: Any, due: float) -> None:
        now = time.perf_counter()
        account = self._account()
        if self.on:
            self.beats += 1
            if now - due > STOP and self._last is not None:
                wall, cpu, wait = (a - b for a, b in zip(account, self._last, strict=True))
                self.stops.append((due, now - due, wall, cpu, wait))
        self._last = account
        loop.call_later(BEAT, self.beat, loop, time.perf_counter() + BEAT)

    def collector(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        elif self.on:
            self.passes.append((self._gc_start, time.perf_counter() - self._gc_start,
                                info["generation"]))

    def start(self, *_: object) -> None:
        self.t0, self.on = time.perf_counter(), True

    def report(self) -> dict[str, Any]:
        self.on = False
        return {"loop": self.loop, "t0": self.t0, "seconds": time.perf_counter() - self.t0,
                "beats": self.beats, "stops": self.stops, "passes": self.passes}


def _install(watch: Watch) -> None:
    """Start the heartbeat on every loop the server's factory makes."""
    from holdem_desktop.server import fast_loop

    made = fast_loop.loop_factory

    def loop_factory(fast: bool = False) -> Callable[[], Any]:
        factory = made(fast)

        def make() -> Any:
            loop = factory()
            kind = type(loop).__mro__[1] if type(loop).__name__.startswith("Gated") else type(loop)
            watch.loop = f"{kind.__module__}.{kind.__name__}"
            loop.call_soon(watch.beat, loop, time.perf_counter())
            return loop
        return make

    fast_loop.loop_factory = loop_factory
    gc.callbacks.append(watch.collector)


def explain(report: dict[str, Any], actions: list[tuple[float, float]]) -> list[str]:
    """What the slow ``actions`` ((sent at, latency) seconds) waited behind."""
    full = [(s, d) for s, d, g in report["passes"] if g == 2]
    young = [(s, d) for s, d, g in report["passes"] if g != 2]
    stops = [(due, late) for due, late, *_ in report["stops"]]

    def over(at: float, took: float, spans: list[tuple[float, float]]) -> bool:
        return any(s < at + took and s + d > at for s, d in spans)

    lines = [f"the server's loop: {report['loop']}"]
    n = len(actions) or 1
    for limit in (0.05, 0.1):
        slow = [(a, t) for a, t in actions if t > limit]
        a = sum(over(*x, full) for x in slow)
        b = sum(over(*x, young) and not over(*x, full) for x in slow)
        c = sum(over(*x, stops) and not over(*x, full) and not over(*x, young) for x in slow)
        lines.append(f"actions > {limit * 1000:.0f} ms: {len(slow)} of {len(actions)} "
                     f"({100 * len(slow) / n:.2f} %): over a full pass of the collector {a}, "
                     f"over a young pass {b}, over another stop of the loop {c}, "
                     f"over none {len(slow) - a - b - c}")
    rest = sorted(t for a, t in actions if not over(a, t, full))
    if rest:
        def pct(p: float) -> float:
            return rest[min(len(rest) - 1, int(p * len(rest)))] * 1000
        lines.append(f"without the {len(actions) - len(rest)} actions over a full pass: "
                     f"p50 {pct(0.5):.1f} p95 {pct(0.95):.1f} p99 {pct(0.99):.1f} ms")
    passes = {g: [d for _, d, h in report["passes"] if h == g] for g in (0, 1, 2)}
    lines.append("collector passes (count, wall ms): " + ", ".join(
        f"gen {g} {len(d)}, {sum(d) * 1000:.0f}" for g, d in passes.items())
        + "; full passes at " + ", ".join(
        f"{s - report['t0']:.1f} s ({d * 1000:.0f} ms)" for s, d, g in report["passes"]
        if g == 2))
    stop = report["stops"]
    wall, cpu, wait = (sum(x[k] for x in stop) * 1000 for k in (2, 3, 4))
    lines.append(f"stops of the loop > {STOP * 1000:.0f} ms: {len(stop)}, "
                 f"{sum(x[1] for x in stop) * 1000:.0f} ms late in all; their beats' "
                 f"{wall:.0f} ms: on a CPU {cpu:.0f}, waiting for a CPU {wait:.0f}, "
                 f"blocked {wall - cpu - wait:.0f}")
    return lines


def main() -> None:
    out, rest = sys.argv[1], sys.argv[2:]
    window = rest[:1] == ["--window"]
    rest = rest[1:] if window else rest
    if rest[:1] != ["-m"] or len(rest) < 2:
        raise SystemExit(__doc__)
    watch = Watch()
    _install(watch)

    def write(*_: object) -> None:
        Path(out).write_text(json.dumps(watch.report()))

    if window:
        signal.signal(signal.SIGUSR1, watch.start)
        signal.signal(signal.SIGUSR2, write)
    else:
        watch.start()
    sys.argv = [rest[1], *rest[2:]]
    sys.path.insert(0, os.getcwd())
    try:
        runpy.run_module(rest[1], run_name="__main__", alter_sys=True)
    finally:
        if not window:
            write()


if __name__ == "__main__":
    main()
