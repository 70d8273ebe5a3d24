"""A real game end: the result with everyone's place and your own, a sound,
a banner on the felt, Read state that tells the result, and New game that
asks first."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.keymap import Key  # noqa: E402
from holdem_desktop.ui.layout import TableLayout  # noqa: E402
from tests.driving import keys  # noqa: E402

ORDINALS = ("first", "second", "third")


@pytest.fixture
def ended(player_home):
    """A 3-player game played to its end by keys (all-in every hand)."""
    desktop = Desktop(rng=random.Random(21), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 3, "easy", "Mara")
    app = App(desktop.table(session), keymap=desktop.keymap, after_input=desktop.flush)
    for _ in range(300):
        if session.game_over:
            break
        keys(app, "n")
        for _ in range(20):
            if session.hand.over:
                break
            keys(app, "a", "a")
    assert session.game_over
    yield desktop, app
    desktop.close()


def test_the_end_is_told_with_every_place_and_your_own(ended):
    desktop, app = ended
    screen = app.screen
    places = dict(screen.session.result.places)
    end = next(a for a in reversed(screen.announcements) if "Places:" in a)
    mine = places[0]
    if mine == 1:
        assert "You win the game!" in end
    else:
        assert f"You finished {ORDINALS[mine - 1]} of 3." in end
    standings = end[end.index("Places:"):]
    for seat, place in places.items():
        who = "you" if seat == 0 else screen.session.seats[seat].name
        assert re.search(rf"\b{place}, [^;]*\b{who}\b", standings), (who, standings)
    assert desktop.bank.requested[-1] == ("game_won" if mine == 1 else "game_over")


def test_read_state_at_the_end_gives_the_result_not_an_empty_table(ended):
    _desktop, app = ended
    text = app.screen.inform(Key.READ_STATE)
    assert "Places:" in text and "Press N to start a new game" in text
    assert "0 chips" not in text and "out in place 1" not in text
    winner = next(s for s, p in app.screen.session.result.places if p == 1)
    assert app.screen.player_text(winner).endswith("place 1")


def test_new_game_asks_first_then_starts(ended):
    desktop, app = ended
    table = app.screen
    session = table.session
    keys(app, "n")
    assert session.game_over  # one stray key does not throw the result away
    assert isinstance(app.screen, Dialog)
    assert desktop.speech.speaker.calls[-1][0] == (
        "Start a new game with the same players? Press N again, or choose New game, to "
        "start it. Not now, button")
    keys(app, "return")  # Enter on the first answer: not now
    assert app.screen is table and session.game_over
    keys(app, "n", "c")  # another key: the question again, still asked
    assert isinstance(app.screen, Dialog) and session.game_over
    keys(app, "escape")  # Escape answers the question: no new game, and the table stays
    assert app.screen is table and session.game_over
    keys(app, "n", "n")  # N twice, as ever, starts it
    assert app.screen is table
    assert not session.game_over and table.banner() == []


def test_the_banner_is_drawn_over_the_felt(ended, tmp_path):
    # (tools: HOLDEM_SHOTS=folder keeps the picture to look at)
    _desktop, app = ended
    surface = pygame.display.set_mode((1024, 640))
    app.screen.any_input()  # a key: the last run-out's picture catches up
    app.screen.draw(surface)
    box = app.screen.rects["banner"]
    # the standings, and the last hand's board beside the banner
    assert app.screen.banner()[1].startswith("Places: 1, ")
    board = app.screen.renderer.drawn["board"]
    assert not board.colliderect(box)
    assert app.screen.banner()[0].startswith(("Game over", "You win"))
    pygame.image.save(surface, str(tmp_path / "game_end.png"))
    if os.environ.get("HOLDEM_SHOTS"):
        pygame.image.save(surface, os.path.join(os.environ["HOLDEM_SHOTS"], "game_end.png"))
    gold = surface.get_at((box.x + 1, box.centery))[:3]
    assert gold[0] > 200 and gold[1] > 150 and gold[2] < 140  # the banner's gold edge
    felt = TableLayout(*surface.get_size()).felt
    assert pygame.Rect(felt.x, felt.y, felt.w, felt.h).contains(box)


def test_a_finished_game_is_not_offered_to_continue(ended):
    """Closed on its end, the game is not 'a saved game' at the next start:
    Continue is off (and says why) and the start screen does not say one is
    there; the game itself is in Statistics and the hand histories."""
    desktop, app = ended
    keys(app, "t")  # (an information key: nothing to save)
    desktop.close()
    again = Desktop(speaker=RecordingSpeaker())
    assert not again.has_saved_game()
    start = again.menu()
    assert "saved game" not in start.notice()
    (cont,) = [c for c in start.controls() if c.id == "continue"]
    assert not cont.enabled and cont.reason == "There is no saved game to continue."
    again.close()


def test_game_state_no_longer_says_when_the_blinds_go_up_once_the_game_is_over(ended):
    _desktop, app = ended
    lines = app.screen.state_lines()
    assert lines and not any(line.startswith("Blinds go up") for line in lines), lines
