"""The player's own variants folder, the adjustments a game starts with, and
their way into the session, the saved game and the hand histories."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.phh import load_path
from holdem_desktop.engine.variant import (
    VariantError,
    adjust_variant,
    dump_variant,
    parse_variant,
    shipped_variant,
    shipped_variants,
    stack_range,
)
from holdem_desktop.saves import SeatPlan, load_game, save_game
from holdem_desktop.session import HumanController, Session
from holdem_desktop.session.history import HandHistoryWriter
from holdem_desktop.session.variant_files import (
    MAX_FILE_SIZE,
    copy_variant,
    find_game,
    level_clocks,
    list_games,
    stack_choices,
    user_variants_dir,
    variant_argument,
)
from tests.folders import system_data_folder


def shipped_text(key: str) -> str:
    return shipped_variant(key).source.read_text(encoding="utf-8")


def write_deep(folder, name="deep.toml"):
    text = shipped_text("tournament").replace('name = "Tournament"', 'name = "Deep"') \
        .replace("starting_stack = 1500", "starting_stack = 5000") \
        .replace("hands_per_level = 10", "hands_per_level = 5")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def test_the_folder_lists_valid_and_broken_files_after_the_shipped_ones(tmp_path):
    folder = tmp_path / "variants"
    write_deep(folder)
    (folder / "bad.toml").write_text(shipped_text("tournament").replace(
        "players = { min = 2, max = 10 }", "players = { min = 2, max = 11 }"), encoding="utf-8")
    (folder / "notes.txt").write_text("not a variant", encoding="utf-8")
    (folder / "huge.toml").write_bytes(b"#" * (MAX_FILE_SIZE + 1))
    games = list_games(folder)
    assert [g.id for g in games[:5]] == list(shipped_variants())
    assert not any(g.own for g in games[:5])
    own = {g.id: g for g in games[5:]}
    assert set(own) == {"my:bad.toml", "my:deep.toml", "my:huge.toml"}
    deep = own["my:deep.toml"]
    assert deep.own and deep.error is None and deep.variant.name == "Deep"
    assert deep.variant.starting_stack == 5000 and deep.path == folder / "deep.toml"
    bad = own["my:bad.toml"]
    assert bad.variant is None
    assert (bad.error.key, bad.error.problem) == ("players.max", "out_of_range")
    assert own["my:huge.toml"].error.details["reason"] == "too_large"


def test_a_missing_folder_lists_the_shipped_variants_only(tmp_path):
    assert [g.id for g in list_games(tmp_path / "none")] == list(shipped_variants())


def test_the_default_folder_is_in_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert user_variants_dir() == system_data_folder(tmp_path) / "variants"


def test_find_game_reads_shipped_and_own_files_and_nothing_else(tmp_path):
    folder = tmp_path / "variants"
    write_deep(folder)
    assert find_game("heads_up", folder) is shipped_variant("heads_up")
    assert find_game("my:deep.toml", folder).starting_stack == 5000
    for missing in ("my:none.toml", "my:../deep.toml", "my:", "nope"):
        with pytest.raises(KeyError):
            find_game(missing, folder)
    (folder / "broken.toml").write_text("name = ", encoding="utf-8")
    with pytest.raises(VariantError):
        find_game("my:broken.toml", folder)


def test_copying_a_shipped_variant_keeps_its_comments_and_never_overwrites(tmp_path):
    folder = tmp_path / "new" / "variants"
    first = copy_variant(shipped_variant("heads_up"), folder)
    second = copy_variant(shipped_variant("heads_up"), folder)
    assert (first.name, second.name) == ("heads_up.toml", "heads_up_2.toml")
    assert first.read_text(encoding="utf-8") == shipped_text("heads_up")
    games = {g.id: g for g in list_games(folder)}
    assert games["my:heads_up_2.toml"].variant.menu_only


def test_a_variant_with_no_file_is_copied_from_its_rules(tmp_path):
    rules = adjust_variant(shipped_variant(), starting_stack=3000)
    path = copy_variant(dataclasses.replace(rules, source=None), tmp_path)
    assert find_game(f"my:{path.name}", tmp_path).starting_stack == 3000


def test_stack_and_blind_speed_choices_stay_in_the_allowed_range():
    t = shipped_variant("tournament")
    assert stack_choices(t) == (750, 1500, 3000, 4500, 7500, 15000)
    low, high = stack_range(t)
    assert (low, high) == (200, 20000)
    clocks = level_clocks(t)
    # in order, the game's own (every 10 hands) among them: a combo box steps them in order
    assert clocks == ((5, None), (10, None), (15, None), (20, None), (30, None), (None, 5),
                      (None, 10), (None, 15), (None, 20), (None, 30), (None, 60))
    both = adjust_variant(t, level_clock=(12, 25))
    assert level_clocks(both)[:4] == ((5, None), (10, None), (12, 25), (15, None))
    assert len(set(clocks)) == len(clocks)
    for clock in clocks:
        adjust_variant(t, level_clock=clock)
    h = shipped_variant("heads_up")
    assert stack_choices(h) == (50, 100, 200, 300, 500, 1000)
    assert level_clocks(h) == ()  # its blinds never go up


@pytest.mark.parametrize(("options", "key", "problem"), [
    ({"starting_stack": 30}, "starting_stack", "out_of_range"),
    ({"starting_stack": 1505}, "starting_stack", "not_multiple_of_chip_unit"),
    ({"starting_stack": 0}, "starting_stack", "not_positive"),
    ({"level_clock": (0, None)}, "blinds.hands_per_level", "not_positive"),
    ({"level_clock": (None, 601)}, "blinds.minutes_per_level", "out_of_range"),
    ({"level_clock": (None, None)}, "blinds.levels", "unreachable_levels"),
])
def test_adjustments_outside_the_rules_are_refused(options, key, problem):
    with pytest.raises(VariantError) as err:
        adjust_variant(shipped_variant(), **options)
    assert (err.value.key, err.value.problem) == (key, problem)


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(sorted(shipped_variants())), stack_index=st.integers(0, 5),
       clock_index=st.integers(0, 11))
def test_rules_written_as_toml_read_back_the_same(key, stack_index, clock_index):
    v = shipped_variant(key)
    stacks, clocks = stack_choices(v), level_clocks(v)
    adjusted = adjust_variant(v, starting_stack=stacks[stack_index % len(stacks)],
                              level_clock=clocks[clock_index % len(clocks)] if clocks else None)
    again = parse_variant(dump_variant(adjusted), f"{key}.toml")
    assert again == dataclasses.replace(adjusted, source=None)


def play_a_hand(session: Session) -> None:
    session.next_hand()
    while session.waiting_for is not None:
        seat = session.waiting_for
        legal = {a.kind for a in session.view(seat).legal_actions}
        session.submit(seat, Action.check() if ActionKind.CHECK in legal else Action.call())


def test_a_user_variant_with_a_chosen_stack_and_speed_plays_saves_continues_and_is_recorded(
        tmp_path):
    folder = tmp_path / "variants"
    write_deep(folder)
    variant = adjust_variant(find_game("my:deep.toml", folder), starting_stack=7000,
                             level_clock=(None, 20))
    session = Session(variant, [("Ann", HumanController()), ("Bob", HumanController())],
                      rng=random.Random(3), clock=lambda: 0.0)
    HandHistoryWriter(session, tmp_path / "hands")
    session.start()
    assert [st.chips for st in session.seats] == [7000, 7000]
    play_a_hand(session)
    hands = load_path(next((tmp_path / "hands").glob("*.phhs")))
    assert hands[0][1].starting_stacks == (7000, 7000)
    path = tmp_path / "autosave.json"
    save_game(session, [SeatPlan("human"), SeatPlan("human")], path)
    # The file is edited after the game started: the game goes on with its own rules.
    (folder / "deep.toml").write_text("broken", encoding="utf-8")
    restored, _plans = load_game(path, rng=random.Random(1))
    assert restored.variant.starting_stack == 7000
    assert restored.variant.schedule.minutes_per_level == 20
    assert restored.variant.schedule.hands_per_level is None
    assert restored.variant.name == "Deep" and restored.variant.source == folder / "deep.toml"
    play_a_hand(restored)
    assert restored.hands_played == 2
    assert sum(st.chips for st in restored.seats) == 14000


def test_a_shipped_game_with_another_stack_is_continued_with_it(tmp_path):
    variant = adjust_variant(shipped_variant("heads_up"), starting_stack=300)
    session = Session(variant, [("Ann", HumanController()), ("Bob", HumanController())],
                      rng=random.Random(3), clock=lambda: 0.0)
    session.start()
    play_a_hand(session)
    path = tmp_path / "autosave.json"
    save_game(session, [SeatPlan("human"), SeatPlan("human")], path)
    restored, _plans = load_game(path)
    assert restored.variant.starting_stack == 300 and restored.variant.menu_only
    assert restored.variant.source == shipped_variant("heads_up").source


def test_a_command_line_names_a_shipped_key_an_own_game_or_a_file(tmp_path):
    folder = tmp_path / "variants"
    path = write_deep(folder)
    assert variant_argument("heads_up", folder) is shipped_variant("heads_up")
    assert variant_argument("my:deep.toml", folder).name == "Deep"
    assert variant_argument(str(path)).name == "Deep"
    assert variant_argument(str(path)).source == path
    with pytest.raises(KeyError):
        variant_argument("nope", folder)
    with pytest.raises(VariantError) as err:
        variant_argument(str(tmp_path / "missing.toml"))
    assert err.value.problem == "unreadable"
