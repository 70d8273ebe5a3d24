"""Speaking to the player: the screen reader through accessible-output2, or
a recording for tests; and the game's own record of everything it said.

:class:`Speech` is what the rest of the game talks to.  It keeps the
history of every announcement whatever the output (so Repeat and the tests
never depend on a screen reader being there) and applies the interrupt
rules: a focus change or an information key interrupts what is being said;
a game announcement is queued behind the previous one and never cut off
by another game announcement; the player's own move cuts off anything
else (a read-out, a chat line).  Nothing here may stop the game: an output
that fails to load or to speak is replaced by silence, once, with a
logged line.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from holdem_desktop.i18n.translate import _

from .status import Status
from .system import com_apartment
from .voices import set_scaled

__all__ = ["AutoSpeaker", "BackgroundSpeaker", "RecordingSpeaker", "Speaker", "Speech", "Spoken",
           "auto_speaker", "for_voice", "load_system_speechd", "speaker_status"]

log = logging.getLogger(__name__)

HISTORY_LIMIT = 5_000

READING_RATE = 15.0
"""Characters a voice says in a second, as estimated when it cannot tell
whether it is still speaking (a screen reader): about 180 words a minute,
a screen reader's default pace (a player who speeds theirs up hears short
silences between what :meth:`Speech.idle` lets through, never a backlog)."""

_GROUPED = re.compile("(?<=[0-9])[\u00a0\u202f\u2009](?=[0-9]{3}(?![0-9]))")
"""A space that groups a number's digits as Babel writes them (Polish, and
French-like locales: "1 190" with a no-break space).  eSpeak NG, NVDA's own
voice, reads a no-break space inside a number as a break: "1 190" became
"one, one hundred ninety" in Polish."""


def for_voice(text: str) -> str:
    """``text`` as a voice should get it: a number's grouping spaces left
    out ("1190"), which every voice reads as one number.  The screen, the
    history and Repeat keep the text as written."""
    return _GROUPED.sub("", text) if "\u00a0" in text or "\u202f" in text or "\u2009" in text \
        else text


class Speaker(Protocol):
    """An output: speech, and braille where a display is present."""

    name: str

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text``; with ``interrupt`` stop what is being said first."""

    def braille(self, text: str) -> None:
        """Show ``text`` on a braille display, if there is one."""

    def set_rate(self, percent: int) -> bool:
        """Speech rate 0–100 (50 normal); False when the output cannot."""

    def set_volume(self, percent: int) -> bool:
        """Speech volume 0–100; False when the output cannot."""


class SilentSpeaker:
    """No output (nothing found, or speech turned off): says nothing,
    records nothing; its status says why."""

    name = "silent"

    def __init__(self, status: Status | None = None) -> None:
        self.status = status or Status("none")

    def speak(self, text: str, interrupt: bool) -> None:
        """Nothing to say it with."""

    def braille(self, text: str) -> None:
        """No display."""

    def set_rate(self, percent: int) -> bool:
        """Cannot."""
        return False

    def set_volume(self, percent: int) -> bool:
        """Cannot."""
        return False

    def speaking(self) -> bool:
        """Never: nothing is said."""
        return False


class RecordingSpeaker:
    """For tests: remembers each call as ``(text, interrupt)``, with when."""

    name = "recording"
    status = Status("screen_reader", "recording")

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.calls: list[tuple[str, bool]] = []
        self.times: list[float] = []
        self.brailled: list[str] = []
        self.rate: int | None = None
        self.volume: int | None = None
        self.clock = clock
        self.talking: bool | None = None
        """What :meth:`speaking` answers: None, as a screen reader that cannot
        tell; a test sets True or False, as a voice that tells."""

    def speaking(self) -> bool | None:
        """Whether the voice is still speaking (see :attr:`talking`)."""
        return self.talking

    def speak(self, text: str, interrupt: bool) -> None:
        """Record it."""
        self.calls.append((text, interrupt))
        self.times.append(self.clock())

    def braille(self, text: str) -> None:
        """Record it."""
        self.brailled.append(text)

    def set_rate(self, percent: int) -> bool:
        """Record it."""
        self.rate = percent
        return True

    def set_volume(self, percent: int) -> bool:
        """Record it."""
        self.volume = percent
        return True


class AutoSpeaker:
    """The first screen reader or speech output accessible-output2 finds
    (NVDA, JAWS, SAPI on Windows; VoiceOver on macOS; Speech Dispatcher on
    Linux)."""

    def __init__(self, auto: Any) -> None:
        self._auto = auto
        first = auto.get_first_available_output()
        self.name = str(getattr(first, "name", None) or "none")

    def speak(self, text: str, interrupt: bool) -> None:
        """Speak (and braille) through the output."""
        self._auto.output(text, interrupt=interrupt)
        self._auto.braille(text)

    def braille(self, text: str) -> None:
        """Braille only."""
        self._auto.braille(text)

    @property
    def status(self) -> Status:
        """The output found, as a screen reader."""
        return Status("screen_reader", self.name)

    def set_rate(self, percent: int) -> bool:
        """Rate on the output's own range (Speech Dispatcher −100…100, SAPI5
        −10…10); False where the screen reader's own applies."""
        return self._set("rate", percent)

    def set_volume(self, percent: int) -> bool:
        """Volume, as :meth:`set_rate`."""
        return self._set("volume", percent)

    def _set(self, what: str, percent: int) -> bool:
        return set_scaled(self._auto.get_first_available_output(), what, percent)


SYSTEM_SITES = ("/usr/lib/python3/dist-packages",  # Debian, Ubuntu
                "/usr/lib64/python3*/site-packages", "/usr/lib/python3*/site-packages")
"""Where Linux distributions install the Speech Dispatcher client (python3-speechd)."""


def load_system_speechd() -> bool:
    """Make Speech Dispatcher's Python client importable on Linux.

    It is not on PyPI: distributions ship it with their Python, out of reach
    of the virtual environment the game is installed in.  When ``speechd``
    cannot be imported, load that one package (pure Python) from the
    system's folder, and nothing else from there.  True when it can be used.
    """
    import glob
    import importlib.util
    import sys

    if importlib.util.find_spec("speechd") is not None:
        return True
    if not sys.platform.startswith("linux"):
        return False
    for pattern in SYSTEM_SITES:
        for site in sorted(glob.glob(pattern)):
            init = Path(site) / "speechd" / "__init__.py"
            if not init.is_file():
                continue
            spec = importlib.util.spec_from_file_location(
                "speechd", init, submodule_search_locations=[str(init.parent)])
            if spec is None or spec.loader is None:
                continue
            module = importlib.util.module_from_spec(spec)
            sys.modules["speechd"] = module
            try:
                spec.loader.exec_module(module)
            except Exception:
                del sys.modules["speechd"]
                continue
            return True
    return False


def auto_speaker(factory: Callable[[], Any] | None = None) -> Speaker:
    """The screen reader, else the system's voice, else silence that says so
    (:func:`~holdem_desktop.speech.chooser.choose` with ``auto``).  With
    ``factory`` (an accessible-output2 ``Auto``), its first output, or silence
    when it cannot be had: on macOS ``Auto()`` can raise ImportError."""
    if factory is None:
        from .chooser import choose

        return choose("auto")
    try:
        auto = factory()
        if auto.get_first_available_output() is None:
            log.info("no screen reader or speech output found; the game keeps a record only")
            return SilentSpeaker()
        return AutoSpeaker(auto)
    except Exception as exc:  # any failure: fall back, one line, go on
        log.warning("speech output unavailable (%s: %s); the game keeps a record only",
                    type(exc).__name__, exc)
        return SilentSpeaker()


def speaker_status(speaker: object) -> Status:
    """Which output ``speaker`` is (a speaker without a status: by its name)."""
    status = getattr(speaker, "status", None)
    if isinstance(status, Status):
        return status
    return Status("screen_reader", str(getattr(speaker, "name", "") or "?"))


def still_speaking(speaker: object) -> bool | None:
    """Whether ``speaker`` is still saying what it was given; None when it
    cannot tell (it has no ``speaking``, or says None, or fails to answer)."""
    ask = getattr(speaker, "speaking", None)
    if not callable(ask):
        return None
    try:
        now = ask()
    except Exception:
        return None
    return None if now is None else bool(now)


def replacement(speaker: object) -> Speaker:
    """What speaks after ``speaker`` failed: the next voice it knows of
    (VoiceOver refusing AppleScript: the system voice), else silence."""
    with contextlib.suppress(Exception):
        close = getattr(speaker, "close", None)
        if callable(close):
            close()
    fallback = getattr(speaker, "fallback", None)
    if callable(fallback):
        try:
            found = fallback()
        except Exception as exc:
            log.warning("no other voice could be started (%s: %s)", type(exc).__name__, exc)
        else:
            if found is not None:
                return found  # type: ignore[no-any-return]
    return SilentSpeaker()


class BackgroundSpeaker:
    """Runs an output on a thread of its own: building it (which can take
    seconds, or never end, when Speech Dispatcher has to be started) and
    every call to it.  The game hands a sentence over and goes on at once.
    On Windows the thread enters a COM apartment first (SAPI5 and JAWS are
    COM objects) and leaves it when it ends.

    An interrupting sentence drops the ones still waiting in the queue
    (the output would cut them off anyway), but never a change of rate or
    volume waiting among them: the slider's new value is said interrupting,
    and the rate it sets must still reach the voice before it."""

    def __init__(self, factory: Callable[[], Speaker], platform: str | None = None) -> None:
        self.name = "starting"
        self._status: Status | None = None
        self._inner: Speaker | None = None
        self._unsaid = 0
        """Sentences handed over, not yet passed to the output."""
        self._count = threading.Lock()
        self.ready = threading.Event()
        self._queue: queue.Queue[tuple[str, tuple[Any, ...]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, args=(factory, platform), daemon=True,
                                        name="speech output")
        self._thread.start()

    @property
    def status(self) -> Status:
        """The output's, once it is built."""
        return self._status or Status("starting")

    def _use(self, inner: Speaker) -> Speaker:
        self.name = inner.name
        self._status = speaker_status(inner)
        self._inner = inner
        return inner

    def _run(self, factory: Callable[[], Speaker], platform: str | None) -> None:
        with com_apartment(platform):
            try:
                inner = factory()
            except Exception as exc:
                log.warning("speech output unavailable (%s: %s)", type(exc).__name__, exc)
                inner = SilentSpeaker()
            self._use(inner)
            self.ready.set()
            self._serve(inner)

    def _serve(self, inner: Speaker) -> None:
        levels: dict[str, tuple[Any, ...]] = {}
        try:
            while True:
                item = self._queue.get()
                if item is None:
                    return
                method, args = item
                if method in ("set_rate", "set_volume"):
                    levels[method] = args
                for _attempt in range(3):
                    try:
                        getattr(inner, method)(*args)
                        break
                    except Exception as exc:  # the screen reader went away: the next voice
                        log.warning("speech output %s failed (%s: %s)", inner.name,
                                    type(exc).__name__, exc)
                        inner = self._use(replacement(inner))
                        for name, values in levels.items():
                            with contextlib.suppress(Exception):
                                getattr(inner, name)(*values)
                if method == "speak":
                    with self._count:
                        self._unsaid = max(0, self._unsaid - 1)
        finally:
            close = getattr(inner, "close", None)
            if callable(close):
                with contextlib.suppress(Exception):
                    close()

    def speak(self, text: str, interrupt: bool) -> None:
        """Hand ``text`` over (never waits)."""
        dropped = 0
        if interrupt:  # the sentences waiting are dropped; rate and volume never are
            kept: list[tuple[str, tuple[Any, ...]] | None] = []
            with contextlib.suppress(queue.Empty):
                while True:
                    item = self._queue.get_nowait()
                    if item is None or item[0] not in ("speak", "braille"):
                        kept.append(item)
                    elif item[0] == "speak":
                        dropped += 1
            for item in kept:
                self._queue.put(item)
        with self._count:
            self._unsaid = max(0, self._unsaid - dropped) + 1
        self._queue.put(("speak", (text, interrupt)))

    def speaking(self) -> bool | None:
        """Whether the voice is still saying (or has yet to say) what it was
        given; None while it is being looked for, or when it cannot tell."""
        now = still_speaking(self._inner)
        if now is None:
            return None
        with self._count:
            return now or self._unsaid > 0

    def braille(self, text: str) -> None:
        """Hand ``text`` over for braille."""
        self._queue.put(("braille", (text,)))

    def set_rate(self, percent: int) -> bool:
        """Passed on; whether the output can is known to it alone."""
        self._queue.put(("set_rate", (percent,)))
        return True

    def set_volume(self, percent: int) -> bool:
        """Passed on, as :meth:`set_rate`."""
        self._queue.put(("set_volume", (percent,)))
        return True

    def close(self, timeout: float = 1.0) -> None:
        """Stop the thread once what is queued has been handed to the output
        (the output is let go of, and COM left, on that thread)."""
        self._queue.put(None)
        self._thread.join(timeout)


@dataclass(frozen=True)
class Spoken:
    """One thing the game said: ``kind`` is ``game`` (announcements),
    ``focus`` (what the player asked for: focus, information keys, refusals)
    or ``chat`` (a line someone said at a room's table)."""

    text: str
    kind: str
    interrupt: bool


class Speech:
    """The game's voice: the output, its interrupt rules and the history."""

    def __init__(self, speaker: Speaker | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.speaker: Speaker = speaker if speaker is not None else SilentSpeaker()
        self.clock = clock
        self._done_at = 0.0
        """When the voice should have said all it was given, as estimated
        (:data:`READING_RATE`)."""
        self.history: list[Spoken] = []
        self.failed: str | None = None
        self._levels: tuple[int, int] | None = None
        self.muted = False
        """Speech turned off by the player: the voice keeps running, silent
        (so that turning speech back on speaks at once), and the history is
        still kept (Repeat and the history keys still have it all)."""

    def _out(self, item: Spoken) -> None:
        self.history.append(item)
        if len(self.history) > HISTORY_LIMIT:
            del self.history[: HISTORY_LIMIT // 2]
        self._speak(item.text, item.interrupt)

    def _speak(self, text: str, interrupt: bool) -> None:
        if not self.muted:
            now = self.clock()
            start = now if interrupt else max(now, self._done_at)
            self._done_at = start + len(text) / READING_RATE
            self.through_voice(text, interrupt)

    def idle(self) -> bool:
        """Whether the voice has said everything it was given: as it tells,
        else as estimated from the length of what it was given (always,
        with speech off)."""
        now = self.speaking()
        return not now if now is not None else self.clock() >= self._done_at

    def through_voice(self, text: str, interrupt: bool = True) -> None:
        """Hand ``text`` to the voice, muted or not (what turning speech off
        says, and the way back at a launch with speech off); not kept."""
        try:
            self.speaker.speak(for_voice(text), interrupt)
        except Exception as exc:  # a screen reader that went away: carry on silently
            if self.failed is None:
                log.warning("speech output failed (%s: %s); going on silently",
                            type(exc).__name__, exc)
                self.failed = f"{type(exc).__name__}: {exc}"
            self.speaker = replacement(self.speaker)

    def announce(self, text: str, *, urgent: bool = False) -> None:
        """A game announcement: queued, never cut off by the next one.  An
        ``urgent`` one (the player's own move, what it set off) cuts off
        whatever else is being read: what the player had asked to hear (a
        read-out, the key list) or a chat line, so that neither ever delays
        a move; it still never cuts off the game's own announcements."""
        if text:
            last = self.history[-1].kind if self.history else "game"
            self._out(Spoken(text, "game", urgent and last != "game"))

    def chat(self, text: str) -> None:
        """A chat line: queued behind whatever is being said, never cutting
        anything off (and not what Repeat repeats)."""
        if text:
            self._out(Spoken(text, "chat", False))

    def grow(self, text: str) -> None:
        """More of the last game announcement (what followed the player's own
        move, as it happens): spoken after what is being said, never cutting
        it off, and kept as part of that one announcement (Repeat says it all)."""
        if not text:
            return
        for k in range(len(self.history) - 1, -1, -1):
            item = self.history[k]
            if item.kind == "game":
                self.history[k] = Spoken(f"{item.text} {text}", "game", item.interrupt)
                self._speak(text, False)
                return
        self.announce(text)

    def say(self, text: str) -> None:
        """What the player asked for (focus, a key): interrupts."""
        if text:
            self._out(Spoken(text, "focus", True))

    def reply(self, text: str) -> None:
        """A late answer to what the player asked (a chat line's "Sent." once
        the room relayed it, or why it refused it): queued behind what is
        being said, never cutting it off; the player's next key cuts it."""
        if text:
            self._out(Spoken(text, "focus", False))

    def speaking(self) -> bool | None:
        """Whether the voice is still saying what the game gave it (False
        with speech off); None when the output cannot tell (a screen reader)."""
        return False if self.muted else still_speaking(self.speaker)

    def last_announcement(self) -> str | None:
        """The last game announcement (for Repeat)."""
        return next((s.text for s in reversed(self.history) if s.kind == "game"), None)

    def status(self) -> Status:
        """Which output speaks (for Settings and the start screen)."""
        if self.muted:
            return Status("off")
        return speaker_status(self.speaker)

    def use(self, speaker: Speaker) -> None:
        """Speak through ``speaker`` from now on (the player chose another
        output); the old one is let go of, rate and volume carry over."""
        old, self.speaker = self.speaker, speaker
        self.failed = None
        close = getattr(old, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()
        if self._levels is not None:
            self.settings(*self._levels)

    def test(self, speech_key: str = "") -> str:
        """Say which output speaks, and a sample of the game's speech; returns it.

        With speech off the test still speaks, through the voice the game
        keeps ready (at the rate and volume chosen, which is what is being
        tested), and says that speech is off and ``speech_key`` brings it back:
        a player who presses Test speech is never left in silence.  It is not
        kept in the history: the game itself stays silent."""
        if self.muted:
            text = (_("Speech is off; {key} turns it back on. With speech on, the game "
                      "sounds like this: Ada raises to 120. Your turn.").format(key=speech_key)
                    if speech_key else
                    _("Speech is off; choose a voice under Speech to turn it back on. With "
                      "speech on, the game sounds like this: Ada raises to 120. Your turn."))
            self.through_voice(text)
            return text
        text = _("{status}. This is how the game sounds: Ada raises to 120. Your turn.").format(
            status=self.status().text.rstrip(".…"))
        self.say(text)
        return text

    def close(self) -> None:
        """Let go of the output (at the end of the game)."""
        close = getattr(self.speaker, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()

    def settings(self, rate: int, volume: int) -> bool:
        """Apply rate and volume; False when the output cannot (the screen
        reader's own settings then apply)."""
        self._levels = (rate, volume)
        try:
            a = self.speaker.set_rate(rate)
            b = self.speaker.set_volume(volume)
        except Exception:
            return False
        return a and b
