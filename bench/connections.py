"""What the server's connection layer costs a message, and what a layer of
our own on ``websockets``' Sans-I/O protocol would (issue 38).

    python bench/connections.py [--connections 300] [--rate 3] [--seconds 12]
                                [--warm-up 3] [--repeats 3] [--loop asyncio[,uvloop]]

Issue 38 asks for a third of the yardstick's CPU a hand.  At 450 rooms the
rooms' own work is about a third of the server's CPU, and the connections
most of the rest: reading (TLS, WebSocket frames) 11 %, each connection's
task between messages 5.5 %, framing and TLS for writing 11 %, the loop
around them about 10 % (docs/performance.md, "Where a hand's CPU goes, by
path").  Two ways to cut that were weighed: picows (frames and the loop's
callbacks in Cython; four new dependencies) or a layer of our own on
``websockets``' Sans-I/O ``ServerProtocol``, driven from an
``asyncio.Protocol``: no task, no future, no queue per message, the frames
parsed and written by the same library as today.  This measures the
second against today's, with no room behind either, so that only the
connection layer differs.

Two servers, each in a process of its own, TLS on loopback (a certificate
made for the run), one after the other in every repeat (interleaved, each
first as often):

- ``library``: today's layer, as :mod:`holdem_desktop.server.service` uses
  it: ``websockets.asyncio.server.serve`` with the server's
  :class:`~holdem_desktop.server.sending.Connection`, a task per connection
  awaiting ``recv()``, the answers written at once when the connection
  takes them (:func:`~holdem_desktop.server.sending.write_now`), else by
  ``send_texts``;
- ``sans-io``: an ``asyncio.Protocol`` per connection feeding
  ``ServerProtocol.receive_data`` and answering each text frame in
  ``data_received`` itself, both answers in one ``transport.write``.

Each server answers every message with two, of the sizes a member gets
after an action (events, about 300 bytes; the table, about 1,500): the
texts are made once, so encoding is not measured (it is the same in
both).  A client process opens ``--connections`` TLS WebSocket connections
(``websockets``' asyncio client) and from each sends ``--rate`` messages a
second on average (random gaps), each after the two answers to the last.
After ``--warm-up`` seconds (3: the handshakes), over ``--seconds``: the server's CPU (user +
system, ``/proc``) per message answered, in microseconds, and the round
trip's median and p99 as the client saw it.  Medians of the repeats, and
each layer's CPU per message over the library's (same loop).

Linux only (``/proc``); the clients share the machine with the servers, as
in ``bench/server.py``: read the load beside the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("library", "sans-io")
ANSWER_WAIT = 10.0
"""Seconds a client waits for the two answers to a message before its connection fails."""
EVENTS = json.dumps({"type": "events", "events": [{"k": "act", "seat": 3, "a": "call",
                                                    "n": 120, "pad": "x" * 200}]})
TABLE = json.dumps({"type": "table", "view": {"pad": "y" * 1400}, "seat": 1})


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ----------------------------------------------------------------------
# The servers (each in a child process: ``--serve LAYER LOOP CERT KEY``)


async def serve_library(context: ssl.SSLContext) -> int:
    from websockets.asyncio.server import serve

    from holdem_desktop.server.fast_loop import small_tls_reads
    from holdem_desktop.server.sending import Connection, send_texts, takes_now, write_now

    small_tls_reads()

    async def handler(ws: Any) -> None:
        try:
            while True:
                await ws.recv()
                if takes_now(ws):
                    write_now(ws, [EVENTS, TABLE])
                else:
                    await send_texts(ws, [EVENTS, TABLE])
        except Exception:  # the client went: its connection ends
            return

    server = await serve(handler, "127.0.0.1", 0, ssl=context, max_size=1 << 16, max_queue=16,
                         write_limit=1 << 16, ping_interval=20, ping_timeout=20,
                         compression=None, server_header=None, create_connection=Connection)
    return int(server.sockets[0].getsockname()[1])


class SansIO(asyncio.Protocol):
    """One connection: ``websockets``' protocol object fed from here."""

    def __init__(self) -> None:
        from websockets.server import ServerProtocol

        self.ws = ServerProtocol(max_size=1 << 16)
        self.transport: Any = None  # (uvloop's is not an asyncio.Transport)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        from websockets.frames import Frame, Opcode
        from websockets.http11 import Request

        ws = self.ws
        ws.receive_data(data)
        for event in ws.events_received():
            if isinstance(event, Request):
                ws.send_response(ws.accept(event))
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                ws.send_text(EVENTS.encode())
                ws.send_text(TABLE.encode())
        self._flush()

    def eof_received(self) -> bool | None:
        self.ws.receive_eof()
        self._flush()
        return None

    def _flush(self) -> None:
        writes = self.ws.data_to_send()
        data = b"".join(writes)
        if data:
            self.transport.write(data)
        if writes and not writes[-1]:  # the protocol ends the stream
            self.transport.close()


async def serve_sans_io(context: ssl.SSLContext) -> int:
    from holdem_desktop.server.fast_loop import small_tls_reads

    small_tls_reads()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(SansIO, "127.0.0.1", 0, ssl=context)
    return int(server.sockets[0].getsockname()[1])


def serve(layer: str, loop_name: str, cert: str, key: str) -> None:
    from holdem_desktop.net.tls import server_context

    context = server_context(Path(cert), Path(key))

    async def main() -> None:
        port = await (serve_library if layer == "library" else serve_sans_io)(context)
        print(port, flush=True)
        await asyncio.Event().wait()  # until the bench ends the process

    if loop_name == "uvloop":
        import uvloop
        uvloop.run(main())
    else:
        asyncio.run(main())


# ----------------------------------------------------------------------
# The clients (a child process: ``--clients PORT CONNECTIONS RATE SECONDS WARM_UP``)


def clients(port: int, connections: int, rate: float, seconds: float, warm_up: float) -> None:
    from websockets.asyncio.client import connect

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    trips: list[float] = []
    counted = [0]

    async def one(k: int, start: float, end: float) -> None:
        rng = random.Random(k)
        async with connect(f"wss://127.0.0.1:{port}/", ssl=context, compression=None,
                           max_size=1 << 16, open_timeout=60) as ws:
            await asyncio.sleep(rng.uniform(0, 1 / rate))
            while (now := time.perf_counter()) < end:
                sent = now
                await ws.send('{"type":"act","kind":"call","amount":0}')
                async with asyncio.timeout(ANSWER_WAIT):  # (a layer that does not answer fails)
                    await ws.recv()
                    await ws.recv()
                done = time.perf_counter()
                if sent >= start:
                    trips.append(done - sent)
                    counted[0] += 1
                await asyncio.sleep(rng.expovariate(rate))

    async def main() -> None:
        begin = time.perf_counter()
        start, end = begin + warm_up, begin + warm_up + seconds
        tasks = [asyncio.create_task(one(k, start, end)) for k in range(connections)]
        await asyncio.sleep(max(0.0, start - time.perf_counter()))
        print(json.dumps({"mark": "start"}), flush=True)
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        print(json.dumps({"mark": "end"}), flush=True)
        failed = sum(1 for r in await asyncio.gather(*tasks, return_exceptions=True)
                     if isinstance(r, BaseException))
        trips.sort()
        print(json.dumps({"messages": counted[0], "failed": failed,
                          "median_ms": 1000 * trips[len(trips) // 2] if trips else None,
                          "p99_ms": 1000 * trips[int(len(trips) * 0.99)] if trips else None}),
              flush=True)

    asyncio.run(main())


# ----------------------------------------------------------------------
# The parent


def run_one(layer: str, loop_name: str, cert: Path, key: Path,
            args: argparse.Namespace) -> dict[str, float]:
    me = str(Path(__file__).resolve())
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, me, "--serve", layer, loop_name, str(cert),
                               str(key)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        client = subprocess.Popen([sys.executable, me, "--clients", str(port),
                                   str(args.connections), str(args.rate), str(args.seconds),
                                   str(args.warm_up)],
                                  stdout=subprocess.PIPE, text=True, env=env)
        assert client.stdout is not None
        cpu: dict[str, float] = {}
        result: dict[str, Any] = {}
        for line in client.stdout:
            said = json.loads(line)
            if "mark" in said:
                cpu[said["mark"]] = cpu_seconds(server.pid)
            else:
                result = said
        client.wait(timeout=120)
        if client.returncode or not result.get("messages") or result.get("failed"):
            raise SystemExit(f"{layer} on {loop_name}: the clients failed ({result})")
        result["cpu_us"] = 1e6 * (cpu["end"] - cpu["start"]) / result["messages"]
        return result
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        serve(*sys.argv[2:6])
        return
    if sys.argv[1:2] == ["--clients"]:
        clients(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]),
                float(sys.argv[6]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=300)
    parser.add_argument("--rate", type=float, default=3.0,
                        help="messages a second from each connection, on average")
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--warm-up", type=float, default=3.0,
                        help="seconds before the measured ones (the handshakes)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--loop", default="asyncio",
                        help="asyncio, uvloop or both, comma-separated")
    args = parser.parse_args()
    loops = args.loop.split(",")
    sys.path.insert(0, str(ROOT))
    from holdem_desktop.net.tls import self_signed

    figures: dict[tuple[str, str], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        cert, key = self_signed(Path(folder))
        for repeat in range(args.repeats):
            order = [(layer, lp) for lp in loops for layer in LAYERS]
            if repeat % 2:
                order.reverse()  # each goes first as often
            for layer, lp in order:
                figures.setdefault((layer, lp), []).append(run_one(layer, lp, cert, key, args))
    print(f"connection layer: {args.connections} TLS connections, {args.rate:g} messages a "
          f"second each, two answers a message; medians of {args.repeats} runs of "
          f"{args.seconds:g} s; load {os.getloadavg()[0]:.1f} at the end")
    print(f"{'layer':10} {'loop':8} {'CPU us/msg':>11} {'ratio':>6} {'messages':>9} "
          f"{'median ms':>10} {'p99 ms':>7}")
    for lp in loops:
        base = statistics.median(r["cpu_us"] for r in figures[("library", lp)])
        for layer in LAYERS:
            rows = figures[(layer, lp)]
            cpu = statistics.median(r["cpu_us"] for r in rows)
            print(f"{layer:10} {lp:8} {cpu:>11.1f} {cpu / base:>6.2f} "
                  f"{statistics.median(r['messages'] for r in rows):>9.0f} "
                  f"{statistics.median(r['median_ms'] for r in rows):>10.2f} "
                  f"{statistics.median(r['p99_ms'] for r in rows):>7.2f}")


if __name__ == "__main__":
    main()
