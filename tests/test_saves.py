from __future__ import annotations

import random

import pytest

from holdem_desktop.ai.character import random_characters
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.saves import SaveError, SeatPlan, load_game, save_game
from holdem_desktop.session import Session


def play_human_simply(session: Session) -> None:
    while session.waiting_for == 0:
        legal = {a.kind for a in session.view(0).legal_actions}
        session.submit(0, Action.check() if ActionKind.CHECK in legal else Action.call())


def test_autosave_then_continue_restores_the_same_game(tmp_path):
    rng = random.Random(5)
    chars = random_characters(rng, 3)
    plans = [SeatPlan("human")] + [SeatPlan(k, c) for k, c in
                                   zip(("easy", "normal", "hard"), chars, strict=True)]
    controllers = [p.controller(random.Random(i)) for i, p in enumerate(plans)]
    session = Session(shipped_variant("tournament"),
                      [("You", controllers[0])] + [(c.name, ctl) for c, ctl in
                                                    zip(chars, controllers[1:], strict=True)],
                      rng=random.Random(9), clock=lambda: 0.0)
    session.start()
    for _ in range(3):
        session.next_hand()
        play_human_simply(session)
    path = tmp_path / "autosave.json"
    save_game(session, plans, path)
    restored, restored_plans = load_game(path, rng=random.Random(1))
    assert restored_plans == plans
    assert [st.chips for st in restored.seats] == [st.chips for st in session.seats]
    assert [st.name for st in restored.seats] == [st.name for st in session.seats]
    assert restored.hands_played == 3 and restored.button == session.button
    restored.next_hand()  # the game goes on
    play_human_simply(restored)
    assert restored.hands_played == 4


@pytest.mark.parametrize("content,problem", [
    (None, "missing"), ("{", "corrupt"), ('{"format": 9}', "corrupt"),
    ('{"format": 1, "variant": "nope", "variant_file": null, "seats": [], "session": {}}',
     "variant"),
])
def test_a_broken_save_is_reported_not_fatal(tmp_path, content, problem):
    path = tmp_path / "autosave.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert err.value.problem == problem
