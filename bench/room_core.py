"""The server's own work for a hand, without sockets (issue 38).

    python bench/room_core.py [--baseline REV] [--games 5] [--steps 3000] [--repeats 5]
                              [--rooms 1]

``bench/server.py`` measures a whole server process: TLS, the WebSocket
layer, the event loop, the disk and the rooms' work, on a loaded machine,
in minutes.  This measures, in one process and in seconds, only what the
room core and the server do with each message (the same code that runs
behind every connection): a room of 6 seats (tournament, 2 people calling
or checking, 4 easy computers), each person's message parsed as it would
arrive, the room's work, each message to a member shortened and encoded as
the server writes it (:class:`~holdem_desktop.net.compact.Shortener`,
:func:`~holdem_desktop.net.fast_json.fast_text`: orjson where installed, else
:func:`~holdem_desktop.net.protocol.to_text`, which a revision before it
uses), and after each message the
line its save appends (:meth:`RoomStore.line`), written to the room's file
as the server writes it (:meth:`RoomStore.write`: appended, the file
replaced when it grew past its limit).  (Until 2026-12-05 the line was not
written: with no file to append to, every line was a whole snapshot, never
the delta the server appends.)

Three figures per hand, CPU time, each the median of the repeats:

- room: parsing and the room's work (the engine, the computers, the views);
- + encoding: and each member's messages encoded;
- + save: and the save's line made and written.

The peer is the yardstick of issue 38 (``--baseline f8817cf``, the server
before that issue's work), run from its own tree (``git archive``) by the
same driver, interleaved; the ratio is this / the baseline.  A revision
without the shortened table (before :mod:`~holdem_desktop.net.compact`)
encodes whole tables, as it did; one without deltas saves whole snapshots.

``--rooms K`` plays K such rooms at once, a step of each in turn, as a
server comes to its rooms: each room's work then begins with its data out
of the processor's caches, as in the server (at 450 rooms about 40 % more
CPU a hand than one room alone, spread over every function:
docs/performance.md).  Each measuring process paces the cycle collector as the
server does, where the tree has :mod:`holdem_desktop.server.collector`.

The difference between the server's CPU per hand in ``bench/server.py``
and the last figure here is what the connections cost: TLS, the WebSocket
layer, the event loop, the system calls, the queues (docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STAGES = ("room", "encode", "save")
WARM = 50
"""Steps each room plays, not counted, before a measure of many rooms."""


def game(seed: int, stage: str, folder: str) -> tuple[Any, list[int]]:
    """One room's game at ``stage``: a function that plays one step of it
    (a second of its clock: a tick, and a person's message when one is due)
    and returns the CPU seconds the people's own work took in it (not
    counted), and the count of the hands it has finished (the package
    imported is the one on ``sys.path``: this tree's or the baseline's)."""
    from holdem_desktop.engine.actions import ActionKind
    from holdem_desktop.engine.variant import shipped_variant
    from holdem_desktop.net.protocol import (
        Act,
        ClientMessage,
        Hello,
        NewGame,
        NextHand,
        parse_client,
        to_payload,
        to_text,
    )
    from holdem_desktop.net.room import Room
    from holdem_desktop.server.store import RoomStore
    try:
        from holdem_desktop.net.compact import Shortener
        shortener: Any = Shortener
    except ImportError:  # (before the shortened table: whole tables)
        shortener = None
    try:
        from holdem_desktop.net.fast_json import fast_text
        write: Any = fast_text  # (the server's writer: orjson where installed)
    except ImportError:  # (before it: to_text)
        write = to_text

    now = [1000.0]
    code = f"{428913 + seed % 500000:06d}"
    room = Room(shipped_variant("tournament"), code, size=6, game_version="1",
                rng=random.Random(seed), clock=lambda: now[0], strength="easy")
    store = RoomStore(Path(folder)) if stage == "save" else None
    line = getattr(store, "line", None) or getattr(store, "snapshot", None)
    shorten = {conn: (shortener() if shortener else (lambda m: m)) for conn in "ha"}
    encode = stage in ("encode", "save")
    hands = [0]
    client = [0.0]  # the people's own work (choosing, writing their messages): not counted
    last: list[Any] = [None]

    def send(conn: str, message: ClientMessage) -> None:
        t = time.process_time()
        payload = to_payload(message)
        client[0] += time.process_time() - t
        room.receive(conn, parse_client(payload))

    def out() -> None:
        for conn, message in room.take():
            if encode and conn in shorten:
                write(shorten[conn](message))
        if line is not None and store is not None and (text := line(room)) is not None:
            store.write(room.code, text)  # (appended: the next line may be a delta)

    for conn, name in (("h", "Mara"), ("a", "Ada")):
        room.connect(conn, "127.0.0.2")
        send(conn, Hello(name, code, "1", None))
    send("h", NewGame())
    out()

    def step() -> float:
        client[0] = 0.0
        now[0] += 1.0  # a second a step: the room's clock moves as the server ticks it
        room.tick()
        s = room.session
        seats = {m.seat: m.conn for m in room.members if m.seat is not None}
        if s is None or s.game_over:
            send("h", NewGame())
        elif s.hand is None or s.hand.over:
            if s.hand is not None and s.hand is not last[0]:
                hands[0], last[0] = hands[0] + 1, s.hand
            for conn in "ha":
                send(conn, NextHand())
            if any(getattr(m, "reason", "") == "not_playing" for _, m in room.outbox):
                send("h", NewGame())  # both people out: the host starts again
        elif s.waiting_for in seats:
            t = time.process_time()  # the person's own choice: not counted
            kinds = {a.kind for a in s.view(s.waiting_for).legal_actions}
            client[0] += time.process_time() - t
            kind = (ActionKind.CHECK if ActionKind.CHECK in kinds
                    else ActionKind.CALL if ActionKind.CALL in kinds else ActionKind.FOLD)
            send(str(seats[s.waiting_for]), Act(kind, 0, *room.decision))
        out()
        return client[0]

    return step, hands


def play(seed: int, steps: int, stage: str, rooms: int = 1) -> tuple[float, int]:
    """CPU seconds and hands of ``rooms`` rooms' games (seeded from
    ``seed``), played a step of each in turn as the server comes to its
    rooms, ``steps`` steps each.  With more than one room, each first plays
    :data:`WARM` steps not counted (its first hand's tables and encoders
    built, as in a server that has been serving)."""
    with tempfile.TemporaryDirectory() as folder:
        games = [game(seed * 1000 + k if rooms > 1 else seed, stage, folder)
                 for k in range(rooms)]
        if rooms > 1:
            for _ in range(WARM):
                for step, _ in games:
                    step()
        done = sum(hands[0] for _, hands in games)
        began, client = time.process_time(), 0.0
        for _ in range(steps):
            for step, _ in games:
                client += step()
        spent = time.process_time() - began - client
        return spent, sum(hands[0] for _, hands in games) - done


def child(games: int, steps: int, stage: str, rooms: int) -> None:
    """(In the measured tree's process.)  Print the CPU ms per hand of
    ``games`` games of ``rooms`` rooms each, the cycle collector paced as
    the server paces it where the tree does (:mod:`holdem_desktop.server.collector`;
    a tree before it runs the interpreter's own rule, as its server did)."""
    try:
        from holdem_desktop.server.collector import Collector
        Collector().start()
    except ImportError:
        pass
    if rooms == 1:
        play(0, 500, stage)  # the first hands build tables and encoders once: not counted
    played = [play(seed, steps, stage, rooms) for seed in range(1, games + 1)]
    print(json.dumps(sum(p[0] for p in played) * 1000 / max(1, sum(p[1] for p in played))))


def measure(tree: Path, games: int, steps: int, stage: str, rooms: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", stage,
                           str(games), str(steps), str(rooms)], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    return float(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        stage, games, steps = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        sys.path.insert(0, os.getcwd())
        child(games, steps, stage, int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="REV", help="also measure git revision REV")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rooms", type=int, default=1,
                        help="rooms played at once, a step of each in turn (--steps each)")
    args = parser.parse_args()
    trees: dict[str, Path] = {"this": ROOT}
    with tempfile.TemporaryDirectory() as folder:
        if args.baseline:
            archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
            trees[args.baseline] = Path(folder)
        figures: dict[tuple[str, str], list[float]] = {}
        for repeat in range(args.repeats):
            names = list(trees)
            if repeat % 2:
                names.reverse()  # each goes first as often
            for stage in STAGES:
                for name in names:
                    figures.setdefault((name, stage), []).append(
                        measure(trees[name], args.games, args.steps, stage, args.rooms))
    rooms = f"{args.rooms} rooms in turn, " if args.rooms > 1 else ""
    print(f"room core, CPU ms per hand (median of {args.repeats}; {args.games} games of "
          f"{rooms}{args.steps} steps; load {os.getloadavg()[0]:.1f} at the end)")
    print(f"{'':12} {'room':>8} {'+ encode':>9} {'+ save':>8}")
    for name in trees:
        row = [statistics.median(figures[(name, stage)]) for stage in STAGES]
        print(f"{name[:12]:12} " + " ".join(f"{v:>8.2f}" for v in row))
    if args.baseline:
        ratios = [statistics.median(figures[("this", s)]) /
                  statistics.median(figures[(args.baseline, s)]) for s in STAGES]
        print(f"{'this / base':12} " + " ".join(f"{r:>8.2f}" for r in ratios))


if __name__ == "__main__":
    main()
