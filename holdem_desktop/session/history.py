"""Every finished hand written as PHH: one ``.phhs`` file per game, appended
hand by hand, so a crash loses at most the hand in progress."""

from __future__ import annotations

from pathlib import Path

from holdem_desktop.engine.events import HandEnded
from holdem_desktop.engine.phh import dumps
from holdem_desktop.engine.replay import to_phh

from .events import GameStarted
from .session import Session

__all__ = ["HandHistoryWriter"]


class HandHistoryWriter:
    """Listens to a session and appends each finished hand to
    ``folder/game_NNNN.phhs`` (NNNN: the session's game number)."""

    def __init__(self, session: Session, folder: str | Path) -> None:
        self.session = session
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.count = 0
        self.paths: list[Path] = []
        session.subscribe(self)

    def path(self) -> Path:
        """The file of the current game."""
        return self.folder / f"game_{self.session.game:04d}.phhs"

    def __call__(self, event: object) -> None:
        if isinstance(event, GameStarted):
            self.count = 0
        elif isinstance(event, HandEnded) and self.session.hand is not None:
            hand = self.session.hand
            self.count += 1
            names = [self.session.seats[s].name for s in hand.seats]
            phh = to_phh(hand, players=names, hand_number=self.session.hands_played + 1,
                         table=self.session.variant.name)
            path = self.path()
            if path not in self.paths:
                self.paths.append(path)
            with path.open("a", encoding="utf-8") as f:
                f.write(f"[{self.count}]\n{dumps(phh)}\n")
