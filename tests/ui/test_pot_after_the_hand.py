"""P once a hand is over at the table says who won what, as the hand
review's last step does (tests/ui/test_replay_reading_keys.py), not
"Pot: 0." (the pot paid out); while the next hand is being played it is
the pot again."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.events import PotAwarded  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from tests.driving import keys, window  # noqa: E402


def test_p_after_the_hand_says_who_won(player_home):
    desktop = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    for _ in range(30):
        if session.hand.over:
            break
        keys(app, "f" if session.hand.to_act == 0 else "t")
    assert session.hand.over
    awards = [e for e in session.hand.events if isinstance(e, PotAwarded)]
    winner = awards[0].winners[0]
    who = "You" if winner == 0 else session.seats[winner].name
    keys(app, "p")
    said = desktop.speech.history[-1].text
    assert re.fullmatch(rf"({who} won [\d,]+\.|Split pot: .*)( .*)?", said), said
    assert "Pot: 0" not in said
    keys(app, "n")  # the next hand: the pot again
    keys(app, "p")
    assert desktop.speech.history[-1].text.startswith("Pot: "), desktop.speech.history[-1].text
