"""The small files the game keeps (a room's seat token, the trusted hosts,
the muted names, the accounts' sign-ins, the hand histories) that cannot
be written are never lost silently: the game plays on with what it has in
memory, and the player hears once, after what is being said (and sees in
Game state), which file could not be written, why, and what it costs.
Before, every one of these failures was swallowed without a word.  The
real game driven by keys, heard through the recording speaker."""

from __future__ import annotations

import errno
import os
import random
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402
from holdem_desktop.app.play import opening  # noqa: E402
from holdem_desktop.speech import RecordingSpeaker  # noqa: E402
from holdem_desktop.ui.app import App  # noqa: E402
from holdem_desktop.ui.table import TableScreen  # noqa: E402
from tests.driving import keys, typed  # noqa: E402
from tests.folders import data_folder  # noqa: E402
from tests.ui.test_rooms import at, host  # noqa: E402, F401 (host: the fixture)

A_FILE = "there is a file where a folder should be"
A_FOLDER = "there is a folder where the file should be"


def calls(desktop: Desktop) -> list[tuple[str, bool]]:
    return list(desktop.speech.speaker.calls)


def said_once(desktop: Desktop, text: str) -> int:
    """Where ``text`` was said: once, as a reply (never cutting anything off)."""
    said = calls(desktop)
    assert [t for t, _i in said if text in t] == [text], said[-6:]
    at_ = [t for t, _i in said].index(text)
    assert said[at_][1] is False  # queued after what was being said
    return at_


def seat(path: object, problem: str) -> str:
    return (f"Your seat cannot be kept after you close the game, because {path} could not be "
            f"written: {problem}.")


def hands(path: object, problem: str) -> str:
    return (f"This hand cannot be kept in the hand history, because {path} could not be "
            f"written: {problem}.")


def join_by_keys(app: App, code: str, address: str) -> None:
    """From the start screen: Rooms, Join room, the code, the host's address,
    and Enter in the field: Join."""
    keys(app, "tab", "tab", "return", "tab", "return")
    typed(app, code)
    keys(app, "tab")
    typed(app, address)
    keys(app, "return")


def test_a_seat_token_and_a_trusted_host_that_cannot_be_kept_are_said_once(host, tmp_path):  # noqa: F811
    """Ada joins Mara's room by its invitation (the pin: the host is trusted,
    kept in room_hosts.json; the seat's token in rooms.json): both files are
    folders here.  She sits and plays; each is said once, with the file and
    why; leaving and joining again gives her seat back (in memory) and
    says nothing more."""
    page = host.create_room("tournament", 3, "easy", "Mara")
    code = page.room.code
    data = tmp_path / "ada"
    (data / "rooms.json").mkdir(parents=True)
    (data / "room_hosts.json").mkdir()
    ada = Desktop(rng=random.Random(6), speaker=RecordingSpeaker(), data=data)
    try:
        app = opening(ada)
        join_by_keys(app, code, at(host))
        assert isinstance(app.screen, TableScreen), calls(ada)[-4:]
        trust = ("Trusted servers and certificates will be forgotten when you close the game, "
                 f"because {data / 'room_hosts.json'} could not be written: {A_FOLDER}.")
        token = seat(data / "rooms.json", A_FOLDER)
        assert said_once(ada, trust) < said_once(ada, token)
        assert trust in app.screen.messages and token in app.screen.messages  # Game state
        assert any(key.startswith(f"{code}/") for key in ada.rooms.tokens.tokens)  # in force
        first = app.screen.session.seat
        ada.close_room()  # leave, and come back: the seat is given back, nothing said again
        back = ada.join_room(code, at(host), app.screen.session.seats[first].name)
        assert isinstance(back, TableScreen) and back.session.seat == first
        ada.flush()  # (what the window does after the key that joined)
        assert sum(token in t for t, _i in calls(ada)) == 1
        assert sum(trust in t for t, _i in calls(ada)) == 1
    finally:
        ada.close_room()


def test_a_mute_that_cannot_be_remembered_is_said_once(host, tmp_path):  # noqa: F811
    """Mara mutes Ada's chat from the Chat zone; chat_mutes.json is a folder:
    the mute is in force, and Mara hears once that it will be forgotten.
    Her own room's token (rooms.json, a folder too) costs her nothing (her
    room closes with her game): not said."""
    mutes = data_folder() / "chat_mutes.json"  # (the host's, as the game finds it)
    mutes.mkdir(parents=True)
    (mutes.parent / "rooms.json").mkdir()
    page = host.create_room("tournament", 3, "easy", "Mara")
    mara = App(page, keymap=host.keymap, after_input=host.flush, poll=host.poll)
    ada = Desktop(rng=random.Random(6), speaker=RecordingSpeaker(), data=tmp_path / "ada")
    try:
        assert isinstance(ada.join_room(page.room.code, at(host), "Ada"), TableScreen)
        end = time.monotonic() + 10  # Ada's arrival reaches Mara's table
        while not any(c.id == "chat:do:mute:Ada" for c in page.table_controls()):
            assert time.monotonic() < end, "Ada never arrived"
            host.poll() or time.sleep(0.01)
        page.focus.id = "chat:do:mute:Ada"
        keys(mara, "return")
        said = ("Muted names will be forgotten when you close the game, because "
                f"{mutes} could not be written: {A_FOLDER}.")
        at_ = said_once(host, said)
        assert calls(host)[at_ - 1][0] == "Done: Mute Ada's chat for me."  # after its words
        assert said in page.messages
        assert "ada" in host.rooms.mutes  # in force
        page.focus.id = "chat:do:unmute:Ada"
        keys(mara, "return")
        assert "ada" not in host.rooms.mutes
        assert sum(said in t for t, _i in calls(host)) == 1  # not again
        assert not [t for t, _i in calls(host) if "Your seat" in t]
    finally:
        ada.close_room()


@pytest.fixture
def hands_folder_a_file(player_home):
    folder = data_folder() / "hands"  # (as the game finds it, on every system)
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder\n", encoding="utf-8")
    return folder


def play_hands(app: App, desktop: Desktop, count: int) -> None:
    """Fold (or check) until ``count`` more hands were played, pressing Next hand."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    session = screen.session
    goal = session.hands_played + count
    for _ in range(400):
        if session.hands_played >= goal:
            return
        hand = session.hand
        if hand is None or hand.over:
            keys(app, "n")
        else:
            keys(app, "c")
    raise AssertionError(f"{session.hands_played} hands played, {calls(desktop)[-4:]}")


def test_hands_that_cannot_be_written_are_said_once_and_the_game_plays_on(
        hands_folder_a_file):
    """The hands' folder a file (Linux: another folder than the settings', so
    before, nothing at all was said): New game, Start, two hands played."""
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        keys(app, "return", "return")  # New game, Start game
        assert isinstance(app.screen, TableScreen)
        play_hands(app, desktop, 2)
        said = hands(hands_folder_a_file / "game_0001.phhs", A_FILE)
        said_once(desktop, said)
        assert said in app.screen.messages  # shown in Game state
        assert app.screen.session.hands_played >= 2  # the game went on
    finally:
        desktop.close()


def test_windows_path_not_found_under_the_hands_file_is_said_as_on_linux(
        hands_folder_a_file, monkeypatch):
    """Windows opens a file in a "folder" that is a file with
    ERROR_PATH_NOT_FOUND (FileNotFoundError) where POSIX says ENOTDIR: the
    reason is still the file in the folder's place, not "cannot find"."""
    real = Path.open

    def as_windows(self, *args, **kwargs):
        if self.parent == hands_folder_a_file:
            raise FileNotFoundError(errno.ENOENT, "The system cannot find the path specified",
                                    str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", as_windows)
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        keys(app, "return", "return")
        said_once(desktop, hands(hands_folder_a_file / "game_0001.phhs", A_FILE))
    finally:
        desktop.close()


def test_said_again_only_after_the_file_was_written_in_between(tmp_path):
    """The same file failing twice is said once; written, then failing again,
    said again (the player needs to know it broke anew)."""
    from holdem_desktop.app.kept_files import KeptFiles
    from holdem_desktop.app.room_files import RoomTokens

    kept = KeptFiles()
    path = tmp_path / "rooms.json"
    path.mkdir()
    tokens = RoomTokens(path, kept)
    tokens.put("123456", "Ada", "a" * 32)
    tokens.put("123456", "Bo", "b" * 32)
    assert kept.take() == [seat(path, A_FOLDER)]
    path.rmdir()
    tokens.put("123456", "Cy", "c" * 32)  # written
    assert kept.take() == [] and RoomTokens(path).get("123456", "cy") == "c" * 32
    path.unlink()
    path.mkdir()
    tokens.put("123456", "Di", "d" * 32)
    assert kept.take() == [seat(path, A_FOLDER)]


def test_a_sign_in_and_a_tournament_registration_that_cannot_be_kept_are_said(tmp_path):
    """The accounts' sessions (accounts.json) and a tournament registration's
    token (kept in rooms.json, for the way back to the seat after a restart)."""
    from holdem_desktop.app.accounts import Account, SessionBook
    from holdem_desktop.app.kept_files import KeptFiles
    from holdem_desktop.app.room_files import RoomTokens
    from holdem_desktop.app.tournament_watch import TournamentWatch

    kept = KeptFiles()
    (tmp_path / "accounts.json").mkdir()
    book = SessionBook(tmp_path / "accounts.json", kept)
    book.put("example.org:7777", Account("Ada", "A" * 43))
    assert book.token("example.org:7777") == "A" * 43  # in force
    assert kept.take() == [
        "Your sign-in will be forgotten when you close the game, because "
        f"{tmp_path / 'accounts.json'} could not be written: {A_FOLDER}."]
    (tmp_path / "rooms.json").mkdir()
    watch = TournamentWatch(object(), server="example.org:7777",  # type: ignore[arg-type]
                            keep=RoomTokens(tmp_path / "rooms.json", kept))
    token = watch._token("t1", "Ada")
    assert token and watch._token("t1", "Ada") == token
    assert kept.take() == [seat(tmp_path / "rooms.json", A_FOLDER)]


def test_a_saved_game_that_cannot_be_written_is_said_once_with_its_file(player_home):
    """The saved game's place a folder: before, "The game could not be saved:
    [Errno 21] Is a directory: '…autosave.json.tmp'" (the system's English)
    after every action and every hand; now once, with the file and why, and
    the game goes on."""
    from holdem_desktop.saves import autosave_path

    path = autosave_path()
    path.mkdir(parents=True)
    desktop = Desktop(rng=random.Random(3), speaker=RecordingSpeaker())
    try:
        app = opening(desktop)
        keys(app, "return", "return")  # New game, Start game
        assert isinstance(app.screen, TableScreen)
        play_hands(app, desktop, 2)
        said = (f"This game cannot be continued after you close it, because {path} could not "
                f"be written: {A_FOLDER}.")
        said_once(desktop, said)
        assert said in app.screen.messages  # shown in Game state
        assert not [t for t, _i in calls(desktop) if "could not be saved" in t]
        assert app.screen.session.hands_played >= 2
    finally:
        desktop.close()


def test_windows_access_denied_over_a_folder_is_said_as_a_folder(player_home, monkeypatch):
    """Windows replaces a folder by a file with ERROR_ACCESS_DENIED
    (PermissionError, errno 13), where POSIX says EISDIR: the player heard
    "permission denied" (seen under Wine); the reason is still the folder in
    the file's place.  A fake of Windows' answer, on ``os.replace`` as
    ``write_atomic`` calls it."""
    from holdem_desktop.app.kept_files import KeptFiles

    real = os.replace

    def as_windows(src, dst, *args, **kwargs):
        if Path(dst).is_dir():
            raise PermissionError(errno.EACCES, "Access is denied", str(src), None, str(dst))
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", as_windows)
    mutes = data_folder() / "chat_mutes.json"
    mutes.mkdir(parents=True)
    kept = KeptFiles()
    assert not kept.write(mutes, "[]\n", "mutes")
    assert kept.take() == [f"Muted names will be forgotten when you close the game, because "
                           f"{mutes} could not be written: {A_FOLDER}."]
    locked = data_folder() / "rooms.json"  # a true refusal stays one
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(
        PermissionError(errno.EACCES, "Access is denied", str(src), None, str(dst))))
    assert not kept.write(locked, "{}\n", "seats")
    assert kept.take() == [seat(locked, "permission denied")]
