"""The start screen and Settings tell which voice speaks: a visible notice
when none does, the output in Settings, Test speech, the Speech choice."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from holdem_desktop.settings import Settings  # noqa: E402
from holdem_desktop.speech.speaker import RecordingSpeaker, SilentSpeaker, Speech  # noqa: E402
from holdem_desktop.speech.status import Status  # noqa: E402
from holdem_desktop.ui.keymap import Key, KeyMap  # noqa: E402
from holdem_desktop.ui.menus import SettingsPage, StartPage  # noqa: E402


class FakeDesktop:
    """The Desktop protocol as far as these pages use it, with a real Speech."""

    def __init__(self, speech: Speech) -> None:
        self.settings = Settings(language="en")
        self.keymap = KeyMap()
        self.speech = speech
        self.changed: list[Settings] = []

    def change_settings(self, settings):
        self.changed.append(settings)
        self.settings = settings

    def has_saved_game(self):
        return False

    def speech_status(self):
        return self.speech.status()

    def test_speech(self):
        return self.speech.test()


@pytest.fixture
def surface():
    pygame.display.init()
    pygame.font.init()
    yield pygame.Surface((1280, 800))
    pygame.display.quit()


def warning_pixels(surface, rect, colour):
    return sum(1 for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2)
               if surface.get_at((x, y))[:3] == colour)


def test_the_start_screen_shows_a_notice_when_nothing_speaks(surface):
    silent = Speech(SilentSpeaker(Status("none", platform="linux")))
    page = StartPage(FakeDesktop(silent), lambda text: None)
    page.draw(surface)
    rect = page.rects["notice"]
    colour = page.renderer.palette.warning
    assert warning_pixels(surface, rect, colour) > 200  # the frame and its words
    assert "Install speech-dispatcher" in page.notice()
    # Nothing covers the menu: the first button is below the notice.
    assert page.rects["new"].top > rect.bottom


@pytest.mark.parametrize("status", [Status("screen_reader", "NVDA"), Status("off"),
                                    Status("starting")])
def test_no_notice_when_a_voice_speaks_or_the_player_chose_silence(surface, status):
    page = StartPage(FakeDesktop(Speech(SilentSpeaker(status))), lambda text: None)
    page.draw(surface)
    assert "notice" not in page.rects
    assert warning_pixels(surface, surface.get_rect(), page.renderer.palette.warning) == 0


def test_settings_show_the_voice_and_test_speech_speaks_a_sample(surface):
    rec = RecordingSpeaker()
    desktop = FakeDesktop(Speech(rec))
    said = []
    page = SettingsPage(desktop, said.append)
    ids = [c.id for c in page.controls()]
    assert ids[-4:] == ["speech_status", "test_speech", "folder", "close"]
    status = next(c for c in page.controls() if c.id == "speech_status")
    assert status.label == "Speech: recording" and page.describe(status) == status.label
    test = next(c for c in page.controls() if c.id == "test_speech")
    page.focus.set(page.controls(), test.id)
    page.press(Key.ACTIVATE)
    assert rec.calls[-1][0].startswith("Speech: recording. This is how the game sounds")
    assert page.status == rec.calls[-1][0]  # shown on the page as well
    page.draw(surface)
    assert "test_speech" in page.rects


def test_the_speech_choice_is_a_setting(surface):
    desktop = FakeDesktop(Speech(RecordingSpeaker()))
    said = []
    page = SettingsPage(desktop, said.append)
    page.focus.set(page.controls(), "speech_output")
    page.press(Key.AMOUNT_DOWN)
    assert desktop.settings.speech_output == "screen_reader"
    assert said[-1].startswith("Screen reader only")
    for _ in range(3):
        page.press(Key.AMOUNT_DOWN)
    assert desktop.settings.speech_output == "off"
