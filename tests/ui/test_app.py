"""Driving the real window headless with key events, typed text and the mouse:
the start screen, New game, the table's zones and tabs, leaving and
Continue — the program as ``holdem_desktop.app`` wires it, settings and saves in a
temporary folder."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.settings import settings_path  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import HEADLESS_DRIVERS, App  # noqa: E402
from holdem_desktop.ui.menus import StartPage  # noqa: E402
from holdem_desktop.ui.page import Push  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.folders import data_folder  # noqa: E402


def press(*names: str, shift: bool = False) -> None:
    for name in names:
        pygame.event.post(pygame.event.Event(
            pygame.KEYDOWN, key=pygame.key.key_code(name),
            mod=pygame.KMOD_SHIFT if shift else 0))


def keys(app: App, *names: str, shift: bool = False) -> None:
    """Press keys one by one, each handled before the next."""
    for name in names:
        press(name, shift=shift)
        app.run(max_events=1)


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.run(max_events=5)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def desktop(home):
    pygame.display.init()
    d = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    d.settings = d.settings.updated(player_name="Mara", players=4, strength="normal")
    yield d
    pygame.display.quit()


@pytest.fixture
def app(desktop):
    """A 4-player table, already open."""
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    return App(desktop.table(session), keymap=desktop.keymap)


def said(app: App) -> str:
    """The last words said (the focus moving is said, not shown as a message)."""
    return app.screen.desktop.speech.speaker.calls[-1][0]


def spoken(app: App) -> str:
    return app.screen.messages[-1] if isinstance(app.screen, TableScreen) else \
        app.screen.status


def test_keyboard_only_plays_a_hand_to_the_end(app):
    s = app.screen.session
    keys(app, "n")
    assert s.hand is not None and s.hands_played == 0
    for _ in range(40):
        if s.hand.over:
            break
        keys(app, "c")  # check if possible, else call
    assert s.hand.over and s.hands_played == 1
    assert any("posts the big blind" in line for line in app.screen.log)
    keys(app, "n")
    assert s.hands_played == 1 and not s.hand.over


def test_information_keys_never_act_and_all_in_asks_first(app):
    s = app.screen.session
    keys(app, "n")
    before = (len(s.hand.actions), s.hands_played)
    keys(app, "p", "o", "y", "w", "i", "f1", "1")
    assert (len(s.hand.actions), s.hands_played) == before
    # (F1's list opening is said, not shown with the answers: not a message)
    assert app.screen.messages[-6].startswith("Pot: ")
    assert app.screen.messages[-4].startswith("Your cards: ") and " of " in \
        app.screen.messages[-4]
    if s.waiting_for == 0:
        keys(app, "a")
        assert app.screen.messages[-1].startswith("Press A again to go all-in, ")
        assert len(s.hand.actions) == before[0]


def test_tab_moves_the_focus_ring_and_the_mouse_clicks_buttons(app, tmp_path):
    s = app.screen.session
    keys(app, "n")
    assert app.screen.focused().id == "button:check_call"
    keys(app, "tab")
    assert app.screen.focused().id == "button:bet_raise"
    assert said(app).split(", ")[1] == "button"
    pygame.image.save(app.surface, str(tmp_path / "frame.png"))
    ring = app.screen.renderer.palette.focus
    rect = app.screen.rects["button:bet_raise"].inflate(10, 8)
    assert app.surface.get_at((rect.x + 1, rect.centery))[:3] == ring
    if s.waiting_for == 0:  # click Fold (facing a bet) or Check with the mouse
        target = "button:fold" if s.view(0).to_call else "button:check_call"
        acted = len(s.hand.actions)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                             pos=app.screen.rects[target].center))
        app.run(max_events=1)
        assert len(s.hand.actions) > acted


def test_zone_headings_then_the_controls_inside_each_zone(app):
    s = app.screen.session
    keys(app, "n")
    seen = []
    for _ in range(6):
        keys(app, "h")
        seen.append(said(app))
    assert [m.split(",")[0] for m in seen] == ["Game state", "Players", "Move log", "Table",
                                               "Your hand", "Actions"]
    assert all(m.endswith("heading") for m in seen)
    keys(app, "h", shift=True)  # back to Your hand, then into it: the first card
    keys(app, "tab")
    card = app.screen.focused()
    assert card.id == "hole:0"
    assert " of " in said(app) and "Your hand: " in said(app)
    ring = app.screen.renderer.palette.focus
    rect = app.screen.rects["hole:0"].inflate(10, 8)
    assert app.surface.get_at((rect.x + 1, rect.centery))[:3] == ring
    acted = len(s.hand.actions)
    keys(app, "return")  # a card says your hand and never acts
    assert len(s.hand.actions) == acted and said(app).startswith("Your hand: ")
    # The Move log is a list: Enter starts reading it, Up reads older lines,
    # Down newer ones (elsewhere Up and Down always choose the amount).
    keys(app, "page down", "page down", "page down", "page down", "tab")
    assert app.screen.focused().id == "log"
    newest = app.screen.log[-1]
    keys(app, "return")
    assert said(app).startswith("Reading the Move log")
    keys(app, "up")
    assert said(app) == app.screen.log[-2] != newest or len(app.screen.log) < 2
    keys(app, "down")
    assert said(app) == newest


def test_every_inactive_control_explains_itself(app):
    keys(app, "n")
    screen = app.screen
    disabled = [c for c in screen.table_controls() if not c.enabled]
    assert disabled, "someone is to act: Next hand at least is unavailable"
    for c in disabled:
        screen.focus.id = c.id
        keys(app, "return")
        assert screen.messages[-1] == c.reason and len(c.reason) > 10
        assert c.reason in c.spoken()


def test_tabs_replace_the_table_and_close_three_ways(app, home):
    keys(app, "n")
    screen = app.screen
    felt = app.screen.renderer.palette.felt
    centre = (app.surface.get_width() // 3, app.surface.get_height() // 2)
    assert app.surface.get_at(centre)[:3] != screen.renderer.palette.background
    screen.focus.id = "tab:help"
    keys(app, "return")
    assert screen.tab_id == "help"
    assert said(app) == "How to play open. The game, heading"
    pixels = [app.surface.get_at((x, y))[:3] for x in range(0, 800, 10) for y in range(100, 700,
                                                                                         10)]
    assert felt not in pixels  # the page stands in place of the table
    keys(app, "down")  # Down reads on, line by line
    assert "Texas Hold'em" in said(app)
    keys(app, "h")
    assert said(app) == "This game's rules, heading"
    keys(app, "down")
    assert said(app) == "You are playing Tournament."
    keys(app, "f")  # acting keys wait until the tab is closed
    assert "Close the How to play tab" in said(app)
    keys(app, "escape")
    # back to the game (issue 33, 9): Enter on the tab would only open it again
    assert screen.tab is None and screen.focused().id == "button:check_call"
    screen.focus.id = "tab:help"
    keys(app, "return")  # open; Shift+Tab twice back to the tab, activate it again: closed
    keys(app, "tab", shift=True)
    keys(app, "tab", shift=True)
    assert screen.focused().id == "tab:help" and said(app) == \
        "How to play, tab, open"
    keys(app, "return")
    assert screen.tab is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=screen.rects["tab:help"].center))
    app.run(max_events=1)  # the mouse opens it too
    assert screen.tab_id == "help"
    screen.focus.id = "close"
    keys(app, "return")  # the Close button at its end
    assert screen.tab is None


def test_settings_tab_changes_apply_and_persist(app, home):
    screen = app.screen
    screen.focus.id = "tab:settings"
    keys(app, "return")
    assert screen.tab_id == "settings"
    screen.focus.id = "sound_volume"
    keys(app, "down", "down")
    assert said(app) == "60 percent"
    screen.focus.id = "four_color_deck"
    keys(app, "space")
    assert said(app) == "checked"
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["sound_volume"] == pytest.approx(0.6) and saved["four_color_deck"] is True
    assert screen.desktop.bank.volume == pytest.approx(0.6)


def test_start_screen_new_game_form_leave_and_continue(desktop, home):
    app = App(desktop.menu(), keymap=desktop.keymap)
    assert isinstance(app.screen, StartPage)
    labels = [c.label for c in app.screen.controls()]
    assert labels == ["New game", "Continue", "Rooms", "How to play", "Settings",
                      "Hand review", "Statistics", "Quit"]
    keys(app, "tab")
    assert app.screen.status == ("Continue, button, unavailable: There is no saved game "
                                 "to continue.")
    keys(app, "tab", "tab", "tab", "tab", "tab", "tab", "tab")  # wraps round to New game
    keys(app, "return")
    form = app.screen
    assert form.title == "New game"
    keys(app, "tab")  # Players
    keys(app, "up", "up")  # (a combo box: Up the item before)
    assert form.form.values["players"] == 2
    keys(app, "tab", "tab", "tab", "tab")  # Your name: letters type instead of acting
    for _ in range(4):
        keys(app, "backspace")
    type_text(app, "Ioana")
    assert form.form.values["name"] == "Ioana"
    keys(app, "tab", "tab", "return")  # Start game (after Copy to my variants folder)
    table = app.screen
    assert isinstance(table, TableScreen)
    assert table.session.n == 2 and table.session.seats[0].name == "Ioana"
    keys(app, "n")
    for _ in range(30):
        if table.session.hand.over:
            break
        keys(app, "c")
    keys(app, "escape")  # asks, in a dialog over the table: Stay at the table first
    assert app.screen.notice().startswith("Leave the table?")
    keys(app, "escape")  # Escape answers it: stay
    assert app.screen is table
    keys(app, "escape", "tab", "return")  # Leave the table
    assert isinstance(app.screen, StartPage)
    played = table.session.hands_played
    cont = next(c for c in app.screen.controls() if c.id == "continue")
    assert cont.enabled
    app.screen.focus.id = "continue"
    keys(app, "return")
    again = app.screen
    assert isinstance(again, TableScreen) and again.session is not table.session
    assert again.session.hands_played == played
    assert [s.chips for s in again.session.seats] == [s.chips for s in table.session.seats]


def test_the_start_command_opens_the_start_screen_and_a_game(home):
    from holdem_desktop.app import play

    pygame.display.init()
    press("return")  # New game
    # Start game, with the saved choices (after Players, Starting stack, Blinds go up,
    # Computer players, Your name and Copy to my variants folder)
    press("tab", "tab", "tab", "tab", "tab", "tab", "tab", "return")
    press("n")
    for _ in range(30):
        press("c")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert play(max_events=200, speaker=RecordingSpeaker()) == 0
    assert settings_path().exists()
    saved = data_folder() / "autosave.json"
    if saved.exists():  # a hand finished: it was autosaved and written as PHH
        assert json.loads(saved.read_text(encoding="utf-8"))["format"] == 1
        assert list((data_folder() / "hands").glob("*.phhs"))
    pygame.display.quit()


def test_a_whole_tournament_by_keys_runs_to_a_winner(desktop):
    session = desktop.new_game("tournament", 3, "hard", "Mara")
    app = App(desktop.table(session), keymap=desktop.keymap)
    screen = app.screen
    for _ in range(400):  # hands; each all-in by keys when it is our turn
        if session.game_over:
            break
        keys(app, "n")
        for _ in range(20):
            if session.hand.over:
                break
            keys(app, "a", "a")
    assert session.game_over
    winners = [p for p in session.result.places if p[1] == 1]
    assert len(winners) == 1
    assert sum(session.chips(k) for k in range(3)) == 3 * session.variant.starting_stack
    assert any("wins" in line for line in screen.log)
    button = next(c for c in screen.table_controls() if c.id == "button:next_hand")
    assert button.label == "New game" and button.enabled
    keys(app, "n", "n")  # New game asks first
    assert not session.game_over and session.hands_played == 0


def test_a_corrupt_settings_file_gives_defaults_and_one_notice(home):
    folder = settings_path().parent
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text("{not json", encoding="utf-8")
    pygame.display.init()
    d = Desktop(speaker=RecordingSpeaker())
    kept = folder / "settings.json.broken-1"
    assert d.notices[0] == (f"Your settings file was damaged (it is not valid JSON) and was "
                            f"kept as {kept}; the defaults are used.")
    assert d.settings.players == 6  # the default
    # set aside (on Windows the folder holds the game's data too)
    assert [p.name for p in folder.iterdir() if p.name.startswith("settings")] == [
        "settings.json.broken-1"]
    app = App(d.menu(), keymap=d.keymap)
    for notice in d.notices:
        app.screen.say(notice)
    assert app.screen.status == d.notices[-1]
    pygame.display.quit()


def test_read_state_follows_the_order_of_the_spec(app):
    keys(app, "n")
    screen = app.screen
    s = screen.session
    keys(app, "i")
    text = screen.messages[-1]
    names = [s.seats[k].name for k in range(s.n)]
    board = "Board: " if s.hand.board else "No cards on the board yet."
    order = [text.index(marker) for marker in (
        "to act." if s.waiting_for != 0 else "Your turn.", "Your cards: ", board, "Pot: ",
        "You have ", names[1] + ",", names[2] + ",", names[3] + ",",
        *(["You deal."] if s.button == 0 else []),  # (another dealer: "dealer" in their line)
        "Blinds ", "Hand 1.", "The blinds go up in 10 hands.")]
    assert order == sorted(order), text
    # Without spoken suits, cards are named by rank alone.
    screen.desktop.change_settings(screen.desktop.settings.updated(speak_suits=False))
    keys(app, "y")
    assert " of " not in screen.messages[-1] and screen.messages[-1].startswith("Your cards: ")


def test_your_turn_and_refusals_have_their_cues(app, desktop):
    s = app.screen.session
    keys(app, "n")  # a hand is being played: refused, with a reason and the error cue
    assert desktop.bank.requested[-1] == "error"
    for _ in range(20):  # deal until it is our turn at once
        keys(app, "n")
        if s.waiting_for == 0:
            break
        while not s.hand.over:
            keys(app, "c")
    assert s.waiting_for == 0
    assert "your_turn" in desktop.bank.requested
    turns = desktop.bank.requested.count("your_turn")
    keys(app, "p")  # information keys are not a new turn
    assert desktop.bank.requested.count("your_turn") == turns


def test_each_key_gives_one_announcement_and_repeat_says_it_again(desktop):
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    app = App(desktop.table(session), keymap=desktop.keymap, after_input=desktop.flush)
    rec = desktop.speech.speaker
    keys(app, "n")
    game = [text for text, interrupt in rec.calls if not interrupt]
    assert game[0].startswith("New game: 4 players")
    assert "Hand 1." in game[-1] and "You have " in game[-1]
    for _ in range(30):
        if session.hand.over:
            break
        before = len([1 for said in desktop.speech.history if said.kind == "game"])
        keys(app, "c")
        # (a move's announcement may interrupt what the player asked to hear)
        after = [said.text for said in desktop.speech.history if said.kind == "game"]
        assert len(after) == before + 1  # one announcement per action, not one per event
        assert after[-1].startswith(("You check.", "You call"))
    table = app.screen
    assert table.announcements[-1] == desktop.speech.last_announcement()
    keys(app, "e")
    assert rec.calls[-1] == (table.announcements[-1], True)  # Repeat, interrupting
    if len(table.announcements) >= 3:
        keys(app, "[")
        assert rec.calls[-1][0] == table.announcements[-2]
        keys(app, "[")
        assert rec.calls[-1][0] == table.announcements[-3]
        keys(app, "]")
        assert rec.calls[-1][0] == table.announcements[-2]


def test_choosing_a_language_applies_at_once_and_is_remembered(app, home):
    table = app.screen
    keys(app, "n")
    english = {c.id: c.label for c in table.table_controls()}
    table.focus.id = "tab:settings"
    keys(app, "return")
    table.focus.id = "language"
    keys(app, "down", "down")  # English -> Română -> Italiano
    assert table.desktop.settings.language == "it"
    assert table.tab.title != "Settings"  # the page itself speaks Italian now
    keys(app, "escape")
    italian = {c.id: c.label for c in table.table_controls()}
    assert italian["button:fold"] != english["button:fold"]
    assert italian["heading:actions"] != english["heading:actions"]
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["language"] == "it"


NO_DISPLAY = """
import sys
from holdem_desktop.i18n.translate import set_language
from holdem_desktop.ui.app import App, NoDisplay
set_language(sys.argv[1])
try:
    App(None)
except NoDisplay as problem:
    print("refused", problem.exit_code, problem.detail, sep="|")
    print(problem)
else:
    import pygame
    print("opened", pygame.display.get_driver(), sep="|")
"""


def open_without_display(language: str = "en", **env: str) -> list[str]:
    """Open the window in a fresh process with no display server named."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    out = subprocess.run([sys.executable, "-c", NO_DISPLAY, language],
                         env={**clean, "PYGAME_HIDE_SUPPORT_PROMPT": "1", **env},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    if lines[0].startswith("opened|") and lines[0].split("|")[1] not in HEADLESS_DRIVERS:
        pytest.skip(f"this machine has a display without X or Wayland ({lines[0]})")
    return lines


def test_with_no_display_the_window_refuses_with_a_message_to_speak_and_an_exit_code():
    first, message = open_without_display()
    assert first.startswith("refused|3|")
    assert message.startswith("Hold'em Desktop found no display to open its window on.")
    assert "DISPLAY" in message
    romanian = open_without_display("ro")[1]
    assert romanian != message and "DISPLAY" in romanian


@pytest.mark.skipif(sys.platform == "win32",
                    reason="pygame-ce's Windows build of SDL has no offscreen video driver")
def test_a_window_in_memory_asked_for_by_name_is_not_refused():
    assert open_without_display(SDL_VIDEODRIVER="offscreen") == ["opened|offscreen"]


def test_a_screen_asked_for_without_a_key_is_shown_at_the_next_turn(desktop):
    # (issue 35: a network's callback asks for a screen, the poll saw nothing
    # new; it was shown only at the next key press)
    start = desktop.menu()
    app = App(start, keymap=desktop.keymap, moves=desktop.take_moves)
    other = desktop.menu()
    desktop.moves.append(Push(other))
    app.run(max_events=1)  # no key waits
    assert app.screen is other
