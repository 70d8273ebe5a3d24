"""One table over time: seats and their controllers, hands in sequence, the
blind schedule, eliminations and places, the end of the game."""

from .controllers import Controller, HumanController
from .events import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    TurnStarted,
    WaitingForPlayers,
)
from .rebuilt import EndedAway, StoodIn
from .session import Session, SessionError, hand_config

__all__ = [
    "BlindsUp",
    "Controller",
    "EndedAway",
    "GameOver",
    "GameStarted",
    "HandStarting",
    "HumanController",
    "PlayerOut",
    "Session",
    "SessionError",
    "StoodIn",
    "TurnStarted",
    "WaitingForPlayers",
    "hand_config",
]
