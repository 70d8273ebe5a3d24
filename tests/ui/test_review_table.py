"""Hand review's hands as a table (issue 33, 10): a row per hand with its
number, your cards and the board as card images, the result and the pot,
reached by keys and said as one line each, as before.  Measured on the
drawn frame at 1024x640, 1366x768 and 1920x1080: every row's images are
the very cards stored (the board only as far as it was dealt), inside
their row and column, rows apart, the words inside the window."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pytest.importorskip("numpy")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.actions import Action  # noqa: E402
from holdem_desktop.engine.cards import card_text, parse_cards  # noqa: E402
from holdem_desktop.engine.hand import Hand, HandConfig  # noqa: E402
from holdem_desktop.engine.replay import to_phh  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.store import GameInfo  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.card_page import CardPageRenderer  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402
from tests.store.test_review import scripted  # noqa: E402
from tests.ui.cards_drawn import is_card, side_by_side  # noqa: E402
from tests.ui.contrast import glyphs  # noqa: E402


def folded_before_the_flop():
    """Hand 8: Mara (you) folds her 7 2 at once; no board is dealt."""
    cfg = HandConfig(stacks=(1000, 1000, 1000), blinds=(10, 20, 0), min_bet=20)
    hand = Hand(cfg, stacked_deck(["QsQh", "8c8d", "7h2s"], "Kd 9s 4c Js 3h"))
    hand.apply(2, Action.fold())
    hand.apply(0, Action.fold())
    assert hand.over
    return to_phh(hand, players=["Ana", "Bruno", "Mara"], hand_number=8, table="Tournament")


@pytest.fixture
def review(player_home):
    """The start screen's Hand review, opened by keys on the stored game's hands."""
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    store = desktop.hand_store()
    assert store is not None
    info = GameInfo("local", "Tournament", "Mara", "normal", 3)
    game = store.add_hand(None, info, 7, scripted(), 2, ["normal", "normal", "human"])
    store.add_hand(game, info, 8, folded_before_the_flop(), 2, ["normal", "normal", "human"])
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "review"
    keys(app, "return", "return")  # Hand review, then the game's hands
    return app, desktop


def test_each_row_is_said_as_one_line_by_keys(review):
    app, desktop = review
    heard = [s.text for s in desktop.speech.history]
    assert heard[-1] == "Hands. Hand 7: ace of hearts and king of hearts, won 360, button"
    keys(app, "down")
    assert desktop.speech.history[-1].text == ("Hand 8: seven of hearts and two of spades, "
                                               "even, button")


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_the_rows_show_the_stored_cards_as_images(review, size):
    app, _desktop = review
    page = app.screen
    renderer = page.renderer
    assert isinstance(renderer, CardPageRenderer)
    rows = {cid: renderer.rows[cid] for cid in renderer.rows}
    assert len(rows) == 2
    found = glyphs(page.draw, size)  # draws the frame (twice: with and without words)
    surface = pygame.Surface(size)
    page.draw(surface)
    window = surface.get_rect()
    assert all(window.contains(g.rect) for g in found)
    first, second = (page.rects[cid] for cid in rows)
    assert first.bottom <= second.top  # rows one under the other, apart
    want = {"hand:1": (parse_cards("AhKh"), parse_cards("Kd9s4cJs3h")),
            "hand:2": (parse_cards("7h2s"), ())}
    for cid, (cards, board) in want.items():
        row = page.rects[cid]
        images = renderer.drawn_cards[cid]
        assert len(images) == len(cards) + len(board)  # no card that was not dealt
        assert all(row.contains(r) for r in images)
        assert side_by_side(images)
        for rect, card in zip(images, [*cards, *board], strict=True):
            assert is_card(surface, rect, renderer, card_text(card)), (cid, card)
        # the words of the row (number, result, pot) are drawn inside it
        inside = [g for g in found if g.rect.colliderect(row)]
        assert inside and all(row.contains(g.rect) for g in inside)
    # the board column starts after your cards end, in every row
    yours = renderer.drawn_cards["hand:1"][1]
    assert renderer.drawn_cards["hand:1"][2].left > yours.right
    assert renderer.drawn_cards["hand:2"][1].right <= renderer.drawn_cards["hand:1"][2].left
