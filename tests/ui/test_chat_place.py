"""The open Chat zone hides nothing of the game (the sweep: it was drawn
over the bottom of the felt, on the player's own seat plate, and mid-hand
it would have hidden their hole cards and bet).  It takes the side panel's
Move log and Room zones, as PokerTH's chat shares its log's box: the felt
(every seat, card, bet, the board and the pot) and the Actions zone stay
in sight, and no control left under it can be clicked."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from tests.ui.test_room_look import _room_table  # noqa: E402

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("focus", ["chat:field", "chat:quick:nice_hand", "chat:none"])
def test_the_open_chat_hides_nothing_of_the_felt_nor_the_actions(size, focus):
    screen = _room_table((10, 20))
    assert screen.chat is not None
    screen.open_chat()
    screen.focus.id = focus
    surface = pygame.Surface(size)
    screen.draw(surface)
    rects = screen.rects
    box = rects["chat"]
    f = TableLayout(*size).felt
    assert not box.colliderect(pygame.Rect(f.x, f.y, f.w, f.h))  # seats, cards, board, pot
    assert surface.get_rect().contains(box)
    assert box.bottom <= rects["heading:actions"].top  # the Actions zone in sight
    chat = {k: r for k, r in rects.items() if k.startswith(("chat", "heading:chat"))}
    assert {"chat:field", "chat:quick:nice_hand", "chat:none"} <= chat.keys()
    assert all(box.contains(r) for r in chat.values()), chat
    assert focus in chat
    hidden = [k for k, r in rects.items() if k not in chat and r.colliderect(box)]
    assert hidden == []  # nothing under it to be clicked by mistake
