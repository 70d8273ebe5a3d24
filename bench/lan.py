"""A LAN room under load: six people's clients on loopback play a 500-hand
game; how long an action takes to reach every client, and what the host
costs in CPU and memory.

    python bench/lan.py [--hands N] [--seconds S] [--warmup W] [--seed K] [--hostile]

The host (``RoomServer`` around a ``Room`` of 6 seats, variant
"tournament", flood limit raised because scripted clients act far faster
than people) runs in a child process of its own, so its CPU and memory are
not mixed with the clients'.  Six scripted clients (six people, no computer
seat) join it through real sockets (TLS, the host's certificate pinned, as
in every LAN room) and play with the computer players' judgement
(``create_player("normal")``), as in ``tests/net/test_host.py``;
the first client starts a new game whenever one ends, until N hands have
been dealt in all.

Latency of an action: from the moment a client sends its ``Act``
(``time.perf_counter``) to the moment the last of the six clients has the
``Table`` that follows it, parsed, in its inbox (the inbox is stamped where
the client's socket thread puts the message).  The match is exact: within a
hand every accepted ``Act`` adds exactly one ``ActionTaken`` to the history
(there is no computer seat to act in between), so the update that follows
the k-th action of hand h of game g is the first ``Table`` whose view holds
k actions, with h and g counted from the ``HandStarting`` and
``GameStarted`` events that precede it on the same connection.  The next
player decides only once all six have the previous update, so no client's
thinking delays another's receipt.  The six clients share one process (and
its GIL): the last one's receipt includes the other five parsing the same
message; the first client's figure is printed beside it.

Host CPU: the child's user + system time (``getrusage``) per hand dealt,
over the whole game and after the first W hands (the host's first showdown
builds the hand evaluator's tables, a few hundred ms and some 25 MB, which
is also where the worst latency comes from); memory: its RSS when the
clients have joined, after W hands, every 100 hands and at the end (growth
would show a leak), and its peak (``ru_maxrss``).  The child's stdout
carries JSON lines only (its port when ready, its figures at the end).
The clients' own evaluator tables are built before anything is timed.

``--hostile`` (issue 12) runs the same game beside 100 silent sockets (from
20 loopback addresses, reopened as the host closes them: past the pending
limit, or at the hello deadline) and a flooding client (it joins as a
watcher and sends pings and unreadable frames as fast as its socket takes
them, reconnecting whenever the host drops it), both in a third process so
they do not share the clients' GIL.  The host then runs with its shipped
flood limits (40 messages a second, a burst of 80), which the six scripted
clients stay under; its counters show what it refused, by reason.

Target (LAN issue): p99 <= 20 ms (with ``--hostile`` too).  No peer: the figures stand against the
target.  The machine is shared and noisy (2 cores, host and clients on the
same ones): read the percentiles, not single runs' maxima.
"""

from __future__ import annotations

import argparse
import json
import queue
import random
import resource
import select
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from holdem_desktop import __version__
from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.evaluator import describe_strength
from holdem_desktop.engine.events import ActionTaken
from holdem_desktop.engine.hand_classes import tables
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.net.client import Closed, RoomClient
from holdem_desktop.net.host import RoomServer
from holdem_desktop.net.protocol import (
    Act,
    Bye,
    Error,
    Events,
    Hello,
    NewGame,
    NextHand,
    Ping,
    Table,
    Welcome,
    encode,
)
from holdem_desktop.net.room import Room
from holdem_desktop.session.events import GameStarted, HandStarting

ROOT = Path(__file__).resolve().parents[1]
CODE = "271828"
SIZE = 6
NAMES = ("Mara", "Ada", "Bruno", "Chiara", "Dario", "Elena")
BETWEEN_HANDS = frozenset({"hand_running", "no_game", "not_playing", "not_host",
                           "game_running"})
"""Errors that answer Next hand or New game, not an action."""
MARK_EVERY = 100
"""The host's RSS is noted every this many hands (to show whether it grows)."""
STALL = 15.0
"""Seconds without any update after which the game is taken as stalled."""
Key = tuple[int, int, int]
"""(game, hand, actions so far in the hand): which update a Table is."""


# ----------------------------------------------------------------------
# The host, in a child process


def rss_now() -> int:
    """This process's resident set size now, in bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()


def snapshot() -> dict[str, float]:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return {"cpu": ru.ru_utime + ru.ru_stime, "rss": rss_now(), "wall": time.monotonic()}


def serve_host(seed: int, hostile: bool = False) -> int:
    """The child: serve the room; snapshot on ``mark NAME`` lines from stdin,
    stop on ``stop`` (or end of input).  Stdout carries two JSON lines only:
    the port when ready, and the figures at the end."""
    room = Room(shipped_variant("tournament"), CODE, size=SIZE, game_version=__version__,
                rng=random.Random(seed), clock=time.monotonic)
    # Scripted clients act far faster than people: the flood limit is raised,
    # except beside a flooder, where the host's real limits apply.
    rate, burst = (40.0, 80.0) if hostile else (10_000.0, 10_000.0)
    server = RoomServer(room, "127.0.0.1", 0, log_path=Path(tempfile.mkdtemp()) / "host.log",
                        rate=rate, burst=burst)
    port = server.start()
    marks = {"ready": snapshot()}
    print(json.dumps({"port": port, "pin": server.fingerprint}), flush=True)
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["mark"] and len(words) == 2:
            marks[words[1]] = snapshot()
        elif words[:1] == ["stop"]:
            break
    server.stop()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    print(json.dumps({"marks": marks, "peak_rss": peak, "stats": dict(server.stats),
                      "refusals": dict(server.refusals)}), flush=True)
    return 0


class Host:
    """The child process running :func:`serve_host`, and its stdout lines."""

    def __init__(self, seed: int, hostile: bool = False) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve-host", "--seed", str(seed)]
            + (["--hostile"] if hostile else []),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        self.lines: queue.Queue[str] = queue.Queue()
        self._lock = threading.Lock()
        threading.Thread(target=self._read, name="host stdout", daemon=True).start()
        ready = json.loads(self.lines.get(timeout=30))
        self.port = int(ready["port"])
        self.pin = str(ready["pin"])
        """The fingerprint of the host's certificate (the room speaks TLS)."""

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def tell(self, line: str) -> None:
        with self._lock:
            if self.proc.stdin is not None and not self.proc.stdin.closed:
                self.proc.stdin.write(line + "\n")
                self.proc.stdin.flush()

    def mark(self, name: str) -> None:
        self.tell(f"mark {name}")

    def finish(self) -> dict[str, Any]:
        """Snapshot "end", stop the server and return its figures."""
        self.mark("end")
        self.tell("stop")
        try:
            return dict(json.loads(self.lines.get(timeout=30)))
        finally:
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ----------------------------------------------------------------------
# The clients, in this process


class StampedQueue(queue.Queue[tuple[float, object]]):
    """An inbox that notes when each message was put into it (by the
    client's socket thread, right after parsing)."""

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        super().put((time.perf_counter(), item), block, timeout)


class Bench:
    """What the six clients share: send times, receipt times, the gate."""

    def __init__(self, hands: int, warmup: int, host: Host) -> None:
        self.hands = hands
        self.warmup = warmup
        self.host = host
        self.sends: dict[Key, float] = {}
        self.receipts: dict[Key, list[float]] = {}
        self.cond = threading.Condition()
        self.done = threading.Event()
        self.stopping = threading.Event()
        self.gate_timeouts = 0
        self.progress = time.monotonic()
        """When a client last received an update (to notice a stalled game)."""

    def sent(self, key: Key, at: float) -> None:
        with self.cond:
            self.sends[key] = at

    def received(self, key: Key, at: float) -> None:
        with self.cond:
            self.receipts.setdefault(key, []).append(at)
            self.progress = time.monotonic()
            if len(self.receipts[key]) == SIZE:
                self.cond.notify_all()

    def wait_all(self, key: Key, timeout: float = 2.0) -> None:
        """Until all six clients have the update ``key`` (the gate)."""
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.receipts.get(key, ())) >= SIZE,
                                      timeout):
                self.gate_timeouts += 1

    def settled(self) -> bool:
        with self.cond:
            return all(len(self.receipts.get(k, ())) >= SIZE for k in self.sends)


class Seat:
    """One person's desktop: a client and a thread that plays on its inbox."""

    def __init__(self, index: int, port: int, pin: str, bench: Bench, seed: int) -> None:
        self.index = index
        self.bench = bench
        self.client = RoomClient("127.0.0.1", port, pin=pin)
        self.client.inbox = StampedQueue()  # type: ignore[assignment]
        self.brain = create_player("normal", random.Random(seed))
        self.seat: int | None = None
        self.is_host = False
        self.games = 0
        self.hand = 0
        self.dealt = 0
        self.seen: set[Key] = set()
        self.acted: set[Key] = set()
        self.pressed: tuple[int, int] | None = None
        self.asked = 0
        self.last: tuple[Key, Table] | None = None
        self.errors: Counter[str] = Counter()
        self.retries = 0
        self.closed = False
        self.thread = threading.Thread(target=self._run, name=f"seat {index}", daemon=True)

    def start(self) -> None:
        self.client.connect()
        self.thread.start()
        self.client.send(Hello(NAMES[self.index], CODE, __version__))

    def _run(self) -> None:
        inbox = self.client.inbox
        while not self.bench.stopping.is_set():
            try:
                stamp, message = inbox.get(timeout=0.2)  # type: ignore[misc]
            except queue.Empty:
                continue
            if isinstance(message, Events):
                for event in message.events:
                    if isinstance(event, GameStarted):
                        self.games += 1
                    elif isinstance(event, HandStarting):
                        self.hand = event.number
                        self.dealt += 1
                        if self.index == 0:
                            self._mark(self.dealt - 1)
            elif isinstance(message, Table):
                self._table(stamp, message)
            elif isinstance(message, Welcome):
                self.seat = message.seat
                self.is_host = message.seat == message.host_seat  # the first to arrive
            elif isinstance(message, Error):
                self.errors[message.reason] += 1
                if message.reason not in BETWEEN_HANDS:
                    self._retry()
            elif isinstance(message, Closed | Bye):
                if not self.bench.stopping.is_set():  # (not the end of the benchmark)
                    self.closed = True
                    self.bench.done.set()
                return

    def _mark(self, played: int) -> None:
        """Have the host note its CPU and memory after ``played`` hands."""
        if played == self.bench.warmup:
            self.bench.host.mark("warm")
        if played and played % MARK_EVERY == 0:
            self.bench.host.mark(f"h{played}")

    def _table(self, stamp: float, t: Table) -> None:
        view = t.view
        key: Key | None = None
        if view is not None:
            key = (self.games, self.hand, sum(isinstance(e, ActionTaken) for e in view.history))
            if key not in self.seen:  # the first Table of this update
                self.seen.add(key)
                self.bench.received(key, stamp)
            if self.last is not None and key[:2] == self.last[0][:2] \
                    and key[2] > self.last[0][2]:
                self.last = None  # our action went through
        bench = self.bench
        if key is not None and view is not None and not view.over and view.to_act == self.seat \
                and view.legal_actions:
            if key in self.acted:
                return
            self.acted.add(key)
            bench.wait_all(key)  # everyone has the update before this player thinks
            action = self.brain.decide(view)
            self.last = (key, t)
            bench.sent((key[0], key[1], key[2] + 1), time.perf_counter())
            self.client.send(Act(action.kind, action.amount, t.hand, t.decision))
        elif t.started and not t.game_over and self.seat in t.waiting_for \
                and self.pressed != (self.games, t.hands_played) and self.dealt < bench.hands:
            self.pressed = (self.games, t.hands_played)
            self.client.send(NextHand())
        elif t.game_over and self.is_host and self.asked != self.games \
                and self.dealt < bench.hands:
            self.asked = self.games  # once per game
            self.client.send(NewGame())
        if self.index == 0 and self.dealt >= bench.hands and (
                t.game_over or (view is not None and view.over)):
            bench.done.set()

    def _retry(self) -> None:
        """An action was refused (it should not be): play the safest legal one."""
        if self.last is None:
            return
        key, t = self.last
        self.last = None
        assert t.view is not None
        kinds = {a.kind for a in t.view.legal_actions}
        action = next((Action(k) for k in (ActionKind.CHECK, ActionKind.CALL) if k in kinds),
                      Action(ActionKind.FOLD))
        self.retries += 1
        self.bench.sent((key[0], key[1], key[2] + 1), time.perf_counter())
        self.client.send(Act(action.kind, action.amount, t.hand, t.decision))


# ----------------------------------------------------------------------
# Misbehaving neighbours (--hostile)


class Hostile:
    """100 silent sockets and a flooding client beside the game, each on a
    thread, kept up until :meth:`stop`."""

    SILENT = 100
    ADDRESSES = 20

    def __init__(self, port: int) -> None:
        self.port = port
        self.stopping = threading.Event()
        self.counts: Counter[str] = Counter()
        self.threads = [threading.Thread(target=self._silent, daemon=True),
                        threading.Thread(target=self._flood, daemon=True)]

    def start(self) -> None:
        for t in self.threads:
            t.start()

    def stop(self) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(5)

    def _open(self, k: int) -> socket.socket | None:
        s = socket.socket()
        try:
            s.bind((f"127.0.0.{10 + k % self.ADDRESSES}", 0))
            s.connect(("127.0.0.1", self.port))
        except OSError:
            s.close()
            return None
        self.counts["silent opened"] += 1
        return s

    def _silent(self) -> None:
        """Keep 100 sockets open that never say a word."""
        socks: list[socket.socket | None] = [self._open(k) for k in range(self.SILENT)]
        s: socket.socket | None
        while not self.stopping.is_set():
            live = [x for x in socks if x is not None]
            readable, _, _ = select.select(live, [], [], 0.05) if live else ([], [], [])
            for r in readable:  # the host answered or closed it: open another
                k = socks.index(r)
                r.close()
                socks[k] = self._open(k)
                time.sleep(0.002)
            for k, s in enumerate(socks):
                if s is None:
                    socks[k] = self._open(k)
        for x in socks:
            if x is not None:
                x.close()

    def _flood(self) -> None:
        """Join as a watcher, then send pings and unreadable frames flat out."""
        junk = struct.pack(">I", 5) + b"{{{{{"
        burst = b"".join(encode(Ping(n)) for n in range(50)) + junk
        n = 0
        while not self.stopping.is_set():
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=2,
                                             source_address=("127.0.0.99", 0))
            except OSError:
                time.sleep(0.01)
                continue
            self.counts["flood connections"] += 1
            s.setblocking(False)
            try:
                s.sendall(encode(Hello(f"Eve{n % 1000}", CODE, __version__)))
                n += 1
                while not self.stopping.is_set():
                    try:
                        s.send(burst)
                        self.counts["flood bursts"] += 1
                    except BlockingIOError:
                        time.sleep(0.001)
                    try:
                        if not s.recv(1 << 16):
                            break  # dropped by the host
                    except BlockingIOError:
                        pass
            except OSError:
                pass
            finally:
                s.close()


def serve_hostile(port: int) -> int:
    """The neighbours' child process (its own GIL and CPU, apart from the
    six clients'): run until stdin closes, then print their counts as JSON."""
    hostile = Hostile(port)
    hostile.start()
    sys.stdin.read()
    hostile.stop()
    print(json.dumps(dict(hostile.counts)), flush=True)
    return 0


class Neighbours:
    """The child process running :func:`serve_hostile`."""

    def __init__(self, port: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve-hostile", str(port)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)

    def finish(self) -> dict[str, int]:
        try:
            out, _ = self.proc.communicate(timeout=20)  # (closes its stdin: it stops)
            return dict(json.loads(out.strip().splitlines()[-1])) if out.strip() else {}
        except (subprocess.TimeoutExpired, ValueError):
            self.proc.kill()
            self.proc.wait()
            return {}


# ----------------------------------------------------------------------


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def mb(size: float) -> str:
    return f"{size / 2**20:.1f} MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=500, help="hands to deal in all")
    ap.add_argument("--seconds", type=float, default=300.0, help="give up after this long")
    ap.add_argument("--warmup", type=int, default=50,
                    help="hands before the steady-state CPU and memory figures")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hostile", action="store_true",
                    help="beside 100 silent sockets and a flooding client")
    ap.add_argument("--serve-host", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--serve-hostile", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_host:
        return serve_host(args.seed, args.hostile)
    if args.serve_hostile is not None:
        return serve_hostile(args.serve_hostile)
    warmup = max(0, min(args.warmup, args.hands - 1))

    # The clients' own lazily built tables, before anything is timed (the
    # host builds its own when it starts).
    tables()
    describe_strength(1)
    host = Host(args.seed, args.hostile)
    bench = Bench(args.hands, warmup, host)
    seats = [Seat(k, host.port, host.pin, bench, args.seed * 100 + k) for k in range(SIZE)]
    figures: dict[str, Any] = {}
    hostile: Neighbours | None = None
    neighbours: dict[str, int] = {}
    try:
        for s in seats:
            s.start()
        end = time.monotonic() + 10
        while time.monotonic() < end and any(s.seat is None for s in seats):
            time.sleep(0.01)
        if any(s.seat is None for s in seats):
            print("the clients could not all join the room", file=sys.stderr)
            return 1
        if args.hostile:
            hostile = Neighbours(host.port)
            time.sleep(1.0)  # the flood under way before the game starts
        host.mark("start")
        began = time.perf_counter()
        next(s for s in seats if s.is_host).client.send(NewGame())
        limit = time.monotonic() + args.seconds
        stalled = False
        while not bench.done.wait(0.5) and time.monotonic() < limit:
            if time.monotonic() - bench.progress > STALL:
                stalled = True
                break
        finished = bench.done.is_set() and not any(s.closed for s in seats)
        wall = time.perf_counter() - began
        end = time.monotonic() + 2
        while time.monotonic() < end and not bench.settled():  # the last receipts
            time.sleep(0.01)
        bench.stopping.set()
        if hostile is not None:
            neighbours = hostile.finish()
        figures = host.finish()
    finally:
        bench.stopping.set()
        if hostile is not None and hostile.proc.poll() is None:
            hostile.proc.kill()
            hostile.proc.wait()
        for s in seats:
            s.client.close()
        if host.proc.poll() is None:
            host.proc.kill()
            host.proc.wait()

    dealt = seats[0].dealt
    games = seats[0].games
    print(("BESIDE 100 silent sockets and a flooding client (host limits as shipped): "
           if args.hostile else "")
          + f"LAN room on loopback: {SIZE} clients (people, no computer seat), tournament; "
          f"{dealt} hands dealt in {games} games in {wall:.1f} s ({dealt / wall:.1f} hands/s)"
          + ("" if finished else f" -- STALLED (no update for {STALL:.0f} s)" if stalled
             else " -- a client's connection CLOSED" if bench.done.is_set()
             else f" -- STOPPED at the {args.seconds:.0f} s limit"))

    last: list[float] = []
    first: list[float] = []
    worst: tuple[float, Key] | None = None
    incomplete = 0
    for key, at in bench.sends.items():
        got = bench.receipts.get(key, [])
        if len(got) < SIZE:
            incomplete += 1
            continue
        last.append(max(got) - at)
        first.append(min(got) - at)
        if worst is None or last[-1] > worst[0]:
            worst = (last[-1], key)
    last.sort()
    first.sort()
    if last:
        assert worst is not None
        p99 = percentile(last, 0.99)
        print(f"action -> all {SIZE} clients have the update, over {len(last)} actions: "
              f"p50 {ms(statistics.median(last))}, p90 {ms(percentile(last, 0.90))}, "
              f"p99 {ms(p99)}, max {ms(last[-1])} (game {worst[1][0]}, hand {worst[1][1]}) "
              f"-- target p99 <= 20 ms: {'met' if p99 <= 0.020 else 'MISSED'}")
        print(f"action -> the first client has it: p50 {ms(statistics.median(first))}, "
              f"p99 {ms(percentile(first, 0.99))} (the rest of the spread is the six "
              "clients parsing in one process)")
    if incomplete:
        print(f"  {incomplete} actions whose update did not reach all {SIZE} clients")

    marks = figures.get("marks", {})
    if "start" in marks and "end" in marks and dealt:
        start, stop = marks["start"], marks["end"]
        cpu = stop["cpu"] - start["cpu"]
        host_wall = stop["wall"] - start["wall"]
        line = (f"host CPU (child process): {cpu / dealt * 1e3:.1f} ms per hand "
                f"({cpu:.2f} s over {dealt} hands, {cpu / host_wall * 100:.0f}% of a core)")
        warm = marks.get("warm")
        if warm is not None and dealt > warmup:
            steady = stop["cpu"] - warm["cpu"]
            line += f"; after the first {warmup} hands {steady / (dealt - warmup) * 1e3:.1f} ms"
        print(line)
        line = f"host memory: RSS {mb(start['rss'])} with the clients joined"
        if warm is not None:
            line += f", {mb(warm['rss'])} after {warmup} hands"
        line += (f", {mb(stop['rss'])} at the end (ru_maxrss {mb(figures['peak_rss'])}; "
                 f"{mb(marks['ready']['rss'])} before anyone joined)")
        print(line)
        series = sorted((int(name[1:]), m["rss"]) for name, m in marks.items()
                        if name[:1] == "h" and name[1:].isdigit())
        if series:
            print("  RSS by hands dealt: " + ", ".join(f"{n}: {mb(rss)}" for n, rss in series)
                  + f", end: {mb(stop['rss'])}")
    stats = figures.get("stats", {})
    print("host counters: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.items())))
    refusals = figures.get("refusals", {})
    if refusals:
        print("host refusals by reason: " + ", ".join(f"{k} {v}" for k, v in
                                                      sorted(refusals.items())))
    if neighbours:
        print("the neighbours (own process): " + ", ".join(f"{k} {v}" for k, v in
                                                          sorted(neighbours.items())))
    errors = sum((s.errors for s in seats), Counter())
    closed = sum(s.closed for s in seats)
    retries = sum(s.retries for s in seats)
    if errors or closed or retries or bench.gate_timeouts:
        print(f"client trouble: errors {dict(errors)}, refused actions replayed {retries}, "
              f"connections closed {closed}, gate timeouts {bench.gate_timeouts}")
    return 0 if finished and last else 1


if __name__ == "__main__":
    raise SystemExit(main())
