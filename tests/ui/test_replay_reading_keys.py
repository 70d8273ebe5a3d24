"""The table's reading keys read the hand review's hand at its step (SPEC §5
and §7: the hand is replayed by ear; the single-letter information keys
never act): Y your cards (and at the end the cards shown), T the board, P
the pot (at the end who won it), S everyone's chips, V your hand, O the
amount to call, W whose turn, D the dealer, L the blinds, 1 to 7 one card
each — in the table's very words.  The keys that act still say they do
nothing here, and F1 lists the reading keys.  The real window, opened on
Hand review by keys, heard through the recording speaker."""

from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.store import GameInfo  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.help_pages import KeysPage  # noqa: E402
from holdem_desktop.ui.review import ReplayPage  # noqa: E402
from tests.driving import keys  # noqa: E402
from tests.store.test_review import STEPS, scripted  # noqa: E402

NOTHING = "The key {key} does nothing here; F1 lists every key."


@pytest.fixture
def replay(player_home):
    """Hand 7 of the stored game (Mara is you), opened from the start
    screen's Hand review by keys."""
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    store = desktop.hand_store()
    assert store is not None
    info = GameInfo("local", "Tournament", "Mara", "normal", 3)
    store.add_hand(None, info, 7, scripted(), 2, ["normal", "normal", "human"])
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "review"
    keys(app, "return", "return", "return")  # Hand review, the game, its hand 7
    assert isinstance(app.screen, ReplayPage), app.screen
    return app, desktop


def heard(app: App, desktop: Desktop, key: str) -> str:
    keys(app, key)
    return desktop.speech.history[-1].text


def step_to(app: App, desktop: Desktop, line: str) -> None:
    """Right arrow until the step that says ``line``."""
    for _ in range(len(STEPS)):
        if desktop.speech.history[-1].text == line:
            return
        keys(app, "right")
    raise AssertionError(f"no step says {line!r}")


def test_the_reading_keys_read_the_deal(replay):
    app, desktop = replay
    assert heard(app, desktop, "y") == "Your cards: ace of hearts and king of hearts."
    assert heard(app, desktop, "t") == "No cards on the board yet."
    assert heard(app, desktop, "p") == "Pot: 30."
    assert heard(app, desktop, "s") == "You 1,000; Ana 990; Bruno 980"
    assert heard(app, desktop, "v") == "Your hand: ace-king suited."
    assert heard(app, desktop, "o") == "To call: 20."
    assert heard(app, desktop, "w") == "Your turn."
    assert heard(app, desktop, "d") == "You deal."
    assert heard(app, desktop, "l") == "Blinds 10 and 20."
    assert heard(app, desktop, "2") == "king of hearts"
    assert heard(app, desktop, "3") == "There is no card 3."


def test_the_reading_keys_follow_the_steps(replay):
    app, desktop = replay
    step_to(app, desktop, STEPS[4])  # the flop; Ana checks
    assert heard(app, desktop, "t") == ("Board: king of diamonds, nine of spades and four of "
                                        "clubs.")
    assert heard(app, desktop, "p") == "Pot: 140."
    assert heard(app, desktop, "s") == "You 940; Ana 940; Bruno 980"
    assert heard(app, desktop, "v") == "Your hand: pair of kings, ace kicker."
    assert heard(app, desktop, "o") == "Nothing to call."
    assert heard(app, desktop, "3") == "king of diamonds"
    step_to(app, desktop, STEPS[7])  # the turn; Ana bets 200
    assert heard(app, desktop, "t") == ("Board: king of diamonds, nine of spades, four of "
                                        "clubs and jack of spades.")
    assert heard(app, desktop, "o") == "To call: 200."
    assert heard(app, desktop, "p") == "Pot: 500."
    keys(app, "left")  # back a step: the keys read it again
    assert heard(app, desktop, "p") == "Pot: 300."
    assert heard(app, desktop, "w") == "Ana to act."


def test_at_the_end_the_cards_shown_and_who_won(replay):
    app, desktop = replay
    step_to(app, desktop, STEPS[-1])
    assert heard(app, desktop, "y") == ("Your cards: ace of hearts and king of hearts. "
                                        "Ana shows queen of spades and queen of hearts.")
    assert heard(app, desktop, "t") == ("Board: king of diamonds, nine of spades, four of "
                                        "clubs, jack of spades and three of hearts.")
    assert heard(app, desktop, "p") == "You won 700."
    assert heard(app, desktop, "s") == "You 1,360; Ana 660; Bruno 980"
    assert heard(app, desktop, "w") == "Nobody is to act."


def test_the_keys_that_act_still_do_nothing_and_f1_lists_the_reading_keys(replay):
    app, desktop = replay
    for key, name in (("f", "F"), ("c", "C"), ("r", "R"), ("a", "A"), ("n", "N")):
        assert heard(app, desktop, key) == NOTHING.format(key=name), key
    assert isinstance(app.screen, ReplayPage)
    keys(app, "f1")
    assert isinstance(app.screen, KeysPage)
    listed = [c.label for c in app.screen.controls()]
    for line in ("Y: Your cards", "T: The board", "P: The pot", "S: Everyone's chips",
                 "V: Your hand's value", "1 to 7: Read a card by its number: your two cards, "
                 "then the board"):
        assert line in listed, (line, listed)
    keys(app, "escape")
    assert isinstance(app.screen, ReplayPage)
    assert heard(app, desktop, "y") == "Your cards: ace of hearts and king of hearts."
