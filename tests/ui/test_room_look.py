"""A room's table before its first game: the felt names the button it
means, the Game state says no "Hand 0", and the Room zone's buttons (three
to a row when needed, never squeezed) leave the Move log a few lines."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.net.protocol import Table, Welcome  # noqa: E402
from holdem_desktop.net.remote import RemoteTable  # noqa: E402
from holdem_desktop.resources import assets_dir  # noqa: E402
from holdem_desktop.ui.draw import TableRenderer  # noqa: E402
from holdem_desktop.ui.table import RoomInfo, TableScreen  # noqa: E402
from tests.ui.test_table_look import overlaps  # noqa: E402

ROOM = RoomInfo("482915", "Join my table: 482915", lambda text: True, lambda: None)
NAMES = ("Mara", "Ada", "Bruno", "Chiara", "Dario", "", "", "")


def _room_table(blinds: tuple[int, int], names: tuple[str, ...] = NAMES) -> TableScreen:
    kinds = tuple("human" if k == 0 else "computer" if n else "empty"
                  for k, n in enumerate(names))
    welcome = Welcome(0, "0" * 32, "482915", names, "tournament", False, 0)
    remote = RemoteTable(object(), shipped_variant("tournament"), welcome)
    remote.handle(Table(view=None, names=names, chips=tuple(1500 if n else 0 for n in names),
                        places=(None,) * len(names), kinds=kinds,
                        connected=tuple(bool(n) for n in names), hands_played=0, level=0,
                        blinds=blinds, ante=0, hands_until_next_level=10, game_over=False,
                        started=False, waiting_for=()))
    return TableScreen(remote, 0, TableRenderer(assets_dir() / "cards" / "classic"), room=ROOM)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_room_zone_leaves_the_move_log_three_lines_and_nothing_overlaps(size):
    screen = _room_table((10, 20))
    buttons = [c for c in screen.controls() if c.zone == "room" and c.id.startswith("room:")]
    assert len(buttons) >= 5  # the code, invitation, a Remove per computer, Leave
    surface = pygame.Surface(size)
    screen.draw(surface)
    rects = screen.rects
    line = round(22 * min(size[0] / 1280, size[1] / 800))
    # (a game's Move log is read line by line with the keys; on screen it keeps
    # a few lines even beside six room buttons)
    assert rects["log"].h >= (2 if size[1] < 800 else 3) * line
    room = {k: r for k, r in rects.items() if k.startswith("room:")}
    assert all(r.w >= 80 and r.h >= 20 for r in room.values())  # no squeezed button
    assert overlaps(room) == []
    assert not any(r.colliderect(rects["log"]) for r in room.values())


def test_the_felt_names_the_button_the_player_sees():
    screen = _room_table((10, 20))
    surface = pygame.Surface((1024, 640))
    screen.draw(surface)
    label = next(c.label for c in screen.controls() if c.id == "button:next_hand")
    assert screen.renderer.idle == f"Press N or {label} to begin."


def test_no_hand_zero_and_no_blinds_of_nothing_before_the_game():
    assert screen_lines((10, 20))[0] == "First hand: blinds 10 and 20"
    assert screen_lines((0, 0))[0] == "The game has not started yet."


def screen_lines(blinds: tuple[int, int]) -> list[str]:
    return _room_table(blinds).state_lines()
