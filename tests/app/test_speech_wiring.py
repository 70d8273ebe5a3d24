"""The Desktop's voice: chosen by the Speech setting, and never silent
without saying so."""

from __future__ import annotations

import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.app import Desktop  # noqa: E402


@pytest.fixture
def voiceless(tmp_path, monkeypatch):
    """A system with no voice at all: no Speech Dispatcher, no espeak-ng."""
    (tmp_path / "empty").mkdir()
    for key, folder in {"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data",
                        "PATH": "empty"}.items():
        monkeypatch.setenv(key, str(tmp_path / folder))
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'none.sock'}")
    monkeypatch.setenv("SPEECHD_CMD", str(tmp_path / "none"))
    pygame.display.init()
    yield tmp_path
    pygame.display.quit()


@pytest.mark.skipif(sys.platform == "win32", reason=(
    "no voice at all is made here by hiding Speech Dispatcher and espeak-ng (Linux); Windows "
    "has SAPI5 (and under Wine, NVDA's client answers 'running'): .ci/windows starts the "
    "packaged game with NVDA's stand-in not running and no SAPI5 voice for this warning"))
def test_the_start_screen_warns_when_no_voice_is_found(voiceless, capfd):
    desktop = Desktop()
    page = desktop.menu()
    assert desktop.speech.speaker.ready.wait(10)
    page.draw(pygame.Surface((1280, 800)))
    assert "notice" in page.rects and desktop.speech_status().silent
    assert "Speech: none found" in capfd.readouterr().err
    desktop.close()


def test_choosing_off_in_settings_takes_effect(voiceless):
    desktop = Desktop()
    desktop.change_settings(desktop.settings.updated(speech_output="off"))
    assert desktop.speech.speaker.ready.wait(5)
    assert desktop.speech_status().text == "Speech: off"
    desktop.close()
