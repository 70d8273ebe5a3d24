"""A player's own variant: started from New game, by --variant FILE, and
hosted in a room whose guest plays it and has it explained."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

import holdem_desktop.app as app_package  # noqa: E402
from holdem_desktop.__main__ import main  # noqa: E402
from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.engine.actions import Action, ActionKind  # noqa: E402
from holdem_desktop.engine.variant import adjust_variant, shipped_variant  # noqa: E402
from holdem_desktop.session.variant_files import find_game, user_variants_dir  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.dialog import Dialog  # noqa: E402
from holdem_desktop.ui.menus import HelpPage, NewGamePage  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402


@pytest.fixture
def home(player_home):
    return player_home


def deep(home):
    folder = user_variants_dir()
    folder.mkdir(parents=True)
    text = shipped_variant().source.read_text(encoding="utf-8")
    (folder / "deep.toml").write_text(text.replace('name = "Tournament"', 'name = "Deep"')
                                      .replace("starting_stack = 1500", "starting_stack = 4000"),
                                      encoding="utf-8")
    return folder / "deep.toml"


def play_hand(session):
    if session.hand is None or session.hand.over:
        session.next_hand()
    while session.waiting_for == 0:
        legal = {a.kind for a in session.view(0).legal_actions}
        session.submit(0, Action.check() if ActionKind.CHECK in legal else Action.call())


def test_new_game_plays_a_players_variant_and_continue_keeps_it(home):
    deep(home)
    desktop = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    desktop.settings = desktop.settings.updated(player_name="Mara", players=3,
                                                variant="my:deep.toml")
    page = NewGamePage(desktop, desktop.say)
    assert page.form.values["variant"] == "my:deep.toml"
    table = page.activate(next(c for c in page.controls() if c.id == "start")).screen
    assert isinstance(table, TableScreen)
    session = table.session
    assert session.variant.name == "Deep" and session.seats[0].chips == 4000
    play_hand(session)
    desktop.save(session)
    again = Desktop(speaker=RecordingSpeaker()).continue_game()
    assert again.variant.name == "Deep" and again.hands_played == session.hands_played


def test_the_variant_option_starts_a_file_directly(home, monkeypatch):
    path = deep(home)
    started = {}
    monkeypatch.setattr(app_package, "play", lambda **kw: started.update(kw) or 0)
    assert main(["--variant", str(path)]) == 0 and started["variant"] == str(path)
    desktop = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    session = desktop.start_variant(str(path))
    assert session.variant.name == "Deep" and session.seats[0].chips == 4000
    assert "There is no variant named nope" in desktop.start_variant("nope")
    (path.parent / "bad.toml").write_text("name = 3", encoding="utf-8")
    assert desktop.start_variant(str(path.parent / "bad.toml")).startswith("bad.toml, at name: ")


def test_a_room_with_a_players_variant_is_explained_to_a_guest(home):
    path = deep(home)
    host = Desktop(rng=random.Random(5), speaker=RecordingSpeaker())
    host.room_bind = "127.0.0.1"
    rules = adjust_variant(find_game("my:deep.toml", path.parent), starting_stack=6000)
    page = host.create_room(rules, 2, "easy", "Mara")
    assert isinstance(page, TableScreen)
    guest = Desktop(rng=random.Random(6), speaker=RecordingSpeaker())
    try:
        where = f"127.0.0.1:{host.server.port}?pin={host.server.fingerprint}"  # an invitation's
        joined = guest.join_room(page.room.code, where, "Ada")
        assert isinstance(joined, TableScreen)
        variant = joined.session.variant
        assert variant.name == "Deep" and variant.starting_stack == 6000
        labels = [c.label for c in HelpPage(guest, variant, guest.say).controls()]
        assert "You are playing Deep." in labels and "Everyone starts with 6,000 chips." in labels
    finally:
        guest.close_room()
        host.close_room()


def test_a_broken_variant_file_is_printed_and_shown_not_only_spoken(home, capsys):
    from holdem_desktop.app.play import play
    from holdem_desktop.ui.app import App

    bad = home / "bad.toml"
    bad.write_text("name = 3", encoding="utf-8")
    speaker = RecordingSpeaker()
    assert play(variant=str(bad), max_events=0, speaker=speaker) == 0
    err = capsys.readouterr().err
    assert "bad.toml, at name: " in err  # on the terminal that gave --variant
    assert any("bad.toml, at name: " in text for text, _ in speaker.calls)  # and said
    # and drawn on the start screen, as a notice under the title
    desktop = Desktop(speaker=RecordingSpeaker())
    desktop.notices.append(desktop.start_variant(str(bad)))
    app = App(desktop.menu(), (1024, 640))
    app.frame()
    assert "notice" in app.screen.rects
    assert "bad.toml, at name: " in app.screen.shown_notice()
    desktop.close()


# -- issue 28 item 3: --variant FILE over a saved game asks first -----------


def saved_game(home) -> int:
    """A game left mid-way, autosaved; its hands played."""
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    session = desktop.new_game("tournament", 4, "normal", "Mara")
    play_hand(session)
    session.next_hand()
    desktop.save(session)
    desktop.close()
    return session.hands_played


def launch(variant: str):
    """The window as ``holdem-desktop --variant`` opens it, and its speaker."""
    from holdem_desktop.app.play import opening

    desktop = Desktop(rng=random.Random(4), speaker=RecordingSpeaker())
    return desktop, opening(desktop, variant=variant)


def test_the_variant_option_over_a_saved_game_asks_and_escape_keeps_it(home):
    from tests.driving import keys

    path = home / "elsewhere.toml"  # a file from outside the variants folder
    path.write_text(deep(home).read_text(encoding="utf-8"), encoding="utf-8")
    hands = saved_game(home)
    desktop, app = launch(str(path))
    try:
        first = desktop.speech.speaker.calls[-1][0]
        # the question New game asks, in its dialog over New game, said as the window opens
        assert first.startswith("Replace your saved game? A new game of Deep (yours, "
                                "elsewhere.toml) takes the place of the game you saved")
        assert first.endswith("Keep saved game, button.")
        assert isinstance(app.screen, Dialog)
        page = app.screen.under
        assert isinstance(page, NewGamePage) and page.form.values["variant"] == str(path)
        assert "Deep (yours, elsewhere.toml)" in [label for _, label in page.form.fields[0].options]
        app.frame()
        assert "dialog" in app.screen.rects and "dialog:cancel" in app.screen.rects
        keys(app, "escape")  # keeps it: New game on that variant, Start in focus
        assert app.screen is page and page.focused().id == "start" and desktop.has_saved_game()
        keys(app, "escape")  # and the start screen, on Continue
        assert app.screen.title == "Hold'em Desktop" and app.screen.focused().id == "continue"
        assert desktop.speech.speaker.calls[-1][0].startswith(
            "Hold'em Desktop. You have a saved game: Continue goes on with it.")
        kept = desktop.continue_game()
        assert not isinstance(kept, str)
        assert kept.variant.name == "Tournament" and kept.hands_played == hands
    finally:
        desktop.close()


def test_the_variant_option_over_a_saved_game_starts_it_on_enter(home):
    from tests.driving import keys

    path = deep(home)
    saved_game(home)
    desktop, app = launch(str(path))
    try:
        keys(app, "return")  # Enter at once: the answer in focus keeps the saved game
        assert app.screen.title == "New game" and desktop.has_saved_game()
        keys(app, "return")  # Start game: asked again
        assert desktop.speech.speaker.calls[-1][0].startswith("Replace your saved game?")
        keys(app, "tab")
        assert desktop.speech.speaker.calls[-1][0] == "Replace saved game, button"
        keys(app, "return")  # the answer: the new variant replaces it
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.variant.name == "Deep"
        assert app.screen.session.seats[0].chips == 4000
        assert desktop.settings.variant == "my:deep.toml"  # a listed file is remembered
    finally:
        desktop.close()


def test_the_variant_option_without_a_saved_game_starts_at_once(home):
    desktop, app = launch(str(deep(home)))
    try:
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.variant.name == "Deep" and not desktop.speech.speaker.calls[
            -1][0].startswith("New game.")
    finally:
        desktop.close()
