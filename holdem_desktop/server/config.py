"""The server's configuration: defaults, then a TOML file, then flags.

Every setting has the same name in the file and on the command line
(``max_rooms`` in the file is ``--max-rooms``); docs/server.md lists them.
"""

from __future__ import annotations

import argparse
import dataclasses
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from holdem_desktop.i18n.translate import _
from holdem_desktop.net.public_table import SPEED_TIMES, Speed
from holdem_desktop.net.sit_out import SIT_OUT_AFTER, SIT_OUT_HANDS

from .lobby import IDLE_PUBLIC, IDLE_ROOM, MAX_PUBLIC, MAX_ROOMS, ROOM_CREATIONS
from .proxies import HEADERS, network
from .tournament_service import OfferError, load_offers

__all__ = ["BANS", "DEFAULT_PORT", "ConfigError", "ServerConfig", "clocks", "parse_config",
           "read_bans"]

DEFAULT_PORT = 7447
"""The port a server listens on unless told otherwise."""


class ConfigError(ValueError):
    """A configuration file or flag that cannot be used (the message says why)."""


@dataclass(frozen=True)
class ServerConfig:
    """What a server runs with (docs/server.md)."""

    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    cert: Path | None = None
    key: Path | None = None
    self_signed: bool = False
    insecure: bool = False
    data: Path = Path(platformdirs.user_data_dir("holdem-desktop", appauthor=False)) / "server"
    log: Path | None = None
    """The log folder (None: ``log`` in the data folder)."""
    max_rooms: int = MAX_ROOMS
    max_connections: int = 2000
    max_per_address: int = 16
    """Connections open at once from one address."""
    room_creations: int = ROOM_CREATIONS
    """Rooms one address may create an hour."""
    max_watchers: int = 10
    idle_room: float = IDLE_ROOM
    max_public: int = MAX_PUBLIC
    """Public tables (the lobby's) one process opens at most."""
    idle_public: float = IDLE_PUBLIC
    """Seconds a public table with nobody connected lives on."""
    idle: float = 90.0
    """Seconds a connection may say nothing (clients ping every 15)."""
    hello_deadline: float = 10.0
    rate: float = 40.0
    burst: float = 80.0
    redis: str | None = None
    """A Redis URL: several processes share one room directory there."""
    advertise: str | None = None
    """Where the other processes reach this one (``host:port``; default: the
    bound address and port, or this computer's name when bound to all)."""
    heartbeat: float = 5.0
    """Seconds between this process's signs of life in the directory."""
    origins: tuple[str, ...] = ()
    """Web pages (``https://example.org``) allowed to connect from a browser;
    a request with no Origin (the game) is always allowed."""
    trusted_proxies: tuple[str, ...] = ()
    """Reverse proxies (addresses or networks, ``127.0.0.1``, ``10.0.0.0/8``)
    whose ``proxy_header`` names the client; from anyone else it is ignored."""
    proxy_header: str = "x-forwarded-for"
    """The header the trusted proxies write: ``x-forwarded-for`` or ``forwarded``."""
    tournaments: Path | None = None
    """A TOML file of the tournaments this server offers (server/tournament_service.py)."""
    redis_timeout: float = 1.0
    """Seconds a Redis call may take before it counts as failed (the rooms
    of this process play on meanwhile)."""
    accounts: Path | None = None
    """The accounts' and ratings' SQLite file (None: ``accounts.sqlite`` in
    the data folder); the processes of one server on one machine share one."""
    banned_names: tuple[str, ...] = ()
    """Names nobody may sign in as or play under (nor any that looks like
    one); read again from the settings file when it changes."""
    banned_addresses: tuple[str, ...] = ()
    """Addresses or networks refused (HTTP 403; their connections closed);
    read again from the settings file when it changes."""
    clock_normal: tuple[float, ...] | None = None
    """A public table's clock at ``normal`` speed (file only): base seconds a
    decision, the time bank at a game's start, its refill a hand and its
    cap (None: the game's 30, 60, 5, 120)."""
    clock_relaxed: tuple[float, ...] | None = None
    """The same at ``relaxed`` speed (None: 60, 120, 10, 240)."""
    sit_out_after: int = SIT_OUT_AFTER
    """Timeouts in a row after which a person sits out at a public table
    (file only; 0: never; see net/sit_out.py)."""
    sit_out_hands: int = SIT_OUT_HANDS
    """Hands a person may sit out before their seat goes to a computer
    player (file only; 0: never)."""
    tournament_clock: int = 1
    """How many times as fast as the wall's clock the tournaments' clock runs
    (file only; 0 or 1: the wall's): their blind levels, a sit-and-go's
    wait for computers, a scheduled start.  For a bench or a test that
    plays a tournament to its end in minutes (bench/tournament_server.py),
    never for a server people play on."""
    tournament_pace: bool = True
    """Whether a person whose connection drops (or who has not come yet)
    keeps their tournament seat at a human pace (server/tournament_room.py;
    file only).  False: their seat checks or folds at once and their table
    plays on at the computers' speed -- for a test that plays such a
    tournament to its end in seconds, never for a server people play on."""
    uvloop: bool = True
    """Serve on uvloop's loop where it is installed (the ``server`` extra on
    Linux and macOS; server/fast_loop.py): with the connections on picows,
    about a twentieth less CPU a hand and no longer a latency tail at 450
    rooms (docs/performance.md, "uvloop the default"); false, and always on
    Windows (no uvloop there): the standard library's."""
    picows: bool = True
    """Serve the connections on picows where it is installed (the ``server``
    extra; server/fast_ws.py): the WebSocket frames and TLS in C, about a
    seventh less CPU a hand at 450 rooms (docs/performance.md, "The
    connections on picows"); false, or without it: ``websockets``, as the
    desktop's own client."""
    settings_file: Path | None = None
    """The settings file given with ``--config`` (its bans are read again
    when it changes), never a setting itself."""

    @property
    def log_folder(self) -> Path:
        return self.log if self.log is not None else self.data / "log"

    @property
    def accounts_file(self) -> Path:
        return self.accounts if self.accounts is not None else self.data / "accounts.sqlite"


_PATHS = {"cert", "key", "data", "log", "accounts", "tournaments"}
BANS = ("banned_names", "banned_addresses")
"""The settings read again from the settings file while the server runs."""


def _parser(prog: str = "holdem-server") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog,
                                description=_("Host Hold'em Desktop rooms for players anywhere."))
    p.add_argument("--config", type=Path, metavar=_("FILE"),
                   help=_("a TOML file of settings (flags win)"))
    p.add_argument("--bind", metavar=_("ADDRESS"),
                   help=_("the address to listen on (default: all)"))
    p.add_argument("--port", type=int, help=_(
        "the TCP port to listen on (default: {default})").format(default=DEFAULT_PORT))
    p.add_argument("--cert", type=Path, metavar=_("FILE"),
                   help=_("the certificate (PEM), for TLS"))
    p.add_argument("--key", type=Path, metavar=_("FILE"),
                   help=_("the certificate's private key (PEM)"))
    p.add_argument("--self-signed", action="store_true", default=None,
                   help=_("make (once) and use a self-signed certificate"))
    p.add_argument("--insecure", action="store_true", default=None,
                   help=_("no TLS: plain ws://, for tests on this computer only"))
    p.add_argument("--data", type=Path, metavar=_("FOLDER"),
                   help=_("the folder for saved rooms and the certificate"))
    p.add_argument("--log", type=Path, metavar=_("FOLDER"),
                   help=_("the folder for the server log (default: log in the data folder)"))
    defaults = {f.name: f.default for f in fields(ServerConfig)}
    limits = {
        "max_rooms": _("rooms held at once (default: {default})"),
        "max_connections": _("connections open at once (default: {default})"),
        "max_per_address": _("connections open at once from one address (default: {default})"),
        "room_creations": _("rooms one address may create in an hour (default: {default})"),
        "max_watchers": _("people watching a room without a seat (default: {default})"),
        "max_public": _("public tables held at once (default: {default})"),
    }
    for name, text in limits.items():
        p.add_argument("--" + name.replace("_", "-"), type=int, dest=name, metavar=_("COUNT"),
                       help=text.format(default=f"{defaults[name]:g}"))
    times = {
        "idle_room": _("seconds a room with nobody connected lives on (default: {default})"),
        "idle_public": _("seconds a public table with nobody seated lives on "
                         "(default: {default})"),
        "idle": _("seconds a connection may say nothing (default: {default})"),
        "hello_deadline": _("seconds a new connection has to join or create a room "
                            "(default: {default})"),
        "rate": _("messages a second one connection may send (default: {default})"),
        "burst": _("messages one connection may send at once, above the rate (default: {default})"),
    }
    for name, text in times.items():
        p.add_argument("--" + name.replace("_", "-"), type=float, dest=name,
                       metavar=_("COUNT") if name in ("rate", "burst") else _("SECONDS"),
                       help=text.format(default=f"{defaults[name]:g}"))
    p.add_argument("--redis", metavar=_("URL"),
                   help=_("a Redis URL: processes share their rooms' directory "
                          "there (redis://host:6379/0)"))
    p.add_argument("--advertise", metavar=_("HOST:PORT"),
                   help=_("host:port where the other processes reach this one"))
    p.add_argument("--heartbeat", type=float, dest="heartbeat", metavar=_("SECONDS"),
                   help=_("seconds between this process's signs of life in Redis "
                          "(default: {default})").format(default=f"{ServerConfig.heartbeat:g}"))
    p.add_argument("--origin", action="append", dest="origins", metavar=_("URL"),
                   help=_("a web page allowed to connect (may be repeated)"))
    p.add_argument("--trusted-proxy", action="append", dest="trusted_proxies",
                   metavar=_("ADDRESS"),
                   help=_("a reverse proxy (address or network) whose X-Forwarded-For "
                          "is believed (may be repeated)"))
    p.add_argument("--proxy-header", dest="proxy_header", metavar=_("HEADER"),
                   help=_("the header the proxies write: x-forwarded-for or forwarded"))
    p.add_argument("--accounts", type=Path, metavar=_("FILE"),
                   help=_("the accounts' SQLite file (default: accounts.sqlite in the data "
                          "folder)"))
    p.add_argument("--redis-timeout", type=float, dest="redis_timeout", metavar=_("SECONDS"),
                   help=_("seconds a Redis call may take before it counts as failed "
                          "(default: {default})").format(
                       default=f"{ServerConfig.redis_timeout:g}"))
    p.add_argument("--tournaments", type=Path, metavar=_("FILE"),
                   help=_("a TOML file of the tournaments this server offers (each table "
                          "a room where people play and others watch)"))
    p.add_argument("--uvloop", action=argparse.BooleanOptionalAction, default=None,
                   help=_("serve on uvloop's event loop where it is installed (the default: "
                          "less CPU a hand); --no-uvloop: on Python's own loop"))
    p.add_argument("--picows", action=argparse.BooleanOptionalAction, default=None,
                   help=_("serve the connections on picows where it is installed (the "
                          "default: less CPU a hand); --no-picows: on websockets"))
    return p


def _coerce(name: str, value: Any, kind: Any) -> Any:
    if name in _PATHS:
        if not isinstance(value, str | Path):
            raise ConfigError(_("{name}: not a path").format(name=name))
        return Path(value).expanduser()
    if name in ("trusted_proxies", "banned_addresses"):
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ConfigError(_("{name}: not a list of addresses").format(name=name))
        for v in value:
            try:
                network(v)
            except ValueError:
                raise ConfigError(_("{name}: {value} is not an address or a network").format(
                    name=name, value=v)) from None
        return tuple(value)
    if name == "proxy_header":
        if not isinstance(value, str) or value.lower() not in HEADERS:
            raise ConfigError(_("{name}: not one of {choices}").format(
                name=name, choices=", ".join(HEADERS)))
        return value.lower()
    if name == "banned_names":
        if not isinstance(value, list | tuple) or not all(
                isinstance(v, str) and v.strip() for v in value):
            raise ConfigError(_("{name}: not a list of names").format(name=name))
        return tuple(value)
    if name in ("clock_normal", "clock_relaxed"):
        if (not isinstance(value, list | tuple) or len(value) != 4
                or not all(type(v) in (int, float) and 0 <= v <= 86400 for v in value)
                or value[0] < 1):
            raise ConfigError(_("{name}: not four numbers of seconds (base, bank, refill, "
                                "cap)").format(name=name))
        return tuple(float(v) for v in value)
    if name == "origins":
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ConfigError(_("{name}: not a list of web addresses").format(name=name))
        return tuple(value)
    if kind in ("bool", bool):
        if not isinstance(value, bool):
            raise ConfigError(_("{name}: not true or false").format(name=name))
        return value
    if kind in ("int", int):
        if type(value) is not int or value < 0:
            raise ConfigError(_("{name}: not a whole number").format(name=name))
        return value
    if kind in ("float", float):
        if type(value) not in (int, float) or value < 0:
            raise ConfigError(_("{name}: not a number").format(name=name))
        return float(value)
    if not isinstance(value, str):
        raise ConfigError(_("{name}: not text").format(name=name))
    return value


def parse_config(argv: Sequence[str] | None = None, prog: str = "holdem-server"
                 ) -> ServerConfig:
    """The configuration from the command line (and the file it names);
    raises :class:`ConfigError` for a setting that cannot be used
    (``--help`` exits, as argparse does); ``prog``: the command's name, as
    the player typed it (``holdem-desktop serve`` or ``holdem-server``)."""
    args = _parser(prog).parse_args(argv)
    values: dict[str, Any] = {}
    kinds = {f.name: f.type for f in fields(ServerConfig)}
    if args.config is not None:
        try:
            data = tomllib.loads(args.config.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(_("The settings file {path} cannot be read: {problem}").format(
                path=args.config, problem=exc)) from None
        for name, value in data.items():
            if name not in kinds or name == "settings_file":
                raise ConfigError(_("{name}: no such setting").format(name=name))
            values[name] = value
    for name in kinds:
        flag = getattr(args, name, None)
        if flag is not None:
            values[name] = flag
    config = ServerConfig(**{name: _coerce(name, value, _kind(kinds[name]))
                             for name, value in values.items()} | {"settings_file": args.config})
    if not 0 <= config.port <= 65535:
        raise ConfigError(_("port: not between 0 and 65535"))
    if config.insecure and (config.self_signed or config.cert):
        raise ConfigError(_("--insecure turns TLS off: leave out the certificate"))
    if not config.insecure and not config.self_signed and (config.cert is None
                                                           or config.key is None):
        raise ConfigError(_("TLS needs a certificate: give --cert and --key, or "
                            "--self-signed (or --insecure for a test on this computer)"))
    if config.tournaments is not None:
        try:
            load_offers(config.tournaments)
        except OfferError as exc:
            raise ConfigError(str(exc)) from None
    return config


def read_bans(path: Path) -> dict[str, tuple[str, ...]]:
    """The bans of the settings file ``path`` (read again while the server
    runs); raises :class:`ConfigError` when it cannot be read or used."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(_("The settings file {path} cannot be read: {problem}").format(
            path=path, problem=exc)) from None
    return {name: _coerce(name, data.get(name, []), "other") for name in BANS}


def _kind(hint: Any) -> str:
    """The plain kind of a field's type hint (the hints are strings here)."""
    text = str(hint)
    for kind in ("bool", "int", "float"):
        if text == kind:
            return kind
    return "other"


def replace(config: ServerConfig, **changes: Any) -> ServerConfig:
    """``config`` with some settings changed (tests)."""
    return dataclasses.replace(config, **changes)


def clocks(config: ServerConfig) -> dict[str, Speed] | None:
    """The public tables' clocks the settings give (None: the game's own)."""
    if config.clock_normal is None and config.clock_relaxed is None:
        return None
    found = dict(SPEED_TIMES)
    for speed, times in (("normal", config.clock_normal), ("relaxed", config.clock_relaxed)):
        if times is not None:
            found[speed] = Speed(*times)
    return found
