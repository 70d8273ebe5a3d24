"""``holdem-server`` and ``holdem-desktop serve``: read the configuration,
make or load the certificate, say where the server listens (and the
certificate's fingerprint), and serve until stopped."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable, Sequence

from holdem_desktop import __version__
from holdem_desktop.i18n.translate import _

from .certs import fingerprint_of_file, self_signed, server_context
from .cluster import Directory, DirectoryError, leaf_pem, process_id
from .collector import Collector
from .config import ConfigError, ServerConfig, parse_config
from .descriptors import fit_connections
from .service import GameServer, run_server
from .store import RoomStore
from .tournament_room import TournamentRoom

__all__ = ["main"]


def main(argv: Sequence[str] | None = None, prog: str = "holdem-server") -> int:
    """Run the server (the exit status: 0 when stopped, 2 for a bad setting);
    ``prog``: the command's name in its help and its messages."""
    try:
        config = parse_config(argv, prog)
    except ConfigError as exc:
        print(_("{command}: {problem}").format(command=prog, problem=exc), file=sys.stderr)
        return 2
    config, notice = fit_connections(config)
    if notice is not None:
        print(_("{command}: {problem}").format(command=prog, problem=notice), file=sys.stderr,
              flush=True)
    try:
        server = _prepare(config)
    except (OSError, ValueError) as exc:
        print(_("{command}: {problem}").format(command=prog, problem=exc), file=sys.stderr)
        return 1
    scheme = "ws" if config.insecure else "wss"
    if config.redis:
        try:
            server.directory = Directory(config.redis, process_id(config.data),
                                         heartbeat=config.heartbeat,
                                         timeout=config.redis_timeout)
        except Exception as exc:  # redis' own errors (a URL it cannot use): say which
            print(_("{command}: {problem}").format(
                command=prog, problem=f"Redis at {config.redis}: {exc}"), file=sys.stderr)
            return 1

    def ready(port: int) -> None:
        print(_("Hold'em Desktop server listening on {url}").format(
            url=f"{scheme}://{config.bind}:{port}/"), flush=True)
        print(_("Rooms: {rooms}; log: {log}").format(
            rooms=len(server.lobby.rooms), log=config.log_folder / "server.log"), flush=True)

    server.collector = Collector()  # (a process of its own: its collector is the server's)

    async def run() -> None:
        _stop_on_signals(asyncio.get_running_loop(), server.stop_soon)
        await server.run(ready)

    try:
        run_server(run(), config.uvloop)
    except (OSError, DirectoryError) as exc:
        print(_("{command}: {problem}").format(command=prog, problem=exc), file=sys.stderr)
        return 1
    return 0


def _stop_on_signals(loop: asyncio.AbstractEventLoop, stop: Callable[[], None]) -> None:
    """Stop serving on Ctrl+C and SIGTERM; on Windows, whose loops have no
    signal handlers (``add_signal_handler`` raised: ``serve`` crashed as it
    started), on Ctrl+C and Ctrl+Break, the console's way to ask a program
    to stop."""
    if sys.platform == "win32":
        for number in (signal.SIGINT, signal.SIGBREAK):
            signal.signal(number, lambda *_: loop.call_soon_threadsafe(stop))
        return
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop)


def _prepare(config: ServerConfig) -> GameServer:
    """The server, its certificate loaded (or made) and its rooms restored."""
    config.data.mkdir(parents=True, exist_ok=True)
    store = RoomStore(config.data / "rooms")
    server = GameServer(config, store=store)
    if config.insecure:
        print(_("Warning: --insecure: no TLS. Everything, hole cards included, travels "
                "readable by anyone on the way. Use it only for tests on this computer."),
              file=sys.stderr, flush=True)
    else:
        if config.self_signed:
            cert, key = self_signed(config.data / "tls", (config.bind,))
        else:
            assert config.cert is not None and config.key is not None
            cert, key = config.cert, config.key
        server.ssl = server_context(cert, key)
        server.cert_pem = leaf_pem(cert)
        print(_("Certificate SHA-256 fingerprint: {fingerprint}").format(
            fingerprint=fingerprint_of_file(cert)), flush=True)
    for room, problem in store.load_all(server.lobby.clock, __version__):
        if isinstance(room, TournamentRoom):  # a tournament's table: its play takes it
            if server.tournaments is None or not server.tournaments.adopt(room):
                server.lobby.closed.add(room.code)  # (no such table plays now: its save goes)
                server.log.write("", f"-  restore_note {room.code}: a tournament's table "
                                 "no longer played")
                continue
            if problem:
                server.log.write("", f"-  restore_note {problem}")
        elif room is not None:
            server.lobby.add(room)
            if problem:  # restored as it was before a line the store refused
                server.log.write("", f"-  restore_note {problem}")
        elif problem:
            server.log.write("", f"-  restore_failed {problem}")
    if server.tournaments is not None:
        server.tournaments.open_tables()  # (their saves, or their hands dealt again, at once)
    return server
