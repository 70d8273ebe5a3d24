"""A sampling profiler from the standard library alone (what py-spy does,
roughly): run a module with a CPU-time timer that records the Python stack
of the main thread about every millisecond of the process's CPU, then write
where the CPU went, by function, itself and with what it called, in
OUT.txt (and every stack, folded for flame graph tools, in OUT.txt.folded).

    python bench/sampler.py OUT.txt [--every MS] [--window] -m MODULE [ARGS...]

``ITIMER_PROF`` counts the CPU of every thread of the process, and its
signal is handled on the main thread: a sample lands on the Python frame
running there (the one whose C call -- a ``send``, a ``json.dumps`` -- used
the time), so work done by other threads is charged to whatever the main
thread was doing; the per-thread CPU printed at the end (from ``/proc``)
says how much that is.  Unlike cProfile it does not slow every Python call
down (a sample costs a few microseconds), so the shares are the real ones.
``bench/server.py --sample OUT`` runs its first server process under it.

``--window``: sample only between a ``SIGUSR1`` (start) and a ``SIGUSR2``
(stop) sent to the process, so that the start-up (imports, the TLS
handshakes of the clients arriving) and the warm-up are not charged to the
steady play; ``bench/server.py --sample`` sends them at the start and the
end of its measured seconds, the window its CPU per hand is read over.
The per-thread CPU printed is then that of the window too.
"""

from __future__ import annotations

import os
import runpy
import signal
import sys
import threading
from collections import Counter
from pathlib import Path
from types import FrameType

ROOT = str(Path(__file__).resolve().parents[1])


def _where(frame: FrameType) -> str:
    code = frame.f_code
    name = code.co_filename
    name = name[len(ROOT) + 1:] if name.startswith(ROOT) else name.rsplit("/lib/", 1)[-1]
    return f"{name}:{code.co_firstlineno}({code.co_name})"


class Sampler:
    """Stacks of the main thread, counted, every ``every`` seconds of CPU."""

    def __init__(self, every: float = 0.001) -> None:
        self.every = every
        self.stacks: Counter[tuple[str, ...]] = Counter()
        self.samples = 0

    def _sample(self, signum: int, frame: FrameType | None) -> None:
        stack = []
        while frame is not None:
            stack.append(_where(frame))
            frame = frame.f_back
        self.stacks[tuple(reversed(stack))] += 1
        self.samples += 1

    def start(self) -> None:
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.every, self.every)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_IGN)

    def folded(self) -> str:
        """The stacks in the "folded" form flame graph tools read (one a line:
        frames joined by ``;``, then the count)."""
        return "".join(f"{';'.join(stack)} {n}\n" for stack, n in self.stacks.most_common())

    def report(self, top: int = 45) -> str:
        own: Counter[str] = Counter()
        total: Counter[str] = Counter()
        for stack, n in self.stacks.items():
            own[stack[-1]] += n
            for where in set(stack):
                total[where] += n
        all_ = max(self.samples, 1)
        lines = [f"{self.samples} samples, one per {self.every * 1000:.1f} ms of CPU",
                 "", "self %  function (its own time)"]
        lines += [f"{n * 100 / all_:6.1f}  {where}" for where, n in own.most_common(top)]
        lines += ["", "total %  function (with what it called)"]
        lines += [f"{n * 100 / all_:6.1f}  {where}" for where, n in total.most_common(top)]
        lines += ["", "CPU seconds by thread (/proc):"]
        lines += [f"  {name}: {cpu:.2f}" for name, cpu in thread_cpu().items()]
        return "\n".join(lines) + "\n"


_SEEN: dict[str, float] = {}
"""The CPU of every thread seen (those that ended keep their last figure)."""


def thread_cpu() -> dict[str, float]:
    """User + system CPU seconds of each thread of this process so far."""
    tick = os.sysconf("SC_CLK_TCK")
    main = threading.main_thread().native_id
    names = {t.native_id: t.name for t in threading.enumerate()}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        tid = int(task.name)
        name = "main" if tid == main else names.get(tid, "thread")
        _SEEN[f"{name} ({tid})"] = (int(fields[11]) + int(fields[12])) / tick
    return dict(_SEEN)


def _watch(stop: threading.Event) -> None:
    while not stop.wait(1.0):
        thread_cpu()


def main() -> None:
    args = sys.argv[1:]
    out = Path(args.pop(0))
    every = 0.001
    if args[:1] == ["--every"]:
        every = float(args[1]) / 1000
        args = args[2:]
    window = args[:1] == ["--window"]
    if window:
        args = args[1:]
    if args[:1] != ["-m"] or len(args) < 2:
        sys.exit(__doc__)
    module = args[1]
    sys.argv = [module, *args[2:]]
    sampler = Sampler(every)
    stop = threading.Event()
    threading.Thread(target=_watch, args=(stop,), name="sampler /proc", daemon=True).start()
    started: dict[str, float] = {}
    ended: dict[str, float] = {}
    if window:  # from SIGUSR1 to SIGUSR2 only (the measured seconds)
        def begin(signum: int, frame: FrameType | None) -> None:
            started.update(thread_cpu())
            sampler.start()

        def end(signum: int, frame: FrameType | None) -> None:
            sampler.stop()
            ended.update(thread_cpu())

        signal.signal(signal.SIGUSR1, begin)
        signal.signal(signal.SIGUSR2, end)
    else:
        sampler.start()
    try:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit:
        pass
    finally:
        sampler.stop()
        stop.set()
        report = sampler.report()
        if window and started:
            report += "CPU seconds by thread in the window (SIGUSR1 to SIGUSR2):\n" + "".join(
                f"  {name}: {ended.get(name, cpu) - started.get(name, 0.0):.2f}\n"
                for name, cpu in (ended or thread_cpu()).items())
        out.write_text(report)
        out.with_name(out.name + ".folded").write_text(sampler.folded())


if __name__ == "__main__":
    main()
