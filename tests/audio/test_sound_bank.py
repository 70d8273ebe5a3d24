"""The sound bank and its listener: the shipped cue files, real playback
through SDL's dummy and disk drivers, the silent fallbacks, and which cue
each game event gives."""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import subprocess
import sys
import textwrap
import wave
from collections import Counter
from pathlib import Path

import numpy as np
import pygame
import pytest

from holdem_desktop.audio import CUES, DEFAULT_SOUNDS_DIR, SoundBank, SoundListener
from holdem_desktop.engine.actions import Action, ActionKind
from holdem_desktop.engine.cards import parse_cards
from holdem_desktop.engine.events import (
    ActionTaken,
    BetReturned,
    BlindPosted,
    CardsShown,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunoutStarted,
    Street,
    StreetDealt,
)
from holdem_desktop.engine.variant import shipped_variant
from holdem_desktop.session import (
    BlindsUp,
    GameOver,
    GameStarted,
    HandStarting,
    PlayerOut,
    Session,
    TurnStarted,
)
from tests.folders import sdl_path

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "assets" / "sounds"
TOOL = ROOT / "tools" / "make_sounds.py"


# ----------------------------------------------------------------------
# A mixer for tests: records what it is asked to do.


class FakeSound:
    def __init__(self, mixer: FakeMixer, name: str) -> None:
        self.mixer = mixer
        self.name = name
        self.volume = 1.0

    def set_volume(self, value: float, /) -> None:
        self.volume = value

    def play(self) -> object:
        if self.mixer.play_raises:
            raise pygame.error("device lost")
        self.mixer.heard.append((self.name, self.volume))
        return None


class FakeMixer:
    def __init__(self, init_raises: Exception | None = None) -> None:
        self.init_raises = init_raises
        self.play_raises = False
        self.loaded: list[str] = []
        self.heard: list[tuple[str, float]] = []
        self.stops = 0
        self.quits = 0

    def init(self) -> None:
        if self.init_raises is not None:
            raise self.init_raises

    def load(self, path: Path) -> FakeSound:
        self.loaded.append(path.name)
        return FakeSound(self, path.stem)

    def stop(self) -> None:
        self.stops += 1

    def quit(self) -> None:
        self.quits += 1


# ----------------------------------------------------------------------
# The files


def test_the_default_folder_is_the_shipped_one():
    assert DEFAULT_SOUNDS_DIR == SOUNDS


def test_every_cue_is_a_clean_short_wav_peaking_near_minus_3_dbfs():
    assert {p.stem for p in SOUNDS.glob("*.wav")} == set(CUES)
    longest = {"pot_won": 1.3, "game_won": 2.2, "game_over": 1.8}
    for cue in CUES:
        with wave.open(str(SOUNDS / f"{cue}.wav"), "rb") as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44_100)
            data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
        x = data / 32_767
        seconds = len(x) / 44_100
        peak_db = 20 * math.log10(np.max(np.abs(x)))
        rms_db = 20 * math.log10(np.sqrt(np.mean(x * x)))
        assert 0.1 <= seconds <= longest.get(cue, 0.65), (cue, seconds)
        assert -3.2 <= peak_db <= -2.8, (cue, peak_db)  # no clipping, consistent level
        assert -30 <= rms_db <= -6, (cue, rms_db)
        assert data[0] == 0 and data[-1] == 0, cue  # faded in and out: no clicks
        assert abs(np.mean(x)) < 1e-4, cue  # no DC offset
    assert sum(p.stat().st_size for p in SOUNDS.glob("*")) < 2_000_000


def test_the_committed_sounds_are_what_the_tool_makes():
    out = subprocess.run([sys.executable, str(TOOL), "--check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_check_notices_a_changed_or_missing_file(tmp_path):
    for path in SOUNDS.glob("*.wav"):
        shutil.copy(path, tmp_path / path.name)
    changed = tmp_path / "check.wav"
    with wave.open(str(changed), "rb") as w:
        params, frames = w.getparams(), bytearray(w.readframes(w.getnframes()))
    frames[1000:1004] = b"\x00\x40\x00\x40"
    with wave.open(str(changed), "wb") as w:
        w.setparams(params)
        w.writeframes(bytes(frames))
    (tmp_path / "fold.wav").unlink()
    out = subprocess.run([sys.executable, str(TOOL), "--check", "--out", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert "check.wav: differs" in out.stdout and "fold.wav: missing" in out.stdout


# ----------------------------------------------------------------------
# Real playback


@pytest.fixture
def sdl_audio(monkeypatch):
    """Choose SDL's audio driver for this test; close pygame's mixer after."""
    # An earlier test's bank may have left the mixer open in this process:
    # close it, so that the driver chosen here is really the one used.
    pygame.mixer.quit()

    def use(driver: str) -> None:
        monkeypatch.setenv("SDL_AUDIODRIVER", driver)

    yield use
    pygame.mixer.quit()


def test_the_dummy_driver_plays_every_cue(sdl_audio):
    sdl_audio("dummy")
    bank = SoundBank(SOUNDS)
    assert bank.available and bank.problem is None and bank.take_problem() is None
    assert bank.preload() == {}
    for cue in CUES:
        assert bank.play(cue), bank.failed
    assert bank.played == list(CUES) and bank.failed == {}
    bank.close()
    assert not bank.available and pygame.mixer.get_init() is None
    assert not bank.play("check")


def test_a_broken_file_is_silent_and_recorded_with_the_real_mixer(sdl_audio, tmp_path):
    sdl_audio("dummy")
    (tmp_path / "pot_won.wav").write_bytes(b"RIFF not really a wave file")
    shutil.copy(SOUNDS / "check.wav", tmp_path / "check.wav")
    bank = SoundBank(tmp_path)
    assert not bank.play("pot_won")
    assert bank.failed["pot_won"].startswith("cannot load")
    assert bank.play("check")
    assert bank.played == ["check"]
    bank.close()


def test_an_unknown_driver_makes_the_bank_silent(sdl_audio):
    sdl_audio("no_such_driver")
    bank = SoundBank(SOUNDS)
    assert not bank.available
    assert bank.problem is not None and bank.problem.startswith("no sound device")
    assert not bank.play("pot_won") and bank.played == []


DISK_SCRIPT = textwrap.dedent("""
    import json, os, sys, time, wave
    import pygame.mixer
    from holdem_desktop.audio import SoundBank

    bank = SoundBank(sys.argv[1])
    result = {"available": bank.available, "problem": bank.problem}
    if bank.available:
        result["format"] = pygame.mixer.get_init()
        result["played"] = bank.play("pot_won")
        with wave.open(os.path.join(sys.argv[1], "pot_won.wav"), "rb") as w:
            frames = w.getnframes() * 44_100 // w.getframerate()
        capture = os.environ["SDL_DISKAUDIOFILE"]
        need = frames * 4 + 16_384  # the whole cue, stereo 16-bit, and a buffer after it
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (
                os.path.exists(capture) and os.path.getsize(capture) >= need):
            time.sleep(0.02)  # (polls the file: the cue has reached it when it is this long)
        bank.close()
    print(json.dumps(result))
""")


def test_the_disk_driver_captures_the_pot_won_cue(tmp_path):
    capture = sdl_path(tmp_path) / "capture.raw"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(capture),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", DISK_SCRIPT, str(SOUNDS)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if not result["available"]:
        if "not available" in (result["problem"] or ""):
            pytest.skip(f"this SDL has no disk audio driver: {result['problem']}")
        pytest.fail(f"the disk driver did not open: {result['problem']}")
    assert result["played"] and result["format"] == [44_100, -16, 2]
    captured = np.fromfile(capture, dtype="<i2").astype(np.float64).reshape(-1, 2)
    with wave.open(str(SOUNDS / "pot_won.wav"), "rb") as w:
        source = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64)
    # Non-silent: the cue's energy reached both channels, at the bank's volume
    # (0.8, which SDL_mixer applies as 102/128).
    loud = captured[np.max(np.abs(captured), axis=1) > 50]
    assert len(loud) > 0.5 * len(source)
    rms = np.sqrt(np.mean(loud**2, axis=0))
    assert np.all(rms > 1000), rms
    expected = (102 / 128) ** 2 * np.sum(source**2)
    for channel in (0, 1):
        assert 0.7 < np.sum(captured[:, channel] ** 2) / expected < 1.3


# ----------------------------------------------------------------------
# The silent fallbacks, volume and mute


def test_a_mixer_that_cannot_open_makes_a_silent_bank():
    mixer = FakeMixer(init_raises=pygame.error("No available audio device"))
    bank = SoundBank(SOUNDS, mixer=mixer)
    assert not bank.available
    assert bank.problem == "no sound device (error: No available audio device)"
    assert not bank.play("pot_won")
    assert bank.played == [] and mixer.loaded == [] and mixer.heard == []
    assert bank.requested == ["pot_won"]
    assert bank.take_problem() == bank.problem
    assert bank.take_problem() is None  # said once
    assert bank.problem is not None
    bank.mute(True)
    bank.set_volume(0.3)
    bank.close()  # all harmless


def test_a_missing_file_or_unknown_cue_is_silent_recorded_and_not_retried(tmp_path):
    shutil.copy(SOUNDS / "card_dealt.wav", tmp_path / "card_dealt.wav")
    mixer = FakeMixer()
    bank = SoundBank(tmp_path, mixer=mixer)
    assert bank.available
    assert not bank.play("pot_won")
    assert bank.failed["pot_won"].startswith("missing file")
    assert not bank.play("../../etc/passwd") and bank.failed["../../etc/passwd"] == "unknown cue"
    assert bank.play("card_dealt") and bank.play("card_dealt") and not bank.play("pot_won")
    assert bank.played == ["card_dealt", "card_dealt"]
    assert mixer.loaded == ["card_dealt.wav"]  # loaded lazily, once
    assert set(bank.preload()) == set(CUES) - {"card_dealt"} | {"../../etc/passwd"}


def test_volume_is_clamped_and_mute_stops_and_silences():
    mixer = FakeMixer()
    bank = SoundBank(SOUNDS, volume=0.5, mixer=mixer)
    bank.play("check")
    bank.set_volume(1.7)
    bank.play("check")
    bank.set_volume(-2)
    assert bank.volume == 0.0 and not bank.play("check")  # nothing to hear at 0
    bank.set_volume(float("nan"))
    assert bank.volume == 0.0
    bank.set_volume(0.25)
    bank.mute()
    assert mixer.stops == 1 and not bank.play("check")
    bank.mute(False)
    bank.play("fold")
    assert mixer.heard == [("check", 0.5), ("check", 1.0), ("fold", 0.25)]
    assert bank.requested == ["check"] * 4 + ["fold"]
    assert SoundBank(SOUNDS, volume=3, muted=True, mixer=FakeMixer()).volume == 1.0


def test_a_failing_play_never_raises():
    mixer = FakeMixer()
    bank = SoundBank(SOUNDS, mixer=mixer)
    mixer.play_raises = True
    assert not bank.play("pot_won")
    assert bank.failed["pot_won"].startswith("cannot play")
    mixer.play_raises = False
    assert bank.play("pot_won")


# ----------------------------------------------------------------------
# The listener


def cards(text: str):
    return parse_cards(text)


def act(seat, kind, amount=0, added=0, all_in=False, street=Street.PREFLOP):
    return ActionTaken(seat, kind, amount, added, all_in, street)


def scripted_game():
    """Two hands and the end of a game, as the session would emit them;
    the seats are 0 (you), 1 and 2.  ``None`` marks where the interface
    says it is your turn."""
    board = cards("2c7d9hJsQd")
    return [
        GameStarted(1, (0, 1, 2), ("You", "Ann", "Bob"), (1500, 1500, 1500), 2),
        HandStarting(1, 2, 0, (10, 20), 0, 9),
        HandStarted((0, 1, 2), (1500, 1500, 1500), 2, (10, 20, 0), (0, 0, 0)),
        BlindPosted(0, 10, 0, False),
        BlindPosted(1, 20, 1, False),
        HoleCardsDealt(0, cards("AhKd")),
        HoleCardsDealt(1, cards("5c5d")),
        HoleCardsDealt(2, cards("8s9s")),
        act(2, ActionKind.CALL, 20, 20),
        TurnStarted(0, 0),  # seat 0's turn
        act(0, ActionKind.RAISE, 60, 50),
        act(1, ActionKind.FOLD),
        act(2, ActionKind.CALL, 40, 40),
        StreetDealt(Street.FLOP, board[:3], board[:3]),
        TurnStarted(0, 0),  # seat 0's turn
        act(0, ActionKind.CHECK, street=Street.FLOP),
        act(2, ActionKind.BET, 100, 100, street=Street.FLOP),
        TurnStarted(0, 0),  # seat 0's turn
        act(0, ActionKind.ALL_IN, 1440, 1440, True, Street.FLOP),
        act(2, ActionKind.CALL, 1340, 1340, True, Street.FLOP),  # a call for all he has
        BetReturned(0, 100),
        RunoutStarted((0, 2), (0, 2)),
        CardsShown(0, cards("AhKd"), None),
        CardsShown(2, cards("8s9s"), None),
        StreetDealt(Street.TURN, board[3:4], board[:4]),
        StreetDealt(Street.RIVER, board[4:], board),
        PotAwarded(0, 2820, (0, 2), (0,), (2820,), None, ()),
        PotAwarded(1, 100, (0,), (0,), (100,), None, ()),  # a second pot: no second cascade
        HandEnded((0, 1, 2), (2920, 1480, 0), True),
        PlayerOut(2, 3, False),
        BlindsUp(1, (20, 40), 0),
        HandStarting(2, 0, 1, (20, 40), 0, 9),
        HandStarted((1, 0), (1480, 2920), 0, (20, 40), (0, 0)),
        BlindPosted(1, 20, 0, False),
        BlindPosted(0, 40, 1, False),
        HoleCardsDealt(1, cards("3c4c")),
        HoleCardsDealt(0, cards("TcTd")),
        act(1, ActionKind.FOLD),
        PotAwarded(0, 40, (0, 1), (0,), (40,), None, ()),
        HandEnded((1, 0), (1460, 2940), False),
        GameOver("hands", ((0, 1), (1, 2), (2, 3))),
        "anything else",
    ]


def play_script(seat):
    bank = SoundBank(SOUNDS, mixer=FakeMixer())
    listener = SoundListener(bank, seat)
    for event in scripted_game():
        listener(event)
    listener.refused()
    return bank.played


def test_the_listener_gives_the_expected_cues_for_you():
    assert play_script(0) == [
        "card_dealt",  # once for the whole deal
        "chips_bet", "your_turn", "chips_bet", "fold", "chips_bet",
        "board_card", "your_turn", "check", "chips_bet", "your_turn", "all_in", "all_in",
        "board_card", "board_card",
        "pot_won",  # once, though you won two pots
        "blinds_up",
        "card_dealt", "fold", "pot_won",
        "game_won",
        "error",
    ]


def test_other_seats_and_spectators_hear_the_table_but_not_your_wins():
    common = ["card_dealt", "chips_bet", "chips_bet", "fold", "chips_bet",
              "board_card", "check", "chips_bet", "all_in",
              "all_in", "board_card", "board_card", "blinds_up", "card_dealt", "fold"]
    assert play_script(1) == [*common, "game_over", "error"]  # the consolation, not the win
    assert play_script(None) == [*common, "error"]  # a spectator: neither


class Cautious:
    """Checks (sometimes bets the minimum), calls or folds at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view):
        legal = {a.kind: a for a in view.legal_actions}
        if ActionKind.CHECK in legal:
            if ActionKind.BET in legal and self.rng.random() < 0.2:
                return Action.bet(legal[ActionKind.BET].min_amount)
            return Action.check()
        if ActionKind.CALL in legal and self.rng.random() < 0.6:
            return Action.call()
        return Action.fold()


def test_a_whole_game_gives_each_seat_consistent_cues():
    players = [(f"Player {i + 1}", Cautious(random.Random(50 + i))) for i in range(4)]
    session = Session(shipped_variant("tournament"), players, rng=random.Random(5),
                      clock=lambda: 0.0)
    events: list[object] = []
    session.subscribe(events.append)
    banks = [SoundBank(SOUNDS, mixer=FakeMixer()) for _ in range(4)]
    for seat, bank in enumerate(banks):
        session.subscribe(SoundListener(bank, seat))
    session.start()
    while not session.game_over:
        session.next_hand()

    hands = [e for e in events if isinstance(e, HandStarted)]
    actions = [e for e in events if isinstance(e, ActionTaken)]
    pots = [e for e in events if isinstance(e, PotAwarded)]
    assert len(pots) > len(hands) > 20  # side pots happened
    assert any(e.all_in for e in actions)
    expected_table = Counter(
        card_dealt=len(hands),
        board_card=sum(isinstance(e, StreetDealt) for e in events),
        blinds_up=sum(isinstance(e, BlindsUp) for e in events),
        fold=sum(e.kind is ActionKind.FOLD for e in actions),
        check=sum(e.kind is ActionKind.CHECK for e in actions),
        all_in=sum(e.all_in or e.kind is ActionKind.ALL_IN for e in actions),
    )
    expected_table["chips_bet"] = len(actions) - sum(
        expected_table[k] for k in ("fold", "check", "all_in"))
    assert expected_table["blinds_up"] > 0
    winner = session.result.winners if session.result else ()
    for seat, bank in enumerate(banks):
        heard = Counter(bank.played)
        hands_won = 0
        hand_won = False
        for e in events:
            if isinstance(e, HandStarted):
                hand_won = False
            elif isinstance(e, PotAwarded) and seat in e.winners and not hand_won:
                hand_won = True
                hands_won += 1
        expected = expected_table + Counter(pot_won=hands_won, game_won=int(seat in winner),
                                            game_over=int(seat not in winner))
        assert heard == expected, seat


def test_cues_of_one_moment_give_way_to_the_most_important():
    now = [10.0]
    mixer = FakeMixer()
    bank = SoundBank(SOUNDS, mixer=mixer, together=0.08, clock=lambda: now[0])
    for cue in ("fold", "chips_bet", "fold", "check", "board_card", "your_turn"):
        bank.play(cue)  # computer players acting in the same instant
    assert [name for name, _v in mixer.heard] == ["fold", "chips_bet", "board_card",
                                                  "your_turn"]
    now[0] += 0.5  # a moment later everything is heard again
    assert bank.play("fold")
    assert bank.requested[-1] == "fold" and len(bank.requested) == 7
