"""The Move log follows the language chosen mid-game: every line written
since the table opened is written again in the new language from its event
(it kept the old words before), in its place, and switching back gives the
very same lines; a long game lets go of its oldest events and keeps those
lines' words.  Driven with keys through the real window: hands played, the
Settings tab at the table, the language chosen there."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.events import HandStarted  # noqa: E402
from holdem_desktop.i18n.translate import set_language  # noqa: E402
from holdem_desktop.session.events import HandStarting  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui import move_log  # noqa: E402
from holdem_desktop.ui.move_log import MoveLog  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, window  # noqa: E402


def choose(app, table: TableScreen, presses: tuple[str, ...]) -> None:
    table.focus.id = "tab:settings"
    keys(app, "return")
    table.focus.id = "language"
    keys(app, *presses)
    keys(app, "escape")


def test_the_move_log_is_written_again_in_the_language_chosen(player_home):
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    try:
        session = desktop.start_variant("tournament")
        assert not isinstance(session, str)
        app = window(desktop, session)
        table = app.screen
        assert isinstance(table, TableScreen)
        for _ in range(60):  # a few hands: call along, deal again
            if session.hands_played >= 3 or session.game_over:
                break
            keys(app, "n" if session.hand is None or session.hand.over else "c")
        english = list(table.log)
        assert len(english) > 15 and any(line.startswith("Hand ") for line in english)
        choose(app, table, ("down",))  # English -> Română
        assert desktop.settings.language == "ro"
        romanian = list(table.log)
        assert len(romanian) == len(english)
        changed = sum(r != e for r, e in zip(romanian, english, strict=True))
        assert changed >= 0.9 * len(english), list(zip(romanian, english, strict=True))[:10]
        assert not any(line.startswith("Hand ") for line in romanian)
        keys(app, "n" if session.hand is None or session.hand.over else "c")
        newer = table.log[len(romanian):]
        choose(app, table, ("up",))  # back to English: the very same lines
        assert desktop.settings.language == "en"
        assert table.log[:len(english)] == english
        assert all(a != b for a, b in zip(newer, table.log[len(romanian):], strict=False)) \
            or not newer
    finally:
        set_language("en")
        desktop.close()


def test_a_long_game_keeps_its_oldest_lines_as_words(monkeypatch):
    monkeypatch.setattr(move_log, "KEPT_EVENTS", 40)
    log = MoveLog(lambda seat: f"P{seat}", me=0)
    log.put_back(["From the save."])
    for hand in range(1, 30):
        log.add(HandStarted((0, 1), (100, 100), 0, (10, 20), (0, 0)))
        log.add(HandStarting(hand, 1, 0, (10, 20), 0, None))
    assert len(log._events) <= 40 and log.lines[0] == "From the save."
    try:
        before = list(log.lines)
        set_language("ro")
        log.relanguage()
        assert len(log.lines) == len(before) and log.lines[0] == "From the save."
        folded = len(log._kept)  # the save's line and the oldest hands'
        assert folded > 1 and log.lines[:folded] == before[:folded]  # kept as written
        assert log.lines[folded:] != before[folded:]  # the rest in Romanian
    finally:
        set_language("en")
