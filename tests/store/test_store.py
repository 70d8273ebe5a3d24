"""The store of every hand: filled by a game as it is played, from the
player's own view, its figures the same as an independent count (pokerkit's
replay of the game's PHH files), exported as PHH that pokerkit replays,
and the command line's contract as the issue writes it."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from holdem_desktop.ai.players import create_player
from holdem_desktop.engine.phh import DealHole, ShowOrMuck, loads_all
from holdem_desktop.engine.replay import replay
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.session import Session
from holdem_desktop.session.history import HandHistoryWriter
from holdem_desktop.store import HandRecorder, HandStore
from holdem_desktop.store.db import SCHEMA_VERSION
from holdem_desktop.store.stats import (
    chips_chart,
    export_phh,
    game_hands,
    games,
    my_stats,
    player_stats,
)
from tests.folders import data_folder

ROOT = Path(__file__).resolve().parents[2]


def computers_game(store: HandStore, folder: Path, hands: int, seed: int = 1,
                   players: int = 5) -> Session:
    """Computer players of every level play ``hands`` hands (new games as
    they end); the game writes its PHH files to ``folder`` and seat 0's view
    to ``store``."""
    rng = random.Random(seed)
    levels = ["easy", "normal", "hard"]
    seats = [(f"Bot {i + 1}", create_player(levels[i % 3], random.Random(rng.random())))
             for i in range(players)]
    session = Session(shipped_variant("tournament"), seats, rng=random.Random(seed))
    HandHistoryWriter(session, folder)
    HandRecorder(session, lambda: store, seat=lambda: 0, kind="local",
                 kind_of=lambda s: levels[s % 3], opponents="normal")
    session.start()
    for _ in range(hands):
        if session.game_over:
            session.new_game()
        session.next_hand()
    return session


def pokerkit_count(folder: Path) -> dict[str, dict[str, int]]:
    """Hands, VPIP, PFR and chips won per name, counted from the PHH files
    by pokerkit's own replay (not by the store's code)."""
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test extra")
    count: dict[str, dict[str, int]] = {}
    for path in sorted(folder.glob("*.phhs")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            histories = list(pokerkit.HandHistory.loads_all(path.read_text()))
        for hh in histories:
            state = None
            for state in hh:  # noqa: B007  (the last state is the end of the hand)
                pass
            assert state is not None
            vpip: set[int] = set()
            pfr: set[int] = set()
            street = 0
            for op in state.operations:
                name = type(op).__name__
                if name == "BoardDealing":
                    street += 1
                elif street == 0 and name == "CheckingOrCalling" and op.amount > 0:
                    vpip.add(op.player_index)
                elif street == 0 and name == "CompletionBettingOrRaisingTo":
                    vpip.add(op.player_index)
                    pfr.add(op.player_index)
            for i, player in enumerate(hh.players):
                c = count.setdefault(player, {"hands": 0, "vpip": 0, "pfr": 0, "net": 0})
                c["hands"] += 1
                c["vpip"] += i in vpip
                c["pfr"] += i in pfr
                c["net"] += state.stacks[i] - hh.starting_stacks[i]
    return count


def test_a_computers_game_fills_the_store_and_its_figures_match_pokerkits_count(tmp_path):
    store = HandStore(tmp_path / "hands.sqlite")
    computers_game(store, tmp_path / "phh", 120)
    counted = pokerkit_count(tmp_path / "phh")
    stored = player_stats(store)
    assert set(stored) == set(counted)
    assert sum(c["hands"] for c in counted.values()) > 120 * 2
    for name, c in counted.items():
        f = stored[name]
        assert f.hands == c["hands"], name
        assert f.vpip == round(100 * c["vpip"] / c["hands"], 1), name
        assert f.pfr == round(100 * c["pfr"] / c["hands"], 1), name
        assert f.net == c["net"], name
    mine = my_stats(store)
    assert mine.overall == stored["Bot 1"]  # seat 0 is "you"
    assert mine.games == len(games(store)) >= 1
    assert [a.who for a in mine.against] == ["normal"]


def test_the_store_keeps_only_what_seat_0_saw_and_exports_phh_pokerkit_replays(tmp_path):
    store = HandStore(tmp_path / "hands.sqlite")
    computers_game(store, tmp_path / "phh", 40, seed=7)
    full = [h for p in sorted((tmp_path / "phh").glob("*.phhs"))
            for _n, h in loads_all(p.read_text())]
    exported = [h for _n, h in loads_all(export_phh(store))]
    assert len(exported) == len(full) == 40
    hidden = 0
    for mine, truth in zip(exported, full, strict=True):
        shown = {a.player for a in mine.actions if isinstance(a, ShowOrMuck) and a.cards}
        me = mine.players.index("Bot 1") if "Bot 1" in mine.players else None
        for a, b in zip(mine.actions, truth.actions, strict=True):
            if isinstance(a, DealHole):
                if a.player == me or a.player in shown:
                    assert a.cards == b.cards
                else:  # never a card the player did not see
                    assert a.cards is None and b.cards is not None
                    hidden += 1
            else:
                assert a == b
        assert mine.finishing_stacks == truth.finishing_stacks
        assert replay(mine).stacks == list(truth.finishing_stacks)
    assert hidden > 40
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test extra")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = list(pokerkit.HandHistory.loads_all(export_phh(store)))
        for hh, truth in zip(theirs, full, strict=True):
            assert list(list(hh)[-1].stacks) == list(truth.finishing_stacks)


def test_the_review_lists_games_and_hands_and_the_chips_chart_follows_the_stack(tmp_path):
    store = HandStore(tmp_path / "hands.sqlite")
    session = computers_game(store, tmp_path / "phh", 30, seed=3, players=3)
    rows = games(store)
    assert rows[0].hands == sum(r.hands for r in rows if r.id == rows[0].id)
    hands = game_hands(store, rows[-1].id)
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))
    mine = [h for h in hands if h.cards]  # seat 0's cards, e.g. "AhKd", while it plays
    assert mine and all(len(h.cards) == 4 for h in mine)
    assert all(h.net == 0 for h in hands if not h.cards)
    chart = chips_chart(store, rows[-1].id)
    assert chart[0] == session.variant.starting_stack
    assert [b - a for a, b in itertools.pairwise(chart)] == [h.net for h in mine]


def test_a_file_of_an_older_schema_is_migrated_and_a_newer_one_set_aside(tmp_path):
    import sqlite3

    path = tmp_path / "hands.sqlite"
    sqlite3.connect(path).close()  # version 0: an empty file
    store = HandStore(path)
    assert store.query("PRAGMA user_version") == [(SCHEMA_VERSION,)]
    store.close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    heard: list[str] = []
    store = HandStore(path, heard.append)
    assert heard == ["newer"] and store.moved and store.moved[0].exists()
    assert store.query("PRAGMA user_version") == [(SCHEMA_VERSION,)]


def run_cli(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"))
    return subprocess.run([sys.executable, "-m", "holdem_desktop", *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False, cwd=ROOT)


def test_the_command_line_imports_phh_and_prints_every_players_figures(tmp_path):
    folder = tmp_path / "histories"
    done = run_cli(["simulate", "--hands", "60", "--players", "4", "--seed", "5",
                    "--out", str(folder / "nested")], tmp_path)
    assert done.returncode == 0, done.stderr
    (folder / "broken.phh").write_text("variant = 'NT'\nthis is not toml")
    done = run_cli(["stats", "--import", str(folder)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "broken.phh" in done.stderr  # named, and the others still read
    assert (data_folder() / "hands.sqlite").exists()
    done = run_cli(["stats", "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    players = json.loads(done.stdout)["players"]
    counted = pokerkit_count(folder / "nested")
    assert set(players) == set(counted) == {f"Player {i}" for i in range(1, 5)}
    for name, c in counted.items():
        assert players[name]["hands"] == c["hands"]
        assert players[name]["vpip"] == pytest.approx(100 * c["vpip"] / c["hands"], abs=0.05)
        assert players[name]["pfr"] == pytest.approx(100 * c["pfr"] / c["hands"], abs=0.05)
        assert 0 <= players[name]["pfr"] <= players[name]["vpip"] <= 100
    # a second import of the same files adds nothing
    again = run_cli(["stats", "--import", str(folder), "--json"], tmp_path)
    assert json.loads(again.stdout)["players"] == players
    # your own figures: nobody is "you" until your name in the files is given
    assert run_cli(["stats"], tmp_path).stdout.startswith("No hand of yours is stored yet")
    run_cli(["stats", "--import", str(folder), "--me", "Player 2"], tmp_path)
    mine = run_cli(["stats"], tmp_path).stdout.splitlines()
    assert mine[0] == f"hands played: {counted['Player 2']['hands']}"
    assert json.loads(run_cli(["stats", "--json"], tmp_path).stdout)["players"] == players


def test_preflop_figures_count_choices_not_blinds_heads_up_and_at_a_full_table():
    from holdem_desktop.engine.actions import Action
    from holdem_desktop.engine.hand import Hand, HandConfig
    from holdem_desktop.engine.replay import to_phh
    from holdem_desktop.store.figures import PFR, SAW_FLOP, VPIP, WSD, WTSD, figures

    # heads-up: the button posts the small blind and completes; the big blind checks
    hand = Hand(HandConfig(stacks=(500, 500), blinds=(20, 10), min_bet=20), list(range(52)))
    hand.apply(1, Action.call())
    hand.apply(0, Action.check())
    while not hand.over:
        hand.apply(hand.to_act, Action.check())
    phh = to_phh(hand, players=["Big", "Button"])
    big, button = figures(phh)
    assert button.flags & VPIP and not button.flags & PFR
    assert not big.flags & VPIP  # a free check on the big blind
    both = big.flags & button.flags
    assert both & SAW_FLOP and both & WTSD
    assert both & WSD and big.net == button.net == 0  # (a split pot: each won a share)
    assert big.net + button.net == 0
    # three players: a raise, a call, a fold from the big blind
    hand = Hand(HandConfig(stacks=(500, 500, 500), blinds=(10, 20, 0), min_bet=20),
                list(range(52)))
    hand.apply(2, Action.raise_to(60))
    hand.apply(0, Action.call())
    hand.apply(1, Action.fold())
    rows = figures(to_phh(hand))
    assert [bool(r.flags & VPIP) for r in rows] == [True, False, True]
    assert [bool(r.flags & PFR) for r in rows] == [False, False, True]
    assert [r.contributed for r in rows] == [60, 20, 60]
