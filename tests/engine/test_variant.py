from __future__ import annotations

import dataclasses
import pickle
from importlib import resources
from pathlib import Path

import pytest

from holdem_desktop.engine.variant import (
    DEFAULT_VARIANT,
    PROBLEMS,
    BettingStructure,
    BlindLevel,
    BlindSchedule,
    EndCondition,
    RaiseStep,
    Variant,
    VariantError,
    load_variant,
    parse_variant,
    shipped_variant,
    shipped_variants,
)

VARIANTS_DIR = Path(__file__).resolve().parents[2] / "holdem_desktop" / "variants"

SPEC_LEVELS = [(10, 20), (20, 40), (30, 60), (50, 100), (100, 200), (150, 300), (200, 400),
               (300, 600), (500, 1000)]
FULL_MENU = (RaiseStep.MIN, RaiseStep.HALF_POT, RaiseStep.THREE_QUARTERS_POT, RaiseStep.POT,
             RaiseStep.TWO_POT)


# --------------------------------------------------------------------------- shipped files


def test_five_variants_are_shipped_keyed_by_stem_and_ordered_by_name():
    variants = shipped_variants()
    assert list(variants) == ["fixed_limit", "heads_up", "pot_limit", "session", "tournament"]
    names = [v.name for v in variants.values()]
    assert names == sorted(names, key=str.casefold)
    for key, variant in variants.items():
        assert variant.key == key
        assert variant.source == VARIANTS_DIR / f"{key}.toml"
        assert shipped_variant(key) is variant


def test_the_toml_files_are_package_data():
    root = resources.files("holdem_desktop.variants")
    found = sorted(e.name for e in root.iterdir() if e.name.endswith(".toml"))
    assert found == ["fixed_limit.toml", "heads_up.toml", "pot_limit.toml", "session.toml",
                     "tournament.toml"]
    pyproject = (VARIANTS_DIR.parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"holdem_desktop.variants" = ["*.toml"]' in pyproject


def test_every_shipped_file_documents_the_format_at_the_top():
    for path in sorted(VARIANTS_DIR.glob("*.toml")):
        header = path.read_text(encoding="utf-8").split("\nname = ")[0]
        assert all(line.startswith("#") for line in header.splitlines()), path.name
        for word in ("players", "starting_stack", "chip_unit", "no-limit", "raise_cap",
                     "three_quarters_pot", "levels", "antes", "hands_per_level",
                     "minutes_per_level", "after_last_level", "[end]"):
            assert word in header, (path.name, word)


def test_tournament_is_the_default_and_matches_the_spec():
    t = shipped_variant()
    assert t.key == DEFAULT_VARIANT == "tournament"
    assert t.name == "Tournament"
    assert (t.min_players, t.max_players) == (2, 10)
    assert (t.starting_stack, t.chip_unit) == (1500, 10)
    assert t.betting is BettingStructure.NO_LIMIT
    assert t.raise_cap is None
    assert t.raise_menu == FULL_MENU
    assert t.end == EndCondition(hands=None, minutes=None)
    assert t.end.last_player_standing
    s = t.schedule
    assert (s.hands_per_level, s.minutes_per_level, s.after_last) == (10, None, "double")
    assert [lvl.blinds for lvl in s.levels] == SPEC_LEVELS
    assert all(lvl.ante == 0 for lvl in s.levels)


def test_tournament_schedule_levels_then_doubling():
    s = shipped_variant("tournament").schedule
    assert [(s.level(i).small, s.level(i).big) for i in range(9)] == SPEC_LEVELS
    assert s.level(9) == BlindLevel((1000, 2000))
    assert s.level(10) == BlindLevel((2000, 4000))
    assert s.level(11) == BlindLevel((4000, 8000))
    assert s.level(10).ante == 0


def test_tournament_level_index_by_hands():
    s = shipped_variant("tournament").schedule
    assert [s.level_index(h) for h in range(10)] == [0] * 10
    assert s.level_index(10) == 1
    assert s.level_index(19) == 1
    assert s.level_index(89) == 8
    assert s.level_index(90) == 9          # past the list: doubling goes on
    assert s.level_index(105) == 10
    assert s.level(s.level_index(105)).big == 4000
    assert s.level_index(5, minutes_played=600.0) == 0   # no time clock in the tournament


def test_tournament_hands_until_next_level():
    s = shipped_variant("tournament").schedule
    assert s.hands_until_next_level(0) == 10
    assert s.hands_until_next_level(9) == 1
    assert s.hands_until_next_level(10) == 10
    assert s.hands_until_next_level(87) == 3
    assert s.hands_until_next_level(95) == 5   # doubling levels keep coming


def test_minutes_based_level_change():
    levels = tuple(BlindLevel((b // 2, b)) for b in (20, 40, 60))
    by_time = BlindSchedule(levels, hands_per_level=None, minutes_per_level=15,
                            after_last="hold")
    assert by_time.level_index(0, 0.0) == 0
    assert by_time.level_index(50, 14.99) == 0
    assert by_time.level_index(0, 15.0) == 1
    assert by_time.level_index(0, 44.0) == 2
    assert by_time.level_index(0, 500.0) == 2        # held at the last level
    assert by_time.level(7) == levels[-1]
    assert by_time.hands_until_next_level(3) is None

    both = BlindSchedule(levels, hands_per_level=10, minutes_per_level=15, after_last="double")
    assert both.level_index(3, 15.5) == 1            # the clock came first
    assert both.level_index(10, 2.0) == 1            # the hands came first
    assert both.level_index(25, 16.0) == 2
    assert both.level_index(0, 60.0) == 4
    assert both.level(3) == BlindLevel((60, 120))
    assert both.level(4) == BlindLevel((120, 240))
    assert both.hands_until_next_level(3) == 7
    assert both.hands_until_next_level(3, minutes_played=16.0) == 17


def test_level_never_changes_without_hands_or_minutes():
    s = shipped_variant("session").schedule
    assert s.level_index(10_000, 10_000.0) == 0
    assert s.hands_until_next_level(50) is None


def test_holding_schedule_stops_counting_hands_at_the_last_level():
    s = BlindSchedule((BlindLevel((10, 20)), BlindLevel((20, 40))), hands_per_level=5,
                      minutes_per_level=None, after_last="hold")
    assert s.hands_until_next_level(0) == 5
    assert s.hands_until_next_level(4) == 1
    assert s.hands_until_next_level(5) is None
    assert s.level_index(100) == 1
    assert s.level(100) == BlindLevel((20, 40))


def test_schedule_and_level_refuse_nonsense_arguments():
    s = shipped_variant().schedule
    for call in (lambda: s.level(-1), lambda: s.level_index(-1),
                 lambda: s.level_index(0, -1.0), lambda: s.level_index(0, float("nan"))):
        with pytest.raises(ValueError):
            call()
    with pytest.raises(ValueError):
        BlindLevel((20,))
    with pytest.raises(ValueError):
        BlindSchedule((), hands_per_level=None, minutes_per_level=None, after_last="hold")
    with pytest.raises(ValueError):
        BlindSchedule((BlindLevel((1, 2)),), hands_per_level=None, minutes_per_level=None,
                      after_last="triple")
    with pytest.raises(ValueError):
        BlindSchedule((BlindLevel((1, 2)),), hands_per_level=0, minutes_per_level=None,
                      after_last="hold")


def test_blind_level_fields():
    level = BlindLevel((10, 20, 40), ante=5)
    assert (level.small, level.big, level.straddles, level.ante) == (10, 20, (40,), 5)
    assert level.scaled(2) == BlindLevel((20, 40, 80), ante=10)


def test_pot_limit_is_the_tournament_with_pot_limit_betting():
    t, p = shipped_variant("tournament"), shipped_variant("pot_limit")
    assert p.name == "Pot-limit tournament"
    assert p.betting is BettingStructure.POT_LIMIT
    same = dataclasses.replace(p, key=t.key, name=t.name, betting=t.betting, source=t.source)
    assert same == t


def test_fixed_limit():
    f = shipped_variant("fixed_limit")
    t = shipped_variant("tournament")
    assert f.betting is BettingStructure.FIXED_LIMIT
    assert f.raise_cap == 3
    assert f.raise_menu == (RaiseStep.MIN,)
    assert f.schedule == t.schedule
    assert (f.min_players, f.max_players, f.starting_stack, f.chip_unit) == (2, 10, 1500, 10)
    assert f.end.last_player_standing


def test_heads_up_ten_hands():
    h = shipped_variant("heads_up")
    assert h.name == "Heads-up ten hands"
    assert (h.min_players, h.max_players) == (2, 2)
    assert h.betting is BettingStructure.NO_LIMIT
    assert (h.starting_stack, h.chip_unit) == (100, 1)
    assert h.schedule == BlindSchedule((BlindLevel((1, 2)),), hands_per_level=None,
                                       minutes_per_level=None, after_last="hold")
    assert h.raise_menu == (RaiseStep.HALF_POT, RaiseStep.POT, RaiseStep.ALL_IN)
    assert h.end == EndCondition(hands=10, minutes=None)
    assert not h.end.is_reached(9) and h.end.is_reached(10)
    assert h.schedule.level(h.schedule.level_index(9)) == BlindLevel((1, 2))


def test_session():
    s = shipped_variant("session")
    assert s.name == "Session"
    assert (s.min_players, s.max_players) == (2, 9)
    assert (s.starting_stack, s.chip_unit) == (1500, 10)
    assert s.betting is BettingStructure.NO_LIMIT
    assert s.schedule.levels == (BlindLevel((10, 20)),)
    assert s.schedule.after_last == "hold"
    assert s.end == EndCondition(hands=100, minutes=60)
    assert not s.end.is_reached(99, 59.9)
    assert s.end.is_reached(100, 1.0) and s.end.is_reached(3, 60.0)


def test_unknown_shipped_key():
    with pytest.raises(KeyError):
        shipped_variant("omaha")


# --------------------------------------------------------------------------- user files


def test_a_user_copies_edits_and_loads_a_variant(tmp_path):
    text = (VARIANTS_DIR / "tournament.toml").read_text(encoding="utf-8")
    edited = (text.replace('name = "Tournament"', 'name = "Friday night"')
                  .replace("starting_stack = 1500", "starting_stack = 3000")
                  .replace("hands_per_level = 10",
                           "hands_per_level = 12\nminutes_per_level = 20\n"
                           "antes = [0, 0, 0, 0, 10, 20, 30, 50, 100]")
                  .replace('raise_cap = "none"', "raise_cap = 4"))
    edited = edited.replace("\n[end]\n", "\n[end]\nminutes = 90\n")
    assert edited.count("3000") == 1 and "minutes = 90" in edited
    path = tmp_path / "friday.toml"
    path.write_text(edited, encoding="utf-8")

    v = load_variant(path)
    assert (v.key, v.name, v.source) == ("friday", "Friday night", path)
    assert v.starting_stack == 3000
    assert v.raise_cap == 4
    assert v.schedule.hands_per_level == 12 and v.schedule.minutes_per_level == 20
    assert [lvl.ante for lvl in v.schedule.levels] == [0, 0, 0, 0, 10, 20, 30, 50, 100]
    assert v.schedule.level(9) == BlindLevel((1000, 2000), ante=200)
    assert v.schedule.level_index(12) == 1 and v.schedule.level_index(5, 20.0) == 1
    assert v.end == EndCondition(hands=None, minutes=90)
    assert load_variant(str(path)) == v


MINIMAL = """\
name = "Mini"
players = { min = 3, max = 3 }
starting_stack = 50
chip_unit = 5
betting = "fixed-limit"
raise_menu = ["min", "all_in"]
[blinds]
levels = [[5, 10, 20]]
after_last_level = "hold"
"""


def test_optional_keys_have_defaults():
    v = parse_variant(MINIMAL)
    assert v.key == "<string>" and v.source is None
    assert v.raise_cap is None                       # fixed-limit without a cap: unlimited
    assert v.end == EndCondition(hands=None, minutes=None)
    assert v.schedule == BlindSchedule((BlindLevel((5, 10, 20), ante=0),),
                                       hands_per_level=None, minutes_per_level=None,
                                       after_last="hold")
    assert parse_variant(MINIMAL, "custom/mini.toml").key == "mini"


def test_raise_cap_is_allowed_on_no_limit():
    text = MINIMAL.replace('"fixed-limit"', '"no-limit"').replace(
        "raise_menu", "raise_cap = 2\nraise_menu")
    v = parse_variant(text)
    assert v.betting is BettingStructure.NO_LIMIT and v.raise_cap == 2


def test_variants_are_immutable_values():
    v = shipped_variant()
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.starting_stack = 10  # type: ignore[misc]
    assert isinstance(v, Variant) and hash(v.schedule) == hash(v.schedule)
    assert BettingStructure("pot-limit") is BettingStructure.POT_LIMIT
    assert RaiseStep("three_quarters_pot") is RaiseStep.THREE_QUARTERS_POT


# --------------------------------------------------------------------------- broken files


BASE = """\
name = "Test"
players = { min = 2, max = 6 }
starting_stack = 1000
chip_unit = 10
betting = "no-limit"
raise_cap = "none"
raise_menu = ["min", "half_pot", "pot"]

[blinds]
levels = [[10, 20], [20, 40], [30, 60]]
antes = [0, 0, 10]
hands_per_level = 10
after_last_level = "double"

[end]
hands = 50
"""


def test_the_base_of_the_broken_files_is_valid():
    v = parse_variant(BASE)
    assert v.schedule.level(2) == BlindLevel((30, 60), ante=10)
    assert v.end.hands == 50


# (text to replace in BASE, replacement, key, problem)
BROKEN = [
    ('name = "Test"\n', "", "name", "missing"),
    ("players = { min = 2, max = 6 }", "players = { min = 2 }", "players.max", "missing"),
    ('after_last_level = "double"\n', "", "blinds.after_last_level", "missing"),
    ("levels = [[10, 20], [20, 40], [30, 60]]\n", "", "blinds.levels", "missing"),
    ("starting_stack = 1000", 'starting_stack = "1000"', "starting_stack", "wrong_type"),
    ("starting_stack = 1000", "starting_stack = 1000.0", "starting_stack", "wrong_type"),
    ("starting_stack = 1000", "starting_stack = 1979-05-27", "starting_stack", "wrong_type"),
    ("chip_unit = 10", "chip_unit = true", "chip_unit", "wrong_type"),
    ("players = { min = 2, max = 6 }", "players = 6", "players", "wrong_type"),
    ("hands_per_level = 10", 'hands_per_level = "10"', "blinds.hands_per_level", "wrong_type"),
    ("[[10, 20], [20, 40], [30, 60]]", "[10, 20]", "blinds.levels[0]", "wrong_type"),
    ('raise_cap = "none"', "raise_cap = true", "raise_cap", "wrong_type"),
    ('raise_cap = "none"', "raise_cap = 2.5", "raise_cap", "wrong_type"),
    ('raise_menu = ["min", "half_pot", "pot"]', 'raise_menu = "pot"', "raise_menu",
     "wrong_type"),
    ("starting_stack = 1000", "startng_stack = 1000", "startng_stack", "unknown_key"),
    ("hands_per_level = 10", "hand_per_level = 10", "blinds.hand_per_level", "unknown_key"),
    ("hands = 50", "hands = 50\nrounds = 3", "end.rounds", "unknown_key"),
    ("players = { min = 2, max = 6 }", "players = { min = 2, max = 6, bots = 1 }",
     "players.bots", "unknown_key"),
    ('betting = "no-limit"', 'betting = "no_limit"', "betting", "unknown_value"),
    ('raise_cap = "none"', 'raise_cap = "unlimited"', "raise_cap", "unknown_value"),
    ('"half_pot"', '"quarter_pot"', "raise_menu[1]", "unknown_value"),
    ('after_last_level = "double"', 'after_last_level = "triple"', "blinds.after_last_level",
     "unknown_value"),
    ('name = "Test"', 'name = "  "', "name", "empty"),
    ('raise_menu = ["min", "half_pot", "pot"]', "raise_menu = []", "raise_menu", "empty"),
    ("[[10, 20], [20, 40], [30, 60]]", "[]", "blinds.levels", "empty"),
    ("[[10, 20], [20, 40], [30, 60]]", "[[10], [20, 40], [30, 60]]", "blinds.levels[0]",
     "wrong_length"),
    ("antes = [0, 0, 10]", "antes = [0, 0]", "blinds.antes", "wrong_length"),
    ('["min", "half_pot", "pot"]', '["min", "pot", "pot"]', "raise_menu[2]", "duplicate"),
    ('["min", "half_pot", "pot"]', '["pot", "min"]', "raise_menu[1]", "not_increasing"),
    ("starting_stack = 1000", "starting_stack = 0", "starting_stack", "not_positive"),
    ("chip_unit = 10", "chip_unit = -10", "chip_unit", "not_positive"),
    ("[20, 40], [30", "[0, 40], [30", "blinds.levels[1][0]", "not_positive"),
    ('raise_cap = "none"', "raise_cap = 0", "raise_cap", "not_positive"),
    ("hands = 50", "hands = 0", "end.hands", "not_positive"),
    ("hands_per_level = 10", "minutes_per_level = -5", "blinds.minutes_per_level",
     "not_positive"),
    ("antes = [0, 0, 10]", "antes = [0, -10, 10]", "blinds.antes[1]", "negative"),
    ("max = 6", "max = 11", "players.max", "out_of_range"),
    ("min = 2", "min = 1", "players.min", "out_of_range"),
    ("{ min = 2, max = 6 }", "{ min = 6, max = 4 }", "players", "min_above_max"),
    ("[30, 60]]", "[35, 60]]", "blinds.levels[2][0]", "not_multiple_of_chip_unit"),
    ("starting_stack = 1000", "starting_stack = 1005", "starting_stack",
     "not_multiple_of_chip_unit"),
    ("antes = [0, 0, 10]", "antes = [0, 0, 15]", "blinds.antes[2]",
     "not_multiple_of_chip_unit"),
    ("[[10, 20]", "[[30, 20]", "blinds.levels[0]", "small_above_big"),
    ("[30, 60]]", "[20, 30]]", "blinds.levels[2]", "not_increasing"),
    ("[30, 60]]", "[10, 60]]", "blinds.levels[2]", "not_increasing"),
    ("[[10, 20]", "[[10, 20, 10]", "blinds.levels[0][2]", "not_increasing"),
    ("hands_per_level = 10\n", "", "blinds.levels", "unreachable_levels"),
    ('name = "Test"', 'name = "Test', "", "toml_syntax"),
    ("[end]", "[blinds]", "", "toml_syntax"),
]


@pytest.mark.parametrize(("old", "new", "key", "problem"), BROKEN,
                         ids=[f"{b[3]}:{b[2] or 'file'}:{i}" for i, b in enumerate(BROKEN)])
def test_broken_files_are_refused(tmp_path, old, new, key, problem):
    assert BASE.count(old) == 1, "the table must change exactly one place"
    path = tmp_path / "broken.toml"
    path.write_text(BASE.replace(old, new), encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    err = caught.value
    assert (err.path, err.key, err.problem) == (str(path), key, problem)
    assert err.problem in PROBLEMS
    message = str(err)
    assert message.startswith("broken.toml: ")
    assert f": {key}: " in message if key else "line " in message
    assert "\n" not in message and message.count(". ") == 0


def test_the_broken_table_covers_many_distinct_problems():
    assert len({b[3] for b in BROKEN}) >= 15
    assert {b[3] for b in BROKEN} | {"unreadable"} == set(PROBLEMS)


def test_message_and_details_carry_the_numbers():
    text = BASE.replace("[30, 60]]", "[35, 60]]")
    with pytest.raises(VariantError) as caught:
        parse_variant(text, "tournament.toml")
    err = caught.value
    assert str(err) == ("tournament.toml: blinds.levels[2][0]: "
                        "35 is not a multiple of the chip unit 10")
    assert err.details == {"value": 35, "chip_unit": 10}
    assert isinstance(err, ValueError)


def test_unknown_keys_are_refused_with_a_suggestion():
    with pytest.raises(VariantError) as caught:
        parse_variant(BASE.replace("starting_stack", "startng_stack"), "mine.toml")
    err = caught.value
    assert (err.key, err.problem) == ("startng_stack", "unknown_key")
    assert err.details["suggestion"] == "starting_stack"
    assert "starting_stack" in str(err)
    with pytest.raises(VariantError) as caught:
        parse_variant(BASE + "\n[tables]\ncount = 2\n", "mine.toml")
    assert (caught.value.key, caught.value.problem) == ("tables", "unknown_key")


def test_bool_is_not_an_int():
    for old, new, key in [("max = 6", "max = true", "players.max"),
                          ("starting_stack = 1000", "starting_stack = false", "starting_stack"),
                          ("hands = 50", "hands = true", "end.hands"),
                          ("[[10, 20]", "[[10, true]", "blinds.levels[0][1]"),
                          ("antes = [0, 0, 10]", "antes = [false, 0, 10]", "blinds.antes[0]")]:
        with pytest.raises(VariantError) as caught:
            parse_variant(BASE.replace(old, new))
        err = caught.value
        assert (err.key, err.problem) == (key, "wrong_type"), new
        assert err.details == {"expected": "integer", "found": "boolean"}
        assert "expected an integer, found a boolean" in str(err)


def test_unknown_value_lists_the_choices():
    with pytest.raises(VariantError) as caught:
        parse_variant(BASE.replace('"no-limit"', '"no_limit"'))
    err = caught.value
    assert err.details["allowed"] == ["no-limit", "pot-limit", "fixed-limit"]
    assert err.details["suggestion"] == "no-limit"
    assert '"no_limit" is not one of "no-limit", "pot-limit", "fixed-limit"' in str(err)


def test_toml_syntax_error_reports_the_line():
    with pytest.raises(VariantError) as caught:
        parse_variant(BASE.replace("chip_unit = 10", "chip_unit 10"), "x.toml")
    err = caught.value
    assert (err.path, err.key, err.problem) == ("x.toml", "", "toml_syntax")
    assert err.details["line"] == 4
    assert str(err).startswith("x.toml: invalid TOML at line 4")


def test_unreadable_files(tmp_path):
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(VariantError) as caught:
        load_variant(missing)
    err = caught.value
    assert (err.path, err.key, err.problem) == (str(missing), "", "unreadable")
    assert str(err).startswith("nowhere.toml: cannot be read")

    with pytest.raises(VariantError) as caught:
        load_variant(tmp_path)                      # a directory
    assert caught.value.problem == "unreadable"

    latin = tmp_path / "latin.toml"
    latin.write_bytes(BASE.replace("Test", "Caf\xe9").encode("latin-1"))
    with pytest.raises(VariantError) as caught:
        load_variant(latin)
    assert caught.value.problem == "unreadable"
    assert caught.value.details["reason"] == "not_utf8"


def test_variant_error_survives_pickling():
    with pytest.raises(VariantError) as caught:
        parse_variant(BASE.replace("max = 6", "max = 11"), "p.toml")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (copy.path, copy.key, copy.problem, copy.details, str(copy)) == (
        "p.toml", "players.max", "out_of_range", {"value": 11, "min": 2, "max": 10},
        str(caught.value))


def test_raise_cap_text_other_than_none_is_explained():
    with pytest.raises(VariantError) as caught:
        parse_variant(BASE.replace('raise_cap = "none"', 'raise_cap = "unlimited"'), "r.toml")
    assert str(caught.value) == ('r.toml: raise_cap: "unlimited" is neither "none" '
                                 "nor a number of raises")
