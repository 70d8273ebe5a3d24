"""The computers decide from :func:`decision_view` (issue 38: a cheaper view
of a state no member is sent); every decision must be the one the full
:func:`seat_view` gave, for every kind of computer player: the same games
played both ways, seeded alike, give the same actions and end the same."""

from __future__ import annotations

import random

import pytest

import holdem_desktop.session.session as session_module
from holdem_desktop.ai.players import BASELINES, LEVELS, REFERENCES, create_player
from holdem_desktop.engine.events import ActionTaken
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.engine.views import seat_view
from holdem_desktop.session import Session

SLOW = {"hard", *REFERENCES}
"""(Kinds that think for milliseconds a decision: fewer hands.)"""


def play(kinds: list[str], variant: str, seed: int, hands: int) -> tuple[object, ...]:
    players = [(f"P{i}", create_player(kind, random.Random(seed * 31 + i)))
               for i, kind in enumerate(kinds)]
    s = Session(shipped_variant(variant), players, rng=random.Random(seed), clock=lambda: 0.0)
    actions: list[ActionTaken] = []
    s.subscribe(lambda e: actions.append(e) if isinstance(e, ActionTaken) else None)
    s.start()
    for _ in range(hands):
        if s.game_over:
            s.new_game()
        s.next_hand()
        assert s.hand is not None and s.hand.over  # (computers only: played out)
    return (tuple(actions), tuple(st.chips for st in s.seats),
            tuple(st.place for st in s.seats), s.hands_played, s.game, s.rng.getstate())


def both_ways(monkeypatch: pytest.MonkeyPatch, kinds: list[str], variant: str, seed: int,
              hands: int) -> None:
    new = play(kinds, variant, seed, hands)
    with monkeypatch.context() as m:
        m.setattr(session_module, "decision_view", seat_view)  # the full view, as before
        old = play(kinds, variant, seed, hands)
    assert len(new[0]) > 10  # (the games were played)
    assert new == old


@pytest.mark.parametrize("kind", [*LEVELS, *REFERENCES, *BASELINES])
def test_every_computer_decides_alike_from_either_view(monkeypatch: pytest.MonkeyPatch,
                                                       kind: str) -> None:
    hands = 4 if kind in SLOW else 25
    others = ["easy", "normal", kind, "easy", kind, "normal"]
    both_ways(monkeypatch, others, "tournament", 11, hands)
    both_ways(monkeypatch, [kind, kind], "heads_up", 12, hands)


@pytest.mark.parametrize("variant", ["tournament", "pot_limit", "fixed_limit", "session"])
@pytest.mark.parametrize("seed", range(4))
def test_the_three_levels_play_the_same_games_either_way(monkeypatch: pytest.MonkeyPatch,
                                                         variant: str, seed: int) -> None:
    kinds = [LEVELS[(seed + k) % 3] for k in range(6)]
    kinds = [("easy" if k == "hard" and j % 2 else k) for j, k in enumerate(kinds)]
    both_ways(monkeypatch, kinds, variant, seed, 6)
