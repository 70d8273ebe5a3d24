"""How to play's hand rankings with card pictures (issue 33, 10): under each
ranking's words, the five cards of the hand its words name, drawn as card
images inside its paragraph at 1024x640, 1366x768 and 1920x1080; the words
read by ear are the same as before."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pytest.importorskip("numpy")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.cards import card_text, parse_cards  # noqa: E402
from holdem_desktop.engine.evaluator import evaluate_hand  # noqa: E402
from holdem_desktop.engine.hand_classes import HandCategory  # noqa: E402
from holdem_desktop.engine.variant import shipped_variant  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.card_page import CardPageRenderer  # noqa: E402
from holdem_desktop.ui.help_pages import HelpPage  # noqa: E402
from holdem_desktop.ui.howto import RANKING_EXAMPLES  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.ui.cards_drawn import is_card, side_by_side  # noqa: E402

NAMED = [HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT_FLUSH, HandCategory.FOUR_OF_A_KIND,
         HandCategory.FULL_HOUSE, HandCategory.FLUSH, HandCategory.STRAIGHT,
         HandCategory.THREE_OF_A_KIND, HandCategory.TWO_PAIR, HandCategory.PAIR,
         HandCategory.HIGH_CARD]
"""The hand each ranking paragraph names, best first (a royal flush is the
ace-high straight flush)."""


def test_each_example_is_the_hand_its_words_name():
    for k, (cards, named) in enumerate(zip(RANKING_EXAMPLES, NAMED, strict=True)):
        value = evaluate_hand(parse_cards(cards))
        assert value.category is named, cards
        assert value.is_royal_flush is (k == 0)
    strengths = [evaluate_hand(parse_cards(c)).strength for c in RANKING_EXAMPLES]
    assert strengths == sorted(strengths, reverse=True)  # best first, as the words go


def _help(player_home):
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    page = HelpPage(desktop, shipped_variant(), desktop.speech.say)
    return desktop, page


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_the_rankings_show_their_cards_inside_their_paragraph(player_home, size):
    _desktop, page = _help(player_home)
    renderer = page.renderer
    assert isinstance(renderer, CardPageRenderer)
    window = pygame.Rect((0, 0), size)
    ranked = [c for c in page.controls() if c.id in renderer.pictures]
    assert len(ranked) == len(RANKING_EXAMPLES)
    for control, cards in zip(ranked, RANKING_EXAMPLES, strict=True):
        page.focus.id = control.id  # brought into view
        surface = pygame.Surface(size)
        page.draw(surface)
        box = page.rects[control.id]
        images = renderer.drawn_cards[control.id]
        assert len(images) == 5
        assert all(box.contains(r) and window.contains(r) for r in images)
        assert side_by_side(images)
        for rect, card in zip(images, parse_cards(cards), strict=True):
            assert is_card(surface, rect, renderer, card_text(card)), (control.label, card)
        for other, rect in page.rects.items():  # nothing else drawn over the pictures
            if other not in (control.id, "scrollbar"):
                assert not any(rect.colliderect(r) for r in images), other


def test_the_rankings_are_read_as_before(player_home):
    desktop, page = _help(player_home)
    app = App(page, keymap=desktop.keymap, after_input=desktop.flush)
    page.focus.id = "p2.0"  # "From the best hand to the worst:"
    keys(app, "down")
    assert desktop.speech.history[-1].text == (
        "Royal flush: ace, king, queen, jack and ten, all of the same suit.")
    keys(app, "down")
    assert desktop.speech.history[-1].text.startswith("Straight flush: five cards in a row")
