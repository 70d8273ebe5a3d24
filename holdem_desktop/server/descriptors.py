"""How many connections the system lets one server process hold.

Each connection is a socket, and each socket one of the process's file
descriptors.  A process starts with the soft limit of its parent: 1,024 on
Linux (from a shell, and for a systemd service unless its unit says
``LimitNOFILE=``), 256 on macOS from a terminal; ``max_connections`` is
2,000 by default.  Past the limit ``accept()`` fails (``EMFILE``): the
server tries again once a second (docs/server.md), and every player past
the limit waits at a socket that never answers, instead of being told
"Server full".

So as it starts the server raises its own soft limit as far as the hard
limit lets it (any process may), and what it still cannot have it takes
off ``max_connections``, and says so with the way to raise the limit.  On
Windows the loop's ``select()`` takes 512 sockets
(:data:`.service.WINDOWS_CONNECTIONS`); that is said too.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from typing import Any

from holdem_desktop.i18n.translate import _

from .config import ServerConfig
from .service import HANDSHAKE_ROOM, WINDOWS_CONNECTIONS

__all__ = ["FEWEST", "SPARE", "fit_connections", "needed"]

SPARE = 64
"""Descriptors for what is not a player's socket: the listening sockets, the
loop's own, the log, the accounts' database, a room's file being saved,
Redis and the other processes' links."""
FEWEST = 16
"""Connections the server takes at the least, whatever the limit says."""


def needed(connections: int) -> int:
    """The descriptors ``connections`` players' sockets need, with the
    handshakes let in past them (to be told "Server full") and :data:`SPARE`."""
    return connections + HANDSHAKE_ROOM + SPARE


def fit_connections(config: ServerConfig, resource: Any = None,
                    platform: str = sys.platform) -> tuple[ServerConfig, str | None]:
    """``config`` with ``max_connections`` as many as this process can hold,
    having raised its soft limit of open files where it may; and what to tell
    the person who started it (None: nothing was taken off).

    ``resource``: the standard library's module of that name (given by tests;
    None: imported, where the system has it)."""
    wanted = config.max_connections
    if platform == "win32":
        if wanted <= WINDOWS_CONNECTIONS:
            return config, None
        return (dataclasses.replace(config, max_connections=WINDOWS_CONNECTIONS),
                _("max_connections is {wanted}, but on Windows the server holds at most "
                  "{allowed} connections (its event loop watches 512 sockets at most).").format(
                      wanted=wanted, allowed=WINDOWS_CONNECTIONS))
    if resource is None:
        try:
            import resource
        except ImportError:  # (no such module: nothing known to fit)
            return config, None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = needed(wanted)
    if soft != resource.RLIM_INFINITY and soft < need:
        raised = need if hard == resource.RLIM_INFINITY else min(need, hard)
        with contextlib.suppress(ValueError, OSError):  # (macOS: past kern.maxfilesperproc)
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY or soft >= need:
        return config, None
    allowed = max(FEWEST, soft - HANDSHAKE_ROOM - SPARE)
    return (dataclasses.replace(config, max_connections=allowed),
            _("max_connections is {wanted}, but this system lets the server open {limit} "
              "files at once: it holds at most {allowed} connections. To allow more, raise "
              "the limit of open files to {needed} (LimitNOFILE= in a systemd unit, or "
              "ulimit -n before starting it).").format(
                  wanted=wanted, limit=soft, allowed=allowed, needed=need))
