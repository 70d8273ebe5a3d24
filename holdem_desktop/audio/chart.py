"""A line chart as sound: a short tone sweep whose pitch follows the values
(your chips over a game), for those who listen rather than look.

The lowest value is 220 Hz and the highest 880 Hz (two octaves), on a
logarithmic scale so that equal steps of the stack are equal musical
steps; each value holds its pitch for an equal share of the sweep and
glides into the next (the phase runs on, so there is no click).  A stack of
0 (bust) ends the sweep with a low buzz of 110 Hz.

The sweep is preceded by its reference: the first value's pitch (the
starting stack) alone for :data:`REFERENCE` seconds, then :data:`GAP` of
silence, so that the ear knows where the line starts from and hears every
rise or fall against it."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

import numpy as np

__all__ = ["GAP", "HIGH", "LOW", "REFERENCE", "chart_wave", "pitches", "play_chart"]

LOW = 220.0
HIGH = 880.0
RATE = 44_100
REFERENCE = 0.4
"""Seconds of the starting stack's pitch alone, before the sweep."""
GAP = 0.2
"""Seconds of silence between the reference and the sweep."""


def pitches(values: Sequence[int]) -> list[float]:
    """The pitch (Hz) of each value: the lowest 220, the highest 880; 110 for a bust."""
    if not values:
        return []
    low, high = min(values), max(values)
    span = high - low
    out = []
    for v in values:
        if v <= 0:
            out.append(LOW / 2)
            continue
        share = (v - low) / span if span else 0.5
        out.append(LOW * (HIGH / LOW) ** share)
    return out


def _glide(freq: np.ndarray, rate: int) -> np.ndarray:
    """A sine following ``freq`` (Hz, one a sample), faded in and out over
    10 ms (no click)."""
    n = len(freq)
    wave = np.sin(2 * np.pi * np.cumsum(freq) / rate)
    fade = min(n // 2, rate // 100)
    if fade:
        ramp = np.linspace(0.0, 1.0, fade)
        wave[:fade] *= ramp
        wave[-fade:] *= ramp[::-1]
    return wave


def chart_wave(values: Sequence[int], seconds: float = 3.0, rate: int = RATE,
               volume: float = 0.5, reference: bool = True) -> np.ndarray:
    """The sweep (``seconds`` long) as 16-bit stereo samples, shape ``(n, 2)``;
    with ``reference``, after the starting value's pitch alone and a silence."""
    hz = pitches(values)
    if not hz:
        return np.zeros((0, 2), dtype=np.int16)
    n = max(1, int(seconds * rate))
    # each value's pitch at the middle of its share, a linear glide between
    where = (np.arange(len(hz)) + 0.5) / len(hz) * n
    wave = _glide(np.interp(np.arange(n), where, hz), rate)
    if reference:
        start = _glide(np.full(int(REFERENCE * rate), hz[0]), rate)
        wave = np.concatenate([start, np.zeros(int(GAP * rate)), wave])
    mono = (np.clip(volume, 0.0, 1.0) * 32767 * wave).astype(np.int16)
    return np.column_stack([mono, mono])


def play_chart(values: Sequence[int], seconds: float = 3.0, volume: float = 0.5) -> bool:
    """Play the sweep through pygame's mixer; False when there is no sound."""
    try:
        import pygame.mixer
        import pygame.sndarray

        init = pygame.mixer.get_init()
        if init is None:
            return False
        rate, _size, channels = init
        wave = chart_wave(values, seconds, rate, volume)
        if channels == 1:
            wave = np.ascontiguousarray(wave[:, 0])
        sound = pygame.sndarray.make_sound(np.ascontiguousarray(wave))
        with contextlib.suppress(Exception):
            pygame.mixer.stop()
        sound.play()
    except Exception:  # no device, no mixer: the spoken points still tell it
        return False
    return True
