"""The voices themselves: an accessible-output2 output, or a system voice
run as a command (macOS ``say``, ``espeak-ng``).

Rate and volume are the game's 0–100 (50 is the voice's normal rate),
mapped onto each output's own range: the ``min_rate`` … ``max_volume`` an
output declares (SAPI5: rate −10…10, volume 0…100), Speech Dispatcher's
−100…100, a command's words per minute.  A screen reader (NVDA, JAWS,
VoiceOver) declares none: its own settings apply, and the game leaves them
alone.
"""

from __future__ import annotations

import contextlib
import logging
import re
import subprocess
import threading
from collections import deque
from collections.abc import Callable, Sequence
from numbers import Real
from typing import Any

from babel import Locale

from holdem_desktop.i18n.translate import language

from .status import Status

__all__ = ["CommandVoice", "OutputSpeaker", "espeak_command", "say_command", "say_voices",
           "scale", "scaled_setter", "set_scaled"]

log = logging.getLogger(__name__)

SPEECHD_RANGE = (-100, 100)
"""Speech Dispatcher's rate and volume (its Python client, ``SSIPClient``)."""


def scale(percent: int, low: float, high: float) -> int:
    """The game's ``percent`` (0–100) as a value of ``low`` … ``high``."""
    percent = max(0, min(100, percent))
    return round(low + (high - low) * percent / 100)


def scaled_setter(output: Any, what: str) -> tuple[Callable[[int], Any], float, float] | None:
    """How to set ``what`` (``rate`` or ``volume``) on ``output``, and its
    range; None when the output does not declare one (a screen reader)."""
    client = getattr(output, "_client", None)
    if client is not None and callable(getattr(client, f"set_{what}", None)):
        return getattr(client, f"set_{what}"), *SPEECHD_RANGE
    setter = getattr(output, f"set_{what}", None)
    low = getattr(output, f"min_{what}", None)
    high = getattr(output, f"max_{what}", None)
    if (not callable(setter) or not getattr(output, f"has_{what}", True)
            or not isinstance(low, Real) or not isinstance(high, Real) or high <= low):
        return None
    return setter, float(low), float(high)


def set_scaled(output: Any, what: str, percent: int) -> bool:
    """Set ``what`` to the game's ``percent`` on ``output``'s own scale;
    False when the output leaves it to the screen reader."""
    found = scaled_setter(output, what)
    if found is None:
        return False
    setter, low, high = found
    setter(scale(percent, low, high))
    return True


def voice_for(code: str, voices: Sequence[str]) -> str | None:
    """The first of ``voices`` (SAPI5's descriptions, "Microsoft Elsa Desktop
    - Italian (Italy)") that speaks language ``code``; None when none does."""
    name = (Locale.parse(code).get_language_name("en") or code).casefold()
    return next((v for v in voices if name in v.casefold()), None)


class OutputSpeaker:
    """One accessible-output2 output (NVDA, JAWS, SAPI5, VoiceOver, Speech
    Dispatcher): speech, and braille where the output has it."""

    def __init__(self, output: Any, status: Status) -> None:
        self.output = output
        self.status = status
        self.name = status.name
        self.fallback: Callable[[], Any] | None = None
        """The next voice to try if this one fails while speaking."""
        self._language: str | None = None
        self._lock = threading.Lock()
        self._said = 0
        """Sentences handed to Speech Dispatcher that have not ended yet."""
        self._round = 0
        """Counts the interruptions: what a cancelled sentence reports late
        belongs to an earlier round and is not counted."""

    def _follow_language(self) -> None:
        """The voice follows the game's language: Speech Dispatcher is told
        it; a system voice with several voices (SAPI5) takes one of that
        language when one is installed.  A screen reader keeps its own voice,
        and a language with no voice keeps the default, without an error."""
        code = language()
        if code == self._language:
            return
        self._language = code
        client = getattr(self.output, "_client", None)
        if client is not None and hasattr(client, "set_language"):
            with contextlib.suppress(Exception):
                client.set_language(code)
            return
        if getattr(self.output, "system_output", False) and hasattr(self.output, "set_voice"):
            with contextlib.suppress(Exception):
                voice = voice_for(code, self.output.list_voices())
                if voice is not None:
                    self.output.set_voice(voice)

    def _speechd(self) -> Any:
        """Speech Dispatcher's client when this output is one (it tells when
        each sentence ends), else None."""
        client = getattr(self.output, "_client", None)
        if client is None or not callable(getattr(client, "speak", None)) \
                or not callable(getattr(self.output, "silence", None)):
            return None
        return client

    def speak(self, text: str, interrupt: bool) -> None:
        """Say it (and show it on a braille display)."""
        self._follow_language()
        client = self._speechd()
        if client is None:
            self.output.speak(text, interrupt=interrupt)
        else:  # as accessible-output2 does, told when the sentence ends
            import speechd  # type: ignore[import-not-found]  # (there: the client is its)

            if interrupt:
                self.output.silence()
            with self._lock:
                if interrupt:
                    self._round, self._said = self._round + 1, 0
                self._said += 1
                this = self._round

            def ended(kind: object, **_details: object) -> None:
                with self._lock:
                    if this == self._round:
                        self._said = max(0, self._said - 1)

            try:
                client.speak(text, callback=ended, event_types=(speechd.CallbackType.END,
                                                                 speechd.CallbackType.CANCEL))
            except BaseException:
                ended(None)
                raise
        self.output.braille(text)

    def speaking(self) -> bool | None:
        """Whether the voice is still saying what it was given (Speech
        Dispatcher tells when each sentence ends); None: it cannot tell (a
        screen reader: NVDA, JAWS, VoiceOver; SAPI5 through accessible-output2)."""
        if self._speechd() is None:
            return None
        with self._lock:
            return self._said > 0

    def braille(self, text: str) -> None:
        """Braille only."""
        self.output.braille(text)

    def set_rate(self, percent: int) -> bool:
        """Rate on the output's own scale; False: the screen reader's own applies."""
        return self._set("rate", percent)

    def set_volume(self, percent: int) -> bool:
        """Volume, as :meth:`set_rate`."""
        return self._set("volume", percent)

    def _set(self, what: str, percent: int) -> bool:
        return set_scaled(self.output, what, percent)

    def close(self) -> None:
        """Let go of the output (Speech Dispatcher's connection)."""
        close = getattr(self.output, "close", None)
        if callable(close):
            close()


Command = Callable[[str, int, int | None], list[str]]
"""Builds the command line from (language, rate, volume on the voice's scale)."""


class CommandVoice:
    """A system voice run as a command, one process per sentence, the text
    on its standard input.  Sentences wait their turn; an interrupting one
    drops those waiting and ends the process speaking."""

    def __init__(self, status: Status, command: Command, *, rate: tuple[int, int],
                 volume: tuple[int, int] | None,
                 popen: Callable[..., Any] = subprocess.Popen) -> None:
        self.status = status
        self.name = status.name
        self.fallback: Callable[[], Any] | None = None
        self.min_rate, self.max_rate = rate
        self.volume_range = volume
        self._command = command
        self._popen = popen
        self._rate = scale(50, *rate)
        self._volume: int | None = None if volume is None else scale(100, *volume)
        self._pending: deque[str] = deque()
        self._process: Any = None
        self._closed = False
        self.failed: OSError | None = None
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, daemon=True, name=f"{self.name} voice")
        self._thread.start()

    def speak(self, text: str, interrupt: bool) -> None:
        """Queue ``text`` (or say it at once, cutting off the current one)."""
        if self.failed is not None:
            raise self.failed
        with self._cond:
            if interrupt:
                self._pending.clear()
                self._stop_current()
            self._pending.append(text)
            self._cond.notify()

    def braille(self, text: str) -> None:
        """No braille display behind a command."""

    def set_rate(self, percent: int) -> bool:
        """Words per minute, 50 being the voice's normal rate."""
        self._rate = scale(percent, self.min_rate, self.max_rate)
        return True

    def set_volume(self, percent: int) -> bool:
        """Where the command has a volume; else the system's applies."""
        if self.volume_range is None:
            return False
        self._volume = scale(percent, *self.volume_range)
        return True

    def speaking(self) -> bool:
        """Whether a sentence is being said or waits."""
        with self._cond:
            return self._process is not None or bool(self._pending)

    def close(self) -> None:
        """Stop speaking and end the thread."""
        with self._cond:
            self._closed = True
            self._pending.clear()
            self._stop_current()
            self._cond.notify()
        self._thread.join(2)

    def _stop_current(self) -> None:
        if self._process is not None and self._process.poll() is None:
            with contextlib.suppress(OSError):
                self._process.terminate()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                text = self._pending.popleft()
                argv = self._command(language(), self._rate, self._volume)
                try:
                    process = self._popen(argv, stdin=subprocess.PIPE,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                except OSError as exc:
                    log.warning("%s could not be started (%s)", argv[0], exc)
                    self.failed = exc
                    return
                self._process = process
            try:
                process.communicate(text.encode("utf-8"), timeout=300)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
            with self._cond:
                self._process = None


def espeak_command(program: str) -> Command:
    """``espeak-ng`` reading standard input, in the game's language."""

    def command(code: str, rate: int, volume: int | None) -> list[str]:
        argv = [program, "--stdin", "-v", code, "-s", str(rate)]
        if volume is not None:
            argv += ["-a", str(volume)]
        return argv

    return command


_VOICE_LINE = re.compile(r"^(?P<name>\S.*?)\s+(?P<lang>[a-z]{2,3})[_-]\w+\s+#")


def say_voices(listing: str) -> dict[str, str]:
    """The first voice of each language in ``say -v '?'``'s listing."""
    found: dict[str, str] = {}
    for line in listing.splitlines():
        match = _VOICE_LINE.match(line)
        if match:
            found.setdefault(match["lang"], match["name"])
    return found


def say_command(program: str, voices: Callable[[], dict[str, str]]) -> Command:
    """macOS ``say`` reading standard input: the player's own system voice in
    English, a voice of the game's language otherwise (when one is installed)."""
    cache: dict[str, str] = {}
    loaded: list[bool] = []

    def command(code: str, rate: int, volume: int | None) -> list[str]:
        if not loaded:
            loaded.append(True)
            try:
                cache.update(voices())
            except (OSError, subprocess.SubprocessError) as exc:
                log.info("the list of voices could not be read (%s)", exc)
        argv = [program, "-r", str(rate)]
        if code != "en" and code in cache:
            argv += ["-v", cache[code]]
        return [*argv, "-f", "-"]

    return command


def list_say_voices(program: str) -> dict[str, str]:
    """Ask ``say`` which voices are installed."""
    out = subprocess.run([program, "-v", "?"], capture_output=True, text=True, timeout=10,
                         check=False)
    return say_voices(out.stdout)


def command_voices(platform: str, which: Callable[[str], str | None]
                   ) -> list[tuple[str, Callable[[], CommandVoice]]]:
    """The system voice run as a command on ``platform``, if its program is
    there (``say`` on macOS, ``espeak-ng`` elsewhere but Windows): its name
    and how to start it."""
    if platform.startswith("win"):
        return []
    if platform == "darwin":
        say = which("say")
        if say is None:
            return []
        return [("say", lambda: CommandVoice(
            Status("system_voice", "say", platform),
            say_command(say, lambda: list_say_voices(say)), rate=(90, 260), volume=None))]
    espeak = which("espeak-ng") or which("espeak")
    if espeak is None:
        return []
    # espeak's amplitude is 0-200, 100 its normal level: above it, it distorts.
    return [("espeak-ng", lambda: CommandVoice(
        Status("system_voice", "espeak-ng", platform), espeak_command(espeak),
        rate=(80, 270), volume=(0, 100)))]
