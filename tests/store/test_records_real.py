"""The stored hands' pages for real: the hand review in a real window on a
virtual screen (Xvfb, a display of its own), driven by xdotool and photographed; the
Statistics page's chips chart played through SDL's disk audio driver, its
pitch measured rising where the stack rises; the Statistics page by keys."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from holdem_desktop.audio.chart import GAP, REFERENCE, chart_wave, pitches
from holdem_desktop.store import GameInfo, HandStore, store_path
from tests.desktop import focus_window, virtual_screen, wait_for
from tests.folders import data_folder, sdl_path
from tests.store.test_review import scripted

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import")
missing = [t for t in TOOLS if shutil.which(t) is None]


def stored_home(home: Path) -> None:
    """A player whose store holds the scripted hand (Mara is "you")."""
    store = HandStore(store_path(data_folder()))
    store.add_hand(None, GameInfo("local", "Tournament", "Mara", "normal", 3), 7, scripted(), 2,
                   ["normal", "normal", "human"])
    store.close()


@pytest.mark.skipif(bool(missing),
                    reason=f"needs Debian packages xvfb, xdotool, imagemagick (missing: {missing})")
def test_the_review_in_a_real_window_steps_a_hand_on_the_table(tmp_path):
    stored_home(tmp_path)
    with virtual_screen() as display:
        env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy",
                   XDG_CONFIG_HOME=str(tmp_path / "config"),
                   XDG_DATA_HOME=str(tmp_path / "data"),
                   SPEECHD_ADDRESS=f"unix_socket:{tmp_path / 'none.sock'}",
                   SPEECHD_CMD=str(tmp_path / "no-speech-dispatcher"))
        env.pop("SDL_VIDEODRIVER", None)
        game = subprocess.Popen([sys.executable, "-m", "holdem_desktop"], env=env, cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shots = [tmp_path / "deal.png", tmp_path / "turn.png"]
        shot = tmp_path / "now.png"

        def screen() -> bytes:
            subprocess.run(["import", "-window", "root", "rgb:" + str(shot)], env=env,
                           timeout=20, check=True)
            return shot.read_bytes()

        def press(key: str) -> None:
            """One key, seen drawn (sent again once if the window did not take it:
            X may merge two quick presses of one key into an auto-repeat)."""
            before = screen()
            for _attempt in range(2):
                subprocess.run(["xdotool", "key", key], env=env, timeout=20, check=True)
                if wait_for(lambda: screen() != before, 5):
                    return
            raise AssertionError(f"the window did not take {key}")

        try:
            focus_window(game.pid, env)
            time.sleep(0.5)
            # Continue, Rooms, How to play, Settings, Hand review; its game; its hand.
            for key in ["Tab"] * 5 + ["Return"] * 3:
                press(key)
            time.sleep(0.3)
            subprocess.run(["import", "-window", "root", str(shots[0])], env=env, timeout=20,
                           check=True)
            press("Down")  # the flop
            press("Down")  # the turn: Ana bets 200
            time.sleep(0.3)
            subprocess.run(["import", "-window", "root", str(shots[1])], env=env, timeout=20,
                           check=True)
        finally:
            game.terminate()
            game.wait(timeout=10)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    deal, turn = (pygame.image.load(str(s)) for s in shots)

    def white_in(image: pygame.Surface, area: tuple[int, int, int, int]) -> int:
        x0, y0, x1, y1 = area
        return sum(1 for x in range(x0, x1, 4) for y in range(y0, y1, 4)
                   if min(image.get_at((x, y))[:3]) > 230)

    felt = sum(1 for x in range(0, 900, 8) for y in range(60, 780, 8)
               if (lambda c: c[1] > 60 and c[1] > c[0] + 40 and c[1] > c[2] + 20)(  # dark felt
                   turn.get_at((x, y))[:3]))
    assert felt > 4000, "no table drawn"
    board = (260, 360, 680, 480)  # where the board's cards lie on a 1280x800 window
    assert white_in(deal, board) < 50, "cards on the board at the deal"
    assert white_in(turn, board) > 400, "no flop and turn on the board"
    mine = (400, 620, 540, 720)  # your two cards at the bottom
    assert white_in(deal, mine) > 150 and white_in(turn, mine) > 150


CHART = """
import os, random, sys, time
import pygame
pygame.mixer.pre_init(44100, -16, 2, 512)
pygame.init()
from holdem_desktop.app import Desktop
from holdem_desktop.speech import RecordingSpeaker
from holdem_desktop.ui.statistics import StatisticsPage
desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
page = StatisticsPage(desktop.hand_store(), desktop.say, play=desktop.play_chart,
                      speaking=desktop.speaking)
assert page.values() == [1000, 1360], page.values()
listen = next(c for c in page.controls() if c.id == "listen")
voice = desktop.speech.speaker
voice.talking = True  # a voice that tells when it has said the words
page.activate(listen)
page.tick()
assert not pygame.mixer.get_busy()  # never under the words
voice.talking = False  # the words are said: the tone
page.tick()
assert pygame.mixer.get_busy()
time.sleep(4.2)
print(desktop.speech.history[-1].text)
pygame.mixer.quit()
sys.stdout.flush()
os._exit(0)  # (the chart is this test's subject: under Wine, 1 run in many crashed in
# the interpreter's teardown, a DLL unloaded under a thread still running)
"""


def test_the_chips_chart_as_sound_rises_where_the_stack_rises(tmp_path):
    stored_home(tmp_path)
    raw = sdl_path(tmp_path) / "chart.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(raw),
               SDL_VIDEODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-c", CHART], env=env, cwd=ROOT, timeout=60,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr)
    assert done.stdout.strip().splitlines()[-1] == (
        "Start 1,000. Peak 1,360 after hand 1. End 1,360 after hand 1. The tone follows: "
        "your starting stack, then your chips hand by hand, higher for more.")
    assert wait_for(raw.exists, 5)
    samples = np.frombuffer(raw.read_bytes(), dtype="<i2").reshape(-1, 2)[:, 0].astype(float)
    loud = np.nonzero(np.abs(samples) > 2000)[0]
    assert len(loud) > 44100, "the sweep was not played"
    gaps = np.nonzero(np.diff(loud) > 44100 * GAP * 0.8)[0]
    assert len(gaps) == 1, "no silence between the reference and the sweep"
    reference = samples[loud[0]:loud[gaps[0]]]
    sweep = samples[loud[gaps[0] + 1]:loud[-1]]
    assert len(reference) / 44100 == pytest.approx(REFERENCE, abs=0.05)

    def pitch(part: np.ndarray) -> float:  # zero crossings a second / 2
        return float(np.count_nonzero(np.diff(np.signbit(part)))) * 44100 / len(part) / 2

    # the reference: the starting stack's pitch (1,000, the chart's low here: 220 Hz)
    assert pitch(reference) == pytest.approx(220, rel=0.05)
    quarter = len(sweep) // 4
    first, last = pitch(sweep[:quarter]), pitch(sweep[-quarter:])
    assert first == pytest.approx(220, rel=0.1)  # the sweep starts there
    assert last == pytest.approx(880, rel=0.1)  # its peak: two octaves up


def test_the_sweep_follows_the_stack_up_and_down_and_a_bust_buzzes_low():
    values = [1000, 2000, 3000, 1500, 0]
    hz = pitches(values)
    assert hz[0] < hz[1] < hz[2] > hz[3] > hz[4] == 110
    wave = chart_wave(values, seconds=2.5, reference=False)[:, 0].astype(float)
    fifth = len(wave) // 5

    def pitch(part: np.ndarray) -> float:
        return float(np.count_nonzero(np.diff(np.signbit(part)))) * 44100 / len(part) / 2

    # the middle of each value's share holds (near) its pitch
    measured = [pitch(wave[k * fifth + fifth // 4:(k + 1) * fifth - fifth // 4])
                for k in range(5)]
    assert measured[0] < measured[1] < measured[2] > measured[3] > measured[4]


def test_the_tone_starts_with_the_starting_stack_alone_then_a_silence():
    values = [1500, 900, 3000, 2400]  # the start is neither the low nor the high
    rate = 44100
    wave = chart_wave(values, seconds=2.0, rate=rate)[:, 0].astype(float)
    plain = chart_wave(values, seconds=2.0, rate=rate, reference=False)[:, 0]
    ref, gap = int(REFERENCE * rate), int(GAP * rate)
    assert len(wave) == ref + gap + len(plain)
    assert not wave[ref:ref + gap].any()  # silence between
    assert np.array_equal(wave[ref + gap:], plain)  # then the sweep, as it was
    spectrum = np.abs(np.fft.rfft(wave[:ref]))
    peak = np.argmax(spectrum) * rate / ref
    assert peak == pytest.approx(pitches(values)[0], abs=rate / ref)  # the start's pitch
    assert pitches(values)[1] < peak < pitches(values)[2]


def statistics_window(player_home, talking):
    """The Statistics page of the real Desktop in the window, on Listen; the
    tone's plays noted (and played, silently, by SDL's dummy driver)."""
    from holdem_desktop.app import Desktop
    from holdem_desktop.speech import RecordingSpeaker
    from holdem_desktop.ui.app import App
    from tests.driving import keys

    stored_home(player_home)
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    desktop.speech.speaker.talking = talking
    played: list[list[int]] = []
    play = desktop.outputs.play_chart
    desktop.outputs.play_chart = lambda values: played.append(list(values)) or play(values)
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "statistics"
    keys(app, "return")
    app.screen.focus.id = "listen"
    return desktop, app, played


def test_the_tone_plays_after_the_words_when_the_voice_tells_it_has_said_them(player_home):
    from tests.driving import keys

    desktop, app, played = statistics_window(player_home, talking=True)
    keys(app, "return")  # Listen
    said = desktop.speech.history[-1].text
    assert said.startswith("Start 1,000. Peak 1,360") and "The tone follows" in said
    for _ in range(3):  # the window turns while the voice speaks: no tone yet
        app.run(max_events=1)
    assert played == []
    desktop.speech.speaker.talking = False  # the voice has said the words
    app.run(max_events=1)
    assert played == [[1000, 1360]]
    app.run(max_events=1)
    assert len(played) == 1  # once


def test_a_screen_reader_that_cannot_tell_plays_the_tone_at_the_next_press(player_home):
    from tests.driving import keys

    desktop, app, played = statistics_window(player_home, talking=None)
    keys(app, "return")  # Listen
    assert "Press Enter again for the tone" in desktop.speech.history[-1].text
    for _ in range(3):
        app.run(max_events=1)
    assert played == []  # never under the words: the player says when
    heard = len(desktop.speech.history)
    keys(app, "return")
    assert played == [[1000, 1360]] and len(desktop.speech.history) == heard  # the tone alone
    keys(app, "tab")
    app.screen.focus.id = "listen"  # away and back: the words again, not the tone
    keys(app, "return")
    assert len(played) == 1 and "Press Enter again" in desktop.speech.history[-1].text


def test_the_statistics_page_by_keys(player_home):
    from holdem_desktop.app import Desktop
    from holdem_desktop.speech import RecordingSpeaker
    from holdem_desktop.ui.app import App
    from tests.driving import keys

    stored_home(player_home)
    desktop = Desktop(rng=random.Random(1), speaker=RecordingSpeaker())
    app = App(desktop.menu(), keymap=desktop.keymap, after_input=desktop.flush)
    app.screen.focus.id = "statistics"
    keys(app, "return")
    said = [s.text for s in desktop.speech.history]
    assert said[-1] == "Statistics. You, over every game, heading"
    keys(app, "tab")
    assert desktop.speech.history[-1].text == "Hands played: 1."
    keys(app, "down", "down")
    assert desktop.speech.history[-1].text == "Raised before the flop (PFR): 100% of hands."
    page = app.screen
    page.focus.id = "export"
    page.export_folder = player_home
    keys(app, "return")
    assert desktop.speech.history[-1].text.startswith("Every player's figures were written")
    written = (player_home / "holdem-statistics.csv").read_bytes()
    assert b"\r\r" not in written  # a line end as the system writes it, once
    csv = written.decode("utf-8").splitlines()
    assert csv[0].startswith("player,hands,vpip,pfr") and len(csv) == 4
    assert any(line.startswith("Mara,1,100.0,100.0") for line in csv)
