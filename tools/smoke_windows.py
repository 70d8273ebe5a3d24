"""What tools/smoke_bundle.py needs from Windows itself, through ctypes: the
game's window, keys sent to it, the colours it shows, and the player's
folders as the shell names them.  Windows only (a real one, or Wine).

Keys are posted to the window as WM_KEYDOWN/WM_KEYUP with their scan codes,
as the keyboard driver sends them: SDL reads the scan code, so no focus or
window manager is needed (there is none under Wine on Xvfb).
"""

from __future__ import annotations

import ctypes
import time
from ctypes import wintypes
from pathlib import Path
from typing import Any

WM_KEYDOWN, WM_KEYUP = 0x0100, 0x0101
MAPVK_VK_TO_VSC = 0
CSIDL_LOCAL_APPDATA = 0x1C
DIB_RGB_COLORS, SRCCOPY = 0, 0x00CC0020

VIRTUAL_KEYS = {"Return": 0x0D, "KP_Enter": 0x0D, "Tab": 0x09, "Escape": 0x1B, "space": 0x20}
"""xdotool's names of the keys the smoke test presses; letters are their own."""
EXTENDED = frozenset({"KP_Enter"})
"""Keys sent with the extended-key flag: the keypad's Enter is Return's
virtual key, told apart by that flag alone (SDL reads it)."""


def _dll(name: str) -> Any:
    return getattr(ctypes, "WinDLL")(name, use_last_error=True)  # noqa: B009 (Windows only)


user32, gdi32, shell32 = _dll("user32"), _dll("gdi32"), _dll("shell32")
kernel32 = _dll("kernel32")
user32.PostMessageW.argtypes = (wintypes.HWND, wintypes.UINT, wintypes.WPARAM, wintypes.LPARAM)
user32.GetDC.restype = wintypes.HDC
user32.GetDC.argtypes = (wintypes.HWND,)
user32.ReleaseDC.argtypes = (wintypes.HWND, wintypes.HDC)
gdi32.CreateCompatibleDC.restype = wintypes.HDC
gdi32.CreateCompatibleDC.argtypes = (wintypes.HDC,)
gdi32.CreateCompatibleBitmap.restype = wintypes.HBITMAP
gdi32.CreateCompatibleBitmap.argtypes = (wintypes.HDC, ctypes.c_int, ctypes.c_int)
gdi32.SelectObject.restype = wintypes.HGDIOBJ
gdi32.SelectObject.argtypes = (wintypes.HDC, wintypes.HGDIOBJ)
gdi32.BitBlt.argtypes = (wintypes.HDC, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                         wintypes.HDC, ctypes.c_int, ctypes.c_int, wintypes.DWORD)
gdi32.GetDIBits.argtypes = (wintypes.HDC, wintypes.HBITMAP, wintypes.UINT, wintypes.UINT,
                            ctypes.c_void_p, ctypes.c_void_p, wintypes.UINT)
gdi32.DeleteObject.argtypes = (wintypes.HGDIOBJ,)
gdi32.DeleteDC.argtypes = (wintypes.HDC,)

ENUM_WINDOWS = getattr(ctypes, "WINFUNCTYPE")(  # noqa: B009 (Windows only)
    wintypes.BOOL, wintypes.HWND, wintypes.LPARAM)


def windows_of(pid: int) -> list[int]:
    """The visible top-level windows of process ``pid``."""
    found: list[int] = []

    def visit(hwnd: int, _: int) -> bool:
        owner = wintypes.DWORD()
        user32.GetWindowThreadProcessId(hwnd, ctypes.byref(owner))
        if owner.value == pid and user32.IsWindowVisible(hwnd):
            found.append(hwnd)
        return True

    user32.EnumWindows(ENUM_WINDOWS(visit), 0)
    return found


def title(hwnd: int) -> str:
    buffer = ctypes.create_unicode_buffer(256)
    user32.GetWindowTextW(hwnd, buffer, 256)
    return buffer.value


def press(hwnd: int, *names: str, delay: float = 0.4) -> None:
    """Each key down and up, ``delay`` apart (the game ignores an acting key
    within 0.3 s of a new decision: type-ahead)."""
    for name in names:
        vk = VIRTUAL_KEYS.get(name) or ord(name.upper())
        scan = user32.MapVirtualKeyW(vk, MAPVK_VK_TO_VSC) & 0xFF
        down = 1 | scan << 16 | (1 << 24 if name in EXTENDED else 0)
        up = down | 1 << 30 | 1 << 31
        if not (user32.PostMessageW(hwnd, WM_KEYDOWN, vk, down)
                and user32.PostMessageW(hwnd, WM_KEYUP, vk, up)):
            raise OSError(getattr(ctypes, "get_last_error")(),  # noqa: B009
                           f"the key {name} could not be sent")
        time.sleep(delay)


class _BitmapInfo(ctypes.Structure):
    _fields_ = [("biSize", wintypes.DWORD), ("biWidth", wintypes.LONG),
                ("biHeight", wintypes.LONG), ("biPlanes", wintypes.WORD),
                ("biBitCount", wintypes.WORD), ("biCompression", wintypes.DWORD),
                ("biSizeImage", wintypes.DWORD), ("biXPelsPerMeter", wintypes.LONG),
                ("biYPelsPerMeter", wintypes.LONG), ("biClrUsed", wintypes.DWORD),
                ("biClrImportant", wintypes.DWORD), ("colours", wintypes.DWORD * 3)]


def colours(hwnd: int) -> int:
    """How many different colours the window's client area shows (every
    7th pixel), read back from the screen as the player sees it."""
    rect = wintypes.RECT()
    if not user32.GetClientRect(hwnd, ctypes.byref(rect)):
        return 0
    width, height = rect.right - rect.left, rect.bottom - rect.top
    if width <= 0 or height <= 0:
        return 0
    window_dc = user32.GetDC(hwnd)
    memory_dc = gdi32.CreateCompatibleDC(window_dc)
    bitmap = gdi32.CreateCompatibleBitmap(window_dc, width, height)
    try:
        old = gdi32.SelectObject(memory_dc, bitmap)
        gdi32.BitBlt(memory_dc, 0, 0, width, height, window_dc, 0, 0, SRCCOPY)
        gdi32.SelectObject(memory_dc, old)
        info = _BitmapInfo()
        info.biSize, info.biWidth, info.biHeight = 40, width, -height
        info.biPlanes, info.biBitCount = 1, 32
        pixels = ctypes.create_string_buffer(width * height * 4)
        if not gdi32.GetDIBits(memory_dc, bitmap, 0, height, pixels, ctypes.byref(info),
                               DIB_RGB_COLORS):
            return 0
    finally:
        gdi32.DeleteObject(bitmap)
        gdi32.DeleteDC(memory_dc)
        user32.ReleaseDC(hwnd, window_dc)
    data = pixels.raw
    return len({data[i:i + 3] for i in range(0, len(data) - 3, 4 * 7)})


def local_appdata() -> Path:
    """The player's local application data folder, as the shell names it
    (``C:\\Users\\<name>\\AppData\\Local``): where the game keeps its files."""
    buffer = ctypes.create_unicode_buffer(260)
    result = shell32.SHGetFolderPathW(None, CSIDL_LOCAL_APPDATA, None, 0, buffer)
    if result != 0:
        raise OSError(result, "SHGetFolderPathW(CSIDL_LOCAL_APPDATA) failed")
    return Path(buffer.value)


def ascii_path(path: Path) -> Path:
    """``path`` (which must exist) spelt in ASCII, by its short name where it
    has letters outside ASCII.  SDL2 reads its environment variables in the
    ANSI code page and takes them for UTF-8: ``SDL_DISKAUDIOFILE`` under
    ``C:\\Users\\Zoë`` would go nowhere (a test setting only; the game
    passes SDL no path through the environment)."""
    if str(path).isascii():
        return path
    buffer = ctypes.create_unicode_buffer(1024)
    if kernel32.GetShortPathNameW(str(path), buffer, 1024) and buffer.value.isascii():
        return Path(buffer.value)
    raise OSError(f"{path} has no short name in ASCII")
