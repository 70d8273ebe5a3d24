"""What a player's game keeps about rooms in small JSON files of the data
folder: the resume tokens that give a seat back, and the people whose chat
the player muted.  A file that cannot be read or written costs only what it
would have remembered (a write that fails is said once: :mod:`.kept_files`)."""

from __future__ import annotations

import json
from pathlib import Path

from .kept_files import KeptFiles

__all__ = ["ChatMutes", "RoomTokens"]


class RoomTokens:
    """Resume tokens by room code and name, in a small JSON file (the newest
    twenty); a file that cannot be read or written only costs the seat."""

    KEEP = 20

    def __init__(self, path: Path, kept: KeptFiles | None = None) -> None:
        self.path = path
        self.kept = kept or KeptFiles()
        """Where the writes go, and a failed one is told."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            self.tokens = {str(k): str(v) for k, v in data.items()} if isinstance(
                data, dict) else {}
        except (OSError, ValueError):
            self.tokens = {}

    def get(self, code: str, name: str) -> str | None:
        """The token for ``name`` in room ``code``, if we have one."""
        return self.tokens.get(f"{code}/{name.casefold()}")

    def put(self, code: str, name: str, token: str, said: bool = True) -> None:
        """Remember a token (and save); ``said``: a failed save is said (not
        for the host's own room, which closes with the game: it costs nothing)."""
        key = f"{code}/{name.casefold()}"
        self.tokens.pop(key, None)
        self.tokens[key] = token
        self.tokens = dict(list(self.tokens.items())[-self.KEEP:])
        self.kept.write(self.path, json.dumps(self.tokens) + "\n", "seats" if said else None)


class ChatMutes:
    """The people whose chat this player muted, by name (case aside), in a
    small JSON file: muting Ana in one room mutes her in the next one too
    (at most :attr:`KEEP` names, the newest kept)."""

    KEEP = 200

    def __init__(self, path: Path, kept: KeptFiles | None = None) -> None:
        self.path = path
        self.kept = kept or KeptFiles()
        """Where the writes go, and a failed one is told."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            self.names = [str(n) for n in data if isinstance(n, str)] if isinstance(
                data, list) else []
        except (OSError, ValueError):
            self.names = []

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self.names

    def set(self, name: str, on: bool) -> None:
        """Mute (``on``) or unmute ``name``, and save."""
        key = name.casefold()
        if key in self.names:
            self.names.remove(key)
        if on:
            self.names.append(key)
        self.names = self.names[-self.KEEP:]
        self.kept.write(self.path, json.dumps(self.names) + "\n", "mutes")
