"""The player's folders in tests.  The game finds them as each system names
them (platformdirs): under ``XDG_CONFIG_HOME``/``XDG_DATA_HOME`` on Linux,
in the shell's AppData on Windows, whatever the XDG variables say.  Tests
point both at folders of their own, and ask the game where its files are
rather than spelling out one system's layout."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

WINDOWS_FOLDERS = {"APPDATA": "AppData/Roaming", "LOCAL_APPDATA": "AppData/Local",
                   "PERSONAL": "Documents"}
"""The shell folders the game's files go to on Windows, by platformdirs'
names, and where they are in a profile."""


def windows_profile(monkeypatch: pytest.MonkeyPatch, profile: Path) -> None:
    """The player's Windows profile (AppData, Documents) in ``profile``, for
    this process and the games it starts: platformdirs'
    ``WIN_PD_OVERRIDE_*`` variables (platformdirs 4.4 and later)."""
    import platformdirs

    for name, where in WINDOWS_FOLDERS.items():
        monkeypatch.setenv(f"WIN_PD_OVERRIDE_{name}", str(profile.joinpath(*where.split("/"))))
    assert platformdirs.user_data_dir("x").startswith(str(profile)), "platformdirs >= 4.4 needed"


def data_folder() -> Path:
    """The game's data folder (autosave, hands, rooms, variants) as the game finds it."""
    from holdem_desktop.saves import autosave_path

    return autosave_path().parent


def config_folder() -> Path:
    """The game's settings folder as the game finds it (the data folder, on Windows)."""
    from holdem_desktop.settings import settings_path

    return settings_path().parent


def sdl_path(folder: Path) -> Path:
    """``folder`` (which must exist) as SDL can be given it through the
    environment (``SDL_DISKAUDIOFILE``): on Windows SDL2 reads environment
    variables in the ANSI code page, so a folder under ``C:\\Users\\Zoë`` is
    given by its short name."""
    if sys.platform != "win32":
        return folder
    from tools.smoke_windows import ascii_path

    return ascii_path(folder)


def system_data_folder(xdg_data: Path) -> Path:
    """Where the game's data folder belongs on this system, worked out apart
    from the game: in ``xdg_data`` (the ``XDG_DATA_HOME`` a test set), or on
    Windows in the profile's ``AppData\\Local`` (the test's own: conftest.py)."""
    if sys.platform == "win32":
        return Path(os.environ["WIN_PD_OVERRIDE_LOCAL_APPDATA"]) / "holdem-desktop"
    return xdg_data / "holdem-desktop"
