"""Creating computer players by kind: the three levels and the baselines.

Every player is an object with ``decide(view) -> Action`` that sees only the
:class:`~holdem_desktop.engine.views.SeatView` it is given; the same ``rng``
seed gives the same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from holdem_desktop.engine.actions import Action
from holdem_desktop.engine.views import SeatView

from .baselines import AlwaysCall, AlwaysRaiseMax, Bluffer, RandomPolicy, Station
from .common import Character
from .raisers import RAISERS, value_raiser
from .styles import Maniac, Switcher, TightAggressive

__all__ = ["BASELINES", "LEVELS", "REFERENCES", "Player", "create_player", "register"]


class Player(Protocol):
    """A computer player."""

    def decide(self, view: SeatView) -> Action:
        """One of the view's legal actions."""
        ...


LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
BASELINES: tuple[str, ...] = ("always_call", "always_raise_max", "random", "station", "bluffer",
                              "tag", "maniac", "switcher", *RAISERS)
REFERENCES: tuple[str, ...] = ("hard_v1", "hard_v2", "hard_v3", "hard_v4", "hard_v5")
"""Former levels kept for the ladder to measure against (not offered in the game)."""

Factory = Callable[[random.Random, Character | None], Player]

_FACTORIES: dict[str, Factory] = {
    "always_call": lambda rng, character: AlwaysCall(),
    "always_raise_max": lambda rng, character: AlwaysRaiseMax(),
    "random": lambda rng, character: RandomPolicy(rng),
    "station": lambda rng, character: Station(rng),
    "bluffer": lambda rng, character: Bluffer(rng),
    "tag": lambda rng, character: TightAggressive(rng),
    "maniac": lambda rng, character: Maniac(rng),
    "switcher": lambda rng, character: Switcher(rng),
    **{kind: value_raiser(kind) for kind in RAISERS},
}


def register(kind: str, factory: Factory) -> None:
    """Make ``create_player(kind, rng, character)`` use ``factory(rng, character)``."""
    _FACTORIES[kind] = factory


def create_player(kind: str, rng: random.Random, character: Character | None = None) -> Player:
    """A new player of ``kind`` (a level or a baseline) drawing on ``rng``, with
    a temperament (None: the level's plain style; baselines have none)."""
    _load_levels()
    try:
        factory = _FACTORIES[kind]
    except KeyError:
        raise ValueError(f"unknown player kind {kind!r}; known: {sorted(_FACTORIES)}") from None
    return factory(rng, character)


def _load_levels() -> None:
    """Import the level modules, which register themselves (kept lazy so that
    the baselines need nothing else)."""
    import importlib

    for level in LEVELS + REFERENCES:
        if level not in _FACTORIES:
            importlib.import_module(f"holdem_desktop.ai.{level}")
