"""An amount outside a variant's fixed sizes is refused in a sentence that
lists the sizes allowed, in the player's language."""

from __future__ import annotations

import pytest

from holdem_desktop.engine.actions import ActionKind, IllegalAction
from holdem_desktop.i18n.translate import set_language
from holdem_desktop.ui.reasons import explain

REFUSAL = IllegalAction("amount_not_in_menu", amount=5, allowed=(4, 6), all_in=100)


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def test_the_refusal_lists_the_sizes_allowed():
    set_language("en")
    said = explain(ActionKind.RAISE, REFUSAL, str)
    assert said == ("You can't raise: 5 is not one of this game's sizes; "
                    "you can choose 4, 6 or all-in for 100.")


def test_without_all_in_only_the_sizes_are_named():
    set_language("en")
    refusal = IllegalAction("amount_not_in_menu", amount=90, allowed=(50, 70), all_in=None)
    assert explain(ActionKind.RAISE, refusal, str).endswith("you can choose 50 or 70.")


@pytest.mark.parametrize(("language", "words"), [
    ("ro", ("Nu poți mări", "poți alege", "4, 6 sau all-in cu 100")),
    ("it", ("Non puoi rilanciare", "puoi scegliere", "4, 6 o all-in da 100")),
    ("pl", ("Nie możesz przebić", "możesz wybrać", "4, 6 lub all-in za 100")),
])
def test_the_refusal_is_said_in_the_players_language(language, words):
    assert set_language(language)
    said = explain(ActionKind.RAISE, REFUSAL, str)
    for word in words:
        assert word in said, said
