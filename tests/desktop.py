"""Helpers for tests that run the real game on a virtual screen (Xvfb) and
drive it with xdotool."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tools import smoke_bundle


def wait_for(predicate: Callable[[], object], seconds: float) -> bool:
    """Poll ``predicate`` every 0.1 s for at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def start_xvfb(seconds: float = 20.0) -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb server (1280x800) on a display number it chooses itself
    (``-displayfd``: never one another program on the machine uses), and
    that display (``":93"``), once it is ready to take clients: the smoke
    test's own starter (tools/smoke_bundle.py), which fails here loudly."""
    server, number = smoke_bundle.start_xvfb(seconds)
    if number is None:
        server.terminate()
        server.wait(timeout=10)
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


@contextmanager
def virtual_screen() -> Iterator[str]:
    """A virtual screen of its own (see :func:`start_xvfb`), stopped afterwards."""
    server, display = start_xvfb()
    try:
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def focus_window(pid: int, env: dict[str, str]) -> str:
    """Wait for the window of process ``pid`` and give it the keyboard.

    Only a mapped window is taken, and the focus is asked again of the
    window found anew when X refuses it: on a busy machine SDL's first
    window (or a helper window of its own) can be gone between the search
    and the focus, and keys then went nowhere."""
    window = ""
    for _ in range(5):
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                str(pid)], env=env, capture_output=True, text=True, timeout=20)
        if not found.stdout.split():
            continue
        window = found.stdout.split()[-1]
        focused = subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env,
                                 capture_output=True, timeout=10)
        if focused.returncode == 0:
            return window
    raise AssertionError(f"the window of process {pid} could not be given the keyboard")
