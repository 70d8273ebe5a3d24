"""Sitting out, through the real Desktop (dummy video driver, the recording
speaker) over a real server on loopback: a player who lets the table's
clock run out twice in a row hears each timeout, then that they sit out
and how to come back; the Room zone's Back brings them back, and they hear
it (or Next hand does, and deals them in: a decision's key only says the way
back); the settings file's sit_out_after and sit_out_hands reach the rule, and
values that cannot be used stop the server with the setting's name."""

from __future__ import annotations

import dataclasses
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.net import public_table  # noqa: E402
from holdem_desktop.net.sit_out import SitOutRule  # noqa: E402
from holdem_desktop.server.config import ConfigError, parse_config  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402

from .conftest import said  # noqa: E402
from .test_lobby_desktop import lobby_by_keys, wait_for  # noqa: E402

SIT_OUT = ("Your time ran out again, so you sit out: each hand the game checks or folds "
           "for you at once, and your blinds are still paid. To play again, press Next hand, "
           "or activate Back in the Room zone.")


@pytest.mark.parametrize("how", ["room_back", "next_hand_key"])
def test_two_timeouts_sit_the_player_out_and_back_brings_them_back(desktop, served,
                                                                     monkeypatch, how):
    monkeypatch.setitem(public_table.SPEED_TIMES, "normal",
                        public_table.Speed(2.0, 0.0, 0.0, 0.0))
    # (K = 0: alone at the table, sat out, her seat waits for her to be back)
    served.server.lobby.limits = dataclasses.replace(served.server.lobby.limits,
                                                     sit_out=SitOutRule(2, 0))
    app = lobby_by_keys(desktop, served)
    wait_for(app, [], lambda: any("No public table yet" in s for s in said(desktop)))
    app.screen.focus.id = "play_now"
    keys(app, "return")
    page = app.screen
    remote = desktop.remote
    assert isinstance(page, TableScreen) and remote is not None
    wait_for(app, [], lambda: remote.table is not None and remote.table.started)
    room = served.server.lobby.rooms[remote.code]

    def heard(text: str) -> bool:
        return any(text in line for line in said(desktop))

    def sat_out() -> bool:
        if heard(SIT_OUT):
            return True
        if remote.table is not None and remote.table.view is not None \
                and remote.table.view.over:
            keys(app, "n")  # she deals the next hand, and never decides
        return False

    wait_for(app, [], sat_out, 60)
    text = " ".join(said(desktop))
    timeouts = [k for k in range(len(text)) if text.startswith("Your time ran out: the game", k)]
    assert len(timeouts) >= 2 and timeouts[-1] < text.index(SIT_OUT), text[-800:]
    ann = room.members[0]
    assert ann.sat_out is not None and remote.table is not None
    wait_for(app, [], lambda: remote.table.kinds[0] == "computer")
    page.guard_until = 0.0  # C while sat out: said in the news' words, with the way back
    keys(app, "c")
    assert said(desktop)[-1] == (
        "You sit out: each hand the game checks or folds for you at once. To play again, "
        "press Next hand, or activate Back in the Room zone."), said(desktop)[-1]
    if how == "room_back":  # the Room zone offers Back; she presses it
        page.focus.id = "room:do:back"
        focused = page.focused()
        assert focused is not None and focused.id == "room:do:back"
        keys(app, "return")
    else:  # or she presses Next hand, as she would to play on: it brings her back too
        wait_for(app, [], lambda: remote.table is not None and remote.table.view is not None
                 and remote.table.view.over)
        before = remote.table.hand
        keys(app, "n")
    wait_for(app, [], lambda: heard("You are back: you play your seat again."))
    assert ann.sat_out is None and not ann.replaced
    assert not any("press Back" in line for line in said(desktop))
    if how == "next_hand_key":  # the same press said she is ready: her next hand is dealt
        wait_for(app, [], lambda: remote.table is not None and remote.table.hand > before, 60)


def test_the_settings_file_sets_the_rule_and_refuses_what_cannot_be_used(tmp_path):
    settings = tmp_path / "server.toml"
    settings.write_text("sit_out_after = 3\nsit_out_hands = 0\ninsecure = true\n",
                        encoding="utf-8")
    config = parse_config(["--config", str(settings)])
    assert (config.sit_out_after, config.sit_out_hands) == (3, 0)
    from holdem_desktop.server.service import GameServer

    server = GameServer(config)
    assert server.lobby.limits.sit_out == SitOutRule(3, 0)
    for bad in ("-1", '"2"', "1.5"):
        settings.write_text(f"sit_out_after = {bad}\ninsecure = true\n", encoding="utf-8")
        with pytest.raises(ConfigError, match="sit_out_after: not a whole number"):
            parse_config(["--config", str(settings)])
