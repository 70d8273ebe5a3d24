from __future__ import annotations

import json

import pytest

from holdem_desktop.settings import Settings, load_settings, save_settings


def test_defaults_when_there_is_no_file(tmp_path):
    result = load_settings(tmp_path / "settings.json")
    assert result.settings == Settings() and result.problems == ()
    assert result.settings.language in ("en", "ro", "it", "pl")


def test_round_trip_and_atomic_write(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    s = Settings().updated(language="pl", sound_volume=0.3, players=4, beginner_hints=False)
    save_settings(s, path)
    assert load_settings(path).settings == s
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_corrupt_file_is_set_aside_and_defaults_used(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    result = load_settings(path)
    assert result.settings == Settings()
    assert result.problems[0][0] == "corrupt"
    assert (tmp_path / "settings.json.broken-1").read_text() == "{not json"
    assert not path.exists()
    save_settings(result.settings, path)
    assert load_settings(path).problems == ()


def test_unreadable_bytes_are_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = load_settings(path)
    assert result.problems[0][0] == "unreadable" and result.settings == Settings()


def test_a_bad_value_falls_back_alone(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "xx", "sound_volume": 0.5, "players": True,
                                "speech_rate": 500, "colour": "blue"}), encoding="utf-8")
    result = load_settings(path)
    assert result.settings.sound_volume == 0.5
    assert result.settings.language == Settings().language
    assert set(result.problems) == {("invalid_value", "language"), ("invalid_value", "players"),
                                    ("invalid_value", "speech_rate"), ("unknown_key", "colour")}


def test_updated_checks_values():
    with pytest.raises(ValueError):
        Settings().updated(strength="impossible")
    assert Settings().updated(strength="hard").strength == "hard"
