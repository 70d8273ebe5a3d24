"""The speech output: interrupt rules, the game's own record, and never
stopping the game when a screen reader is missing or fails."""

from __future__ import annotations

import shutil
import subprocess
import threading

import pytest

from holdem_desktop.speech.speaker import (
    AutoSpeaker,
    BackgroundSpeaker,
    RecordingSpeaker,
    SilentSpeaker,
    Speech,
    auto_speaker,
    for_voice,
)


def test_focus_interrupts_and_game_announcements_queue():
    rec = RecordingSpeaker()
    speech = Speech(rec)
    speech.announce("Ada calls 40.")
    speech.announce("Flop: nine of clubs.")
    speech.say("Fold, button")
    speech.announce("")  # nothing to say is not said
    assert rec.calls == [("Ada calls 40.", False), ("Flop: nine of clubs.", False),
                         ("Fold, button", True)]
    assert speech.last_announcement() == "Flop: nine of clubs."
    assert [s.kind for s in speech.history] == ["game", "game", "focus"]


def test_my_own_move_cuts_off_a_read_out_or_a_chat_line_never_the_game():
    rec = RecordingSpeaker()
    speech = Speech(rec)
    speech.announce("Your turn: 40 to call.")
    speech.announce("You call 40.", urgent=True)  # the game was speaking: queued after it
    speech.say("Pot: 120. Board: nothing yet. ...")  # a read-out the player asked for
    speech.announce("You fold.", urgent=True)
    speech.chat("Ana: nice fold")
    speech.announce("Hand 2. Your turn.")  # the game's own: queued
    speech.chat("Ana: good luck")
    speech.announce("You check.", urgent=True)
    assert [interrupt for _, interrupt in rec.calls] == [False, False, True, True, False,
                                                         False, False, True]


class Exploding:
    name = "exploding"

    def speak(self, text, interrupt):
        raise OSError("the screen reader went away")

    def braille(self, text):
        pass

    def set_rate(self, percent):
        raise RuntimeError("no")

    def set_volume(self, percent):
        return False


def test_a_failing_output_falls_back_to_silence_and_keeps_the_record():
    speech = Speech(Exploding())
    speech.announce("You win the pot of 40.")
    speech.announce("Hand 2.")
    assert isinstance(speech.speaker, SilentSpeaker)
    assert speech.failed == "OSError: the screen reader went away"
    assert [s.text for s in speech.history] == ["You win the pot of 40.", "Hand 2."]
    assert speech.settings(50, 100) is False


def test_auto_speaker_falls_back_when_the_output_cannot_be_built_or_found():
    def raising():
        raise ImportError("appscript")  # as Auto() can on macOS

    assert isinstance(auto_speaker(raising), SilentSpeaker)

    class NothingFound:
        def get_first_available_output(self):
            return None

    assert isinstance(auto_speaker(NothingFound), SilentSpeaker)


class FakeOutput:
    name = "Fake Reader"

    def __init__(self):
        self.spoken = []
        self.brailled = []

    def speak(self, text, interrupt=False):
        self.spoken.append((text, interrupt))

    def braille(self, text):
        self.brailled.append(text)


class FakeAuto:
    def __init__(self):
        self.out = FakeOutput()

    def get_first_available_output(self):
        return self.out

    def output(self, text, interrupt=False):
        self.out.speak(text, interrupt)

    def braille(self, text):
        self.out.braille(text)


def test_auto_speaker_speaks_and_brailles_through_the_first_output():
    auto = FakeAuto()
    speaker = auto_speaker(lambda: auto)
    assert isinstance(speaker, AutoSpeaker) and speaker.name == "Fake Reader"
    speaker.speak("Your turn.", True)
    assert auto.out.spoken == [("Your turn.", True)] and auto.out.brailled == ["Your turn."]
    assert speaker.set_rate(50) is False  # this output has no rate: the reader's own applies


def test_the_background_speaker_never_waits_and_an_interrupt_drops_the_queue():
    gate = threading.Event()
    rec = RecordingSpeaker()

    def slow_factory():
        gate.wait(5)  # Speech Dispatcher being started
        return rec

    bg = BackgroundSpeaker(slow_factory)
    bg.speak("Ada calls 40.", False)  # returns at once: the output is not even built
    bg.speak("Bruno folds.", False)
    bg.speak("Check, button", True)  # interrupts: the two queued ones are dropped
    bg.speak("Your turn.", False)
    assert rec.calls == []
    gate.set()
    bg.close(timeout=5)
    assert rec.calls == [("Check, button", True), ("Your turn.", False)]
    assert bg.ready.is_set() and bg.name == "recording"


def test_an_interrupt_never_drops_a_rate_or_volume_waiting_in_the_queue():
    """Issue 28 item 5: the slider's new value is said interrupting right after
    the rate is handed over; the rate must still reach the voice, at once."""
    gate = threading.Event()
    rec = RecordingSpeaker()

    def slow_factory():
        gate.wait(5)
        return rec

    bg = BackgroundSpeaker(slow_factory)
    bg.set_rate(80)
    bg.set_volume(60)
    bg.speak("Ada calls 40.", False)
    bg.speak("80 percent", True)  # the slider's value: drops Ada's sentence only
    assert rec.calls == [] and rec.rate is None
    gate.set()
    bg.close(timeout=5)
    assert (rec.rate, rec.volume) == (80, 60)
    assert rec.calls == [("80 percent", True)]


def test_a_number_grouped_by_a_no_break_space_reaches_the_voice_whole():
    """Polish writes 1 190 with a no-break space (Babel); the voice gets
    1190, which every voice reads as one number, while the history (Repeat,
    the screen) keeps the text as written."""
    from holdem_desktop.i18n.names import amount
    from holdem_desktop.i18n.translate import set_language

    set_language("pl")
    try:
        written = f"Do sprawdzenia {amount(1190)}, pula {amount(1234567)}, 3\u00a0karty."
    finally:
        set_language("en")
    assert "1\u00a0190" in written and "1\u00a0234\u00a0567" in written
    out = RecordingSpeaker()
    speech = Speech(out)
    speech.announce(written)
    assert out.calls[-1][0] == "Do sprawdzenia 1190, pula 1234567, 3\u00a0karty."
    assert speech.last_announcement() == written
    assert for_voice("1,190 and 1.190") == "1,190 and 1.190"  # other languages' marks stay


@pytest.mark.skipif(shutil.which("espeak-ng") is None,
                    reason="needs Debian's espeak-ng (CI installs it)")
def test_espeak_ng_reads_the_voices_polish_amount_as_one_number():
    """What NVDA's own voice and Linux's fallback make of it: the text the
    voice is given reads as the plain number, phoneme for phoneme."""
    def phonemes(text: str) -> str:
        done = subprocess.run(["espeak-ng", "-q", "-x", "-v", "pl", text], capture_output=True,
                              text=True, timeout=30, check=True)
        return done.stdout.strip()

    assert phonemes(for_voice("Do sprawdzenia 1\u00a0190.")) == phonemes("Do sprawdzenia 1190.")
