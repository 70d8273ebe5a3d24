"""The turn clock by ear, through the real Desktop (dummy video driver, the
recording speaker) over a real server on loopback: the warning says the
seconds left, after the events that gave the player the turn (a clock of a
few seconds warns in the very tick that deals); when the base time is
spent the player hears, once, that their time bank runs and how long it
is, with a cue."""

from __future__ import annotations

import dataclasses
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net import public_table  # noqa: E402
from holdem_desktop.net.sit_out import SitOutRule  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402


def seated(desktop, served, monkeypatch, speed: public_table.Speed):
    """Mara at a public table of Play now whose clock is ``speed`` (nobody
    sits out)."""
    monkeypatch.setitem(public_table.SPEED_TIMES, "normal", speed)
    served.server.lobby.limits = dataclasses.replace(served.server.lobby.limits,
                                                     sit_out=SitOutRule(0, 0))
    app = lobby_by_keys(desktop, served)
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    app.screen.focus.id = "play_now"
    keys(app, "return")
    remote = desktop.remote
    assert isinstance(app.screen, TableScreen) and remote is not None
    return app, remote


def until_heard(app: App, desktop, remote, text: str, seconds: float = 40.0) -> str:
    """Deal hands (never deciding) until ``text`` is heard; all heard, joined."""
    def heard() -> bool:
        if any(text in s for s in said(desktop)):
            return True
        t = remote.table
        if t is not None and t.view is not None and t.view.over:
            keys(app, "n")
        return False

    wait_for(app, [], heard, seconds, seen=lambda: said(desktop)[-6:])
    return " ".join(said(desktop))


def test_the_warning_says_the_seconds_left_after_the_turn_it_warns_of(desktop, served,
                                                                       monkeypatch):
    app, remote = seated(desktop, served, monkeypatch, public_table.Speed(3.0, 0.0, 0.0, 0.0))
    text = until_heard(app, desktop, remote, "Your time is nearly up")
    warning = text.index("Your time is nearly up")
    # after the hand's start and "Your turn", never before them
    assert text.rfind("Your turn", 0, warning) > text.rfind("Hand ", 0, warning) >= 0, text
    said_now = text[warning:]
    assert said_now.startswith(("Your time is nearly up: 3 seconds left. Decide now, or the "
                                "game checks or folds for you.",
                                "Your time is nearly up: 2 seconds left. Decide now")), said_now


def test_the_time_bank_starting_is_said_once_with_its_seconds_and_a_cue(desktop, served,
                                                                        monkeypatch):
    app, remote = seated(desktop, served, monkeypatch, public_table.Speed(2.0, 3.0, 0.0, 3.0))
    text = until_heard(app, desktop, remote, "Time bank: 3 seconds.")
    until_heard(app, desktop, remote, "Your time ran out")
    text = " ".join(said(desktop))
    bank = text.index("Time bank: 3 seconds.")
    assert text.count("Time bank:") == 1, text
    # (base 2 s + bank 3 s: warned as the turn comes, the bank said as the base is spent)
    assert text.rfind("Your time is nearly up: ", 0, bank) > text.rfind("Your turn", 0, bank) \
        >= 0, text
    assert text.index("Your time ran out", bank) > bank
    assert "attention" in desktop.outputs.bank.requested, desktop.outputs.bank.requested
