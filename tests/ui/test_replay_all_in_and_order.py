"""The hand replay (Z at the table, or Hand review) at the step of the last
fold, by ear and on the picture: the bet nobody called goes back with that
step, as the table gives it back the moment the last player folds, so the
pot said and drawn is what can be won, not the uncalled bet too (it said
"Pot 1,320" for a pot of 620); Ana's box shows the 300 of
hers that stood, not All-in; a player with every chip in is "all-in",
never "You: 0"; and the players come in the table's order, yours first then
round the table, in the title line and in Read state (the title listed them
in playing order: "Ana · Bruno · Mara" where the table shows "Mara · Ana ·
Bruno")."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.actions import Action  # noqa: E402
from holdem_desktop.engine.hand import Hand, HandConfig  # noqa: E402
from holdem_desktop.engine.phh import PhhHand  # noqa: E402
from holdem_desktop.engine.replay import to_phh  # noqa: E402
from holdem_desktop.i18n import amount  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.store import GameInfo  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.plates import last_actions  # noqa: E402
from holdem_desktop.ui.review import ReplayPage  # noqa: E402
from tests.driving import keys, window  # noqa: E402
from tests.engine.hand_helpers import stacked_deck  # noqa: E402


def shove_over_shove() -> PhhHand:
    """Ana (small blind), Bruno (big blind), Mara (the button, you, 300
    chips): you go all-in, Ana goes all-in over you, Bruno folds; Ana's 700
    nobody called goes back to her."""
    hand = Hand(HandConfig(stacks=(1000, 1000, 300), blinds=(10, 20, 0), min_bet=20),
                stacked_deck(["QsQh", "7c2d", "AhKh"], "Kd 9s 4c Js 3h"))
    for seat, action in [(2, Action.raise_to(300)), (0, Action.raise_to(1000)),
                         (1, Action.fold())]:
        hand.apply(seat, action)
    assert hand.over
    return to_phh(hand, players=["Ana", "Bruno", "Mara"], hand_number=7, table="Tournament")


@pytest.fixture
def replay(player_home):
    """The hand stored, opened from the start screen's Hand review by keys."""
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    store = desktop.hand_store()
    assert store is not None
    store.add_hand(None, GameInfo("local", "Tournament", "Mara", "normal", 3), 7,
                   shove_over_shove(), 2, ["normal", "normal", "human"])
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "review"
    keys(app, "return", "return", "return")  # Hand review, the game, its hand
    assert isinstance(app.screen, ReplayPage), app.screen
    return app, desktop


def heard(app: App, desktop: Desktop, *names: str) -> str:
    keys(app, *names)
    return desktop.speech.history[-1].text


def test_the_last_fold_gives_the_uncalled_bet_back_and_all_in_is_said(replay):
    app, desktop = replay
    assert heard(app, desktop, "right") == "You go all-in, 300."
    assert heard(app, desktop, "i") == (
        "Step 2 of 5. Your cards: ace of hearts and king of hearts. No cards on the board "
        "yet. Pot 330. You: all-in, bet 300. Ana: 990, bet 10. Bruno: 980, bet 20. "
        "Ana to act.")
    keys(app, "right")
    assert heard(app, desktop, "right") == "Bruno folds. 700 goes back to Ana, uncalled."
    assert heard(app, desktop, "i") == (
        "Step 4 of 5. Your cards: ace of hearts and king of hearts. No cards on the board "
        "yet. Pot 620. You: all-in. Ana: 700. Bruno: folded.")
    assert heard(app, desktop, "p") == "Pot: 620."
    # S and the title line: every chip in is "all-in" while the hand runs, not "0"
    assert heard(app, desktop, "s") == "You: all-in; Ana 700; Bruno 980"
    page = app.screen
    assert isinstance(page, ReplayPage)
    page.draw(pygame.display.get_surface())
    assert [row for row, _size in page.renderer.title_rows] == [
        "Mara: all-in   ·   Ana 700   ·   Bruno 980"], page.renderer.title_rows
    assert page.renderer.painted["pot"] == "Pot 620"
    assert last_actions(page.view().history, amount)[0] == "Bet 300"  # Ana's box: not All-in
    end = heard(app, desktop, "right")  # the end: the chips given back are not told twice
    assert end.startswith("You are all-in. The cards are turned up") and "uncalled" not in end
    assert end.endswith("You win the pot of 620 with pair of kings.")
    state = heard(app, desktop, "i")  # the end: the chips won, not "all-in"
    assert "You: 620. Ana: 700, queen of spades and queen of hearts. Bruno: folded." in state


def test_the_replay_lists_the_players_in_the_tables_order(player_home):
    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = window(desktop, session)
    for _ in range(40):
        if session.hand is not None and session.hand.over:
            break
        keys(app, "c")
    table = app.screen
    surface = pygame.display.get_surface()
    table.draw(surface)
    names = [s.name for s in session.seats]

    def in_title(rows: list[tuple[str, int]]) -> list[str]:
        return [n for row, _size in rows for part in row.split("·") for n in names
                if part.strip().startswith(n + " ")]

    at_table = in_title(table.renderer.title_rows)
    assert at_table[0] == "Mara" and len(at_table) == 3, table.renderer.title_rows
    keys(app, "z")
    page = app.screen
    assert isinstance(page, ReplayPage)
    page.draw(surface)
    replayed = in_title(page.renderer.title_rows)
    assert replayed == at_table, (page.renderer.title_rows, table.renderer.title_rows)
    said = heard(app, desktop, "i")
    order = sorted(names, key=lambda n: said.find("You:" if n == "Mara" else f"{n}:"))
    assert order == at_table, said
