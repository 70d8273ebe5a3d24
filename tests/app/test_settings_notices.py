"""A settings file the game could not use is named with its problem: what
was wrong, where the broken file was kept, which settings went back to
their defaults (by the names the player sees, never the file's codes)."""

from __future__ import annotations

import json

import pytest

from holdem_desktop.app.settings_service import SettingsService
from holdem_desktop.settings import settings_path


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = settings_path()
    path.parent.mkdir(parents=True)
    return path


def test_a_file_that_is_not_json_is_named_and_where_it_was_kept(config):
    config.write_text("{not json", encoding="utf-8")
    notices = SettingsService().notices
    kept = config.with_name("settings.json.broken-1")
    assert kept.exists()
    assert notices == [f"Your settings file was damaged (it is not valid JSON) and was kept as "
                       f"{kept}; the defaults are used."]


def test_a_file_that_cannot_be_read_is_named_and_where_it_was_kept(config):
    config.write_bytes(b"\xff\xfe\x00garbage")
    notices = SettingsService().notices
    kept = config.with_name("settings.json.broken-1")
    assert notices == [f"Your settings file could not be read and was kept as {kept}; the "
                       f"defaults are used."]


def test_values_the_game_does_not_know_are_named_as_the_settings_page_names_them(config):
    config.write_text(json.dumps({"language": "xx", "speech_rate": 500, "sound_volume": 0.5,
                                  "players": True, "window_width": 3, "colour": "blue"}),
                      encoding="utf-8")
    service = SettingsService()
    assert service.settings.sound_volume == 0.5  # the good ones are kept
    # the file is named (before: "Some settings had values ..." and no file, so a
    # player asked to fix it by hand did not know which one)
    assert service.notices == [
        f"Some settings in {config} had values the game does not know and are back to "
        "their defaults: Language, Speech rate, Players, Window size."]


def test_a_json_file_that_holds_no_settings_is_said_by_its_name(config):
    config.write_text("[1, 2]", encoding="utf-8")
    assert SettingsService().notices == [
        f"Your settings file {config} holds no settings the game can read; the defaults "
        "are used."]


def test_a_file_that_cannot_be_read_nor_set_aside_is_named_with_why(config, monkeypatch):
    """Before: "... could not be read and was kept as <the same path>": a copy
    never made, and no reason (a locked file: its folder refuses even a
    rename, as a read-only disk or another program's lock does)."""
    import errno
    from pathlib import Path

    config.write_text("{}", encoding="utf-8")

    def locked(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", locked)
    monkeypatch.setattr(Path, "rename", locked)
    assert SettingsService().notices == [
        f"Your settings file {config} could not be read: permission denied. The defaults "
        "are used."]
