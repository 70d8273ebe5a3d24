"""The small files the game keeps between runs beside the settings (the
seats' resume tokens, the muted names, the trusted certificates, the
accounts' sign-ins, the hand histories): a file that cannot be written
never stops the game and is never lost silently.  What is in memory stays
in force for the run; the player is told once, after what is being said,
which file could not be written, why, and what it costs them; not again
for that file unless it was written in between (as the settings are:
:mod:`.settings_service`).  An export the player asked for (Hand review's,
Statistics') that could not be written is told the same way, each time."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from holdem_desktop.i18n.translate import _
from holdem_desktop.settings import write_atomic

from .settings_service import file_problem

__all__ = ["KeptFiles", "unkept"]


def unkept(kind: str, path: Path | str, exc: BaseException) -> str:
    """What a failed write of the file ``path`` costs the player, and why it failed;
    ``kind`` names what the file keeps."""
    words = {
        "seats": _("Your seat cannot be kept after you close the game, because {path} could "
                   "not be written: {problem}."),
        "mutes": _("Muted names will be forgotten when you close the game, because {path} "
                   "could not be written: {problem}."),
        "trust": _("Trusted servers and certificates will be forgotten when you close the "
                   "game, because {path} could not be written: {problem}."),
        "sign_in": _("Your sign-in will be forgotten when you close the game, because {path} "
                     "could not be written: {problem}."),
        "sign_out": _("You are signed out for now, but the game may sign you in again when "
                      "it starts, because {path} could not be written: {problem}."),
        "hands": _("This hand cannot be kept in the hand history, because {path} could not "
                   "be written: {problem}."),
        "game": _("This game cannot be continued after you close it, because {path} could "
                  "not be written: {problem}."),
        "export_hands": _("The game's hands could not be written to {path}: {problem}."),
        "export_statistics": _("The statistics could not be written to {path}: {problem}."),
    }
    return words[kind].format(path=path, problem=file_problem(exc))


class KeptFiles:
    """The writes of the small files, and what to tell the player of those
    that failed (:meth:`take`, once said).  Writes may come from a
    connection's thread (a room joined again): the notices are kept under a lock."""

    def __init__(self) -> None:
        self.failing: set[str] = set()
        """The files whose last write failed (and the player was told)."""
        self._pending: list[str] = []
        self._lock = threading.Lock()

    def write(self, path: Path, text: str, kind: str | None, private: bool = False) -> bool:
        """Write ``text`` to ``path`` atomically (``private``: readable by the
        player alone); False when that failed (said once, see :meth:`told`;
        ``kind`` None: not said, it costs the player nothing)."""
        try:
            write_atomic(path, text)
            if private:
                os.chmod(path, 0o600)
        except OSError as exc:
            self.told(kind)(path, exc)
            return False
        self.told(kind)(path, None)
        return True

    def told(self, kind: str | None) -> Callable[[Path, OSError | None], None]:
        """What a writer of files keeping ``kind`` calls after each write
        (``None``: it was written; else why not: said once, unless ``kind`` is None)."""
        def tell(path: Path, exc: OSError | None) -> None:
            key = os.fspath(path)
            with self._lock:
                if exc is None:
                    self.failing.discard(key)
                elif kind is not None and key not in self.failing:
                    self.failing.add(key)
                    self._pending.append(unkept(kind, path, exc))
        return tell

    def unwritten(self, kind: str, path: Path, exc: OSError) -> str:
        """A file the player asked for (an export, ``kind``) could not be
        written to ``path``: told after what is being said, each time (the
        player asked: the answer is never left out); returns what is told."""
        text = unkept(kind, path, exc)
        with self._lock:
            self._pending.append(text)
        return text

    def tell(self, reply: Callable[[str], None], screen: object) -> None:
        """Say what the writes that failed cost (:meth:`take`) through ``reply``,
        and show it in the Game state zone when ``screen`` is a table."""
        from holdem_desktop.ui.table import TableScreen

        for text in self.take():
            reply(text)
            if isinstance(screen, TableScreen):
                screen.messages.append(text)

    def take(self) -> list[str]:
        """What to tell the player of the writes that failed, once (then forgotten)."""
        with self._lock:
            pending, self._pending = self._pending, []
        return pending
