"""Settings that cannot be written never stop the game (issue: an unwritable
config folder crashed it on Start): they stay in force for the run, and the
player hears once, clearly, which file could not be written and why.  The
real game driven by keys, heard through the recording speaker."""

from __future__ import annotations

import errno
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.play import opening  # noqa: E402
from holdem_desktop.settings import load_settings, settings_path  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys  # noqa: E402


def heard(desktop: Desktop) -> list[str]:
    return [text for text, _interrupt in desktop.speech.speaker.calls]


def unsaved(path: object, problem: str) -> str:
    return (f"Your settings could not be saved to {path}: {problem}. They stay in force "
            "until you close the game.")


@pytest.fixture
def folder_is_a_file(player_home):
    """A FILE where the game's config folder should be (as a stray download or
    a sync tool can leave one): nothing can be read or written in it."""
    path = settings_path()
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.write_text("not a folder\n", encoding="utf-8")
    return path


def test_start_with_the_config_folder_a_file_plays_on_and_says_why_once(folder_is_a_file):
    """Before: Start in New game raised FileExistsError out of the window's
    loop (the game closed, the player heard nothing more)."""
    path = folder_is_a_file
    desktop = Desktop(speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        # the start: the file is named with what is wrong, not "kept as" a copy never made
        # (on Windows the hands' folder is the same one, and its notice is said too)
        assert (f"Your settings file {path} could not be read: there is a file where a folder "
                "should be. The defaults are used.") in heard(desktop)[-1], heard(desktop)
        keys(app, "return")  # New game
        keys(app, "return")  # Start game (Enter from the first field)
        assert isinstance(app.screen, TableScreen)  # playing, not crashed
        said = unsaved(path, "there is a file where a folder should be")
        assert [t for t in heard(desktop) if said in t] == [said], heard(desktop)[-4:]
        # said where the deal cannot cut it off: the deal's announcement queues after it
        at = [t for t, _i in desktop.speech.speaker.calls].index(said)
        assert not any(interrupt for _t, interrupt in desktop.speech.speaker.calls[at + 1:])
        assert said in app.screen.messages  # shown in the Game state zone too
        assert desktop.settings.players == 6 and app.screen.session.hand is not None
        # a later change is kept in force, and not said again
        desktop.change_settings(desktop.settings.updated(sounds=False))
        assert desktop.settings.sounds is False
        assert sum(said in t for t in heard(desktop)) == 1
        # nor as the window closes (the window's size cannot be kept either)
        assert desktop.prefs.keep_window_size(1300, 820) is None
    finally:
        desktop.close()


def test_a_full_disk_in_settings_is_said_once_and_the_choice_stays(player_home, monkeypatch):
    """The write failing at the system's own call, as a full disk fails it:
    the Settings tab's change is in force at once, said with the file and the
    reason; the next one is not said again; once the disk has room, saved."""
    from holdem_desktop.session import Session
    from tests.driving import window

    path = settings_path()
    real_replace = os.replace
    full = [True]

    def replace(src: object, dst: object) -> None:
        if full[0] and os.fspath(dst) == os.fspath(path):  # type: ignore[arg-type]
            raise OSError(errno.ENOSPC, "No space left on device", os.fspath(dst))
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", replace)
    desktop = Desktop(speaker=RecordingSpeaker())
    try:
        session = desktop.new_game("tournament", 3, "easy", "Mara")
        assert isinstance(session, Session)
        app = window(desktop, session)
        screen = app.screen
        for _ in range(60):  # Tab to the Settings tab at the top right, and open it
            if screen.focused().id == "tab:settings":
                break
            keys(app, "tab")
        keys(app, "return")
        assert screen.tab_id == "settings"
        sounds_on = desktop.settings.sounds
        # Tab to the Sounds check box and tick it with Space
        for _ in range(12):
            focused = screen.focused()
            if focused is not None and focused.id == "sounds":
                break
            keys(app, "tab")
        assert screen.focused().id == "sounds"
        keys(app, "space")
        assert desktop.settings.sounds is not sounds_on  # in force at once
        said = unsaved(path, "the disk is full")
        # after the box's own words, queued behind them: nothing cuts it off
        assert desktop.speech.speaker.calls[-2:] == [("checked" if not sounds_on else
                                                      "not checked", True), (said, False)]
        keys(app, "space")
        assert desktop.settings.sounds is sounds_on
        assert sum(said in t for t in heard(desktop)) == 1  # once
        full[0] = False  # room again: the next change is written
        keys(app, "space")
        assert load_settings(path).settings.sounds is not sounds_on
    finally:
        desktop.close()


def test_closing_with_the_folder_a_file_keeps_nothing_and_says_why(folder_is_a_file):
    """The window's size, kept as the window closes: before, the same
    FileExistsError came out of ``play`` after the window had closed."""
    from holdem_desktop.app.settings_service import SettingsService

    prefs = SettingsService()
    assert prefs.keep_window_size(1300, 820) == unsaved(
        folder_is_a_file, "there is a file where a folder should be")
    assert prefs.settings.window_width == 1300  # (for the rest of the run)


def test_the_game_closes_cleanly_and_writes_why_the_settings_were_not_kept(
        folder_is_a_file, capsys):
    """The whole ``play``: opened and closed with the folder a file, it ends
    as any run does (0), the reason on stderr (the voice has closed by then)."""
    from holdem_desktop.app import play

    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert play(max_events=5, speaker=RecordingSpeaker()) == 0
    assert unsaved(folder_is_a_file, "there is a file where a folder should be") \
        in capsys.readouterr().err


def test_windows_path_not_found_under_a_file_is_said_as_on_linux(folder_is_a_file, monkeypatch):
    """Windows opens a path whose folder is a file with ERROR_PATH_NOT_FOUND,
    which Python raises as FileNotFoundError, where Linux and macOS raise
    NotADirectoryError: the game took it for a first launch and said nothing
    of the file (seen under Wine).  A fake of Windows' answer, as its API
    gives it, at the one place the game reads the file."""
    from pathlib import Path

    from holdem_desktop.app.settings_service import file_problem

    path = folder_is_a_file
    real = Path.read_text

    def as_windows(self, *args, **kwargs):
        if self == path:
            raise FileNotFoundError(errno.ENOENT, "The system cannot find the path specified",
                                    str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", as_windows)
    result = load_settings()
    assert not result.first
    assert result.problems == (("unread", str(path)),)
    assert file_problem(result.error) == "there is a file where a folder should be"
    # a path whose folders are not made yet is still a first launch
    path.parent.unlink()
    assert load_settings().first


def test_one_folder_for_settings_and_hands_as_on_windows_plays_on(player_home, monkeypatch):
    """On Windows the settings, the saved game and the hands share one folder
    (%LOCALAPPDATA%\\holdem-desktop): a file in its place made the hands'
    file writer raise FileExistsError out of Start (seen under Wine).  The
    same layout here: the data's home is the config's."""
    monkeypatch.setenv("XDG_DATA_HOME", os.environ["XDG_CONFIG_HOME"])
    path = settings_path()
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.write_text("not a folder\n", encoding="utf-8")
    desktop = Desktop(speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        keys(app, "return")  # New game
        keys(app, "return")  # Start game
        assert isinstance(app.screen, TableScreen)  # playing, not crashed
        assert app.screen.session.hand is not None
        said = unsaved(path, "there is a file where a folder should be")
        assert [t for t in heard(desktop) if said in t] == [said], heard(desktop)[-4:]
        # the saved game's own failure (the same folder) comes after it, not over it
        at = [t for t, _i in desktop.speech.speaker.calls].index(said)
        assert not any(interrupt for _t, interrupt in desktop.speech.speaker.calls[at + 1:])
    finally:
        desktop.close()
