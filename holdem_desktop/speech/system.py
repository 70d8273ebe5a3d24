"""What the speech thread needs from the operating system: COM on Windows,
and quiet while third-party outputs are loaded.

- SAPI5 and JAWS are COM objects: the thread that builds and calls them must
  have entered a COM apartment itself (``CoInitialize``) and must leave it
  when it ends.  :func:`com_apartment` does both, with ``pythoncom`` (pywin32,
  which accessible-output2 needs on Windows) or ``ole32`` through ctypes.
- accessible-output2 prints to stdout when an output it tries is missing
  (``Cannot find espeak.core…``).  :func:`quiet` sends what the speech
  thread prints while outputs are imported and built to the log (debug
  level) instead of the player's terminal, and leaves every other thread's
  output, and the process's file descriptors, alone.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["com_apartment", "quiet"]

log = logging.getLogger(__name__)


def _co_initialize() -> Callable[[], None] | None:
    """Enter a COM apartment on this thread; the function that leaves it, or
    None when COM could not be entered (the outputs then say why)."""
    try:
        pythoncom: Any = importlib.import_module("pythoncom")
    except ImportError:
        pythoncom = None
    if pythoncom is not None:
        try:
            pythoncom.CoInitialize()
        except Exception as exc:  # e.g. the thread is already in another apartment
            log.warning("CoInitialize failed (%s); speech may not work", exc)
            return None
        uninit: Callable[[], None] = pythoncom.CoUninitialize
        return uninit
    try:
        import ctypes

        ole32: Any = ctypes.windll.ole32  # type: ignore[attr-defined,unused-ignore]
        result = int(ole32.CoInitialize(None))
    except (AttributeError, OSError) as exc:
        log.warning("COM is not available (%s); speech may not work", exc)
        return None
    if result < 0:  # S_OK (0) and S_FALSE (1) both need a CoUninitialize
        log.warning("CoInitialize failed (0x%08x); speech may not work", result & 0xFFFFFFFF)
        return None
    uninit_ole: Callable[[], None] = ole32.CoUninitialize
    return uninit_ole


@contextlib.contextmanager
def com_apartment(platform: str | None = None) -> Iterator[None]:
    """Inside: this thread is in a COM apartment (on Windows; elsewhere nothing)."""
    if not (platform or sys.platform).startswith("win"):
        yield
        return
    leave = _co_initialize()
    try:
        yield
    finally:
        if leave is not None:
            leave()


class _ThreadRouter(io.TextIOBase):
    """Stands in for ``sys.stdout`` or ``sys.stderr``: what a thread inside
    :func:`quiet` writes goes to that thread's buffer, what every other
    thread writes goes to the real stream, at once."""

    def __init__(self, real: Any) -> None:
        super().__init__()
        self.real = real
        self.buffers: dict[int, io.StringIO] = {}

    def write(self, text: str) -> int:
        buffer = self.buffers.get(threading.get_ident())
        if buffer is not None:
            return buffer.write(text)
        if self.real is None:
            return len(text)
        written: int = self.real.write(text)
        return written

    def flush(self) -> None:
        if self.real is not None:
            with contextlib.suppress(Exception):
                self.real.flush()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.real, "encoding", None) or "utf-8")

    def isatty(self) -> bool:
        return bool(getattr(self.real, "isatty", lambda: False)())

    def fileno(self) -> int:
        if self.real is None:
            raise io.UnsupportedOperation("no stream")
        number: int = self.real.fileno()
        return number


_routers_lock = threading.Lock()
_routers: dict[str, _ThreadRouter] = {}


def _router(name: str) -> _ThreadRouter:
    """The router standing in for ``sys.<name>`` (installed on first use;
    a stream someone else put there since is wrapped in turn)."""
    current = getattr(sys, name)
    if isinstance(current, _ThreadRouter):
        return current
    router = _ThreadRouter(current)
    setattr(sys, name, router)
    _routers[name] = router
    return router


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Inside: what this thread prints (accessible-output2's "Cannot find
    espeak.core…" lines go to stdout) goes to the log, not to the terminal.

    Only this thread is quieted: the process keeps its standard output and
    error (file descriptors 1 and 2 are never touched), so a line printed
    meanwhile by another thread (the game's own messages, a benchmark's
    child reporting) reaches the terminal.  Speech Dispatcher, when
    accessible-output2's client starts it, is started with pipes of its own.
    """
    me = threading.get_ident()
    buffer = io.StringIO()
    with _routers_lock:
        routers = [_router("stdout"), _router("stderr")]
        for router in routers:
            router.buffers[me] = buffer
    try:
        yield
    finally:
        with _routers_lock:
            for router in routers:
                router.buffers.pop(me, None)
        noise = buffer.getvalue().strip()
        if noise:
            log.debug("speech outputs said while starting: %s", noise)
