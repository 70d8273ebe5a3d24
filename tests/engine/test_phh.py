"""The PHH layer: actions, reading, checking and writing hand histories,
on hand-made cases and on the 10,000 real Pluribus hands."""

from __future__ import annotations

import datetime
import pickle
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from holdem_desktop.engine.cards import Card, parse_cards
from holdem_desktop.engine.phh import (
    BETTING_FIELD,
    PROBLEMS,
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    PhhError,
    PhhHand,
    ShowOrMuck,
    dumps,
    dumps_all,
    format_action,
    load_path,
    loads,
    loads_all,
    parse_action,
)

PLURIBUS = Path(__file__).resolve().parents[2].parent / "shared" / "testdata" / "pluribus"


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --------------------------------------------------------------------------- actions

ROUND_TRIPS = [
    ("d dh p1 AhKh", DealHole(0, cards("AhKh"))),
    ("d dh p6 ????", DealHole(5, None)),
    ("d db 7d5h9d", DealBoard(cards("7d5h9d"))),
    ("d db Qh", DealBoard(cards("Qh"))),
    ("p3 f", Fold(2)),
    ("p1 cc", CheckOrCall(0)),
    ("p4 cbr 210", BetOrRaiseTo(3, 210)),
    ("p2 cbr 0", BetOrRaiseTo(1, 0)),
    ("p2 sm Ts9s", ShowOrMuck(1, cards("Ts9s"))),
    ("p2 sm", ShowOrMuck(1, None)),
    ("p10 f", Fold(9)),
]


@pytest.mark.parametrize(("text", "action"), ROUND_TRIPS, ids=[t for t, _ in ROUND_TRIPS])
def test_every_action_kind_parses_and_formats_back(text, action):
    parsed = parse_action(text)
    assert parsed == action
    assert type(parsed) is type(action)
    assert format_action(parsed) == text
    assert parse_action(format_action(action)) == action


@pytest.mark.parametrize(("text", "canonical"), [
    ("p1 cbr 210 # a big raise", "p1 cbr 210"),
    ("  p1   cc  ", "p1 cc"),
    ("p1 f #no space before the commentary", "p1 f"),
    ("d dh p1 ahkh", "d dh p1 AhKh"),
    ("d dh p1 ??Ad", "d dh p1 ????"),  # partly known hole cards read as unknown
    ("p1 sm ????", "p1 sm"),
])
def test_commentary_dropped_and_spelling_made_canonical(text, canonical):
    assert format_action(parse_action(text)) == canonical


def test_parsed_cards_are_cards():
    action = parse_action("d db 7d5h9d")
    assert isinstance(action, DealBoard)
    assert [str(c) for c in action.cards] == ["7d", "5h", "9d"]
    assert all(isinstance(c, Card) for c in action.cards)
    # Plain ints in the card encoding are accepted and stored as cards.
    assert DealHole(0, (51, 50)).cards == (Card.parse("As"), Card.parse("Ah"))
    assert format_action(DealHole(0, (51, 50))) == "d dh p1 AsAh"


@pytest.mark.parametrize(("text", "problem"), [
    ("p1 cbr x", "bad_action"),
    ("p1 cbr -5", "bad_action"),
    ("p1 cbr 2.5", "bad_action"),
    ("p0 f", "bad_action"),
    ("x1 f", "bad_action"),
    ("p1 raise", "bad_action"),
    ("p1 pb", "bad_action"),
    ("p1 sd AhKh", "bad_action"),
    ("p1 sm -", "bad_action"),
    ("", "bad_action"),
    ("# only a commentary", "bad_action"),
    ("d dh p1 Ah", "bad_action"),
    ("p1 sm ??", "bad_action"),
    ("d dh p1 AhKhQh", "bad_action"),
    ("d dh AhKh", "bad_action"),
    ("d db 2c3c4c5c6c7c", "bad_action"),
    ("d dh p1 AhXx", "bad_card"),
    ("d dh p1 Ah?", "bad_card"),
    ("d db ??", "bad_card"),
    ("p1 sm AhK", "bad_card"),
    ("d dh p1 AhAh", "duplicate_card"),
    ("d db 7d7d9d", "duplicate_card"),
])
def test_parse_action_refuses(text, problem):
    with pytest.raises(PhhError) as info:
        parse_action(text)
    err = info.value
    assert err.problem == problem
    assert repr(text) in str(err)
    assert "\n" not in str(err)
    assert err.file is None and err.hand is None and err.action_index is None


def test_action_constructors_check_their_fields():
    with pytest.raises(PhhError) as info:
        Fold(-1)
    assert info.value.problem == "bad_action"
    with pytest.raises(PhhError) as info:
        BetOrRaiseTo(0, True)
    assert info.value.problem == "bad_action"
    with pytest.raises(PhhError) as info:
        DealHole(0, (1, 1))
    assert info.value.problem == "duplicate_card"
    with pytest.raises(PhhError) as info:
        ShowOrMuck(0, (1, 52))
    assert info.value.problem == "bad_card"


# --------------------------------------------------------------------------- hands

HAND = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  'd dh p1 AhKh', 'd dh p2 QsQd', 'd dh p3 ????',
  'p3 f', 'p1 cbr 6', 'p2 cc',
  'd db 2c3d4h', 'p1 cc', 'p2 cc',
]
"""


def test_a_small_hand_reads_as_typed_data():
    hand = loads(HAND)
    assert hand.variant == "NT" and hand.betting == "no-limit"
    assert hand.player_count == 3
    assert hand.antes == (0, 0, 0) and hand.blinds_or_straddles == (1, 2, 0)
    assert hand.min_bet == 2 and hand.small_bet is None and hand.big_bet is None
    assert hand.starting_stacks == (200, 200, 200)
    assert hand.actions == (
        DealHole(0, cards("AhKh")), DealHole(1, cards("QsQd")), DealHole(2, None),
        Fold(2), BetOrRaiseTo(0, 6), CheckOrCall(1),
        DealBoard(cards("2c3d4h")), CheckOrCall(0), CheckOrCall(1),
    )
    assert hand.finishing_stacks is None and hand.players is None
    assert hand.hand is None and hand.table is None and dict(hand.extra) == {}
    assert loads(dumps(hand)) == hand


def test_dumps_writes_fields_in_the_conventional_order():
    hand = loads(HAND + "_note = 'x'\nplayers = ['A', 'B', 'C']\nhand = 7\n"
                        "ante_trimming_status = true\n")
    keys = [line.split(" = ")[0] for line in dumps(hand).splitlines()]
    assert keys == ["variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks",
                    "actions", "hand", "players", "ante_trimming_status", "_note"]
    assert dumps(hand).endswith("\n")
    assert "table = " not in dumps(hand)


def test_extra_fields_of_every_toml_type_survive_a_round_trip():
    text = HAND + """\
author = "O'Brien"
table = 6
hand = 'A-12'
ante_trimming_status = false
_score = 0.25
_big = 1e20
_inf = -inf
_flags = [true, false]
_nested = [[1, 2], ['a', "b'c"], []]
_multi = "line one\\nline two\\ttab \\\\ and \\"quotes\\""
_when = 2024-02-29T13:45:00
_day = 2024-02-29
_time = 07:30:00.5
_table = {a = 1, 'b c' = [2, 3], d = {e = 'f'}}
'_odd key' = 'value'
"""
    hand = loads(text)
    assert hand.hand is None and hand.extra["hand"] == "A-12"
    assert hand.table is None and hand.extra["table"] == 6
    assert hand.extra["author"] == "O'Brien"
    assert hand.extra["_nested"] == ((1, 2), ("a", "b'c"), ())
    assert hand.extra["_when"] == datetime.datetime(2024, 2, 29, 13, 45)
    written = dumps(hand)
    assert loads(written) == hand
    # The writer's TOML means the same as the input's.
    assert tomllib.loads(written) == tomllib.loads(text)
    with pytest.raises(TypeError):
        hand.extra["_score"] = 1  # type: ignore[index]


def test_commentary_and_no_op_actions():
    text = HAND.replace("'p3 f',", "'p3 f # tilted', '', '# burn card exposed',")
    hand = loads(text)
    assert hand.actions == loads(HAND).actions
    # An error after the dropped no-ops still gives the index in the file's array.
    broken = text.replace("'p1 cbr 6'", "'p1 cbr x'")
    with pytest.raises(PhhError) as info:
        loads(broken)
    assert info.value.action_index == 6
    out_of_range = text.replace("'p2 cc',", "'p4 cc',", 1)
    with pytest.raises(PhhError) as info:
        loads(out_of_range)
    assert (info.value.problem, info.value.action_index) == ("bad_action", 7)  # not 5


def test_show_dash_means_the_cards_dealt_earlier():
    hand = loads(HAND.replace("'p2 cc',\n]", "'p2 cc', 'p1 sm -', 'p2 sm', 'p3 sm -']")
                 .replace("'p3 f', ", ""))
    assert hand.actions[-3:] == (ShowOrMuck(0, cards("AhKh")), ShowOrMuck(1, None),
                                 ShowOrMuck(2, None))
    assert "'p1 sm AhKh'" in dumps(hand)


def test_showing_the_own_hole_cards_is_not_a_duplicate():
    hand = loads(HAND.replace("'p2 cc',\n]", "'p2 cc', 'p1 sm AhKh', 'p2 sm QsQd']"))
    assert hand.actions[-1] == ShowOrMuck(1, cards("QsQd"))
    with pytest.raises(PhhError) as info:
        loads(HAND.replace("'p2 cc',\n]", "'p2 cc', 'p1 sm QsQd']"))
    assert (info.value.problem, info.value.action_index) == ("duplicate_card", 9)


def test_fixed_limit_uses_small_bet_and_big_bet():
    text = HAND.replace("min_bet = 2", "small_bet = 2\nbig_bet = 4").replace("'NT'", "'FT'")
    hand = loads(text)
    assert hand.betting == "fixed-limit"
    assert (hand.small_bet, hand.big_bet, hand.min_bet) == (2, 4, 2)
    written = dumps(hand)
    assert "min_bet" not in written  # the specification forbids it in fixed-limit games
    assert written.index("small_bet") < written.index("big_bet") < written.index("starting")
    assert loads(written) == hand
    odd = loads(text + "min_bet = 1\n")
    assert odd.min_bet == 1 and loads(dumps(odd)) == odd


def test_pot_limit_round_trips_through_the_betting_field():
    hand = PhhHand(
        variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
        starting_stacks=(100, 100),
        actions=(DealHole(0, cards("AhKh")), DealHole(1, cards("7c2d")), Fold(1)),
        extra={BETTING_FIELD: "pot-limit"},
    )
    assert hand.betting == "pot-limit"
    text = dumps(hand)
    assert "variant = 'NT'" in text and "_betting = 'pot-limit'" in text
    back = loads(text)
    assert back == hand and back.betting == "pot-limit"
    [(name, again)] = loads_all(dumps_all([back]))
    assert name == "1" and again.betting == "pot-limit"
    assert loads(text.replace("pot-limit", "no-limit")).betting == "no-limit"


def test_hands_are_immutable_normalised_and_hashable():
    hand = PhhHand(variant="NT", antes=[0, 0], blinds_or_straddles=[1, 2],  # type: ignore[arg-type]
                   min_bet=2, starting_stacks=[50, 50], actions=[Fold(0)],  # type: ignore[arg-type]
                   extra={"_list": [1, [2]]})
    assert hand.antes == (0, 0) and hand.actions == (Fold(0),)
    assert hand.extra["_list"] == (1, (2,))
    assert hash(hand) == hash(loads(dumps(hand)))
    assert {hand: 1}[loads(dumps(hand))] == 1
    with pytest.raises(AttributeError):
        hand.min_bet = 4  # type: ignore[misc]


def test_phh_error_is_one_line_and_pickles():
    err = PhhError("bad_action", "cannot read 'p1 cbr x'\nreally",
                   file="pluribus_100.phhs", hand="3", action_index=7)
    assert str(err) == "pluribus_100.phhs: hand 3: action 7: cannot read 'p1 cbr x' really"
    again = pickle.loads(pickle.dumps(err))
    assert (again.problem, again.file, again.hand, again.action_index, str(again)) == (
        err.problem, err.file, err.hand, err.action_index, str(err))
    assert isinstance(err, ValueError)


# --------------------------------------------------------------------------- refusals

GOOD = HAND.replace("actions = [", "players = ['A', 'B', 'C']\nactions = [")


def phhs_with_second_hand(second: str) -> str:
    return "[1]\n" + GOOD + "\n[2]\n" + second


# (label, replace this, with that, problem, action index)
BROKEN = [
    ("unreadable amount", "'p1 cbr 6'", "'p1 cbr x'", "bad_action", 4),
    ("negative bet", "'p1 cbr 6'", "'p1 cbr -6'", "bad_action", 4),
    ("fractional bet", "'p1 cbr 6'", "'p1 cbr 6.5'", "bad_action", 4),
    ("player out of range", "'p3 f'", "'p4 f'", "bad_action", 3),
    ("player zero", "'p3 f'", "'p0 f'", "bad_action", 3),
    ("stud action", "'p3 f'", "'p3 pb'", "bad_action", 3),
    ("unknown verb", "'p3 f'", "'p3 folds'", "bad_action", 3),
    ("one hole card", "'d dh p2 QsQd'", "'d dh p2 Qs'", "bad_action", 1),
    ("dash before any deal", "'d dh p1 AhKh'", "'p1 sm -'", "bad_action", 0),
    ("bad card", "'d dh p2 QsQd'", "'d dh p2 QsXd'", "bad_card", 1),
    ("unknown board card", "'d db 2c3d4h'", "'d db 2c3d??'", "bad_card", 6),
    ("card twice in one action", "'d dh p2 QsQd'", "'d dh p2 QsQs'", "duplicate_card", 1),
    ("card dealt twice", "'d dh p2 QsQd'", "'d dh p2 AhQd'", "duplicate_card", 1),
    ("board repeats a hole card", "'d db 2c3d4h'", "'d db 2c3dKh'", "duplicate_card", 6),
    ("action not a string", "'p3 f'", "3", "wrong_type", 3),
    ("unsupported variant", "'NT'", "'PO'", "unsupported_variant", None),
    ("variant not a string", "'NT'", "1", "wrong_type", None),
    ("no variant", "variant = 'NT'\n", "", "missing", None),
    ("no actions", "actions = [", "_actions = [", "missing", None),
    ("no min_bet", "min_bet = 2\n", "", "missing", None),
    ("fixed-limit without big_bet", "variant = 'NT'\nantes",
     "variant = 'FT'\nsmall_bet = 2\nantes", "missing", None),
    ("short antes", "antes = [0, 0, 0]", "antes = [0, 0]", "length_mismatch", None),
    ("long blinds", "[1, 2, 0]", "[1, 2, 0, 0]", "length_mismatch", None),
    ("short players", "['A', 'B', 'C']", "['A', 'B']", "length_mismatch", None),
    ("one player", "antes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]",
     "antes = [0]\nblinds_or_straddles = [1]", "length_mismatch", None),
    ("float stack", "[200, 200, 200]", "[200, 200.5, 200]", "wrong_type", None),
    ("infinite stack", "[200, 200, 200]", "[200, inf, 200]", "wrong_type", None),
    ("negative ante", "antes = [0, 0, 0]", "antes = [0, -1, 0]", "wrong_type", None),
    ("boolean min_bet", "min_bet = 2", "min_bet = true", "wrong_type", None),
    ("players not strings", "['A', 'B', 'C']", "['A', 2, 'C']", "wrong_type", None),
    ("boolean hand number", "min_bet = 2", "min_bet = 2\nhand = true", "wrong_type", None),
    ("betting field clash", "min_bet = 2", "min_bet = 2\n_betting = 'fixed-limit'",
     "unsupported_variant", None),
    ("betting field type", "min_bet = 2", "min_bet = 2\n_betting = 1", "wrong_type", None),
    ("actions not an array", "actions = [", "actions = 'p1 f'\n_x = [", "wrong_type", None),
]


@pytest.mark.parametrize(("label", "old", "new", "problem", "index"), BROKEN,
                         ids=[b[0] for b in BROKEN])
def test_broken_hands_are_refused_naming_hand_and_action(label, old, new, problem, index):
    assert old in GOOD
    assert problem in PROBLEMS
    text = phhs_with_second_hand(GOOD.replace(old, new, 1))
    with pytest.raises(PhhError) as info:
        loads_all(text, file="broken.phhs")
    err = info.value
    assert (err.problem, err.file, err.hand, err.action_index) == (
        problem, "broken.phhs", "2", index)
    message = str(err)
    assert "\n" not in message
    prefix = "broken.phhs: hand 2: " + ("" if index is None else f"action {index}: ")
    assert message.startswith(prefix), message
    assert len(message) > len(prefix)


def test_the_example_message():
    text = phhs_with_second_hand(GOOD).replace("[2]", "[3]")
    text = text.replace("'p1 cbr 6'", "'p1 cbr x'").replace("'p1 cbr x'", "'p1 cbr 6'", 1)
    with pytest.raises(PhhError) as info:
        loads_all(text, file="pluribus_100.phhs")
    assert str(info.value).startswith(
        "pluribus_100.phhs: hand 3: action 4: cannot read 'p1 cbr x'")


def test_a_lone_phh_error_names_no_hand():
    with pytest.raises(PhhError) as info:
        loads(GOOD.replace("'p3 f'", "'p3 x'"), file="one.phh")
    assert str(info.value).startswith("one.phh: action 3: cannot read 'p3 x'")
    assert info.value.hand is None


@pytest.mark.parametrize("text", ["variant = 'NT'\nantes = [0, 0", "[1]\nx = = 1", "a = 1\na = 2"])
def test_toml_syntax_errors(text):
    for reader in (loads, loads_all):
        with pytest.raises(PhhError) as info:
            reader(text, file="bad.phh")
        assert info.value.problem == "toml_syntax"
        assert str(info.value).startswith("bad.phh: ")
        assert "\n" not in str(info.value)


def test_loads_refuses_a_multi_hand_document_with_a_hint():
    with pytest.raises(PhhError) as info:
        loads(phhs_with_second_hand(GOOD))
    assert info.value.problem == "missing" and "loads_all" in str(info.value)


def test_loads_all_reads_a_plain_phh_and_an_empty_document():
    [(name, hand)] = loads_all(GOOD)
    assert name == "1" and hand == loads(GOOD)
    assert loads_all("") == []
    pairs = loads_all("[b]\n" + GOOD + "\n[a]\n" + HAND)
    assert [n for n, _ in pairs] == ["b", "a"]
    assert pairs[0][1].players == ("A", "B", "C") and pairs[1][1].players is None


def test_load_path(tmp_path):
    one = tmp_path / "hand.phh"
    one.write_text(GOOD, encoding="utf-8")
    many = tmp_path / "hands.phhs"
    many.write_text(dumps_all([loads(GOOD), loads(HAND)]), encoding="utf-8")
    assert load_path(one) == [("1", loads(GOOD))]
    assert load_path(str(many)) == [("1", loads(GOOD)), ("2", loads(HAND))]
    bom = tmp_path / "bom.phh"
    bom.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert load_path(bom) == [("1", loads(GOOD))]
    latin = tmp_path / "latin.phh"
    latin.write_bytes(GOOD.encode() + b"_name = '\xe9'\n")
    missing = tmp_path / "nowhere.phhs"
    for path in (missing, latin, tmp_path):
        with pytest.raises(PhhError) as info:
            load_path(path)
        assert info.value.problem == "unreadable"
        assert str(info.value).startswith(str(path) + ": ")
    broken = tmp_path / "broken.phh"
    broken.write_text(GOOD.replace("'p3 f'", "'p3 x'"), encoding="utf-8")
    with pytest.raises(PhhError) as info:
        load_path(broken)
    assert (info.value.file, info.value.hand, info.value.action_index) == (str(broken), None, 3)


# --------------------------------------------------------------------------- pokerkit


def test_pokerkit_reads_what_we_write_fixed_limit_and_pot_limit():
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test extra (the PHH oracle)")
    fixed = loads(
        "variant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n"
        "big_bet = 4\nstarting_stacks = [50, 50]\n"
        "actions = ['d dh p1 AhKh', 'd dh p2 7c2d', 'p2 cbr 4', 'p1 cc', 'd db 2c3d4h',"
        " 'p1 cbr 2', 'p2 f']\n")
    theirs = pokerkit.HandHistory.loads(dumps(fixed))
    assert (theirs.variant, theirs.small_bet, theirs.big_bet) == ("FT", 2, 4)
    *_, final = iter(theirs)
    assert list(final.stacks) == [54, 46]
    pot_limit = PhhHand(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
                        starting_stacks=(50, 50), actions=(Fold(1),),
                        extra={BETTING_FIELD: "pot-limit"})
    theirs = pokerkit.HandHistory.loads(dumps(pot_limit))
    assert theirs.user_defined_fields == {"_betting": "pot-limit"}


# --------------------------------------------------------------------------- Pluribus

needs_pluribus = pytest.mark.skipif(
    not PLURIBUS.is_dir(), reason=f"the Pluribus test data is not at {PLURIBUS}")


@pytest.fixture(scope="module")
def pluribus() -> dict[str, list[tuple[str, PhhHand]]]:
    return {p.name: load_path(p) for p in sorted(PLURIBUS.glob("*.phhs"))}


@needs_pluribus
def test_every_pluribus_hand_loads(pluribus):
    assert len(pluribus) == 92
    hands = [h for pairs in pluribus.values() for _, h in pairs]
    assert len(hands) == 10_000
    for pairs in pluribus.values():
        assert [name for name, _ in pairs] == [str(i) for i in range(1, len(pairs) + 1)]
    assert len({h.hand for h in hands}) == 10_000
    kinds: Counter[str] = Counter()
    for h in hands:
        assert (h.variant, h.betting, h.player_count) == ("NT", "no-limit", 6)
        assert h.blinds_or_straddles == (50, 100, 0, 0, 0, 0) and h.min_bet == 100
        assert h.starting_stacks == (10_000,) * 6 and h.antes == (0,) * 6
        assert sum(h.finishing_stacks) == 60_000
        assert h.players is not None and "Pluribus" in h.players
        assert dict(h.extra) == {"ante_trimming_status": False}
        assert [a.player for a in h.actions[:6]] == list(range(6))
        assert all(isinstance(a, DealHole) and a.cards is not None for a in h.actions[:6])
        kinds.update(type(a).__name__ for a in h.actions)
    # Showdowns as the README counts them: 1,621 two-way, 48 three-way, 4 four-way.
    assert kinds["ShowOrMuck"] == 1621 * 2 + 48 * 3 + 4 * 4
    assert kinds["DealHole"] == 60_000


@needs_pluribus
def test_every_pluribus_hand_round_trips(pluribus):
    for file, pairs in pluribus.items():
        for name, hand in pairs:
            assert loads(dumps(hand)) == hand, (file, name)
    pairs = pluribus["pluribus_100.phhs"]
    assert loads_all(dumps_all([h for _, h in pairs])) == pairs


@needs_pluribus
def test_pokerkit_reads_our_pluribus_output_with_the_same_actions(pluribus):
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test extra (the PHH oracle)")
    replayed = 0
    # pluribus_75b.phhs holds hand 75076, a split pot with an odd chip.
    for file in ("pluribus_100.phhs", "pluribus_75.phhs", "pluribus_75b.phhs"):
        originals = list(pokerkit.HandHistory.loads_all((PLURIBUS / file).read_text()))
        ours = [h for _, h in pluribus[file]]
        assert len(originals) == len(ours)
        for i, (original, hand) in enumerate(zip(originals, ours, strict=True)):
            theirs = pokerkit.HandHistory.loads(dumps(hand))
            assert theirs.actions == original.actions == [format_action(a) for a in hand.actions]
            for name in ("variant", "antes", "blinds_or_straddles", "min_bet",
                         "starting_stacks", "finishing_stacks", "players", "hand", "table",
                         "ante_trimming_status"):
                assert getattr(theirs, name) == getattr(original, name), (file, i, name)
            if i % 10 == 0 or any(isinstance(a, ShowOrMuck) for a in hand.actions):
                *_, final = iter(theirs)  # pokerkit replays our text to the recorded result
                assert list(final.stacks) == list(hand.finishing_stacks), (file, i)
                replayed += 1
    assert replayed > 50
