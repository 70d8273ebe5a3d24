"""Where the window opens and how large: inside the screen's work area (the
screen less the taskbar and the desktop's panels, as SDL reports it), with
room for the window's own title bar and frame, centred there.

The size kept from last time is used when it fits; the game's first start
(the kept size is still the default) takes most of the work area, so that
a 1920x1080 screen gets a large table, not a 1280x800 one in its middle.
The layouts' smallest size (1024x640) gives way to a smaller work area: a
window never runs under the taskbar.
"""

from __future__ import annotations

import ctypes
import sys
from dataclasses import dataclass

import pygame

from .layout import TableLayout
from .waiting import _candidates

__all__ = ["DEFAULT_SIZE", "FRAME", "HEADLESS_DRIVERS", "Area", "display_scale", "fit_window",
           "place_window", "scaled_frame", "work_area"]

DEFAULT_SIZE = (1280, 800)
"""The size kept in new settings: the window has not been sized by the player."""

FRAME = (16, 48)
"""What the window's frame and title bar take, at most, on the usual desktops
(at Windows' 100 %: they grow with the desktop's scale, :func:`scaled_frame`)."""

FIRST_SHARE = 0.9
"""How much of the work area the first window takes in each direction."""

HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL's video drivers that draw into memory only: SDL falls back to one
when there is no display, and a window there is seen by nobody."""


@dataclass(frozen=True)
class Area:
    """A rectangle of the screen (the work area)."""

    x: int
    y: int
    w: int
    h: int


class _SDLRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int),
                ("h", ctypes.c_int)]


def _usable_bounds() -> Area | None:
    """SDL's usable bounds of the first display (the work area), or None."""
    for path in _candidates():
        try:
            fn = ctypes.CDLL(path).SDL_GetDisplayUsableBounds
        except (OSError, AttributeError):
            continue
        rect = _SDLRect()
        fn.argtypes = [ctypes.c_int, ctypes.POINTER(_SDLRect)]
        fn.restype = ctypes.c_int
        if fn(0, ctypes.byref(rect)) == 0 and rect.w > 0 and rect.h > 0:
            return Area(rect.x, rect.y, rect.w, rect.h)
    return None


def work_area() -> Area | None:
    """The work area of the screen the window opens on, if SDL knows it (an
    in-memory driver has no screen to fit): the usable bounds, else the
    whole screen."""
    if (pygame.display.get_driver() or "").lower() in HEADLESS_DRIVERS:
        return None
    area = _usable_bounds()
    if area is not None:
        return area
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return Area(0, 0, int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def display_scale() -> float:
    """Windows: the desktop's scale (1.5 at 150 %), from the first display's
    DPI as SDL reports it to the game (which is aware of the scale,
    :func:`~.app.open_display`); 1 elsewhere, and when SDL cannot say."""
    if sys.platform != "win32":
        return 1.0
    for path in _candidates():
        try:
            fn = ctypes.CDLL(path).SDL_GetDisplayDPI
        except (OSError, AttributeError):
            continue
        dpi = [ctypes.c_float() for _ in range(3)]  # diagonal, horizontal, vertical
        fn.argtypes = [ctypes.c_int, *[ctypes.POINTER(ctypes.c_float)] * 3]
        fn.restype = ctypes.c_int
        if fn(0, *(ctypes.byref(d) for d in dpi)) == 0 and dpi[1].value > 0:
            return max(1.0, dpi[1].value / 96)
    return 1.0


def scaled_frame(scale: float) -> tuple[int, int]:
    """The window's frame and title bar on a desktop scaled by ``scale``."""
    return round(FRAME[0] * scale), round(FRAME[1] * scale)


def fit_window(size: tuple[int, int], area: Area | tuple[int, int] | None,
               frame: tuple[int, int] = FRAME) -> tuple[int, int]:
    """The window's first size: ``size`` (the one kept from last time; the
    default one: most of the work area) made to fit ``area`` with room for
    the window's ``frame`` and title bar; never under the layouts' smallest
    size unless the work area itself is smaller."""
    if isinstance(area, tuple):
        area = Area(0, 0, *area)
    if area is None or area.w <= 0 or area.h <= 0:
        return max(size[0], TableLayout.MIN_WIDTH), max(size[1], TableLayout.MIN_HEIGHT)
    room_w, room_h = area.w - frame[0], area.h - frame[1]
    w, h = size
    if size == DEFAULT_SIZE:  # never sized by the player: most of the work area
        w, h = max(w, round(area.w * FIRST_SHARE)), max(h, round(area.h * FIRST_SHARE))
    w = max(min(w, room_w), min(TableLayout.MIN_WIDTH, room_w))
    h = max(min(h, room_h), min(TableLayout.MIN_HEIGHT, room_h))
    return w, h


def place_window(size: tuple[int, int], area: Area | None,
                 frame: tuple[int, int] = FRAME) -> tuple[int, int] | None:
    """Where the window's top left goes: centred in the work area, below
    its title bar (None: where the system puts it)."""
    if area is None:
        return None
    w, h = size
    x = area.x + max(0, (area.w - w) // 2)
    y = area.y + frame[1] - frame[0] // 2 + max(0, (area.h - frame[1] - h) // 2)
    return x, y
