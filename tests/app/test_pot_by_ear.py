"""The pot, by ear, at the real table (the by-ear sweep of 2026-12-07):
before, "Flop: K K 2. Your turn: you can check." and nothing of the pot,
so P was needed on every street."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from tests.driving import keys, window  # noqa: E402


def heard(desktop) -> list[str]:
    return [text for text, _ in desktop.speech.speaker.calls]


def test_the_flop_says_the_pot_and_the_turn_after_it_does_not_again(player_home):
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        session = desktop.new_game("tournament", 3, "easy", "Mara")
        app = window(desktop, session)
        for _ in range(6):  # call (or check) until the flop is dealt
            if any(t.startswith("Flop:") for t in heard(desktop)):
                break
            keys(app, "c")
        flop = next(t for t in heard(desktop) if t.startswith("Flop:"))
        pot = session.hand.pot_total
        assert re.fullmatch(r"Flop: [^.]*\. Pot \d+\.", flop), flop
        assert flop.endswith(f"Pot {pot}.")  # what P says, without pressing it
        # Tomek checks: the pot just said is not said again at the turn
        assert heard(desktop)[-1] == "Your turn: you can check.", heard(desktop)[-3:]
        keys(app, "p")
        assert heard(desktop)[-1] == f"Pot: {pot}."
    finally:
        desktop.close()
