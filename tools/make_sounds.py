"""Synthesize the game's sound cues into ``assets/sounds/*.wav``.

Every cue is built from numpy alone — additive synthesis (damped partials),
envelopes and filtered noise; no recorded samples — and written as mono
16-bit 44.1 kHz WAV with the standard library's :mod:`wave`.  Noise comes
from a generator seeded per cue, so every run writes the same bytes and
changing one cue leaves the others untouched.

Each cue ends up with its DC offset removed, short raised-cosine fades at
both ends (first and last sample exactly 0, no clicks) and its peak
normalized to -3 dBFS.

    python tools/make_sounds.py            # (re)write assets/sounds/
    python tools/make_sounds.py --stats    # also print what each cue measures
    python tools/make_sounds.py --check    # exit 1 if assets/sounds/ is stale

``--check`` regenerates into a temporary directory and compares with the
committed files.  A file whose header matches and whose samples differ by
at most one step (floating-point rounding of ``sin``/``exp`` on another
platform) is reported but accepted; anything else that differs, is missing
or is extra fails.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

Signal = NDArray[np.float64]

RATE = 44_100
PEAK_DBFS = -3.0
FULL_SCALE = 32_767
ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "assets" / "sounds"


# ----------------------------------------------------------------------
# Building blocks


def samples(seconds: float) -> int:
    """Number of samples in ``seconds``."""
    return round(seconds * RATE)


def times(n: int) -> Signal:
    """Sample times in seconds for ``n`` samples."""
    return np.arange(n, dtype=np.float64) / RATE


def silence(seconds: float) -> Signal:
    """A buffer of ``seconds`` of silence to mix into."""
    return np.zeros(samples(seconds), dtype=np.float64)


def white(rng: np.random.Generator, n: int) -> Signal:
    """Uniform white noise in [-1, 1)."""
    return rng.random(n) * 2.0 - 1.0


def biquad(x: Signal, kind: str, freq: float, q: float = 0.707) -> Signal:
    """Filter ``x`` with one RBJ-cookbook biquad (``lowpass``, ``highpass``
    or ``bandpass``, constant 0 dB peak gain)."""
    w0 = 2.0 * math.pi * freq / RATE
    alpha = math.sin(w0) / (2.0 * q)
    cos_w0 = math.cos(w0)
    if kind == "lowpass":
        b = [(1 - cos_w0) / 2, 1 - cos_w0, (1 - cos_w0) / 2]
    elif kind == "highpass":
        b = [(1 + cos_w0) / 2, -(1 + cos_w0), (1 + cos_w0) / 2]
    elif kind == "bandpass":
        b = [alpha, 0.0, -alpha]
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cos_w0, 1 - alpha
    b0, b1, b2 = b[0] / a0, b[1] / a0, b[2] / a0
    a1, a2 = a1 / a0, a2 / a0
    out = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    for i, x0 in enumerate(x.tolist()):
        y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out[i] = y0
        x2, x1, y2, y1 = x1, x0, y1, y0
    return np.asarray(out, dtype=np.float64)


def swept_bandpass(x: Signal, start: float, end: float, q: float, block: int = 32) -> Signal:
    """A band-pass whose centre glides exponentially from ``start`` to ``end``
    Hz over the length of ``x`` (coefficients updated every ``block`` samples)."""
    out = [0.0] * len(x)
    data = x.tolist()
    x1 = x2 = y1 = y2 = 0.0
    n = len(data)
    for lo in range(0, n, block):
        freq = start * (end / start) ** (lo / max(1, n - 1))
        w0 = 2.0 * math.pi * freq / RATE
        alpha = math.sin(w0) / (2.0 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w0) / a0, (1 - alpha) / a0
        for i in range(lo, min(n, lo + block)):
            x0 = data[i]
            y0 = b0 * x0 + b2 * x2 - a1 * y1 - a2 * y2
            out[i] = y0
            x2, x1, y2, y1 = x1, x0, y1, y0
    return np.asarray(out, dtype=np.float64)


def decay(n: int, attack: float, tau: float) -> Signal:
    """Envelope: a raised-cosine rise over ``attack`` seconds, then an
    exponential fall with time constant ``tau`` seconds."""
    t = times(n)
    env = np.exp(-np.maximum(t - attack, 0.0) / tau)
    rise = samples(attack)
    if rise > 0:
        env[:rise] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(rise) / rise)
    return env


def partials(seconds: float, freqs: list[float], amps: list[float], taus: list[float],
             attack: float = 0.001, glide: float = 1.0) -> Signal:
    """Additive synthesis: damped sine partials (``freqs`` Hz, ``amps``,
    decay ``taus`` seconds), all sharing an ``attack``; ``glide`` is the
    ratio the pitch slides to (exponentially) over the whole note."""
    n = samples(seconds)
    t = times(n)
    # Phase of a frequency sliding from f to f * glide: integral of f * glide ** (t / T).
    if glide == 1.0:
        warp = t
    else:
        k = math.log(glide) / seconds
        warp = np.expm1(k * t) / k
    out = np.zeros(n)
    for f, a, tau in zip(freqs, amps, taus, strict=True):
        out += a * np.sin(2 * np.pi * f * warp) * decay(n, attack, tau)
    return out


def mix(buf: Signal, sig: Signal, at: float, gain: float = 1.0) -> None:
    """Add ``sig`` into ``buf`` starting at ``at`` seconds (cut at the end)."""
    start = samples(at)
    end = min(len(buf), start + len(sig))
    if end > start:
        buf[start:end] += gain * sig[: end - start]


def finish(x: Signal, fade_in: float = 0.001, fade_out: float = 0.02) -> NDArray[np.int16]:
    """Remove DC, fade both ends to exactly zero, normalize the peak to
    ``PEAK_DBFS`` and quantize to 16 bits."""
    n = len(x)
    w = np.ones(n)
    fi, fo = max(1, samples(fade_in)), max(1, samples(fade_out))
    w[:fi] = 0.5 - 0.5 * np.cos(np.pi * np.arange(fi) / fi)
    w[n - fo:] = 0.5 + 0.5 * np.cos(np.pi * np.arange(1, fo + 1) / fo)
    y = x * w
    # Subtracting a multiple of the window keeps both ends at zero and makes
    # the mean exactly zero.
    y -= (y.sum() / w.sum()) * w
    peak = float(np.max(np.abs(y)))
    y *= (10 ** (PEAK_DBFS / 20) * FULL_SCALE) / peak
    return np.round(y).astype(np.int16)


# ----------------------------------------------------------------------
# Pieces shared by several cues


def clay_click(rng: np.random.Generator, pitch: float = 1.0) -> Signal:
    """One clay chip knocking another: a dull, short, inharmonic clack."""
    base = 2600.0 * pitch * (0.92 + 0.16 * rng.random())
    tone = partials(0.05, [base, base * 1.58, base * 2.37, base * 3.11],
                    [1.0, 0.55, 0.35, 0.2], [0.011, 0.008, 0.006, 0.004], attack=0.0004)
    n = len(tone)
    hiss = biquad(white(rng, n), "highpass", 2500.0) * decay(n, 0.0002, 0.0025)
    return tone + 0.9 * hiss


def coin_ring(rng: np.random.Generator) -> Signal:
    """A coin landing: a bright metallic ring with inharmonic partials."""
    base = 2100.0 * (0.85 + 0.4 * rng.random())
    ring = partials(0.3, [base, base * 2.41, base * 3.93, base * 5.61],
                    [0.7, 0.5, 0.3, 0.15], [0.11, 0.07, 0.045, 0.03], attack=0.0005)
    n = len(ring)
    tick = biquad(white(rng, n), "highpass", 4000.0) * decay(n, 0.0002, 0.002)
    return ring + 0.8 * tick


def thump(rng: np.random.Generator, freq: float, tau: float, seconds: float = 0.15) -> Signal:
    """Something landing on felt: a low damped tone under muffled noise."""
    body = partials(seconds, [freq, freq * 2.1], [1.0, 0.35], [tau, tau * 0.5], attack=0.002)
    n = len(body)
    muffle = biquad(white(rng, n), "lowpass", 900.0) * decay(n, 0.001, tau * 0.6)
    return body + 1.2 * muffle


def bell(seconds: float, freq: float, tau: float, attack: float = 0.004) -> Signal:
    """A soft bell / electric-piano note: mostly harmonic, a hint of chime."""
    return partials(seconds, [freq, freq * 2, freq * 3, freq * 2.76],
                    [1.0, 0.35, 0.1, 0.08], [tau, tau * 0.55, tau * 0.35, tau * 0.3],
                    attack=attack)


def midi(note: int) -> float:
    """Frequency of a MIDI note number (A4 = 69 = 440 Hz)."""
    return 440.0 * 2 ** ((note - 69) / 12)


# ----------------------------------------------------------------------
# The cues


def card_dealt() -> NDArray[np.int16]:
    """A card flicked across the table: a short bright slide ending in a snap."""
    rng = np.random.default_rng(1001)
    buf = silence(0.16)
    n = samples(0.085)
    slide = swept_bandpass(white(rng, n), 2500.0, 5200.0, 1.3)
    slide *= (np.arange(n) / n) ** 1.5
    mix(buf, slide, 0.0, 2.2)
    m = samples(0.07)
    snap = biquad(white(rng, m), "highpass", 3000.0) * decay(m, 0.0003, 0.004)
    mix(buf, snap, 0.08, 1.0)
    mix(buf, partials(0.05, [1850.0, 3300.0], [0.5, 0.25], [0.008, 0.005]), 0.08)
    tail = swept_bandpass(white(rng, m), 5000.0, 3500.0, 1.0) * decay(m, 0.001, 0.02)
    mix(buf, tail, 0.085, 0.5)
    return finish(buf, fade_out=0.015)


def board_card() -> NDArray[np.int16]:
    """A card laid face up on the felt: a short soft slide and a low pat."""
    rng = np.random.default_rng(1002)
    buf = silence(0.22)
    n = samples(0.07)
    slide = swept_bandpass(white(rng, n), 1300.0, 2300.0, 0.9)
    slide *= np.sin(np.pi * np.arange(n) / n) ** 2
    mix(buf, slide, 0.0, 1.2)
    mix(buf, thump(rng, 170.0, 0.022), 0.06, 0.45)
    m = samples(0.06)
    pat = biquad(white(rng, m), "bandpass", 1100.0, 0.8) * decay(m, 0.0008, 0.012)
    mix(buf, pat, 0.06, 2.2)
    return finish(buf, fade_out=0.03)


def chips_bet() -> NDArray[np.int16]:
    """A few clay chips set down: four quick clacks."""
    rng = np.random.default_rng(1003)
    buf = silence(0.34)
    for at, gain in [(0.0, 1.0), (0.065, 0.75), (0.115, 0.9), (0.2, 0.6)]:
        mix(buf, clay_click(rng), at + 0.008 * rng.random(), gain)
    return finish(buf, fade_out=0.03)


def pot_won() -> NDArray[np.int16]:
    """Winning a pot: a cascade of chips and ringing coins, thinning out."""
    rng = np.random.default_rng(1004)
    buf = silence(1.05)
    at = 0.0
    k = 0
    while at < 0.72:
        gain = 0.9 * math.exp(-at / 0.7) + 0.15
        if k % 2 == 0:
            mix(buf, coin_ring(rng), at, gain)
        else:
            mix(buf, clay_click(rng, pitch=1.1), at, gain * 0.7)
        at += 0.025 + 0.06 * (at / 0.72) ** 1.3 + 0.015 * rng.random()
        k += 1
    mix(buf, coin_ring(rng), 0.76, 0.45)  # the last coin settles
    return finish(buf, fade_out=0.12)


def game_won() -> NDArray[np.int16]:
    """Winning the game: a rising C-major arpeggio resolving on a ringing chord."""
    buf = silence(2.0)
    melody = [(0.0, 67), (0.14, 72), (0.28, 76), (0.42, 79), (0.62, 76), (0.76, 79)]
    for at, note in melody:
        mix(buf, bell(0.6, midi(note), 0.3), at, 0.55)
    for note in (72, 76, 79, 84):
        mix(buf, bell(1.05, midi(note), 0.55, attack=0.008), 0.95, 0.4)
    return finish(buf, fade_in=0.003, fade_out=0.25)


def game_over() -> NDArray[np.int16]:
    """The game over without the win: a soft, warm falling phrase (A minor,
    resolving gently) that says "well played", not "you lost"."""
    buf = silence(1.6)
    for at, note in [(0.0, 76), (0.18, 72), (0.36, 69)]:
        mix(buf, bell(0.55, midi(note), 0.35, attack=0.01), at, 0.5)
    for note in (57, 64, 69):
        mix(buf, bell(0.95, midi(note), 0.5, attack=0.02), 0.56, 0.38)
    return finish(buf, fade_in=0.005, fade_out=0.3)


def your_turn() -> NDArray[np.int16]:
    """Your turn: a gentle two-note chime, rising a fifth (A5 then E6)."""
    buf = silence(0.55)
    mix(buf, bell(0.55, midi(81), 0.2, attack=0.006), 0.0, 0.8)
    mix(buf, bell(0.41, midi(88), 0.18, attack=0.006), 0.14, 0.7)
    return finish(buf, fade_in=0.003, fade_out=0.08)


def fold() -> NDArray[np.int16]:
    """Folding: cards tossed softly onto the muck, muffled."""
    rng = np.random.default_rng(1007)
    buf = silence(0.24)
    n = samples(0.22)
    toss = biquad(biquad(white(rng, n), "lowpass", 1400.0), "highpass", 300.0)
    toss *= decay(n, 0.025, 0.045)
    mix(buf, toss, 0.0, 1.0)
    mix(buf, thump(rng, 150.0, 0.03, 0.12), 0.03, 0.15)
    return finish(buf, fade_in=0.004, fade_out=0.05)


def check() -> NDArray[np.int16]:
    """Checking: two light knocks of knuckles on the wooden rail."""
    rng = np.random.default_rng(1008)
    buf = silence(0.3)
    for at, gain in [(0.0, 1.0), (0.13, 0.85)]:
        knock = partials(0.16, [330.0, 720.0, 1350.0, 2300.0], [0.8, 1.0, 0.55, 0.2],
                         [0.028, 0.018, 0.009, 0.005], attack=0.0008)
        n = len(knock)
        knock += 0.6 * biquad(white(rng, n), "lowpass", 3000.0) * decay(n, 0.0003, 0.004)
        mix(buf, knock, at, gain)
    return finish(buf, fade_out=0.03)


def all_in() -> NDArray[np.int16]:
    """All-in: a whole stack pushed across the felt, clattering, landing."""
    rng = np.random.default_rng(1009)
    buf = silence(0.6)
    n = samples(0.45)
    push = swept_bandpass(white(rng, n), 900.0, 1800.0, 0.7)
    push *= np.sin(np.pi * np.arange(n) / n) ** 1.5
    mix(buf, push, 0.0, 1.0)
    for _ in range(14):
        at = 0.05 + 0.38 * rng.random() ** 0.7
        mix(buf, clay_click(rng, pitch=0.9 + 0.2 * rng.random()), at, 0.35 + 0.35 * rng.random())
    mix(buf, thump(rng, 95.0, 0.06, 0.17), 0.42, 0.8)
    return finish(buf, fade_in=0.003, fade_out=0.05)


def error() -> NDArray[np.int16]:
    """Not possible: a soft, warm low tone that sags a little."""
    f = midi(55)
    tone = partials(0.28, [f, 2 * f, 3 * f, 4 * f, 5 * f, 6 * f],
                    [1.0, 0.8, 0.6, 0.3, 0.18, 0.08],
                    [0.2, 0.15, 0.11, 0.08, 0.06, 0.05], attack=0.015, glide=0.89)
    return finish(tone, fade_in=0.003, fade_out=0.06)


def blinds_up() -> NDArray[np.int16]:
    """The blinds go up: a brief tone gliding up an octave."""
    seconds = 0.42
    n = samples(seconds)
    t = times(n)
    sweep_end = 0.3
    # The frequency rises from G4 to G5 over ``sweep_end`` seconds, then holds.
    k = math.log(2.0) / sweep_end
    f0 = midi(67)
    phase_rise = f0 * np.expm1(k * np.minimum(t, sweep_end)) / k
    phase = phase_rise + 2 * f0 * np.maximum(t - sweep_end, 0.0)
    tone = np.zeros(n)
    for harmonic, amp in [(1, 1.0), (2, 0.35), (3, 0.15)]:
        tone += amp * np.sin(2 * np.pi * harmonic * phase)
    env = decay(n, 0.015, 0.3)
    return finish(tone * env, fade_in=0.003, fade_out=0.08)


def chat() -> NDArray[np.int16]:
    """A chat line: a soft, short two-note "pop" (G5 then C6), pure and low
    in harmonics, far gentler than the turn chime so it never sounds like
    the game calling."""
    buf = silence(0.26)
    mix(buf, bell(0.18, midi(79), 0.05, attack=0.008), 0.0, 0.6)
    mix(buf, bell(0.16, midi(84), 0.045, attack=0.008), 0.07, 0.5)
    return finish(buf, fade_in=0.004, fade_out=0.05)


def too_soon() -> NDArray[np.int16]:
    """A key pressed before the player could hear the decision, ignored: two
    very short, quiet, high ticks falling a fourth (unlike the low sagging
    error tone: "not yet", not "not possible")."""
    buf = silence(0.12)
    for at, note in [(0.0, 88), (0.055, 83)]:
        f = midi(note)
        tick = partials(0.05, [f, 2 * f, 2.76 * f], [1.0, 0.25, 0.1], [0.012, 0.008, 0.006],
                        attack=0.001)
        mix(buf, tick, at, 0.8)
    return finish(buf, fade_in=0.001, fade_out=0.02)


def attention() -> NDArray[np.int16]:
    """Your turn while the game's window is not in front: the turn chime's
    rising fifth (A5, E6) called twice, the second time an octave's A on
    top (A6): the same call, more insistent, heard over another program."""
    buf = silence(0.62)
    for at, note, gain in [(0.0, 81, 0.75), (0.1, 88, 0.65), (0.26, 81, 0.75),
                           (0.36, 88, 0.65), (0.46, 93, 0.6)]:
        mix(buf, bell(0.16, midi(note), 0.07, attack=0.004), at, gain)
    return finish(buf, fade_in=0.003, fade_out=0.05)


CUES: dict[str, Callable[[], NDArray[np.int16]]] = {
    "card_dealt": card_dealt,
    "board_card": board_card,
    "chips_bet": chips_bet,
    "pot_won": pot_won,
    "game_won": game_won,
    "game_over": game_over,
    "your_turn": your_turn,
    "fold": fold,
    "check": check,
    "all_in": all_in,
    "error": error,
    "blinds_up": blinds_up,
    "too_soon": too_soon,
    "chat": chat,
    "attention": attention,
}


# ----------------------------------------------------------------------
# Files, figures and the check


def write_wav(path: Path, data: NDArray[np.int16]) -> None:
    """Write mono 16-bit little-endian PCM at ``RATE``."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.astype("<i2").tobytes())


def read_wav(path: Path) -> tuple[tuple[int, int, int], NDArray[np.int16]]:
    """(channels, sample width, rate) and the samples of a WAV file."""
    with wave.open(str(path), "rb") as w:
        params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.int16)
    return params, data


def generate(out: Path) -> list[Path]:
    """Write every cue into ``out``; return the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in CUES.items():
        path = out / f"{name}.wav"
        write_wav(path, make())
        written.append(path)
    return written


def stats(data: NDArray[np.int16]) -> dict[str, float]:
    """Duration, peak and RMS (dBFS), DC offset and spectral centroid of a cue."""
    x = data.astype(np.float64) / FULL_SCALE
    spectrum = np.abs(np.fft.rfft(x))
    freqs = np.fft.rfftfreq(len(x), 1 / RATE)
    rms = float(np.sqrt(np.mean(x * x)))
    return {
        "seconds": len(x) / RATE,
        "peak_dbfs": 20 * math.log10(float(np.max(np.abs(x)))),
        "rms_dbfs": 20 * math.log10(rms),
        "dc": float(np.mean(x)),
        "centroid_hz": float(np.sum(freqs * spectrum) / np.sum(spectrum)),
    }


def print_stats(folder: Path) -> None:
    """A table of :func:`stats` for every cue in ``folder``."""
    print(f"{'cue':<11} {'seconds':>7} {'peak dBFS':>9} {'RMS dBFS':>8} {'DC':>9} "
          f"{'centroid':>8}  bytes")
    for name in CUES:
        path = folder / f"{name}.wav"
        s = stats(read_wav(path)[1])
        print(f"{name:<11} {s['seconds']:7.3f} {s['peak_dbfs']:9.2f} {s['rms_dbfs']:8.2f} "
              f"{s['dc']:9.1e} {s['centroid_hz']:8.0f}  {path.stat().st_size}")
    total = sum(p.stat().st_size for p in folder.glob("*.wav"))
    print(f"total {total} bytes")


def check_folder(committed: Path) -> int:
    """Regenerate into a temporary directory and compare with ``committed``;
    return the number of problems (each printed)."""
    problems = 0
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp)
        generate(fresh)
        names = {p.name for p in fresh.glob("*.wav")}
        for extra in sorted({p.name for p in committed.glob("*.wav")} - names):
            print(f"{extra}: not made by this script")
            problems += 1
        for name in sorted(names):
            old, new = committed / name, fresh / name
            if not old.is_file():
                print(f"{name}: missing (run tools/make_sounds.py)")
                problems += 1
                continue
            if old.read_bytes() == new.read_bytes():
                continue
            try:
                (p_old, d_old), (p_new, d_new) = read_wav(old), read_wav(new)
            except (wave.Error, EOFError) as exc:
                print(f"{name}: unreadable ({exc})")
                problems += 1
                continue
            if p_old == p_new and len(d_old) == len(d_new):
                step = int(np.max(np.abs(d_old.astype(np.int32) - d_new.astype(np.int32))))
                if step <= 1:
                    print(f"{name}: samples differ by at most 1 step (float rounding); accepted")
                    continue
            print(f"{name}: differs (run tools/make_sounds.py)")
            problems += 1
    return problems


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="folder of the WAV files (default: assets/sounds)")
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temp dir; exit 1 if the files differ")
    parser.add_argument("--stats", action="store_true", help="print figures for each cue")
    args = parser.parse_args(argv)
    if args.check:
        problems = check_folder(args.out)
        print("sounds are up to date" if not problems else f"{problems} file(s) out of date")
        return 1 if problems else 0
    generate(args.out)
    if args.stats:
        print_stats(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
