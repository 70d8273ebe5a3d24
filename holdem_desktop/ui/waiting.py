"""Sleeping until the next event, for real.

pygame-ce's ``pygame.event.wait(timeout)`` does not block: it pumps SDL's
events and sleeps a millisecond, in a loop, which costs about 2 % of a core
while the game only waits for the player (bench/ui.py measures it).  SDL's
own ``SDL_WaitEventTimeout`` does block on the display server's connection
(X11, Wayland, Windows, macOS), and wakes as soon as an event arrives or
another thread posts one.  :func:`wait` calls it, through ctypes, on the
very SDL library pygame loaded, without taking the event from the queue,
then lets pygame read it; where that library cannot be found it falls back
to pygame's own wait.
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import sys
from typing import Any

import pygame

__all__ = ["wait"]

log = logging.getLogger(__name__)

_sdl: Any = None
_looked = False


def _candidates() -> list[str]:
    """Where pygame-ce's wheels keep the SDL library they load."""
    base = os.path.dirname(pygame.__file__)
    if sys.platform.startswith("win"):
        patterns = [os.path.join(base, "SDL2.dll")]
    elif sys.platform == "darwin":
        patterns = [os.path.join(base, ".dylibs", "libSDL2*.dylib")]
    else:
        patterns = [os.path.join(base, os.pardir, "pygame_ce.libs", "libSDL2-2*.so*"),
                    os.path.join(base, ".libs", "libSDL2-2*.so*")]
    found = [path for pattern in patterns for path in sorted(glob.glob(pattern))]
    return found or ["libSDL2-2.0.so.0"]  # a pygame built against the system's SDL


def _library() -> Any:
    """SDL's ``SDL_WaitEventTimeout`` from the library pygame uses, or None."""
    global _sdl, _looked
    if _looked:
        return _sdl
    _looked = True
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
            fn = lib.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        fn.argtypes = [ctypes.c_void_p, ctypes.c_int]
        fn.restype = ctypes.c_int
        _sdl = fn
        return fn
    log.info("SDL_WaitEventTimeout not found; waiting with pygame's polling wait")
    return None


def wait(timeout_ms: int) -> pygame.event.Event:
    """The next event, or a NOEVENT after ``timeout_ms`` milliseconds with
    none; the thread sleeps meanwhile."""
    event = pygame.event.poll()
    if event.type != pygame.NOEVENT:
        return event
    fn = _library()
    if fn is None:
        return pygame.event.wait(timeout_ms)
    fn(None, timeout_ms)  # NULL: wait for an event, leave it in the queue
    return pygame.event.poll()
