"""Every finished hand written as PHH: one ``.phhs`` file per game, appended
hand by hand, so a crash loses at most the hand in progress.

- Each game has a file of its own: a game that starts takes a new one
  (``game_NNNN.phhs``, numbered after the highest in the folder; a later
  run of the program never writes into an earlier game's file, whose
  tables ``[1]``, ``[2]`` … would then be declared twice and the whole file
  unreadable).  A game taken up mid-way (Continue) goes on in the file it
  was written to (``path``, kept with the autosave).
- A hand is the table named by its number in the game, ``[7]``: a
  continued game goes on ``[8]``, ``[9]`` in the same file.
- A hand is written before anything else hears that it ended (the writer
  listens first): in one piece, straight to the file (no buffer of the
  program's), before the store's row, so a crash of the program at any
  moment leaves every finished hand in the files.  With ``durable`` it is
  also synced to the disk (a power cut), on a thread of its own (a sync
  can take milliseconds: the announcement of the hand's end does not wait
  for it), and the next hand is not dealt until it is done.  A sync that
  fails is told as a write that failed is (``told``): the hand may not be
  on the disk.
- A game taken up again after a crash may play again a hand the file
  holds already (the autosave is a moment older than the file): it takes
  the place of the one in the file, and a hand cut in the middle of its
  writing is dropped.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from holdem_desktop.engine.events import HandEnded
from holdem_desktop.engine.phh import dumps
from holdem_desktop.engine.replay import to_phh

from .events import GameStarted, HandStarting
from .session import Session

__all__ = ["HandHistoryWriter", "history_file"]

_FILE = re.compile(r"game_(\d+)\.phhs")
_SYNC = ThreadPoolExecutor(1, thread_name_prefix="hand history sync")
"""Where hands are synced to the disk (one thread for every writer: handing
it a hand costs microseconds, where starting a thread cost up to 4 ms)."""
_TABLE = re.compile(rb"^\[(\d+)\]$", re.M)
_BINARY = getattr(os, "O_BINARY", 0)
"""Windows' C library opens a file as text unless told: each LF written
became CR LF, and no table was then found to cut (a hand played again after a
crash was declared twice: the whole file unreadable)."""


def history_file(folder: Path, name: str) -> Path | None:
    """The file ``name`` (as an autosave keeps it) in ``folder``, or None
    when it is not the name of a game's file."""
    return folder / name if _FILE.fullmatch(name) else None


class HandHistoryWriter:
    """Listens to ``session`` (first of all its listeners) and appends each
    finished hand to its game's file in ``folder``; ``path``: the file of
    the game under way (Continue); ``durable``: each hand is synced to the
    disk (a player's game; not a simulation of thousands of hands); ``told``
    hears of each file written (with None) or not (with why)."""

    def __init__(self, session: Session, folder: str | Path, *, path: Path | None = None,
                 durable: bool = True,
                 told: Callable[[Path, OSError | None], None] | None = None) -> None:
        self.session = session
        self.folder = Path(folder)
        self.told = told or (lambda path, exc: None)
        self._tried: Path | None = None
        """The file last opened or written (what a failure names)."""
        self.failed: OSError | None = None
        """Why the last hand could not be written (None: it was): the game goes
        on without its file, as with any disk that refuses (a file where the
        folder should be, which on Windows is the settings' folder too)."""
        with contextlib.suppress(OSError):  # (said by the first write that fails)
            self.folder.mkdir(parents=True, exist_ok=True)
        self.durable = durable
        self.current: Path | None = path
        """The file of the game under way (None: one is taken at its first hand)."""
        self._taken_up = path is not None
        """A game taken up mid-way: its file may hold the hand played again."""
        self.paths: list[Path] = []
        """The files written, in order."""
        self._syncing: Future[None] | None = None
        session.subscribe(self, first=True)

    def path(self) -> Path:
        """The file of the current game (a new one if it has none yet)."""
        if self.current is None:
            self.current = self._new_file()
        return self.current

    def _new_file(self) -> Path:
        """A file no game has: created now (so two games never take the same)."""
        numbers = [int(m[1]) for p in self.folder.glob("game_*.phhs")
                   if (m := _FILE.fullmatch(p.name))]
        number = max(numbers, default=0)
        while True:
            number += 1
            path = self.folder / f"game_{number:04d}.phhs"
            self._tried = path
            try:
                path.open("x").close()
            except FileExistsError:
                continue
            return path

    def __call__(self, event: object) -> None:
        self._tried = None
        try:
            self._write(event)
        except OSError as exc:  # the hand is not kept on the disk; the game goes on
            self.failed = exc
            self.current = None if isinstance(event, GameStarted) else self.current
            self.told(self._tried or self.folder, exc)
            return
        if self._tried is not None:
            self.failed = None
            self.told(self._tried, None)

    def _write(self, event: object) -> None:
        if isinstance(event, HandStarting | GameStarted):
            self.synced()  # the last hand is on the disk before another is dealt
        if isinstance(event, GameStarted):
            self.current, self._taken_up = None, False
            self.path()
        elif isinstance(event, HandEnded) and self.session.hand is not None:
            hand = self.session.hand
            number = self.session.hands_played + 1
            names = [self.session.seats[s].name for s in hand.seats]
            phh = to_phh(hand, players=names, hand_number=number,
                         table=self.session.variant.name)
            path = self.path()
            self._tried = path
            if self._taken_up:
                self._taken_up = False
                _cut_from(path, number)
            if path not in self.paths:
                self.paths.append(path)
            self._append(path, f"[{number}]\n{dumps(phh)}\n".encode())

    def synced(self) -> None:
        """Wait until the last hand written is on the disk."""
        if self._syncing is not None:
            self._syncing.result()
            self._syncing = None

    def _append(self, path: Path, data: bytes) -> None:
        self.synced()
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _BINARY, 0o644)
        try:
            while data:
                data = data[os.write(fd, data):]
        except BaseException:
            os.close(fd)
            raise
        if self.durable:
            self._syncing = _SYNC.submit(self._sync, fd, path)
            self._tried = None  # (written once it is on the disk: told by the sync)
        else:
            os.close(fd)

    def _sync(self, fd: int, path: Path) -> None:
        """On the sync's thread: the hand to the disk, then told whether it is
        there (a disk that cannot sync is no reason to stop; the player is told,
        once, as of a write that failed: the hand may not be on the disk)."""
        try:
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            self.failed = exc
            self.told(path, exc)
            return
        self.failed = None
        self.told(path, None)


def _cut_from(path: Path, number: int) -> None:
    """Drop from ``path`` the hand ``number`` and any after it (written
    before a crash, and now played again), and a hand cut mid-write."""
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        return
    tables = list(_TABLE.finditer(text))
    later = [m for m in tables if int(m[1]) >= number]
    if later:
        os.truncate(path, later[0].start())
    elif tables and not text.endswith(b"\n\n"):
        os.truncate(path, tables[-1].start())
