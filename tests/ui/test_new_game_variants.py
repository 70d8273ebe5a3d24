"""New game lists the player's own variant files beside the shipped games,
a broken one with what is wrong, offers the starting stack and the blind
speed, copies a game's file to the player's folder, and starts the game
chosen (through the Desktop protocol, faked here)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.variant import Variant, shipped_variant
from holdem_desktop.session import HumanController, Session
from holdem_desktop.settings import Settings
from holdem_desktop.ui.keymap import KeyMap
from holdem_desktop.ui.menus import HelpPage, NewGamePage, StartPage
from holdem_desktop.ui.page import Replace
from tests.folders import system_data_folder


class FakeDesktop:
    """The Desktop protocol, recording what the pages ask for."""

    def __init__(self) -> None:
        self.settings = Settings(language="en", player_name="Mara", players=2)
        self.keymap = KeyMap()
        self.started: list[tuple[str | Variant, int, str, str]] = []
        self.rooms: list[tuple[str | Variant, int, str, str]] = []
        self.sessions: list[Session] = []

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings

    def has_saved_game(self) -> bool:
        return False

    def new_game(self, variant, players, strength, name) -> Session:
        self.started.append((variant, players, strength, name))
        rules = variant if isinstance(variant, Variant) else shipped_variant(variant)
        session = Session(rules, [(name, HumanController())] + [
            (f"C{k}", HumanController()) for k in range(1, players)],
            rng=random.Random(2), clock=lambda: 0.0)
        session.start()
        self.sessions.append(session)
        return session

    def continue_game(self):
        return "none"

    def table(self, session):
        return StartPage(self, lambda text: None)

    def menu(self, session=None):
        return StartPage(self, lambda text: None)

    def hand_over(self, session) -> None:
        pass

    def create_room(self, variant, players, strength, name):
        self.rooms.append((variant, players, strength, name))
        return "no network here"

    def join_room(self, code, address, name):
        return "no network here"


def deep_file(folder: Path) -> None:
    text = shipped_variant().source.read_text(encoding="utf-8")
    text = text.replace('name = "Tournament"', 'name = "Deep"') \
        .replace("starting_stack = 1500", "starting_stack = 5000")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deep.toml").write_text(text, encoding="utf-8")
    (folder / "bad.toml").write_text(text.replace("chip_unit = 10", "chip_unit = 7"),
                                     encoding="utf-8")


def make_page(tmp_path: Path, room: bool = False):
    folder = tmp_path / "variants"
    deep_file(folder)
    said: list[str] = []
    desktop = FakeDesktop()
    return NewGamePage(desktop, said.append, room=room, folder=folder), desktop, said


def choose(page: NewGamePage, field: str, value) -> None:
    control = next(c for c in page.controls() if c.id == field)
    options = [v for v, _label in page.form.field(field).options]
    for _ in range(len(options)):
        if page.form.values[field] == value:
            return
        page.adjust(control, 1 if options.index(value) > options.index(
            page.form.values[field]) else -1)
    assert page.form.values[field] == value


def control(page: NewGamePage, control_id: str):
    return next(c for c in page.controls() if c.id == control_id)


def test_the_players_own_games_are_listed_and_a_broken_one_is_explained(tmp_path):
    page, _desktop, _said = make_page(tmp_path)
    options = dict(page.form.field("variant").options)
    assert options["my:deep.toml"] == "Deep (yours, deep.toml)"
    assert "my:bad.toml" not in options  # it cannot be chosen
    assert options["tournament"] == "Tournament"
    broken = [c for c in page.controls() if c.id.startswith("broken:")]
    assert len(broken) == 1
    assert broken[0].label == ("bad.toml, at starting_stack: 5000 is not a multiple of the "
                               "chip unit 7.")
    assert page.describe(broken[0]) == "Cannot be used: " + broken[0].label
    assert page.notice() == ("1 file in your variants folder cannot be used; "
                             "it is listed below.")
    page.activate(broken[0])
    assert page.status == page.describe(broken[0])  # said and shown


def test_a_players_game_starts_with_its_rules_and_the_chosen_stack_and_speed(tmp_path):
    page, desktop, _said = make_page(tmp_path)
    choose(page, "variant", "my:deep.toml")
    assert page.form.values["stack"] == 5000  # the game's own, when it is chosen
    assert page.form.values["speed"] == (10, None)
    choose(page, "stack", 10000)
    choose(page, "speed", (None, 15))
    outcome = page.activate(control(page, "start"))
    assert isinstance(outcome, Replace)
    variant, players, strength, name = desktop.started[-1]
    assert strength == "normal"
    assert isinstance(variant, Variant)
    assert (variant.name, variant.starting_stack) == ("Deep", 10000)
    assert (variant.schedule.hands_per_level, variant.schedule.minutes_per_level) == (None, 15)
    assert (players, name) == (2, "Mara")
    assert desktop.settings.variant == "my:deep.toml"  # chosen again next time
    session = desktop.sessions[-1]
    session.next_hand()
    assert session.hand.config.stacks == (10000, 10000)
    while session.waiting_for is not None:
        seat = session.waiting_for
        legal = {a.kind for a in session.view(seat).legal_actions}
        session.submit(seat, Action.check() if ActionKind.CHECK in legal else Action.call())
    assert sum(st.chips for st in session.seats) == 20000
    # Next time, the form opens on the player's game.
    again = NewGamePage(desktop, lambda text: None, folder=page.folder)
    assert again.form.values["variant"] == "my:deep.toml"


def test_a_shipped_game_as_it_is_starts_by_its_key(tmp_path):
    page, desktop, _said = make_page(tmp_path)
    choose(page, "variant", "heads_up")
    assert page.form.field("speed") is None  # its blinds never go up
    assert [v for v, _ in page.form.field("stack").options] == [50, 100, 200, 300, 500, 1000]
    page.activate(control(page, "start"))
    assert desktop.started[-1][0] == "heads_up"
    choose(page, "stack", 300)
    page.activate(control(page, "start"))
    variant = desktop.started[-1][0]
    assert isinstance(variant, Variant) and variant.starting_stack == 300
    assert variant.menu_only and variant.key == "heads_up"


def test_a_room_is_created_with_the_chosen_rules(tmp_path):
    page, desktop, said = make_page(tmp_path, room=True)
    choose(page, "variant", "my:deep.toml")
    page.activate(control(page, "start"))
    assert isinstance(desktop.rooms[-1][0], Variant) and desktop.rooms[-1][0].name == "Deep"
    assert said[-1] == "no network here"


def test_copy_puts_the_chosen_game_in_the_players_folder(tmp_path):
    page, _desktop, said = make_page(tmp_path)
    choose(page, "variant", "pot_limit")
    page.activate(control(page, "copy"))
    copied = page.folder / "pot_limit.toml"
    assert copied.read_text(encoding="utf-8") == \
        shipped_variant("pot_limit").source.read_text(encoding="utf-8")
    assert said[-1].startswith(f"Copied to {copied}.")
    assert "my:pot_limit.toml" in dict(page.form.field("variant").options)


def test_copy_says_why_when_the_folder_cannot_be_written(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    said: list[str] = []
    page = NewGamePage(FakeDesktop(), said.append, folder=blocker / "variants")
    page.activate(control(page, "copy"))
    assert said[-1].startswith("The file could not be copied: ")


def test_how_to_play_shows_the_folder_and_copies_the_game(tmp_path):
    said: list[str] = []
    folder = tmp_path / "mine"
    page = HelpPage(FakeDesktop(), shipped_variant("heads_up"), said.append, folder=folder)
    labels = [c.label for c in page.controls()]
    assert f"Your variants folder is {folder}" in labels
    assert labels[-2:] == ["Copy this game to my variants folder", "Close"]
    page.activate(control(page, "copy"))
    assert (folder / "heads_up.toml").exists() and said[-1].startswith("Copied to ")


def test_the_start_page_explains_the_game_last_chosen_even_a_players_own(tmp_path,
                                                                           monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    deep_file(system_data_folder(tmp_path) / "variants")
    desktop = FakeDesktop()
    desktop.settings = desktop.settings.updated(variant="my:deep.toml")
    start = StartPage(desktop, lambda text: None)
    help_page = start.activate(control(start, "help")).screen
    assert "You are playing Deep." in [c.label for c in help_page.controls()]
    desktop.settings = desktop.settings.updated(variant="my:gone.toml")
    help_page = start.activate(control(start, "help")).screen
    assert "You are playing Tournament." in [c.label for c in help_page.controls()]


def test_read_state_says_the_fixed_sizes_and_the_hands_left():
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from holdem_desktop.resources import assets_dir
    from holdem_desktop.ui.draw import TableRenderer
    from holdem_desktop.ui.table import TableScreen

    s = Session(shipped_variant("heads_up"), [("Mara", HumanController()),
                                              ("Ada", HumanController())],
                rng=random.Random(4), clock=lambda: 0.0)
    s.start()
    s.next_hand()
    screen = TableScreen(s, 0, TableRenderer(assets_dir() / "cards" / "classic"))
    state = screen.read_state()
    assert state.endswith("Bets and raises: half the pot, the pot or all-in only. "
                          "10 hands left; then the bigger stack wins.")
    tournament = Session(shipped_variant(), [("Mara", HumanController()),
                                             ("Ada", HumanController())],
                         rng=random.Random(4), clock=lambda: 0.0)
    tournament.start()
    tournament.next_hand()
    plain = TableScreen(tournament, 0, TableRenderer(assets_dir() / "cards" / "classic"))
    assert "only." not in plain.read_state() and "left;" not in plain.read_state()


def test_settings_show_the_variants_folder(tmp_path, monkeypatch):
    from holdem_desktop.ui.menus import SettingsPage

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    page = SettingsPage(FakeDesktop(), lambda text: None)
    folder = system_data_folder(tmp_path) / "variants"
    assert f"Your variants folder is {folder}" in [c.label for c in page.controls()]


def test_opening_new_game_says_that_a_file_cannot_be_used(tmp_path):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    from holdem_desktop.ui.app import App
    from holdem_desktop.ui.page import Push

    pygame.display.init()
    try:
        page, desktop, said = make_page(tmp_path)
        app = App(StartPage(desktop, lambda text: None), keymap=desktop.keymap)
        app.apply(Push(page))
        assert said[-1].startswith("New game. 1 file in your variants folder cannot be used; "
                                   "it is listed below. Game, combo box, Tournament, ")
    finally:
        pygame.display.quit()
