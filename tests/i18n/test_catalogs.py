"""The catalogs: the template holds every string of the code, each language
translates all of it with its own plural rules, and numbers are written the
language's way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from holdem_desktop.i18n import amount
from holdem_desktop.i18n.translate import language, set_language, translation

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "locales" / "messages.pot"
LANGS = ("ro", "it", "pl")


def keys(path: Path) -> set[tuple[str | None, str, str | None]]:
    with path.open("rb") as f:
        catalog = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0],
             None if isinstance(m.id, str) else m.id[1]) for m in catalog if m.id}


def test_the_committed_template_holds_every_string_of_the_code(tmp_path):
    out = tmp_path / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F",
                    str(ROOT / "babel.cfg"), "-k", "_", "-k", "ngettext:1,2", "-k",
                    "pgettext:1c,2", "--no-location", "--sort-output", "--omit-header",
                    "-o", str(out), str(ROOT / "holdem_desktop")], check=True, cwd=ROOT,
                   timeout=120)
    fresh, committed = keys(out), keys(TEMPLATE)
    assert fresh - committed == set(), "strings missing from locales/messages.pot"
    assert committed - fresh == set(), "strings in locales/messages.pot no longer in the code"
    assert len(fresh) > 400


@pytest.mark.parametrize(("code", "text"), [("en", "1,500"), ("ro", "1.500"), ("it", "1.500"),
                                            ("pl", "1\xa0500")])
def test_chip_amounts_are_written_the_language_s_way(code, text, monkeypatch):
    monkeypatch.setattr("holdem_desktop.i18n.names.language", lambda: code)
    assert amount(1500) == text
    assert amount(20) == "20"


def test_a_missing_catalog_falls_back_to_english(monkeypatch, tmp_path):
    monkeypatch.setattr("holdem_desktop.i18n.translate.locales_dir", lambda: tmp_path)
    assert set_language("ro") is False
    assert language() == "en" and translation().gettext("Fold") == "Fold"
    assert set_language("xx") is False and language() == "en"


def catalog_problems(code: str) -> list[str]:
    import importlib.util

    spec = importlib.util.spec_from_file_location("check_catalog",
                                                  ROOT / "tools" / "check_catalog.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.problems(code)


@pytest.mark.parametrize("code", LANGS)
def test_every_message_is_translated_with_the_same_placeholders(code):
    assert catalog_problems(code) == []


# The plural form each language uses for these counts (its CLDR rule).
FORMS = {
    "ro": {0: 1, 1: 0, 2: 1, 5: 1, 21: 2, 22: 2, 25: 2, 101: 1},
    "it": {0: 2, 1: 0, 2: 2, 5: 2, 21: 2, 22: 2, 25: 2, 101: 2},
    "pl": {0: 2, 1: 0, 2: 1, 5: 2, 21: 2, 22: 1, 25: 2, 101: 2},
}


@pytest.mark.parametrize("code", LANGS)
def test_plural_forms_follow_the_language(code):
    with (ROOT / "locales" / code / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale=code)
    assert set_language(code)
    plurals = [m for m in catalog if m.id and not isinstance(m.id, str)]
    assert plurals
    for m in plurals:
        for n, form in FORMS[code].items():
            assert translation().ngettext(m.id[0], m.id[1], n) == m.string[form], (m.id, n)


def english_and(code: str, make):
    """What ``make()`` says in English, and in language ``code``."""
    set_language("en")
    english = make()
    assert set_language(code)
    try:
        return english, make()
    finally:
        set_language("en")


@pytest.mark.parametrize("code", LANGS)
def test_a_scripted_game_says_nothing_in_english(code):
    import random

    from holdem_desktop.ai.players import create_player
    from holdem_desktop.engine.variant import shipped_variant
    from holdem_desktop.session import HumanController, Session
    from holdem_desktop.speech import Announcer, SpeechOptions
    from holdem_desktop.ui.action_panel import ActionPanel
    from holdem_desktop.ui.keymap import KeyMap

    def play() -> list[str]:
        players = [("Mara", HumanController())] + [
            (n, create_player("normal", random.Random(k))) for k, n in enumerate(("Ada", "Bo"))]
        s = Session(shipped_variant("tournament"), players, rng=random.Random(11),
                    clock=lambda: 0.0)
        said: list[str] = []
        announcer = Announcer(0, lambda k: s.seats[k].name, said.append, SpeechOptions(hints=True))
        s.subscribe(announcer)
        panel = ActionPanel(s, 0)
        s.start()
        labels = []
        for _hand in range(6):
            s.next_hand()
            while not s.hand.over:
                labels += [b.label for b in panel.buttons()]
                labels += [panel.why(b.command) or "" for b in panel.buttons()]
                panel.activate(panel.buttons()[1].command)  # check or call
                announcer.flush()
            announcer.flush()
        labels += [text for _keys, text in KeyMap().help_lines()]
        return said + labels

    english, translated = english_and(code, play)
    assert len(english) == len(translated) > 50
    same = [e for e, t in zip(english, translated, strict=True) if e == t and e and
            any(ch.isalpha() for ch in e.replace("Mara", "").replace("Ada", "").replace("Bo", ""))]
    # Only words every language keeps (all-in, flop...) may stay as they are.
    assert len(same) <= len(english) // 20, same[:20]


@pytest.mark.parametrize("code", LANGS)
def test_hands_and_cards_are_named_in_the_language(code):
    from holdem_desktop.engine.cards import parse_cards
    from holdem_desktop.engine.evaluator import evaluate_hand
    from holdem_desktop.i18n import cards_names, hand_name

    hands = ["9s9hAd7c2s4d3c", "KsKh5d5c9s2d3c", "KsKhKd7c7s2d3c", "QsQhQdQc4s2d3c",
             "As9s7s4s2sKdQc", "Ts9h8d7c6s2d2c", "AsJh9d7c4s3d2c"]

    def names() -> list[str]:
        return [hand_name(evaluate_hand(parse_cards(h))) for h in hands] + [
            cards_names(parse_cards("AsKhQdJc"))]

    english, translated = english_and(code, names)
    for e, t in zip(english, translated, strict=True):
        assert t != e and "{" not in t
