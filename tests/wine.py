"""Wine 8.0's gaps, as tests meet them under ``.ci/windows`` (which sets
``HOLDEM_UNDER_WINE=1``): each test that one of them stops is skipped there,
saying which, and still runs on a real Windows and everywhere else.  A gap
is named here only once seen under Wine and checked to be Wine's (a small
program doing the same on Linux, or the Windows documentation, behaves)."""

from __future__ import annotations

import os

import pytest

UNDER_WINE = os.environ.get("HOLDEM_UNDER_WINE") == "1"

UDP_SOURCE = ("a datagram sent from a socket bound to 127.0.1.10 arrives from 127.0.0.1, so "
              "no other loopback address can be told apart")
NO_CONSOLE = ("python.exe under Wine with piped streams has no console (AllocConsole is "
              "refused), so Ctrl+Break cannot be sent to stop a server")


def wine_gap(what: str) -> pytest.MarkDecorator:
    """Skip under Wine, naming the gap ``what``."""
    return pytest.mark.skipif(UNDER_WINE, reason=f"Wine 8.0 gap: {what}")


WINE_DID_NOT_START = 1359
"""CreateProcess's ERROR_INTERNAL_ERROR under Wine: Wine's new process died
before it told the parent it had started (ntdll's NtCreateUserProcess turns
that into STATUS_INTERNAL_ERROR).  Seen once in CI, 2026-12-06, on a test's
own helper process; the same commit started it in every other run."""


def start_processes_once_more(popen: type | None = None) -> None:
    """Under Wine, a process that Wine failed to start is started once more,
    said on stderr, so a test meets its subject and not Wine's start-up.  The
    whole ``Popen.__init__`` runs again: CPython closes the first attempt's
    pipe ends when CreateProcess fails, so they cannot be reused."""
    import subprocess
    import sys

    popen = popen or subprocess.Popen
    first = popen.__init__
    if getattr(first, "once_more", False):
        return

    def init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            first(self, *args, **kwargs)
        except OSError as error:
            if getattr(error, "winerror", None) != WINE_DID_NOT_START:
                raise
            print(f"Wine did not start {args[0] if args else kwargs.get('args')!r} "
                  f"(WinError {WINE_DID_NOT_START}); once more", file=sys.stderr)
            first(self, *args, **kwargs)

    init.once_more = True  # type: ignore[attr-defined]
    popen.__init__ = init  # type: ignore[misc]
