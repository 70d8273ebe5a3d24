"""The How to play page: generated from the variant and the key map (SPEC §3, §5)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from holdem_desktop.engine.variant import (
    BettingStructure,
    Variant,
    load_variant,
    shipped_variant,
    shipped_variants,
)
from holdem_desktop.ui import howto
from holdem_desktop.ui.howto import Section, how_to_play
from holdem_desktop.ui.keymap import DEFAULT_KEYS, Chord, Key, KeyMap, describe

SHIPPED = ("tournament", "pot_limit", "fixed_limit", "heads_up", "session")
HEADINGS = ("The game", "This game's rules", "Hand rankings", "Betting",
            "Choosing an amount", "The screen", "Keys", "Rooms", "Playing online",
            "Your own games", "Your past hands")
RULES, CHOOSING, SCREEN, KEYS, ONLINE, OWN = 1, 4, 5, 6, 8, 9
STRUCTURE_WORD = {BettingStructure.NO_LIMIT: "No-limit betting",
                  BettingStructure.POT_LIMIT: "Pot-limit betting",
                  BettingStructure.FIXED_LIMIT: "Fixed-limit betting"}
GENERAL_SCALE = ("the smallest bet or raise allowed", "three quarters of the pot",
                 "twice the pot")


def page(variant: Variant, keymap: KeyMap | None = None, *,
         amount: Callable[[int], str] | None = None) -> tuple[Section, ...]:
    if amount is None:  # the module's own default format
        return how_to_play(variant, keymap or KeyMap())
    return how_to_play(variant, keymap or KeyMap(), amount=amount)


def text(sections: tuple[Section, ...], index: int) -> str:
    return "\n".join(sections[index].paragraphs)


def chips(n: int) -> str:
    """A formatter no sentence could contain by accident."""
    return f"<{n}>"


def edited_tournament(tmp_path: Path, stem: str, **edits: str) -> Variant:
    """A copy of the shipped tournament file with whole TOML lines replaced, loaded."""
    source = resources.files("holdem_desktop.variants").joinpath("tournament.toml")
    toml = source.read_text(encoding="utf-8")
    for key, line in edits.items():
        toml, n = re.subn(rf"^{key} = .*?$(\n +\[.*?\]\]$)?", line, toml, count=1,
                          flags=re.MULTILINE | re.DOTALL)
        assert n == 1, key
    path = tmp_path / f"{stem}.toml"
    path.write_text(toml, encoding="utf-8")
    return load_variant(path)


def test_the_five_shipped_variants_are_the_ones_tested():
    assert set(shipped_variants()) == set(SHIPPED)


@pytest.mark.parametrize("key", SHIPPED)
def test_sections_in_order_none_empty(key):
    sections = page(shipped_variant(key))
    assert tuple(s.heading for s in sections) == HEADINGS
    assert all(s.paragraphs for s in sections)


@pytest.mark.parametrize("key", SHIPPED)
def test_rules_state_the_variants_own_numbers(key):
    v = shipped_variant(key)
    rules = text(page(v, amount=chips), RULES)
    first = v.schedule.levels[0]
    assert v.name in rules
    assert f"Everyone starts with <{v.starting_stack}> chips." in rules
    assert f"a small blind of <{first.small}> and a big blind of <{first.big}>" in rules
    assert STRUCTURE_WORD[v.betting] in rules
    for other in set(BettingStructure) - {v.betting}:
        assert STRUCTURE_WORD[other] not in rules
    if v.min_players == v.max_players:
        assert f"for {v.max_players} players" in rules
    else:
        assert f"for {v.min_players} to {v.max_players} players" in rules
    assert "one player holds every chip" in rules


def test_default_amount_format_groups_thousands():
    rules = text(page(shipped_variant("tournament")), RULES)
    assert "Everyone starts with 1,500 chips." in rules
    assert "up to blinds of 500 and 1,000" in rules


def test_tournament_blinds_go_up_and_double():
    v = shipped_variant("tournament")
    rules = text(page(v, amount=chips), RULES)
    last = v.schedule.levels[-1]
    assert f"The blinds go up every {v.schedule.hands_per_level} hands." in rules
    assert f"There are {len(v.schedule.levels)} levels" in rules
    assert f"up to blinds of <{last.small}> and <{last.big}>" in rules
    assert "each new level doubles the blinds." in rules
    assert "There are no antes." in rules
    assert "It also ends" not in rules


def test_heads_up_describes_its_menu_not_the_general_scale():
    v = shipped_variant("heads_up")
    assert [s.value for s in v.raise_menu] == ["half_pot", "pot", "all_in"]
    choosing = page(v)[CHOOSING].paragraphs
    steps = [p for p in choosing if p.startswith("Step ")]
    assert steps == ["Step 1: half the pot.", "Step 2: the pot.", "Step 3: all-in."]
    assert f"step through {len(v.raise_menu)} amounts" in choosing[0]
    assert not any(name in p for p in choosing for name in GENERAL_SCALE)
    assert "Each of your turns starts at half the pot." in choosing
    # the general scale, by contrast, does name all five steps
    general = text(page(shipped_variant("tournament")), CHOOSING)
    assert all(name in general for name in GENERAL_SCALE)


def test_fixed_limit_states_the_cap_and_the_fixed_sizes():
    v = shipped_variant("fixed_limit")
    assert v.raise_cap is not None
    sections = page(v, amount=chips)
    rules = text(sections, RULES)
    big = v.schedule.levels[0].big
    assert f"one bet and at most {v.raise_cap} raises" in rules
    assert f"one big blind, <{big}> at first" in rules
    assert f"two big blinds, <{2 * big}> at first" in rules
    choosing = text(sections, CHOOSING)
    assert "the amount is fixed" in choosing
    assert "Step " not in choosing
    no_limit = text(page(shipped_variant("tournament")), RULES)
    assert "raises in a betting round is unlimited" in no_limit


def test_session_states_its_hand_and_minute_limits():
    v = shipped_variant("session")
    assert v.end.hands is not None and v.end.minutes is not None
    rules = text(page(v), RULES)
    assert f"after {v.end.hands} hands or after {v.end.minutes} minutes" in rules
    assert "ranked by their chips" in rules
    assert "The blinds stay the same for the whole game." in rules


def test_heads_up_states_its_hand_limit_and_unit():
    v = shipped_variant("heads_up")
    rules = text(page(v), RULES)
    assert f"It also ends after {v.end.hands} hands." in rules
    assert "multiple of" not in rules  # chip unit 1 needs no mention
    assert "units of" not in text(page(v), 3)


def test_an_edited_variant_file_changes_the_text(tmp_path):
    v = edited_tournament(
        tmp_path, "deep",
        name='name = "Deep stacks"',
        starting_stack="starting_stack = 4000",
        chip_unit="chip_unit = 5",
        betting='betting = "pot-limit"',
        levels="levels = [[25, 50], [50, 100], [100, 200]]\nantes = [0, 10, 20]",
        hands_per_level="minutes_per_level = 15",
        after_last_level='after_last_level = "hold"',
    )
    assert v.starting_stack == 4000 and v.schedule.levels[0].big == 50
    rules = text(page(v, amount=chips), RULES)
    assert "You are playing Deep stacks." in rules
    assert "Everyone starts with <4000> chips." in rules
    assert "Every stack, blind and bet is a multiple of <5> chips." in rules
    assert "a small blind of <25> and a big blind of <50>" in rules
    assert "From level 2 on, every player also pays an ante before each hand, " \
           "starting at <10>." in rules
    assert "The blinds go up every 15 minutes." in rules
    assert "There are 3 levels, up to blinds of <100> and <200>." in rules
    assert "After that they stay at <100> and <200> for the rest of the game." in rules
    assert "Pot-limit betting" in rules
    original = text(page(shipped_variant("tournament"), amount=chips), RULES)
    for gone in ("<1500>", "<10> chips", "every 10 hands", "doubles", "no antes"):
        assert gone in original and gone not in rules


def test_both_clocks_a_first_level_ante_and_a_single_hand_per_level(tmp_path):
    v = edited_tournament(
        tmp_path, "fast",
        levels="levels = [[10, 20], [20, 40]]\nantes = [10, 10]",
        hands_per_level="hands_per_level = 1\nminutes_per_level = 5",
    )
    rules = text(page(v), RULES)
    assert "Every player also pays an ante of 10 before each hand." in rules
    assert "The blinds go up every hand or every 5 minutes, whichever comes first." in rules
    assert "each new level doubles the blinds and the antes." in rules


def test_end_limit_read_from_an_edited_file(tmp_path):
    source = resources.files("holdem_desktop.variants").joinpath("tournament.toml")
    path = tmp_path / "short.toml"
    path.write_text(source.read_text(encoding="utf-8") + "minutes = 45\n", encoding="utf-8")
    rules = text(page(load_variant(path)), RULES)
    assert "It also ends after 45 minutes." in rules


def key_lines(sections: tuple[Section, ...]) -> dict[str, set[str]]:
    """What each Keys paragraph describes -> the key names it gives."""
    out: dict[str, set[str]] = {}
    for paragraph in sections[KEYS].paragraphs:
        keys, what = paragraph.split(": ", 1)
        out[what] = set(keys.split(", "))
    return out


def test_every_default_key_is_listed_with_its_command():
    lines = key_lines(page(shipped_variant("tournament")))
    # the card keys, 1 to 7: one line; and Ctrl+A, a text field's own (no command)
    assert len(lines) == len(Key) - 6 + 1
    cards = lines.pop("Read a card by its number: your two cards, then the board")
    assert cards == {"1 to 7"}
    assert lines.pop("Select a text field's whole text; typing or Backspace then "
                     "replaces it") == {"Ctrl+A"}
    for chord, key in DEFAULT_KEYS.items():
        if not key.name.startswith("CARD_"):
            assert str(chord) in lines[describe(key)], (chord, key)


def test_rebound_keys_appear_in_keys_and_screen():
    km = KeyMap()
    km.bind(Chord("x"), Key.FOLD)
    km.bind(Chord("f", ctrl=True), Key.POT)
    km.bind(Chord("f6"), Key.NEXT_ZONE)
    sections = page(shipped_variant("tournament"), km)
    lines = key_lines(sections)
    assert {"F", "X"} <= lines[describe(Key.FOLD)]
    assert "Ctrl+F" in lines[describe(Key.POT)]
    assert "Move to the next zone with Page Down, H or F6, and back with Page Up or Shift+H." \
        in sections[SCREEN].paragraphs
    default_screen = text(page(shipped_variant("tournament")), SCREEN)
    assert "F6" not in default_screen


def test_playing_online_tells_the_way_to_a_server_and_the_lobbys_keys():
    """How to play said nothing of a server, the Lobby, tournaments or
    accounts: a player found Play online, W and S only by wandering."""
    online = page(shipped_variant("tournament"))[ONLINE]
    assert online.heading == "Playing online"
    said = text(page(shipped_variant("tournament")), ONLINE)
    for words in ("choose Rooms, then Play online", "Enter joins the table in focus, W watches it",
                  "Play now seats you", "S says the standings", "Sign in or create account",
                  "connects again by itself"):
        assert words in said, words
    km = KeyMap()  # the Lobby's keys are the table's: rebound, said rebound
    km.bind(Chord("f7"), Key.WHOSE_TURN)
    assert "W or F7 watches it" in text(page(shipped_variant("tournament"), km), ONLINE)


@pytest.mark.parametrize("key", SHIPPED)
def test_paragraphs_are_short_speakable_and_fully_formatted(key):
    for index, section in enumerate(page(shipped_variant(key))):
        assert section.heading.strip()
        for paragraph in section.paragraphs:
            assert paragraph.strip() and paragraph == paragraph.strip()
            assert "{" not in paragraph and "}" not in paragraph, paragraph
            if index == OWN and os.sep in paragraph:  # the folder's path, as the system writes it
                continue
            if index != KEYS:  # key names such as [ and Shift+Tab come from the key map
                banned = set("*#_/\\|<>[]`~=") | (set() if index == SCREEN else {"+"})
                assert not set(paragraph) & banned, paragraph
                sentences = re.findall(r"[.!?](?:\s|$)", paragraph)
                assert 1 <= len(sentences) <= 2 or paragraph.endswith(":"), paragraph


def test_every_paragraph_is_one_translatable_message(monkeypatch):
    """With a marking translation, each heading and paragraph is wrapped as a whole:
    no sentence is glued together from untranslated pieces."""
    monkeypatch.setattr(howto, "_", lambda m: f"«{m}»")
    monkeypatch.setattr(howto, "ngettext", lambda s, p, n: f"«{s if n == 1 else p}»")
    for key in SHIPPED:
        for section in page(shipped_variant(key)):
            for line in (section.heading, *section.paragraphs):
                assert line.startswith("«") and line.endswith("»"), line


def test_plural_forms_follow_the_numbers(monkeypatch):
    counted: list[tuple[str, int]] = []

    def record(singular: str, plural: str, n: int) -> str:
        counted.append((singular, n))
        return singular if n == 1 else plural

    monkeypatch.setattr(howto, "ngettext", record)
    v = shipped_variant("session")
    page(v)
    assert ("Everyone starts with {amount} chip.", v.starting_stack) in counted
    assert ("{count} hand", v.end.hands) in counted
    assert ("{count} minute", v.end.minutes) in counted


def test_rooms_say_how_to_host_join_and_come_back():
    rooms = text(page(shipped_variant("tournament")), 7)
    assert "six-digit room code" in rooms
    for words in ("Create room", "Join room", "host's address", "Next hand", "Leave room",
                  "computer plays your seat"):
        assert words in rooms


def test_heads_up_says_its_sizes_are_the_only_ones_and_how_the_match_is_decided():
    v = shipped_variant("heads_up")
    choosing = text(page(v), CHOOSING)
    assert "these are the only sizes a bet or raise can have" in choosing
    assert "only sizes" not in text(page(shipped_variant("tournament")), CHOOSING)
    rules = text(page(v), RULES)
    assert "the bigger stack wins, and equal stacks are a draw" in rules


def test_own_games_give_the_folder_path(tmp_path):
    folder = tmp_path / "my variants"
    own = how_to_play(shipped_variant(), KeyMap(), folder=folder)[OWN]
    assert own.heading == "Your own games"
    assert f"Your variants folder is {folder}" in own.paragraphs
    assert any("New game" in p and "starting stack" in p for p in own.paragraphs)


def test_rules_now_say_the_sizes_and_the_hands_left():
    v = shipped_variant("heads_up")
    assert howto.rules_now(v, 3) == ["Bets and raises: half the pot, the pot or all-in only.",
                                     "7 hands left; then the bigger stack wins."]
    assert howto.rules_now(v, 9)[1] == "1 hand left; then the bigger stack wins."
    assert howto.rules_now(v, 10)[1] == "No hands left."
    assert howto.rules_now(shipped_variant("tournament"), 3) == []
    assert howto.rules_now(shipped_variant("session"), 40) == [
        "60 hands left; then the chips decide the places."]
