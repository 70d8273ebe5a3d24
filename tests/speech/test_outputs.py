"""Which voice speaks on each desktop, how its rate and volume are set, COM
on the speech thread, and that silence is never silent: with fake
accessible-output2 outputs that declare what the real ones declare."""

from __future__ import annotations

import os
import sys
import threading
import time
import types

import pytest

from holdem_desktop.i18n.translate import set_language
from holdem_desktop.speech.chooser import ao2_classes, choose
from holdem_desktop.speech.speaker import (
    AutoSpeaker,
    BackgroundSpeaker,
    RecordingSpeaker,
    SilentSpeaker,
    Speech,
)
from holdem_desktop.speech.status import Status
from holdem_desktop.speech.system import quiet
from holdem_desktop.speech.voices import (
    CommandVoice,
    OutputSpeaker,
    espeak_command,
    say_command,
    say_voices,
)


class FakeOutput:
    """Like an accessible-output2 output: a name, a priority, is_active()."""

    name = "fake"
    system_output = False
    priority = 100
    running = True

    def __init__(self):
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []

    def is_active(self):
        return type(self).running

    def speak(self, text, interrupt=False):
        self.spoken.append((text, interrupt))

    def braille(self, text, **options):
        self.brailled.append(text)
        return False


class FakeSAPI5(FakeOutput):
    """What accessible-output2's SAPI5 declares (outputs/sapi5.py)."""

    name = "sapi5"
    system_output = True
    priority = 101
    has_volume = True
    has_rate = True
    min_rate, max_rate = -10, 10
    min_volume, max_volume = 0, 100

    def __init__(self):
        super().__init__()
        self.rate = self.volume = None

    def set_rate(self, value):
        self.rate = value

    def set_volume(self, value):
        self.volume = value

    # Its voices, as SAPI5 describes them (sapi5.py: list_voices / set_voice,
    # which raises KeyError for a name it does not have).
    voices = ("Microsoft Zira Desktop - English (United States)",
              "Microsoft Elsa Desktop - Italian (Italy)",
              "Microsoft Paulina Desktop - Polish")
    voice = voices[0]

    def list_voices(self):
        return list(self.voices)

    def set_voice(self, value):
        if value not in self.voices:
            raise KeyError(value)
        self.voice = value


class FakeClient:
    """speechd.SSIPClient: rate and volume -100…100, a language."""

    def __init__(self):
        self.rate = self.volume = self.language = None

    def set_rate(self, value):
        assert -100 <= value <= 100
        self.rate = value

    def set_volume(self, value):
        assert -100 <= value <= 100
        self.volume = value

    def set_language(self, code):
        self.language = code


class FakeSpeechDispatcher(FakeOutput):
    """accessible-output2's SpeechDispatcher: no range of its own, a client."""

    name = "Linux Speech Dispatcher"

    def __init__(self):
        super().__init__()
        self._client = FakeClient() if type(self).running else None

    def is_active(self):
        return self._client is not None


class FakeNVDA(FakeOutput):
    """A screen reader: no rate, no volume (the reader's own settings apply)."""

    name = "NVDA"

    def braille(self, text, **options):
        self.brailled.append(text)
        return True


class FakeJaws(FakeNVDA):
    name = "jaws"
    running = False


class FakeVoiceOver(FakeNVDA):
    name = "VoiceOver"


class Missing(FakeOutput):
    """An output whose library is not there (OutputError, ImportError)."""

    def __init__(self):
        raise ImportError("appscript")


def fresh(cls, running):
    """A copy of ``cls`` running or not (each test its own)."""
    return type(cls.__name__, (cls,), {"running": running})


@pytest.mark.parametrize(("percent", "rate", "volume"), [(0, -10, 0), (50, 0, 50), (100, 10, 100)])
def test_sapi5_rate_and_volume_use_its_own_ranges(percent, rate, volume):
    out = FakeSAPI5()
    speaker = OutputSpeaker(out, Status("system_voice", "SAPI5"))
    assert speaker.set_rate(percent) and speaker.set_volume(percent)
    assert (out.rate, out.volume) == (rate, volume)


@pytest.mark.parametrize(("percent", "value"), [(0, -100), (50, 0), (100, 100)])
def test_speech_dispatcher_rate_and_volume_go_to_its_client(percent, value):
    out = FakeSpeechDispatcher()
    speaker = OutputSpeaker(out, Status("speech_server", "Speech Dispatcher"))
    assert speaker.set_rate(percent) and speaker.set_volume(percent)
    assert (out._client.rate, out._client.volume) == (value, value)


@pytest.mark.parametrize("percent", [0, 50, 100])
def test_a_screen_reader_keeps_its_own_rate_and_volume(percent):
    out = FakeNVDA()
    speaker = OutputSpeaker(out, Status("screen_reader", "NVDA"))
    assert speaker.set_rate(percent) is False and speaker.set_volume(percent) is False
    assert not hasattr(out, "rate")


def test_the_old_auto_speaker_maps_too():
    class Auto:
        out = FakeSAPI5()

        def get_first_available_output(self):
            return self.out

    auto = Auto()
    speaker = AutoSpeaker(auto)
    assert speaker.set_rate(0) and auto.out.rate == -10
    assert speaker.set_rate(100) and auto.out.rate == 10


def test_speech_dispatcher_reads_in_the_game_language():
    out = FakeSpeechDispatcher()
    speaker = OutputSpeaker(out, Status("speech_server", "Speech Dispatcher"))
    try:
        set_language("it")
        speaker.speak("Tocca a te.", False)
        assert out._client.language == "it"
    finally:
        set_language("en")
    speaker.speak("Your turn.", True)
    assert out._client.language == "en" and out.spoken[-1] == ("Your turn.", True)


def test_sapi5_takes_a_voice_of_the_game_language_when_one_is_installed():
    out = FakeSAPI5()
    speaker = OutputSpeaker(out, Status("system_voice", "SAPI5"))
    try:
        set_language("it")
        speaker.speak("Tocca a te.", False)
        assert out.voice == "Microsoft Elsa Desktop - Italian (Italy)"
        set_language("pl")
        speaker.speak("Twój ruch.", False)
        assert out.voice == "Microsoft Paulina Desktop - Polish"
        set_language("ro")  # no Romanian voice installed: the last one stays, no error
        speaker.speak("Rândul tău.", False)
        assert out.voice == "Microsoft Paulina Desktop - Polish"
    finally:
        set_language("en")
    speaker.speak("Your turn.", True)
    assert out.voice.endswith("English (United States)") and out.spoken[-1] == ("Your turn.",
                                                                                 True)


def test_a_screen_reader_keeps_its_own_voice_whatever_the_language():
    out = FakeNVDA()
    out.set_voice = lambda value: pytest.fail("a screen reader's voice is the player's")
    speaker = OutputSpeaker(out, Status("screen_reader", "NVDA"))
    try:
        set_language("it")
        speaker.speak("Tocca a te.", False)
    finally:
        set_language("en")


# Choosing the voice, per platform ----------------------------------------------------

NO_PROGRAM = {}.get


def programs(*names):
    return lambda name: f"/usr/bin/{name}" if name in names else None


def closing(speaker):
    close = getattr(speaker, "close", None)
    if close:
        close()
    return speaker


@pytest.mark.parametrize(("reader", "mode", "expect"), [
    (True, "auto", ("screen_reader", "NVDA")),
    (False, "auto", ("system_voice", "SAPI5")),
    (True, "system", ("system_voice", "SAPI5")),
    (True, "screen_reader", ("screen_reader", "NVDA")),
    (False, "screen_reader", ("no_reader", "")),
    (True, "off", ("off", "")),
])
def test_windows_screen_reader_else_sapi5(reader, mode, expect):
    classes = [fresh(FakeNVDA, reader), FakeJaws, FakeSAPI5]
    speaker = choose(mode, platform="win32", classes=classes, which=programs("espeak-ng"))
    assert (speaker.status.kind, speaker.status.name) == expect


def test_windows_with_nothing_says_so_on_stderr(capsys):
    speaker = choose("auto", platform="win32", classes=[fresh(FakeNVDA, False), Missing],
                     which=NO_PROGRAM)
    assert isinstance(speaker, SilentSpeaker) and speaker.status.silent
    err = capsys.readouterr().err
    assert "Speech: none found" in err and "NVDA" in err


@pytest.mark.parametrize(("voiceover", "say", "expect"), [
    (True, True, ("screen_reader", "VoiceOver")),
    (False, True, ("system_voice", "say")),
    (False, False, ("none", "")),
])
def test_macos_voiceover_else_the_say_command(voiceover, say, expect, capsys):
    speaker = closing(choose("auto", platform="darwin", classes=[fresh(FakeVoiceOver, voiceover)],
                             which=programs("say") if say else NO_PROGRAM))
    assert (speaker.status.kind, speaker.status.name) == expect
    err = capsys.readouterr().err
    assert ("VoiceOver" in err) == (expect[0] == "none")


def test_macos_without_appscript_still_has_the_system_voice():
    speaker = closing(choose("auto", platform="darwin", classes=[Missing],
                             which=programs("say")))
    assert speaker.status.name == "say"


@pytest.mark.parametrize(("speechd", "espeak", "mode", "expect"), [
    (True, True, "auto", ("speech_server", "Speech Dispatcher")),
    (False, True, "auto", ("system_voice", "espeak-ng")),
    (False, True, "screen_reader", ("no_reader", "")),
    (True, True, "screen_reader", ("speech_server", "Speech Dispatcher")),
    (True, True, "system", ("speech_server", "Speech Dispatcher")),
    (False, False, "auto", ("none", "")),
])
def test_linux_speech_dispatcher_else_espeak_ng(speechd, espeak, mode, expect, capsys):
    speaker = closing(choose(mode, platform="linux", classes=[fresh(FakeSpeechDispatcher, speechd)],
                             which=programs("espeak-ng") if espeak else NO_PROGRAM))
    assert (speaker.status.kind, speaker.status.name) == expect
    err = capsys.readouterr().err
    assert ("speech-dispatcher" in err) == (expect[0] == "none")


def test_a_screen_reader_that_fails_hands_over_to_the_system_voice():
    """VoiceOver running but refusing AppleScript control: the next voice speaks."""

    class Refusing(FakeVoiceOver):
        def speak(self, text, interrupt=False):
            raise RuntimeError("AppleScript control is not allowed")

    said = []

    class Say(FakeSAPI5):  # a system voice that records
        name = "sapi5"

        def speak(self, text, interrupt=False):
            said.append(text)

    bg = BackgroundSpeaker(lambda: choose("auto", platform="darwin", classes=[Refusing, Say],
                                          which=NO_PROGRAM))
    bg.set_rate(0)
    bg.speak("Your turn.", True)
    bg.close(timeout=5)
    assert said == ["Your turn."]
    assert bg.status.name == "SAPI5"


# COM on the speech thread ------------------------------------------------------------

def test_the_speech_thread_enters_com_first_and_leaves_it_last(monkeypatch):
    calls = []
    fake = types.ModuleType("pythoncom")
    fake.CoInitialize = lambda: calls.append(("CoInitialize", threading.current_thread().name))
    fake.CoUninitialize = lambda: calls.append(("CoUninitialize",
                                                threading.current_thread().name))
    monkeypatch.setitem(sys.modules, "pythoncom", fake)
    rec = RecordingSpeaker()

    def factory():
        calls.append(("build SAPI5", threading.current_thread().name))
        return rec

    bg = BackgroundSpeaker(factory, platform="win32")
    bg.speak("Hand 1.", False)
    bg.close(timeout=5)
    assert calls == [("CoInitialize", "speech output"), ("build SAPI5", "speech output"),
                     ("CoUninitialize", "speech output")]
    assert rec.calls == [("Hand 1.", False)]


def test_without_pythoncom_com_is_entered_through_ole32(monkeypatch):
    import ctypes

    calls = []

    class Ole32:
        def CoInitialize(self, reserved):
            calls.append(("CoInitialize", reserved, threading.current_thread().name))
            return 1  # S_FALSE: already initialised, still to be left

        def CoUninitialize(self):
            calls.append(("CoUninitialize", threading.current_thread().name))

    monkeypatch.setitem(sys.modules, "pythoncom", None)  # import pythoncom -> ImportError
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(ole32=Ole32()), raising=False)
    bg = BackgroundSpeaker(RecordingSpeaker, platform="win32")
    bg.close(timeout=5)
    assert calls == [("CoInitialize", None, "speech output"), ("CoUninitialize", "speech output")]


def test_no_com_outside_windows(monkeypatch):
    fake = types.ModuleType("pythoncom")
    fake.CoInitialize = lambda: pytest.fail("COM on Linux")
    monkeypatch.setitem(sys.modules, "pythoncom", fake)
    bg = BackgroundSpeaker(RecordingSpeaker, platform="linux")
    bg.close(timeout=5)
    assert bg.status.name == "recording"


# System voices run as commands ---------------------------------------------------------

def test_a_command_voice_queues_and_an_interrupt_ends_the_one_speaking(tmp_path):
    log = tmp_path / "said.txt"
    script = ("import sys, time; t = sys.stdin.read(); "
              f"open({str(log)!r}, 'a').write(t + '\\n'); time.sleep(0 if t == 'three' else 30)")
    voice = CommandVoice(Status("system_voice", "test"),
                         lambda code, rate, volume: [sys.executable, "-c", script],
                         rate=(80, 270), volume=(0, 100))
    start = time.monotonic()
    try:
        voice.speak("one", False)
        deadline = time.monotonic() + 10
        while not (log.exists() and "one" in log.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        voice.speak("two", False)  # waits behind "one"
        voice.speak("three", True)  # drops "two", cuts "one" off
        deadline = time.monotonic() + 10
        while voice.speaking() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        voice.close()
    assert log.read_text().split() == ["one", "three"]
    assert time.monotonic() - start < 20  # "one" was ended, not waited for


def test_espeak_and_say_command_lines():
    espeak = espeak_command("/usr/bin/espeak-ng")
    assert espeak("it", 175, 100) == ["/usr/bin/espeak-ng", "--stdin", "-v", "it", "-s", "175",
                                      "-a", "100"]
    listing = ("Alex                en_US    # Most people recognize me by my voice.\n"
               "Alice               it_IT    # Ciao! Mi chiamo Alice.\n"
               "Eddy (Polish (Poland)) pl_PL    # Witaj!\n"
               "Ioana               ro_RO    # Bună, mă numesc Ioana.\n")
    assert say_voices(listing) == {"en": "Alex", "it": "Alice", "pl": "Eddy (Polish (Poland))",
                                   "ro": "Ioana"}
    say = say_command("/usr/bin/say", lambda: say_voices(listing))
    assert say("ro", 175, None) == ["/usr/bin/say", "-r", "175", "-v", "Ioana", "-f", "-"]
    assert say("en", 90, None) == ["/usr/bin/say", "-r", "90", "-f", "-"]  # the player's own


@pytest.mark.parametrize(("percent", "words"), [(0, 80), (50, 175), (100, 270)])
def test_espeak_rate_in_words_per_minute(percent, words):
    voice = CommandVoice(Status("system_voice", "espeak-ng"), espeak_command("espeak-ng"),
                         rate=(80, 270), volume=(0, 100))
    try:
        assert voice.set_rate(percent) and voice._rate == words
    finally:
        voice.close()


# Never silent without saying so ---------------------------------------------------------

def test_speech_tells_which_voice_and_tests_it():
    rec = RecordingSpeaker()
    speech = Speech(rec)
    speech.settings(30, 80)
    said = speech.test()
    assert rec.calls[-1] == (said, True) and said.startswith("Speech: recording.")
    nvda = OutputSpeaker(FakeSAPI5(), Status("system_voice", "SAPI5"))
    speech.use(nvda)  # another voice chosen in Settings: rate and volume carry over
    assert speech.status().text == "Speech: system voice (SAPI5)"
    assert (nvda.output.rate, nvda.output.volume) == (-4, 80)


@pytest.mark.parametrize(("key", "way_back"), [("F2", "F2 turns it back on."),
                                               ("", "choose a voice under Speech")])
def test_testing_speech_while_it_is_off_still_speaks_and_says_so(key, way_back):
    rec = RecordingSpeaker()
    speech = Speech(rec)
    speech.muted = True
    said = speech.test(key)
    assert rec.calls == [(said, True)] and said.startswith("Speech is off; ")
    assert way_back in said and said.endswith("Ada raises to 120. Your turn.")
    assert speech.history == []  # the game stays silent: Repeat does not find it


@pytest.mark.parametrize(("status", "text"), [
    (Status("screen_reader", "NVDA"), "Speech: NVDA"),
    (Status("system_voice", "say"), "Speech: system voice (say)"),
    (Status("off"), "Speech: off"),
    (Status("none", platform="linux"), "install speech-dispatcher"),
    (Status("none", platform="win32"), "NVDA or JAWS"),
    (Status("none", platform="darwin"), "VoiceOver"),
])
def test_each_status_has_its_sentence(status, text):
    assert text.casefold() in status.text.casefold()
    assert status.silent == (status.kind == "none")


def test_the_packaged_game_on_windows_never_asks_for_a_python_package():
    # the bundle carries pywin32: its player is told what a player can install
    packaged = Status("none", platform="win32", packaged=True).text
    assert "install a Windows voice (SAPI5)" in packaged and "pywin32" not in packaged
    assert "pywin32" in Status("none", platform="win32", packaged=False).text  # pip's game


def test_third_party_lines_are_kept_off_the_terminal(capfd):
    with quiet():
        print("Cannot find espeak.core. Please install python-espeak or python3-espeak.")
        print("and on stderr", file=sys.stderr)
    print("the game's own line")
    out, err = capfd.readouterr()
    assert out == "the game's own line\n" and err == ""


def test_another_thread_still_prints_while_speech_starts_quietly(capfd):
    # bench/ui.py's child printed its "first frame" while the speech thread
    # was inside quiet(): the line vanished when fd 1 was taken from the
    # whole process.  Only the quiet thread is silenced now.
    inside, printed = threading.Event(), threading.Event()

    def speech_thread() -> None:
        with quiet():
            print("Cannot find Speech Dispatcher.")
            inside.set()
            assert printed.wait(5)

    t = threading.Thread(target=speech_thread)
    t.start()
    assert inside.wait(5)
    print("first frame 0.3")
    os.write(1, b"from C on the main thread\n")
    printed.set()
    t.join(5)
    out, _err = capfd.readouterr()
    assert "first frame 0.3\n" in out and "from C on the main thread\n" in out
    assert "Cannot find" not in out


def test_loading_accessible_output2_prints_nothing(capfd):
    classes = ao2_classes()
    out, err = capfd.readouterr()
    assert "Cannot find" not in out + err
    assert all(c.__name__ != "ESpeak" for c in classes)


def test_start_voice_finds_the_voice_on_the_speech_thread(monkeypatch):
    import holdem_desktop.speech.chooser as chooser

    seen = []

    def choose_here(mode):
        seen.append((mode, threading.current_thread().name))
        return RecordingSpeaker()

    monkeypatch.setattr(chooser, "choose", choose_here)
    bg = chooser.start_voice("system")
    assert bg.ready.wait(5)
    bg.close(timeout=5)
    assert seen == [("system", "speech output")] and bg.status.name == "recording"
