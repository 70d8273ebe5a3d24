"""A TCP proxy on loopback that a test controls: it forwards to a port,
and :meth:`Proxy.cut` drops every connection through it (and refuses new
ones) until :meth:`Proxy.restore`: a Wi-Fi link falling and coming back.
With ``record`` it keeps every byte it forwards in :attr:`Proxy.streams`
(one stream for each direction of each connection): what a stranger on the
same Wi-Fi could read."""

from __future__ import annotations

import contextlib
import socket
import threading


class Proxy:
    def __init__(self, target_port: int, *, record: bool = False) -> None:
        self.target = ("127.0.0.1", target_port)
        self.record = record
        self.streams: list[bytearray] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                inside, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                inside.close()  # the link is down: nothing gets through
                continue
            try:
                outside = socket.create_connection(self.target, timeout=5)
            except OSError:
                inside.close()
                continue
            # the timeout was for connecting only: a quiet link (no message for
            # 5 s between hands) must not fall by itself (a recv that timed out
            # ended the pumps and cut the link every 5 s)
            outside.settimeout(None)
            with self.lock:
                self.pairs.append((inside, outside))
            for a, b in ((inside, outside), (outside, inside)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        seen = bytearray()
        if self.record:
            with self.lock:
                self.streams.append(seen)
        try:
            while True:
                data = a.recv(65536)
                if not data:
                    break
                if self.record:
                    seen += data
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Drop every connection; refuse new ones."""
        self.up = False
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for s in pair:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()

    def restore(self) -> None:
        self.up = True

    def close(self) -> None:
        self.closed = True
        self.cut()
        self.listener.close()
