"""Names and temperaments for computer players, so that a table does not feel
scripted: some play tighter, some looser, some bluff more.  Drawn from a
seeded generator, so the same seed seats the same characters."""

from __future__ import annotations

import random

from .common import Character

__all__ = ["NAMES", "random_characters"]

# Names that read well in English, Romanian, Italian and Polish.
NAMES: tuple[str, ...] = (
    "Ada", "Bruno", "Chiara", "Dorin", "Elena", "Filip", "Greta", "Hugo", "Ioana",
    "Jakub", "Kasia", "Luca", "Marta", "Nico", "Olga", "Piotr", "Radu", "Sofia",
    "Tomek", "Vera", "Wiktor", "Zoe",
)


def random_characters(rng: random.Random, count: int,
                      taken: tuple[str, ...] = ()) -> list[Character]:
    """``count`` characters with distinct names (none of ``taken``)."""
    free = [n for n in NAMES if n not in taken]
    if count > len(free):
        raise ValueError(f"only {len(free)} names are free, {count} wanted")
    names = rng.sample(free, count)
    return [Character(name, tightness=round(rng.uniform(-0.6, 0.6), 2),
                      aggression=round(rng.uniform(-0.6, 0.6), 2),
                      bluff=round(rng.uniform(0.5, 1.5), 2)) for name in names]
