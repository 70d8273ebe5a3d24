"""``holdem-desktop serve`` as a real process, for the tests of the
command line and of a restart after SIGKILL.  The process runs with pygame
and the speech library made unimportable, so it fails if anything it loads
reaches for a window or a voice."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from tests.wine import UNDER_WINE

ROOT = Path(__file__).resolve().parents[2]
STOP = getattr(signal, "CTRL_BREAK_EVENT", signal.SIGTERM)
"""How a test asks the server to stop: SIGTERM; on Windows Ctrl+Break, sent
to the server's own process group (its console's way to stop a program)."""
NO_WINDOW = ("import sys; sys.modules['pygame'] = None; "
             "sys.modules['accessible_output2'] = None; "
             "from holdem_desktop.__main__ import main; sys.exit(main(sys.argv[1:]))")


class ServeProcess:
    """``holdem-desktop serve ARGS`` started in the background; :meth:`wait_ready`
    reads its fingerprint and port."""

    def __init__(self, *args: str, files: int | None = None) -> None:
        """``files``: the process's limit of open files, soft and hard (POSIX only)."""
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        limit = None
        if files is not None:
            import resource

            def limit() -> None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
        self.process = subprocess.Popen([sys.executable, "-c", NO_WINDOW, "serve", *args],
                                        cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, creationflags=getattr(
                                            subprocess, "CREATE_NEW_PROCESS_GROUP", 0),
                                        preexec_fn=limit)
        self.lines: list[str] = []
        self.errors: list[str] = []
        self._ready = threading.Event()
        self.port = 0
        self.fingerprint = ""
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            found = re.search(r"([0-9A-F]{2}(?::[0-9A-F]{2}){31})", line)
            if found:
                self.fingerprint = found.group(1)
            found = re.search(r"wss?://[^ ]+:(\d+)/", line)
            if found:
                self.port = int(found.group(1))
                self._ready.set()
        self._ready.set()

    def _read_errors(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.append(line.rstrip("\n"))

    def wait_ready(self, seconds: float = 60.0) -> int:
        """The port, once the server says it listens."""
        if not self._ready.wait(seconds) or not self.port:
            self.stop()
            raise AssertionError(f"serve did not start: {self.lines} {self.errors}")
        return self.port

    def kill(self) -> None:
        """SIGKILL (TerminateProcess on Windows): no chance to save or close anything."""
        self.process.kill()
        self.process.wait(30)

    def stop(self) -> int:
        """SIGTERM (Ctrl+Break on Windows), and its exit status; under Wine,
        which cannot send Ctrl+Break (tests/wine.py), killed."""
        if self.process.poll() is None:
            if UNDER_WINE:
                self.process.kill()
            else:
                self.process.send_signal(STOP)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
        with contextlib.suppress(Exception):
            assert self.process.stdout is not None and self.process.stderr is not None
            self.process.stdout.close()
            self.process.stderr.close()
        return self.process.returncode


def sharing_redis(tmp_path: Path, redis_url: str, *extra_a: str,
                  extra_b: tuple[str, ...] = ()) -> Iterator[list[ServeProcess]]:
    """Two ``serve`` processes, ``a`` (with ``extra_a``) and ``b`` (with
    ``extra_b``), on loopback without TLS, sharing the Redis at
    ``redis_url`` (a heartbeat of 0.3 s, the rate limits out of the way);
    stopped after (a fixture's body)."""
    started = []
    for name, extra in (("a", extra_a), ("b", extra_b)):
        p = ServeProcess("--bind", "127.0.0.1", "--port", "0", "--insecure", "--data",
                         str(tmp_path / name), "--redis", redis_url, "--heartbeat", "0.3",
                         "--rate", "1000", "--burst", "1000", *extra)
        started.append(p)
    try:
        for p in started:
            p.wait_ready()
        yield started
    finally:
        for p in started:
            p.stop()
