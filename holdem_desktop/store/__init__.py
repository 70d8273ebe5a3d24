"""Every hand played on this computer, in an SQLite file in the user data
folder: written as each hand ends (as your seat saw it), read back for the
hand review and the statistics, imported from and exported to PHH."""

from pathlib import Path

from .db import GameInfo, HandStore, StoreProblem
from .recorder import HandRecorder

__all__ = ["STORE_NAME", "GameInfo", "HandRecorder", "HandStore", "StoreProblem", "store_path"]

STORE_NAME = "hands.sqlite"


def store_path(data: Path) -> Path:
    """The store's file in the user data folder ``data``."""
    return data / STORE_NAME
