"""A multi-table tournament played on one real ``serve`` process, with a few
people acting at a human pace through real connections (issue 35's
Measure; bench/tournament.py measures the tournament core alone).

    python bench/tournament_server.py [--entrants 1000] [--people 6] [--seats 9]
                                      [--watchers 2] [--clock 20] [--pace 0.5,2]
                                      [--minutes M] [--hands-limit H] [--seed 35]
                                      [--sample FILE | --profile FILE]

A ``holdem-desktop serve --self-signed`` child (loopback, port 0, its own
temporary data folder) offers one sit-and-go of ``--entrants`` (turbo
blinds: 5 minutes a level on the tournaments' clock, which the setting
``tournament_clock`` runs ``--clock`` times as fast: 15 s a level at 20).
The people connect over WebSocket and TLS, register, and the computers fill
the seats left 5 seconds later.  Each person says hello at the table
``tournament_seat`` names, presses Next hand half a second after a hand
ends, decides after ``--pace`` seconds (0.5 to 2: checks or calls), and
follows their moves to new tables to the end (their ``tournament_news``
``over``).  ``--watchers`` more clients follow the first people's tables
(a new connection at each move), and one asks for the tournament's tables
(``tournament_tables``) every two seconds.

Latency: from a person's ``act`` to the moment the last client at that
table (its people and watchers) has the next message, timed here with
``time.perf_counter`` (this process shares the cores with the server).

Checked, any violation printed and the exit status 1:

- at each table the people see, the chips of every view of a hand (the
  stacks and the pot) are the same;
- every table in the lists of tables at most its seats;
- the server's saved tournament (``DATA/tournaments.json``, read whenever it
  changed: its whole save and the deltas after it, server/tournament_save.py):
  the chips conserved, no more tables than needed, none above its seats,
  every table between hands within one player of the shortest (the core's
  checks, bench/tournament.py's ``check_tables``);
- at the end, the saved places 1 to N, complete; each person's ``out`` and
  ``over`` news agreeing with them.

Printed: wall time, hands (the server's ``/health``: ``tournament_hands``),
moves (players seen at another table between two saves) and tables broken,
the server's CPU per hand (``/proc``), its peak resident memory, p50/p99
of the latency, the load average.

``--sample FILE`` runs the server under ``bench/sampler.py`` (where its CPU
goes, by function), sampled from the start of play (the registrations
done) to its end, as the CPU per hand is read; ``--profile FILE`` under
cProfile (the whole run)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from server import PROFILE, ROOT, cpu_seconds, health, insecure, message, start_server
from tournament import check_places, check_tables
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from holdem_desktop import __version__
from holdem_desktop.server.tournament_save import read_desk
from holdem_desktop.tournament import Tournament
from holdem_desktop.tournament.saved import tournament_from_json

FILL_AFTER = 5.0
"""Seconds (on the wall's clock) after the first registration when the
computers fill the seats left."""
SAMPLE_FOR = 30.0
"""Seconds a latency sample waits for every client at its table (one moved
away meanwhile never answers: the sample is dropped)."""

SAMPLED: list[bool] = []
"""``--sample``: the server is told when the measured play begins and ends."""

LATE = frozenset({"hand_running", "not_playing", "stale_action", "not_joined"})
"""A button a person pressed after the table went on without it (the turn
clock, a move, the table closed at the end): counted, not a fault."""


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Sample:
    sent: float
    waiting: set[str]


@dataclass
class Run:
    """What the clients share: where each is, the latencies, the violations."""

    entrants: int
    pace: tuple[float, float]
    rng: random.Random
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    at: dict[str, str] = field(default_factory=dict)
    """Each client's room code now ("" in none)."""
    latencies: list[float] = field(default_factory=list)
    pending: dict[str, Sample] = field(default_factory=dict)
    dropped: int = 0
    totals: dict[tuple[str, int], int] = field(default_factory=dict)
    violations: list[str] = field(default_factory=list)
    news: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    tournament: str = ""
    actions: int = 0
    compared: int = 0
    """Views of a hand whose chips were compared with an earlier view's."""
    late: int = 0
    """Buttons pressed too late (:data:`LATE`)."""

    def wrong(self, what: str) -> None:
        if len(self.violations) < 50:
            print(f"VIOLATION: {what}", flush=True)
        self.violations.append(what)

    def heard(self, client: str) -> None:
        """``client`` has a message: the samples at its table that waited for it."""
        sample = self.pending.get(self.at.get(client, ""))
        if sample is None:
            return
        sample.waiting.discard(client)
        if not sample.waiting:
            self.latencies.append(time.perf_counter() - sample.sent)
            del self.pending[self.at[client]]

    def acted(self, code: str) -> None:
        """A person acts at ``code``: a sample of every client there (one at a time)."""
        now = time.perf_counter()
        old = self.pending.get(code)
        if old is not None and now - old.sent < SAMPLE_FOR:
            return
        self.dropped += old is not None
        self.pending[code] = Sample(now, {c for c, at in self.at.items() if at == code})
        self.actions += 1

    def chips(self, code: str, data: dict[str, Any]) -> None:
        """A view of a hand at ``code``: its chips (the stacks and the pot)
        are those of every other view of that hand."""
        view = data["view"]
        if view is None:
            return
        total = sum(p["stack"] for p in view["players"]) + view["pot"]
        key = (code, data["hands_played"] - (1 if view["over"] else 0))
        before = self.totals.get(key)
        if before is None:
            self.totals[key] = total
            return
        self.compared += 1
        if before != total:
            self.wrong(f"table {code} hand {key[1]}: {before} chips, then {total}")


async def person(run: Run, port: int, name: str, registered: asyncio.Event,
                 everyone: asyncio.Event) -> None:
    """One person: register, take each seat told, play at a human pace, to the end."""
    async with connected(port) as ws:
        run.news[name] = []
        await everyone.wait()  # every person connected: they register together
        await ws.send(message("tournament_entry", id=run.tournament, name=name))
        seat: int | None = None
        code = ""
        acted: tuple[int, int] | None = None
        pressed = played = -1
        hello = ""
        while not run.stop.is_set():
            data = await received(run, ws, name, 1.0)
            if data is None:
                continue
            kind = data["type"]
            if kind == "tournaments":
                registered.set()
            elif kind == "error" and data["reason"] in LATE:
                run.late += 1
            elif kind == "error":
                run.wrong(f"{name}: error {data}")
            elif kind in ("refused", "bye"):
                run.wrong(f"{name}: {kind} {data.get('reason')}")
                return
            elif kind == "tournament_seat" and not run.at.get(name) and not hello:
                # (told at a move, they are there already; and a hello on its
                # way reaches their table now, wherever it is)
                code = hello = data["code"]
                await ws.send(message("hello", name=name, code=code, game_version=__version__,
                                      token=data["token"]))
            elif kind == "welcome":
                seat, code, hello = data["seat"], data["code"], ""
                run.at[name] = code
            elif kind == "tournament_news":
                run.news[name].append(data)
                if data["what"] == "over":
                    run.at[name] = ""
                    return
                if data["what"] == "out":
                    seat = None  # (they watch their table until it breaks)
                    run.at[name] = ""
            elif kind == "waiting" and seat in data["seats"] and pressed != played:
                pressed = played  # (the barrier told apart from the table)
                asyncio.get_running_loop().create_task(later(ws, "next_hand"))
            elif kind == "table":
                run.chips(code, data)
                played = data["hands_played"]
                view = data["view"]
                at = (data["hand"], data["decision"])
                if view and not view["over"] and seat is not None and view["to_act"] == seat \
                        and at != acted:
                    acted = at
                    asyncio.get_running_loop().create_task(act(run, ws, code, view, at))
                elif seat is not None and seat in data["waiting_for"] \
                        and pressed != data["hands_played"]:
                    pressed = data["hands_played"]
                    asyncio.get_running_loop().create_task(later(ws, "next_hand"))


def connected(port: int) -> connect:
    """A WebSocket over TLS to the server at ``port`` (``async with``)."""
    return connect(f"wss://127.0.0.1:{port}/", ssl=insecure(), max_size=1 << 20,
                   compression=None, open_timeout=60)


async def received(run: Run, ws: ClientConnection, who: str, wait: float
                   ) -> dict[str, Any] | None:
    """The next message ``who`` receives (None: none within ``wait`` seconds)."""
    try:
        raw = await asyncio.wait_for(ws.recv(), wait)
    except TimeoutError:
        return None
    run.heard(who)
    data: dict[str, Any] = json.loads(raw)
    return data


async def later(ws: ClientConnection, what: str) -> None:
    """Press a button half a second from now."""
    await asyncio.sleep(0.5)
    with contextlib.suppress(ConnectionClosed):
        await ws.send(message(what))


async def act(run: Run, ws: ClientConnection, code: str, view: dict[str, Any],
              at: tuple[int, int]) -> None:
    await asyncio.sleep(run.rng.uniform(*run.pace))
    kinds = {a["kind"] for a in view["legal_actions"]}
    kind = "check" if "check" in kinds else "call" if "call" in kinds else "fold"
    run.acted(code)
    with contextlib.suppress(ConnectionClosed):
        await ws.send(message("act", kind=kind, amount=0, hand=at[0], decision=at[1]))


async def watcher(run: Run, port: int, k: int, people: list[str]) -> None:
    """Watch the table of the ``k``-th person still playing (counted round),
    a new connection at each move."""
    me = f"watcher{k}"
    while not run.stop.is_set():
        turn = people[k % len(people):] + people[:k % len(people)]
        follows = next((p for p in turn if run.at.get(p)), "")
        code = run.at.get(follows, "")
        if not code:
            await asyncio.sleep(0.2)
            continue
        with contextlib.suppress(ConnectionClosed, OSError):
            async with connected(port) as ws:
                await ws.send(message("hello", name=f"Watcher {k}", code=code,
                                      game_version=__version__))
                while not run.stop.is_set() and run.at.get(follows, "") == code:
                    data = await received(run, ws, me, 0.5)
                    if data is None:
                        continue
                    if data["type"] == "welcome":
                        run.at[me] = data["code"]
                    elif data["type"] in ("refused", "bye"):
                        await asyncio.sleep(1.0)  # (the table closed as they came)
                        break
                    elif data["type"] == "table":
                        run.chips(code, data)
        run.at[me] = ""


async def poller(run: Run, port: int, seats: int) -> None:
    """Ask for the tournament's tables every two seconds: none above its seats
    (a new connection when the server drops this one for saying no hello)."""
    while not run.stop.is_set():
        with contextlib.suppress(ConnectionClosed):
            await poll(run, port, seats)


async def poll(run: Run, port: int, seats: int) -> None:
    async with connected(port) as ws:
        while not run.stop.is_set():
            await ws.send(message("tournament_tables", id=run.tournament))
            end = time.monotonic() + 2.0
            while time.monotonic() < end and not run.stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic()))
                except TimeoutError:
                    break
                data = json.loads(raw)
                if data["type"] == "tournament_rooms":
                    full = [t for t in data["tables"] if t["players"] > seats]
                    if full:
                        run.wrong(f"tables above {seats} seats: {full}")
                elif data["type"] == "bye" and data["reason"] == "hello_timeout":
                    return
                elif data["type"] != "error" or data.get("reason") != "too_fast":
                    run.wrong(f"tables: {data}")


class Saved:
    """The server's saved tournament, read whenever it changed, checked."""

    def __init__(self, path: Path, run: Run) -> None:
        self.path, self.run = path, run
        self.stamp = 0
        self.last: Tournament | None = None
        self.where: dict[str, int] = {}
        self.moves = 0
        self.hands: dict[int, int] = {}
        self.reads = 0

    def read(self) -> None:
        try:
            stamp = self.path.stat().st_mtime_ns
            if stamp == self.stamp:
                return
            self.stamp = stamp
            data = read_desk(self.path)
        except (OSError, ValueError):
            return  # (replaced as it was read: the next reading)
        item = next((e for e in data["entries"] if e["id"] == self.run.tournament), None)
        if item is None or item["tournament"]["state"] == "registering":
            return
        t = tournament_from_json(item["tournament"], clock=time.time)
        self.reads += 1
        for number, table in t.tables.items():
            self.hands[number] = max(self.hands.get(number, 0), table.hands)
        where = {p: w[0] for p, w in t.where.items()}
        self.moves += sum(1 for p, n in where.items() if self.where.get(p, n) != n)
        self.where = where
        try:
            check_tables(t, self.run.entrants * t.structure.starting_stack,
                         {n for n, tb in t.tables.items() if tb.playing is not None})
        except AssertionError as exc:
            seated = {p for tb in t.tables.values() for p in tb.seats if p is not None}
            self.run.wrong(f"saved tournament: {exc} (read {self.reads}, state {t.state}, "
                           f"in where not seated {sorted(set(t.where) - seated)}, seated not "
                           f"in where {sorted(seated - set(t.where))}, chips "
                           f"{sorted(t.chips.items())})")
        self.last = t


def final_checks(run: Run, t: Tournament, people: list[str]) -> None:
    """The places complete, each person's news agreeing with them."""
    try:
        check_places(t.places, run.entrants)
    except AssertionError as exc:
        run.wrong(f"places: {exc}")
    for name in people:
        news = run.news.get(name, [])
        outs = [n["place"] for n in news if n["what"] == "out"]
        if outs and outs != [t.places.get(name)]:
            run.wrong(f"{name} heard place {outs}, saved {t.places.get(name)}")
        over = [n for n in news if n["what"] == "over"]
        if len(over) != 1:
            run.wrong(f"{name} heard 'over' {len(over)} times")
            continue
        said = over[0]
        if said["place"] != t.places.get(name):
            run.wrong(f"{name}'s over: place {said['place']}, saved {t.places.get(name)}")
        if [t.places.get(who) for who in said["ranking"]] != list(said["places"]):
            run.wrong(f"{name}'s ranking {said['ranking']} {said['places']} is not the saved")
        if said["places"][:1] != [1]:
            run.wrong(f"{name}'s ranking starts at {said['places'][:1]}")


async def play(args: argparse.Namespace, port: int, data: Path, server_pid: int) -> dict[str, Any]:
    run = Run(args.entrants, args.pace, random.Random(args.seed))
    async with connected(port) as ws:
        await ws.send(message("tournaments_list"))
        listed = json.loads(await ws.recv())
        run.tournament = next(t["id"] for t in listed["tournaments"]
                              if t["state"] == "registering")
    names = [f"Person {k + 1}" for k in range(args.people)]
    registered = [asyncio.Event() for _ in names]
    everyone = asyncio.Event()
    people = [asyncio.create_task(person(run, port, name, done, everyone))
              for name, done in zip(names, registered, strict=True)]
    saved = Saved(data / "tournaments.json", run)
    while len(run.news) < len(names):  # every person connected
        await asyncio.sleep(0.05)
    everyone.set()
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in registered)), 120)
    began = time.perf_counter()
    c0 = cpu_seconds(server_pid)
    if SAMPLED:  # bench/sampler.py --window: the measured seconds only
        os.kill(server_pid, signal.SIGUSR1)
    others = [asyncio.create_task(watcher(run, port, k, names))
              for k in range(args.watchers)] + [
        asyncio.create_task(poller(run, port, args.seats))]
    deadline = began + args.minutes * 60 if args.minutes else math.inf
    over_at = math.inf
    while True:
        saved.read()
        over = saved.last is not None and saved.last.state != "running"
        over_at = min(over_at, time.perf_counter()) if over else math.inf
        hands = sum(saved.hands.values())
        if over and (all(task.done() for task in people) or time.perf_counter() > over_at + 30):
            break
        if not over and (time.perf_counter() > deadline
                         or (args.hands_limit and hands >= args.hands_limit)):
            break
        if all(task.done() for task in people) and not over and any(
                task.exception() for task in people):
            break
        await asyncio.sleep(0.1)  # (the server saves at most every half second)
    wall = time.perf_counter() - began
    cpu = cpu_seconds(server_pid) - c0
    if SAMPLED:
        os.kill(server_pid, signal.SIGUSR2)
    dealt = int((await asyncio.to_thread(health, port))["tournament_hands"])
    run.stop.set()
    for task in people + others:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 30)
        if task.done() and not task.cancelled() and task.exception() is not None:
            run.wrong(f"a client failed: {task.exception()!r}")
    saved.stamp = 0
    saved.read()
    finished = saved.last is not None and saved.last.state != "running"
    if finished and saved.last is not None:
        final_checks(run, saved.last, names)
    tables = math.ceil(args.entrants / args.seats)
    now = len(saved.last.tables) if saved.last is not None else tables
    return {"run": run, "wall": wall, "cpu": cpu, "hands": dealt,
            "moves": saved.moves, "breaks": tables - now, "finished": finished,
            "reads": saved.reads}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--people", type=int, default=6)
    parser.add_argument("--seats", type=int, default=9)
    parser.add_argument("--watchers", type=int, default=2)
    parser.add_argument("--clock", type=int, default=20,
                        help="the tournaments' clock this many times as fast (turbo: 5 minutes "
                             "a level on it)")
    parser.add_argument("--pace", default="0.5,2",
                        help="seconds a person takes to decide, least and most")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after (0: the end)")
    parser.add_argument("--hands-limit", type=int, default=0, help="stop after (0: the end)")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under cProfile, its figures into FILE")
    parser.add_argument("--sample", metavar="FILE",
                        help="run the server under bench/sampler.py, its report into FILE")
    args = parser.parse_args(argv)
    if args.profile:
        PROFILE.append(["-m", "cProfile", "-o", str(Path(args.profile).resolve())])
    elif args.sample:
        PROFILE.append([str(ROOT / "bench" / "sampler.py"), str(Path(args.sample).resolve()),
                        "--window"])
        SAMPLED.append(True)
    low, high = (float(x) for x in args.pace.split(","))
    args.pace = (low, high)
    print(f"load average at the start: {os.getloadavg()[0]:.2f}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        offers, settings = Path(folder, "offers.toml"), Path(folder, "server.toml")
        offers.write_text(f'[[tournament]]\nname = "Bench"\nvariant = "tournament"\n'
                          f"players = {args.entrants}\nseats_per_table = {args.seats}\n"
                          f'speed = "turbo"\ncomputers_after = {FILL_AFTER * args.clock}\n',
                          encoding="utf-8")
        settings.write_text(f"tournament_clock = {args.clock}\n", encoding="utf-8")
        data = Path(folder, "data")
        proc, port = start_server(str(data), ["--config", str(settings),
                                              "--tournaments", str(offers)])
        try:
            got = asyncio.run(play(args, port, data, proc.pid))
            rss = peak_rss_mb(proc.pid)
            if got["run"].violations:  # why, from the server's own log
                log = data / "log" / "server.log"
                lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
                print(f"(the server logged: {dict(Counter(line.split()[-1] for line in lines))})")
        finally:
            proc.terminate()
            proc.wait(30)
    return report(args, got, rss)


def report(args: argparse.Namespace, got: dict[str, Any], rss: float) -> int:
    run: Run = got["run"]
    ordered = sorted(run.latencies)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000 if ordered \
            else float("nan")

    hands = got["hands"]
    print(f"{args.entrants} entrants at {args.seats} seats, {args.people} people and "
          f"{args.watchers} watchers, clock x{args.clock}, pace {args.pace[0]:g}-"
          f"{args.pace[1]:g} s: {'played to the end' if got['finished'] else 'stopped early'}")
    print(f"hands {hands}, moves "
          f"{got['moves']}, tables broken {got['breaks']}, saved states checked {got['reads']}")
    print(f"wall {got['wall']:.1f} s; server CPU {got['cpu']:.1f} s, per hand "
          f"{1000 * got['cpu'] / hands if hands else float('nan'):.2f} ms")
    print(f"actions {len(ordered)} timed (dropped {run.dropped}, pressed late {run.late}); "
          f"to every client at the table: p50 {pct(0.50):.1f} ms, p99 {pct(0.99):.1f} ms"
          f"{f', mean {1000 * statistics.fmean(ordered):.1f} ms' if ordered else ''}")
    print(f"views of a hand compared for its chips {run.compared}, hands seen "
          f"{len(run.totals)}")
    print(f"server peak resident memory {rss:.0f} MiB")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    if run.violations:
        print(f"{len(run.violations)} violations")
        return 1
    print("every check held")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
