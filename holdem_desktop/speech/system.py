"""What the speech thread needs from the operating system: COM on Windows,
and quiet while third-party outputs are loaded.

- SAPI5 and JAWS are COM objects: the thread that builds and calls them must
  have entered a COM apartment itself (``CoInitialize``) and must leave it
  when it ends.  :func:`com_apartment` does both, with ``pythoncom`` (pywin32,
  which accessible-output2 needs on Windows) or ``ole32`` through ctypes.
- accessible-output2 prints to stdout when an output it tries is missing
  (``Cannot find espeak.core…``), and a Speech Dispatcher it starts may
  write to the inherited stderr.  :func:`quiet` sends both file descriptors
  to a scratch file while outputs are imported and built, and hands what
  they said to the log (debug level) instead of the player's terminal.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import os
import sys
import tempfile
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


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.flush()


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Inside: what is written to stdout or stderr (by Python or by C code,
    or by a process started here) goes to the log, not to the terminal."""
    _flush()
    try:
        saved = (os.dup(1), os.dup(2))
    except OSError:  # no console (a windowed program): nothing to protect
        saved = None
    sink = tempfile.TemporaryFile()  # noqa: SIM115 (closed in finally, after reading)
    text = io.StringIO()
    try:
        if saved is not None:
            os.dup2(sink.fileno(), 1)
            os.dup2(sink.fileno(), 2)
        with contextlib.redirect_stdout(text), contextlib.redirect_stderr(text):
            yield
    finally:
        _flush()
        if saved is not None:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        sink.seek(0)
        noise = (text.getvalue() + sink.read().decode("utf-8", "replace")).strip()
        sink.close()
        if noise:
            log.debug("speech outputs said while starting: %s", noise)
