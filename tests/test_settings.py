from __future__ import annotations

import json

import pytest

from holdem_desktop.settings import (
    Settings,
    language_of,
    load_settings,
    mac_languages,
    save_settings,
    system_language_names,
)


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


# The first-start language, from each platform's own source ----------------------------

@pytest.mark.parametrize(("name", "code"), [
    ("Italian_Italy.1252", "it"),  # Windows, Python's locale.getlocale()
    ("Romanian_Romania.1250", "ro"),
    ("Polish_Poland.1250", "pl"),
    ("English_United States.1252", "en"),
    ("German_Germany.1252", "en"),
    ("ro-RO", "ro"),  # Windows' GetUserDefaultLocaleName, macOS' AppleLanguages
    ("it-IT", "it"),
    ("pl", "pl"),
    ("zh-Hans-CN", "en"),
    ("pl_PL.UTF-8", "pl"),  # POSIX LANG / LC_*
    ("it_IT@euro", "it"),
    ("ro_RO.utf8", "ro"),
    ("de_DE.UTF-8", "en"),
    ("C", "en"),
    ("C.UTF-8", "en"),
    ("POSIX", "en"),
    ("", "en"),
])
def test_locale_names_of_every_platform(name, code):
    assert language_of([name]) == code


def test_the_first_language_the_player_prefers_that_is_known_wins():
    assert language_of(["C", "xx_YY", "it-IT", "ro-RO"]) == "it"
    assert language_of(["de-DE", "pl-PL"]) == "en"  # German first: the game has no German


@pytest.mark.parametrize(("env", "names"), [
    ({"LANG": "pl_PL.UTF-8"}, ["pl_PL.UTF-8"]),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ro_RO.UTF-8"}, ["ro_RO.UTF-8"]),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "it_IT.UTF-8"}, ["it_IT.UTF-8"]),
    ({"LANG": "it_IT.UTF-8", "LANGUAGE": "pl:it"}, ["pl", "it", "it_IT.UTF-8"]),
    ({"LANG": "C", "LANGUAGE": "pl"}, []),  # gettext ignores LANGUAGE under C
    ({}, []),
])
def test_linux_reads_language_and_lc_variables_as_gettext_does(env, names, monkeypatch):
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    assert system_language_names("linux", env) == names


def test_macos_reads_the_preferred_languages(monkeypatch):
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    listing = '(\n    "ro-RO",\n    "en-GB",\n    it\n)\n'
    assert mac_languages(listing) == ["ro-RO", "en-GB", "it"]
    asked = []

    def run(argv):
        asked.append(argv)
        return listing

    names = system_language_names("darwin", {}, run=run)
    assert asked == [["defaults", "read", "-g", "AppleLanguages"]]
    assert language_of(names) == "ro"


def test_windows_asks_the_user_locale(monkeypatch):
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Italian_Italy", "1252"))

    class Kernel32:
        def GetUserDefaultUILanguage(self):
            return 0x0418  # Romanian

        def LCIDToLocaleName(self, lcid, buffer, size, flags):
            assert lcid == 0x0418
            buffer.value = "ro-RO"
            return 6

        def GetUserDefaultLocaleName(self, buffer, size):
            buffer.value = "it-IT"
            return 6

    names = system_language_names("win32", {}, kernel32=Kernel32())
    assert names == ["ro-RO", "it-IT", "Italian_Italy"]
    assert language_of(names) == "ro"
    assert language_of(names[1:]) == "it"


def test_the_speech_output_setting_is_checked():
    assert Settings().speech_output == "auto"
    assert Settings().updated(speech_output="system").speech_output == "system"
    with pytest.raises(ValueError):
        Settings().updated(speech_output="loud")
