"""The server's own work for a hand, without sockets (issue 38).

    python bench/room_core.py [--baseline REV] [--games 5] [--steps 3000] [--repeats 5]

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

The difference between the server's CPU per hand in ``bench/server.py``
and the last figure here is what the connections cost: TLS, the WebSocket
layer, the event loop, the system calls, the queues (docs/server.md).
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


def play(seed: int, steps: int, stage: str) -> tuple[float, int]:
    """CPU seconds and hands of one game of ``steps`` steps at ``stage``
    (the package imported is the one on ``sys.path``: this tree's or the
    baseline's)."""
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
    room = Room(shipped_variant("tournament"), "428913", size=6, game_version="1",
                rng=random.Random(seed), clock=lambda: now[0], strength="easy")
    folder = tempfile.TemporaryDirectory()
    store = RoomStore(Path(folder.name)) if stage == "save" else None
    line = getattr(store, "line", None) or getattr(store, "snapshot", None)
    shorten = {conn: (shortener() if shortener else (lambda m: m)) for conn in "ha"}
    encode = stage in ("encode", "save")

    client = [0.0]  # the people's own work (choosing, writing their messages): not counted

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
        send(conn, Hello(name, "428913", "1", None))
    send("h", NewGame())
    out()
    hands, last = 0, None
    began, client[0] = time.process_time(), 0.0
    for _ in range(steps):
        now[0] += 1.0  # a second a step: the room's clock moves as the server ticks it
        room.tick()
        s = room.session
        seats = {m.seat: m.conn for m in room.members if m.seat is not None}
        if s is None or s.game_over:
            send("h", NewGame())
        elif s.hand is None or s.hand.over:
            if s.hand is not None and s.hand is not last:
                hands, last = hands + 1, s.hand
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
    spent = time.process_time() - began - client[0]
    folder.cleanup()
    return spent, hands


def child(games: int, steps: int, stage: str) -> None:
    """(In the measured tree's process.)  Print the CPU ms per hand of
    ``games`` games."""
    play(0, 500, stage)  # the first hands build tables and encoders once: not counted
    played = [play(seed, steps, stage) for seed in range(1, games + 1)]
    print(json.dumps(sum(p[0] for p in played) * 1000 / max(1, sum(p[1] for p in played))))


def measure(tree: Path, games: int, steps: int, stage: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", stage,
                           str(games), str(steps)], cwd=tree, env=env, check=True,
                          capture_output=True, text=True)
    return float(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        stage, games, steps = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        sys.path.insert(0, os.getcwd())
        child(games, steps, stage)
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="REV", help="also measure git revision REV")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
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
                        measure(trees[name], args.games, args.steps, stage))
    print(f"room core, CPU ms per hand (median of {args.repeats}; {args.games} games of "
          f"{args.steps} steps; load {os.getloadavg()[0]:.1f} at the end)")
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
