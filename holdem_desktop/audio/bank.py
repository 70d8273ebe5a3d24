"""The sound bank (cue name -> sound, played without blocking) and the
listener that maps session and hand events to cues.

Nothing here may stop the game: a missing device makes the whole bank
silent (``available`` is False and ``problem`` says why, for the interface
to announce once); a missing or broken file makes that one cue silent
(recorded in ``failed``); :meth:`SoundBank.play` never raises and never
waits.  Sounds only accompany speech: the caller speaks whatever it speaks
whether or not a cue was heard.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from holdem_desktop.engine.actions import ActionKind
from holdem_desktop.engine.events import (
    ActionTaken,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    StreetDealt,
)
from holdem_desktop.resources import assets_dir
from holdem_desktop.session.events import BlindsUp, GameOver, TurnStarted

__all__ = [
    "CUES",
    "DEFAULT_SOUNDS_DIR",
    "TOGETHER",
    "Mixer",
    "Playable",
    "PygameMixer",
    "SoundBank",
    "SoundListener",
]

CUES: tuple[str, ...] = (
    "card_dealt",
    "board_card",
    "chips_bet",
    "pot_won",
    "game_won",
    "game_over",
    "your_turn",
    "fold",
    "check",
    "all_in",
    "error",
    "blinds_up",
    "too_soon",
    "chat",
    "attention",
)
"""Every cue the bank knows; cue ``name`` is the file ``name.wav``."""

PRIORITY: dict[str, int] = {cue: rank for rank, cue in enumerate((
    "chat", "too_soon", "fold", "check", "card_dealt", "chips_bet", "board_card", "all_in",
    "error",
    "blinds_up", "your_turn", "attention", "pot_won", "game_over", "game_won"))}
"""Which cue wins when several come at once (higher wins): computer players
act in the same instant, and a pile of cues would be noise."""

TOGETHER = 0.08
"""Seconds within which cues count as one moment (:class:`SoundBank`'s
``together``), for the desktop and a web page alike."""

DEFAULT_SOUNDS_DIR = assets_dir() / "sounds"
"""Where the cues live (made by ``tools/make_sounds.py``), in a checkout or installed."""

HISTORY_LIMIT = 10_000
"""``played`` and ``requested`` keep at most this many recent names."""


class Playable(Protocol):
    """A loaded sound (``pygame.mixer.Sound`` is one)."""

    def set_volume(self, value: float, /) -> None:
        """Set the sound's volume, 0..1."""

    def play(self) -> object:
        """Start playing at once and return without waiting."""


class Mixer(Protocol):
    """What the bank needs of an audio mixer; tests pass their own."""

    def init(self) -> None:
        """Open the audio device; raise any exception if there is none."""

    def load(self, path: Path) -> Playable:
        """Load a sound file; raise any exception if it cannot be used."""

    def stop(self) -> None:
        """Stop every sound playing now."""

    def quit(self) -> None:
        """Release the device (if this mixer opened it)."""


class PygameMixer:
    """The real mixer: ``pygame.mixer`` at 44.1 kHz, 16-bit stereo.

    When the mixer is already initialised (``pygame.init()`` did it) it is
    used as it is and left open on :meth:`quit`.
    """

    def __init__(self, frequency: int = 44_100, size: int = -16, channels: int = 2,
                 buffer: int = 512, voices: int = 16) -> None:
        self.frequency = frequency
        self.size = size
        self.channels = channels
        self.buffer = buffer
        self.voices = voices
        self._opened = False

    def init(self) -> None:
        """Open the device unless pygame already has; raises ``pygame.error``
        (or ``ImportError`` without pygame's mixer) when there is none."""
        import pygame.mixer

        if pygame.mixer.get_init() is None:
            pygame.mixer.init(self.frequency, self.size, self.channels, self.buffer)
            self._opened = True
            pygame.mixer.set_num_channels(self.voices)

    def load(self, path: Path) -> Playable:
        """A ``pygame.mixer.Sound`` of the file."""
        import pygame.mixer

        return pygame.mixer.Sound(str(path))

    def stop(self) -> None:
        """Stop all channels."""
        import pygame.mixer

        if pygame.mixer.get_init() is not None:
            pygame.mixer.stop()

    def quit(self) -> None:
        """Close the device if :meth:`init` opened it."""
        import pygame.mixer

        if self._opened:
            self._opened = False
            pygame.mixer.quit()


def _clamp(value: float, default: float) -> float:
    value = float(value)
    if not math.isfinite(value):
        return default
    return min(1.0, max(0.0, value))


def _describe(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class SoundBank:
    """The game's sound cues, loaded lazily and played without blocking.

    ``available`` is False when no audio device could be opened (then
    ``problem`` says why and every :meth:`play` does nothing).  ``failed``
    maps each cue that cannot be played (missing or broken file, unknown
    name) to the reason.  ``played`` lists, in order, the cues handed to
    the mixer; ``requested`` every cue asked for, heard or not.
    """

    def __init__(self, sounds_dir: Path | str = DEFAULT_SOUNDS_DIR, volume: float = 0.8,
                 muted: bool = False, mixer: Mixer | None = None, *, together: float = 0.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.sounds_dir = Path(sounds_dir)
        self.together = together
        """Cues asked for within this many seconds of the last one heard count
        as one moment: only a more important cue (:data:`PRIORITY`) is played."""
        self.clock = clock
        self._last: tuple[float, int] | None = None
        self.volume = _clamp(volume, 0.8)
        self.muted = bool(muted)
        self.played: list[str] = []
        self.requested: list[str] = []
        self.failed: dict[str, str] = {}
        self.problem: str | None = None
        self._problem_taken = False
        self._sounds: dict[str, Playable | None] = {}
        self._mixer: Mixer | None = None
        try:
            mixer = mixer if mixer is not None else PygameMixer()
            mixer.init()
        except Exception as exc:  # no device, no driver, no SDL_mixer: run silently
            self.problem = f"no sound device ({_describe(exc)})"
        else:
            self._mixer = mixer

    @property
    def available(self) -> bool:
        """True when a sound device is open."""
        return self._mixer is not None

    def take_problem(self) -> str | None:
        """Why there is no sound, the first time it is asked; None after
        that (and when all is well), so that it is announced once."""
        if self._problem_taken:
            return None
        self._problem_taken = True
        return self.problem

    def set_volume(self, volume: float) -> None:
        """Set the cue volume, clamped to 0..1 (a non-number is ignored)."""
        self.volume = _clamp(volume, self.volume)

    def mute(self, muted: bool = True) -> None:
        """Mute (stopping what is playing) or unmute."""
        self.muted = bool(muted)
        if self.muted and self._mixer is not None:
            with contextlib.suppress(Exception):
                self._mixer.stop()

    def preload(self) -> dict[str, str]:
        """Load every cue now (rather than on first use); return ``failed``."""
        for cue in CUES:
            self._sound(cue)
        return dict(self.failed)

    def play(self, cue: str) -> bool:
        """Start ``cue`` and return at once; True when it went to the mixer.

        Never raises: a muted or silent bank, an unknown cue or a file that
        cannot be loaded simply plays nothing.
        """
        try:
            _remember(self.requested, cue)
            if self._mixer is None or self.muted or self.volume <= 0.0:
                return False
            sound = self._sound(cue)
            if sound is None:
                return False
            now, rank = self.clock(), PRIORITY.get(cue, 0)
            if self._last is not None and now - self._last[0] < self.together \
                    and rank <= self._last[1]:
                return False  # drowned by a cue of the same moment
            sound.set_volume(self.volume)
            sound.play()
            self._last = (now, rank)
        except Exception as exc:  # a device that went away mid-game, and the like
            self.failed.setdefault(str(cue), f"cannot play: {_describe(exc)}")
            return False
        _remember(self.played, cue)
        return True

    def close(self) -> None:
        """Stop and release the device; the bank is silent afterwards."""
        mixer, self._mixer = self._mixer, None
        self._sounds.clear()
        if mixer is not None:
            with contextlib.suppress(Exception):
                mixer.stop()
                mixer.quit()

    def _sound(self, cue: str) -> Playable | None:
        if cue in self._sounds:
            return self._sounds[cue]
        sound: Playable | None = None
        path = self.sounds_dir / f"{cue}.wav"
        if cue not in CUES:
            self.failed[cue] = "unknown cue"
        elif not path.is_file():
            self.failed[cue] = f"missing file {path}"
        elif self._mixer is not None:
            try:
                sound = self._mixer.load(path)
            except Exception as exc:
                self.failed[cue] = f"cannot load {path}: {_describe(exc)}"
        if cue in CUES:  # never cache arbitrary names
            self._sounds[cue] = sound
        return sound


def _remember(history: list[str], cue: str) -> None:
    history.append(cue)
    if len(history) > HISTORY_LIMIT:
        del history[: len(history) - HISTORY_LIMIT // 2]


class SoundListener:
    """Turns session and hand events into cues for the player at ``seat``
    (None: a spectator, who never wins).  Subscribe it with
    ``session.subscribe(listener)``; the interface calls :meth:`refused`
    itself.

    - the hole cards: ``card_dealt`` once per hand, not once per seat;
    - board cards: ``board_card`` for each street dealt;
    - an action: ``fold``, ``check``, ``chips_bet`` (call, bet, raise) or
      ``all_in`` (an all-in, or a call or raise that empties the stack);
    - a pot won by ``seat``: ``pot_won``, once per hand however many pots;
    - the game over with ``seat`` in first place: ``game_won``; in any
      other place: ``game_over`` (a spectator hears neither);
    - the blinds going up: ``blinds_up``;
    - ``seat``'s turn starting: ``your_turn``; ``attention`` instead while
      the game's window is not in front (``in_front`` says so), a call of
      its own for a player who switched to another program.
    """

    def __init__(self, bank: SoundBank, seat: int | None, *,
                 in_front: Callable[[], bool] | None = None) -> None:
        self.bank = bank
        self.seat = seat
        self.in_front = in_front
        """Whether the game's window is in front (None: always, as on a
        screen the game alone uses)."""
        self._dealt = False
        self._won = False
        self._handlers: dict[type, Callable[[object], str | None]] = {
            HandStarted: self._new_hand,
            HandEnded: self._new_hand,
            HoleCardsDealt: self._hole_cards,
            StreetDealt: lambda _event: "board_card",
            ActionTaken: self._action,
            PotAwarded: self._pot,
            GameOver: self._game_over,
            BlindsUp: lambda _event: "blinds_up",
            TurnStarted: self._turn,
        }

    def __call__(self, event: object) -> None:
        """Play the cue for ``event``, if it has one; never raises."""
        handler = self._handlers.get(type(event))
        if handler is None:
            return
        try:
            cue = handler(event)
        except Exception:  # a listener must never break the session's loop
            return
        if cue is not None:
            self.bank.play(cue)

    def refused(self) -> None:
        """A key press that cannot act now (its reason is spoken too)."""
        self.bank.play("error")

    def too_soon(self) -> None:
        """An acting key pressed before the player could hear their new
        decision: ignored, and this short cue says so without words."""
        self.bank.play("too_soon")

    def _turn(self, event: object) -> str | None:
        assert isinstance(event, TurnStarted)
        if event.seat != self.seat:
            return None
        return "attention" if self.in_front is not None and not self.in_front() \
            else "your_turn"

    def _new_hand(self, _event: object) -> None:
        self._dealt = False
        self._won = False
        return None

    def _hole_cards(self, _event: object) -> str | None:
        if self._dealt:
            return None
        self._dealt = True
        return "card_dealt"

    def _action(self, event: object) -> str | None:
        assert isinstance(event, ActionTaken)
        if event.kind is ActionKind.ALL_IN or event.all_in:
            return "all_in"
        if event.kind is ActionKind.FOLD:
            return "fold"
        if event.kind is ActionKind.CHECK:
            return "check"
        return "chips_bet"

    def _pot(self, event: object) -> str | None:
        assert isinstance(event, PotAwarded)
        if self.seat is None or self._won or self.seat not in event.winners:
            return None
        self._won = True
        return "pot_won"

    def _game_over(self, event: object) -> str | None:
        assert isinstance(event, GameOver)
        if self.seat is None or self.seat not in dict(event.places):
            return None
        return "game_won" if self.seat in event.winners else "game_over"
