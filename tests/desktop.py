"""Helpers for tests that run the real game on a virtual screen (Xvfb) and
drive it with xdotool."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def wait_for(predicate: Callable[[], object], seconds: float) -> bool:
    """Poll ``predicate`` every 0.1 s for at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


@contextmanager
def virtual_screen(number: int) -> Iterator[str]:
    """An Xvfb server on display ``:number`` (1280x800), stopped afterwards."""
    socket = Path(f"/tmp/.X11-unix/X{number}")
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        assert wait_for(socket.exists, 10), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def focus_window(pid: int, env: dict[str, str]) -> str:
    """Wait for the window of process ``pid`` and give it the keyboard."""
    found = subprocess.run(["xdotool", "search", "--sync", "--pid", str(pid)],
                           env=env, capture_output=True, text=True, timeout=20)
    window = found.stdout.split()[0]
    subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=10)
    return window


@contextmanager
def free_screen() -> Iterator[str]:
    """An Xvfb server (1280x800) on a display number it chooses itself
    (``-displayfd``: never one another test or helper may hold), stopped afterwards."""
    import os

    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()  # written once the server is ready
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)
