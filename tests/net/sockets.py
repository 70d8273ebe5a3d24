"""Plain sockets an attacker opens and never speaks on, from several
loopback addresses (127.0.0.N): the flood the room tests hold against a
host."""

from __future__ import annotations

import socket


def silent_sockets(port: int, count: int, first: int, addresses: int) -> list[socket.socket]:
    """``count`` connections to 127.0.0.1:``port``, each from one of
    ``addresses`` addresses 127.0.0.``first`` onwards in turn; those the
    host refused at once are left out."""
    held = []
    for k in range(count):
        s = socket.socket()
        s.bind((f"127.0.0.{first + k % addresses}", 0))
        s.settimeout(5)
        try:
            s.connect(("127.0.0.1", port))
        except OSError:
            s.close()
            continue
        held.append(s)
    return held
