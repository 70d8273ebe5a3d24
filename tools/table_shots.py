"""Screenshots of the table to look at: 2, 6 and 10 players at 1024×640,
1366×768 and 1920×1080, headless (SDL's dummy driver), one PNG each.

    python tools/table_shots.py OUT_DIR [--seed N] [--language pl]

``bets-N-WxH.png``: the player to act before the flop with the computers'
bets in front of their seats; ``river-N-WxH.png``: later in a hand, on the
river or at its end, after the player has called along.
"""

from __future__ import annotations

import argparse
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.i18n.translate import set_language
from holdem_desktop.resources import assets_dir
from holdem_desktop.session import HumanController, Session
from holdem_desktop.ui.action_panel import Command
from holdem_desktop.ui.draw import TableRenderer
from holdem_desktop.ui.table import TableScreen

NAMES = ("Mara", "Ada", "Bruno", "Chiara", "Dario", "Elena", "Filip", "Greta", "Hanna",
         "Maximilian")
SIZES = ((1024, 640), (1366, 768), (1920, 1080))


def screen(n: int, seed: int, later: bool) -> TableScreen:
    """A table of ``n`` (you are seat 0) with a hand under way: before the
    flop on your turn, or (``later``) as far as calling along takes it."""
    players = [(NAMES[0], HumanController())] + [
        (NAMES[k], create_player("normal", random.Random(seed * 100 + k))) for k in range(1, n)]
    s = Session(shipped_variant("tournament"), players, rng=random.Random(seed),
                clock=lambda: 0.0)
    table = TableScreen(s, 0, TableRenderer(assets_dir() / "cards" / "classic"))
    s.start()
    for _ in range(50):  # a hand where your first turn faces bets
        s.next_hand()
        if not s.hand.over and s.waiting_for == 0:
            break
        while not s.hand.over:
            table.panel.activate(Command.FOLD)
    for _ in range(40 if later else 0):
        if s.hand.over or len(s.view(0).board) == 5:
            break
        if s.waiting_for == 0:
            table.panel.activate(Command.CHECK_CALL)
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--language", default="en", help="en, ro, it or pl")
    args = parser.parse_args()
    set_language(args.language)
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    for n in (2, 6, 10):
        for later in (False, True):
            table = screen(n, args.seed, later)
            for size in SIZES:
                surface = pygame.Surface(size)
                table.draw(surface)
                table.any_input()  # the deal's cards in place, as a key would put them
                table.motion.finish()
                table.draw(surface)
                name = f"{'river' if later else 'bets'}-{n}-{size[0]}x{size[1]}.png"
                pygame.image.save(surface, str(args.out / name))
                print(args.out / name)


if __name__ == "__main__":
    main()
