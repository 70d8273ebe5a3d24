"""Helpers for tests that run the real game on a virtual screen (Xvfb) and
drive it with xdotool."""

from __future__ import annotations

import os
import select
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


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
    that display (``":93"``), once it is ready to take clients."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                               "1280x800x24", "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    end = time.monotonic() + seconds
    try:
        while not number.endswith(b"\n") and time.monotonic() < end:
            ready, _, _ = select.select([read], [], [], max(0.0, end - time.monotonic()))
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                break  # the server ended (or said nothing in time)
            number += chunk
    finally:
        os.close(read)
    if not number.strip().isdigit():
        server.terminate()
        server.wait(timeout=10)
        raise RuntimeError("Xvfb did not start")
    return server, f":{int(number)}"


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
    """Wait for the window of process ``pid`` and give it the keyboard."""
    found = subprocess.run(["xdotool", "search", "--sync", "--pid", str(pid)],
                           env=env, capture_output=True, text=True, timeout=20)
    window = found.stdout.split()[0]
    subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=10)
    return window
