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
