"""A variant file's mistakes in a player's words (issue 33, item 11): a
group of settings written as one value was "it should be a table" (TOML's
word); the player is told what to write and where."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from holdem_desktop.engine.variant import VariantError, parse_variant
from holdem_desktop.i18n.translate import set_language
from holdem_desktop.i18n.variant_problems import variant_problem

SHIPPED = Path(__file__).resolve().parents[2] / "holdem_desktop" / "variants" / "tournament.toml"


def _problem(text: str) -> str:
    with pytest.raises(VariantError) as caught:
        parse_variant(text, "mine.toml")
    return variant_problem(caught.value)


def test_a_group_of_settings_given_one_value_says_how_to_write_it():
    text = re.sub(r"players = \{[^}]*\}", "players = 6", SHIPPED.read_text(encoding="utf-8"),
                  count=1)
    said = _problem(text)
    assert said == ("mine.toml, at players: players holds settings of its own: write them as "
                    "players = { … }, or under a line [players]; here it is a whole number.")
    assert "table" not in said


@pytest.mark.parametrize("code", ["ro", "it", "pl"])
def test_and_in_every_language(code):
    text = re.sub(r"players = \{[^}]*\}", "players = 6", SHIPPED.read_text(encoding="utf-8"),
                  count=1)
    try:
        set_language(code)
        said = _problem(text)
    finally:
        set_language("en")
    assert "[players]" in said and "holds settings of its own" not in said
