"""Issue 31 item 6: the voice tells when it has said what it was given, so
that the chips chart's tone starts after its words, on that signal (not a
guess of how long they take): through a private, real Speech Dispatcher
(espeak-ng, audio to a file), the game's own voice chain (the speech
thread, accessible-output2's output) answers "still speaking" until the
daemon reports the sentence ended, or cancelled by an interruption."""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem_desktop.speech import Speech
from holdem_desktop.speech.chooser import start_voice
from tests.desktop import wait_for
from tests.speech.test_real_speech import missing, speechd  # noqa: F401  (a fixture)

pytestmark = [
    pytest.mark.skipif(
        bool(missing), reason="needs Debian packages speech-dispatcher "
        f"speech-dispatcher-espeak-ng espeak-ng python3-speechd (missing: {missing})"),
    # Speech Dispatcher's client ends its reading thread by an exception when
    # its connection is closed (at the end of each test): not the game's.
    pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning"),
]

WORDS = ("Start 1,500. Peak 2,340 after hand 12. Lowest 900 after hand 30. End 2,100 after "
         "hand 41. The tone follows: your starting stack, then your chips hand by hand.")


@pytest.fixture
def voice(speechd, monkeypatch, tmp_path):  # noqa: F811
    address, spoken = speechd
    monkeypatch.setenv("SPEECHD_ADDRESS", address)
    monkeypatch.setenv("SPEECHD_CMD", str(tmp_path / "never-spawn"))
    speaker = start_voice("screen_reader")  # Speech Dispatcher, as Orca's users have it
    assert speaker.ready.wait(20)
    assert speaker.name == "Speech Dispatcher", speaker.name
    speech = Speech(speaker)
    yield speech, spoken
    speech.close()


def heard_seconds(home: Path) -> float:
    """Seconds of speech the daemon's audio has received (22,050 Hz, 16-bit
    mono, each file after its 44-byte header)."""
    return sum(max(0, f.stat().st_size - 44) for f in home.glob("speech_*.wav")) / 44100


def test_the_voice_says_it_is_speaking_until_the_sentence_has_been_said(voice, tmp_path):
    speech, spoken = voice
    assert speech.speaking() is False  # it can tell, and says nothing yet
    before = heard_seconds(tmp_path / "speechd")
    speech.say(WORDS)
    assert speech.speaking() is True  # at once: the tone must not start under the words
    said: list[float] = []

    def done() -> bool:
        now = speech.speaking()  # (the audio measured after it)
        said.append(heard_seconds(tmp_path / "speechd") - before)
        return now is False

    assert wait_for(done, 60)
    assert WORDS in spoken()
    # The end is reported once the whole sentence reached the audio (the
    # sandbox's file takes it faster than a loudspeaker would play it): about
    # 8 s of speech; and while it was still being said, it said so.
    total = heard_seconds(tmp_path / "speechd") - before
    assert total > 5.0, total
    assert said[-1] >= 0.95 * total, (said, total)  # all there when it said it had ended


def test_an_interruption_ends_with_the_sentence_that_cut_in(voice):
    speech, spoken = voice
    speech.say(WORDS)
    speech.announce("Ada calls 40.")  # queued behind it
    assert speech.speaking() is True
    speech.say("Listen to the chart, button")  # cuts both off
    assert wait_for(lambda: speech.speaking() is False, 30)
    assert wait_for(lambda: "Listen to the chart, button" in spoken(), 5)
